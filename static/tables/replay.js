// Step through a finished hand: the seed is public now, so every seat's tiles are shown,
// each from that seat's own view after each logged action. Tiles and names come from the
// same module as the table's (../ui/tiles.js). By default the steps skip the passes the table
// gave for a seat that could only pass (`answered`, tables/services/replay.py); "every step" shows
// them. The turn strip seeks by turn (each discard), the player's own turns marked.
import { _, fmt } from "../ui/i18n.js";
import { h, t, fill } from "../ui/dom.js";
import * as T from "../ui/tiles.js";

const steps = JSON.parse(document.getElementById("replay-steps").textContent);
const names = JSON.parse(document.getElementById("replay-names").textContent);
const game = JSON.parse(document.getElementById("replay-game").textContent);
const el = (id) => document.getElementById(id);
let i = 0, timer = null, every = false;

/** The steps shown: all of them, or all but the table's answered passes. */
function shown() { return steps.map((_s, n) => n).filter((n) => every || !(steps[n].action && steps[n].action.answered)); }

function row(label, node) {
  const line = h("div", "replay-row");
  line.appendChild(t("span", "row-label", label));
  line.appendChild(node);
  return line;
}

function seatBox(views, s, lastSeat) {
  const own = views[s].seats[s], pub = views[s], gold = pub.gold;
  const box = h("section", "seat-panel" + ((pub.to_act || []).includes(s) ? " to-act" : ""));
  box.setAttribute("aria-label", names[s] || `#${s + 1}`);
  const head = h("header");
  head.appendChild(t("span", "name", names[s] || `#${s + 1}`));
  if (s === pub.dealer) head.appendChild(t("span", "badge dealer", _("庄")));
  box.appendChild(head);
  const line = h("div", "holdings");
  const hand = T.parse(own.hand || "");
  if (own.drawn) hand.splice(hand.indexOf(own.drawn), 1);
  line.appendChild(T.tileRow(hand, gold, "revealed"));
  if (own.drawn) line.appendChild(T.tileRow([own.drawn], gold, "revealed drawn"));
  box.appendChild(row(_("手中的牌"), line));
  if (own.melds.length) {
    const melds = h("div", "holdings");
    for (const m of own.melds) melds.appendChild(T.tileRow(T.parse(m.tiles || ""), gold, "meld"));
    box.appendChild(row(_("副露"), melds));
  }
  if (game.flowers) box.appendChild(row(_("花牌"), T.tileRow(T.parse(own.flowers || ""), gold, "flowers")));
  const river = T.tileRow(T.parse(own.discards), gold, "river");
  if (lastSeat === s && river.lastChild) river.lastChild.classList.add("last");
  box.appendChild(row(_("牌河"), river));
  return box;
}

function describe(step) {
  const a = step.action;
  if (!a) return _("发牌");
  const bits = [names[a.seat] || `#${a.seat + 1}`, T.actionName(a.type)];
  if (a.tile) bits.push(T.name(a.tile));
  if (a.tiles) bits.push(a.tiles.map(T.name).join(" "));
  // who decided, where it was not the seat's own player: the table (an only choice), 托管, the clock
  if (a.answered) bits.push(`(${_("系统代为过")})`);
  else if (a.source === "bot" && !game.bots.includes(a.seat)) bits.push(`(${_("托管")})`);
  else if (a.source === "timer") bits.push(`(${_("超时")})`);
  return bits.join(" ");
}

function turnStrip() {
  const list = el("turns");
  steps.forEach((step, n) => {
    const a = step.action;
    if (!a || a.type !== "discard") return;
    const item = h("li"), go = t("button", "turn small" + (a.seat === game.seat ? " mine" : ""), String(step.turn));
    go.type = "button";
    go.dataset.step = String(n);
    go.title = fmt(_("第 %s 巡：%s"), [step.turn, names[a.seat] || `#${a.seat + 1}`]);
    go.addEventListener("click", () => goTo(n));
    item.appendChild(go);
    list.appendChild(item);
  });
}

function show() {
  const step = steps[i], pub = step.views[0], order = shown(), at = Math.max(0, order.indexOf(i));
  el("step-label").textContent = `${i} / ${steps.length - 1}`; // the log's step number, as the review names them
  el("scrub").max = String(order.length - 1);
  el("scrub").value = String(at);
  el("step-action").textContent = describe(step);
  for (const b of document.querySelectorAll("#turns button")) b.classList.toggle("current", Number(b.textContent) === step.turn);
  const info = h("div", "info");
  if (game.gold) {  // 金 only in the gold games
    info.appendChild(t("span", "", _("金")));
    if (pub.gold) info.appendChild(T.tileRow([pub.gold], pub.gold));
  }
  info.appendChild(t("span", "", `${_("剩余")} ${pub.wall_remaining} ${_("张")}`));
  const centre = h("div", "center");
  centre.appendChild(info);
  const lastSeat = step.action && step.action.type === "discard" ? step.action.seat : null;
  const seats = step.views.map((_v, s) => seatBox(step.views, s, lastSeat));
  fill(el("step-board"), centre, ...seats);
  document.dispatchEvent(new CustomEvent("mj:replay-step", { detail: { index: i, step } }));
}

/** Go to step `n` of the whole log (the review jumps to its decisions, the turn strip to its discards). */
function goTo(n) { i = Math.max(0, Math.min(steps.length - 1, n)); show(); }
/** Go to the `k`th shown step. */
function go(k) { const order = shown(); goTo(order[Math.max(0, Math.min(order.length - 1, k))]); }
const here = () => Math.max(0, shown().indexOf(i));
document.addEventListener("mj:replay-go", (e) => goTo(Number(e.detail.index)));

el("scrub").addEventListener("input", (e) => go(Number(e.target.value)));
el("prev").addEventListener("click", () => go(here() - 1));
el("next").addEventListener("click", () => go(here() + 1));
el("first").addEventListener("click", () => go(0));
el("every-step").addEventListener("change", (e) => {
  every = e.target.checked;
  if (!shown().includes(i)) go(shown().filter((n) => n < i).length);  // off an answered pass: the step before it
  else show();
});
el("play").addEventListener("click", () => {
  if (timer) { clearInterval(timer); timer = null; return; }
  const order = shown();
  timer = setInterval(() => { if (here() >= order.length - 1) { clearInterval(timer); timer = null; } else go(here() + 1); }, 700);
});
T.ensureDefs();
turnStrip();
show();
