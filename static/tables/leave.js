// 离开 during a running hand is an escape (逃跑): before the form goes, the table states the exact
// penalty the server figured for this player (balance included) and offers 托管 instead. Between hands
// leaving is free and the form goes at once. The server refuses an unconfirmed escape anyway.
import { _, fmt } from "../ui/i18n.js";
import { h, t, fill } from "../ui/dom.js";

export function bindLeave(S, ui) {
  const form = document.getElementById("leave-form");
  if (!form) return;
  form.addEventListener("submit", (event) => {
    if (!S.hand || S.seat === null || form.elements.confirm.value === "1") return;
    event.preventDefault();
    confirmEscape(S, ui, form);
  });
}

function confirmEscape(S, ui, form) {
  const box = document.getElementById("leave-dialog");
  const card = h("div", "leave-card");
  card.setAttribute("role", "alertdialog");
  card.setAttribute("aria-labelledby", "leave-title");
  const title = card.appendChild(t("h2", "", _("离开牌桌？")));
  title.id = "leave-title";
  const cost = S.escapeCost === null ? "" : String(S.escapeCost);
  const points = S.table && S.table.friends && S.table.friends.points; // a friends' room played for 积分
  const warning = points ? _("牌局进行中：现在离开算作逃跑，将扣除 %s 积分。") : _("牌局进行中：现在离开算作逃跑，将扣除 %s 游戏币。");
  const text = card.appendChild(t("p", "leave-cost", fmt(warning, [cost])));
  text.id = "escape-cost";
  card.appendChild(t("p", "", points ? _("机器人会替你打完这一局，这局的输赢仍算你的。开托管则不扣分，局间再离开。")
    : _("机器人会替你打完这一局，这局的输赢仍算你的。开托管则不扣币，局间再离开。")));
  const close = () => { box.hidden = true; fill(box); document.getElementById("leave-button")?.focus(); };
  const buttons = card.appendChild(h("div", "sheet-buttons"));
  const leave = buttons.appendChild(t("button", "danger", fmt(_("确认离开（扣除 %s）"), [cost])));
  leave.type = "button";
  leave.id = "confirm-escape";
  leave.addEventListener("click", () => { form.elements.confirm.value = "1"; form.requestSubmit(); });
  const auto = buttons.appendChild(t("button", "primary", _("改为托管")));
  auto.type = "button";
  auto.id = "escape-auto";
  auto.addEventListener("click", () => { ui.send({ type: "auto", on: true }); close(); });
  const stay = buttons.appendChild(t("button", "secondary", _("取消")));
  stay.type = "button";
  stay.id = "escape-cancel";
  stay.addEventListener("click", close);
  fill(box, card);
  box.hidden = false;
  stay.focus();
}
