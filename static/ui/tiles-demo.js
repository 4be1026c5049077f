// The home page's row of sample tiles (data-tiles="1m 5p ..."), drawn by the shared tile module.
import { ensureDefs, svg } from "./tiles.js";

const box = document.getElementById("tiles-demo");
if (box) {
  ensureDefs();
  box.innerHTML = box.dataset.tiles.split(" ").map((code) => svg(code, { gold: code === "1z" })).join("");
}
