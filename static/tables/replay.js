// Step through a finished hand: every seat's view after every logged action.
(function () {
  "use strict";
  const data = document.getElementById("replay-steps");
  if (!data) return;
  const steps = JSON.parse(data.textContent);
  let i = 0;
  function show() {
    const step = steps[i];
    document.getElementById("step-label").textContent = `${i} / ${steps.length - 1}`;
    document.getElementById("step-action").textContent = step.action ? JSON.stringify(step.action) : "发牌 the deal";
    const box = document.getElementById("step-views");
    box.innerHTML = "";
    step.views.forEach((v, seat) => {
      const pre = document.createElement("pre");
      pre.textContent = `座位 seat ${seat + 1}\n` + JSON.stringify(v, null, 1);
      box.appendChild(pre);
    });
  }
  document.getElementById("prev").addEventListener("click", () => { if (i > 0) { i--; show(); } });
  document.getElementById("next").addEventListener("click", () => { if (i < steps.length - 1) { i++; show(); } });
  show();
})();
