// Drawing the table from TableState: each region (centre, each seat's header, holdings and
// river, the hand, hints, actions) is rebuilt only when what it shows changed, so an event
// touches a few nodes and an animation running elsewhere on the table is not interrupted.
// `render({full: true})` rebuilds everything (what the first client did on every frame).
import { _, fmt } from "../ui/i18n.js";
import { h, t, esc, fill } from "../ui/dom.js";
import * as T from "../ui/tiles.js";
import { ICON, dieSvg } from "./icons.js";
import { ACTION_KEYS, keyLabel } from "./keys.js";

const WINDS = () => [_("东"), _("南"), _("西"), _("北")]; // the seat-wind badge, in the page's language
const POSITIONS = ["top", "left", "right", "bottom"];
const ACTION_ORDER = ["win", "qiangjin", "rob_concealed_kong", "declare", "kong", "pong", "chow", "name_gold", "pick", "exchange", "swap", "pass"];

export class Renderer {
  /** `S`: the TableState; `ui`: {act(action), send(msg), app (the #table-app element)}. */
  constructor(S, ui) {
    this.S = S;
    this.ui = ui;
    this.app = ui.app;
    this.keys = new Map(); // region -> the key it was last drawn for
    this.chowOpen = false;
    this.picked = { key: "", chosen: new Set() }; // survives redraws while the same decision is open
    this.listeners = []; // called after each render with the regions that were redrawn
    this.hintsOn = true;
    this.claimedTile = () => null; // (seat, meld index) -> the tile claimed into that meld (motion.js knows)
    this.drawnKey = null; // the last drawn tile shown, so a new one slides in once
  }

  el(id) { return document.getElementById(id); }

  /** Run `build` only when `key` differs from the region's last one; true when it ran. */
  region(name, key, build) {
    if (!this.full && this.keys.get(name) === key) return false;
    this.keys.set(name, key);
    build();
    this.redrawn.push(name);
    return true;
  }

  render(opts) {
    const S = this.S;
    this.full = Boolean(opts && opts.full);
    this.redrawn = [];
    this.app.dataset.phase = S.phase();
    this.app.dataset.seat = S.seat === null ? "" : String(S.seat);
    this.app.dataset.myTurn = S.legal.length ? "1" : "0";
    this.renderCenter();
    this.renderSeats();
    this.renderMyHand();
    this.renderActions();
    this.renderHints();
    this.renderAutoButton();
    this.tick();
    for (const fn of this.listeners) fn(this.redrawn);
    return this.redrawn;
  }

  // ---- names and badges -------------------------------------------------------
  seatName(i) {
    const s = this.S.seatInfo(i);
    if (!s) return fmt(_("座位 %s"), [i + 1]);
    if (s.bot) return fmt(_("机器人 %s"), [i + 1]); // a house bot by its seat, in the page's language
    return s.empty ? _("空座") : s.name;
  }
  windName(code) { return WINDS()[parseInt(code, 10) - 1] || code; }
  badges(i) {
    const S = this.S, s = S.seatInfo(i) || {}, vt = S.variantView(), out = [];
    // the running (or just finished) hand's dealer; between hands without one, the table's next
    const src = S.hand || S.finalView || S.table || {};
    const dealer = src.dealer === undefined ? null : src.dealer;
    const streak = src.streak || 1;
    if (dealer !== null) {
      const n = S.nSeats(), wind = vt.seat_winds ? this.windName(vt.seat_winds[i]) : WINDS()[(i - dealer + n) % n];
      out.push(`<span class="badge wind" title="${_("门风")}">${wind}</span>`);
      if (i === dealer) out.push(`<span class="badge dealer">${_("庄")}${streak > 1 ? " · " + fmt(_("连庄 %s"), [streak - 1]) : ""}</span>`);
    }
    const liable = vt.liable ? vt.liable[i] : null;
    if (liable !== null && liable !== undefined) {
      out.push(`<span class="badge liable" title="${_("此家自摸由包牌者一人支付")}">${esc(fmt(_("%s 包"), [this.seatName(liable)]))}</span>`);
    }
    if (s.bot) out.push(`<span class="badge bot" data-bot="1">${ICON.bot} ${_("机器人")}</span>`);
    else if (s.auto) out.push(`<span class="badge auto" data-bot="1">${ICON.bot} ${_("托管")}</span>`);
    if (!s.empty && !s.bot && s.connected === false) out.push(`<span class="badge off">${_("离线")}</span>`);
    if (s.leaving) out.push(`<span class="badge off">${_("逃跑")}</span>`);
    if (!S.hand && S.lastResult && s.ready && !s.empty && !s.bot) out.push(`<span class="badge ready">${_("已准备")}</span>`);
    return out.join("");
  }

  // ---- the seats ------------------------------------------------------------------
  renderSeats() {
    const S = this.S, view = S.view();
    const list = view ? view.seats.map((sv) => sv.seat) : S.seats.map((s) => s.seat);
    const layout = list.map((i) => i + ":" + S.position(i)).join(",") + (view ? "|hand" : "|none");
    this.region("layout", layout, () => {
      for (const pos of POSITIONS) fill(this.el("pos-" + pos));
      for (const i of list) this.el("pos-" + S.position(i)).appendChild(this.seatSkeleton(i, Boolean(view)));
      for (const k of [...this.keys.keys()]) if (k.startsWith("seat")) this.keys.delete(k);
    });
    for (const i of list) {
      const box = this.el("pos-" + S.position(i)).querySelector(".seat-panel");
      this.renderSeatHeader(box, i);
      if (view) {
        const sv = view.seats.find((x) => x.seat === i);
        this.renderHoldings(box, sv);
        this.renderRiver(box, sv);
      }
    }
  }
  seatSkeleton(i, withHand) {
    const box = h("section", "seat-panel" + (i === this.S.seat ? " me" : ""));
    box.dataset.seat = i;
    box.setAttribute("aria-label", this.seatName(i));
    box.appendChild(h("header"));
    if (withHand) {
      const holdings = box.appendChild(h("div", "holdings"));
      for (const part of ["concealed", "melds", "flowers-box"]) holdings.appendChild(h("span", "part " + part));
      const river = h("div", "river");
      river.setAttribute("aria-label", _("牌河"));
      box.appendChild(river);
    }
    return box;
  }
  renderSeatHeader(box, i) {
    // During a window nobody is singled out: it is put to every seat it may reach.
    const S = this.S, me = i === S.seat, toAct = Boolean(S.hand) && !S.hand.state.claim && S.toAct().includes(i);
    const result = !S.hand && S.finalView ? S.finalView.result : null;
    const winner = Boolean(result) && result.winner === i;
    const head = box.querySelector("header");
    this.region("seat-head-" + i, JSON.stringify([this.seatName(i), this.badges(i), me]), () => {
      box.setAttribute("aria-label", this.seatName(i));
      head.innerHTML = `<span class="name">${esc(this.seatName(i))}${me ? ` <em>(${_("你")})</em>` : ""}</span>${this.badges(i)}`;
      head.appendChild(h("span", "clock", ICON.clock + " <b class='secs'></b>"));
    });
    this.region("seat-turn-" + i, JSON.stringify([toAct, winner]), () => {
      box.classList.toggle("to-act", toAct);
      box.classList.toggle("winner", winner);
    });
  }
  renderHoldings(box, sv) {
    const S = this.S, me = sv.seat === S.seat, gold = S.gold(), line = box.querySelector(".holdings");
    const [concealed, melds, flowers] = line.children; // display: contents — one flex row
    // the concealed part: a revealed hand, or backs that grow and shrink in place as the seat draws and discards
    const shown = !me || !S.hand ? sv.hand || null : null;
    const count = !me || !S.hand ? (sv.hand ? 0 : sv.hand_count || 0) : 0;
    const rebuilt = this.region("seat-hand-" + sv.seat, JSON.stringify([shown, gold]), () => {
      fill(concealed, shown ? T.tileRow(T.parse(shown), gold, "revealed") : null, h("span", "backs"), t("span", "count", ""));
    });
    this.region("seat-backs-" + sv.seat, JSON.stringify([rebuilt, count]), () => {
      const backs = concealed.querySelector(".backs"), label = concealed.querySelector(".count");
      while (backs.children.length > count) backs.lastChild.remove();
      while (backs.children.length < count) backs.appendChild(T.backNode());
      label.textContent = count ? fmt(_("%s 张"), [count]) : "";
      backs.setAttribute("aria-label", fmt(_("%s 张"), [count]));
    });
    const marks = sv.melds.map((_m, k) => this.claimedTile(sv.seat, k));
    this.region("seat-melds-" + sv.seat, JSON.stringify([sv.melds, gold, marks]), () => {
      fill(melds, ...sv.melds.map((m, k) => this.meldNode(m, sv.seat, k)));
    });
    this.region("seat-flowers-" + sv.seat, JSON.stringify([sv.flowers, gold]), () => {
      const f = sv.flowers ? T.tileRow(T.parse(sv.flowers), gold, "flowers") : null;
      if (f) f.title = _("花");
      fill(flowers, f);
    });
  }
  meldNode(m, seat, index) {
    const box = h("span", "meld " + m.kind + (m.concealed ? " concealed" : ""));
    box.dataset.meld = seat + ":" + index;
    if (!m.tiles) { box.appendChild(T.backs(4)); box.title = _("暗杠"); return box; }
    const gold = this.S.gold();
    let claimed = m.concealed ? null : this.claimedTile(seat, index);
    T.parse(m.tiles).forEach((code, k) => {
      // a concealed kong shows its two middle tiles face up to its owner only
      const hidden = m.concealed && m.kind === "kong" && (k === 0 || k === 3);
      const mark = code === claimed;
      if (mark) claimed = null; // one tile of the meld was claimed
      const node = hidden ? T.backNode() : T.tileNode(code, gold, mark ? "claimed" : "");
      if (mark) node.title += " · " + _("吃碰来的牌");
      box.appendChild(node);
    });
    return box;
  }
  renderRiver(box, sv) {
    const S = this.S, gold = S.gold();
    const tiles = T.parse(sv.discards);
    const lastSeat = S.hand ? S.hand.last_discard : null;
    const markLast = lastSeat === sv.seat;
    const name = "seat-river-" + sv.seat;
    const before = this.keys.get(name);
    const key = JSON.stringify([tiles, markLast, gold]);
    if (!this.full && before === key) return;
    const river = box.querySelector(".river");
    const old = before ? JSON.parse(before) : null;
    this.keys.set(name, key);
    this.redrawn.push(name);
    // the usual event adds one tile at the end: append it and leave the rest (and their animations) alone
    const grown = !this.full && old && old[2] === gold && tiles.length === old[0].length + 1 && old[0].every((c, k) => c === tiles[k]);
    if (grown) {
      for (const node of river.querySelectorAll(".tile.last")) node.classList.remove("last");
      river.querySelector(".empty")?.remove();
      river.appendChild(T.tileNode(tiles[tiles.length - 1], gold, markLast ? "last fresh" : ""));
      return;
    }
    const nodes = tiles.map((code, k) => T.tileNode(code, gold, markLast && k === tiles.length - 1 ? "last" : ""));
    if (!tiles.length) nodes.push(t("span", "empty", _("牌河")));
    fill(river, ...nodes);
  }

  // ---- the centre ------------------------------------------------------------------
  renderCenter() {
    const S = this.S, hand = S.hand, st = hand ? hand.state : null;
    const key = JSON.stringify([S.closed, Boolean(hand), S.lastResult && S.lastResult.hand_id, S.seats.filter((s) => s.empty).length,
      st && [st.gold, st.dice, hand.hand_id, hand.number, hand.base, st.table && st.table.round_wind]]);
    this.region("center", key, () => fill(this.el("center"), ...this.centerNodes()));
    if (!hand || S.closed !== undefined) return;
    this.region("center-wall", String(st.wall_remaining), () => { this.el("wall-remaining").textContent = st.wall_remaining; });
    this.region("center-turn", JSON.stringify([this.turnText(), S.seat]), () => { this.el("turn-who").textContent = this.turnText(); });
  }
  turnText() {
    // A window (claims, 抢杠, the opening wins) is put to every seat it may reach; who holds something
    // to answer is secret, and a seat with nothing to answer is asked nothing (no legal actions).
    const S = this.S, st = S.hand.state, acting = S.toAct(), mine = acting.includes(S.seat) && S.legal.length > 0;
    if (mine && st.claim && st.claim.tile) return _("请选择：吃碰杠胡或过");
    if (mine) return _("轮到你");
    if (st.claim) return _("等待其他玩家");
    return acting.length ? fmt(_("等待 %s"), [acting.map((i) => this.seatName(i)).join("、")]) : "";
  }
  centerNodes() {
    const S = this.S;
    if (S.closed !== undefined) {
      const back = t("a", "button", _("回到大厅"));
      back.href = this.app.dataset.lobbyUrl;
      return [t("div", "status", _("牌桌已关闭") + (S.closed ? "：" + S.closed : "")), back];
    }
    if (!S.hand) {
      const waiting = S.seats.filter((s) => s.empty).length;
      return [t("div", "status", S.lastResult ? _("本局结束") : waiting ? fmt(_("等待入座… 还差 %s 人"), [waiting]) : _("等待开局"))];
    }
    const st = S.hand.state, gold = st.gold;
    const info = h("div", "info");
    if (gold) {
      const g = h("div", "gold-box");
      g.id = "gold";
      g.appendChild(t("span", "label", _("金")));
      g.appendChild(T.tileNode(gold, gold, "big"));
      if (gold !== "5z") {
        g.appendChild(t("span", "label small", _("白板代金") + " →"));
        g.appendChild(T.tileNode("5z", gold));
      }
      info.appendChild(g);
    }
    const dice = h("div", "dice-box");
    for (const d of st.dice || []) dice.appendChild(h("span", "die", dieSvg(d)));
    info.appendChild(dice);
    info.appendChild(h("div", "wall", `${esc(_("剩余"))} <b id="wall-remaining">${st.wall_remaining}</b> ${esc(_("张"))}`));
    info.appendChild(t("div", "hand-no", `${fmt(_("第 %s 局"), [S.hand.number])} · ${_("底")} ${S.hand.base}`));
    if (st.table && st.table.round_wind) {
      info.appendChild(h("div", "round-wind", `${esc(_("风圈"))} <b id="round-wind">${this.windName(st.table.round_wind)}</b>`));
    }
    const turn = h("div", "turn", `<span id="turn-who" aria-live="polite">${esc(this.turnText())}</span> <span class="clock big">${ICON.clock} <b class="secs"></b></span>`);
    return [info, turn];
  }

  // ---- my hand, hints, actions --------------------------------------------------------
  renderMyHand() {
    const S = this.S, me = S.myView();
    const canWin = S.legal.some((a) => a.type === "win");
    const dw = (this.hintsOn && !canWin && S.hand && S.hand.hints && S.hand.hints.discard_waits) || {};
    const passed = S.variantView().passed || [];
    const box = this.el("my-hand");
    const focus = this.focusedTile();
    const rebuilt = this.region("my-hand", JSON.stringify([me && me.hand, me && me.drawn, passed, S.gold()]), () => {
      fill(box, me && me.hand ? this.handRow(me) : null, me && passed.length ? this.passedNote(passed) : null);
    });
    const playable = this.region("my-hand-play", JSON.stringify([rebuilt, [...S.discardable()], dw]), () => this.markPlayable(dw));
    if (rebuilt || playable) this.restoreTileFocus(focus);
  }
  /** Which hand tiles may be discarded now (and which leave the hand ready: ★), on the existing nodes. */
  markPlayable(dw) {
    const can = this.S.discardable();
    for (const node of this.el("my-hand").querySelectorAll(".hand-row .tile")) {
      const code = node.dataset.tile, yes = can.has(code);
      node.classList.toggle("playable", yes);
      node.classList.toggle("ready-after", Boolean(dw[code]));
      node.title = T.name(code) + (yes && dw[code] ? " · " + _("打出此牌后听") + " " + this.waitText(dw[code]) : "");
      if (yes) {
        node.setAttribute("role", "button");
        node.tabIndex = 0;
        node.setAttribute("aria-label", fmt(_("打出 %s"), [T.name(code)]));
      } else {
        node.removeAttribute("role");
        node.removeAttribute("tabindex");
        node.removeAttribute("aria-label");
      }
    }
  }
  handRow(me) {
    const S = this.S, gold = S.gold();
    const tiles = T.sorted(T.parse(me.hand));
    if (me.drawn) tiles.splice(tiles.indexOf(me.drawn), 1);
    const row = h("div", "hand-row");
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", _("手牌"));
    const add = (code, cls) => {
      const node = T.tileNode(code, gold, cls);
      // a tile is played only while the server offers it (markPlayable keeps the class in step)
      const play = () => { if (node.classList.contains("playable")) this.ui.act({ type: "discard", tile: code }, node); };
      node.addEventListener("click", play);
      node.addEventListener("keydown", (e) => { if (e.key === "Enter") play(); });
      row.appendChild(node);
    };
    tiles.forEach((code) => add(code, "in-hand"));
    // the drawn tile sits apart, at the end of the same row (it wraps with the hand on a phone)
    const drawnKey = me.drawn ? `${S.hand.hand_id}:${S.hand.state.wall_remaining}:${me.drawn}` : null;
    if (me.drawn) add(me.drawn, "in-hand drawn" + (drawnKey !== this.drawnKey ? " fresh" : ""));
    this.drawnKey = drawnKey;
    return row;
  }
  passedNote(passed) {
    const note = h("div", "passed-note");
    note.id = "passed-note";
    note.title = _("放弃胡的牌：摸牌或吃、碰、杠之前不能胡这张");
    note.appendChild(t("span", "label", _("漏胡") + ":"));
    note.appendChild(T.tileRow(passed, this.S.gold(), "passed"));
    return note;
  }
  /** Which hand tile has the keyboard focus, so a redraw can give it back. */
  focusedTile() {
    const a = document.activeElement;
    if (!a || !a.closest || !a.closest("#my-hand")) return null;
    const all = [...this.el("my-hand").querySelectorAll(".tile.in-hand")];
    return { tile: a.dataset.tile, index: all.indexOf(a) };
  }
  restoreTileFocus(focus) {
    if (!focus) return;
    const active = document.activeElement;
    if (active && active.classList.contains("playable") && this.el("my-hand").contains(active)) return; // still there
    const playable = [...this.el("my-hand").querySelectorAll(".tile.playable")];
    if (!playable.length) { this.el("my-hand").focus?.(); return; }
    const same = focus.tile && playable.find((n) => n.dataset.tile === focus.tile);
    const drawn = playable.find((n) => n.classList.contains("drawn"));
    (same || (focus.index >= 0 && playable[Math.min(focus.index, playable.length - 1)]) || drawn || playable[playable.length - 1]).focus();
  }
  waitText(w) {
    if (w.any) return _("任意牌（游金）");
    return w.tiles.map(T.name).join(" ");
  }
  renderHints() {
    const S = this.S, hints = this.hintsOn && S.hand ? S.hand.hints : null;
    const offerStar = Boolean(hints && !hints.waits && Object.keys(hints.discard_waits || {}).length && S.legal.some((a) => a.type === "discard"));
    const key = JSON.stringify([hints && hints.waits, offerStar, S.gold()]);
    this.region("hints", key, () => {
      const box = this.el("hints"), parts = [];
      if (hints && hints.waits) {
        parts.push(t("span", "label", _("听牌") + ":"));
        if (hints.waits.any) parts.push(t("span", "any", _("任意牌（游金）")));
        else parts.push(T.tileRow(hints.waits.tiles, S.gold(), "waits"));
      }
      if (offerStar) parts.push(t("span", "label", _("打出带★的牌即可听牌")));
      fill(box, ...parts);
    });
  }
  actionLabel(a) {
    const S = this.S, me = S.myView();
    if (a.type === "win") {
      const claim = S.hand && S.hand.state.claim;
      if (me && me.you >= 1 && !claim) return T.actionName("youjin");
      return claim ? T.actionName("win") : T.actionName("zimo");
    }
    return T.actionName(a.type);
  }
  /** The tile on the table: the claim window's, else the end of the last discarder's river. */
  claimedTile() {
    const S = this.S, st = S.hand && S.hand.state;
    if (!st) return null;
    if (st.claim && st.claim.tile) return st.claim.tile;
    const seat = S.hand.last_discard;
    const river = seat === null || seat === undefined ? [] : T.parse(st.seats[seat].discards);
    return river.length ? river[river.length - 1] : null;
  }
  actionTiles(a) {
    const claimed = this.claimedTile();
    if (a.type === "chow" && claimed) return T.sorted([...a.tiles, claimed]);
    if (["kong", "name_gold", "declare", "pick", "qiangjin"].includes(a.type)) return a.tile ? [a.tile] : [];
    if (a.type === "pong" && claimed) return [claimed];
    if (a.type === "win" && this.S.hand && this.S.hand.state.claim && claimed) return [claimed];
    return [];
  }
  actionButton(a, extra) {
    const b = h("button", "act act-" + a.type + (extra ? " " + extra : ""));
    b.type = "button";
    b.dataset.actionType = a.type;
    b.dataset.action = JSON.stringify(a);
    b.appendChild(t("span", "act-label", this.actionLabel(a)));
    const tiles = this.actionTiles(a);
    // 抢金 takes the gold and gives up a tile: say which
    if (a.type === "qiangjin" && a.tile) b.appendChild(t("span", "sub", _("打出")));
    if (tiles.length) b.appendChild(T.tileRow(tiles, this.S.gold(), "mini"));
    if (a.type === "rob_concealed_kong") b.appendChild(t("span", "sub", fmt(_("猜 %s 的暗杠"), [this.seatName(a.seat)])));
    b.setAttribute("aria-label", [this.actionLabel(a), ...tiles.map(T.name)].join(" "));
    if (!extra) this.addKey(b, a.type);
    b.addEventListener("click", () => this.ui.act(a));
    return b;
  }
  /** The button's keyboard key, shown on it (keys.js presses it). */
  addKey(button, type) {
    const key = ACTION_KEYS[type];
    if (!key) return;
    button.appendChild(t("kbd", "key", keyLabel(key, _("空格"))));
    button.setAttribute("aria-keyshortcuts", key);
  }
  renderActions() {
    const S = this.S;
    const key = JSON.stringify([S.legal, this.chowOpen, S.hand && S.hand.hand_version, this.claimedTile(), S.gold(), S.myView() && S.myView().hand]);
    this.app.dataset.actions = S.legal.map((a) => a.type).join(" ");
    this.region("actions", key, () => {
      const box = this.el("actions");
      const focused = document.activeElement && box.contains(document.activeElement) ? document.activeElement.dataset.actionType : null;
      fill(box, ...this.actionNodes());
      if (focused) (box.querySelector(`[data-action-type="${focused}"]`) || box.querySelector("button"))?.focus();
    });
  }
  actionNodes() {
    const S = this.S, out = [];
    // Actions that give a chosen set of tiles (erren's 换牌, 换三张) get a tile picker, not one button per set.
    const pickTypes = [...new Set(S.legal.filter((a) => a.type !== "chow" && Array.isArray(a.tiles)).map((a) => a.type))];
    for (const type of pickTypes) out.push(this.tilePicker(type));
    const others = S.legal.filter((a) => a.type !== "discard" && !pickTypes.includes(a.type));
    others.sort((a, b) => ACTION_ORDER.indexOf(a.type) - ACTION_ORDER.indexOf(b.type));
    const chows = others.filter((a) => a.type === "chow");
    for (const a of others) {
      if (a.type === "chow" && chows.length > 1) {
        if (a !== chows[0]) continue;
        // several chows: one 吃 button that opens the choice
        const b = h("button", "act act-chow");
        b.appendChild(t("span", "act-label", T.actionName("chow")));
        b.type = "button";
        b.dataset.actionType = "chow-menu";
        b.setAttribute("aria-expanded", String(this.chowOpen));
        this.addKey(b, "chow-menu");
        b.addEventListener("click", () => { this.chowOpen = !this.chowOpen; this.renderActions(); });
        out.push(b);
        continue;
      }
      out.push(this.actionButton(a));
    }
    if (this.chowOpen && chows.length > 1) {
      const menu = h("div", "chow-menu");
      menu.appendChild(t("span", "label", _("选择吃法")));
      for (const a of chows) menu.appendChild(this.actionButton(a, "choice"));
      out.push(menu);
    }
    if (S.legal.some((a) => a.type === "discard") && !others.length) out.push(t("span", "prompt", _("点击一张牌打出")));
    return out;
  }
  tilePicker(type) {
    const S = this.S, me = S.myView();
    const tiles = me && me.hand ? T.sorted(T.parse(me.hand)) : [];
    const key = type + ":" + (S.hand ? S.hand.hand_version : "");
    if (this.picked.key !== key) this.picked = { key: key, chosen: new Set() };
    const chosen = this.picked.chosen;
    const box = h("div", "picker");
    box.appendChild(t("span", "label", _("选择要换的牌") + ":"));
    const go = h("button", "act act-" + type);
    go.type = "button";
    go.dataset.actionType = type;
    const label = () => {
      go.textContent = `${this.actionLabel({ type: type })} (${chosen.size})`;
      this.addKey(go, type);
    };
    tiles.forEach((code, i) => {
      const node = T.tileNode(code, S.gold(), "pick" + (chosen.has(i) ? " chosen" : ""));
      node.setAttribute("role", "checkbox");
      node.setAttribute("aria-checked", String(chosen.has(i)));
      node.tabIndex = 0;
      const toggle = () => {
        if (chosen.has(i)) chosen.delete(i); else chosen.add(i);
        node.classList.toggle("chosen", chosen.has(i));
        node.setAttribute("aria-checked", String(chosen.has(i)));
        label();
      };
      node.addEventListener("click", toggle);
      node.addEventListener("keydown", (e) => { if (e.key === " " || e.key === "Enter") { e.preventDefault(); toggle(); } });
      box.appendChild(node);
    });
    go.addEventListener("click", () => this.ui.act({ type: type, tiles: [...chosen].map((i) => tiles[i]) }));
    label();
    box.appendChild(go);
    return box;
  }

  renderAutoButton() {
    // The 托管 button says what it will do: hand the seat to the bot, or take it back.
    const s = this.S.seatInfo(this.S.seat), auto = Boolean(s && s.auto);
    this.region("auto", String(auto), () => {
      const button = this.el("auto-toggle");
      if (button) button.textContent = auto ? _("取消托管") : _("托管");
      const banner = this.el("auto-banner");
      if (!banner) return;
      banner.hidden = !auto;
      if (auto && !banner.firstChild) {
        banner.appendChild(h("span", "", ICON.bot + " " + esc(_("托管中：机器人正在替你打牌"))));
        const back = t("button", "small", _("取消托管"));
        back.type = "button";
        back.addEventListener("click", () => this.ui.send({ type: "auto", on: false }));
        banner.appendChild(back);
      }
    });
  }

  /** The clocks and the timer bar (every half second, and after each render). */
  tick() {
    const S = this.S;
    const dl = S.hand && S.hand.deadline ? new Date(S.hand.deadline) : null;
    const secs = dl ? Math.max(0, Math.ceil((dl - Date.now()) / 1000)) : null;
    for (const node of this.app.querySelectorAll(".secs")) node.textContent = secs === null ? "–" : String(secs);
    const bar = this.el("timer-bar");
    if (bar) {
      const total = S.table ? (S.hand && S.hand.state.claim ? S.table.timers.claim : S.table.timers.turn) : 20;
      const mine = S.legal.length > 0 && secs !== null;
      bar.hidden = !mine;
      if (mine) bar.firstElementChild.style.width = Math.min(100, (100 * secs) / total) + "%";
      bar.classList.toggle("urgent", mine && secs <= 5);
    }
    return secs;
  }
}
