// encoding-wasm/iconv-lite's Node streams (package.json "imports" #iconv-lite-stream, for Node and
// Bun): their Transform, as iconv-lite's decodeStream()/encodeStream() return.
export { Transform } from 'node:stream';
