"""A settlement sheet in words: each seat's payments as lines that add up to what it paid.

The engine gives each payment's factors as data (`engine.sheet.Charge.factors`: base, 番, 庄家 ×2,
连庄 ×n, 包); the ledger gives what was paid (`engine.sheet.with_posted_transfers`). Here they become
sentences in one language, with the players' names: "自摸：底 10 × 2番 × 庄家 ×2 = −40 → 小芳", the
balance floor's "余额不足，只付 5", a total, and the rule that makes every loser pay where it applies.
`explained` words a sheet in every language of the site once, at settlement, and stores it on the sheet,
so the live card, the replay, history and the API show the same words.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext

# Games where a win on a discard is paid by every loser, not the discarder alone (RULINGS pinghe/nanping).
EVERY_LOSER_PAYS = frozenset({"pinghe", "nanping"})
DISCARD_WINS = frozenset({"点炮胡", "抢杠胡"})
GUANGDONG_NOTE = re.compile(r"^seat (\d+): (.+) = (\d+)番 \((\d+)分\)$")


def explained(sheet: dict[str, Any], names: Sequence[str | None]) -> dict[str, Any]:
    """The sheet worded in each of the site's languages: {language code: `explain(sheet, names)`}."""
    out = {}
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            out[code] = explain(sheet, names)
    return out


def explain(sheet: dict[str, Any], names: Sequence[str | None]) -> dict[str, Any]:
    """In the active language: per seat its lines and total, the rule that applies, the notes."""
    seats = [_seat_lines(sheet, row, names) for row in sheet.get("seats", [])]
    notes = [n for n in (_note(x, names) for x in sheet.get("notes", [])) if n]
    return {"seats": seats, "rule": _rule(sheet), "notes": notes}


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
    lines.append(gettext("合计 %(total)s") % {"total": _signed(total)})
    return lines


def _item_line(item: dict[str, Any], names: Sequence[str | None]) -> str:
    amount = int(item["amount"])
    factors = [(str(k), int(v)) for k, v in item.get("factors") or []]
    product = " × ".join(_factor(k, v) for k, v in factors if k != "bao")
    how = f"{product} = {_signed(amount)}" if product else _signed(amount)
    who = seat_name(names, item.get("counterparty"))
    arrow = (gettext("付给 %(name)s") if amount < 0 else gettext("%(name)s 付")) % {"name": who}
    line = gettext("%(item)s：%(how)s（%(who)s）") % {"item": item_name(item), "how": how, "who": arrow}
    for key, seat in factors:
        if key == "bao":
            line += " " + gettext("包：替 %(name)s 付") % {"name": seat_name(names, seat)}
    return line


def item_name(item: dict[str, Any]) -> str:
    english = (translation.get_language() or "").startswith("en")
    return str(item.get("name_en") if english and item.get("name_en") else item.get("name_zh", ""))


def _factor(key: str, value: int) -> str:
    words = {
        "base": gettext("底 %(n)s"),
        "fan": gettext("%(n)s番"),
        "points": gettext("%(n)s分"),
        "dealer": gettext("庄家 ×%(n)s"),
        "streak": gettext("连庄 ×%(n)s"),
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


def _note(note: str, names: Sequence[str | None]) -> str | None:
    """The engine's notes in the page's words; a draw's note says what the heading already says."""
    if note.startswith(("流局", "臭庄")):
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
        return gettext("%(name)s：%(items)s，%(fan)s番（%(points)s分）") % values
    return note


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"
