// Browsers' "#host/iconv_lite_stream.js" (a plain page's import map maps "#host/" to this folder):
// no node:stream.
export { Transform } from '../no_node_stream.js';
