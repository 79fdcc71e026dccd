"""What a page says when the progress store fails: the store's own message, which
names it without credentials (puzzles/dsn.py), made safe for a page that renders
markdown, and the store called what it is, a file or a database."""

from __future__ import annotations

import re

from puzzles.store import store_kind

# Marks that markdown (or Streamlit's $…$ for formulas) would read: a masked password
# "postgresql://bob:***@host" showed as emphasis, an underscore in a path as italics.
_MARKS = re.compile(r"([\\`*_\[\]<>#|~$])")

_KEYS = {"sqlite": "p.db_error_file", "postgresql": "p.db_error_database"}


def plain(text: str) -> str:
    """``text`` to read as written on a page that renders markdown."""
    return _MARKS.sub(r"\\\1", text)


def error_text(exc: BaseException) -> str:
    """The store's message, markdown-safe."""
    return plain(str(exc))


def db_error(exc: BaseException) -> tuple[str, dict[str, object]]:
    """The message key (``puzzles.i18n``) and parameters saying that the store cannot
    be used: "The progress file…" for SQLite, "The progress database…" for PostgreSQL,
    "The progress store…" when its address itself is refused."""
    return _KEYS.get(store_kind(), "p.db_error"), {"error": error_text(exc)}
