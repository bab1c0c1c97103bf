// encoding-wasm/iconv-lite where there is no node:stream (package.json "imports"
// #host/iconv_lite_stream.js: browsers, whose plain pages' import map maps "#host/" to this folder,
// and Deno and workerd, whose node:stream would load their Node compatibility layer):
// decodeStream()/encodeStream() make web TransformStreams, unless enableStreamingAPI() is given a
// stream module. Node and Bun take node:stream itself, whose Transform iconv-lite's streams are.
export const Transform = undefined;
