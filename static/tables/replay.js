// Step through a finished hand: the seed is public now, so every seat's tiles are shown,
// each from that seat's own view after each logged action.
(function () {
  "use strict";
  const data = document.getElementById("replay-steps");
  if (!data) return;
  const T = window.MJTiles;
  const _ = window.gettext || ((s) => s);
  const steps = JSON.parse(data.textContent);
  const names = JSON.parse(document.getElementById("replay-names").textContent);
  const el = (id) => document.getElementById(id);
  const LABELS = { discard: _("打"), win: _("胡"), pass: _("过"), pong: _("碰"), chow: _("吃"), kong: _("杠"),
    qiangjin: _("抢金"), rob_concealed_kong: _("抢暗杠"), name_gold: _("喊金"), exchange: _("换牌"), declare: _("报听"),
    pick: _("搓牌"), swap: _("换三张") };
  let i = 0, timer = null;

  function tiles(codes, gold, cls) {
    const row = document.createElement("span");
    row.className = "tiles " + (cls || "");
    for (const c of codes) {
      const t = document.createElement("span");
      const isGold = gold && c === gold;
      t.className = "tile";
      t.title = T.name(c);
      t.innerHTML = T.svg(c, { gold: isGold, stand: gold && gold !== "5z" && c === "5z" });
      row.appendChild(t);
    }
    return row;
  }
  function seatBox(views, s, lastSeat) {
    const own = views[s].seats[s], pub = views[s];
    const box = document.createElement("section");
    box.className = "seat-panel" + ((pub.to_act || []).includes(s) ? " to-act" : "");
    const head = document.createElement("header");
    head.innerHTML = `<span class="name"></span>${s === pub.dealer ? `<span class="badge dealer">${_("庄")}</span>` : ""}`;
    head.firstChild.textContent = names[s] || `#${s + 1}`;
    box.appendChild(head);
    const line = document.createElement("div");
    line.className = "holdings";
    const hand = T.parse(own.hand || "");
    if (own.drawn) hand.splice(hand.indexOf(own.drawn), 1);
    line.appendChild(tiles(hand, pub.gold, "revealed"));
    if (own.drawn) line.appendChild(tiles([own.drawn], pub.gold, "revealed drawn"));
    for (const m of own.melds) line.appendChild(tiles(T.parse(m.tiles || ""), pub.gold, "meld"));
    if (own.flowers) line.appendChild(tiles(T.parse(own.flowers), pub.gold, "flowers"));
    box.appendChild(line);
    const river = tiles(T.parse(own.discards), pub.gold, "river");
    if (lastSeat === s && river.lastChild) river.lastChild.classList.add("last");
    box.appendChild(river);
    return box;
  }
  function describe(step) {
    const a = step.action;
    if (!a) return _("发牌");
    const bits = [names[a.seat] || `#${a.seat + 1}`, LABELS[a.type] || a.type];
    if (a.tile) bits.push(T.name(a.tile));
    if (a.tiles) bits.push(a.tiles.map(T.name).join(""));
    if (a.source === "bot") bits.push(`(${_("机器人")})`);
    return bits.join(" ");
  }
  function show() {
    const step = steps[i];
    el("step-label").textContent = `${i} / ${steps.length - 1}`;
    el("scrub").value = String(i);
    el("step-action").textContent = describe(step);
    const board = el("step-board");
    board.innerHTML = "";
    const pub = step.views[0];
    const info = document.createElement("div");
    info.className = "center";
    info.innerHTML = `<div class="info"><span>${_("金")}</span></div>`;
    if (pub.gold) info.firstChild.appendChild(tiles([pub.gold], pub.gold));
    info.firstChild.appendChild(Object.assign(document.createElement("span"), { textContent: `${_("剩余")} ${pub.wall_remaining} ${_("张")}` }));
    board.appendChild(info);
    const lastSeat = step.action && step.action.type === "discard" ? step.action.seat : null;
    for (let s = 0; s < step.views.length; s++) board.appendChild(seatBox(step.views, s, lastSeat));
  }
  function go(n) { i = Math.max(0, Math.min(steps.length - 1, n)); show(); }
  el("scrub").max = String(steps.length - 1);
  el("scrub").addEventListener("input", (e) => go(Number(e.target.value)));
  el("prev").addEventListener("click", () => go(i - 1));
  el("next").addEventListener("click", () => go(i + 1));
  el("first").addEventListener("click", () => go(0));
  el("play").addEventListener("click", () => {
    if (timer) { clearInterval(timer); timer = null; return; }
    timer = setInterval(() => { if (i >= steps.length - 1) { clearInterval(timer); timer = null; } else go(i + 1); }, 700);
  });
  T.ensureDefs();
  show();
})();
