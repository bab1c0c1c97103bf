// encoding-wasm/iconv-lite where there is no node:stream (package.json "imports"
// #host/iconv_lite_stream.js: Deno and workerd, whose node:stream would load their Node compatibility
// layer, and browsers through ./browser/iconv_lite_stream.js): decodeStream()/encodeStream() make web
// TransformStreams, unless enableStreamingAPI() is given a stream module.
export const Transform = undefined;
