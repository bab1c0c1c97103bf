// encoding-wasm/iconv-lite in hosts without node:stream (browsers, workerd, Deno: package.json
// "imports" #iconv-lite-stream): decodeStream()/encodeStream() make web TransformStreams, unless
// enableStreamingAPI() is given a stream module.
export const Transform = undefined;
