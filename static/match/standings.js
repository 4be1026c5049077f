// A running season's standings, live: the server pushes them (at most once a second) while 龙珠 change.
// Rebuilds the table's rows: the reader's own row pinned on top, then everyone by rank.
import { _ } from "../ui/i18n.js";
import { Socket } from "../ui/socket.js";

const box = document.getElementById("season");
const body = document.querySelector("#standings tbody");
const me = Number(document.body.dataset.userId || 0);

function cell(text, cls) {
  const td = document.createElement("td");
  td.textContent = String(text);
  if (cls) td.className = cls;
  return td;
}

function rowNode(r, pinned) {
  const tr = document.createElement("tr");
  tr.dataset.user = r.user_id;
  if (r.user_id === me) tr.className = pinned ? "mine pinned" : "mine";
  const who = cell(r.name);
  if (pinned) { const em = document.createElement("em"); em.textContent = ` (${_("你")})`; who.appendChild(em); }
  tr.append(cell(r.rank, "num"), who, cell(r.pearls, "num pearls"), cell(r.hands, "num"), cell(r.wins, "num"));
  return tr;
}

function show(frame) {
  if (frame.type !== "standings") return;
  const mine = frame.rows.find((r) => r.user_id === me);
  const rows = (mine ? [rowNode(mine, true)] : []).concat(frame.rows.map((r) => rowNode(r, false)));
  body.replaceChildren(...rows);
}

new Socket(box.dataset.wsPath, { onMessage: show }).connect();
