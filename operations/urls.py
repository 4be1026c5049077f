"""The dashboard lives under /admin/dashboard/ and goes through the admin's login and staff check."""

from django.contrib import admin
from django.urls import URLPattern, path

from operations import views

app_name = "operations"
urlpatterns: list[URLPattern] = [
    path("", admin.site.admin_view(views.dashboard), name="dashboard"),
]
