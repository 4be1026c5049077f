"""Rules pages."""

from django.urls import path

from rules import views

app_name = "rules"
urlpatterns = [
    path("", views.index, name="index"),
    path("<str:slug>/", views.page, name="page"),
]
