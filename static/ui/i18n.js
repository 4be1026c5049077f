// The page's words: Django's JavaScript catalogue (/jsi18n/, a classic script loaded before
// any module) provides gettext; without it the Chinese source strings are shown as they are.
export const _ = (s) => (window.gettext ? window.gettext(s) : s);
export const fmt = (s, args) => (window.interpolate ? window.interpolate(s, args) : s.replace(/%s/g, () => args.shift()));
/** "en" or "zh-hans": the page's language, from <html lang> (set by the server). */
export const LANG = (document.documentElement.lang || "zh-Hans").toLowerCase().startsWith("en") ? "en" : "zh-hans";
