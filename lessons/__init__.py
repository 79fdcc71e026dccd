"""Lessons as data: bilingual Markdown lessons whose numbers and answers come
from the engine.

Layout
------
::

    lessons/en/ID.md, lessons/ru/ID.md   one file per lesson and language, same ID
    lessons/glossary.toml                terms in both languages
    lessons/disagreements.toml           every rule on which the sources differ

A lesson file starts with TOML front matter between two ``+++`` lines::

    +++
    id = "declarations"
    title = "Declarations and their scores"
    variant = "two-handed"      # a profile name, another variant's name, or "general"
    order = 40
    prerequisites = ["tricks"]
    sources = ["001 §03"]
    rules = ["meld.marriage", "meld.trump_marriage"]
    summary = "one line for menus"
    claims = { "rubicon.last_trick_bonus" = 50 }   # numbers of variants without profiles,
                                                   # or of another profiled variant (the
                                                   # tests check them against its profile)
    reference = true            # optional: a page to look things up in (history,
                                # sources, the cheat-sheet), never offered as "next"
    needs = ["dix.points"]      # optional: what a game must have for the lesson to be
                                # on its path (a profile field set, or "path=value")
    +++

The body is Markdown with these additions:

* ``{{ meld.four_kings.points }}``, ``{{ scoring.target }}``, ``{{ dix.points }}``,
  ``{{ packs }}``... are rendered from the lesson's variant profile (``general``
  lessons use ``two-handed``); ``{{ ref.PATH }}`` always reads ``two-handed``;
  ``{{ claim.KEY }}`` reads the ``claims`` table; ``+ - *`` are allowed
  (``{{ meld.four_kings.points + meld.trump_marriage.points }}``). See
  :mod:`lessons._render`. ``{{ disagreements }}`` expands to the comparison.
* ``{{ differ ROW }}`` at the end of a paragraph or list item is the "Sources differ ▸"
  chip of one row of ``disagreements.toml`` (an unknown row refuses to load). In the
  Markdown it is a link to the row, ``[Sources differ ▸](disagreements#differ-ROW
  "topic")``; :func:`segments` hands it to an app as a ``("differ", rows)`` piece.
* ``{{ rules_card }}`` (or ``{{ rules_card VARIANT }}``) is the variant's rules at a
  glance, pagat style: players, cards, deal, play, scoring, variations, built from the
  profile (:mod:`lessons.rules_card`).
* ``{{ fold TITLE }}`` and ``{{ end fold }}``, each on a line of its own, fold the text
  between them (examples and chips too, never a check: a check stands beside the fold
  whose point it tests). :func:`segments` hands them to an app as ``("fold", title)``
  and ``("fold_end", "")`` pieces; in the Markdown they are comments.
* A line ``{#rule:meld.trump_marriage}`` marks the next paragraph as the one that
  explains that rule; its anchor is ``rule-meld.trump_marriage``. Several
  anchor lines may stand before one paragraph.
* A fenced block `````bezique-melds id=NAME`` holds a JSON request of the
  ``bezique melds`` contract (``variant``, ``trump``, ``hand``, ``table``,
  ``history``) and a ``title`` the learner sees (the id never reaches the screen);
  the app replays it with :func:`engine.rules.meld_query.query` where the block stands.
* A fenced block `````bezique-check id=NAME`` holds a JSON check: ``kind``,
  ``prompt`` (in the file's language) and the kind's params (see
  :mod:`lessons.checks`). No answers are stored. A ``players`` param (names in the
  file's language) is the only one that may differ between the languages.

Lessons of variants the engine plays have at least three checks; reading pages
(``history``, ``sources``) have none (``tests/test_lesson_quality.py``).

Both languages carry the same ids, anchors, examples and checks.

API
---
``list_lessons(lang="en", variant=None) -> list[Lesson]``
    All lessons of a language in ``order``; ``variant`` filters on the front-matter field.
``get_lesson(lesson_id, lang="en") -> Lesson``
    One lesson; ``KeyError`` if unknown.
``rule_anchor(rule_id) -> tuple[str, str]``
    ``(lesson id, anchor)`` of the paragraph that explains an engine rule id;
    ``KeyError`` for an unknown rule id.
``applies_to(lesson, profile) -> bool``
    Whether the game of ``profile`` has what the lesson teaches (its ``needs``).
``rule_ids() -> list[str]``
    Every rule id a lesson paragraph explains.
``segments(lesson, text=None) -> list[tuple[str, piece]]``
    The body in reading order as text, example and check pieces (blocks in place),
    ``("differ", (Disagreement, ...))`` chips and, on the comparison page,
    ``("differ_row", Disagreement)`` rows.
``body_with_anchors(lesson) -> str``
    The body with ``<a id="rule-..."></a>`` tags before the rule paragraphs.
``evaluate_check(check, lang="en") -> CheckResult``
    Options, labels, the correct answer and an explanation, computed by the engine.
``mark_check(check, response, lang="en") -> tuple[bool, CheckResult]``
``reasons_for(result, response) -> list[str]``
    Why a response is wrong, per option: each wrongly chosen option's ``why`` and, when
    several options are right, each right one left out (``missed``).
``feedback_lines(result, response, right) -> list[str]``
    What the Rules page lists under a marked answer: those reasons, then the
    explanation, each sentence once.
``check_feedback(result, response, right) -> Feedback``
    The same split for the page: ``why`` (one sentence after "Right:" / "Not quite:")
    and ``steps`` (the fold), no sentence said twice. ``split_feedback(why, lines)``
    does the split for other answers (review cards, puzzles).
``glossary() -> tuple[GlossaryEntry, ...]``
``search_glossary(q, lang=None) -> list[GlossaryEntry]``
    Case-insensitive; matches English or Russian terms (``lang`` limits it).
``disagreements() -> tuple[Disagreement, ...]``, ``disagreement(row_id)``
``groups()``, ``grouped() -> list[tuple[Group, list[Disagreement]]]``
    The comparison's headings and its rows under them (a row's ``group`` is data).
``chip_label(lang)``, ``chip_markdown(row_id, lang)``, ``chip_pattern()``,
``row_lines(row, lang)``, ``row_markdown(row, lang)``
    The "Sources differ ▸" chip and a row's text, for apps that draw them.
``disagreements_table(lang="en") -> list[dict[str, str]]``
``profile_field_paths() -> frozenset[str]``
    Every field path of :class:`engine.rules.profile.Profile` (``scoring.target``...).

``Lesson`` is a frozen dataclass: ``id, lang, title, variant, order,
prerequisites, sources, rules, body_markdown`` (numbers rendered, anchor lines
removed), ``examples`` (:class:`Example`), ``checks`` (:class:`Check`),
``paragraphs`` (:class:`Paragraph`: anchor, rules, markdown), ``claims``, ``summary``,
``reference``, ``needs``.

The learner's path through a variant (lessons, then drills, puzzles and a guided
hand) is :mod:`puzzles.path`.
"""

from lessons._loader import (
    LANGUAGES,
    Check,
    Example,
    Lesson,
    LessonError,
    Paragraph,
    anchor_for,
    applies_to,
    body_with_anchors,
    get_lesson,
    list_lessons,
    rule_anchor,
    rule_ids,
    segments,
)
from lessons.check_result import CheckResult
from lessons.checks import (
    Feedback,
    check_feedback,
    evaluate_check,
    feedback_lines,
    mark_check,
    reasons_for,
    split_feedback,
)
from lessons.disagreements import (
    Disagreement,
    DisagreementError,
    Group,
    OptionRef,
    Position,
    chip_label,
    chip_markdown,
    chip_pattern,
    disagreement,
    disagreements,
    disagreements_table,
    grouped,
    groups,
    profile_field_paths,
    row_lines,
    row_markdown,
)
from lessons.glossary import GlossaryEntry, glossary, search_glossary

__all__ = [
    "LANGUAGES", "Check", "CheckResult", "Disagreement", "DisagreementError", "Example",
    "Feedback", "GlossaryEntry", "Group", "Lesson", "LessonError", "OptionRef", "Paragraph",
    "Position", "anchor_for", "applies_to", "body_with_anchors", "check_feedback", "chip_label",
    "chip_markdown", "chip_pattern",
    "disagreement", "disagreements", "disagreements_table", "evaluate_check", "feedback_lines",
    "get_lesson",
    "glossary", "grouped", "groups", "list_lessons", "mark_check", "profile_field_paths",
    "reasons_for", "row_lines", "row_markdown", "rule_anchor", "rule_ids", "search_glossary",
    "segments", "split_feedback",
]
