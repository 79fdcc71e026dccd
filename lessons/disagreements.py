"""Where the sources disagree, as data (``lessons/disagreements.toml``).

Each row names a rule, says what every source that touches it says (with a
citation), and names the engine option (a :class:`engine.rules.profile.Profile` field
path such as ``scoring.last_trick_bonus``) that holds the choice. Options the
profile does not have yet carry ``planned = true``.

Rows are grouped by topic (``[[group]]`` tables, a row's ``group`` field), and a lesson
paragraph links one row with ``{{ differ ID }}``: the "Sources differ ▸" chip, which
renders as a Markdown link to the row's anchor on the comparison page
(``disagreements#differ-ID``, see :func:`chip_markdown`) and which the app draws as a
pop-over with that row's per-source lines.
"""

from __future__ import annotations

import dataclasses
import re
import tomllib
import typing
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from engine.rules.profile import Profile
from engine.text.citations import citation_text


@dataclass(frozen=True)
class Position:
    source: str          # "001 §04", "003, 'счет'"
    en: str
    ru: str
    value: Any = None    # the number the source gives, when there is one
    path: str = ""       # profile field the value belongs to (checked for 001)

    def text(self, lang: str) -> str:
        """What the source says; an English row names the sections in English."""
        return self.ru if lang == "ru" else citation_text(self.en, lang)

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
    group: str = ""

    def topic(self, lang: str) -> str:
        return self.topic_ru if lang == "ru" else self.topic_en

    def note(self, lang: str) -> str:
        return self.note_ru if lang == "ru" else citation_text(self.note_en, lang)

    @property
    def anchor(self) -> str:
        """The row's anchor on the comparison page: ``differ-dix``."""
        return anchor_of(self.id)


@dataclass(frozen=True)
class Group:
    """A heading of the comparison page: rows about one part of the game."""

    id: str
    en: str
    ru: str

    def title(self, lang: str) -> str:
        return self.ru if lang == "ru" else self.en

    @property
    def anchor(self) -> str:
        return f"differ-group-{self.id}"


class DisagreementError(ValueError):
    """``disagreements.toml`` is malformed, or a lesson names a row it does not have."""


ROW_ID = re.compile(r"^[a-z0-9_]+$")
PAGE = "disagreements"          # the comparison lesson's id


def anchor_of(row_id: str) -> str:
    return f"differ-{row_id}"


@cache
def _data() -> dict[str, Any]:
    text = (resources.files("lessons") / "disagreements.toml").read_text("utf-8")
    return tomllib.loads(text)


@cache
def groups() -> tuple[Group, ...]:
    """The comparison page's headings, in page order."""
    found = tuple(Group(g["id"], g["en"], g["ru"]) for g in _data()["group"])
    if len({g.id for g in found}) != len(found):
        raise DisagreementError("disagreements.toml: two groups share an id")
    return found


@cache
def disagreements() -> tuple[Disagreement, ...]:
    """Every rule on which the five sources differ, in the file's order."""
    return parse_rows(_data()["disagreement"], groups())


def parse_rows(data: list[dict[str, Any]], known_groups: tuple[Group, ...],
               ) -> tuple[Disagreement, ...]:
    """The ``[[disagreement]]`` tables as rows; :class:`DisagreementError` for a bad id,
    a group that is not declared, a quote in a topic or a repeated id."""
    known = {g.id for g in known_groups}
    rows = []
    for row in data:
        if not ROW_ID.match(row["id"]):
            raise DisagreementError(f"disagreements.toml: bad row id {row['id']!r}")
        if row.get("group") not in known:
            raise DisagreementError(f"disagreements.toml: row {row['id']!r} names no known "
                                    f"group ({row.get('group')!r}; groups: {sorted(known)})")
        if '"' in row["topic_en"] + row["topic_ru"]:   # the chip's link title
            raise DisagreementError(f"disagreements.toml: row {row['id']!r}: no \" in topics")
        rows.append(Disagreement(
            id=row["id"], topic_en=row["topic_en"], topic_ru=row["topic_ru"],
            says=tuple(Position(**s) for s in row["says"]),
            options=tuple(OptionRef(**o) for o in row["options"]),
            note_en=row.get("note_en", ""), note_ru=row.get("note_ru", ""),
            group=row["group"],
        ))
    if len({r.id for r in rows}) != len(rows):
        raise DisagreementError("disagreements.toml: two rows share an id")
    return tuple(rows)


def disagreement(row_id: str) -> Disagreement:
    """One row by id; :class:`DisagreementError` (a ``ValueError``) naming the known ids
    when there is none, so a lesson that names a wrong row fails when it is loaded."""
    for row in disagreements():
        if row.id == row_id:
            return row
    raise DisagreementError(f"no disagreement {row_id!r}; known: "
                            f"{', '.join(r.id for r in disagreements())}")


def grouped() -> list[tuple[Group, list[Disagreement]]]:
    """The rows under their headings, in page order (groups without rows left out)."""
    rows = disagreements()
    out = [(g, [r for r in rows if r.group == g.id]) for g in groups()]
    return [(g, members) for g, members in out if members]


def chip_label(lang: str = "en") -> str:
    """"Sources differ ▸" in the reader's language."""
    chip = _data()["chip"]
    return str(chip["ru"] if lang == "ru" else chip["en"])


def chip_pattern() -> re.Pattern[str]:
    """A chip as :func:`chip_markdown` writes it, in either language; group 1 is the
    row id."""
    labels = "|".join(re.escape(chip_label(lang)) for lang in ("en", "ru"))
    return re.compile(rf"\[(?:{labels})\]\({PAGE}#differ-([a-z0-9_]+)(?: \"[^\"\n]*\")?\)")


def chip_markdown(row_id: str, lang: str = "en") -> str:
    """The chip where no app draws it: a Markdown link to the row on the comparison
    page, titled with the row's topic: ``[Sources differ ▸](disagreements#differ-dix
    "The seven of trumps (dix)")``. Raises for an unknown row."""
    row = disagreement(row_id)
    return f'[{chip_label(lang)}]({PAGE}#{row.anchor} "{row.topic(lang)}")'


def row_lines(row: Disagreement, lang: str = "en") -> list[str]:
    """What each source says, one Markdown bullet each, citation first."""
    return [f"- **{p.label(lang)}**: {p.text(lang)}" for p in row.says]


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


def _developers(row: Disagreement, lang: str) -> str:
    """The engine's option paths, folded away (the learner reads the sources)."""
    fold = "Для разработчиков" if lang == "ru" else "For developers"
    option_word = "параметр профиля" if lang == "ru" else "profile field"
    planned_word = "пока нет" if lang == "ru" else "not yet in the engine"
    opts = ", ".join(f"<code>{o.path}</code>" + (f" ({planned_word})" if o.planned else "")
                     for o in row.options)
    return f"<details><summary>{fold}</summary>{option_word}: {opts}</details>"


def row_markdown(row: Disagreement, lang: str = "en") -> str:
    """One row's body (no heading): the sources' lines, the note, the developers fold."""
    out = [*row_lines(row, lang), ""]
    if row.note(lang):
        out.append(row.note(lang) + "\n")
    out.append(_developers(row, lang))
    return "\n".join(out)


SOURCE_IDS = ("000", "001", "002", "003", "004")


def contents_markdown(lang: str = "en") -> str:
    """The comparison's table of contents: each group and its rows, linked."""
    contents = "Содержание" if lang == "ru" else "Contents"
    out = [f"**{contents}**", ""]
    for group, rows in grouped():
        topics = " · ".join(f"[{r.topic(lang)}](#{r.anchor})" for r in rows)
        out.append(f"- [{group.title(lang)}](#{group.anchor}): {topics}")
    return "\n".join(out) + "\n"


def group_markdown(group_id: str, lang: str = "en") -> str:
    """One group of the comparison: its heading, a table of which texts speak on each
    point (a mark per source), then each row after an anchor line
    ``<a id="differ-ID"></a>`` that the chips link to."""
    found = [(g, rows) for g, rows in grouped() if g.id == group_id]
    if not found:
        raise DisagreementError(f"unknown group of disagreements {group_id!r}")
    group, rows = found[0]
    point = "вопрос" if lang == "ru" else "point"
    out = [f'<a id="{group.anchor}"></a>', "", f"## {group.title(lang)}", "",
           f"| {point} | " + " | ".join(SOURCE_IDS) + " |",
           "|---|" + ":---:|" * len(SOURCE_IDS)]
    for row in rows:
        speaking = {sid for p in row.says for sid in SOURCE_IDS if sid in p.source}
        marks = " | ".join("●" if sid in speaking else "" for sid in SOURCE_IDS)
        out.append(f"| [{row.topic(lang)}](#{row.anchor}) | {marks} |")
    out.append("")
    for row in rows:
        out += [f'<a id="{row.anchor}"></a>', "", f"### {row.topic(lang)}", "",
                row_markdown(row, lang), ""]
    return "\n".join(out).rstrip() + "\n"


def disagreements_markdown(lang: str = "en") -> str:
    """The whole comparison: the table of contents, then every group
    (:func:`group_markdown`)."""
    parts = [contents_markdown(lang)] + [group_markdown(g.id, lang) for g in groups()]
    return "\n".join(parts)
