"""/api/v1/relief/ (also without the slash: POST cannot follow a redirect)."""

from django.urls import URLPattern, URLResolver, path

from coins import api

urlpatterns: list[URLPattern | URLResolver] = [
    path("relief/", api.ReliefView.as_view(), name="api-relief"),
    path("relief", api.ReliefView.as_view(schema=None), name="api-relief-no-slash"),
]
