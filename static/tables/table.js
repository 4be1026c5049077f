// The table's browser client (an ES module; protocol in docs/protocol.md). It keeps no game
// rules: it draws the state the server sends (the engine's view for this seat) and offers
// only the server's own list of legal actions. The parts: ../ui/socket.js (the connection),
// state.js (frames -> state), render.js (state -> DOM, only what changed), sheet.js (结算),
// motion.js (animations and call-outs), sound.js, chat.js (快捷语), keys.js, settings.js.
import { _, fmt } from "../ui/i18n.js";
import { t } from "../ui/dom.js";
import { ensureDefs } from "../ui/tiles.js";
import { Socket } from "../ui/socket.js";
import { TableState } from "./state.js";
import { Renderer } from "./render.js";
import { Sheet } from "./sheet.js";
import { Between } from "./between.js";
import { bindLeave } from "./leave.js";
import { Settings } from "./settings.js";
import { Sound } from "./sound.js";
import { Motion, SHOW_WIN_MS } from "./motion.js";
import { Chat } from "./chat.js";
import { bindKeys } from "./keys.js";
import { bindArena } from "./arena.js";

const app = document.getElementById("table-app");
const S = new TableState();
const settings = new Settings();
const sound = new Sound(() => settings.get("sound"));
let nextId = 1;

const CONN_TEXT = {
  connecting: () => _("连接中…"),
  reconnecting: () => _("断线，正在重连…"),
  ok: () => _("已连接"),
  down: () => _("连接已关闭"),
};
function setConn(status) {
  const node = document.getElementById("conn-status");
  const cls = status === "reconnecting" ? "connecting" : status;
  node.className = "conn " + cls;
  node.textContent = CONN_TEXT[status]();
  app.dataset.conn = cls;
}

function send(msg) { socket.send(msg); }

function act(action, node) {
  const id = "c" + Math.random().toString(36).slice(2, 8) + "-" + nextId++;
  if (action.type === "discard") motion.discarding(node);
  S.sent();
  view.chowOpen = false;
  render();
  send({ type: "action", id: id, action: action, hand_version: S.hand ? S.hand.hand_version : undefined });
}

function toast(text) {
  const node = t("div", "toast", text);
  node.setAttribute("role", "status");
  document.getElementById("toasts").appendChild(node);
  setTimeout(() => node.remove(), 3500);
}

const view = new Renderer(S, { app, act, send });
const seatName = (i) => view.seatName(i);
const sheetUi = { app, send, seatName, extras: [] }; // extras: other modules' lines for the sheet (friends.js)
const sheet = new Sheet(S, sheetUi);
const between = new Between(S, { app, send, sheet });
sheetUi.between = between;
const motion = new Motion(S, view, settings, sound);
const chatData = document.getElementById("chat-catalogue");
const chat = new Chat(S, chatData ? JSON.parse(chatData.textContent) : { phrases: [], emotes: [] }, { app, send, seatName, sound });
const hooks = []; // other modules' listeners: fn(frame, result) after each frame is applied
let myTurn = false, lastBeep = null;

/** Draw what changed ({full: true}: everything); returns the milliseconds the drawing took. */
function render(opts) {
  const t0 = performance.now();
  view.render(opts);
  sheet.render(opts);
  between.render();
  chat.decorate();
  void app.offsetHeight; // style and layout now (motion reads positions right after anyway), so the cost counts them
  const cost = performance.now() - t0;
  motion.play();
  const nowMine = S.legal.length > 0;
  if (nowMine && !myTurn) sound.play("turn");
  myTurn = nowMine;
  return cost;
}

function effect(e) {
  if (e.toast) toast(e.toast);
  if (e.escaped !== undefined) toast(fmt(_("%s 逃跑"), [seatName(e.escaped)]));
  if (e.voided !== undefined) toast(_("本局作废，不结算") + (e.voided ? "：" + e.voided : ""));
  if (e.closing) setConn("down");
  if (e.goto === "lobby") location.href = app.dataset.lobbyUrl;
  if (e.goto === "room") location.href = app.dataset.roomUrl.replace("0", e.room);
}

function onMessage(frame) {
  if (frame.type === "chat") { chat.take(frame); return; }
  if (chat.refused(frame)) { toast(_("发言太快了，请稍等几秒")); return; }
  if (frame.type === "events") motion.note(frame.events); // before the prompt's view holds the new melds
  const result = S.take(frame);
  if (result.happened.some((ev) => ev.type === "hand_finished")) sheet.hold(settings.reducedMotion() ? SHOW_WIN_MS / 2 : SHOW_WIN_MS);
  result.effects.forEach(effect);
  if (result.resync) socket.resync();
  else if (result.resyncLater) socket.resyncSoon();
  if (result.render) render();
  if (result.render && window.mjTable.recording) window.mjTable.frames.push(JSON.stringify(S.asState(socket.version)));
  for (const fn of hooks) fn(frame, result);
}

const socket = new Socket(app.dataset.wsPath, { onMessage, onStatus: setConn, versioned: true });

document.getElementById("auto-toggle")?.addEventListener("click", () => {
  const s = S.seatInfo(S.seat);
  send({ type: "auto", on: !(s && s.auto) });
});

settings.bind(document.getElementById("settings-form"), document.getElementById("sound-toggle"));
settings.onChange(() => {
  app.dataset.motion = settings.reducedMotion() ? "reduced" : "full";
  app.dataset.size = settings.get("size");
  app.dataset.hints = settings.get("hints") ? "on" : "off";
  if (view.hintsOn !== settings.get("hints")) {
    view.hintsOn = settings.get("hints");
    render();
  }
});

// For the end-to-end tests and the curious: the state, a dropped connection, a forced full redraw.
window.mjTable = {
  state: S, view, sound, chat, settings, dropConnection: () => socket.drop(), render, hooks, sheetExtras: sheetUi.extras,
  recording: false, frames: [], // with recording on, the state after each drawn frame, as a `state` frame (test_keyboard_hand_in_browser)
};

bindArena(window.mjTable); // an arena's table: where the arena goes on after its one hand
ensureDefs();
chat.mount();
bindKeys(app);
bindLeave(S, { send });
setInterval(() => {
  between.tick();
  const secs = view.tick();
  // the last five seconds of the player's own decision tick audibly, once a second
  if (S.legal.length && secs !== null && secs <= 5 && secs > 0 && secs !== lastBeep) sound.play("timer");
  lastBeep = secs;
}, 500);
socket.connect();
