"""The project's glossary (``lessons/glossary.toml``): English and Russian terms,
the sources' own words, and short definitions in both languages."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources


@dataclass(frozen=True)
class GlossaryEntry:
    id: str
    en: str                       # the English term
    ru: tuple[str, ...]           # Russian term(s), the preferred one first
    source_words: tuple[str, ...]  # words the sources themselves use
    definition_en: str
    definition_ru: str
    sources: tuple[str, ...] = ()
    see_lesson: str = ""

    def term(self, lang: str) -> str:
        return self.ru[0] if lang == "ru" else self.en

    def definition(self, lang: str) -> str:
        return self.definition_ru if lang == "ru" else self.definition_en


@cache
def glossary() -> tuple[GlossaryEntry, ...]:
    text = (resources.files("lessons") / "glossary.toml").read_text("utf-8")
    entries = []
    for row in tomllib.loads(text)["term"]:
        entries.append(GlossaryEntry(
            id=row["id"], en=row["en"], ru=tuple(row["ru"]),
            source_words=tuple(row.get("source_words", [])),
            definition_en=row["definition_en"], definition_ru=row["definition_ru"],
            sources=tuple(row.get("sources", [])), see_lesson=row.get("see_lesson", ""),
        ))
    return tuple(sorted(entries, key=lambda e: e.en.lower()))


def _norm(text: str) -> str:
    return text.casefold().replace("ё", "е").strip()


def search_glossary(q: str, lang: str | None = None) -> list[GlossaryEntry]:
    """Entries whose term (English, Russian or the sources' words) or definition
    contains ``q``, case-insensitively (ё = е). ``lang`` "en"/"ru" limits the search
    to that language; ``None`` searches both. Term matches come before definition
    matches; exact term matches first of all."""
    needle = _norm(q)
    if not needle:
        return []
    ranked: list[tuple[int, str, GlossaryEntry]] = []
    for e in glossary():
        terms: list[str] = []
        defs: list[str] = []
        if lang in (None, "en"):
            terms.append(e.en)
            defs.append(e.definition_en)
        if lang in (None, "ru"):
            terms.extend(e.ru)
            terms.extend(e.source_words)
            defs.append(e.definition_ru)
        normed = [_norm(t) for t in terms]
        if needle in normed:
            rank = 0
        elif any(needle in t for t in normed):
            rank = 1
        elif any(needle in _norm(d) for d in defs):
            rank = 2
        else:
            continue
        ranked.append((rank, e.en.lower(), e))
    return [e for _, _, e in sorted(ranked, key=lambda r: (r[0], r[1]))]
