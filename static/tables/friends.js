// 好友房 (friends' rooms), two pages: the waiting room (the invite's copy buttons, the seats and ready
// states polled every 2 s, off to the table once the first hand is dealt) and the table's running totals
// strip (fetched again after each settled hand; at the end it links the final account, 总结算).
import { _, fmt } from "../ui/i18n.js";
import { t, fill } from "../ui/dom.js";

function bindCopy() {
  for (const button of document.querySelectorAll("[data-copy]")) {
    button.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(button.dataset.copy);
        button.textContent = _("已复制");
      } catch (e) {
        document.getElementById("invite-link")?.select(); // no clipboard: select it for the player
      }
    });
  }
}

function seatNode(s, hostView) {
  const li = t("li", s.empty ? "empty" : "", "");
  li.dataset.seat = s.seat;
  li.appendChild(t("span", "name", s.empty ? _("空位") : s.name));
  if (s.host) li.appendChild(t("span", "badge host", _("房主")));
  if (!s.empty) li.appendChild(t("span", "badge " + (s.ready ? "ready" : "not-ready"), s.ready ? _("已准备") : _("未准备")));
  const old = hostView.querySelector(`li[data-seat="${s.seat}"] form`);
  if (old && s.user && !s.host) li.appendChild(old); // the host's 移出 form, as the server drew it
  return li;
}

async function pollWaiting(room) {
  let state;
  try {
    state = await (await fetch(room.dataset.stateUrl, { headers: { Accept: "application/json" } })).json();
  } catch (e) {
    return;
  }
  if (state.started) { location.href = state.table_url; return; }
  if (state.ending || state.status === "closed" || !state.me_seated) { location.reload(); return; }
  const list = document.getElementById("friends-seats");
  const drawn = JSON.stringify(state.seats);
  if (list.dataset.drawn !== drawn) {
    list.dataset.drawn = drawn;
    fill(list, ...state.seats.map((s) => seatNode(s, list)));
  }
}

function waitingRoom(room) {
  bindCopy();
  setInterval(() => pollWaiting(room), 2000);
}

async function drawStrip(strip) {
  let data;
  try {
    data = await (await fetch(strip.dataset.totalsUrl, { headers: { Accept: "application/json" } })).json();
  } catch (e) {
    return;
  }
  const unitText = data.unit === "rounds" ? _("第 %s / %s 圈") : _("第 %s / %s 局");
  const done = data.unit === "rounds" ? data.rounds_done : data.hands_done;
  document.getElementById("strip-progress").textContent = data.over ? _("全场结束") : fmt(unitText, [done, data.length]);
  const rows = data.rows.map((r) => {
    const name = r.user ? r.name : fmt(_("机器人 %s"), [r.bot_seat + 1]);
    const node = t("span", "strip-row" + (r.me ? " me" : "") + (r.total > 0 ? " plus" : r.total < 0 ? " minus" : ""),
      name + " " + (r.total > 0 ? "+" : "") + r.total);
    node.dataset.total = r.total;
    return node;
  });
  fill(document.getElementById("strip-rows"), ...rows);
  const link = document.getElementById("strip-account");
  link.href = data.account_url;
  link.hidden = !data.over;
}

function totalsStrip(strip) {
  drawStrip(strip);
  const hooks = window.mjTable ? window.mjTable.hooks : [];
  // After a settlement (an event, or a fresh state that already holds it: a resync after the hand's end).
  const settles = (ev) => ev.type === "settled" || ev.type === "session_over";
  hooks.push((frame, result) => {
    if (frame.type === "state" || result.happened.some(settles)) drawStrip(strip);
  });
}

const room = document.getElementById("friends-room");
if (room) waitingRoom(room);
const strip = document.getElementById("friends-strip");
if (strip) totalsStrip(strip);
