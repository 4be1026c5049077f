// Mahjong tiles as inline SVG, drawn here from the mpsz code ("5m", "7z", "3f"):
// no image files, no fonts to download, crisp at any size (phones included).
// An ES module shared by the table, the replay and the home page: svg(code, {gold, stand})
// returns an <svg> string, back() the tile back, name(code) the tile's name in the page's
// language, tileNode/tileRow the DOM nodes with the gold and its 白板 stand-in marked.
import { _, fmt, LANG } from "./i18n.js";
import { h } from "./dom.js";

const NAVY = "#1b2a5c", RED = "#c0272d", GREEN = "#17753b", BLUE = "#1d4f91";
const NUMERALS = "一二三四五六七八九";
const HONORS = "东南西北白发中";
const FLOWERS = "春夏秋冬梅兰竹菊";
const SUIT_ZH = { m: "万", p: "筒", s: "条" };
const FONT = "'Noto Serif CJK SC','Source Han Serif SC','Songti SC','SimSun','WenQuanYi Micro Hei','Noto Sans CJK SC',serif";
const cache = new Map();

function text(x, y, size, fill, glyph, weight) {
  return `<text x="${x}" y="${y}" font-size="${size}" fill="${fill}" font-family="${FONT}" font-weight="${weight || 700}" text-anchor="middle" dominant-baseline="central">${glyph}</text>`;
}
function circle(x, y, r, color) {
  // a 筒 pip: a ring with a dot, like the printed tiles
  return `<circle cx="${x}" cy="${y}" r="${r}" fill="${color}"/>` +
    `<circle cx="${x}" cy="${y}" r="${r * 0.68}" fill="#fffdf6"/>` +
    `<circle cx="${x}" cy="${y}" r="${r * 0.42}" fill="${color}"/>` +
    `<circle cx="${x}" cy="${y}" r="${r * 0.16}" fill="#fffdf6"/>`;
}
function stick(x, y, color, h) {
  // a 条 pip: one bamboo stalk centred on (x, y)
  const len = h || 20, w = 6.5;
  return `<rect x="${x - w / 2}" y="${y - len / 2}" width="${w}" height="${len}" rx="3" fill="${color}"/>` +
    `<rect x="${x - 0.8}" y="${y - len / 2 + 2}" width="1.6" height="${len - 4}" fill="#fffdf6" opacity=".55"/>` +
    `<rect x="${x - w / 2 - 0.6}" y="${y - 1}" width="${w + 1.2}" height="2" fill="${color}"/>`;
}

const PIN = {
  1: () => circle(30, 40, 19, BLUE) + `<circle cx="30" cy="40" r="23" fill="none" stroke="${GREEN}" stroke-width="2"/>`,
  2: () => circle(30, 22, 11, GREEN) + circle(30, 58, 11, BLUE),
  3: () => circle(16, 17, 9.5, BLUE) + circle(30, 40, 9.5, RED) + circle(44, 63, 9.5, GREEN),
  4: () => [[18, 24, BLUE], [42, 24, GREEN], [18, 56, GREEN], [42, 56, BLUE]].map(([x, y, c]) => circle(x, y, 10.5, c)).join(""),
  5: () => [[17, 19, BLUE], [43, 19, GREEN], [17, 61, GREEN], [43, 61, BLUE]].map(([x, y, c]) => circle(x, y, 9.5, c)).join("") + circle(30, 40, 9.5, RED),
  6: () => [[19, 16, GREEN], [41, 16, GREEN], [19, 42, RED], [41, 42, RED], [19, 64, RED], [41, 64, RED]].map(([x, y, c]) => circle(x, y, 9, c)).join(""),
  7: () => [[14, 13, GREEN], [30, 22, GREEN], [46, 31, GREEN], [19, 50, RED], [41, 50, RED], [19, 68, RED], [41, 68, RED]].map(([x, y, c]) => circle(x, y, 7.8, c)).join(""),
  8: () => [14, 32, 50, 68].flatMap((y) => [circle(19, y, 8, BLUE), circle(41, y, 8, BLUE)]).join(""),
  9: () => [[18, BLUE], [40, RED], [62, GREEN]].flatMap(([y, c]) => [14, 30, 46].map((x) => circle(x, y, 7.6, c))).join(""),
};
const SOU = {
  1: () => stick(30, 40, GREEN, 46) + `<circle cx="30" cy="17" r="6" fill="${RED}"/><path d="M22 60 q8 10 16 0" fill="none" stroke="${RED}" stroke-width="3"/>`,
  2: () => stick(30, 22, GREEN, 26) + stick(30, 58, BLUE, 26),
  3: () => stick(30, 22, GREEN, 26) + stick(18, 58, BLUE, 26) + stick(42, 58, BLUE, 26),
  4: () => [[19, 22, GREEN], [41, 22, BLUE], [19, 58, BLUE], [41, 58, GREEN]].map(([x, y, c]) => stick(x, y, c, 26)).join(""),
  5: () => [[15, 22, GREEN], [45, 22, BLUE], [15, 58, BLUE], [45, 58, GREEN]].map(([x, y, c]) => stick(x, y, c, 26)).join("") + stick(30, 40, RED, 26),
  6: () => [15, 30, 45].flatMap((x) => [stick(x, 22, GREEN, 26), stick(x, 58, BLUE, 26)]).join(""),
  7: () => stick(30, 13, RED, 18) + [15, 30, 45].flatMap((x) => [stick(x, 40, GREEN, 20), stick(x, 66, BLUE, 20)]).join(""),
  8: () => [12, 24, 36, 48].flatMap((x) => [stick(x, 22, GREEN, 26), stick(x, 58, BLUE, 26)]).join(""),
  9: () => [[15, GREEN], [30, RED], [45, BLUE]].flatMap(([x, c]) => [14, 40, 66].map((y) => stick(x, y, c, 21))).join(""),
};
const HONOR_COLOR = [NAVY, NAVY, NAVY, NAVY, BLUE, GREEN, RED];

function face(code) {
  const n = Number(code[0]), s = code[1];
  if (s === "m") return text(30, 24, 30, NAVY, NUMERALS[n - 1]) + text(30, 58, 32, RED, "萬");
  if (s === "p") return PIN[n]();
  if (s === "s") return SOU[n]();
  if (s === "z" && n === 5) {
    return `<rect x="11" y="13" width="38" height="54" rx="4" fill="none" stroke="${BLUE}" stroke-width="3.5"/>` +
      `<rect x="17" y="19" width="26" height="42" rx="2" fill="none" stroke="${BLUE}" stroke-width="1.5"/>`;
  }
  if (s === "z") return text(30, 40, 44, HONOR_COLOR[n - 1], HONORS[n - 1]);
  if (s === "f") {
    const color = n <= 4 ? RED : GREEN;
    return text(30, 36, 38, color, FLOWERS[n - 1]) + text(30, 67, 15, NAVY, String(n <= 4 ? n : n - 4), 600);
  }
  return text(30, 40, 22, NAVY, "?");
}

function body(inner, cls) {
  return `<svg class="tile-svg ${cls || ""}" viewBox="0 0 60 84" xmlns="http://www.w3.org/2000/svg" aria-hidden="true">` +
    inner + `</svg>`;
}
const FACE_BG = `<rect x="0.75" y="0.75" width="58.5" height="82.5" rx="7" fill="#d9ceb0"/>` +
  `<rect x="0.75" y="0.75" width="58.5" height="78" rx="7" fill="url(#mjface)" stroke="#bfb392" stroke-width="1.2"/>`;
const GRAD = `<defs><linearGradient id="mjface" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fffef9"/><stop offset="1" stop-color="#f3ecd9"/></linearGradient>` +
  `<linearGradient id="mjgold" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff3c4"/><stop offset="1" stop-color="#f4cd5a"/></linearGradient>` +
  `<linearGradient id="mjback" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2f9e62"/><stop offset="1" stop-color="#16693d"/></linearGradient></defs>`;

// One hidden SVG holds the shared gradients (ids must exist once per page).
export function ensureDefs() {
  if (document.getElementById("mj-tile-defs")) return;
  const holder = document.createElement("div");
  holder.innerHTML = `<svg id="mj-tile-defs" width="0" height="0" aria-hidden="true">${GRAD}</svg>`;
  const defs = holder.firstChild;
  defs.style.position = "absolute"; // set through the DOM: a Content-Security-Policy may refuse style attributes
  document.body.appendChild(defs);
}

export function svg(code, opts) {
  const o = opts || {};
  const key = code + (o.gold ? "|g" : "") + (o.stand ? "|s" : "");
  if (cache.has(key)) return cache.get(key);
  let bg = FACE_BG;
  if (o.gold) bg = bg.replace("url(#mjface)", "url(#mjgold)").replace("#bfb392", "#c99a1b");
  let badge = "";
  if (o.gold) badge = `<circle cx="50" cy="10" r="8" fill="${RED}"/>` + text(50, 10.5, 10, "#fff", "金");
  if (o.stand) badge = `<rect x="38" y="2" width="20" height="14" rx="4" fill="#c99a1b"/>` + text(48, 9.5, 10, "#fff", "代");
  const out = body(bg + face(code) + badge, o.gold ? "gold" : "");
  cache.set(key, out);
  return out;
}
export function back() {
  return body(`<rect x="0.75" y="0.75" width="58.5" height="82.5" rx="7" fill="#e8dfc4"/>` +
    `<rect x="0.75" y="0.75" width="58.5" height="78" rx="7" fill="url(#mjback)" stroke="#0f4d2c" stroke-width="1.2"/>` +
    `<rect x="9" y="9" width="42" height="62" rx="5" fill="none" stroke="#8fd3a8" stroke-width="1.5" opacity=".6"/>`, "back");
}
export function parse(mpsz) {
  // "123m55z" -> ["1m","2m","3m","5z","5z"]
  const out = [];
  let digits = "";
  for (const ch of mpsz || "") {
    if (ch >= "0" && ch <= "9") digits += ch;
    else { for (const d of digits) out.push(d + ch); digits = ""; }
  }
  return out;
}

// ---- names in the page's language (titles, aria labels, the replay's step line) ----
const SUIT_EN = () => ({ m: _("万子"), p: _("筒子"), s: _("条子") });
const HONOR_NAMES = () => [_("东风"), _("南风"), _("西风"), _("北风"), _("白板"), _("发财"), _("红中")];
const FLOWER_NAMES = () => [_("春"), _("夏"), _("秋"), _("冬"), _("梅"), _("兰"), _("竹"), _("菊")];

/** The tile's name in the page's language: "五万" / "5 Characters", "东风" / "East wind". */
export function name(code) {
  if (typeof code !== "string" || code.length !== 2) return String(code);
  const n = Number(code[0]), s = code[1];
  if (s === "z") return HONOR_NAMES()[n - 1] || code;
  if (s === "f") return FLOWER_NAMES()[n - 1] || code;
  if (!SUIT_ZH[s]) return code;
  return LANG === "en" ? `${n} ${SUIT_EN()[s]}` : NUMERALS[n - 1] + SUIT_ZH[s];
}

/** Sort order of a hand: characters, dots, bamboo, honors, flowers; by number within a suit. */
export function sortKey(code) {
  return "mpszf".indexOf(code[1]) * 10 + Number(code[0]);
}
export function sorted(codes) {
  return [...codes].sort((a, b) => sortKey(a) - sortKey(b));
}

/** One face-up tile: the gold (金) and, when the gold is not 白板, 白板 as its stand-in (代) are marked. */
const nodes = new Map(); // one parsed node per face; tiles are clones (cloning is far cheaper than parsing SVG)
export function tileNode(code, gold, extra) {
  const isGold = Boolean(gold) && code === gold;
  const stand = Boolean(gold) && gold !== "5z" && code === "5z";
  const key = code + (isGold ? "|g" : "") + (stand ? "|s" : "");
  if (!nodes.has(key)) nodes.set(key, h("span", "tile", svg(code, { gold: isGold, stand: stand })));
  const node = nodes.get(key).cloneNode(true);
  if (extra) node.className = "tile " + extra;
  node.dataset.tile = code;
  node.title = name(code) + (isGold ? " · " + _("金") : "") + (stand ? " · " + fmt(_("白板代 %s"), [name(gold)]) : "");
  return node;
}
export function tileRow(codes, gold, cls) {
  const row = h("span", "tiles " + (cls || ""));
  for (const c of codes) row.appendChild(tileNode(c, gold));
  return row;
}
let backTemplate = null;
export function backNode() {
  backTemplate ||= h("span", "tile back", back());
  return backTemplate.cloneNode(true);
}
export function backs(count, cls) {
  const row = h("span", "backs " + (cls || ""));
  row.setAttribute("role", "img");
  row.setAttribute("aria-label", fmt(_("%s 张"), [count]));
  for (let i = 0; i < count; i++) row.appendChild(backNode());
  return row;
}

/** What each action is called on buttons and in the replay's step line. */
export function actionName(type) {
  const names = {
    discard: _("打"), win: _("胡"), pass: _("过"), pong: _("碰"), chow: _("吃"), kong: _("杠"),
    qiangjin: _("抢金"), rob_concealed_kong: _("抢暗杠"), name_gold: _("喊金"), exchange: _("换牌"),
    declare: _("报听"), pick: _("搓牌"), swap: _("换三张"), zimo: _("自摸"), youjin: _("游金"),
  };
  return names[type] || type;
}
