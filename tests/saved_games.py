"""The suite's saved games: the Play page resumes the learner's latest game (and its
computer level), and every test plays as the same default learner, so tests start
without one."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path


def forget_saved_games(path: Path | None = None) -> None:
    """Drop every saved game of the suite's store, and the computer level chosen on the
    Play page: it resumes the learner's latest game at its level, and every test plays
    as the same default learner."""
    path = path or Path(os.environ["BEZIQUE_PROGRESS_DB"])
    if path.exists():
        with sqlite3.connect(path, timeout=10) as conn:
            if conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'saved_games'"
                            ).fetchone():
                conn.execute("DELETE FROM saved_games")
            if conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'settings'").fetchone():
                conn.execute("DELETE FROM settings WHERE key = 'play_level'")
        conn.close()
