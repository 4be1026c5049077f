// Playing by keyboard: ←/→ choose a tile in the hand (or the tile picker), Enter discards
// the chosen tile, and one key per action (shown on its button): H 胡/自摸/游金, Q 抢金,
// P 碰, G 杠, C 吃, D 报听, N 喊金, R 抢暗杠, X 换牌/换三张/搓牌, Space or Esc 过.
export const ACTION_KEYS = {
  win: "H", qiangjin: "Q", pong: "P", kong: "G", chow: "C", "chow-menu": "C", declare: "D", name_gold: "N",
  rob_concealed_kong: "R", exchange: "X", swap: "X", pick: "X", pass: "Space",
};
const TYPES_OF_KEY = {};
for (const [type, key] of Object.entries(ACTION_KEYS)) (TYPES_OF_KEY[key.toLowerCase()] ||= []).push(type);
TYPES_OF_KEY.escape = ["pass"];

/** What the key is called on a button, in the page's words. */
export function keyLabel(key, spaceWord) {
  return key === "Space" ? spaceWord : key;
}

function typing(target) {
  return target && (target.isContentEditable || ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName));
}

export function bindKeys(app) {
  document.addEventListener("keydown", (e) => {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
    if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
      if (moveFocus(app, e.key === "ArrowRight" ? 1 : -1)) e.preventDefault();
      return;
    }
    if (e.key === "Enter" && !e.target.closest?.("button, a, [role=button], [role=checkbox], summary")) {
      // nothing chosen yet: Enter chooses the drawn tile (a second Enter discards it)
      if (moveFocus(app, 0)) e.preventDefault();
      return;
    }
    const name = e.key === " " ? "space" : e.key.toLowerCase();
    // Space on a focused button presses that button, as everywhere else
    if (name === "space" && e.target.closest?.("button, [role=button], [role=checkbox], summary")) return;
    const types = TYPES_OF_KEY[name];
    if (!types) return;
    const button = types.map((type) => app.querySelector(`#actions button[data-action-type="${type}"]`)).find(Boolean);
    if (!button) return;
    e.preventDefault();
    button.click();
  });
}

/** Move the keyboard focus `step` tiles along the hand (0: to the drawn tile, else the last). */
function moveFocus(app, step) {
  const tiles = [...app.querySelectorAll("#actions .picker .tile, #my-hand .tile.playable")];
  if (!tiles.length) return false;
  const at = tiles.indexOf(document.activeElement);
  let next;
  if (at < 0 || step === 0) {
    const drawn = tiles.find((n) => n.classList.contains("drawn"));
    next = drawn || tiles[tiles.length - 1];
  } else {
    next = tiles[(at + step + tiles.length) % tiles.length];
  }
  next.focus();
  return true;
}
