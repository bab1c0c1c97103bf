// Declarations kept true: converting an HTML page or an XML document rewrites the label of its own
// charset declaration to the target encoding, so that the next reader decodes it as what it now is.
// Only the label's characters change. The declarations are those the HTML standard's prescan and
// the XML declaration name, in the first 1024 characters:
//   <?xml version="1.0" encoding="LABEL"?> (at the start, after a byte order mark),
//   <meta charset=LABEL>, <meta http-equiv=Content-Type content="text/html; charset=LABEL">.
// https://html.spec.whatwg.org/multipage/parsing.html#prescan-a-byte-stream-to-determine-its-encoding
// https://www.w3.org/TR/xml/#NT-EncodingDecl
const PRESCAN = 1024;
const XML = /^(\uFEFF?<\?xml\s[^>]*?\bencoding\s*=\s*["'])([A-Za-z0-9._:-]+)(["'])/;
const META = /<meta\s[^>]*?\bcharset\s*=\s*["']?([^"'\s;>/]+)/gi;
const COMMENT = /<!--[\s\S]*?-->/g;

// { text, declaration ('xml' | 'meta'), from (the old label) } with the first declaration's label
// replaced by `encoding`, or null when `text` (the start of a document) declares none.
export function rewriteDeclaration(text, encoding) {
  const head = text.slice(0, PRESCAN);
  const xml = XML.exec(head);
  if (xml) {
    const at = xml[1].length;
    return { text: text.slice(0, at) + encoding + text.slice(at + xml[2].length), declaration: 'xml', from: xml[2] };
  }
  // A <meta> inside a comment declares nothing: blank comments out (same length) before searching.
  const visible = head.replace(COMMENT, (c) => ' '.repeat(c.length));
  META.lastIndex = 0;
  const meta = META.exec(visible);
  if (!meta) return null;
  const at = meta.index + meta[0].length - meta[1].length;
  return { text: text.slice(0, at) + encoding + text.slice(at + meta[1].length), declaration: 'meta', from: meta[1] };
}
