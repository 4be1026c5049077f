// The settlement sheet (结算): every player, every scoring item with its 番/分, the totals,
// the balances once the ledger has posted the hand, and what to do next.
import { _, fmt, LANG } from "../ui/i18n.js";
import { h, t, esc, fill } from "../ui/dom.js";
import * as T from "../ui/tiles.js";
import { ICON } from "./icons.js";
import { forPoints, readyClockText } from "./between.js";

function signed(n) { return n > 0 ? "+" + n : String(n); }

export class Sheet {
  /** `ui`: {send(msg), app, seatName(i)}. */
  constructor(S, ui) {
    this.S = S;
    this.ui = ui;
    this.closedFor = null; // the hand whose sheet the player put away (看牌桌)
    this.key = null;
    this.holdUntil = 0; // the winning hand is shown for a moment before the sheet covers it
  }

  /** Keep the sheet closed for `ms` (a hand just ended: let the players see how). */
  hold(ms) {
    this.holdUntil = Date.now() + ms;
    setTimeout(() => this.render(), ms + 20);
  }

  box() { return document.getElementById("sheet"); }

  /** Whether the player put the last hand's sheet away (看牌桌); `reopen` brings it back. */
  closed() { return Boolean(this.S.lastResult) && this.closedFor === this.S.lastResult.hand_id; }
  reopen() { this.closedFor = null; this.render(); this.ui.between.render(); }

  /** The finished hand's result while no hand runs (and the player has not put it away), else null. */
  result() {
    const S = this.S, res = S.hand ? null : S.lastResult;
    if (!res || !res.sheet || this.closedFor === res.hand_id) return null;
    return res;
  }

  render(opts) {
    if (opts && opts.full) this.key = null;
    const held = Date.now() < this.holdUntil;
    const res = held ? null : this.result(), box = this.box();
    // the settled event's balances, or (a page opened after it) those the stored sheet kept
    const bal = !res ? null : this.S.balances && this.S.settledHand === res.hand_id ? this.S.balances
      : (res.sheet && res.sheet.balances_after) || null;
    const key = JSON.stringify([res && res.hand_id, res && res.settled, bal, this.S.seats.map((s) => [s.name, s.ready]),
      this.S.table && this.S.table.ready_by, this.S.stoodUp, this.S.sessionOver]);
    if (key === this.key) return;
    this.key = key;
    if (!res) { box.hidden = true; fill(box); return; }
    const wasOpen = !box.hidden;
    box.hidden = false;
    fill(box, this.card(res, bal));
    if (!wasOpen) box.querySelector("#ready-button, button")?.focus();
  }

  itemText(it) {
    const name = (i) => this.ui.seatName(i);
    const amount = it.amount > 0 ? "+" + it.amount : String(it.amount);
    const unit = it.unit === "番" ? _("番") : it.unit === "分" ? _("分") : it.unit || "";
    const who = it.counterparty === null || it.counterparty === undefined ? "" : (it.amount >= 0 ? " ← " : " → ") + esc(name(it.counterparty));
    const label = LANG === "en" && it.name_en ? it.name_en : it.name_zh;
    return `<li><span class="item-name">${esc(label)}</span> <span class="item-value">${it.value}${esc(unit)}</span>` +
      (it.amount ? ` <span class="item-amount ${it.amount > 0 ? "plus" : "minus"}">${amount}</span>${who}` : "") + "</li>";
  }

  card(res, bal) {
    const S = this.S, sheet = res.sheet, winner = sheet.winner;
    // A friends' room played for points (积分): points are counted, no coins move, there are no balances.
    const points = sheet.stakes === "points" || forPoints(S);
    if (points) bal = null;
    // The sheet as worded at the hand's end and again at the posting (tables/sheet_text.py): the replay's lines,
    // and the hand's players by name even if one has stood up since.
    const words = sheet.explained ? sheet.explained[LANG] : null;
    const name = (i) => (words && words.names ? words.names[i] : null) || this.ui.seatName(i);
    const card = h("div", "sheet-card");
    card.id = "sheet-card";
    card.setAttribute("role", "dialog");
    card.setAttribute("aria-labelledby", "sheet-title");
    const title = winner === null || winner === undefined ? _("流局") : fmt(_("%s 胡牌"), [name(winner)]);
    const type = sheet.win_type ? ` · ${words && words.win_type ? words.win_type : _(sheet.win_type)}` : "";
    const fan = sheet.total_fan ? ` · ${sheet.total_fan} ${_("番")}` : "";
    const heading = t("h2", "", `${_("结算")} — ${title}${type}${fan}`);
    heading.id = "sheet-title";
    card.appendChild(heading);
    if (S.stoodUp) card.appendChild(this.ui.between.stoodUpNote()); // the ready time ran out: say so on top
    if (sheet.reading) card.appendChild(this.readingNode(sheet.reading));
    const table = h("table", "sheet-table");
    table.innerHTML = `<thead><tr><th>${_("玩家")}</th><th>${_("明细")}</th><th class="num">${_("应得/应付")}</th><th class="num">${points ? _("得分") : _("实付")}</th>${bal ? `<th class="num">${_("余额")}</th>` : ""}</tr></thead>`;
    const body = h("tbody");
    for (const row of sheet.seats) {
      const tr = h("tr", (row.seat === S.seat ? "me " : "") + (row.seat === winner ? "winner" : ""));
      tr.dataset.seat = row.seat;
      tr.innerHTML = `<td class="who">${esc(name(row.seat))}${row.seat === S.seat ? ` <em>(${_("你")})</em>` : ""}${row.seat === winner ? " " + ICON.star : ""}</td>` +
        `<td>${words ? `<ul class="items explain">${(words.seats[row.seat] || []).map((line) => `<li>${esc(line)}</li>`).join("")}</ul>`
          : `<ul class="items">${row.items.map((it) => this.itemText(it)).join("") || "<li>—</li>"}</ul>`}</td>` +
        `<td class="num">${signed(row.owed)}</td>` + (sheet.posted  // 实付: what the ledger moved, once it has posted the hand
          ? `<td class="num total ${row.paid > 0 ? "plus" : row.paid < 0 ? "minus" : ""}" data-paid="${row.paid}">${signed(row.paid)}</td>`
          : `<td class="num total pending">…</td>`) +
        (bal ? `<td class="num balance">${bal[String(row.seat)] ?? "—"}</td>` : "");
      body.appendChild(tr);
    }
    table.appendChild(body);
    card.appendChild(table);
    if (words && words.rule) card.appendChild(t("p", "sheet-rule", words.rule));
    if (words && words.notes.length) card.appendChild(t("p", "notes", words.notes.join(" · ")));
    const settledText = points ? _("已计分（积分）") : _("已结算入账");
    card.appendChild(t("p", "settled-state", res.settled || bal ? "✓ " + settledText : _("结算中…")));
    card.dataset.settled = res.settled || bal ? "1" : "0";
    for (const extra of this.ui.extras || []) { // other parts' lines (a friends' session over: 总结算, 再来一场)
      const node = extra(res);
      if (node) card.appendChild(node);
    }
    card.appendChild(this.buttons(res, points));
    return card;
  }

  buttons(res, points) {
    const app = this.ui.app, buttons = h("div", "sheet-buttons");
    const me = this.S.seatInfo(this.S.seat);
    if (me && !me.empty) {
      const ready = t("button", "primary", me.ready ? _("已准备") : _("准备下一局"));
      ready.type = "button";
      ready.id = "ready-button";
      ready.disabled = Boolean(me.ready);
      ready.addEventListener("click", () => this.ui.between.sendReady(ready));
      buttons.appendChild(ready);
      if (this.S.table && this.S.table.ready_by) buttons.appendChild(this.ui.between.clock("ready", readyClockText(this.S)));
    }
    const leave = document.getElementById("leave-form");
    if (leave && !this.S.stoodUp && !this.S.sessionOver) {
      const out = t("button", "secondary", _("离开牌桌"));
      out.type = "button";
      out.id = "sheet-leave";
      out.addEventListener("click", () => leave.requestSubmit());
      buttons.appendChild(out);
    }
    const look = t("button", "secondary", _("看牌桌"));
    look.type = "button";
    look.id = "look-table";
    look.addEventListener("click", () => { this.closedFor = res.hand_id; this.render(); this.ui.between.render(); });
    buttons.appendChild(look);
    if (res.hand_id) buttons.appendChild(t("a", "button secondary", _("回放"))).href = app.dataset.replayUrl.replace("0", res.hand_id);
    if (res.hand_id && this.S.seat !== null) {  // 牌谱分析: the player's own review, beside the replay's steps
      const review = buttons.appendChild(t("a", "button secondary", _("牌谱分析")));
      review.id = "sheet-review";
      review.href = app.dataset.replayUrl.replace("0", res.hand_id) + "#review";
    }
    if (!points) buttons.appendChild(t("a", "button secondary", _("钱包"))).href = app.dataset.walletUrl; // points move no coins
    return buttons;
  }

  readingNode(reading) {
    const box = h("div", "reading"), gold = this.S.gold();
    for (const g of [...(reading.sets || []), ...(reading.pair ? [reading.pair] : []), ...(reading.pairs || [])]) {
      box.appendChild(T.tileRow(T.parse(g.tiles), gold, "group"));
    }
    return box;
  }
}
