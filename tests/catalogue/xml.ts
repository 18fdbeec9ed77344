/**
 * A strict little XML well-formedness check for the generated SVG (node has no DOMParser): one root element,
 * balanced tags, double-quoted attributes without raw '<' or '&', only known entities. Returns the decoded text
 * nodes, so a test can compare what a picture says with what it was given.
 */
const ENTITY = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/;
const ATTRS = /\s+([A-Za-z_:][\w:.-]*)="([^"<]*)"/gy;
const DECODE: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
// XML 1.0 forbids these code points anywhere in a document.
const FORBIDDEN =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function decode(s: string): string {
  return s
    .replace(/&(\w+);/g, (_, e: string) => DECODE[e])
    .replace(/&#(x?)([0-9a-fA-F]+);/g, (_, x: string, n: string) => String.fromCodePoint(parseInt(n, x ? 16 : 10)));
}

/** Throws on the first well-formedness error; returns the decoded text nodes in document order. */
export function xmlTexts(xml: string): string[] {
  if (FORBIDDEN.test(xml)) throw new Error('forbidden character');
  const stack: string[] = [];
  const texts: string[] = [];
  let closedRoot = false;
  let i = 0;
  while (i < xml.length) {
    if (xml[i] !== '<') {
      const next = xml.indexOf('<', i);
      const raw = xml.slice(i, next < 0 ? xml.length : next);
      if (!stack.length) throw new Error(`text outside the root: ${raw}`);
      if (ENTITY.test(raw)) throw new Error(`raw & in text: ${raw}`);
      texts.push(decode(raw));
      i = next < 0 ? xml.length : next;
      continue;
    }
    if (closedRoot) throw new Error('content after the root element');
    const close = /^<\/([A-Za-z_][\w:.-]*)\s*>/.exec(xml.slice(i));
    if (close) {
      if (stack.pop() !== close[1]) throw new Error(`mismatched </${close[1]}>`);
      closedRoot = !stack.length;
      i += close[0].length;
      continue;
    }
    const open = /^<([A-Za-z_][\w:.-]*)/.exec(xml.slice(i));
    if (!open) throw new Error(`bad tag at ${i}`);
    i += open[0].length;
    const seen = new Set<string>();
    ATTRS.lastIndex = i;
    for (let m = ATTRS.exec(xml); m; m = ATTRS.exec(xml)) {
      if (seen.has(m[1])) throw new Error(`repeated attribute ${m[1]}`);
      if (ENTITY.test(m[2])) throw new Error(`raw & in attribute ${m[1]}`);
      seen.add(m[1]);
      i = ATTRS.lastIndex;
    }
    const end = /^\s*(\/?)>/.exec(xml.slice(i));
    if (!end) throw new Error(`malformed attributes in <${open[1]}> at ${i}`);
    i += end[0].length;
    if (end[1]) closedRoot = !stack.length;
    else stack.push(open[1]);
  }
  if (stack.length || !closedRoot) throw new Error('unclosed elements');
  return texts;
}
