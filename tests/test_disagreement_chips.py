"""Where the sources differ, split by topic and linked from the paragraphs it qualifies
(review §2b.7, §5b.6): groups are data, every row has an anchor, ``{{ differ ROW }}``
chips stand under the lesson paragraphs in both languages and reach every row, a
wrong chip refuses to load, and the Rules page draws the chips and opens (and scrolls
to) the row a link names."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

import lessons
from lessons import _loader
from lessons.disagreements import DisagreementError, parse_rows

ROOT = Path(__file__).resolve().parents[1]
RAW_CHIP = re.compile(r"\{\{\s*differ\s+([a-z0-9_]+)\s*\}\}")
PAGE = "disagreements"


RAW_CARD = re.compile(r"\{\{\s*rules_card(?:\s+([a-z0-9\-]+))?\s*\}\}")
VARIANT_LINE = re.compile(r'^variant = "([^"]+)"', re.M)


def _raw_chips(lang: str) -> dict[str, list[str]]:
    """Lesson id -> the rows its file's chips name, in order (the source text); a rules
    card (``{{ rules_card }}``) brings the chips of its items."""
    from lessons.rules_card import rules_card_items

    out = {}
    for path in sorted((ROOT / "lessons" / lang).glob("*.md")):
        text = path.read_text("utf-8")
        own = VARIANT_LINE.search(text)
        rows: list[str] = []
        for m in re.finditer(f"{RAW_CHIP.pattern}|{RAW_CARD.pattern}", text):
            if m.group(1):
                rows.append(m.group(1))
            else:
                variant = m.group(2) or (own.group(1) if own else "two-handed")
                rows += [row for item in rules_card_items(variant, lang) for row in item.chips]
        out[path.stem] = rows
    return out


def _chip_pieces(lesson: lessons.Lesson) -> list[str]:
    return [row.id for kind, piece in lessons.segments(lesson, lessons.body_with_anchors(lesson))
            if kind == "differ" for row in piece]


# --- data ---------------------------------------------------------------------------

def test_every_row_has_a_declared_group_and_every_group_rows() -> None:
    groups = {g.id: g for g in lessons.groups()}
    assert len(groups) >= 4
    for row in lessons.disagreements():
        assert row.group in groups, row.id
    grouped = lessons.grouped()
    assert [g.id for g, _ in grouped] == [g.id for g in lessons.groups()]
    assert sum(len(rows) for _, rows in grouped) == len(lessons.disagreements())
    for group in groups.values():
        assert group.en and group.ru and group.en != group.ru


def test_a_row_with_an_unknown_group_is_refused() -> None:
    row = {"id": "x", "group": "nowhere", "topic_en": "X", "topic_ru": "Х",
           "says": [], "options": []}
    with pytest.raises(DisagreementError, match="nowhere"):
        parse_rows([row], lessons.groups())
    with pytest.raises(DisagreementError, match="share an id"):
        parse_rows([{**row, "group": "deal"}] * 2, lessons.groups())
    with pytest.raises(DisagreementError, match="no known group"):   # required
        parse_rows([{k: v for k, v in row.items() if k != "group"}], lessons.groups())


def test_unknown_row_is_a_clear_error() -> None:
    with pytest.raises(DisagreementError, match="no disagreement 'nope'.*dix"):
        lessons.disagreement("nope")


# --- the placeholder ----------------------------------------------------------------

def test_every_chip_resolves_and_renders_as_a_link_to_its_row() -> None:
    pattern = lessons.chip_pattern()
    for lang in lessons.LANGUAGES:
        for lesson_id, rows in _raw_chips(lang).items():
            lesson = lessons.get_lesson(lesson_id, lang)
            for row_id in rows:
                lessons.disagreement(row_id)       # names a row
            assert [m.group(1) for m in pattern.finditer(lesson.body_markdown)] == rows
            assert "{{" not in lesson.body_markdown
    chip = lessons.chip_markdown("dix", "en")
    assert chip == '[Sources differ ▸](disagreements#differ-dix "The seven of trumps (dix)")'
    assert lessons.chip_markdown("dix", "ru").startswith("[Источники расходятся ▸](")


def test_both_languages_place_the_same_chips() -> None:
    assert _raw_chips("en") == _raw_chips("ru")
    for lesson in lessons.list_lessons("en"):
        assert _chip_pieces(lesson) == _chip_pieces(lessons.get_lesson(lesson.id, "ru"))


def test_every_row_is_reached_from_a_lesson_paragraph() -> None:
    """Each disagreement has a chip under some paragraph of a lesson other than the
    comparison itself, in both languages; the brief's rows among them."""
    for lang in lessons.LANGUAGES:
        reached = Counter(row for lesson_id, rows in _raw_chips(lang).items()
                          if lesson_id != PAGE for row in rows)
        missing = {r.id for r in lessons.disagreements()} - set(reached)
        assert not missing, f"{lang}: no lesson links {sorted(missing)}"
    chips = _raw_chips("en")
    assert "dix" in chips["dix"] and "bezique_pair" in chips["declarations"]
    assert "meld_table" in chips["declarations"]             # the plain sequence
    assert "carte_blanche" in chips["variant-rubicon"]
    assert "last_trick_bonus" in chips["brisques"] and "brisques" in chips["brisques"]
    assert {"target", "tie"} <= set(chips["scoring"])


def test_no_bare_links_to_the_whole_comparison_where_a_chip_fits() -> None:
    """The lessons that state a disputed rule carry its chip, not 'see the page'; only
    the pages about the sources as a whole link the comparison."""
    for lang in lessons.LANGUAGES:
        for lesson in lessons.list_lessons(lang):
            if "](disagreements)" in lesson.body_markdown:
                assert lesson.id in {"sources", "declarations"}, (lang, lesson.id)


@pytest.mark.parametrize("body, message", [
    ("Para (001).\n{{ differ no_such_row }}\n", "no disagreement 'no_such_row'"),
    ("Para (001). {{ differ dix }} and more text.\n", "must end its paragraph"),
    ("Para (001). {{ differ dix }}\nthe same paragraph goes on.\n", "must end its paragraph"),
    ("Para (001). {{ differ dix tie }}\n", "one row per chip"),
])
def test_a_wrong_chip_fails_when_the_lesson_loads(body: str, message: str) -> None:
    text = ('+++\nid = "x"\ntitle = "X"\nvariant = "general"\norder = 1\n'
            'sources = ["001"]\n+++\n\n' + body)
    with pytest.raises(lessons.LessonError, match=message):
        _loader.parse_lesson(text, "en", "lessons/en/x.md")


def test_a_chip_may_end_a_list_item_or_stand_before_a_heading() -> None:
    text = ('+++\nid = "x"\ntitle = "X"\nvariant = "general"\norder = 1\n'
            'sources = ["001"]\n+++\n\n* one (001). {{ differ dix }}\n* two\n\n'
            'Para. {{ differ target }} {{ differ tie }}\n## Next\n\nText.\n')
    lesson = _loader.parse_lesson(text, "ru", "lessons/ru/x.md")
    kinds = [(kind, [r.id for r in piece] if kind == "differ" else None)
             for kind, piece in lessons.segments(lesson)]
    assert ("differ", ["dix"]) in kinds and ("differ", ["target", "tie"]) in kinds
    assert "Источники расходятся" in lesson.body_markdown


def test_rule_paragraphs_carry_their_chips() -> None:
    paragraph = lessons.get_lesson("scoring", "en").paragraph("rule-game.tie")
    assert paragraph.markdown.rstrip().endswith('"Both players over the target")')
    assert paragraph.markdown in lessons.get_lesson("scoring", "en").body_markdown


# --- the comparison page --------------------------------------------------------------

@pytest.mark.parametrize("lang", lessons.LANGUAGES)
def test_the_comparison_is_grouped_with_contents_and_anchors(lang: str) -> None:
    body = lessons.get_lesson(PAGE, lang).body_markdown
    for group, rows in lessons.grouped():
        assert f"## {group.title(lang)}" in body
        assert f"[{group.title(lang)}](#{group.anchor})" in body      # contents
        for row in rows:
            assert f'<a id="differ-{row.id}"></a>' in body            # chips land here
            assert f"[{row.topic(lang)}](#differ-{row.id})" in body
    # headings in page order, rows after their group's heading
    places = [body.index(f"## {g.title(lang)}\n") for g, _ in lessons.grouped()]
    assert places == sorted(places)
    pieces = lessons.segments(lessons.get_lesson(PAGE, lang))
    rows = [piece.id for kind, piece in pieces if kind == "differ_row"]
    assert rows == [r.id for _, members in lessons.grouped() for r in members]
    texts = "\n".join(piece for kind, piece in pieces if kind == "text")
    assert "### " not in texts and "For developers" not in texts   # drawn from the data


# --- the Rules page -------------------------------------------------------------------

st = pytest.importorskip("streamlit")
from streamlit.testing.v1 import AppTest  # noqa: E402

from app_pages.i18n import catalogue  # noqa: E402


@pytest.fixture()
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    from puzzles.store import ENV_VAR

    path = tmp_path / "progress.sqlite3"
    monkeypatch.setenv(ENV_VAR, str(path))
    return path


def rules(lang: str, query: dict[str, str]) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.session_state["lang"] = lang
    for key, value in query.items():
        at.query_params[key] = value
    at.switch_page("app_pages/rules.py")
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _chips(at: AppTest) -> list:
    return [e for e in at.expander if (e.proto and "differ" not in e.label)
            and e.label.startswith(lessons.chip_label(at.session_state["lang"])[:8])]


def _open_rows(at: AppTest) -> list[str]:
    topics = {r.topic(at.session_state["lang"]): r.id for r in lessons.disagreements()}
    return [topics[e.label] for e in at.expander if e.proto.expanded and e.label in topics]


def _scroll_targets(at: AppTest) -> list[str]:
    return re.findall(r"st-key-(rules_differ_row_[a-z0-9_]+)",
                      " ".join(h.proto.body for h in at.get("html")))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_dix_lesson_shows_its_chip(db: Path, lang: str) -> None:
    at = rules(lang, {"lesson": "dix"})
    label = lessons.chip_label(lang).removesuffix("▸").rstrip()
    chips = [e for e in at.expander if e.label == label]
    assert len(chips) == len(_raw_chips(lang)["dix"]) == 2
    inside = " ".join(m.value for m in chips[0].markdown)
    assert "001 §04" in inside and lessons.disagreement("dix").topic(lang) in inside
    assert "dix" not in label and "differ" not in inside     # no internal ids on screen
    shown = " ".join(m.value for m in at.markdown)
    assert "{{" not in shown and "disagreements#differ-" not in shown
    assert catalogue(lang)["rules.differ_open"] in [b.label for b in at.button]


def test_two_chips_at_one_place_name_their_topics(db: Path) -> None:
    at = rules("en", {"lesson": "scoring"})
    labels = [e.label for e in at.expander if e.label.startswith("Sources differ")]
    assert labels == ["Sources differ", "Sources differ"]    # one chip per paragraph
    at = rules("en", {"lesson": "declarations"})
    labels = [e.label for e in at.expander if e.label.startswith("Sources differ")]
    assert "Sources differ: Which melds exist" in labels
    assert "Sources differ: Marriage first, sequence later" in labels


def test_a_chip_opens_its_row_in_the_comparison(db: Path) -> None:
    at = rules("en", {"lesson": "declarations"})
    assert _open_rows(at) == [] and _scroll_targets(at) == []
    go = next(b for b in at.button if b.key.endswith("_bezique_pair_open"))
    go.click().run()
    assert not at.exception
    assert at.selectbox(key="rules_lesson").value == PAGE
    assert _open_rows(at) == ["bezique_pair"]
    assert _scroll_targets(at) == ["rules_differ_row_bezique_pair_open"]
    at.run()                                   # scrolled once: not again on a rerun
    assert _scroll_targets(at) == [] and _open_rows(at) == ["bezique_pair"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_differ_link_opens_and_scrolls_to_its_row(db: Path, lang: str) -> None:
    at = rules(lang, {"lesson": PAGE, "differ": "tie"})
    assert at.selectbox(key="rules_lesson").value == PAGE
    assert _open_rows(at) == ["tie"]
    assert _scroll_targets(at) == ["rules_differ_row_tie_open"]
    # every row folded under its group's heading, none shown as a wall of text
    topics = {r.topic(lang) for r in lessons.disagreements()}
    assert topics <= {e.label for e in at.expander}
    assert not any(m.value.startswith("### ") for m in at.markdown)


def test_a_link_to_an_unknown_row_says_so(db: Path) -> None:
    at = rules("en", {"lesson": PAGE, "differ": "no_such_row`"})
    assert [w.value for w in at.warning] == [catalogue("en")["rules.differ_unknown"]]
    assert _open_rows(at) == [] and _scroll_targets(at) == []
    other = rules("en", {"lesson": "dix", "differ": "tie"})   # rows live on the comparison
    # (the only warning there is the path's "pass this lesson's checks first")
    assert [w.icon for w in other.warning] == [":material/checklist:"]
    assert _scroll_targets(other) == []


def test_a_rule_link_to_a_paragraph_with_a_chip_draws_the_chip(db: Path) -> None:
    at = rules("en", {"lesson": "scoring", "rule": "game.tie"})
    shown = " ".join(m.value for m in at.markdown)
    assert "disagreements#differ-" not in shown
    assert len([e for e in at.expander if e.label == "Sources differ"]) == 3   # 2 + box


def test_the_index_under_the_lessons_opens_a_row(db: Path) -> None:
    at = rules("ru", {"lesson": "cards"})
    topic = lessons.disagreement("last_trick_bonus").topic("ru")
    at.button(key="rules_index_last_trick_bonus").click().run()
    assert not at.exception
    assert at.selectbox(key="rules_lesson").value == PAGE
    assert _open_rows(at) == ["last_trick_bonus"]
    assert topic in [b.label for b in at.button]


def test_links_to_a_row_name_a_row_and_open_it_on_the_page(monkeypatch) -> None:
    from app_pages import rules_parts as parts

    known = {r.id for r in lessons.disagreements()}
    for lang in lessons.LANGUAGES:
        for lesson in lessons.list_lessons(lang):
            for row in re.findall(r"\]\(disagreements#differ-([a-z0-9_]+)", lesson.body_markdown):
                assert row in known, (lang, lesson.id, row)
    monkeypatch.setattr(parts.ui, "lang", lambda: "ru")
    text = f"Text. {lessons.chip_markdown('tie', 'ru')} [x](variant-rubicon) [y](#differ-tie)"
    assert parts.lesson_links(text) == (
        'Text. [Источники расходятся ▸](rules?lesson=disagreements&differ=tie&lang=ru '
        '"Оба игрока перешли цель") [x](rules?lesson=variant-rubicon&lang=ru) [y](#differ-tie)')
