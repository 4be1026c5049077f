"""API error messages are in one language, the client's: Chinese first, English on `Accept-Language: en`.

An API client has no language switch, so under /api/ the Accept-Language header is honoured (after
the site's language cookie). The `code` is the contract and never changes with the language.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.ledger.test_operator_api import GRANTS
from tests.ledger.test_wallet_api import client_for

pytestmark = pytest.mark.django_db

CASES = [  # (what the client does, code, Chinese message, English message)
    ("unknown path", "not_found", "未找到。", "Not found."),
    ("wrong method", "method_not_allowed", "方法 “DELETE” 不被允许。", 'Method "DELETE" not allowed.'),
    (
        "player grants",
        "permission_denied",
        "只有运营人员可以发放或扣除游戏币。",
        "Only operators may grant or debit coins.",
    ),
    ("bad amount", "invalid", "请求无效。", "The request is not valid."),
]


def error(user: Any, what: str, **headers: Any) -> tuple[str, str]:
    client = client_for(user)
    if what == "unknown path":
        response = client.get("/api/v1/nowhere/", **headers)
    elif what == "wrong method":
        response = client.delete("/api/v1/wallet/", **headers)
    else:
        body = {"user_id": user.pk, "amount": "5x" if what == "bad amount" else 5, "reason": "r"}
        response = client.post(GRANTS, body, format="json", HTTP_IDEMPOTENCY_KEY=f"k-{what}", **headers)
    found = response.json()["error"]
    return found["code"], found["message"]


@pytest.mark.parametrize(("what", "code", "chinese", "english"), CASES)
def test_the_message_follows_the_client_language_and_the_code_does_not(alice, operator, what, code, chinese, english):
    caller = operator if what == "bad amount" else alice
    assert error(caller, what) == (code, chinese)
    assert error(caller, what, HTTP_ACCEPT_LANGUAGE="en") == (code, english)
    assert error(caller, what, HTTP_ACCEPT_LANGUAGE="en", HTTP_COOKIE="django_language=zh-hans") == (code, chinese)
