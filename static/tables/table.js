// The table's browser client (an ES module; protocol in docs/protocol.md). It keeps no game
// rules: it draws the state the server sends (the engine's view for this seat) and offers
// only the server's own list of legal actions. The parts: ../ui/socket.js (the connection),
// state.js (frames -> state), render.js (state -> DOM, only what changed), sheet.js (结算).
import { _, fmt } from "../ui/i18n.js";
import { t } from "../ui/dom.js";
import { ensureDefs } from "../ui/tiles.js";
import { Socket } from "../ui/socket.js";
import { TableState } from "./state.js";
import { Renderer } from "./render.js";
import { Sheet } from "./sheet.js";

const app = document.getElementById("table-app");
const S = new TableState();
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

function act(action) {
  const id = "c" + Math.random().toString(36).slice(2, 8) + "-" + nextId++;
  S.sent();
  view.chowOpen = false;
  view.render();
  send({ type: "action", id: id, action: action, hand_version: S.hand ? S.hand.hand_version : undefined });
}

function toast(text) {
  const node = t("div", "toast", text);
  node.setAttribute("role", "status");
  document.getElementById("toasts").appendChild(node);
  setTimeout(() => node.remove(), 3500);
}

const view = new Renderer(S, { app, act, send });
const sheet = new Sheet(S, { app, send, seatName: (i) => view.seatName(i) });
const hooks = []; // other modules' listeners: fn(frame, result) after each frame is applied

function render(opts) {
  const redrawn = view.render(opts);
  sheet.render();
  return redrawn;
}

function effect(e) {
  if (e.toast) toast(e.toast);
  if (e.escaped !== undefined) toast(fmt(_("%s 逃跑"), [view.seatName(e.escaped)]));
  if (e.voided !== undefined) toast(_("本局作废，不结算") + (e.voided ? "：" + e.voided : ""));
  if (e.closing) setConn("down");
  if (e.goto === "lobby") location.href = app.dataset.lobbyUrl;
  if (e.goto === "room") location.href = app.dataset.roomUrl.replace("0", e.room);
}

function onMessage(frame) {
  const result = S.take(frame);
  result.effects.forEach(effect);
  if (result.resync) socket.resync();
  if (result.render) render();
  for (const fn of hooks) fn(frame, result);
}

const socket = new Socket(app.dataset.wsPath, { onMessage, onStatus: setConn, versioned: true });

document.getElementById("auto-toggle")?.addEventListener("click", () => {
  const s = S.seatInfo(S.seat);
  send({ type: "auto", on: !(s && s.auto) });
});

// For the end-to-end tests and the curious: the state, a dropped connection, a forced full redraw.
window.mjTable = {
  state: S,
  view,
  dropConnection: () => socket.drop(),
  render,
  hooks,
};

ensureDefs();
setInterval(() => view.tick(), 500);
socket.connect();
