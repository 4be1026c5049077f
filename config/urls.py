"""Top-level URL configuration."""

from django.contrib import admin
from django.urls import URLPattern, URLResolver, include, path
from django.views.generic import TemplateView
from django.views.i18n import JavaScriptCatalog
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerSplitView

from config.health import healthz

urlpatterns: list[URLPattern | URLResolver] = [
    path("", TemplateView.as_view(template_name="home.html"), name="home"),
    path("healthz", healthz, name="healthz"),
    path("admin/dashboard/", include("operations.urls")),
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
    path("wallet/", include("ledger.urls")),
    path("api/v1/", include("ledger.api_urls")),
    path("api/v1/", include("coins.api_urls")),
    path("api/v1/", include("match.api_urls")),
    path("api/v1/", include("tables.api_urls")),
    path("coins/", include("coins.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    # the split view serves its start-up script as a file: no inline script (CSP, config.security)
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="api-docs"),
    path("api/redoc/", SpectacularRedocView.as_view(url_name="schema"), name="api-redoc"),
    path("tables/", include("tables.urls")),
    path("rules/", include("rules.urls")),
    path("match/", include("match.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
]
