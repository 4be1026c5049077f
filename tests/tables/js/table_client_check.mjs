// Runs static/tables/table.js, the table page's client, outside a browser: a small DOM stand-in,
// Node's WebSocket (with the session cookie a browser would send), and a "player" that clicks the
// buttons the client renders (胡 when offered, 过 on claims, otherwise the first 打 button) until the
// client shows the hand's result. Exit 0 = the hand was played to its end through the page's own code.
// Usage: node --experimental-websocket table_client_check.mjs <table.js> <host:port> <ws path> <cookie>
import { readFileSync } from "node:fs";

const [script, host, wsPath, cookie] = process.argv.slice(2);

class Element {
  constructor(tag) {
    this.tagName = tag.toUpperCase(); this.children = []; this.dataset = {}; this.listeners = {};
    this._text = ""; this.className = ""; this.parent = null;
  }
  get textContent() { return this._text + this.children.map((c) => c.textContent).join(""); }
  set textContent(v) { this._text = String(v); this.children = []; }
  set innerHTML(v) { this._text = ""; this.children = []; }
  get lastChild() { return this.children[this.children.length - 1] || null; }
  appendChild(c) { c.parent = this; this.children.push(c); return c; }
  prepend(c) { c.parent = this; this.children.unshift(c); }
  remove() { if (this.parent) this.parent.children = this.parent.children.filter((x) => x !== this); }
  addEventListener(kind, fn) { (this.listeners[kind] ||= []).push(fn); }
  click() { for (const fn of this.listeners.click || []) fn({ target: this }); }
  querySelectorAll(tag) {
    const out = [];
    const walk = (e) => { for (const c of e.children) { if (c.tagName === tag.toUpperCase()) out.push(c); walk(c); } };
    walk(this);
    return out;
  }
}
const ids = {};
for (const id of ["table-app", "conn-status", "hand-meta", "seats", "board", "my-hand", "controls", "result", "log"]) {
  ids[id] = new Element("div");
}
ids["table-app"].dataset = { tableId: "1", wsPath, seated: "1" };
globalThis.document = { getElementById: (id) => ids[id] || null, createElement: (tag) => new Element(tag) };
globalThis.location = { protocol: "http:", host, href: "" };
const NodeWebSocket = globalThis.WebSocket;
globalThis.WebSocket = class extends NodeWebSocket {
  constructor(url) { super(url, { headers: { Cookie: cookie, Origin: "http://localhost" } }); }
};
new Function(readFileSync(script, "utf8"))();

let clicks = 0;
const started = Date.now();
setInterval(() => {
  if (ids.result.textContent.includes("结算")) {
    console.log(`hand played to its end in the page client: ${clicks} clicks`);
    process.exit(0);
  }
  if (Date.now() - started > 90000) {
    console.log("timed out; log:", ids.log.children.slice(0, 10).map((c) => c.textContent));
    process.exit(1);
  }
  const buttons = ids.controls.querySelectorAll("button").filter((b) => b.dataset.action);
  const pick = ["胡", "过", "打"].map((w) => buttons.find((b) => b.textContent.startsWith(w))).find(Boolean) || buttons[0];
  if (pick) { clicks += 1; pick.click(); }
}, 150);
