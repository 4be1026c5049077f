// Around the hand (RULINGS "Between hands, and leaving"): the bar under the table that says what happens
// next and lets the player act on it. Waiting for players: how long until bots sit, and 和机器人开始.
// After a hand: the ready time's countdown, 准备, and the sheet one click away (看牌桌). Stood up for not
// readying: why, at no cost, and where to go. The server decides everything; this only shows its clocks.
import { _, fmt } from "../ui/i18n.js";
import { h, t, fill } from "../ui/dom.js";

/** Whole seconds until the ISO time `iso` (null without one; never below 0). */
export function secondsTo(iso) {
  return iso ? Math.max(0, Math.ceil((new Date(iso) - Date.now()) / 1000)) : null;
}

const STOOD_UP = {
  not_ready: () => _("你没有在时限内准备，已离座（不扣游戏币）"),
  disconnected: () => _("你断线了，已离座（不扣游戏币）"),
};
// The same at a friends' room played for points (积分): no coins are at stake there at all.
const STOOD_UP_POINTS = {
  not_ready: () => _("你没有在时限内准备，已离座（不扣分）"),
  disconnected: () => _("你断线了，已离座（不扣分）"),
};

/** Whether the table is a friends' room played for points (积分), whose words speak of points, never coins. */
export function forPoints(S) {
  return Boolean(S.table && S.table.friends && S.table.friends.points);
}

/** The ready clock's words: "%s 秒内准备，否则离座" with what leaving then costs (nothing). */
export function readyClockText(S) {
  return forPoints(S) ? _("%s 秒内准备，否则离座（不扣分）") : _("%s 秒内准备，否则离座（不扣游戏币）");
}

export class Between {
  /** `ui`: {app, send(msg), sheet (the Sheet: reopen()), roomPath}. */
  constructor(S, ui) {
    this.S = S;
    this.ui = ui;
    this.key = null;
  }

  box() { return document.getElementById("between"); }

  /** What the bar is about now: "stood" (told why), "waiting" (empty seats), "ready" (after a hand), or null. */
  mode() {
    const S = this.S;
    if (S.stoodUp) return "stood";
    if (S.hand || S.closed !== undefined || S.seat === null || S.sessionOver) return null;
    if (S.lastResult && S.table && S.table.ready_by) return "ready";
    if (S.seats.some((s) => s.empty)) return "waiting";
    return null;
  }

  me() { return this.S.seatInfo(this.S.seat) || {}; }

  render() {
    const S = this.S, mode = this.mode(), box = this.box();
    if (!box) return;
    const empty = S.seats.filter((s) => s.empty).length;
    const key = JSON.stringify([mode, S.stoodUp, S.sessionOver, empty, Boolean(this.me().ready), S.table && S.table.ready_by,
      S.table && S.table.bots_at, this.ui.sheet.closed()]);
    if (key !== this.key) {
      this.key = key;
      // Stood up, or the friends' session is over (the seats are free): nothing to leave, nobody to hand to 托管.
      for (const id of ["leave-form", "auto-toggle"]) document.getElementById(id)?.toggleAttribute("hidden", Boolean(S.stoodUp || S.sessionOver));
      box.hidden = !mode;
      fill(box, ...(mode ? this[mode]() : []));
    }
    this.tick();
  }

  /** Why the player no longer sits here (also at the top of the sheet, which may still be open). */
  stoodUpNote() {
    const words = forPoints(this.S) ? STOOD_UP_POINTS : STOOD_UP;
    const note = t("p", "between-text stood-up", (words[this.S.stoodUp] || words.not_ready)());
    note.setAttribute("role", "alert");
    return note;
  }

  stood() {
    const again = t("a", "button primary", _("再来一局"));
    again.href = this.ui.app.dataset.roomUrl.replace("0", this.S.table.room.id);
    const lobby = t("a", "button secondary", _("返回大厅"));
    lobby.href = this.ui.app.dataset.lobbyUrl;
    return [this.stoodUpNote(), again, lobby];
  }

  waiting() {
    const S = this.S, nodes = []; // the centre of the felt says how many seats are still empty
    if (S.table && S.table.bots_at) nodes.push(this.clock("bots", _("机器人 %s 秒后补位")));
    if (this.mayStartWithBots()) nodes.push(this.startWithBots());
    return nodes;
  }

  ready() {
    const S = this.S, me = this.me(), nodes = [];
    nodes.push(this.clock("ready", me.ready ? _("已准备：等其他玩家（%s 秒）") : readyClockText(S)));
    if (!me.ready) nodes.push(this.readyButton("between-ready"));
    if (S.seats.some((s) => s.empty) && this.mayStartWithBots()) nodes.push(this.startWithBots());
    if (this.ui.sheet.closed()) {
      const sheet = t("button", "secondary", _("查看结算"));
      sheet.type = "button";
      sheet.id = "show-sheet";
      sheet.addEventListener("click", () => this.ui.sheet.reopen());
      nodes.push(sheet);
    }
    return nodes;
  }

  /** The 准备 button (the sheet has one too): it answers the hand that just ended, so a late click is stale. */
  readyButton(id) {
    const ready = t("button", "primary", _("准备"));
    ready.type = "button";
    ready.id = id;
    ready.addEventListener("click", () => this.sendReady(ready));
    return ready;
  }

  sendReady(button) {
    const after = this.S.lastResult ? this.S.lastResult.number : undefined;
    this.ui.send({ type: "ready", after_hand: after });
    button.disabled = true;
    button.textContent = _("已准备");
  }

  /** 和机器人开始 is anyone's at a table, but in a friends' room (好友房) only the host's, where bots are allowed. */
  mayStartWithBots() {
    const friends = this.S.table && this.S.table.friends;
    return !friends || friends.may_start_bots;
  }

  startWithBots() {
    const go = t("button", "secondary", _("和机器人开始"));
    go.type = "button";
    go.id = "start-bots";
    go.addEventListener("click", () => { this.ui.send({ type: "start_bots" }); go.disabled = true; });
    return go;
  }

  /** A countdown line: `template` with the seconds left to the table's `kind` time ("ready" or "bots"). */
  clock(kind, template) {
    const node = h("p", "between-clock");
    node.dataset.clock = kind;
    node.dataset.template = template;
    this.show(node);
    return node;
  }

  show(node) {
    const table = this.S.table || {};
    const secs = secondsTo(node.dataset.clock === "bots" ? table.bots_at : table.ready_by);
    node.textContent = fmt(node.dataset.template, [secs === null ? "–" : secs]);
    node.classList.toggle("urgent", secs !== null && secs <= 5);
  }

  /** The countdowns (every half second). */
  tick() {
    for (const node of document.querySelectorAll("[data-clock]")) this.show(node);
  }
}
