"""Chinese first: pages are in Simplified Chinese unless the player picked another language
with the switch in the header (Django's language cookie); the browser's Accept-Language is
not consulted, so a phone set to English still opens the Chinese site first.

The API (/api/) is not a page: a client there has no language switch, so its
Accept-Language is honoured (after the cookie); error messages follow it, codes never change."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest
from django.middleware.locale import LocaleMiddleware
from django.utils import translation


class ChineseFirstLocaleMiddleware(LocaleMiddleware):
    def process_request(self, request: HttpRequest) -> None:
        chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, "")
        language = chosen if chosen in dict(settings.LANGUAGES) else settings.LANGUAGE_CODE
        if request.path.startswith("/api/"):
            language = translation.get_language_from_request(request)
        translation.activate(language)
        request.LANGUAGE_CODE = translation.get_language()
