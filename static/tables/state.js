// The table's state in the browser: what the server's `state` and `events` frames say
// (docs/protocol.md). No game rules here: the engine's view for this seat and the server's
// list of legal actions are taken as they come. `take(frame)` updates the state and returns
// what the page should do about it (redraw, ask for a full state, animate, notify).

import { refusalText } from "../ui/i18n.js";

const BENIGN = ["no_hand", "stale_version", "not_your_turn"]; // a click that raced the table: the resync shows why
// What an event asks of the view besides itself (applyEvent's answer; `true` = fetch the full state).
const DELTA = "delta"; // an engine event: the view changed, the next prompt carries it
const PROMPTED = "prompted"; // a prompt: the whole view for this seat, fresh

export class TableState {
  constructor() {
    this.seat = null;
    this.seats = [];
    this.table = null;
    this.hand = null;
    this.legal = [];
    this.lastResult = null;
    this.finalView = null;
    this.balances = null;
    this.settledHand = null;
    this.closed = undefined; // the close reason once the table is closed
    this.stoodUp = null; // why this player was stood up between hands ("not_ready", "disconnected")
    this.escapeCost = null; // what leaving the running hand would cost this player (the server's figure)
    this.sessionOver = false; // a friends' room (好友房) whose last hand was played, or an arena table's one hand: closed
    this.pending = false; // an action was sent and not yet answered
  }

  /**
   * Apply one frame. Returns {render, resync, resyncLater, happened, effects}: `happened` are the frame's
   * events (for motion, sound and call-outs), `effects` what the page must do
   * ({toast: text} / {goto: "lobby"|"room", room} / {left: true}).
   */
  take(frame) {
    const out = { render: false, resync: false, resyncLater: false, happened: [], effects: [] };
    switch (frame.type) {
      case "state": this.takeState(frame); out.render = true; break;
      case "events": this.takeEvents(frame, out); break;
      case "error":
        this.pending = false;
        if (frame.code === "rate_limited") { // asking again at once is what the server refused: later, once
          out.resyncLater = true;
          break;
        }
        if (!BENIGN.includes(frame.code)) out.effects.push({ toast: "✗ " + refusalText(frame.code, frame.reason) });
        out.resync = true;
        out.render = true;
        break;
      case "ack": this.pending = false; break; // the action was applied; its events and prompt follow
      case "closing": out.effects.push({ closing: true }); break;
      case "left": out.effects.push({ goto: "lobby" }); break;
    }
    return out;
  }

  takeState(msg) {
    this.seat = msg.seat;
    this.seats = msg.seats || [];
    this.table = msg.table;
    this.hand = msg.hand;
    this.legal = (msg.hand && msg.hand.legal) || [];
    this.lastResult = msg.last_result;
    this.escapeCost = msg.escape_cost === undefined ? null : msg.escape_cost;
    this.pending = false;
    if (msg.table && msg.table.status === "closed" && this.closed === undefined) this.closed = "";
    if (msg.table && msg.table.friends && msg.table.friends.over) this.sessionOver = true; // its event came before
    if (this.hand) this.finalView = null;
    else if (this.lastResult && this.lastResult.final) this.finalView = this.lastResult.final;
  }

  takeEvents(msg, out) {
    let stale = false; // an engine event (a delta) not yet followed by a prompt's refreshed view
    for (const ev of msg.events) {
      out.happened.push(ev);
      const refresh = this.applyEvent(ev, out.effects);
      if (refresh === PROMPTED) stale = false;
      else if (refresh === DELTA) stale = true;
      else if (refresh) out.resync = true;
    }
    // A transaction's engine events end with the prompt that carries the whole view for this seat;
    // only a frame that ends on a delta (or a new hand, a void, a close) needs the full state.
    out.resync = out.resync || stale;
    out.render = !out.resync;
  }

  /** One event; true when the full state must be fetched to show it, DELTA / PROMPTED for the hand's view. */
  applyEvent(ev, effects) {
    switch (ev.type) {
      case "seats": this.seats = ev.seats; return false;
      case "prompt":
        if (!this.hand) return true; // a hand this page has not got: fetch it whole
        this.hand.to_act = ev.to_act;
        this.hand.deadline = ev.deadline;
        this.hand.hand_version = ev.hand_version;
        if (ev.hand) this.hand.state = ev.hand;
        if (ev.last_discard !== undefined) this.hand.last_discard = ev.last_discard;
        if (ev.hints !== undefined) this.hand.hints = ev.hints;
        this.legal = ev.legal || [];
        return ev.hand ? PROMPTED : DELTA;
      case "auto": {
        const s = this.seatInfo(ev.seat);
        if (s) s.auto = ev.auto;
        return false;
      }
      case "hand_finished":
        this.finalView = ev.final || null;
        this.balances = null;
        this.lastResult = { hand_id: ev.hand_id, number: ev.number, seed: ev.seed, sheet: ev.sheet, settled: false };
        this.escapeCost = null;
        this.hand = null;
        this.legal = [];
        return true;
      case "settled":
        this.balances = ev.balances;
        this.settledHand = ev.hand_id;
        if (this.lastResult && this.lastResult.hand_id === ev.hand_id) {
          this.lastResult.settled = true;
          if (ev.sheet) this.lastResult.sheet = ev.sheet; // with what the ledger moved (its posted transfers)
        }
        return false;
      case "moved_out":
        if (ev.seat !== this.seat) return false;
        if (ev.code === "not_ready" || ev.code === "disconnected") { // stood up between hands: say why, here
          this.stoodUp = ev.code;
          this.seat = null;
          return false;
        }
        // our balance left the bracket: go to the room that matches it (or back to the lobby)
        effects.push(ev.offer_room ? { goto: "room", room: ev.offer_room } : { goto: "lobby" });
        return false;
      case "timers":
        if (this.table) { this.table.ready_by = ev.ready_by; this.table.bots_at = ev.bots_at; }
        return false;
      case "escaped": effects.push({ escaped: ev.seat }); return false;
      case "ready": {
        const s = this.seatInfo(ev.seat);
        if (s) s.ready = true;
        return false;
      }
      case "hand_voided":
        this.hand = null;
        this.legal = [];
        effects.push({ voided: ev.reason || "" });
        return true;
      case "table_closed": this.closed = ev.reason || ""; return true;
      case "session_over": this.sessionOver = true; return false; // the seats event beside it frees the seats
      case "rematch": return false; // 再来一场 after a friends' session: friends.js redraws its panel
      case "arena_next": // an arena table's one hand is over and its seats are free (arena.js shows where it goes on)
        this.sessionOver = true; // as after a friends' session: no ready, no 托管, nothing to leave
        return false;
      case "hand_started": this.finalView = null; this.balances = null; return true;
      default: return DELTA; // an engine event: the prompt after it brings the view
    }
  }

  /** What the page holds now, as the server's `state` frame would say it (replays of a hand's drawing). */
  asState(version) {
    const hand = this.hand && { ...this.hand, legal: this.legal };
    return { type: "state", version, seat: this.seat, seats: this.seats, table: this.table, hand,
      last_result: this.lastResult, escape_cost: this.escapeCost };
  }

  // ---- questions the page asks -------------------------------------------------
  seatInfo(i) { return this.seats.find((x) => x.seat === i); }
  view() { return this.hand ? this.hand.state : this.finalView; }
  gold() { const v = this.view(); return v ? v.gold : null; }
  nSeats() { return (this.hand && this.hand.state && this.hand.state.seats.length) || this.seats.length || 4; }
  phase() { return this.hand ? this.hand.state.phase : this.lastResult ? "finished" : "waiting"; }
  myView() {
    if (!this.hand || this.seat === null) return null;
    return this.hand.state.seats.find((x) => x.seat === this.seat) || null;
  }
  /** The variant's own table state from the engine's view (guangdong: 风圈, 门风, 包, 漏胡). */
  variantView() { const v = this.view(); return (v && v.table) || {}; }
  toAct() { return (this.hand && this.hand.to_act) || []; }
  /** Where seat i sits on screen, seen from our seat (spectators: from seat 0). */
  position(i) {
    const n = this.nSeats(), me = this.seat === null ? 0 : this.seat, rel = (i - me + n) % n;
    if (n === 2) return rel === 0 ? "bottom" : "top";
    return ["bottom", "right", "top", "left"][rel];
  }
  discardable() {
    const set = new Set();
    for (const a of this.legal) if (a.type === "discard") set.add(a.tile);
    return set;
  }
  /** Forget the offered actions once one is sent (the server's answer brings the next ones). */
  sent() { this.pending = true; this.legal = []; }
}
