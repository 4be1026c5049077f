"""schemathesis fuzzes the wallet API against its own OpenAPI schema: no 500s, every response conforms."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import schemathesis
from django.core import signals
from django.core.cache import cache
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)


@pytest.fixture(autouse=True)
def _keep_the_test_connection() -> Iterator[None]:
    """Serve requests inside the test's transaction, as Django's test client does.

    A bare WSGI handler closes "obsolete" connections after each request, and a
    connection inside the test transaction looks obsolete.
    """
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
]


# Loaded at collection (schema generation needs no database). `schemathesis.pytest.from_fixture`
# would be lazier but does not work with pytest 9 (it reads the removed `Function._nodeid`).
schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", get_wsgi_application()).include(
    path_regex=r"^/api/v1/(wallet|operator)/"
)


@schema.parametrize()
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_api_honours_its_schema_for_an_operator(db, case, operator, alice):
    cache.clear()  # throttling is tested elsewhere; here every request should reach the view
    token, _ = Token.objects.get_or_create(user=operator)
    case.call_and_validate(headers={"Authorization": f"Token {token.key}"}, checks=CHECKS)


@schema.parametrize()
@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_api_honours_its_schema_for_a_player(db, case, alice):
    cache.clear()
    token, _ = Token.objects.get_or_create(user=alice)
    response = case.call_and_validate(headers={"Authorization": f"Token {token.key}"}, checks=CHECKS)
    if "/operator/" in case.path:
        assert response.status_code in (400, 403)
