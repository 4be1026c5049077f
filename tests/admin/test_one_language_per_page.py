"""Each page speaks one language: a Chinese page shows no English UI text and an English page no
Chinese UI text — the players' pages and the operator console alike.

What may cross over is named: names and other user content (never translated: display names,
role group names, the reasons people gave), the game's Chinese terms the English catalogue
deliberately keeps beside their translation ("Pong (碰)"), technical words inside the Chinese
texts themselves (sha256, CSV), the language switch's "English"/"中文", and data: seeds and JSON
(code, read-only field values, Django's isolated <bdi> values), the permission names Django stores
in the database, the alt text of Django's yes/no icons. The rules pages are documents, not UI,
and are left out.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from tests.test_catalogues import entries

pytestmark = pytest.mark.django_db

CJK = re.compile(r"[\u2e80-\u9fff\uf900-\ufaff\uff01-\uff5e]+")
LATIN = re.compile(r"[A-Za-z][A-Za-z_]+")
LOCALE = Path(settings.BASE_DIR) / "locale" / "en" / "LC_MESSAGES"
SWITCH = {"English", "中文"}  # the language switch names the other language in that language
SKIPPED = {"script", "style", "code", "pre", "textarea", "bdi"}  # data and user content, not UI text
TECHNICAL = {"ID", "Control", "Command", "Mac"}  # Django's own Chinese admin text uses these
SHOWN_ATTRIBUTES = {"title", "placeholder", "aria-label", "alt"}


class VisibleText(HTMLParser):
    """The text a reader sees (and hears from a screen reader), outside code, scripts, styles and data."""

    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.skipped_depth = 0  # > 0 inside an element whose content is not UI text

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        shown = dict(attrs)
        if self.skipped_depth or tag in SKIPPED or self.is_data(tag, shown):
            self.skipped_depth += tag not in self.VOID
            return
        if "/admin/img/" in str(shown.get("src", "")):
            return  # Django's own icons: alt="True"/"False"/"Search", which Django leaves untranslated
        self.parts += [str(v) for k, v in attrs if k in SHOWN_ATTRIBUTES and v]
        if tag == "input" and shown.get("type") in ("submit", "button") and shown.get("value"):
            self.parts.append(str(shown["value"]))

    @staticmethod
    def is_data(tag: str, attrs: dict[str, str | None]) -> bool:
        """A read-only field's value, or the database's permission names."""
        classes = str(attrs.get("class") or "").split()
        return (tag == "div" and "readonly" in classes) or (tag == "select" and attrs.get("name") == "user_permissions")

    def handle_endtag(self, tag: str) -> None:
        if self.skipped_depth and tag not in self.VOID:
            self.skipped_depth -= 1

    def handle_data(self, data: str) -> None:
        if not self.skipped_depth:
            self.parts.append(data)


def visible_text(page: str, user_content: set[str]) -> str:
    parser = VisibleText()
    parser.feed(page)
    text = " \n ".join(parser.parts)
    for content in sorted(user_content, key=len, reverse=True):
        text = text.replace(content, " ")
    return text


def kept_chinese_terms() -> set[str]:
    """The Chinese the English catalogues keep on purpose (game terms beside their translation)."""
    return {
        run
        for domain in ("django", "djangojs")
        for e in entries(LOCALE / f"{domain}.po")
        for text in e["msgstrs"]
        for run in CJK.findall(text)
    }


def words_of_the_chinese_texts() -> set[str]:
    """Latin words that are part of the Chinese source texts themselves (sha256, CSV, JSON ...)."""
    return {
        w
        for domain in ("django", "djangojs")
        for e in entries(LOCALE / f"{domain}.po")
        for w in LATIN.findall(re.sub(r"%\(\w+\)\w|<[^>]+>", " ", str(e["msgid"])))
    }


def user_content() -> set[str]:
    """What people (and the system on their behalf) wrote: names, e-mails, group names, reasons, references."""
    from django.contrib.auth.models import Group

    from accounts.models import User
    from ledger.models import Account, Transaction
    from operations.models import AuditEntry, Sanction

    found: set[str] = set()
    for user in User.objects.all():
        found |= {str(v) for v in (user.username, user.display_name, user.email, str(user)) if v}
    found |= {str(g) for g in Group.objects.all()} | {str(a) for a in Account.objects.all()}
    for reason, reference in Transaction.objects.values_list("reason", "reference"):
        found |= {reason, reference} - {""}
    found |= set(AuditEntry.objects.values_list("reason", flat=True)) | set(
        Sanction.objects.values_list("reason", flat=True)
    )
    return found


def in_language(client: Client, language: str) -> Client:
    client.post(reverse("set_language"), {"language": language, "next": "/"})
    return client


def player_pages(hand) -> list[str]:
    table = hand.table
    return [
        reverse("home"),
        reverse("tables:lobby"),
        reverse("tables:room", args=[table.room_id]),
        reverse("tables:table", args=[table.pk]),
        reverse("tables:history"),
        reverse("tables:replay", args=[hand.pk]),
        reverse("ledger:wallet"),
        reverse("accounts:profile"),
        reverse("accounts:password_change"),
        reverse("match:zone"),
    ]


@pytest.fixture
def risk_pair(ming, fang, finished_hand):
    """A scored 风控 pair of 阿明 and 小芳, the finished hand among its hands."""
    from django.utils import timezone

    from coins.models import RiskPair

    first, second = sorted((ming, fang), key=lambda u: u.pk)
    flow = {"hands_together": 5, "private_hands": 5, "to_first": 300, "to_second": 0, "score": 5.0}
    return RiskPair.objects.create(
        first=first, second=second, hands=[finished_hand.pk], scored_at=timezone.now(), **flow
    )


def console_pages(hand, ming, pair) -> list[str]:
    return [
        "/admin/",
        "/admin/dashboard/",
        "/admin/accounts/user/",
        f"/admin/accounts/user/{ming.pk}/change/",
        f"/admin/accounts/user/{ming.pk}/sanction/",
        "/admin/ledger/transaction/",
        "/admin/ledger/transaction/adjust/",
        "/admin/ledger/account/",
        "/admin/ledger/bracket/",
        "/admin/ledger/bracket/table/",
        "/admin/operations/auditentry/",
        "/admin/operations/sanction/",
        "/admin/tables/table/",
        f"/admin/tables/table/{hand.table_id}/change/",
        "/admin/tables/hand/",
        f"/admin/tables/hand/{hand.pk}/change/",
        f"/admin/tables/room/{hand.table.room_id}/change/",
        "/admin/match/season/",
        "/admin/match/season/add/",
        "/admin/match/matchpass/",
        "/admin/match/matchpass/add/",
        "/admin/match/matchroom/",
        "/admin/match/pearlentry/",
        "/admin/match/standing/",
        "/admin/coins/riskpair/",
        f"/admin/coins/riskpair/{pair.pk}/change/",
        f"/admin/coins/riskpair/freeze/{ming.pk}/?pair={pair.pk}",
        f"/admin/coins/riskpair/unfreeze/{ming.pk}/",
    ]


def foreign_text(text: str, language: str, allowed: set[str]) -> list[str]:
    """Runs of the other language's script that are not allowed to cross over."""
    found = CJK.findall(text) if language == "en" else LATIN.findall(text)
    return sorted({run for run in found if run not in allowed})


@pytest.fixture
def allowed() -> dict[str, set[str]]:
    return {"en": kept_chinese_terms() | SWITCH, "zh-hans": words_of_the_chinese_texts() | SWITCH | TECHNICAL}


@pytest.mark.parametrize("language", ["zh-hans", "en"])
def test_the_players_pages_speak_one_language(client, ming, finished_hand, language, allowed):
    client.force_login(ming)
    in_language(client, language)
    pages = [*player_pages(finished_hand)]
    names = user_content()
    mixed = {}
    for url in pages:
        response = client.get(url)
        assert response.status_code == 200, url
        if wrong := foreign_text(visible_text(response.content.decode(), names), language, allowed[language]):
            mixed[url] = wrong
    anonymous = in_language(Client(), language)
    for url in (reverse("accounts:login"), reverse("accounts:signup")):
        if wrong := foreign_text(visible_text(anonymous.get(url).content.decode(), names), language, allowed[language]):
            mixed[url] = wrong
    assert mixed == {}


@pytest.mark.parametrize("language", ["zh-hans", "en"])
def test_the_operator_console_speaks_one_language(as_staff, boss, ming, finished_hand, risk_pair, language, allowed):
    client = in_language(as_staff(boss), language)
    names = user_content()
    mixed = {}
    for url in console_pages(finished_hand, ming, risk_pair):
        response = client.get(url)
        assert response.status_code == 200, url
        if wrong := foreign_text(visible_text(response.content.decode(), names), language, allowed[language]):
            mixed[url] = wrong
    assert mixed == {}


def test_the_console_is_branded_with_the_product_not_django(as_staff, boss):
    for language, brand in (
        ("zh-hans", "闽粤麻将 · 运营后台"),
        ("en", "Fujian & Guangdong Mahjong · Operator console"),
    ):
        shown = visible_text(in_language(as_staff(boss), language).get("/admin/").content.decode(), set())
        assert brand in shown and "Django" not in shown
