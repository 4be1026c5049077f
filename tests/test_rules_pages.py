"""The rules pages: every document under docs/rules is listed and rendered; nothing else is served."""

from __future__ import annotations

import pytest
from django.urls import reverse

from rules.views import RULES_DIR, documents

pytestmark = pytest.mark.django_db


def test_the_index_lists_every_rules_document(client):
    page = client.get(reverse("rules:index")).content.decode()
    slugs = sorted(p.stem for p in RULES_DIR.glob("*.md"))
    assert slugs and all(reverse("rules:page", args=[s]) in page for s in slugs)
    assert documents()[0]["slug"] == "pinghe"  # the first game a player meets


def test_a_rules_document_is_rendered_as_html(client):
    page = client.get(reverse("rules:page", args=["pinghe"])).content.decode()
    assert "<h1>平和麻将 Pinghe" in page and "<h2>" in page and "<code>" in page


@pytest.mark.parametrize("slug", ["nosuchgame", "..", "Pinghe", ".hidden"])
def test_an_unknown_or_malformed_name_is_not_found(client, slug):
    assert client.get(f"/rules/{slug}/").status_code == 404
