// The page's words: Django's JavaScript catalogue (/jsi18n/, a classic script loaded before
// any module) provides gettext; without it the Chinese source strings are shown as they are.
export const _ = (s) => (window.gettext ? window.gettext(s) : s);
export const fmt = (s, args) => (window.interpolate ? window.interpolate(s, args) : s.replace(/%s/g, () => args.shift()));
/** "en" or "zh-hans": the page's language, from <html lang> (set by the server). */
export const LANG = (document.documentElement.lang || "zh-Hans").toLowerCase().startsWith("en") ? "en" : "zh-hans";

// Each refusal code's text in the page's language (tables.errors.REFUSALS, rendered into the table page
// as <script id="refusal-texts">); the server's own reason (already in this language) otherwise.
let refusals = null;
export function refusalText(code, reason) {
  if (refusals === null) {
    const node = typeof document !== "undefined" ? document.getElementById("refusal-texts") : null;
    refusals = node ? JSON.parse(node.textContent) : {};
  }
  return refusals[code] || reason || code;
}
