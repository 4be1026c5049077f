// Small DOM helpers shared by the table, the replay and the notification banner.

/** A new element; `html` (trusted markup only: our own SVG and escaped text) becomes its content. */
export function h(tag, cls, html) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (html !== undefined) node.innerHTML = html;
  return node;
}

/** An element whose content is plain text (never parsed as markup). */
export function t(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  node.textContent = text;
  return node;
}

const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** Replace `box`'s children with `nodes` in one DOM operation. */
export function fill(box, ...nodes) {
  box.replaceChildren(...nodes.filter(Boolean));
  return box;
}
