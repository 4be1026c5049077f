// The logged-in user's notification socket (/ws/notify/). Other scripts listen for
// "mj:notify" events on window; when the server ends the session (logout, ban) we stop.
import { Socket } from "../ui/socket.js";

// What the server says when it ends the session (a suspension or ban) or closes a table, shown on any page.
function banner(text) {
  const box = document.createElement("div");
  box.id = "server-notice";
  box.className = "server-notice";
  box.setAttribute("role", "alert");
  box.textContent = text;
  document.body.prepend(box);
}

function onMessage(message) {
  if (message.type === "notify") {
    window.dispatchEvent(new CustomEvent("mj:notify", { detail: message.payload }));
    if (message.payload && message.payload.type === "table_closed") {
      banner(interpolate(gettext("牌桌已被管理员关闭：%s"), [message.payload.reason]));
    }
  } else if (message.type === "closing") {
    socket.stop();
    window.dispatchEvent(new CustomEvent("mj:session-ended", { detail: message.reason }));
    // The server renders the reason in this page's language; logging out needs no banner.
    if (message.reason && message.code !== "logged_out") banner(message.reason);
  }
}

// 4001 (the server ended this user's session) stops the socket; anything else reconnects, more slowly.
const socket = new Socket("/ws/notify/", { onMessage, heartbeatMs: 0, retryMs: 1000, maxRetryMs: 30000 });
socket.connect();
