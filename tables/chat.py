"""Quick chat (快捷语) and emotes at a table: a fixed list of phrases, so nothing to moderate.

A seated player sends `{"type": "chat", "phrase": id}` or `{"type": "chat", "emote": id}`;
every socket at the table (seats and spectators) receives `{"type": "chat", "seat": s,
"phrase": id}` (or `"emote"`) and shows it in its own language. Chat is not part of the
table's versioned history: a line missed while reconnecting is gone, as speech is.
Spectators may watch the chat but not send. Each seat may send `TABLES_CHAT_BURST` (3) lines
per `TABLES_CHAT_WINDOW_SECONDS` (10), counted in the shared cache: all the seat's sockets share it.
"""

from __future__ import annotations

from typing import Any

from asgiref.sync import sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.core.cache import cache
from django.utils.translation import gettext_lazy

from tables.errors import MalformedMessage, NotSeated, TableError

# id -> the phrase in the page's language (the id is what travels; each reader translates)
PHRASES: dict[str, Any] = {
    "hello": gettext_lazy("大家好！"),
    "hurry": gettext_lazy("快点吧，我等得花儿都谢了"),
    "nice": gettext_lazy("打得好！"),
    "thanks": gettext_lazy("谢谢！"),
    "oops": gettext_lazy("哎呀，手气不好"),
    "again": gettext_lazy("再来一局！"),
    "bye": gettext_lazy("下次再玩，再见！"),
}
# id -> what a screen reader says for the emote (the faces are drawn by static/tables/chat.js)
EMOTES: dict[str, Any] = {
    "smile": gettext_lazy("微笑"),
    "laugh": gettext_lazy("大笑"),
    "cry": gettext_lazy("哭"),
    "angry": gettext_lazy("生气"),
    "wow": gettext_lazy("惊讶"),
    "thumbs": gettext_lazy("点赞"),
}


def limits() -> tuple[int, int]:
    """(lines, seconds): how many lines a seat may send per window (settings, for operators and tests)."""
    return int(settings.TABLES_CHAT_BURST), int(settings.TABLES_CHAT_WINDOW_SECONDS)


class ChatRateLimited(TableError):
    """Too many quick-chat lines from this seat: wait a few seconds."""

    code = "chat_rate_limited"


def chat_group(table_id: int) -> str:
    return f"tbl.{table_id}.chat"


def catalogue() -> dict[str, list[dict[str, str]]]:
    """The phrases and emotes in the current language, for the table page."""
    return {
        "phrases": [{"id": key, "text": str(text)} for key, text in PHRASES.items()],
        "emotes": [{"id": key, "label": str(label)} for key, label in EMOTES.items()],
    }


def chat_line(content: dict[str, Any]) -> dict[str, str]:
    """`{"phrase": id}` or `{"emote": id}` from a client message; MalformedMessage otherwise."""
    phrase, emote = content.get("phrase"), content.get("emote")
    if (phrase is None) == (emote is None):
        raise MalformedMessage('a chat message has exactly one of "phrase" or "emote"')
    if phrase is not None:
        if not isinstance(phrase, str) or phrase not in PHRASES:
            raise MalformedMessage(f"unknown phrase; one of {', '.join(PHRASES)}")
        return {"phrase": phrase}
    if not isinstance(emote, str) or emote not in EMOTES:
        raise MalformedMessage(f"unknown emote; one of {', '.join(EMOTES)}")
    return {"emote": emote}


def count_line(table_id: int, seat: int) -> int:
    """One more line from the seat in its current window; how many that makes.

    The sync cache API on purpose: RedisCache.incr is Redis's atomic INCR, while the async
    `aincr` is a get-then-set that loses counts when a seat's sockets speak at once."""
    window = limits()[1]
    key = f"chat:{table_id}:{seat}"
    cache.add(key, 0, timeout=window)
    try:
        return int(cache.incr(key))
    except ValueError:  # the window expired between add and incr: a new one starts
        cache.set(key, 1, timeout=window)
        return 1


async def take_turn_to_speak(table_id: int, seat: int) -> None:
    """Count one line against the seat's window; ChatRateLimited when the window is full."""
    if await sync_to_async(count_line)(table_id, seat) > limits()[0]:
        raise ChatRateLimited()


class ChatMixin(AsyncJsonWebsocketConsumer):
    """The table consumer's quick chat: join the table's chat group, relay lines to it."""

    table_id: int
    seat: int | None
    groups_joined: list[str]

    async def join_chat(self) -> None:
        group = chat_group(self.table_id)
        await self.channel_layer.group_add(group, self.channel_name)
        self.groups_joined.append(group)

    async def _on_chat(self, content: dict[str, Any]) -> None:
        line = chat_line(content)
        if self.seat is None:
            raise NotSeated("spectators may read the table's chat but not send")
        await take_turn_to_speak(self.table_id, self.seat)
        message = {"type": "table.chat", "seat": self.seat, **line}
        await self.channel_layer.group_send(chat_group(self.table_id), message)

    async def table_chat(self, message: dict[str, Any]) -> None:
        line: dict[str, str] = {key: message[key] for key in ("phrase", "emote") if key in message}
        await self.send_json({"type": "chat", "seat": message["seat"], **line})
