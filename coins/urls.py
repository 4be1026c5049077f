from django.urls import URLPattern, URLResolver, path

from coins import views

app_name = "coins"
urlpatterns: list[URLPattern | URLResolver] = [
    path("relief/", views.claim_relief, name="relief"),
]
