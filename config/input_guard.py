"""Control characters are refused (400) where input enters, before any view, form or query sees it.

PostgreSQL cannot store NUL in text (a query with one fails: a 500), and no player or operator
types the other C0 controls or DEL: a request carrying any of them in its path, query string,
form fields (names or values), JSON body, cookies or headers is answered 400 with a clear
page (the API's JSON error under /api/). Tab, line feed and carriage return are text
(a textarea sends them) and pass.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, QueryDict
from django.http.multipartparser import MultiPartParserError
from django.shortcuts import render
from django.utils.translation import gettext as _

from config.api_errors import API_PREFIX, error_body, json_response

CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
# The same characters written as JSON escapes (\u0000), not preceded by an escaped backslash.
JSON_ESCAPED_CONTROL = re.compile(r"(?<!\\)(?:\\\\)*\\u00(?:0[0-8bcef]|1[0-9a-f]|7f)", re.IGNORECASE)


def _any_control(texts: Iterable[str]) -> bool:
    return any(CONTROL.search(text) for text in texts)


def _in_query(query: QueryDict) -> bool:
    return _any_control(query.keys()) or _any_control(value for values in query.lists() for value in values[1])


def _in_body(request: HttpRequest) -> bool:
    content_type = request.content_type or ""
    if content_type == "application/json" or content_type.endswith("+json"):
        body = request.body.decode("utf-8", errors="replace")
        return bool(CONTROL.search(body) or JSON_ESCAPED_CONTROL.search(body))
    return _in_query(request.POST)


def carries_control_characters(request: HttpRequest) -> bool:
    """Whether any part of the request a view may read holds a control character."""
    headers = (str(value) for name, value in request.META.items() if name.startswith("HTTP_"))
    if CONTROL.search(request.path_info) or _any_control(headers) or _in_query(request.GET):
        return True
    if request.method in ("GET", "HEAD", "OPTIONS"):
        return False
    try:
        return _in_body(request)
    except (RequestDataTooBig, MultiPartParserError):
        return False  # the view meets the same error and answers it (413/400)


def refused(request: HttpRequest) -> HttpResponse:
    message = _("请求含有控制字符（如 NUL），已拒绝。")
    if request.path.startswith(API_PREFIX):
        return json_response(error_body("bad_request", message), 400)
    return render(request, "error.html", {"title": _("无法理解这个请求。"), "message": message}, status=400)


class ControlCharacterMiddleware:
    """Answer 400 to a request carrying control characters (see the module's docstring)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if carries_control_characters(request):
            return refused(request)
        return self.get_response(request)
