// Live prose without rebuilding it. A markdown cell with `${…}` numbers ("the input is **0.0912** away
// from orthonormal …") is re-rendered by the kit's `md` on every slider move: a new paragraph, KaTeX and
// all, replaces the old one, and the browser styles and lays out every node of it again — in chapter 07,
// 11 ms of style and 19 ms of layout a move. When the old and the new output are both plain markup, the
// runtime morphs the old one into the new instead (index.js): only the text and attributes that differ are
// touched, so a changed number is one text node for the browser to lay out again.
//
// Plain markup is what `md` makes from text, numbers and `tex` output: no listeners, no canvas, no input
// whose state is not in its attributes. `md` and `tex` (stdlib.js, tex.js) mark what they return when that
// holds; anything else — an interpolated canvas, an input, a Plot chart — is replaced as before.

const plain = new WeakSet();

/** Marks `node` as plain markup (see above) and returns it. */
export function markPlain(node) {
  if (node) plain.add(node);
  return node;
}

/** Whether `node` was marked by {@link markPlain}. */
export function isPlain(node) {
  return node != null && plain.has(node);
}

/** Whether a template value keeps `md`'s output plain: text, a number, `tex` output, or a list of these. */
export function isPlainValue(value) {
  if (value === null || typeof value !== "object") return typeof value !== "function";
  if (Array.isArray(value)) return value.every(isPlainValue);
  return isPlain(value);
}

/**
 * Makes the displayed node `from` equal to the fresh node `to`, touching only what differs: text data,
 * attributes, children (matched by position; a different kind of node is replaced). Returns the node now
 * displayed (`from`, or `to` if the two are not the same kind of node).
 */
export function morph(from, to) {
  if (from.nodeType !== to.nodeType || from.nodeName !== to.nodeName) {
    from.replaceWith(to);
    return to;
  }
  if (from.nodeType !== Node.ELEMENT_NODE) {
    if (from.nodeValue !== to.nodeValue) from.nodeValue = to.nodeValue;
    return from;
  }
  for (const a of Array.from(from.attributes)) {
    if (!to.hasAttributeNS(a.namespaceURI, a.localName)) from.removeAttributeNS(a.namespaceURI, a.localName);
  }
  for (const a of Array.from(to.attributes)) {
    if (from.getAttributeNS(a.namespaceURI, a.localName) !== a.value)
      from.setAttributeNS(a.namespaceURI, a.name, a.value);
  }
  let old = from.firstChild;
  for (let fresh = to.firstChild; fresh;) {
    const next = fresh.nextSibling; // read first: morph or append moves `fresh` out of `to`
    if (old) {
      const after = old.nextSibling;
      if (!old.isEqualNode(fresh)) morph(old, fresh); // a formula unchanged is compared natively, not walked
      old = after;
    } else from.appendChild(fresh);
    fresh = next;
  }
  while (old) {
    const after = old.nextSibling;
    old.remove();
    old = after;
  }
  return from;
}
