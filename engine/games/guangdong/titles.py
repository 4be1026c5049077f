"""广东鸡平胡 (`guangdong`) player titles (等级): 炸胡 … 十八罗汉 by cumulative score."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Title:
    """A 等级 title and the lowest cumulative score that earns it (None: no floor)."""

    name_zh: str
    minimum: int | None


TITLES: tuple[Title, ...] = (
    Title("炸胡", None),
    Title("鸡胡", 20),
    Title("平胡", 50),
    Title("清一色", 100),
    Title("混碰", 200),
    Title("清碰", 500),
    Title("混幺九", 1000),
    Title("小三元", 5000),
    Title("小四喜", 10000),
    Title("清幺九", 20000),
    Title("大三元", 50000),
    Title("大四喜", 100000),
    Title("九宝莲灯", 200000),
    Title("十三幺", 500000),
    Title("十八罗汉", 1000000),
)


def player_title(cumulative: int) -> Title:
    """The title for a cumulative guangdong score (炸胡 at 19 or less, 十八罗汉 from 1,000,000)."""
    earned = [t for t in TITLES if t.minimum is None or cumulative >= t.minimum]
    return earned[-1]
