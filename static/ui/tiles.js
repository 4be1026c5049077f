// Mahjong tiles as inline SVG, drawn here from the mpsz code ("5m", "7z", "3f"):
// no image files, no fonts to download, crisp at any size (phones included).
// window.MJTiles.svg(code, {gold, stand}) returns an <svg> string; .back() the tile back.
(function () {
  "use strict";
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
  function ensureDefs() {
    if (document.getElementById("mj-tile-defs")) return;
    const holder = document.createElement("div");
    holder.innerHTML = `<svg id="mj-tile-defs" width="0" height="0" style="position:absolute" aria-hidden="true">${GRAD}</svg>`;
    document.body.appendChild(holder.firstChild);
  }

  function svg(code, opts) {
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
  function back() {
    return body(`<rect x="0.75" y="0.75" width="58.5" height="82.5" rx="7" fill="#e8dfc4"/>` +
      `<rect x="0.75" y="0.75" width="58.5" height="78" rx="7" fill="url(#mjback)" stroke="#0f4d2c" stroke-width="1.2"/>` +
      `<rect x="9" y="9" width="42" height="62" rx="5" fill="none" stroke="#8fd3a8" stroke-width="1.5" opacity=".6"/>`, "back");
  }
  function name(code) {
    if (typeof code !== "string" || code.length !== 2) return String(code);
    const n = Number(code[0]), s = code[1];
    if (s === "z") return HONORS[n - 1] + (n <= 4 ? "风" : n === 5 ? "板" : n === 6 ? "财" : "");
    if (s === "f") return FLOWERS[n - 1];
    return NUMERALS[n - 1] + SUIT_ZH[s];
  }
  function parse(mpsz) {
    // "123m55z" -> ["1m","2m","3m","5z","5z"]
    const out = [];
    let digits = "";
    for (const ch of mpsz || "") {
      if (ch >= "0" && ch <= "9") digits += ch;
      else { for (const d of digits) out.push(d + ch); digits = ""; }
    }
    return out;
  }
  window.MJTiles = { svg, back, name, parse, ensureDefs };
})();
