"""The app's English says "the last tricks", as the lessons do: "play-off" suggests a
tie-break in English (review §3b), and the lessons name the word once, in `playoff`.
Page titles, buttons, captions and puzzle texts never use it."""

from __future__ import annotations

import re

from app_pages.i18n import catalogue

PLAYOFF = re.compile(r"play-?offs?", re.I)


def _english_puzzle_texts() -> list[str]:
    from puzzles import i18n, review_cards

    tables = [i18n.MESSAGES, i18n.THEME_NAMES, review_cards._TEXT]
    return [en for table in tables for en, _ in table.values()]


def test_app_english_never_says_play_off() -> None:
    found = {k: v for k, v in catalogue("en").items() if PLAYOFF.search(v)}
    assert not found


def test_puzzle_english_never_says_play_off() -> None:
    assert not [t for t in _english_puzzle_texts() if PLAYOFF.search(t)]


def test_app_names_the_last_tricks_as_the_lessons_do() -> None:
    en = catalogue("en")
    assert "last eight tricks" in en["home.intro"]
    assert en["play.status_lead_playoff"].startswith("Last tricks")
    assert en["table.duel"].startswith("Last tricks")


def test_source_citations_shown_in_the_app_never_say_play_off() -> None:
    """Profiles and options cite 002's «на выход» as "the last eight tricks"; the
    citations reach the app's source captions and the lessons' option notes."""
    import tomllib
    from pathlib import Path

    from engine.text.citations import citation_text

    def strings(value: object) -> list[str]:
        if isinstance(value, str):
            return [value]
        if isinstance(value, dict):   # ids and choice names are never shown
            return [s for k, v in value.items() if k not in ("id", "name") for s in strings(v)]
        if isinstance(value, list):
            return [s for v in value for s in strings(v)]
        return []

    root = Path(__file__).resolve().parents[1] / "engine" / "variants"
    found = [s for path in sorted(root.glob("*.toml"))
             for s in strings(tomllib.loads(path.read_text(encoding="utf-8")))
             if PLAYOFF.search(s)]
    assert not found
    assert citation_text("002, the last eight tricks ('на выход')", "ru") == "002, игра «на выход»"
