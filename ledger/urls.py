"""Player pages of the ledger."""

from django.urls import URLPattern, URLResolver, path

from ledger import views

app_name = "ledger"
urlpatterns: list[URLPattern | URLResolver] = [
    path("", views.wallet, name="wallet"),
]
