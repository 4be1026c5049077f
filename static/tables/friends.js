// 好友房 (friends' rooms), three pages: the waiting room (the invite's copy buttons, the seats and ready
// states polled every 2 s, off to the table once the first hand is dealt), the table's running totals
// strip (fetched again after each settled hand; at the end it links the final account, 总结算) and the
// final account. Both of the last offer 再来一场 (rematch): its panel is drawn by the server
// (friends_rematch.html), fetched again every 2 s and after each `rematch` event of the table, and its
// buttons post in the background; once the new session starts, a page that saw it asked goes there.
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

const seatedHere = document.getElementById("table-app")?.dataset.seated === "1"; // the table page, a player's

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
  if (data.over && seatedHere) rematch.watch(strip.dataset.rematchUrl); // 再来一场 is its players' (not a spectator's)
}

function totalsStrip(strip) {
  drawStrip(strip);
  const table = window.mjTable;
  const hooks = table ? table.hooks : [];
  // After a settlement (an event, or a fresh state that already holds it: a resync after the hand's end).
  const settles = (ev) => ev.type === "settled" || ev.type === "session_over";
  hooks.push((frame, result) => {
    if (frame.type === "state" || result.happened.some(settles)) drawStrip(strip);
    if (result.happened.some((ev) => ev.type === "rematch")) rematch.refresh();
  });
  // Once the session is over the last hand's sheet links the final account and offers 再来一场 too (to its
  // players: a spectator's page has neither).
  if (table && table.sheetExtras && seatedHere) table.sheetExtras.push(() => (table.state.sessionOver ? sheetExtra(strip) : null));
}

function sheetExtra(strip) {
  const box = t("div", "sheet-friends", "");
  const account = box.appendChild(t("a", "button primary", _("查看总结算")));
  account.href = strip.dataset.accountUrl;
  account.id = "sheet-account";
  const slot = box.appendChild(t("div", "rematch-slot sheet-rematch", ""));
  rematch.fill(slot);
  rematch.watch(strip.dataset.rematchUrl);
  return box;
}

// 再来一场: every `.rematch-slot` of the page shows the same panel.
const rematch = {
  url: null, html: null, key: null, timer: null,
  sawAsked: false, // the page has shown this player a rematch waiting for answers: when it starts, go there

  watch(url) {
    if (!url || this.timer) return;
    this.url = url;
    const first = document.querySelector(".rematch-slot .rematch");
    if (first) this.note(first);
    this.refresh();
    this.timer = setInterval(() => this.refresh(), 2000);
  },

  note(panel) {
    if (panel.dataset.status === "pending" && panel.querySelector("#rematch-decline")) this.sawAsked = true;
  },

  fill(slot) {
    if (this.html === null) { slot.hidden = true; return; }
    slot.innerHTML = this.html;
    slot.hidden = false;
  },

  async refresh() {
    if (!this.url) return;
    let html;
    try {
      const res = await fetch(this.url, { headers: { Accept: "text/html" } });
      if (!res.ok) return;
      html = await res.text();
    } catch (e) {
      return;
    }
    const probe = document.createElement("div");
    probe.innerHTML = html;
    const panel = probe.querySelector(".rematch");
    if (!panel) return;
    if (panel.dataset.status === "started" && panel.dataset.go && this.sawAsked) {
      location.href = panel.dataset.go;
      return;
    }
    this.note(panel);
    if (panel.dataset.key === this.key) return;
    this.key = panel.dataset.key;
    this.html = html;
    for (const slot of document.querySelectorAll(".rematch-slot")) this.fill(slot);
  },

  async post(form) {
    for (const b of form.querySelectorAll("button")) b.disabled = true;
    let answer;
    try {
      const res = await fetch(form.action, { method: "POST", body: new FormData(form), headers: { Accept: "application/json" } });
      answer = await res.json();
    } catch (e) {
      form.submit(); // no answer we can read: let the form go the ordinary way
      return;
    }
    if (answer.go) { location.href = answer.go; return; }
    this.key = null;
    await this.refresh();
    for (const node of document.querySelectorAll(".rematch-error")) {
      node.textContent = answer.error || "";
      node.hidden = !answer.error;
    }
  },
};

document.addEventListener("submit", (event) => {
  const form = event.target.closest && event.target.closest("form[data-rematch]");
  if (!form) return;
  event.preventDefault();
  rematch.post(form);
});

const room = document.getElementById("friends-room");
if (room) waitingRoom(room);
const strip = document.getElementById("friends-strip");
if (strip) totalsStrip(strip);
const account = document.getElementById("rematch");
if (account) rematch.watch(account.dataset.panelUrl);
