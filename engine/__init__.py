"""The rules engine: pure Python, deterministic, no Django/Channels/Celery imports.

Every hand is a function of its rules, its seed and its actions.
"""
