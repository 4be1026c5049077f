// An arena's page (竞技场), live: the countdown to its start or end, and the standings the server pushes as
// diffs (match.arena_live: at most once a second, only the rows that changed). A diff applies only on top of
// the version this page holds; a gap asks for the whole standings again ({"type": "full"}). The rows are
// sorted as the server ranks them (points, then fewer hands, then who reached the points first); only rows
// with the minimum hands get a rank, the others follow unranked; the reader's own row is pinned on top.
// Once the arena is over the podium shows its top three with their prizes. When the player is seated
// (the notification `arena_seated` for this arena, or their row turning from waiting to playing) the page
// goes to the table.
import { _, fmt } from "../ui/i18n.js";
import { t, fill } from "../ui/dom.js";
import { Socket } from "../ui/socket.js";

const box = document.getElementById("arena");
const arenaId = Number(box.dataset.arena);
const me = Number(box.dataset.me || 0);
const body = document.querySelector("#arena-standings tbody");
const FLAME_FROM = 2;

const STATUS = {
  scheduled: () => _("未开始"),
  running: () => _("进行中"),
  finishing: () => _("最后几局"),
  finished: () => _("已结束"),
  cancelled: () => _("已取消"),
};
const ENTRY = {
  waiting: () => _("等待配桌"),
  playing: () => _("对局中"),
  paused: () => _("暂停"),
  withdrawn: () => _("已退出"),
};

const live = {
  version: Number(box.dataset.version || 0),
  head: { status: box.dataset.status, starts_at: box.dataset.startsAt, ends_at: box.dataset.endsAt,
    min_hands: Number(box.dataset.minHands || 1), podium: null },
  rows: new Map(), // user id: row
  synced: false, // a full frame came since the page loaded (the server-drawn rows are replaced then)
};

/** Standings order: points desc, hands asc, the moment the points were reached asc (then the user id). */
function byStanding(a, b) {
  return b.p - a.p || a.h - b.h || a.k - b.k || a.u - b.u;
}

function cell(text, cls) {
  const td = document.createElement("td");
  td.textContent = String(text);
  if (cls) td.className = cls;
  return td;
}

function rowNode(r, rank, pinned) {
  const tr = document.createElement("tr");
  tr.dataset.user = r.u;
  tr.dataset.points = r.p;
  tr.dataset.hands = r.h;
  const classes = [];
  if (r.u === me) classes.push("mine");
  if (pinned) classes.push("pinned");
  if (rank === null) classes.push("unranked");
  tr.className = classes.join(" ");
  const who = cell(r.n, "who");
  if (pinned) who.appendChild(t("em", "", ` (${_("你")})`));
  if (r.s >= FLAME_FROM) {
    const flame = t("span", "flame", "🔥");
    flame.title = fmt(_("%s 连胜"), [r.s]);
    who.append(" ", flame);
  }
  const figures = cell("", "figures");
  for (const [points, doubled] of r.r || []) {
    const fig = t("span", "fig" + (doubled ? " doubled" : "") + (points ? "" : " zero"), String(points));
    if (doubled) fig.title = _("连胜翻倍");
    figures.appendChild(fig);
  }
  tr.append(cell(rank === null ? "–" : rank, "num rank"), who, cell(r.p, "num pts"), cell(r.h, "num hands"), figures);
  return tr;
}

function renderRows() {
  const minHands = Math.max(1, Number(live.head.min_hands || 1));
  const all = [...live.rows.values()].sort(byStanding);
  const ranked = all.filter((r) => r.h >= minHands), others = all.filter((r) => r.h < minHands);
  const nodes = [];
  const mine = live.rows.get(me);
  if (mine) nodes.push(rowNode(mine, mine.h >= minHands ? ranked.indexOf(mine) + 1 : null, true));
  ranked.forEach((r, i) => nodes.push(rowNode(r, i + 1, false)));
  others.forEach((r) => nodes.push(rowNode(r, null, false)));
  if (!nodes.length) {
    const empty = document.createElement("tr");
    empty.className = "empty";
    const td = cell(_("还没有人报名。"));
    td.colSpan = 5;
    empty.appendChild(td);
    nodes.push(empty);
  }
  fill(body, ...nodes);
  renderMine(mine);
  follow(mine);
}

function renderMine(mine) {
  if (!mine) return;
  const set = (id, text) => { const node = document.getElementById(id); if (node) node.textContent = text; };
  set("my-points", mine.p);
  set("my-hands", mine.h);
  if (ENTRY[mine.x]) set("my-state", ENTRY[mine.x]());
}

function renderPodium() {
  const podium = live.head.podium || [];
  const node = document.getElementById("arena-podium");
  if (live.head.status !== "finished" || !podium.length) return;
  const items = podium.map((p) => {
    const li = t("li", "place p" + p.rank, "");
    li.dataset.user = p.u;
    li.dataset.rank = p.rank;
    li.append(t("span", "medal m" + p.rank, String(p.rank)), t("span", "who", p.n),
      t("span", "pts", fmt(_("%s 分"), [p.p])), t("span", "prize", fmt(_("%s 游戏币"), [p.prize])));
    return li;
  });
  fill(node.querySelector("ol.podium"), ...items);
  node.hidden = false;
}

function renderHead() {
  const status = live.head.status;
  box.dataset.status = status;
  const badge = document.getElementById("arena-status");
  badge.className = "arena-status " + status;
  badge.textContent = STATUS[status] ? STATUS[status]() : status;
  if (!["scheduled", "running"].includes(status)) { // no more joining or pairing: the buttons go
    for (const id of ["arena-join-form", "arena-withdraw-form", "arena-waiting"]) document.getElementById(id)?.remove();
  }
  renderPodium();
  tick();
}

function clockText(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const hh = Math.floor(s / 3600), mm = Math.floor((s % 3600) / 60), ss = s % 60;
  const two = (n) => String(n).padStart(2, "0");
  return hh ? `${hh}:${two(mm)}:${two(ss)}` : `${two(mm)}:${two(ss)}`;
}

/** The countdown: to the start, to the end, or what the arena is doing once its time is up. */
function tick() {
  const node = document.getElementById("arena-clock");
  const now = Date.now(), status = live.head.status;
  let text = "";
  if (status === "scheduled") text = fmt(_("距开始 %s"), [clockText((Date.parse(live.head.starts_at) - now) / 1000)]);
  else if (status === "running") text = fmt(_("距结束 %s"), [clockText((Date.parse(live.head.ends_at) - now) / 1000)]);
  else if (status === "finishing") text = _("时间到，等最后几桌打完");
  node.textContent = text;
}

function takeFull(frame) {
  live.version = frame.version;
  live.head = frame.head;
  live.rows = new Map(frame.rows.map((r) => [r.u, r]));
  live.synced = true;
  renderHead();
  renderRows();
}

function takeDiff(frame) {
  if (frame.version <= live.version && live.synced) return; // already seen (a full frame overtook it)
  if (!live.synced || frame.base !== live.version) { socket.send({ type: "full" }); return; }
  for (const r of frame.rows) live.rows.set(r.u, r);
  for (const u of frame.gone || []) live.rows.delete(u);
  live.version = frame.version;
  live.head = frame.head;
  renderHead();
  renderRows();
}

function onMessage(frame) {
  if (frame.type === "arena_full") takeFull(frame);
  else if (frame.type === "arena_diff") takeDiff(frame);
  box.dataset.version = live.version; // what the page shows (tests read it)
}

function onStatus(status) {
  const node = document.getElementById("arena-live-state");
  node.textContent = status === "ok" ? "● " + _("实时") : status === "down" ? "" : _("连接中…");
  node.dataset.status = status;
}

// Seated: this arena's pairing put the player at a table; go there.
window.addEventListener("mj:notify", (event) => {
  const note = event.detail || {};
  if (note.type === "arena_seated" && Number(note.arena) === arenaId && note.url) go(note.url);
});

// The notification may have come before this page's socket opened (a player who joins while a table's worth
// waits is seated at once): a page that sees its player go from waiting to playing asks where, and goes
// there; so does the page the join button led to.
const FOLLOW_KEY = `arena-follow:${arenaId}`;
let myState = box.dataset.entryState || "";
let going = false;
document.getElementById("arena-join-form")?.addEventListener("submit", () => sessionStorage.setItem(FOLLOW_KEY, "1"));

function go(url) {
  if (going) return;
  going = true;
  sessionStorage.removeItem(FOLLOW_KEY);
  location.href = url;
}

async function goToMyTable() {
  let answer;
  try {
    answer = await (await fetch(box.dataset.mineUrl, { headers: { Accept: "application/json" } })).json();
  } catch (e) {
    return;
  }
  if (answer.url) go(answer.url);
}

function follow(mine) {
  const was = myState;
  myState = mine ? mine.x : "";
  if (myState === "playing" && was !== "playing" && (was === "waiting" || sessionStorage.getItem(FOLLOW_KEY))) goToMyTable();
}
if (myState === "playing" && sessionStorage.getItem(FOLLOW_KEY)) goToMyTable();
else if (myState !== "waiting") sessionStorage.removeItem(FOLLOW_KEY);

const socket = new Socket(box.dataset.wsPath, { onMessage, onStatus });
socket.connect();
tick();
setInterval(tick, 1000);
window.mjArena = { live, socket }; // for the end-to-end tests and the curious
