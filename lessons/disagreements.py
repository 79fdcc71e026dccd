"""Where the sources disagree, as data (``lessons/disagreements.toml``).

Each row names a rule, says what every source that touches it says (with a
citation), and names the engine option (a :class:`engine.profile.Profile` field
path such as ``scoring.last_trick_bonus``) that holds the choice. Options the
profile does not have yet carry ``planned = true``.
"""

from __future__ import annotations

import dataclasses
import tomllib
import typing
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from engine.citations import citation_text
from engine.profile import Profile


@dataclass(frozen=True)
class Position:
    source: str          # "001 §04", "003, 'счет'"
    en: str
    ru: str
    value: Any = None    # the number the source gives, when there is one
    path: str = ""       # profile field the value belongs to (checked for 001)

    def text(self, lang: str) -> str:
        return self.ru if lang == "ru" else self.en

    def label(self, lang: str) -> str:
        """The citation as the reader's language writes it (no English in Russian)."""
        return citation_text(self.source, lang)


@dataclass(frozen=True)
class OptionRef:
    path: str
    planned: bool = False


@dataclass(frozen=True)
class Disagreement:
    id: str
    topic_en: str
    topic_ru: str
    says: tuple[Position, ...]
    options: tuple[OptionRef, ...]
    note_en: str = ""
    note_ru: str = ""

    def topic(self, lang: str) -> str:
        return self.topic_ru if lang == "ru" else self.topic_en

    def note(self, lang: str) -> str:
        return self.note_ru if lang == "ru" else self.note_en


@cache
def disagreements() -> tuple[Disagreement, ...]:
    """Every rule on which the five sources differ, in lesson order."""
    text = (resources.files("lessons") / "disagreements.toml").read_text("utf-8")
    data = tomllib.loads(text)
    rows = []
    for row in data["disagreement"]:
        rows.append(Disagreement(
            id=row["id"], topic_en=row["topic_en"], topic_ru=row["topic_ru"],
            says=tuple(Position(**s) for s in row["says"]),
            options=tuple(OptionRef(**o) for o in row["options"]),
            note_en=row.get("note_en", ""), note_ru=row.get("note_ru", ""),
        ))
    return tuple(rows)


def profile_field_paths() -> frozenset[str]:
    """Every field path of :class:`Profile`, nested dataclasses included
    (``packs``, ``scoring.target``, ``dix.points``, ``melds``, ``melds.points``...)."""
    paths: set[str] = set()

    def walk(cls: type, prefix: str) -> None:
        hints = typing.get_type_hints(cls)
        for f in dataclasses.fields(cls):
            path = prefix + f.name
            paths.add(path)
            kind = hints[f.name]
            inner = typing.get_args(kind)
            if dataclasses.is_dataclass(kind):
                walk(typing.cast(type, kind), path + ".")
            elif inner and dataclasses.is_dataclass(inner[0]):
                walk(typing.cast(type, inner[0]), path + ".")
    walk(Profile, "")
    return frozenset(paths)


def disagreements_table(lang: str = "en") -> list[dict[str, str]]:
    """Rows for a table widget: rule, what each source says, engine option(s)."""
    rows = []
    for d in disagreements():
        rows.append({
            "rule": d.topic(lang),
            "sources": "\n".join(f"{p.label(lang)}: {p.text(lang)}" for p in d.says),
            "option": ", ".join(o.path + (" (planned)" if o.planned and lang != "ru" else
                                          " (план)" if o.planned else "") for o in d.options),
        })
    return rows


def disagreements_markdown(lang: str = "en") -> str:
    """The comparison as Markdown sections (used by the ``disagreements`` lesson)."""
    # Engine details are for developers: folded away so the learner reads the sources.
    fold = "Для разработчиков" if lang == "ru" else "For developers"
    option_word = "параметр профиля" if lang == "ru" else "profile field"
    planned_word = "пока нет" if lang == "ru" else "not yet in the engine"
    out = []
    for d in disagreements():
        out.append(f"### {d.topic(lang)}\n")
        for p in d.says:
            out.append(f"- **{p.label(lang)}**: {p.text(lang)}")
        opts = ", ".join(f"<code>{o.path}</code>" + (f" ({planned_word})" if o.planned else "")
                         for o in d.options)
        out.append("")
        if d.note(lang):
            out.append(d.note(lang) + "\n")
        out.append(f"<details><summary>{fold}</summary>{option_word}: {opts}</details>\n")
    return "\n".join(out).rstrip() + "\n"
