// encoding-wasm/iconv-lite's Node streams (package.json "imports" #host/iconv_lite_stream.js under
// the "node" condition: Node and Bun): their Transform, as iconv-lite's decodeStream()/encodeStream()
// return.
export { Transform } from 'node:stream';
