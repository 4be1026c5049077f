"""Rules pages: docs/rules/*.md rendered as HTML (markdown-it-py, raw HTML disabled)."""
