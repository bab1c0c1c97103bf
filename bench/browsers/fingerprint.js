// A string's length and FNV-1a hash of its code units: how run.mjs compares what a page decoded
// with what Node decoded, without sending whole texts over HTTP.
export function fingerprint(s) {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return `${s.length}:${(h >>> 0).toString(16)}`;
}
