// encoding-wasm/url: the URL Standard's percent-encoding after encoding and the
// application/x-www-form-urlencoded serializer (implementation: js/hooks/url.js).
export { PERCENT_ENCODE_SETS, percentEncodeAfterEncoding, urlencodedSerialize } from './hooks/url.js';
