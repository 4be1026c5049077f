// 比赛专区: "+N 龙珠" beside each winning pass holder on the settlement sheet of a match room.
// Self-contained: it asks the server what a settled hand earned and marks the sheet's rows
// (tr[data-seat]) whenever the sheet is drawn; the sheet itself knows nothing of it.
import { _ } from "../ui/i18n.js";

const script = document.getElementById("match-sheet-script");
const earned = new Map(); // hand id -> {seat: pearls}
const asked = new Set();

function mark() {
  const table = window.mjTable, res = table && table.state.lastResult;
  const card = document.getElementById("sheet-card");
  if (!card || !res || !earned.has(res.hand_id)) return;
  const pearls = earned.get(res.hand_id);
  for (const row of card.querySelectorAll("tr[data-seat]")) {
    const n = pearls[row.dataset.seat];
    if (!n || row.querySelector(".pearls")) continue;
    const badge = document.createElement("span");
    badge.className = "pearls";
    badge.dataset.pearls = n;
    badge.textContent = ` +${n} ${_("龙珠")}`;
    row.querySelector(".who").appendChild(badge);
  }
}

async function ask(handId) {
  if (asked.has(handId)) return;
  asked.add(handId);
  const reply = await fetch(script.dataset.url.replace("0", handId), { credentials: "same-origin" });
  if (reply.ok) earned.set(handId, (await reply.json()).pearls);
  mark();
}

function onFrame() {
  const res = window.mjTable.state.lastResult;
  if (res && res.settled) ask(res.hand_id);
}

window.mjTable.hooks.push(onFrame);
new MutationObserver(mark).observe(document.getElementById("sheet"), { childList: true, subtree: true });
onFrame();
