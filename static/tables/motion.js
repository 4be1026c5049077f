// What moves and calls out on the table: the drawn tile slides in, a discard travels to its
// river, a meld forms with the claimed tile marked, a big call-out (吃/碰/杠/胡/自摸/游金/双游/
// 抢金...) by the seat that made it — bots included — with its sound; the sheet waits while the
// winning hand is shown. With reduced motion (the system's setting or the player's) tiles just
// appear and call-outs show without movement.
import { _ } from "../ui/i18n.js";
import { t } from "../ui/dom.js";
import { actionName } from "../ui/tiles.js";

const CLAIMS = ["chow", "pong", "kong"];
const CALLOUT_MS = 1600;
export const SHOW_WIN_MS = 2500; // how long the winning hand is shown before the sheet opens

/** The call-out for an event, or null: the win's kind (自摸, 游金, 双游, 抢金...) or the claim. */
export function calloutText(ev) {
  if (CLAIMS.includes(ev.type) || ev.type === "added_kong" || ev.type === "concealed_kong") return actionName(ev.type === "chow" || ev.type === "pong" ? ev.type : "kong");
  if (ev.type === "rob_concealed_kong") return actionName("rob_concealed_kong");
  if (ev.type !== "win") return null;
  const names = { dianpao: _("胡"), zimo: _("自摸"), youjin: _("游金"), shuangyou: _("双游"), qiangjin: _("抢金"),
    sanyou: _("三游"), siyou: _("四游"), sanjindao: _("三金倒"), sijindao: _("四金倒"), tianhu: _("天胡"), qianggang: _("抢杠胡") };
  return names[ev.win_type] || ev.win_type_zh || _("胡");
}

export class Motion {
  constructor(S, view, settings, sound) {
    this.S = S;
    this.view = view;
    this.settings = settings;
    this.sound = sound;
    this.pending = []; // animations waiting for the render that draws their tiles
    this.queue = Promise.resolve();
    this.discardFrom = null; // where the tile the player just discarded was on screen
    this.claims = this.loadClaims(); // "hand:seat:meld" -> the claimed tile, to mark it
    view.claimedTile = (seat, index) => this.claims[this.claimKey(seat, index)];
  }

  reduced() { return this.settings.reducedMotion(); }

  /** The player clicked a tile to discard it: remember where it was, so it can fly from there. */
  discarding(node) { this.discardFrom = node ? node.getBoundingClientRect() : null; }

  /** A frame's events, before the render that shows them. */
  note(events) {
    const melds = {}; // meld counts as they grow within this batch
    for (const ev of events) {
      const text = calloutText(ev);
      if (text) this.callout(ev.seat, text, ev.type === "win" ? "win" : "call");
      if (ev.type === "discard") { this.pending.push({ kind: "discard", seat: ev.seat, tile: ev.tile }); this.sound.play("discard"); }
      if (ev.type === "draw" && ev.seat === this.S.seat) this.sound.play("draw");
      if (CLAIMS.includes(ev.type) && ev.from_seat !== undefined) this.claimed(ev, melds);
    }
  }

  claimed(ev, melds) {
    const view = this.S.hand && this.S.hand.state;
    const sv = view && view.seats.find((x) => x.seat === ev.seat);
    if (!sv) return;
    melds[ev.seat] = melds[ev.seat] === undefined ? sv.melds.length : melds[ev.seat] + 1;
    this.claims[this.claimKey(ev.seat, melds[ev.seat])] = ev.tile;
    this.saveClaims();
    this.pending.push({ kind: "meld", seat: ev.seat, index: melds[ev.seat] });
  }

  claimKey(seat, index) { return `${this.S.hand ? this.S.hand.hand_id : "-"}:${seat}:${index}`; }
  loadClaims() {
    try { return JSON.parse(sessionStorage.getItem("mj.claims") || "{}"); } catch (e) { return {}; }
  }
  saveClaims() {
    try { sessionStorage.setItem("mj.claims", JSON.stringify(this.claims)); } catch (e) { /* only for this page then */ }
  }

  /** After a render: animate what the events announced, now that their tiles are drawn. */
  play() {
    const still = [];
    for (const p of this.pending) {
      const done = p.kind === "discard" ? this.flyDiscard(p) : this.formMeld(p);
      if (!done) still.push(p);
    }
    // an animation whose tiles never came (a resync skipped ahead) is dropped after a while
    this.pending = still.filter((p) => (p.tries = (p.tries || 0) + 1) < 4);
  }

  flyDiscard(p) {
    const panel = document.querySelector(`.seat-panel[data-seat="${p.seat}"]`);
    const tile = panel && panel.querySelector(".river .tile:last-child");
    if (!tile || tile.dataset.tile !== p.tile) return false;
    const from = p.seat === this.S.seat && this.discardFrom ? this.discardFrom : panel.querySelector(".holdings")?.getBoundingClientRect();
    this.discardFrom = null;
    if (this.reduced() || !from || !tile.animate) return true;
    const to = tile.getBoundingClientRect();
    const dx = from.left + from.width / 2 - (to.left + to.width / 2), dy = from.top + from.height / 2 - (to.top + to.height / 2);
    tile.animate([{ transform: `translate(${dx}px, ${dy}px) scale(1.6)`, opacity: 0.6 }, { transform: "none", opacity: 1 }],
      { duration: 320, easing: "cubic-bezier(.2,.7,.3,1)" });
    return true;
  }

  formMeld(p) {
    const meld = document.querySelector(`.meld[data-meld="${p.seat}:${p.index}"]`);
    if (!meld) return false;
    if (!this.reduced() && meld.animate) {
      meld.animate([{ transform: "scale(1.5)", opacity: 0 }, { transform: "none", opacity: 1 }], { duration: 380, easing: "ease-out" });
    }
    return true;
  }

  /** A big call-out by the seat (queued, so calls in one batch follow each other). */
  callout(seat, text, sound) {
    this.queue = this.queue.then(() => new Promise((resolve) => {
      this.sound.play(sound);
      const box = document.getElementById("callouts");
      const node = t("div", "callout " + (sound === "win" ? "win " : "") + "at-" + this.S.position(seat), text);
      node.dataset.seat = seat;
      node.setAttribute("role", "status");
      box.appendChild(node);
      setTimeout(() => node.remove(), CALLOUT_MS);
      setTimeout(resolve, this.reduced() ? 150 : 450);
    }));
  }
}
