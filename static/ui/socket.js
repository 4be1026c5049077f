// One reconnecting WebSocket for every page that talks to the server (the table, the
// notification socket, anything later). Reconnects with backoff, notices a socket that died
// silently (phone asleep, Wi-Fi change) by its heartbeat, and — when `versioned` — keeps the
// table's version: frames older than it are dropped, a gap asks the server for what was missed
// (docs/protocol.md), so the caller only ever sees frames in order.

const FINAL_CODES = [4001, 4004]; // not logged in / no such table: reconnecting cannot help

export class Socket {
  /**
   * @param {string} path  e.g. "/ws/tables/7/"
   * @param {object} o  onMessage(frame), onStatus("connecting"|"reconnecting"|"ok"|"down"),
   *   versioned (bool), heartbeatMs (ping interval, 0 = none), staleMs (no frame for this long: reconnect)
   */
  constructor(path, o) {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    this.url = scheme + location.host + path;
    this.onMessage = o.onMessage;
    this.onStatus = o.onStatus || (() => {});
    this.versioned = Boolean(o.versioned);
    this.heartbeatMs = o.heartbeatMs === undefined ? 10000 : o.heartbeatMs;
    this.staleMs = o.staleMs || 45000;
    this.version = 0;
    this.ws = null;
    this.retry = o.retryMs || 500;
    this.firstRetry = this.retry;
    this.maxRetry = o.maxRetryMs || 8000;
    this.everConnected = false;
    this.stopped = false;
    this.lastFrame = Date.now();
    this.stateAsked = 0; // when a whole state was last asked for (0: it came)
    this.soon = null; // a resyncSoon timer
    window.addEventListener("online", () => { if (!this.ws && !this.stopped) this.connect(); });
    document.addEventListener("visibilitychange", () => { if (!document.hidden) this.heartbeat(); });
    if (this.heartbeatMs) setInterval(() => this.heartbeat(), this.heartbeatMs);
  }

  connect() {
    this.onStatus(this.everConnected ? "reconnecting" : "connecting");
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.onopen = () => {
      this.everConnected = true;
      this.retry = this.firstRetry;
      this.lastFrame = Date.now();
      this.onStatus("ok");
    };
    ws.onmessage = (e) => this.receive(JSON.parse(e.data));
    ws.onclose = (e) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.stopped || FINAL_CODES.includes(e.code)) { this.onStatus("down"); return; }
      this.onStatus("reconnecting");
      setTimeout(() => this.connect(), this.retry);
      this.retry = Math.min(this.retry * 2, this.maxRetry);
    };
    return this;
  }

  send(msg) {
    if (this.ws && this.ws.readyState === 1) this.ws.send(JSON.stringify(msg));
  }

  /** Stop for good (the server ended the session). */
  stop() {
    this.stopped = true;
    if (this.ws) this.ws.close();
  }

  /** Drop the connection as a network failure would (tests, and the curious); it reconnects. */
  drop() {
    if (this.ws) this.ws.close(4000, "dropped");
  }

  heartbeat() {
    if (!this.ws || this.ws.readyState !== 1) return;
    if (Date.now() - this.lastFrame > this.staleMs) { this.ws.close(); return; }
    this.send({ type: "ping" });
  }

  /** Ask for what was missed (`since`) or the whole state. A whole state already asked for and not yet
   * come is not asked again: a burst of events must not become a burst of requests (the server's rate
   * limit would refuse them, and 50 refusals close the socket). */
  resync(since) {
    if (since === undefined) {
      if (Date.now() - this.stateAsked < 3000) return;
      this.stateAsked = Date.now();
      this.send({ type: "resync" });
      return;
    }
    this.send({ type: "resync", since: since });
  }

  /** A whole state, a second from now (after a refusal for sending too much). */
  resyncSoon() {
    if (this.soon) return;
    this.soon = setTimeout(() => { this.soon = null; this.stateAsked = 0; this.resync(); }, 1000);
  }

  receive(frame) {
    this.lastFrame = Date.now();
    if (frame.type === "state") this.stateAsked = 0;
    if (this.versioned && !this.inOrder(frame)) return;
    this.onMessage(frame);
  }

  /** Versioning: keep frames in order; false when the frame is stale or a gap must be fetched first. */
  inOrder(frame) {
    if (frame.type === "state") { this.version = frame.version; return true; }
    if (frame.type === "pong") {
      if (frame.version > this.version) this.resync(this.version);
      return true;
    }
    if (frame.type !== "events") return true;
    if (frame.from > this.version + 1) { this.resync(this.version); return false; }
    frame.events = frame.events.filter((ev) => ev.version > this.version);
    this.version = Math.max(this.version, frame.to);
    return true;
  }
}
