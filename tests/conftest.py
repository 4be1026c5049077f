"""Shared fixtures. Named players live here so tests read as stories."""
