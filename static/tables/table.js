// The table's browser client: one WebSocket, protocol in docs/protocol.md.
// It keeps no game rules: it shows the state the server sends and offers the
// server's own list of legal actions as buttons.
(function () {
  "use strict";
  const app = document.getElementById("table-app");
  if (!app) return;
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  const url = scheme + location.host + app.dataset.wsPath;
  const el = (id) => document.getElementById(id);
  const TILE_RE = /^([1-9][mpsz]|[1-8]f)$/;
  const HONORS = "东南西北白发中", FLOWERS = "春夏秋冬梅兰竹菊", SUITS = { m: "万", p: "筒", s: "条" };
  const NUMS = "一二三四五六七八九";

  let ws = null, version = 0, seat = null, hand = null, legal = [], deadline = null, nextId = 1, retry = 500;

  function tileName(t) {
    if (typeof t !== "string" || !TILE_RE.test(t)) return String(t);
    const n = Number(t[0]), s = t[1];
    if (s === "z") return HONORS[n - 1];
    if (s === "f") return FLOWERS[n - 1];
    return NUMS[n - 1] + SUITS[s];
  }
  function actionLabel(a) {
    const names = {
      discard: "打", draw: "摸", chi: "吃", chow: "吃", pong: "碰", pung: "碰", kong: "杠", win: "胡", hu: "胡", pass: "过",
      exchange: "换牌", declare: "报听", pick: "搓牌", swap: "换三张",
    };
    const parts = [names[a.type] || a.type];
    for (const [k, v] of Object.entries(a)) {
      if (k === "type") continue;
      parts.push(Array.isArray(v) ? v.map(tileName).join("") : tileName(v));
    }
    return parts.join(" ");
  }
  function log(text) {
    const li = document.createElement("li");
    li.textContent = text;
    el("log").prepend(li);
    while (el("log").children.length > 60) el("log").lastChild.remove();
  }
  function send(msg) { if (ws && ws.readyState === 1) ws.send(JSON.stringify(msg)); }
  function act(action) {
    const id = "a" + Date.now().toString(36) + "-" + nextId++;
    send({ type: "action", id: id, action: action, hand_version: hand ? hand.hand_version : undefined });
  }

  function renderSeats(seats) {
    const box = el("seats");
    box.innerHTML = "";
    for (const s of seats || []) {
      const d = document.createElement("div");
      d.className = "seat" + (s.seat === seat ? " me" : "") + (hand && (hand.to_act || []).includes(s.seat) ? " to-act" : "");
      d.textContent = `${s.seat + 1}. ${s.empty ? "（空）" : s.name}${s.auto ? " [托管]" : ""}${s.connected ? "" : " (离线)"}${s.leaving ? " (逃跑)" : ""}`;
      box.appendChild(d);
    }
  }
  function renderTiles(title, tiles) {
    const row = document.createElement("div");
    row.className = "tiles";
    row.appendChild(Object.assign(document.createElement("span"), { className: "label", textContent: title }));
    for (const t of tiles) {
      const span = document.createElement("span");
      span.className = "tile";
      span.textContent = tileName(t);
      span.title = t;
      row.appendChild(span);
    }
    return row;
  }
  // Tiles come as ["5m", ...] or compact mpsz strings ("123m45p"); null when `x` is neither.
  const COMPACT_RE = /^(?:[1-9]+[mpsz]|[1-8]+f)+$/;
  function asTiles(x) {
    if (Array.isArray(x) && x.length && x.every((t) => typeof t === "string" && TILE_RE.test(t))) return x;
    if (typeof x !== "string" || !COMPACT_RE.test(x)) return null;
    const out = [];
    let digits = "";
    for (const ch of x) {
      if (/[0-9]/.test(ch)) { digits += ch; continue; }
      for (const d of digits) out.push(d + ch);
      digits = "";
    }
    return out;
  }
  const SEAT_NAMES = ["东", "南", "西", "北"];
  // The engine's view (engine/view.py): gold, wall, phase, then each seat's melds, flowers and discards;
  // our own concealed hand (or everybody's once the hand is over) goes to #my-hand.
  function renderView(st, board, mine) {
    const info = document.createElement("div");
    info.className = "view-info";
    info.textContent = `阶段 ${st.phase} · 余牌 ${st.wall_remaining} (可摸 ${st.drawable})` +
      (st.dice ? ` · 骰子 ${st.dice.join("+")}` : "") + (st.claim && st.claim.tile ? ` · 待决 ${tileName(st.claim.tile)}` : "");
    board.appendChild(info);
    if (st.gold) board.appendChild(renderTiles("金 gold", [st.gold]));
    for (const s of st.seats) {
      const who = `${s.seat + 1}${SEAT_NAMES[(s.seat - st.dealer + 4) % 4] || ""}${s.seat === seat ? " (你)" : ""}`;
      const box = document.createElement("div");
      box.className = "seat-view" + (s.seat === st.turn ? " turn" : "");
      const own = asTiles(s.hand);
      if (own) (s.seat === seat ? mine : box).appendChild(renderTiles(`${who} 手牌`, own));
      else box.appendChild(Object.assign(document.createElement("div"), { textContent: `${who} 手牌 ${s.hand_count} 张` }));
      if (s.drawn) mine.appendChild(renderTiles("摸到 drawn", [s.drawn]));
      for (const m of s.melds || []) box.appendChild(m.tiles ? renderTiles(`${who} ${m.kind}`, asTiles(m.tiles) || []) : renderTiles(`${who} 暗杠`, ["?"]));
      const flowers = asTiles(s.flowers);
      if (flowers) box.appendChild(renderTiles(`${who} 花`, flowers));
      const river = asTiles(s.discards);
      if (river) box.appendChild(renderTiles(`${who} 弃牌`, river));
      board.appendChild(box);
    }
  }
  function renderHand() {
    const meta = el("hand-meta"), board = el("board"), mine = el("my-hand");
    board.innerHTML = ""; mine.innerHTML = "";
    if (!hand) { meta.textContent = "等待开局 waiting for the deal"; return; }
    meta.textContent = `第 ${hand.number} 局 · 庄 ${hand.dealer + 1} · 连庄 ${hand.streak} · 底 ${hand.base} · 承诺 ${hand.commitment.slice(0, 16)}…`;
    const st = hand.state || {};
    if (st.seats) { renderView(st, board, mine); } else {
      // Unknown view shape: show every tile list it holds, labelled by its key.
      (function walk(obj, path) {
        const tiles = asTiles(obj);
        if (tiles) { (/hand|concealed/.test(path) ? mine : board).appendChild(renderTiles(path, tiles)); return; }
        if (obj && typeof obj === "object") for (const [k, v] of Object.entries(obj)) walk(v, path ? path + "." + k : k);
      })(st, "");
    }
    renderControls();
  }
  function renderControls() {
    const box = el("controls");
    box.innerHTML = "";
    if (deadline) {
      const left = Math.max(0, Math.round((new Date(deadline) - Date.now()) / 1000));
      box.appendChild(Object.assign(document.createElement("span"), { className: "timer", textContent: `⏱ ${left}s ` }));
    }
    // Actions that give a chosen set of tiles (erren's exchange, swap) get a tile picker, not one button per set.
    const pickTypes = new Set(legal.filter((a) => a.type !== "chow" && Array.isArray(a.tiles)).map((a) => a.type));
    for (const type of pickTypes) box.appendChild(tilePicker(type));
    for (const a of legal) {
      if (pickTypes.has(a.type)) continue;
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = actionLabel(a);
      b.dataset.action = JSON.stringify(a);
      b.addEventListener("click", () => act(a));
      box.appendChild(b);
    }
    if (seat !== null) {
      const auto = document.createElement("button");
      auto.type = "button"; auto.className = "auto"; auto.textContent = isAuto() ? "取消托管 Take my seat back" : "托管 Let the bot play";
      auto.addEventListener("click", () => send({ type: "auto", on: !isAuto() }));
      box.appendChild(auto);
    }
  }
  function myTiles() {
    const mine = hand && hand.state && (hand.state.seats || []).find((s) => s.seat === seat);
    const out = [];
    for (const [, digits, suit] of ((mine && mine.hand) || "").matchAll(/(\d+)([mpszf])/g)) {
      for (const d of digits) out.push(d + suit);
    }
    return out;
  }
  let picked = { key: "", chosen: new Set() }; // survives the once-a-second redraw of the controls
  function tilePicker(type) {
    const row = document.createElement("div");
    row.className = "tiles picker";
    const key = type + ":" + (hand ? hand.hand_version : "");
    if (picked.key !== key) picked = { key: key, chosen: new Set() };
    const chosen = picked.chosen;
    const go = Object.assign(document.createElement("button"), { type: "button" });
    const label = () => { go.textContent = `${actionLabel({ type: type })} (${chosen.size})`; };
    myTiles().forEach((t, i) => {
      const b = Object.assign(document.createElement("button"), { type: "button", className: "tile", textContent: tileName(t) });
      b.classList.toggle("chosen", chosen.has(i));
      b.addEventListener("click", () => {
        if (chosen.has(i)) chosen.delete(i); else chosen.add(i);
        b.classList.toggle("chosen", chosen.has(i)); label();
      });
      row.appendChild(b);
    });
    go.addEventListener("click", () => act({ type: type, tiles: [...chosen].map((i) => myTiles()[i]) }));
    label(); row.appendChild(go);
    return row;
  }
  let seatsCache = [];
  function isAuto() { const s = seatsCache.find((x) => x.seat === seat); return !!(s && s.auto); }

  function applyEvent(ev) {
    switch (ev.type) {
      case "seats": seatsCache = ev.seats; renderSeats(ev.seats); break;
      case "hand_started":
        hand = Object.assign({}, ev, { state: ev.hand, hand_version: 0, to_act: [] });
        el("result").innerHTML = "";
        log(`开局 hand ${ev.number}, commitment ${ev.commitment.slice(0, 12)}…`);
        break;
      case "prompt":
        if (hand) { hand.to_act = ev.to_act; hand.hand_version = ev.hand_version; if (ev.hand) hand.state = ev.hand; }
        legal = ev.legal || []; deadline = ev.deadline;
        break;
      case "hand_finished":
        legal = []; deadline = null;
        el("result").innerHTML = "";
        el("result").appendChild(Object.assign(document.createElement("pre"), { textContent: "结算 Result\nseed " + ev.seed + "\n" + JSON.stringify(ev.sheet, null, 1) }));
        if (seat !== null) {
          const ready = Object.assign(document.createElement("button"), { type: "button", textContent: "准备 Ready" });
          ready.addEventListener("click", () => send({ type: "ready" }));
          el("result").appendChild(ready);
        }
        log("本局结束 hand over");
        // Keep showing the table as it ended: every hand is revealed now.
        if (hand && ev.final) { hand.state = ev.final; hand.to_act = []; } else { hand = null; }
        break;
      case "settled": log("已结算 settled: " + JSON.stringify(ev.balances)); break;
      case "moved_out": log("移出 moved out: " + ev.reason); if (ev.seat === seat) location.reload(); break;
      case "auto":
        log(`座位 ${ev.seat + 1} 托管 ${ev.auto ? "开" : "关"}`);
        seatsCache = seatsCache.map((x) => (x.seat === ev.seat ? Object.assign({}, x, { auto: ev.auto }) : x));
        break;
      case "escaped": log(`座位 ${ev.seat + 1} 逃跑 escaped`); break;
      default:
        log(JSON.stringify(ev));
        // Engine events may carry a refreshed view of the hand for us.
        if (hand && ev.hand && typeof ev.hand === "object") hand.state = ev.hand;
    }
  }

  function onMessage(msg) {
    switch (msg.type) {
      case "state":
        version = msg.version; seat = msg.seat; seatsCache = msg.seats;
        hand = msg.hand; legal = (msg.hand && msg.hand.legal) || []; deadline = msg.hand && msg.hand.deadline;
        renderSeats(msg.seats); renderHand();
        break;
      case "events":
        if (msg.from > version + 1) { send({ type: "resync", since: version }); return; }
        for (const ev of msg.events) if (ev.version > version) applyEvent(ev);
        version = Math.max(version, msg.to);
        // Every transaction ends with a prompt carrying this seat's refreshed view: no resync needed.
        renderSeats(seatsCache); renderHand();
        break;
      case "pong": if (msg.version > version) send({ type: "resync", since: version }); break;
      case "ack": break;
      case "error": log(`✗ ${msg.code}: ${msg.reason}`); break;
      case "closing": log("连接关闭 " + msg.reason); break;
      case "left": location.href = "/tables/"; break;
    }
  }

  function connect() {
    ws = new WebSocket(url);
    ws.onopen = () => { el("conn-status").textContent = "已连接 connected"; retry = 500; };
    ws.onmessage = (e) => onMessage(JSON.parse(e.data));
    ws.onclose = (e) => {
      el("conn-status").textContent = "断线，重连中 reconnecting…";
      if (e.code === 4001 || e.code === 4003 || e.code === 4004) return;
      setTimeout(connect, retry); retry = Math.min(retry * 2, 10000);
    };
  }
  setInterval(() => { if (deadline) renderControls(); }, 1000);
  // Heartbeat: the channel layer may drop a broadcast; the pong tells us if we fell behind.
  setInterval(() => send({ type: "ping" }), 10000);
  connect();
})();
