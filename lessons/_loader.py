"""Reading lesson files: front matter, rule anchors, example and check blocks."""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Any

from engine.errors import ProfileError
from engine.rules.profile import Profile, load_profile, variant_names
from engine.text.citations import citation_text
from lessons._render import REFERENCE_VARIANT, render_text, resolve_path
from lessons.disagreements import Disagreement, chip_markdown, chip_pattern, disagreement

LANGUAGES = ("en", "ru")
GENERAL = "general"

ANCHOR_LINE = re.compile(r"^\{#rule:([a-z0-9_.\-]+)\}\s*$")
FENCE_OPEN = re.compile(r"^```(bezique-[a-z]+)((?:\s+[a-z_]+=[^\s]+)*)\s*$")
EXAMPLE_KIND = "bezique-melds"
CHECK_KIND = "bezique-check"
DIRECTIVE_DISAGREEMENTS = "disagreements"
DIRECTIVE_MELD_SHEETS = "meld_sheets"      # the cheat-sheet of every variant
DIRECTIVE_MELD_SHEET = "meld_sheet"        # the lesson's own variant
DIRECTIVE_TABLE = "table_diagram"          # the picture of the table during a deal
DIRECTIVE_DIFFER = "differ"                # {{ differ ROW }}: the "Sources differ" chip
DIRECTIVE_RULES_CARD = "rules_card"        # {{ rules_card [VARIANT] }}: the rules at a glance
DIRECTIVE_FOLD = "fold"                    # {{ fold TITLE }} ... {{ end fold }}: a fold
FOLD_LINE = re.compile(r"^\{\{\s*fold\s+(\S.*?)\s*\}\}\s*$")
FOLD_END_LINE = re.compile(r"^\{\{\s*end\s+fold\s*\}\}\s*$")
# What the fold directives render to: comments, so that a renderer that knows nothing
# of folds shows the text in the flow; segments() turns them into fold pieces.
FOLD_OPEN_MARK = re.compile(r"^<!-- fold: (.+) -->\s*$")
FOLD_CLOSE_MARK = "<!-- end fold -->"
DIFFER_PLACEHOLDER = re.compile(r"\{\{\s*differ\b([^}]*)\}\}")
ROW_ANCHOR_LINE = re.compile(r'^<a id="differ-([a-z0-9_]+)"></a>\s*$')
LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s")


class LessonError(ValueError):
    """A lesson file that does not follow the format."""


def anchor_for(rule_id: str) -> str:
    """The paragraph anchor of a rule id: ``rule-meld.trump_marriage``."""
    return f"rule-{rule_id}"


@dataclass(frozen=True)
class Example:
    """A ``bezique-melds`` block: one request of the ``bezique melds`` contract.

    ``data`` is the JSON object exactly as :func:`engine.rules.meld_query.query` takes it.
    """

    id: str
    kind: str
    data: Mapping[str, Any]
    title: str = ""     # what the learner sees ("Step 2: the trump marriage"), never the id

    def request(self) -> dict[str, Any]:
        """A fresh, mutable copy of the request, ready for ``engine.rules.meld_query.query``."""
        fresh: dict[str, Any] = json.loads(json.dumps(plain(self.data)))
        return fresh


@dataclass(frozen=True)
class Check:
    """An interactive check. ``params`` is data only; answers are computed at runtime
    by :func:`lessons.checks.evaluate_check`. ``prompt`` is in the lesson's language."""

    id: str
    kind: str
    params: Mapping[str, Any]
    prompt: str
    variant: str


@dataclass(frozen=True)
class Paragraph:
    """A paragraph that explains one or more rules."""

    anchor: str
    rules: tuple[str, ...]
    markdown: str


@dataclass(frozen=True)
class Lesson:
    id: str
    lang: str
    title: str
    variant: str
    order: int
    prerequisites: tuple[str, ...]
    sources: tuple[str, ...]
    rules: tuple[str, ...]
    body_markdown: str
    examples: tuple[Example, ...]
    checks: tuple[Check, ...]
    paragraphs: tuple[Paragraph, ...] = ()
    claims: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    summary: str = ""
    reference: bool = False     # a page to look things up in, off the learner's path
    # What a game must have for this lesson to be on its path: profile field paths
    # that must be set ("dix.points") or equal a value ("declaring.pending=cady").
    needs: tuple[str, ...] = ()

    @property
    def anchors(self) -> tuple[str, ...]:
        return tuple(p.anchor for p in self.paragraphs)

    def paragraph(self, anchor: str) -> Paragraph:
        for p in self.paragraphs:
            if p.anchor == anchor:
                return p
        raise KeyError(anchor)


def plain(value: Any) -> Any:
    """A check's frozen parameters as plain dicts and lists again (for JSON and
    engine requests)."""
    if isinstance(value, Mapping):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [plain(v) for v in value]
    return value


def _freeze(value: Any) -> Any:
    if isinstance(value, dict):
        return MappingProxyType({k: _freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


def split_front_matter(text: str, where: str) -> tuple[dict[str, Any], str]:
    lines = text.split("\n")
    if not lines or lines[0].strip() != "+++":
        raise LessonError(f"{where}: must start with a +++ line (TOML front matter)")
    for end in range(1, len(lines)):
        if lines[end].strip() == "+++":
            break
    else:
        raise LessonError(f"{where}: front matter is not closed by +++")
    try:
        meta = tomllib.loads("\n".join(lines[1:end]))
    except tomllib.TOMLDecodeError as exc:
        raise LessonError(f"{where}: bad TOML front matter: {exc}") from exc
    return meta, "\n".join(lines[end + 1:]).strip("\n") + "\n"


def profile_for(variant: str) -> Profile | None:
    """The profile a lesson renders from: its own, two-handed for ``general``,
    ``None`` for a variant that has no profile yet."""
    name = REFERENCE_VARIANT if variant == GENERAL else variant
    if name not in variant_names():
        return None
    try:
        return load_profile(name)
    except ProfileError:
        return None


def check_chip_places(body: str, where: str) -> None:
    """A ``{{ differ ROW }}`` chip qualifies the paragraph (or list item) it ends: it
    must stand at the end of a line that ends the paragraph or the item, so that an
    app can draw it right after that text without cutting a sentence in two."""
    lines = body.split("\n")
    for number, line in enumerate(lines):
        found = list(DIFFER_PLACEHOLDER.finditer(line))
        if not found:
            continue
        for match in found:
            if len(match.group(1).split()) != 1:
                raise LessonError(f"{where}, line {number + 1}: write one row per chip, "
                                  f"{{{{ differ ROW }}}}, not {match.group(0)!r}")
        rest = DIFFER_PLACEHOLDER.sub("", line[found[0].start():])
        nxt = lines[number + 1] if number + 1 < len(lines) else ""
        if rest.strip() or not (not nxt.strip() or LIST_ITEM.match(nxt)
                                or nxt.lstrip().startswith("#")):
            raise LessonError(f"{where}, line {number + 1}: a 'sources differ' chip must "
                              f"end its paragraph or list item")


def check_folds(body: str, where: str) -> None:
    """``{{ fold TITLE }}`` and ``{{ end fold }}`` stand on lines of their own, pair up
    and never nest. A check never stands inside a fold: the learner must see every
    check, so a check goes beside the fold whose point it tests."""
    inside = 0
    for number, line in enumerate(body.split("\n"), 1):
        text = line.strip()
        if FOLD_LINE.match(text):
            if inside:
                raise LessonError(f"{where}, line {number}: a fold inside a fold "
                                  f"(line {inside}); close the first with {{{{ end fold }}}}")
            inside = number
        elif FOLD_END_LINE.match(text):
            if not inside:
                raise LessonError(f"{where}, line {number}: {{{{ end fold }}}} without a fold")
            inside = 0
        elif re.search(r"\{\{\s*(?:end\s+)?fold\b", text):
            raise LessonError(f"{where}, line {number}: a fold directive must stand on a "
                              f"line of its own")
        elif inside and FENCE_OPEN.match(text) and text.startswith(f"```{CHECK_KIND}"):
            raise LessonError(f"{where}, line {number}: a check inside a fold (line "
                              f"{inside}); put it beside the fold, where the learner sees it")
    if inside:
        raise LessonError(f"{where}: the fold of line {inside} is never closed")


def _attrs(text: str) -> dict[str, str]:
    return dict(item.split("=", 1) for item in text.split())


def _block_end(lines: list[str], i: int) -> int:
    """The index just past the block of non-blank lines starting at ``i`` (an anchor
    line or a fenced block ends it too)."""
    while i < len(lines) and lines[i].strip() and not ANCHOR_LINE.match(
            lines[i].strip()) and not FENCE_OPEN.match(lines[i].strip()):
        i += 1
    return i


def _lead_in(block: list[str]) -> bool:
    """A block that only introduces what follows: a lone heading line, or text
    ending with a colon (a bold title over a table, a sentence over a list)."""
    text = "\n".join(block).strip()
    return text.endswith(":") or (len(block) == 1 and text.startswith("#"))


def _paragraph_end(lines: list[str], i: int) -> int:
    """The end of the anchored paragraph starting at ``i``: its block, and when that
    block is only a lead-in, the table, list or text it introduces as well (so a
    rule link never shows a bare heading)."""
    start = i
    i = _block_end(lines, i)
    while _lead_in(lines[start:i]):
        nxt = i
        while nxt < len(lines) and not lines[nxt].strip():
            nxt += 1
        if nxt == len(lines) or ANCHOR_LINE.match(lines[nxt].strip()) or FENCE_OPEN.match(
                lines[nxt].strip()):
            break
        i = _block_end(lines, nxt)
    return i


def parse_body(body: str, where: str, variant: str, lang: str,
               ) -> tuple[str, list[Paragraph], list[Example], list[Check]]:
    """Strip anchors, collect paragraphs, example blocks and check blocks.

    Returns the body (anchors removed, blocks kept as fenced code) unrendered."""
    out: list[str] = []
    paragraphs: list[Paragraph] = []
    examples: list[Example] = []
    checks: list[Check] = []
    pending: list[str] = []
    lines = body.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        anchor = ANCHOR_LINE.match(line.strip())
        if anchor:
            pending.append(anchor.group(1))
            i += 1
            continue
        fence = FENCE_OPEN.match(line.strip())
        if fence:
            kind, attrs = fence.group(1), _attrs(fence.group(2))
            end = i + 1
            while end < len(lines) and lines[end].strip() != "```":
                end += 1
            if end == len(lines):
                raise LessonError(f"{where}: unclosed ```{kind} block")
            raw = "\n".join(lines[i + 1:end])
            try:
                data = json.loads(raw)
            except json.JSONDecodeError as exc:
                raise LessonError(f"{where}: bad JSON in ```{kind} block: {exc}") from exc
            if "id" not in attrs:
                raise LessonError(f"{where}: ```{kind} block needs id=...")
            if kind == EXAMPLE_KIND:
                if not isinstance(data, dict):
                    raise LessonError(f"{where}: example {attrs['id']} must be a JSON object")
                title = str(data.pop("title", ""))
                examples.append(Example(attrs["id"], kind, _freeze(data), title))
            elif kind == CHECK_KIND:
                if not isinstance(data, dict) or "kind" not in data or "prompt" not in data:
                    raise LessonError(f"{where}: check {attrs['id']} needs kind and prompt")
                prompt = data.pop("prompt")
                check_kind = data.pop("kind")
                check_variant = data.pop("variant", None)
                if check_variant is None:
                    own = variant != GENERAL and profile_for(variant) is not None
                    check_variant = variant if own else REFERENCE_VARIANT
                checks.append(Check(attrs["id"], check_kind, _freeze(data), prompt,
                                    check_variant))
            else:
                raise LessonError(f"{where}: unknown block kind {kind}")
            out.extend(lines[i:end + 1])
            i = end + 1
            continue
        if pending and line.strip():
            start = i
            i = _paragraph_end(lines, i)
            text = "\n".join(lines[start:i]).rstrip("\n")
            for rule in pending:
                paragraphs.append(Paragraph(anchor_for(rule), tuple(pending), text))
            out.extend(lines[start:i])
            pending = []
            continue
        out.append(line)
        i += 1
    if pending:
        raise LessonError(f"{where}: anchor(s) {pending} are not followed by a paragraph")
    return "\n".join(out), paragraphs, examples, checks


def _str_tuple(meta: Mapping[str, Any], key: str, where: str) -> tuple[str, ...]:
    value = meta.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise LessonError(f"{where}: {key!r} must be a list of strings")
    return tuple(value)


def parse_lesson(text: str, lang: str, where: str = "lesson") -> Lesson:
    meta, body = split_front_matter(text, where)
    for key in ("id", "title", "variant", "order"):
        if key not in meta:
            raise LessonError(f"{where}: front matter lacks {key!r}")
    variant = meta["variant"]
    claims = meta.get("claims", {})
    if not isinstance(claims, dict):
        raise LessonError(f"{where}: claims must be a table")
    raw, paragraphs, examples, checks = parse_body(body, where, variant, lang)
    check_chip_places(raw, where)
    check_folds(raw, where)
    profile = profile_for(variant)

    def hook(expr: str) -> str | None:
        words = expr.split()
        if words and words[0] == DIRECTIVE_DIFFER:
            return chip_markdown(" ".join(words[1:]), lang)   # an unknown row raises
        if words and words[0] == DIRECTIVE_FOLD:
            return f"<!-- fold: {' '.join(words[1:])} -->"
        if words == ["end", DIRECTIVE_FOLD]:
            return FOLD_CLOSE_MARK
        if words and words[0] == DIRECTIVE_RULES_CARD:
            from lessons.rules_card import rules_card_markdown
            if len(words) > 2:
                raise ValueError(f"{{{{ {expr} }}}}: name one variant at most")
            card = profile_for(words[1]) if len(words) == 2 else profile
            if card is None:
                raise ValueError(f"{{{{ {expr} }}}}: no profile to build the card from")
            return rules_card_markdown(card, lang)
        if words and words[0] == DIRECTIVE_DISAGREEMENTS:
            # {{ disagreements }}: the whole comparison; {{ disagreements contents }}: its
            # table of contents; {{ disagreements GROUP }}: one group, so a lesson can put
            # a check after each
            from lessons.disagreements import (
                contents_markdown,
                disagreements_markdown,
                group_markdown,
            )
            if len(words) == 1:
                return disagreements_markdown(lang)
            if words[1:] == ["contents"]:
                return contents_markdown(lang)
            return group_markdown(" ".join(words[1:]), lang)
        if expr == DIRECTIVE_MELD_SHEETS:
            from lessons.cheatsheet import meld_sheets_markdown
            return meld_sheets_markdown(lang)
        if expr == DIRECTIVE_MELD_SHEET:
            from lessons.cheatsheet import meld_sheet_markdown
            return meld_sheet_markdown(profile or profile_for(GENERAL) or REFERENCE_VARIANT,
                                       lang)
        if expr == DIRECTIVE_TABLE:
            from lessons.diagram import table_diagram_markdown
            return table_diagram_markdown(profile, lang)
        return None

    try:
        rendered = render_text(raw, profile, claims, hook)
        paragraphs = [Paragraph(p.anchor, p.rules,
                                render_text(p.markdown, profile, claims, hook))
                      for p in paragraphs]
        title = render_text(meta["title"], profile, claims)
        summary = render_text(meta.get("summary", ""), profile, claims)
    except ValueError as exc:
        raise LessonError(f"{where}: {exc}") from exc
    # The lessons cite the sources' sections by their Russian headings; an English
    # page names them in English (a Russian one keeps them).
    def cited(text: str) -> str:
        return citation_text(text, lang) if lang == "en" else text

    return Lesson(
        id=meta["id"], lang=lang, title=title, variant=variant, order=int(meta["order"]),
        prerequisites=_str_tuple(meta, "prerequisites", where),
        sources=tuple(cited(s) for s in _str_tuple(meta, "sources", where)),
        rules=_str_tuple(meta, "rules", where),
        body_markdown=cited(rendered), examples=tuple(examples),
        checks=tuple(replace(c, prompt=cited(c.prompt)) for c in checks),
        paragraphs=tuple(Paragraph(p.anchor, p.rules, cited(p.markdown)) for p in paragraphs),
        claims=MappingProxyType(dict(claims)), summary=cited(summary),
        reference=_flag(meta, "reference", where), needs=_needs(meta, where),
    )


def _needs(meta: Mapping[str, Any], where: str) -> tuple[str, ...]:
    """The ``needs`` conditions, each checked against the reference profile so that a
    misspelt field fails when the lesson loads."""
    found = _str_tuple(meta, "needs", where)
    reference = profile_for(GENERAL)
    for condition in found:
        path = condition.split("=", 1)[0].strip()
        try:
            if reference is not None:
                resolve_path(reference, path)
        except ValueError as exc:
            raise LessonError(f"{where}: needs {condition!r}: {exc}") from exc
    return found


def applies_to(lesson: Lesson, profile: Profile) -> bool:
    """Whether a lesson teaches something the game of ``profile`` has: every one of its
    ``needs`` holds (a field set, not zero or empty; or ``path=value`` equal)."""
    for condition in lesson.needs:
        path, _, wanted = condition.partition("=")
        value = resolve_path(profile, path.strip())
        if wanted:
            if str(value) != wanted.strip():
                return False
        elif not value:
            return False
    return True


def _flag(meta: Mapping[str, Any], key: str, where: str) -> bool:
    value = meta.get(key, False)
    if not isinstance(value, bool):
        raise LessonError(f"{where}: {key!r} must be true or false")
    return value


@cache
def _all(lang: str) -> tuple[Lesson, ...]:
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; use one of {LANGUAGES}")
    folder = resources.files("lessons") / lang
    found = []
    for entry in folder.iterdir():
        if entry.name.endswith(".md"):
            lesson = parse_lesson(entry.read_text("utf-8"), lang, f"lessons/{lang}/{entry.name}")
            if entry.name != f"{lesson.id}.md":
                raise LessonError(f"lessons/{lang}/{entry.name}: id {lesson.id!r} must match "
                                  f"the file name")
            found.append(lesson)
    return tuple(sorted(found, key=lambda les: (les.order, les.id)))


def list_lessons(lang: str = "en", variant: str | None = None) -> list[Lesson]:
    lessons = _all(lang)
    if variant is None:
        return list(lessons)
    return [les for les in lessons if les.variant == variant]


def get_lesson(lesson_id: str, lang: str = "en") -> Lesson:
    for lesson in _all(lang):
        if lesson.id == lesson_id:
            return lesson
    raise KeyError(lesson_id)


@cache
def _anchor_index() -> Mapping[str, Mapping[str, tuple[str, str]]]:
    """rule id -> lesson variant -> (lesson id, anchor). A rule may be explained once
    per variant: the no-trump and the card-point lessons each explain the double
    trump marriage as their own game scores it."""
    index: dict[str, dict[str, tuple[str, str]]] = {}
    for lesson in _all("en"):
        for p in lesson.paragraphs:
            for rule in p.rules:
                if anchor_for(rule) != p.anchor:
                    continue
                found = index.setdefault(rule, {})
                if lesson.variant in found and found[lesson.variant][0] != lesson.id:
                    raise LessonError(f"rule {rule} is anchored in {found[lesson.variant][0]} "
                                      f"and {lesson.id}, lessons of one variant")
                found.setdefault(lesson.variant, (lesson.id, p.anchor))
    return MappingProxyType({r: MappingProxyType(v) for r, v in index.items()})


def _lineage(variant: str) -> tuple[str, ...]:
    from engine.rules.profile import variant_lineage

    try:
        return variant_lineage(variant)
    except ProfileError:
        return (variant,)


def rule_anchor(rule_id: str, variant: str | None = None) -> tuple[str, str]:
    """``(lesson id, anchor)`` of the paragraph that explains ``rule_id``.

    With ``variant`` (the profile being played) the lesson of that variant wins, then
    the lessons of the profiles it extends (read from the profiles' ``extends``), so a
    card-point game links its double trump marriage to the card-point lesson. Without
    one, or when none of them explains the rule, the rule's home: the reference
    game's lesson if it has one, else the first lesson in reading order."""
    index = _anchor_index()
    if rule_id not in index:
        raise KeyError(rule_id)
    found = index[rule_id]
    for name in (*(_lineage(variant) if variant else ()), REFERENCE_VARIANT):
        if name in found:
            return found[name]
    order = {les.id: les.order for les in _all("en")}
    return min(found.values(), key=lambda place: order[place[0]])


def rule_ids() -> list[str]:
    """Every rule id some lesson paragraph explains."""
    return sorted(_anchor_index())


Piece = str | Example | Check | Disagreement | tuple[Disagreement, ...]


def _fold_mark(line: str) -> tuple[str, str] | None:
    """``("fold", title)`` or ``("fold_end", "")`` for a rendered fold line, else None."""
    found = FOLD_OPEN_MARK.match(line.strip())
    if found:
        return ("fold", found.group(1))
    return ("fold_end", "") if line.strip() == FOLD_CLOSE_MARK else None


def segments(lesson: Lesson, text: str | None = None) -> list[tuple[str, Piece]]:
    """The body in reading order: ``("text", markdown)``, ``("example", Example)`` and
    ``("check", Check)`` pieces, so that an app draws each block where the text refers
    to it. ``text`` defaults to the lesson body (pass :func:`body_with_anchors`).

    Two more kinds: ``("differ", (Disagreement, ...))`` for the "Sources differ" chip(s)
    ending the text before it, and ``("differ_row", Disagreement)`` for a row of the
    comparison page (the app draws both from the data; the Markdown they stand for is
    left out of the text pieces). A fold is ``("fold", title)``, the pieces it holds,
    then ``("fold_end", "")``: the app draws them in a fold the learner opens."""
    body = lesson.body_markdown if text is None else text
    examples = {e.id: e for e in lesson.examples}
    checks = {c.id: c for c in lesson.checks}
    out: list[tuple[str, Piece]] = []
    chunk: list[str] = []

    def flush() -> None:
        if "\n".join(chunk).strip():
            out.append(("text", "\n".join(chunk).strip("\n")))
        chunk.clear()

    chip = chip_pattern()
    lines = body.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        row = ROW_ANCHOR_LINE.match(line.strip())
        if row:
            flush()
            out.append(("differ_row", disagreement(row.group(1))))
            i += 1
            # the row's text is drawn from the data; a block after it is the lesson's own
            while i < len(lines) and not lines[i].startswith(("<a id=", "# ", "## ", "```")):
                i += 1
            continue
        mark = _fold_mark(line)
        if mark is not None:
            flush()
            out.append(mark)
            i += 1
            continue
        chips = list(chip.finditer(line))
        if chips and not chip.sub("", line[chips[0].start():]).strip():
            chunk.append(line[:chips[0].start()].rstrip())
            flush()
            out.append(("differ", tuple(disagreement(m.group(1)) for m in chips)))
            i += 1
            continue
        fence = FENCE_OPEN.match(line.strip())
        if not fence:
            chunk.append(line)
            i += 1
            continue
        flush()
        block_id = _attrs(fence.group(2)).get("id", "")
        if fence.group(1) == EXAMPLE_KIND and block_id in examples:
            out.append(("example", examples[block_id]))
        elif block_id in checks:
            out.append(("check", checks[block_id]))
        i += 1
        while i < len(lines) and lines[i].strip() != "```":
            i += 1
        i += 1
    flush()
    return out


def body_with_anchors(lesson: Lesson) -> str:
    """The lesson body with an HTML anchor before each rule paragraph (for apps that
    allow raw HTML, so that ``#rule-meld.bezique`` links land on the paragraph)."""
    text = lesson.body_markdown
    done: set[str] = set()
    for p in lesson.paragraphs:
        if p.markdown in done:
            continue
        done.add(p.markdown)
        tags = "".join(f'<a id="{anchor_for(r)}"></a>' for r in p.rules)
        text = text.replace(p.markdown, f"{tags}\n{p.markdown}", 1)
    return text
