// Step through a finished hand: the seed is public now, so every seat's tiles are shown,
// each from that seat's own view after each logged action. Tiles and names come from the
// same module as the table's (../ui/tiles.js).
import { _ } from "../ui/i18n.js";
import { h, t, fill } from "../ui/dom.js";
import * as T from "../ui/tiles.js";

const steps = JSON.parse(document.getElementById("replay-steps").textContent);
const names = JSON.parse(document.getElementById("replay-names").textContent);
const el = (id) => document.getElementById(id);
let i = 0, timer = null;

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
  for (const m of own.melds) line.appendChild(T.tileRow(T.parse(m.tiles || ""), gold, "meld"));
  if (own.flowers) line.appendChild(T.tileRow(T.parse(own.flowers), gold, "flowers"));
  box.appendChild(line);
  const river = T.tileRow(T.parse(own.discards), gold, "river");
  if (lastSeat === s && river.lastChild) river.lastChild.classList.add("last");
  box.appendChild(river);
  return box;
}

function describe(step) {
  const a = step.action;
  if (!a) return _("发牌");
  const bits = [names[a.seat] || `#${a.seat + 1}`, T.actionName(a.type)];
  if (a.tile) bits.push(T.name(a.tile));
  if (a.tiles) bits.push(a.tiles.map(T.name).join(" "));
  if (a.source === "bot") bits.push(`(${_("机器人")})`);
  return bits.join(" ");
}

function show() {
  const step = steps[i], pub = step.views[0];
  el("step-label").textContent = `${i} / ${steps.length - 1}`;
  el("scrub").value = String(i);
  el("step-action").textContent = describe(step);
  const info = h("div", "info");
  info.appendChild(t("span", "", _("金")));
  if (pub.gold) info.appendChild(T.tileRow([pub.gold], pub.gold));
  info.appendChild(t("span", "", `${_("剩余")} ${pub.wall_remaining} ${_("张")}`));
  const centre = h("div", "center");
  centre.appendChild(info);
  const lastSeat = step.action && step.action.type === "discard" ? step.action.seat : null;
  const seats = step.views.map((_v, s) => seatBox(step.views, s, lastSeat));
  fill(el("step-board"), centre, ...seats);
  document.dispatchEvent(new CustomEvent("mj:replay-step", { detail: { index: i, step } }));
}

function go(n) { i = Math.max(0, Math.min(steps.length - 1, n)); show(); }
document.addEventListener("mj:replay-go", (e) => go(Number(e.detail.index)));  // the hand review jumps to a decision

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
