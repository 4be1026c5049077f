"""A settlement sheet in words: each seat's payments as lines that add up to what it paid.

The engine gives each payment's factors as data (`engine.sheet.Charge.factors`: base, 番, 庄家 ×2,
连庄 ×n, 包); the ledger gives what was paid (`engine.sheet.with_posted_transfers`). Here they become
sentences in one language, with the players' names: "自摸：底 10 × 2番 × 庄家 ×2 = −40 → 小芳", the
balance floor's "余额不足，只付 5", a total, and the rule that makes every loser pay where it applies.
`explained` words a sheet in every language of the site once, at settlement, and stores it on the sheet,
so the live card, the replay, history and the API show the same words. A sheet of a friends' room played
for points (积分) is marked `"stakes": "points"` and its totals are worded as points (分): nothing there
is paid in coins.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from tables.friend_models import FriendRoom, Stakes

# Games where a win on a discard is paid by every loser, not the discarder alone (RULINGS pinghe/nanping).
EVERY_LOSER_PAYS = frozenset({"pinghe", "nanping"})
DISCARD_WINS = frozenset({"点炮胡", "抢杠胡"})
GUANGDONG_NOTE = re.compile(r"^seat (\d+): (.+) = (\d+)番 \((\d+)分\)$")
# Games whose 番 add up (the winner's items are a sum); the sheet states each winner's sum as a note.
ADDING_FAN = frozenset({"guangdong", "erren"})
# Factors that say how a payment came about but do not multiply it (`engine.sheet.Charge.factors`).
NOT_MULTIPLIERS = frozenset({"bao", "limit", "winners", "cap", "yakuman"})

# How a hand was won and what a payment is for, as the engine names them in Chinese (the sheet's
# `win_type`, its items' `name_zh`), in the page's language; English keeps the term beside it ("Pong (碰)").
# An item not named here reads as the engine's English name with its Chinese beside it.
TERMS = {
    "点炮胡": _("点炮胡"),
    "自摸": _("自摸"),
    "游金": _("游金"),
    "单游": _("单游"),
    "双游": _("双游"),
    "三游": _("三游"),
    "四游": _("四游"),
    "八游": _("八游"),
    "十六游": _("十六游"),
    "抢金": _("抢金"),
    "三金倒": _("三金倒"),
    "四金倒": _("四金倒"),
    "天胡": _("天胡"),
    "抢杠胡": _("抢杠胡"),
    "抢明杠胡": _("抢明杠胡"),
    "抢暗杠": _("抢暗杠"),
    "抢暗杠(抢错)": _("抢暗杠(抢错)"),
    "抢暗杠抢错": _("抢暗杠(抢错)"),
    "诈胡": _("诈胡"),
    "花分/杠分": _("花分/杠分"),
    "庄家": _("庄家"),
    "食胡": _("食胡"),
    "杠上开花": _("杠上开花"),
    "杠上开花包杠": _("杠上开花包杠"),
    "抢杠": _("抢杠"),
    "自摸(包)": _("自摸(包)"),
    "杠上开花(包)": _("杠上开花(包)"),
    "一炮双响": _("一炮双响"),
    "一炮三响": _("一炮三响"),
    "吃胡": _("吃胡"),
    "胡牌": _("胡牌"),
}


def worded(sheet: dict[str, Any], hand: Any) -> dict[str, Any]:
    """The stored sheet of `hand` with its words in every language (`explained`) added: at the hand's end
    (what is owed) and again once the ledger has posted it (what was paid); marked as points (`stakes`)
    when the hand was played in a friends' room for points."""
    if for_points(sheet) or FriendRoom.objects.filter(table_id=hand.table_id, stakes=Stakes.POINTS).exists():
        sheet = {**sheet, "stakes": Stakes.POINTS.value}
    return {**sheet, "explained": explained(sheet, seat_names(hand))}


def for_points(sheet: dict[str, Any] | None) -> bool:
    """Whether the sheet was played for points (积分: a friends' room's), not coins."""
    return bool(sheet) and (sheet or {}).get("stakes") == Stakes.POINTS.value


def seat_names(hand: Any) -> list[str | None]:
    """Each seat's player as the table shows them; None for a house bot's seat (worded per language)."""
    shown = {u.pk: u.shown_name for u in User.objects.filter(pk__in=hand.players)}
    return [None if seat in hand.bots else shown.get(pk) for seat, pk in enumerate(hand.players)]


def shown_names(hand: Any) -> list[str]:
    """Each seat's name in the active language, a house bot as 机器人 n (never its account's name)."""
    names = seat_names(hand)
    return [seat_name(names, seat) for seat in range(len(names))]


def explained(sheet: dict[str, Any], names: Sequence[str | None]) -> dict[str, Any]:
    """The sheet worded in each of the site's languages: {language code: `explain(sheet, names)`}."""
    out = {}
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            out[code] = explain(sheet, names)
    return out


def explain(sheet: dict[str, Any], names: Sequence[str | None]) -> dict[str, Any]:
    """In the active language: per seat its lines and total, the rule that applies, the notes, how the hand was
    won, and each seat's player as the hand was played (a card shown after someone stood up still names them)."""
    seats = [_seat_lines(sheet, row, names) for row in sheet.get("seats", [])]
    sums = _fan_sums(sheet, names)
    notes = [n for n in (_note(x, names, bool(sums)) for x in sheet.get("notes", [])) if n]
    win_type = term(str(sheet["win_type"])) if sheet.get("win_type") else None
    who = [seat_name(names, seat) for seat in range(len(sheet.get("seats", [])))]  # the hand's players, as it was
    return {"seats": seats, "rule": _rule(sheet), "notes": sums + notes, "win_type": win_type, "names": who}


def _fan_sums(sheet: dict[str, Any], names: Sequence[str | None]) -> list[str]:
    """In the games whose 番 add up, each winner's 番 as a sum: "小芳的番：平胡 1 + 自摸 1 = 2番（4分）"."""
    if sheet.get("variant") not in ADDING_FAN:
        return []
    out = []
    for row in sheet.get("seats", []):
        items = [it for it in row.get("items", []) if not it.get("amount") and it.get("unit") == "番"]
        if items:
            out.append(_fan_sum(sheet, int(row["seat"]), items, names))
    return out


def _fan_sum(sheet: dict[str, Any], seat: int, items: list[dict[str, Any]], names: Sequence[str | None]) -> str:
    parts = " + ".join(f"{item_name(it)} {_signed(int(it['value'])).lstrip('+')}" for it in items)
    total = sum(int(it["value"]) for it in items)
    if sheet.get("variant") == "guangdong":
        fan = max(0, total)
        result = ngettext("%(n)s番（%(points)s分）", "%(n)s番（%(points)s分）", 2**fan) % {"n": fan, "points": 2**fan}
    else:
        capped = min(total, 13)
        result = gettext("%(n)s番") % {"n": capped}
        if capped < total:
            result = gettext("%(total)s番，封顶 %(n)s番") % {"total": total, "n": capped}
    return gettext("%(name)s的番：%(items)s = %(result)s") % {
        "name": seat_name(names, seat),
        "items": parts,
        "result": result,
    }


def seat_name(names: Sequence[str | None], seat: int | None) -> str:
    """A seat's player as the table shows them; a house bot's seat (None) as 机器人 and its seat number
    counted from 1, in the active language."""
    if seat is None or not 0 <= seat < len(names):
        return "?"
    return names[seat] or gettext("机器人 %(n)d") % {"n": seat + 1}


def _seat_lines(sheet: dict[str, Any], row: dict[str, Any], names: Sequence[str | None]) -> list[str]:
    lines = [_item_line(item, names) for item in row.get("items", []) if item.get("amount")]
    owed, paid = int(row.get("owed", 0)), row.get("paid")
    if sheet.get("posted") and paid is not None and paid != owed:
        lines.append(_floor_line(owed, int(paid)))
    total = int(paid) if sheet.get("posted") and paid is not None else owed
    if for_points(sheet):  # points have no floor (owed is paid) and are worded as points
        lines.append(gettext("合计 %(total)s 分") % {"total": _signed(total)})
    else:
        lines.append(gettext("合计 %(total)s") % {"total": _signed(total)})
    return lines


def _item_line(item: dict[str, Any], names: Sequence[str | None]) -> str:
    amount = int(item["amount"])
    factors = [(str(k), int(v)) for k, v in item.get("factors") or []]
    product = " × ".join(_factor(k, v) for k, v in factors if k not in NOT_MULTIPLIERS)
    how = f"{product} = {_signed(amount)}" if product else _signed(amount)
    who = seat_name(names, item.get("counterparty"))
    arrow = (gettext("付给 %(name)s") if amount < 0 else gettext("%(name)s 付")) % {"name": who}
    line = gettext("%(item)s：%(how)s（%(who)s）") % {"item": item_name(item), "how": how, "who": arrow}
    for key, value in factors:
        if key in NOT_MULTIPLIERS:
            line += " " + _remark(key, value, names)
    return line


def _remark(key: str, value: int, names: Sequence[str | None]) -> str:
    """What a factor that is not a multiplier says about the payment."""
    if key == "bao":
        return gettext("包：替 %(name)s 付") % {"name": seat_name(names, value)}
    words = {
        "limit": gettext("爆胡：%(n)s番 按 3番 封顶"),
        "winners": gettext("一炮多响：%(n)s 家胡同一张牌，各付各的"),
        "cap": gettext("封顶：%(n)s番 按 13番 计"),
        "yakuman": gettext("役满：按封顶 %(n)s番 计"),
    }
    return words[key] % {"n": value} if key in words else f"{key} {value}"


def item_name(item: dict[str, Any]) -> str:
    """A sheet item's name in the active language: a known term from the catalogue; otherwise in Chinese the
    engine's Chinese name, in English the engine's English name with the Chinese term beside it."""
    zh, en = str(item.get("name_zh", "")), str(item.get("name_en") or "")
    return term(zh, en)


def term(zh: str, en: str = "") -> str:
    """A game term (a win type, an item) in the active language (see TERMS)."""
    if zh in TERMS:
        return str(TERMS[zh])
    if not (translation.get_language() or "").startswith("en") or not en:
        return zh
    numbered = re.match(r"^(.*?)\s*#(\d+)$", zh)  # nanping's 分饼 #k
    if numbered:
        return f"{term(numbered.group(1))} #{numbered.group(2)}"
    return f"{en[:1].upper()}{en[1:]} ({zh})"


def _factor(key: str, value: int) -> str:
    words = {
        "base": gettext("底 %(n)s"),
        "fan": gettext("%(n)s番"),
        "points": gettext("%(n)s分"),
        "dealer": gettext("庄家 ×%(n)s"),
        "streak": gettext("连庄 ×%(n)s"),
        "for_three": gettext("一家付三家 ×%(n)s"),
        "liable": gettext("包三家 ×%(n)s"),
    }
    if key == "fan_points":  # guangdong: n 番 count 2^n 分
        return ngettext("%(points)s分（%(n)s番）", "%(points)s分（%(n)s番）", 2**value) % {
            "points": 2**value,
            "n": value,
        }
    return (words.get(key) or f"{key} %(n)s") % {"n": value}


def _floor_line(owed: int, paid: int) -> str:
    if owed < 0:  # a payer short of coins
        return gettext("余额不足，只付 %(paid)s（少付 %(short)s）：%(diff)s") % {
            "paid": -paid,
            "short": paid - owed,
            "diff": _signed(paid - owed),
        }
    return gettext("输家余额不足，少收 %(short)s：%(diff)s") % {"short": owed - paid, "diff": _signed(paid - owed)}


def _rule(sheet: dict[str, Any]) -> str | None:
    if sheet.get("variant") in EVERY_LOSER_PAYS and sheet.get("win_type") in DISCARD_WINS:
        return gettext("点炮胡也由三家一起付：放炮的人和另外两家都付（本玩法的规则）。")
    return None


def _note(note: str, names: Sequence[str | None], summed: bool = False) -> str | None:
    """The engine's notes in the page's words; a draw's note says what the heading already says, and a
    guangdong winner's note what the 番 sums (`summed`) say."""
    if note.startswith(("流局", "臭庄")):
        return None
    if summed and (GUANGDONG_NOTE.match(note) or note.startswith(("役满", "封顶"))):
        return None
    if note.startswith("抢错按自摸赔"):
        return gettext("抢暗杠抢错：按自摸赔给另外三家。")
    if note.startswith("诈胡按自摸赔三家"):
        return gettext("诈胡：按自摸赔给另外三家。")
    if note.startswith("役满"):
        return gettext("役满：按封顶 13番 计，不再另加。")
    if note.startswith("封顶"):
        return gettext("封顶 13番。")
    found = GUANGDONG_NOTE.match(note)
    if found:
        seat, items, fan, points = found.groups()
        values = {"name": seat_name(names, int(seat)), "items": items, "fan": fan, "points": points}
        one = ngettext(  # the source language has no plural; English does
            "%(name)s：%(items)s，%(fan)s番（%(points)s分）",
            "%(name)s：%(items)s，%(fan)s番（%(points)s分）",
            int(points),
        )
        return one % values
    return note


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"
