"""/api/v1/ routes of the wallet API."""

from django.urls import URLPattern, URLResolver, path

from ledger import api

urlpatterns: list[URLPattern | URLResolver] = [
    path("wallet/", api.WalletView.as_view(), name="api-wallet"),
    path("wallet/transactions/", api.TransactionListView.as_view(), name="api-transactions"),
    path("operator/grants/", api.GrantView.as_view(), name="api-operator-grant"),
    path("operator/debits/", api.DebitView.as_view(), name="api-operator-debit"),
]
