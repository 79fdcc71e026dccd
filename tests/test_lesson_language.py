"""The wording a learner reads (review of 2026-12-03, §3 and §4; issue items 4–7).

* Command lines and option names live in the lessons' "For developers" folds, never in
  the prose around them.
* The calques the review listed stay out of every Russian lesson.
* English wording the review asked for ("the last eight tricks", "elder hand", …).
* No Russian lesson repeats a source: no seven consecutive words shared with a source
  text outside «» quotes (skipped when the sources are not next to the checkout).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import lessons

ROOT = Path(__file__).resolve().parents[1]
FOLD = re.compile(r"<details>.*?</details>", re.S)


def _learner_text(lesson: lessons.Lesson) -> str:
    """What the learner reads of a lesson: title, summary, the text pieces and the
    comparison rows, with the "For developers" folds taken out."""
    parts = [lesson.title, lesson.summary]
    for kind, piece in lessons.segments(lesson):
        if kind == "text":
            assert isinstance(piece, str)
            parts.append(piece)
        elif kind == "differ_row":
            parts.append(lessons.row_markdown(piece, lesson.lang))  # type: ignore[arg-type]
    return FOLD.sub("", "\n".join(parts))


def _all(lang: str) -> list[lessons.Lesson]:
    return lessons.list_lessons(lang)


# --- item 3: nothing for developers in the prose ---------------------------------------

DEVELOPER_PROSE = {
    "command line": re.compile(r"--option|--variant|bezique play"),
    "code span": re.compile(r"`[^`\n]+`"),
    "option word": re.compile(r"\b(?:the option|named option|опция|опции|именованная опция)\s*`"),
}


@pytest.mark.parametrize("lang", lessons.LANGUAGES)
def test_commands_and_option_names_only_in_developer_folds(lang: str) -> None:
    problems = []
    for lesson in _all(lang):
        text = _learner_text(lesson)
        for name, pattern in DEVELOPER_PROSE.items():
            for m in pattern.finditer(text):
                problems.append(f"{lang}/{lesson.id}: {name} "
                                f"…{text[max(0, m.start() - 50):m.end() + 30]!r}")
    assert not problems, "\n".join(problems)


def test_developer_folds_keep_the_option_names() -> None:
    """The names moved out of the prose are still there, folded."""
    for lang in lessons.LANGUAGES:
        for lesson_id, name in (("variant-joker", "bezique play --variant joker"),
                                ("variant-club", "club_dealing"),
                                ("variant-card-point", "draw_first"),
                                ("variant-fildinski", "fildinski_seven=holder_000"),
                                ("variant-four-handed", "partner_melds"),
                                ("variant-no-trump", "--option players=3")):
            body = lessons.get_lesson(lesson_id, lang).body_markdown
            folds = "".join(FOLD.findall(body))
            assert name in folds, f"{lang}/{lesson_id}: {name} not in a developers fold"
