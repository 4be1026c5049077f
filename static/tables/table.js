// The table's browser client: one WebSocket, protocol in docs/protocol.md.
// It keeps no game rules: it draws the state the server sends (the engine's
// view for this seat) and offers only the server's own list of legal actions.
(function () {
  "use strict";
  const app = document.getElementById("table-app");
  if (!app) return;
  const T = window.MJTiles;
  const _ = window.gettext || ((s) => s);
  const fmt = window.interpolate || ((s, a) => s.replace(/%s/g, () => a.shift()));
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  const url = scheme + location.host + app.dataset.wsPath;
  const el = (id) => document.getElementById(id);
  const WINDS = ["东", "南", "西", "北"];
  const BENIGN = ["no_hand", "stale_version", "not_your_turn"];
  // Icons as inline SVG (no emoji font needed on the device).
  const ICON = {
    bot: '<svg class="icon" viewBox="0 0 16 16" aria-hidden="true"><rect x="2.5" y="5" width="11" height="8.5" rx="2.5" fill="currentColor"/><rect x="7.3" y="1.8" width="1.4" height="3.4" fill="currentColor"/><circle cx="8" cy="1.8" r="1.3" fill="currentColor"/><circle cx="5.8" cy="9" r="1.3" fill="#3b6ea8"/><circle cx="10.2" cy="9" r="1.3" fill="#3b6ea8"/></svg>',
    clock: '<svg class="icon" viewBox="0 0 16 16" aria-hidden="true"><circle cx="8" cy="8.5" r="6" fill="none" stroke="currentColor" stroke-width="1.8"/><path d="M8 5v4l2.5 1.5" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round"/></svg>',
    star: '<svg class="icon" viewBox="0 0 16 16" aria-hidden="true"><path d="M8 1.5l1.9 4.1 4.5.5-3.4 3 1 4.4L8 11.3 4 13.5l1-4.4-3.4-3 4.5-.5z" fill="#e0a91b"/></svg>',
  };

  const S = {
    ws: null, version: 0, seat: null, seats: [], table: null, hand: null, legal: [], lastResult: null,
    finalView: null, balances: null, settledHand: null, sheetClosed: null, chowOpen: false, pending: false,
  };
  let nextId = 1, retry = 500, pingTimer = null, lastPong = Date.now(), everConnected = false;

  // ---- small DOM helpers ------------------------------------------------
  function h(tag, cls, html) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (html !== undefined) node.innerHTML = html;
    return node;
  }
  function esc(s) {
    return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
  }
  function goldOf() {
    if (S.hand && S.hand.state) return S.hand.state.gold;
    return S.finalView ? S.finalView.gold : null;
  }
  function tileNode(code, extra) {
    const gold = goldOf();
    const isGold = gold && code === gold;
    const stand = gold && gold !== "5z" && code === "5z";
    const node = h("span", "tile" + (extra ? " " + extra : ""), T.svg(code, { gold: isGold, stand: stand }));
    node.dataset.tile = code;
    node.title = T.name(code) + (isGold ? " · " + _("金") : "") + (stand ? " · " + fmt(_("白板代 %s"), [T.name(gold)]) : "");
    return node;
  }
  function backs(count, cls) {
    const row = h("span", "backs " + (cls || ""));
    for (let i = 0; i < count; i++) row.appendChild(h("span", "tile back", T.back()));
    return row;
  }
  function tileRow(codes, cls) {
    const row = h("span", "tiles " + (cls || ""));
    for (const c of codes) row.appendChild(tileNode(c));
    return row;
  }
  function sortKey(code) { return "mpszf".indexOf(code[1]) * 10 + Number(code[0]); }
  function seatName(i) {
    const s = S.seats.find((x) => x.seat === i);
    if (!s) return fmt(_("座位 %s"), [i + 1]);
    return s.empty ? _("空座") : s.name;
  }
  function nSeats() { return (S.hand && S.hand.state && S.hand.state.seats.length) || S.seats.length || 4; }
  function position(i) {
    // Where seat i sits on screen, seen from our seat (spectators: from seat 0).
    const n = nSeats(), me = S.seat === null ? 0 : S.seat, rel = (i - me + n) % n;
    if (n === 2) return rel === 0 ? "bottom" : "top";
    return ["bottom", "right", "top", "left"][rel];
  }

  // ---- the socket ---------------------------------------------------------
  function send(msg) { if (S.ws && S.ws.readyState === 1) S.ws.send(JSON.stringify(msg)); }
  function act(action) {
    const id = "c" + Math.random().toString(36).slice(2, 8) + "-" + nextId++;
    S.pending = true;
    S.legal = [];
    S.chowOpen = false;
    renderActions(); renderMyHand();
    send({ type: "action", id: id, action: action, hand_version: S.hand ? S.hand.hand_version : undefined });
  }
  function setConn(state, text) {
    const node = el("conn-status");
    node.className = "conn " + state;
    node.textContent = text;
    app.dataset.conn = state;
  }
  function connect() {
    setConn("connecting", everConnected ? _("断线，正在重连…") : _("连接中…"));
    const ws = new WebSocket(url);
    S.ws = ws;
    ws.onopen = () => { everConnected = true; retry = 500; lastPong = Date.now(); setConn("ok", _("已连接")); };
    ws.onmessage = (e) => onMessage(JSON.parse(e.data));
    ws.onclose = (e) => {
      if (S.ws !== ws) return;
      S.ws = null;
      if (e.code === 4001 || e.code === 4004) { setConn("down", _("连接已关闭")); return; }
      setConn("connecting", _("断线，正在重连…"));
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    };
  }
  function heartbeat() {
    // A socket that silently died (phone asleep, Wi-Fi change) is noticed here and replaced.
    if (!S.ws || S.ws.readyState !== 1) return;
    if (Date.now() - lastPong > 45000) { S.ws.close(); return; }
    send({ type: "ping" });
  }
  window.addEventListener("online", () => { if (!S.ws) connect(); });
  document.addEventListener("visibilitychange", () => { if (!document.hidden) heartbeat(); });

  function onMessage(msg) {
    lastPong = Date.now();
    switch (msg.type) {
      case "state": takeState(msg); break;
      case "events": takeEvents(msg); break;
      case "error":
        S.pending = false;
        // a click that raced the table (the turn moved on, the hand ended) needs no message: the resync shows why
        if (!BENIGN.includes(msg.code)) toast("✗ " + (msg.reason || msg.code));
        send({ type: "resync" });
        break;
      case "pong": if (msg.version > S.version) send({ type: "resync", since: S.version }); break;
      case "closing": setConn("down", _("连接已关闭")); break;
      case "left": location.href = app.dataset.lobbyUrl; break;
    }
  }
  function takeState(msg) {
    S.version = msg.version; S.seat = msg.seat; S.seats = msg.seats || []; S.table = msg.table;
    S.hand = msg.hand; S.legal = (msg.hand && msg.hand.legal) || []; S.lastResult = msg.last_result;
    S.pending = false;
    if (msg.table && msg.table.status === "closed" && S.closed === undefined) S.closed = "";
    if (S.hand) S.finalView = null;
    else if (S.lastResult && S.lastResult.final) S.finalView = S.lastResult.final;
    render();
  }
  function takeEvents(msg) {
    if (msg.from > S.version + 1) { send({ type: "resync", since: S.version }); return; }
    let needState = false;
    for (const ev of msg.events) {
      if (ev.version <= S.version) continue;
      needState = applyEvent(ev) || needState;
    }
    S.version = Math.max(S.version, msg.to);
    // Engine events are deltas; the full view for our seat is one resync away.
    if (needState) send({ type: "resync" }); else render();
  }
  function applyEvent(ev) {
    switch (ev.type) {
      case "seats": S.seats = ev.seats; return false;
      case "prompt":
        if (S.hand) { S.hand.to_act = ev.to_act; S.hand.deadline = ev.deadline; S.hand.hand_version = ev.hand_version; }
        S.legal = ev.legal || [];
        return false;
      case "auto": { const s = S.seats.find((x) => x.seat === ev.seat); if (s) s.auto = ev.auto; return false; }
      case "hand_finished":
        S.finalView = ev.final || null; S.balances = null; S.sheetClosed = null;
        S.lastResult = { hand_id: ev.hand_id, seed: ev.seed, sheet: ev.sheet, settled: false };
        S.hand = null; S.legal = [];
        return true;
      case "settled":
        S.balances = ev.balances; S.settledHand = ev.hand_id;
        if (S.lastResult && S.lastResult.hand_id === ev.hand_id) S.lastResult.settled = true;
        return false;
      case "moved_out":
        // our balance left the bracket: go to the room that matches it (or back to the lobby)
        if (ev.seat === S.seat) location.href = ev.offer_room ? app.dataset.roomUrl.replace("0", ev.offer_room) : app.dataset.lobbyUrl;
        return false;
      case "escaped": toast(fmt(_("%s 逃跑"), [seatName(ev.seat)])); return false;
      case "ready": return false;
      case "hand_voided":
        S.hand = null; S.legal = [];
        toast(_("本局作废，不结算") + (ev.reason ? "：" + ev.reason : ""));
        return true;
      case "table_closed":
        S.closed = ev.reason || "";
        return true;
      case "hand_started": S.finalView = null; S.balances = null; return true;
      default: return true;
    }
  }

  // ---- rendering ----------------------------------------------------------
  function render() {
    app.dataset.phase = S.hand ? S.hand.state.phase : (S.lastResult ? "finished" : "waiting");
    app.dataset.seat = S.seat === null ? "" : String(S.seat);
    app.dataset.myTurn = S.legal.length ? "1" : "0";
    renderCenter();
    for (const pos of ["top", "left", "right", "bottom"]) el("pos-" + pos).innerHTML = "";
    const view = S.hand ? S.hand.state : S.finalView;
    if (view) for (const sv of view.seats) el("pos-" + position(sv.seat)).appendChild(seatPanel(sv, view));
    else for (const s of S.seats) el("pos-" + position(s.seat)).appendChild(emptyPanel(s));
    renderMyHand(); renderActions(); renderHints(); renderSheet();
    renderAutoButton();
    tick();
  }
  function renderAutoButton() {
    // The 托管 button says what it will do: hand the seat to the bot, or take it back.
    const button = el("auto-toggle");
    const s = S.seats.find((x) => x.seat === S.seat);
    if (button) button.textContent = s && s.auto ? _("取消托管") : _("托管");
    const banner = el("auto-banner");
    if (!banner) return;
    banner.hidden = !(s && s.auto);
    if (!banner.hidden && !banner.firstChild) {
      banner.appendChild(h("span", "", ICON.bot + " " + _("托管中：机器人正在替你打牌")));
      const back = h("button", "small", _("取消托管"));
      back.type = "button";
      back.addEventListener("click", () => send({ type: "auto", on: false }));
      banner.appendChild(back);
    }
  }
  function variantView() {
    // the variant's own table state from the engine's view (guangdong: 风圈, 门风, 包, 漏胡)
    const view = S.hand ? S.hand.state : S.finalView;
    return (view && view.table) || {};
  }
  function windName(code) {
    return WINDS[parseInt(code, 10) - 1] || code;
  }
  function badges(i) {
    const s = S.seats.find((x) => x.seat === i) || {};
    const vt = variantView();
    const out = [];
    // the running (or just finished) hand's dealer; between hands without one, the table's next
    const src = S.hand || S.finalView || S.table || {};
    const dealer = src.dealer === undefined ? null : src.dealer;
    const streak = src.streak || 1;
    if (dealer !== null && dealer !== undefined) {
      const n = nSeats(), wind = vt.seat_winds ? windName(vt.seat_winds[i]) : WINDS[(i - dealer + n) % n];
      out.push(`<span class="badge wind" title="${_("门风")}">${wind}</span>`);
      if (i === dealer) out.push(`<span class="badge dealer">${_("庄")}${streak > 1 ? " · " + fmt(_("连庄 %s"), [streak - 1]) : ""}</span>`);
    }
    const liable = vt.liable ? vt.liable[i] : null;
    if (liable !== null && liable !== undefined) {
      out.push(`<span class="badge liable" title="${_("此家自摸由包牌者一人支付")}">${esc(fmt(_("%s 包"), [seatName(liable)]))}</span>`);
    }
    if (s.bot) out.push(`<span class="badge bot" data-bot="1">${ICON.bot} ${_("机器人")}</span>`);
    else if (s.auto) out.push(`<span class="badge auto" data-bot="1">${ICON.bot} ${_("托管")}</span>`);
    if (!s.empty && !s.bot && s.connected === false) out.push(`<span class="badge off">${_("离线")}</span>`);
    if (s.leaving) out.push(`<span class="badge off">${_("逃跑")}</span>`);
    return out.join("");
  }
  function emptyPanel(s) {
    const box = h("section", "seat-panel");
    box.innerHTML = `<header><span class="name">${esc(s.empty ? _("空座") : s.name)}</span>${badges(s.seat)}</header>`;
    return box;
  }
  function seatPanel(sv, view) {
    const i = sv.seat, me = i === S.seat;
    const toAct = S.hand && (S.hand.to_act || []).includes(i);
    const box = h("section", "seat-panel" + (me ? " me" : "") + (toAct ? " to-act" : ""));
    box.dataset.seat = i;
    const head = h("header");
    head.innerHTML = `<span class="name">${esc(seatName(i))}${me ? ` <em>(${_("你")})</em>` : ""}</span>${badges(i)}`;
    if (toAct) head.appendChild(h("span", "clock", ICON.clock + " <b class='secs'></b>"));
    box.appendChild(head);
    const line = h("div", "holdings");
    if (!me || !S.hand) {
      if (sv.hand) line.appendChild(tileRow(T.parse(sv.hand), "revealed"));
      else if (sv.hand_count) {
        line.appendChild(backs(sv.hand_count));
        line.appendChild(h("span", "count", fmt(_("%s 张"), [sv.hand_count])));
      }
    }
    for (const m of sv.melds) line.appendChild(meldNode(m));
    if (sv.flowers) {
      const f = tileRow(T.parse(sv.flowers), "flowers");
      f.title = _("花");
      line.appendChild(f);
    }
    box.appendChild(line);
    box.appendChild(riverNode(sv, view));
    return box;
  }
  function meldNode(m) {
    const box = h("span", "meld " + m.kind + (m.concealed ? " concealed" : ""));
    if (!m.tiles) { box.appendChild(backs(4)); box.title = _("暗杠"); return box; }
    const tiles = T.parse(m.tiles);
    tiles.forEach((t, k) => {
      // a concealed kong shows its two middle tiles face up to its owner only
      box.appendChild(m.concealed && m.kind === "kong" && (k === 0 || k === 3) ? h("span", "tile back", T.back()) : tileNode(t));
    });
    return box;
  }
  function riverNode(sv, view) {
    const box = h("div", "river");
    const tiles = T.parse(sv.discards);
    const lastSeat = S.hand ? S.hand.last_discard : null;
    tiles.forEach((t, k) => {
      const last = lastSeat === sv.seat && k === tiles.length - 1;
      // the newest discard drops in once; later redraws of the same river keep it still
      const key = `${S.hand && S.hand.hand_id}:${sv.seat}:${tiles.length}`;
      const fresh = last && S.animated !== key;
      if (fresh) S.animated = key;
      box.appendChild(tileNode(t, last ? "last" + (fresh ? " fresh" : "") : ""));
    });
    if (!tiles.length) box.appendChild(h("span", "empty", _("牌河")));
    return box;
  }
  function renderCenter() {
    const box = el("center");
    box.innerHTML = "";
    if (S.closed !== undefined) {
      box.appendChild(h("div", "status", esc(_("牌桌已关闭") + (S.closed ? "：" + S.closed : ""))));
      const back = h("a", "button", _("回到大厅"));
      back.href = app.dataset.lobbyUrl;
      box.appendChild(back);
      return;
    }
    if (!S.hand) {
      const waiting = S.seats.filter((s) => s.empty).length;
      box.appendChild(h("div", "status", S.lastResult ? _("本局结束") : waiting ? fmt(_("等待入座… 还差 %s 人（稍后机器人补位）"), [waiting]) : _("等待开局")));
      return;
    }
    const st = S.hand.state;
    const gold = st.gold;
    const info = h("div", "info");
    if (gold) {
      const g = h("div", "gold-box");
      g.appendChild(h("span", "label", _("金")));
      g.appendChild(tileNode(gold, "big"));
      if (gold !== "5z") {
        g.appendChild(h("span", "label small", _("白板代金") + " →"));
        g.appendChild(tileNode("5z"));
      }
      g.id = "gold";
      info.appendChild(g);
    }
    const dice = h("div", "dice-box");
    for (const d of st.dice || []) dice.appendChild(h("span", "die", dieSvg(d)));
    info.appendChild(dice);
    info.appendChild(h("div", "wall", `${_("剩余")} <b id="wall-remaining">${st.wall_remaining}</b> ${_("张")}`));
    info.appendChild(h("div", "hand-no", `${fmt(_("第 %s 局"), [S.hand.number])} · ${_("底")} ${S.hand.base}`));
    if (st.table && st.table.round_wind) {
      info.appendChild(h("div", "round-wind", `${_("风圈")} <b id="round-wind">${windName(st.table.round_wind)}</b>`));
    }
    box.appendChild(info);
    const turn = h("div", "turn");
    const acting = (S.hand.to_act || []);
    const mine = acting.includes(S.seat);
    const who = mine && st.claim && st.claim.tile ? _("请选择：吃碰杠胡或过") : mine ? _("轮到你") : acting.length ? fmt(_("等待 %s"), [acting.map(seatName).join("、")]) : "";
    turn.innerHTML = `<span id="turn-who">${esc(who)}</span> <span class="clock big">${ICON.clock} <b class="secs"></b></span>`;
    box.appendChild(turn);
    tick();
  }
  function dieSvg(n) {
    const P = { 1: [[15, 15]], 2: [[9, 9], [21, 21]], 3: [[8, 8], [15, 15], [22, 22]], 4: [[9, 9], [21, 9], [9, 21], [21, 21]],
      5: [[8, 8], [22, 8], [15, 15], [8, 22], [22, 22]], 6: [[9, 8], [21, 8], [9, 15], [21, 15], [9, 22], [21, 22]] };
    const dots = (P[n] || []).map(([x, y]) => `<circle cx="${x}" cy="${y}" r="${n === 1 ? 4.5 : 3}" fill="${n === 1 || n === 4 ? "#c0272d" : "#1b2a5c"}"/>`).join("");
    return `<svg viewBox="0 0 30 30"><rect x="1" y="1" width="28" height="28" rx="6" fill="#fff" stroke="#bbb"/>${dots}</svg>`;
  }
  function myView() {
    if (!S.hand || S.seat === null) return null;
    return S.hand.state.seats.find((x) => x.seat === S.seat) || null;
  }
  function discardable() {
    const set = new Set();
    for (const a of S.legal) if (a.type === "discard") set.add(a.tile);
    return set;
  }
  function renderMyHand() {
    const box = el("my-hand");
    box.innerHTML = "";
    const me = myView();
    if (!me || !me.hand) return;
    const tiles = T.parse(me.hand).sort((a, b) => sortKey(a) - sortKey(b));
    if (me.drawn) tiles.splice(tiles.indexOf(me.drawn), 1);
    const can = discardable();
    // stars mark the discards that leave the hand ready — pointless when it can win right now
    const canWin = S.legal.some((a) => a.type === "win");
    const dw = (!canWin && S.hand.hints && S.hand.hints.discard_waits) || {};
    const row = h("div", "hand-row");
    const add = (t, cls) => {
      const node = tileNode(t, cls + (can.has(t) ? " playable" : "") + (dw[t] ? " ready-after" : ""));
      if (can.has(t)) {
        node.setAttribute("role", "button");
        node.tabIndex = 0;
        node.addEventListener("click", () => act({ type: "discard", tile: t }));
        node.addEventListener("keydown", (e) => { if (e.key === "Enter") act({ type: "discard", tile: t }); });
        if (dw[t]) node.title += " · " + _("打出此牌后听") + " " + waitText(dw[t]);
      }
      row.appendChild(node);
    };
    tiles.forEach((t) => add(t, "in-hand"));
    // the drawn tile sits apart, at the end of the same row (it wraps with the hand on a phone)
    if (me.drawn) add(me.drawn, "in-hand drawn");
    box.appendChild(row);
    const passed = variantView().passed || [];
    if (passed.length) {
      const note = h("div", "passed-note");
      note.id = "passed-note";
      note.title = _("放弃胡的牌：摸牌或吃、碰、杠之前不能胡这张");
      note.appendChild(h("span", "label", _("漏胡") + ":"));
      note.appendChild(tileRow(passed, "passed"));
      box.appendChild(note);
    }
  }
  function waitText(w) {
    if (w.any) return _("任意牌（游金）");
    return w.tiles.map(T.name).join(" ");
  }
  function renderHints() {
    const box = el("hints");
    box.innerHTML = "";
    if (!S.hand || !S.hand.hints) return;
    const hints = S.hand.hints;
    if (hints.waits) {
      box.appendChild(h("span", "label", _("听牌") + ":"));
      if (hints.waits.any) box.appendChild(h("span", "any", _("任意牌（游金）")));
      else box.appendChild(tileRow(hints.waits.tiles, "waits"));
    }
    if (!hints.waits && Object.keys(hints.discard_waits || {}).length && S.legal.some((a) => a.type === "discard")) {
      box.appendChild(h("span", "label", _("打出带★的牌即可听牌")));
    }
  }
  const ACTION_ORDER = ["win", "qiangjin", "rob_concealed_kong", "declare", "kong", "pong", "chow", "name_gold", "pick", "exchange", "swap", "pass"];
  function actionLabel(a) {
    const me = myView();
    switch (a.type) {
      case "win": {
        const claim = S.hand && S.hand.state.claim;
        if (me && me.you >= 1 && !claim) return _("游金");
        return claim ? _("胡") : _("自摸");
      }
      case "pong": return _("碰");
      case "kong": return _("杠");
      case "chow": return _("吃");
      case "pass": return _("过");
      case "qiangjin": return _("抢金");
      case "rob_concealed_kong": return _("抢暗杠");
      case "name_gold": return _("喊金");
      case "exchange": return _("换牌");
      case "declare": return _("报听");
      case "pick": return _("搓牌");
      case "swap": return _("换三张");
      default: return a.type;
    }
  }
  function actionButton(a, extra) {
    const b = h("button", "act act-" + a.type + (extra ? " " + extra : ""));
    b.type = "button";
    b.dataset.actionType = a.type;
    b.dataset.action = JSON.stringify(a);
    b.appendChild(h("span", "act-label", actionLabel(a)));
    const tiles = actionTiles(a);
    // 抢金 takes the gold and gives up a tile: say which
    if (a.type === "qiangjin" && a.tile) b.appendChild(h("span", "sub", _("打出")));
    if (tiles.length) b.appendChild(tileRow(tiles, "mini"));
    if (a.type === "rob_concealed_kong") b.appendChild(h("span", "sub", fmt(_("猜 %s 的暗杠"), [seatName(a.seat)])));
    b.addEventListener("click", () => act(a));
    return b;
  }
  function claimedTile() {
    // the tile on the table: the claim window's, else the end of the last discarder's river
    const st = S.hand && S.hand.state;
    if (!st) return null;
    if (st.claim && st.claim.tile) return st.claim.tile;
    const seat = S.hand.last_discard;
    const river = seat === null || seat === undefined ? [] : T.parse(st.seats[seat].discards);
    return river.length ? river[river.length - 1] : null;
  }
  function actionTiles(a) {
    const claimed = claimedTile();
    if (a.type === "chow" && claimed) return [...a.tiles, claimed].sort((x, y) => sortKey(x) - sortKey(y));
    if (["kong", "name_gold", "declare", "pick", "qiangjin"].includes(a.type)) return a.tile ? [a.tile] : [];
    if (a.type === "pong" && claimed) return [claimed];
    if (a.type === "win" && S.hand && S.hand.state.claim && claimed) return [claimed];
    return [];
  }
  function renderActions() {
    const box = el("actions");
    box.innerHTML = "";
    // Actions that give a chosen set of tiles (erren's 换牌, 换三张) get a tile picker, not one button per set.
    const pickTypes = [...new Set(S.legal.filter((a) => a.type !== "chow" && Array.isArray(a.tiles)).map((a) => a.type))];
    for (const type of pickTypes) box.appendChild(tilePicker(type));
    const others = S.legal.filter((a) => a.type !== "discard" && !pickTypes.includes(a.type));
    others.sort((a, b) => ACTION_ORDER.indexOf(a.type) - ACTION_ORDER.indexOf(b.type));
    const chows = others.filter((a) => a.type === "chow");
    for (const a of others) {
      if (a.type === "chow") {
        if (chows.length > 1) {
          if (a !== chows[0]) continue;
          // several chows: one 吃 button that opens the choice
          const b = h("button", "act act-chow", `<span class="act-label">${_("吃")}</span>`);
          b.type = "button"; b.dataset.actionType = "chow-menu";
          b.addEventListener("click", () => { S.chowOpen = !S.chowOpen; renderActions(); });
          box.appendChild(b);
          continue;
        }
      }
      box.appendChild(actionButton(a));
    }
    if (S.chowOpen && chows.length > 1) {
      const menu = h("div", "chow-menu");
      menu.appendChild(h("span", "label", _("选择吃法")));
      for (const a of chows) menu.appendChild(actionButton(a, "choice"));
      box.appendChild(menu);
    }
    if (S.legal.some((a) => a.type === "discard") && !others.length) {
      box.appendChild(h("span", "prompt", _("点击一张牌打出")));
    }
    app.dataset.actions = S.legal.map((a) => a.type).join(" ");
  }
  let picked = { key: "", chosen: new Set() }; // survives redraws while the same decision is open
  function tilePicker(type) {
    const me = myView();
    const tiles = me && me.hand ? T.parse(me.hand).sort((a, b) => sortKey(a) - sortKey(b)) : [];
    const key = type + ":" + (S.hand ? S.hand.hand_version : "");
    if (picked.key !== key) picked = { key: key, chosen: new Set() };
    const chosen = picked.chosen;
    const box = h("div", "picker");
    box.appendChild(h("span", "label", _("选择要换的牌") + ":"));
    const go = h("button", "act act-" + type);
    go.type = "button"; go.dataset.actionType = type;
    const label = () => { go.textContent = `${actionLabel({ type: type })} (${chosen.size})`; };
    tiles.forEach((t, i) => {
      const node = tileNode(t, "pick" + (chosen.has(i) ? " chosen" : ""));
      node.setAttribute("role", "checkbox");
      node.addEventListener("click", () => {
        if (chosen.has(i)) chosen.delete(i); else chosen.add(i);
        node.classList.toggle("chosen", chosen.has(i)); label();
      });
      box.appendChild(node);
    });
    go.addEventListener("click", () => act({ type: type, tiles: [...chosen].map((i) => tiles[i]) }));
    label();
    box.appendChild(go);
    return box;
  }
  function tick() {
    const dl = S.hand && S.hand.deadline ? new Date(S.hand.deadline) : null;
    const secs = dl ? Math.max(0, Math.ceil((dl - Date.now()) / 1000)) : null;
    for (const node of document.querySelectorAll("#table-app .secs")) node.textContent = secs === null ? "–" : String(secs);
    const bar = el("timer-bar");
    if (bar) {
      const total = S.table ? (S.hand && S.hand.state.claim ? S.table.timers.claim : S.table.timers.turn) : 20;
      const mine = S.legal.length > 0 && secs !== null;
      bar.hidden = !mine;
      if (mine) bar.firstElementChild.style.width = Math.min(100, (100 * secs) / total) + "%";
      bar.classList.toggle("urgent", mine && secs <= 5);
    }
  }

  // ---- the settlement sheet ---------------------------------------------------
  function renderSheet() {
    const box = el("sheet");
    const res = S.hand ? null : S.lastResult;
    if (!res || !res.sheet || S.sheetClosed === res.hand_id) { box.hidden = true; box.innerHTML = ""; return; }
    box.hidden = false;
    box.innerHTML = "";
    box.appendChild(sheetCard(res));
  }
  function itemText(it) {
    const amount = it.amount > 0 ? "+" + it.amount : String(it.amount);
    const unit = it.unit === "番" ? _("番") : it.unit === "分" ? _("分") : it.unit || "";
    const who = it.counterparty === null || it.counterparty === undefined ? "" : (it.amount >= 0 ? " ← " : " → ") + esc(seatName(it.counterparty));
    const label = window.MJ_LANG === "en" && it.name_en ? it.name_en : it.name_zh;
    return `<li><span class="item-name">${esc(label)}</span> <span class="item-value">${it.value}${esc(unit)}</span>` +
      (it.amount ? ` <span class="item-amount ${it.amount > 0 ? "plus" : "minus"}">${amount}</span>${who}` : "") + "</li>";
  }
  function signed(n) { return n > 0 ? "+" + n : String(n); }
  function sheetCard(res) {
    const sheet = res.sheet;
    const card = h("div", "sheet-card");
    card.id = "sheet-card";
    const winner = sheet.winner;
    const title = winner === null || winner === undefined ? _("流局") : fmt(_("%s 胡牌"), [seatName(winner)]);
    const type = sheet.win_type ? ` · ${esc(sheet.win_type)}` : "";
    const fan = sheet.total_fan ? ` · ${sheet.total_fan} ${_("番")}` : "";
    card.appendChild(h("h2", "", `${_("结算")} — ${esc(title)}${type}${fan}`));
    if (sheet.reading) card.appendChild(readingNode(sheet.reading));
    const table = h("table", "sheet-table");
    const bal = S.balances && S.settledHand === res.hand_id ? S.balances : null;
    table.innerHTML = `<thead><tr><th>${_("玩家")}</th><th>${_("明细")}</th><th class="num">${_("应得/应付")}</th><th class="num">${_("实付")}</th>${bal ? `<th class="num">${_("余额")}</th>` : ""}</tr></thead>`;
    const body = h("tbody");
    for (const row of sheet.seats) {
      const tr = h("tr", (row.seat === S.seat ? "me " : "") + (row.seat === winner ? "winner" : ""));
      tr.dataset.seat = row.seat;
      tr.innerHTML = `<td class="who">${esc(seatName(row.seat))}${row.seat === S.seat ? ` <em>(${_("你")})</em>` : ""}${row.seat === winner ? " " + ICON.star : ""}</td>` +
        `<td><ul class="items">${row.items.map(itemText).join("") || "<li>—</li>"}</ul></td>` +
        `<td class="num">${signed(row.owed)}</td><td class="num total ${row.paid > 0 ? "plus" : row.paid < 0 ? "minus" : ""}" data-paid="${row.paid}">${signed(row.paid)}</td>` +
        (bal ? `<td class="num balance">${bal[String(row.seat)] ?? "—"}</td>` : "");
      body.appendChild(tr);
    }
    table.appendChild(body);
    card.appendChild(table);
    if (sheet.notes && sheet.notes.length) card.appendChild(h("p", "notes", sheet.notes.map(esc).join(" · ")));
    card.appendChild(h("p", "settled-state", res.settled || bal ? "✓ " + _("已结算入账") : _("结算中…")));
    card.dataset.settled = res.settled || bal ? "1" : "0";
    const buttons = h("div", "sheet-buttons");
    if (S.seat !== null) {
      const ready = h("button", "primary", _("准备下一局"));
      ready.type = "button"; ready.id = "ready-button";
      ready.addEventListener("click", () => { send({ type: "ready" }); ready.disabled = true; ready.textContent = _("已准备"); });
      buttons.appendChild(ready);
    }
    const leave = document.getElementById("leave-form");
    if (leave) {
      const out = h("button", "secondary", _("离开牌桌"));
      out.type = "button"; out.id = "sheet-leave";
      out.addEventListener("click", () => leave.requestSubmit());
      buttons.appendChild(out);
    }
    const look = h("button", "secondary", _("看牌桌"));
    look.type = "button";
    look.addEventListener("click", () => { S.sheetClosed = res.hand_id; renderSheet(); });
    buttons.appendChild(look);
    if (res.hand_id) buttons.appendChild(h("a", "button secondary", _("回放"))).href = app.dataset.replayUrl.replace("0", res.hand_id);
    buttons.appendChild(h("a", "button secondary", _("钱包"))).href = app.dataset.walletUrl;
    card.appendChild(buttons);
    return card;
  }
  function readingNode(reading) {
    const box = h("div", "reading");
    for (const g of [...(reading.sets || []), ...(reading.pair ? [reading.pair] : []), ...(reading.pairs || [])]) {
      box.appendChild(tileRow(T.parse(g.tiles), "group"));
    }
    return box;
  }

  // ---- misc ------------------------------------------------------------------
  function toast(text) {
    const node = h("div", "toast", esc(text));
    el("toasts").appendChild(node);
    setTimeout(() => node.remove(), 3500);
  }
  el("auto-toggle") && el("auto-toggle").addEventListener("click", () => {
    const s = S.seats.find((x) => x.seat === S.seat);
    send({ type: "auto", on: !(s && s.auto) });
  });
  // For the end-to-end tests and the curious: drop the socket as a network failure would.
  window.mjTable = { state: S, dropConnection: () => S.ws && S.ws.close(4000, "test drop") };

  T.ensureDefs();
  setInterval(tick, 500);
  // Heartbeat: the channel layer may drop a broadcast; the pong's version tells us if we fell behind.
  pingTimer = setInterval(heartbeat, 10000);
  void pingTimer;
  connect();
})();
