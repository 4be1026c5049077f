"""Signals other apps listen to (they sit above accounts, so accounts never imports them)."""

from django.dispatch import Signal

# Sent by the sign-up view once a new player's account exists, inside the request:
# kwargs `user` and `request`. The coins app pays the welcome grant on it.
signed_up = Signal()
