// Code written for iconv-lite, as npm packages ship it (CommonJS, require('iconv-lite')): the page's
// esbuild build aliases 'iconv-lite' to 'encoding-wasm/iconv-lite' (iconv_lite.mjs).
const iconv = require('iconv-lite');

exports.readBody = (bytes, charset) => iconv.decode(bytes, charset);
exports.iconv = iconv;
