// The logged-in user's notification socket (/ws/notify/). Other scripts listen for
// "mj:notify" events on window; when the server ends the session (logout, ban) we stop.
(function () {
  "use strict";
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  let delay = 1000;
  let stopped = false;
  function connect() {
    const socket = new WebSocket(`${scheme}://${location.host}/ws/notify/`);
    socket.onopen = () => { delay = 1000; };
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "notify") {
        window.dispatchEvent(new CustomEvent("mj:notify", { detail: message.payload }));
        if (message.payload && message.payload.type === "table_closed") {
          banner("牌桌已被管理员关闭 An operator closed your table: " + message.payload.reason);
        }
      } else if (message.type === "closing") {
        stopped = true;
        window.dispatchEvent(new CustomEvent("mj:session-ended", { detail: message.reason }));
        if (message.reason && message.reason !== "logged out") banner(message.reason);
      }
    };
    socket.onclose = (event) => {
      // 4001: the server ended this user's session; a refused handshake also means "not logged in".
      if (stopped || event.code === 4001) return;
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 30000);
    };
  }
  // What the server says when it ends the session (a suspension or ban) or closes a table, shown on any page.
  function banner(text) {
    const box = document.createElement("div");
    box.id = "server-notice";
    box.setAttribute("role", "alert");
    box.textContent = text;
    box.style.cssText = "position:fixed;top:0;left:0;right:0;z-index:1000;padding:.8em;background:#9e2a2b;color:#fff;";
    document.body.prepend(box);
  }
  connect();
})();
