"""Small helpers shared by the operator stories."""

from __future__ import annotations

from django.test import Client


def login_form(client: Client, username: str, password: str) -> str:
    """Submit the player log-in form and return the page it answers with."""
    return client.post("/accounts/login/", {"username": username, "password": password}).content.decode()
