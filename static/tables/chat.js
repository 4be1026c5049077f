// Quick chat (快捷语) and emotes: a fixed list (no free text), sent to the table and shown by
// the speaker's seat for a few seconds. The server rate-limits each seat (tables/chat.py);
// spectators see the lines but have no panel; anyone can mute any other seat (remembered
// per browser, per table).
import { _, fmt } from "../ui/i18n.js";
import { h, t } from "../ui/dom.js";

const SHOW_MS = 4000;
const FACES = {
  // emote faces as inline SVG (no emoji font needed); eyes and mouth on a yellow disc
  smile: '<path d="M10 21q6 6 12 0" stroke="#5b3a00" stroke-width="2.2" fill="none" stroke-linecap="round"/>',
  laugh: '<path d="M9 19h14q-1 8-7 8t-7-8z" fill="#5b3a00"/>',
  cry: '<path d="M11 25q5-5 10 0" stroke="#5b3a00" stroke-width="2.2" fill="none" stroke-linecap="round"/><path d="M10 15q-1.5 4 0 5q1.5-1 0-5z" fill="#3b8fd9"/>',
  angry: '<path d="M8 9l6 3M24 9l-6 3" stroke="#5b3a00" stroke-width="2.2" stroke-linecap="round"/><path d="M11 25q5-4 10 0" stroke="#5b3a00" stroke-width="2.2" fill="none"/>',
  wow: '<circle cx="16" cy="23" r="3.6" fill="#5b3a00"/>',
  thumbs: '<path d="M10 24v-7h3l3-6q2 0 2 2l-1 4h5q2 0 1.6 2l-1.4 5q-.5 2-2.2 2H13z" fill="#5b3a00"/>',
};
function face(id) {
  const eyes = id === "thumbs" ? "" : '<circle cx="11.5" cy="13" r="1.8" fill="#5b3a00"/><circle cx="20.5" cy="13" r="1.8" fill="#5b3a00"/>';
  return `<svg class="emote" viewBox="0 0 32 32" aria-hidden="true"><circle cx="16" cy="16" r="14" fill="#ffd54a" stroke="#c99a1b"/>${eyes}${FACES[id] || ""}</svg>`;
}

export class Chat {
  /** `catalogue`: {phrases: [{id, text}], emotes: [{id, label}]} from the page; `ui`: {send, seatName}. */
  constructor(S, catalogue, ui) {
    this.S = S;
    this.ui = ui;
    this.phrases = Object.fromEntries(catalogue.phrases.map((p) => [p.id, p.text]));
    this.emotes = Object.fromEntries(catalogue.emotes.map((e) => [e.id, e.label]));
    this.catalogue = catalogue;
    this.key = "mj.muted." + ui.app.dataset.tableId;
    this.muted = new Set(this.loadMuted());
    this.shown = []; // lines shown (seat, id), for the curious and the browser tests
  }

  loadMuted() { try { return JSON.parse(localStorage.getItem(this.key) || "[]"); } catch (e) { return []; } }
  saveMuted() { try { localStorage.setItem(this.key, JSON.stringify([...this.muted])); } catch (e) { /* this page only */ } }
  /** Mutes follow the person, not the chair: a new player in a muted seat is heard. */
  who(seat) { return seat + ":" + this.ui.seatName(seat); }
  isMuted(seat) { return this.muted.has(this.who(seat)); }

  /** The 快捷语 button and its panel (players only: spectators have no #chat). */
  mount() {
    const toggle = document.getElementById("chat-toggle"), panel = document.getElementById("chat-panel");
    if (!toggle || !panel) return;
    for (const p of this.catalogue.phrases) panel.appendChild(this.sendButton({ phrase: p.id }, t("span", "", p.text), p.text));
    const faces = h("div", "emotes");
    for (const e of this.catalogue.emotes) faces.appendChild(this.sendButton({ emote: e.id }, h("span", "", face(e.id)), e.label));
    panel.appendChild(faces);
    toggle.addEventListener("click", () => this.open(panel.hidden));
    panel.addEventListener("keydown", (e) => { if (e.key === "Escape") { e.stopPropagation(); e.preventDefault(); this.open(false); toggle.focus(); } });
  }
  open(yes) {
    const toggle = document.getElementById("chat-toggle"), panel = document.getElementById("chat-panel");
    panel.hidden = !yes;
    toggle.setAttribute("aria-expanded", String(yes));
    if (yes) panel.querySelector("button")?.focus();
  }
  sendButton(line, content, label) {
    const b = h("button", "chat-line secondary small");
    b.type = "button";
    b.dataset.chat = line.phrase || line.emote;
    b.setAttribute("aria-label", label);
    b.appendChild(content);
    b.addEventListener("click", () => { this.ui.send({ type: "chat", ...line }); this.open(false); });
    return b;
  }

  /** A chat frame from the server: show it by the speaker's seat unless that seat is muted. */
  take(frame) {
    if (frame.type !== "chat" || this.isMuted(frame.seat)) return;
    const panel = document.querySelector(`.seat-panel[data-seat="${frame.seat}"]`);
    if (!panel) return;
    panel.querySelector(".chat-bubble")?.remove();
    const bubble = frame.emote ? h("div", "chat-bubble emote-bubble", face(frame.emote)) : t("div", "chat-bubble", this.phrases[frame.phrase] || "…");
    const said = frame.emote ? this.emotes[frame.emote] : this.phrases[frame.phrase];
    bubble.setAttribute("role", "status");
    bubble.setAttribute("aria-label", fmt(_("%s 说：%s"), [this.ui.seatName(frame.seat), said || ""]));
    bubble.dataset.chat = frame.phrase || frame.emote;
    panel.appendChild(bubble);
    this.shown.push({ seat: frame.seat, line: frame.phrase || frame.emote });
    this.ui.sound.play("chat");
    setTimeout(() => bubble.remove(), SHOW_MS);
  }

  /** After each render: a mute button in every other seat's header (headers are redrawn as they change). */
  decorate() {
    for (const head of document.querySelectorAll(".seat-panel header")) {
      const seat = Number(head.parentElement.dataset.seat);
      const info = this.S.seatInfo(seat);
      if (seat === this.S.seat || !info || info.empty || info.bot || head.querySelector(".mute")) continue;
      head.appendChild(this.muteButton(seat));
    }
  }
  muteButton(seat) {
    const b = h("button", "mute link");
    b.type = "button";
    const paint = () => {
      const on = this.isMuted(seat);
      b.textContent = on ? _("取消屏蔽") : _("屏蔽");
      b.setAttribute("aria-pressed", String(on));
      b.setAttribute("aria-label", fmt(on ? _("取消屏蔽 %s 的快捷语") : _("屏蔽 %s 的快捷语"), [this.ui.seatName(seat)]));
    };
    b.addEventListener("click", () => {
      const who = this.who(seat);
      if (this.muted.has(who)) this.muted.delete(who); else this.muted.add(who);
      this.saveMuted();
      paint();
    });
    paint();
    return b;
  }

  /** A refused line (too fast): say so quietly. */
  refused(frame) { return frame.type === "error" && String(frame.code).startsWith("chat_"); }
}
