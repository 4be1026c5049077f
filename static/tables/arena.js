// An arena's table (竞技场): it plays one hand, then closes (match.arena_scoring). Its `arena_next` event says
// where the arena goes on: a banner over the settlement says the next table is coming (or, when time is up,
// that the arena is ending) and links the arena's page. When the pairing seats the player again (the
// notification `arena_seated`), the page goes to the new table after a moment, so the sheet is seen first;
// "现在就去" goes at once. While no table comes, the arena's standings say whether its time is up meanwhile.
import { _, fmt } from "../ui/i18n.js";
import { t, fill } from "../ui/dom.js";

const GO_AFTER_MS = 3000;
const TABLE_ARENA_URL = "/match/arenas/table/"; // + "<table id>.json": the table's arena (match.arena_views)
const ASK_EVERY_MS = 5000; // while no new table comes: is the arena still pairing? (time may be up meanwhile)

export function bindArena(table) {
  const arena = { next: null, seated: null, timer: null, goAt: 0, asking: null, askedTable: false };

  function banner() {
    let node = document.getElementById("arena-next");
    if (!node) {
      node = t("div", "arena-next", "");
      node.id = "arena-next";
      node.setAttribute("role", "status");
      document.body.appendChild(node);
    }
    return node;
  }

  function draw() {
    const next = arena.next, seated = arena.seated;
    if (!next && !seated) return;
    const node = banner();
    const more = seated ? true : next.more;
    node.dataset.more = more ? "1" : "0";
    const parts = [t("strong", "", more ? _("竞技场：下一桌马上开始") : _("竞技场时间到，比赛即将结束"))];
    if (seated) {
      const left = Math.max(0, Math.ceil((arena.goAt - Date.now()) / 1000));
      parts.push(t("span", "arena-next-clock", fmt(_("%s 秒后入座"), [left])));
      const go = t("a", "button primary small", _("现在就去"));
      go.id = "arena-go";
      go.href = seated.url;
      parts.push(go);
    } else if (more) {
      parts.push(t("span", "arena-next-clock", _("正在配桌…")));
    }
    const url = (next && next.url) || (seated && seated.arenaUrl);
    if (url) {
      const back = t("a", "button secondary small", more ? _("竞技场排行") : _("查看最终排名"));
      back.id = "arena-back";
      back.href = url;
      parts.push(back);
    }
    fill(node, ...parts);
  }

  function takeNext(ev) {
    arena.next = { arena: ev.arena, url: ev.url, more: Boolean(ev.more) };
    draw();
    if (arena.next.more && !arena.asking) arena.asking = setInterval(askStatus, ASK_EVERY_MS);
  }

  /** Waiting for the next table: once the arena's time is up (no more pairing), say it is ending. */
  async function askStatus() {
    if (arena.seated || !arena.next || !arena.next.more) { clearInterval(arena.asking); return; }
    let frame;
    try {
      frame = await (await fetch(arena.next.url + "standings.json", { headers: { Accept: "application/json" } })).json();
    } catch (e) {
      return;
    }
    if (frame.head && !["scheduled", "running"].includes(frame.head.status)) {
      arena.next.more = false;
      clearInterval(arena.asking);
      draw();
    }
  }

  function takeSeated(note) {
    if (!note.url || note.url === location.pathname) return; // this very table (a page opened late)
    if (arena.seated) return;
    const arenaUrl = arena.next ? arena.next.url : null;
    arena.seated = { url: note.url, arena: note.arena, arenaUrl };
    if (!table.state.sessionOver) { // seated elsewhere: this table's hand is over (its arena_next may come later)
      table.state.sessionOver = true;
      table.render();
    }
    arena.goAt = Date.now() + GO_AFTER_MS;
    arena.timer = setInterval(() => {
      if (Date.now() >= arena.goAt) { clearInterval(arena.timer); location.href = note.url; return; }
      draw();
    }, 250);
    draw();
  }

  /** The table is closed and its `arena_next` was not seen (a state fetched afresh already held the close,
   * or the page opened after it): ask which arena the table was part of, if any. Once. */
  async function askArena() {
    arena.askedTable = true;
    const id = document.getElementById("table-app")?.dataset.tableId;
    let answer;
    try {
      const res = await fetch(`${TABLE_ARENA_URL}${id}.json`, { headers: { Accept: "application/json" } });
      if (!res.ok) return;
      answer = await res.json();
    } catch (e) {
      return;
    }
    if (arena.next || !answer.arena) return; // not an arena's table
    table.state.sessionOver = true;
    table.render();
    takeNext(answer);
  }

  table.hooks.push((frame, result) => {
    for (const ev of result.happened) if (ev.type === "arena_next") takeNext(ev);
    const closed = table.state.table && table.state.table.status === "closed";
    if (frame.type === "state" && closed && !arena.next && !arena.askedTable) askArena();
  });
  window.addEventListener("mj:notify", (event) => {
    const note = event.detail || {};
    if (note.type === "arena_seated") takeSeated(note);
  });
  table.arena = arena;
}
