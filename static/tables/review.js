// 牌谱分析: the player's own hand review beside the replay's steps.
// The review (engine.review JSON, stored after settlement) is in #replay-review. The replay
// announces each step it shows ("mj:replay-step"); this panel shows the decision made at that
// step, and the list of marked decisions jumps the replay to one ("mj:replay-go").
import { _, fmt } from "../ui/i18n.js";
import { t, fill } from "../ui/dom.js";
import * as T from "../ui/tiles.js";

const MARKS = {
  costly: _("失误"), defensive: _("防守"), risky: _("危险"), win_passed: _("放过和牌"),
  claim_lowered: _("鸣牌进向听"), claim_no_gain: _("鸣牌未进向听"), claim_refused: _("放过可进向听的鸣牌"),
  youjin_entered: _("进入游金"), youjin_kept: _("保持游金"), youjin_lost: _("错过游金"),
  shuangyou_entered: _("进入双游"), shuangyou_passed: _("放弃双游机会"),
};
const BAD = new Set(["costly", "win_passed", "youjin_lost", "risky"]);

function shantenText(n) {
  if (n === null || n === undefined) return "—";
  if (n < 0) return _("和牌");
  return n === 0 ? _("听牌") : fmt(_("%s 向听"), [n]);
}

function choiceLine(label, c, gold) {
  const line = t("div", "review-choice", "");
  line.dataset.tile = c.tile;
  line.appendChild(t("span", "label", label));
  line.appendChild(T.tileNode(c.tile, gold));
  const bits = [shantenText(c.shanten), fmt(_("有效牌 %s 张"), [c.effective]), fmt(_("放炮 %s%"), [Math.round(c.danger * 100)])];
  if (c.youjin) bits.push(_("游金"));
  line.appendChild(t("span", "numbers", bits.join(" · ")));
  return line;
}

function marksNode(marks) {
  const box = t("span", "review-marks", "");
  for (const m of marks) {
    const mark = box.appendChild(t("span", "mark " + (BAD.has(m) ? "bad" : "good"), MARKS[m] || m));
    mark.dataset.mark = m;
  }
  return box;
}

function decisionNodes(d, gold) {
  const nodes = [marksNode(d.marks)];
  if (d.chosen) {
    nodes.push(choiceLine(_("你打出"), d.chosen, gold));
    for (const c of d.best) nodes.push(choiceLine(c.tile === d.chosen.tile ? _("最佳 ✓") : _("可选"), c, gold));
    if (d.careful && d.careful.tile !== d.best[0].tile) nodes.push(choiceLine(_("稳妥打法"), d.careful, gold));
  } else if (d.after !== null && d.after !== undefined) {
    nodes.push(t("p", "", fmt(_("向听：%s → %s"), [shantenText(d.shanten), shantenText(d.after)])));
  } else {
    nodes.push(t("p", "", shantenText(d.shanten)));
  }
  return nodes;
}

function markedList(review, box) {
  for (const d of review.decisions) {
    if (!d.marks.length) continue;
    const item = t("li", "", "");
    const link = item.appendChild(t("button", "link", fmt(_("第 %s 步"), [d.step])));
    link.type = "button";
    link.dataset.step = String(d.step);
    link.addEventListener("click", () => document.dispatchEvent(new CustomEvent("mj:replay-go", { detail: { index: d.step } })));
    item.appendChild(marksNode(d.marks));
    box.appendChild(item);
  }
}

function start() {
  const data = document.getElementById("replay-review");
  const panel = document.getElementById("review-step");
  const review = data && panel ? JSON.parse(data.textContent) : null;
  if (!review) return;
  const byStep = new Map(review.decisions.map((d) => [d.step, d]));
  const render = (index, gold) => {
    const d = byStep.get(index);
    panel.dataset.step = String(index);
    fill(panel, ...(d ? decisionNodes(d, gold) : [t("p", "muted", _("这一步不是你的决定。"))]));
  };
  document.addEventListener("mj:replay-step", (e) => render(e.detail.index, e.detail.step.views[0].gold));
  markedList(review, document.getElementById("review-list"));
  const scrub = document.getElementById("scrub");  // the replay may have drawn its first step already
  render(scrub ? Number(scrub.value) : 0, null);
}

start();
