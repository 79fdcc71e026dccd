"""The app's message catalogue: every user-facing string, in English and Russian.

``en.toml`` and ``ru.toml`` hold the same keys (a test checks it). Keys are
dotted (``play.draw``); values are ``str.format`` templates::

    >>> translate("ru", "lang.name")
    'Русский'
    >>> translate("en", "play.stock", count=3)
    'Stock: 3'

Pure Python (no streamlit), so pages and tests share it.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

LANGUAGES = ("en", "ru")
DEFAULT = "en"
_HERE = Path(__file__).parent


def _flatten(table: Mapping[str, Any], prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping):
            out.update(_flatten(value, name + "."))
        else:
            out[name] = str(value)
    return out


@cache
def catalogue(lang: str) -> Mapping[str, str]:
    """All messages of one language, read once (read-only)."""
    if lang not in LANGUAGES:
        lang = DEFAULT
    with open(_HERE / f"{lang}.toml", "rb") as handle:
        return MappingProxyType(_flatten(tomllib.load(handle)))


# Message parameters that hold cards: every message shows them in the reader's
# notation (10 for the ten, Т К Д В in Russian), without copy marks.
CARD_PARAMS = frozenset({"card", "cards", "lead"})


class CardsText(str):
    """Cards already written for the reader, their copy marks decided by the one rule
    (:func:`engine.notation.cards.copies_in_question`): :func:`translate` keeps them as they are."""


def translate(lang: str, key: str, **params: object) -> str:
    """The message ``key`` in ``lang``; falls back to English, then to the key itself."""
    text = catalogue(lang).get(key)
    if text is None:
        text = catalogue(DEFAULT).get(key, key)
    if params:
        from engine.notation.cards import cards_text

        params = {k: cards_text(v, lang) if k in CARD_PARAMS and isinstance(v, str)
                  and not isinstance(v, CardsText) else v for k, v in params.items()}
        try:
            return text.format(**params)
        except (KeyError, IndexError, ValueError):
            return text
    return text


def has(lang: str, key: str) -> bool:
    return key in catalogue(lang)


def pick_language(locale: str | None, accept_language: str | None = None) -> str:
    """The UI language for a browser locale (``ru-RU``) or Accept-Language header."""
    for value in (locale, accept_language):
        if not value:
            continue
        for part in str(value).split(","):
            code = part.split(";")[0].strip().lower()[:2]
            if code in LANGUAGES:
                return code
    return DEFAULT
