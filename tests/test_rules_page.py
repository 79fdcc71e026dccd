"""The Rules page: curriculum, variant filter, interactive checks saved per learner in
the progress store, deep links and bad input. AppTest, with the progress file in
``tmp_path``; the store's lesson table and the curriculum logic are tested bare."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path
from types import SimpleNamespace

import pytest

pytest.importorskip("streamlit")
lessons = pytest.importorskip("lessons")
from streamlit.testing.v1 import AppTest  # noqa: E402

from app_pages import rules_parts as parts  # noqa: E402
from app_pages.i18n import catalogue  # noqa: E402
from app_pages.ui import widget_key  # noqa: E402
from puzzles import path  # noqa: E402
from puzzles.store import ENV_VAR, SCHEMA_VERSION, open_store  # noqa: E402

APP = str(Path(__file__).resolve().parents[1] / "app.py")


@pytest.fixture()
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "progress.sqlite3"
    monkeypatch.setenv(ENV_VAR, str(path))
    return path


def rules(lang: str = "en", query: dict[str, str] | None = None, **state: object) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=30)
    at.session_state["lang"] = lang
    for key, value in state.items():
        at.session_state[key] = value
    for key, value in (query or {}).items():
        at.query_params[key] = value
    at.switch_page("app_pages/rules.py")
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def listed(at: AppTest) -> list[str]:
    return list(at.selectbox(key="rules_lesson").options)


def shown_ids(at: AppTest) -> list[str]:
    """The lesson ids under the filter (the lesson picker shows their titles)."""
    lang = at.session_state["lang"]
    titles = {les.title: les.id for les in lessons.list_lessons(lang)}
    return [titles[label] for label in listed(at)]


def answer(at: AppTest, lesson_id: str, lang: str = "en", right: bool = True) -> None:
    """Answer every check of a lesson (rightly, or the first check wrongly) and press
    its Check button."""
    for number, check in enumerate(lessons.get_lesson(lesson_id, lang).checks):
        result = lessons.evaluate_check(check, lang)
        key = widget_key("check", f"{lesson_id}_{check.id}_{lang}")
        chosen: list[str] = list(result.answer)
        if not right and number == 0:
            chosen = [next(o for o in result.options if o not in result.answer)]
        if result.multiple:
            at.button_group(key=key).set_value(chosen).run()
        else:
            at.radio(key=key).set_value(chosen[0]).run()
        at.button(key=key + "_go").click().run()
        assert not at.exception, [e.value for e in at.exception]


# --- the page -------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ru"])
def test_page_loads_with_the_curriculum(db: Path, lang: str):
    at = rules(lang)
    text = catalogue(lang)
    assert text["rules.title"] in [t.value for t in at.title]
    everything = [les.id for les in lessons.list_lessons(lang)]
    labels = [b.label for b in at.button]
    first = lessons.get_lesson("overview", lang)
    assert any(label.startswith(f"○ {first.title}") for label in labels)
    # "Next lesson" leads on from the open lesson, never to it (D11)
    assert text["rules.next_button"] in labels
    opened = at.selectbox(key="rules_lesson").value
    captions = [c.value for c in at.caption]
    assert lessons.get_lesson(opened, lang).title not in captions
    assert first.id == opened
    groups = [m.value for m in at.markdown]
    assert f"**{text['rules.group_reference']}**" in groups
    # the two-handed default: its lessons and the general ones, in order
    assert shown_ids(at) == [les.id for les in lessons.list_lessons(lang)
                             if les.variant in ("two-handed", "general")]
    assert set(shown_ids(at)) < set(everything)


def test_variant_filter_changes_the_list(db: Path):
    at = rules(variant="rubicon")
    # a new learner of Rubicon starts where its path starts: the basics, listed under "all"
    assert at.selectbox(key="rules_lesson").value == "overview"
    assert at.selectbox(key="rules_variant").value == "all"
    at.selectbox(key="rules_variant").set_value("rubicon").run()
    rubicon = shown_ids(at)
    assert "variant-rubicon" in rubicon and "cards" not in rubicon
    assert {lessons.get_lesson(i).variant for i in rubicon} == {"rubicon", "general"}
    at.selectbox(key="rules_variant").set_value("general").run()
    assert not at.exception
    assert {lessons.get_lesson(i).variant for i in shown_ids(at)} == {"general"}
    at.selectbox(key="rules_variant").set_value("all").run()
    assert shown_ids(at) == [les.id for les in lessons.list_lessons("en")]
    # from a lesson off the Rubicon path, "Next lesson" leads to where the path begins
    at.selectbox(key="rules_variant").set_value("rubicon").run()
    at.selectbox(key="rules_lesson").set_value("disagreements").run()   # a reference page
    assert at.selectbox(key="rules_lesson").value not in {
        les.id for les in path.path_lessons("rubicon")}
    title = lessons.get_lesson("overview").title
    assert at.button(key="rules_next").label == catalogue("en")["rules.next_button"]
    assert title in [c.value for c in at.caption]
    at.button(key="rules_next").click().run()
    assert not at.exception
    assert at.selectbox(key="rules_lesson").value == "overview"
    assert at.selectbox(key="rules_variant").value == "all"   # widened to show it


def test_right_answers_complete_a_lesson_for_that_learner(db: Path):
    at = rules(learner="ann")
    assert at.selectbox(key="rules_lesson").value == "overview"   # the next lesson opens
    answer(at, "overview", right=False)
    assert at.error, "a wrong answer is marked wrong"
    with open_store(db) as store:
        assert not store.lesson_progress("ann")["overview"].complete
    answer(at, "overview")
    assert catalogue("en")["rules.complete"] in [s.value for s in at.success]
    with open_store(db) as store:
        found = store.lesson_progress("ann")["overview"]
    assert found.complete and found.checks_passed == {c.id for c in
                                                      lessons.get_lesson("overview").checks}

    again = rules(learner="ann")             # a new session, the same learner
    first = again.button(key="rules_go_overview").label
    assert first.startswith("✓ ")
    assert again.selectbox(key="rules_lesson").value == "cards"   # the next one now
    other = rules(learner="bob")
    assert other.button(key="rules_go_overview").label.startswith("○ ")


def test_multi_answer_checks_and_russian(db: Path):
    at = rules("ru", learner="ann")
    at.button(key="rules_go_playoff").click().run()
    assert at.selectbox(key="rules_lesson").value == "playoff"
    answer(at, "playoff", "ru")
    assert catalogue("ru")["rules.complete"] in [s.value for s in at.success]
    verdict = catalogue("ru")["feedback.right"].split("{")[0]
    assert any(s.value.startswith(verdict) for s in at.success)


def test_mark_as_read_completes_a_lesson_without_checks(db: Path):
    at = rules(learner="ann")
    at.button(key="rules_go_history").click().run()
    assert not lessons.get_lesson("history").checks
    at.button(key="rules_read_history").click().run()
    assert not at.exception
    assert at.button(key="rules_go_history").label.startswith("✓ ")
    with open_store(db) as store:
        assert store.lesson_progress("ann")["history"].complete


def test_deep_link_opens_the_lesson_of_a_rule(db: Path):
    lesson_id, _ = lessons.rule_anchor("play.trick_winner")
    # the link's lesson opens even when the chosen variant's filter would hide it
    at = rules(query={"lesson": lesson_id, "rule": "play.trick_winner"}, variant="rubicon")
    assert at.selectbox(key="rules_lesson").value == lesson_id
    assert at.selectbox(key="rules_variant").value == "all"
    assert any("play.trick_winner" in m.value for m in at.markdown)
    variant_lesson = rules(query={"lesson": "variant-chinese"})
    assert variant_lesson.selectbox(key="rules_lesson").value == "variant-chinese"


def test_unknown_lesson_and_rule_give_a_message(db: Path):
    at = rules(query={"lesson": "no-such-lesson`**", "rule": "x"})
    assert any("no-such-lesson" in w.value for w in at.warning)
    assert at.selectbox(key="rules_lesson").value == "overview"
    odd_rule = rules(query={"lesson": "cards", "rule": "no.such_rule"})
    # the rule id stays off the screen, in the caption's tooltip (D14)
    assert any("no.such_rule" in c.proto.help for c in odd_rule.caption)
    assert not any("no.such_rule" in c.value for c in odd_rule.caption)


def test_corrupted_progress_file_is_reported_not_raised(db: Path):
    db.write_bytes(b"this is not a database" * 100)
    at = rules(learner="ann")
    assert any(db.name in w.value for w in at.warning)
    answer(at, "overview")                       # the checks still work, unsaved
    assert any(s.value.startswith("Right: ") for s in at.success)
    assert db.read_bytes().startswith(b"this is not a database")


# --- the store's lesson table and the curriculum logic (no streamlit) ------------------

def test_store_lesson_progress(tmp_path: Path):
    path = tmp_path / "p.sqlite3"
    with open_store(path) as store:
        assert store.schema_version == SCHEMA_VERSION
        first = store.pass_lesson_check("ann", "tricks", "a", ["a", "b"])
        assert first.checks_passed == {"a"} and not first.complete
        store.pass_lesson_check("ann", "tricks", "a", ["a", "b"])
        done = store.pass_lesson_check("ann", "tricks", "b", ["a", "b"])
        assert done.complete
        read = store.mark_lesson_read("ann", "history")
        assert read.complete and store.mark_lesson_read("ann", "history") == read
        with pytest.raises(ZeroDivisionError), store.transaction() as conn:
            conn.execute("DELETE FROM lesson_progress")
            raise ZeroDivisionError
    with open_store(path) as store:
        found = store.lesson_progress("ann")
        assert set(found) == {"tricks", "history"} and found["tricks"].complete
        assert store.lesson_progress("bob") == {} and "bob" not in store.learners()


def test_migration_from_version_3_keeps_the_data(tmp_path: Path):
    path = tmp_path / "old.sqlite3"
    with open_store(path) as store:
        store.set_setting("ann", "k", "v")
        store.conn.execute("DROP TABLE lesson_progress")
        store.conn.execute("PRAGMA user_version = 3")
    with open_store(path) as store:
        assert store.schema_version == SCHEMA_VERSION
        assert store.setting("ann", "k") == "v" and store.lesson_progress("ann") == {}
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def _lesson(lesson_id: str, order: int, prerequisites: tuple[str, ...] = (),
            variant: str = "two-handed", checks: int = 0) -> SimpleNamespace:
    return SimpleNamespace(id=lesson_id, order=order, prerequisites=prerequisites,
                           variant=variant, title=lesson_id, lang="en",
                           checks=tuple(SimpleNamespace(id=f"c{i}") for i in range(checks)))


def test_standings_groups_and_missing_prerequisites():
    a, b = _lesson("a", 1), _lesson("b", 2, ("a",), checks=2)
    c = _lesson("c", 3, ("b",), variant="rubicon")
    g = _lesson("g", 4, variant="general")
    every = [a, b, c, g]
    done = SimpleNamespace(complete=True, checks_passed=frozenset())
    half = SimpleNamespace(complete=False, checks_passed=frozenset({"c0"}))
    assert parts.standing(b, {"b": half}) == parts.Standing(1, 2, False)
    assert parts.standing(b, {"b": half}).mark == "◐"
    assert [parts.group_of(x) for x in every] == ["reference", "reference", "variants",
                                                  "comparison"]
    assert parts.missing(c, {"a": done}, {x.id: x for x in every}) == [b]


# --- a rule link's box shows the whole rule, not a bare heading -------------------------

def _heading_only(text: str) -> bool:
    """Text that only introduces a rule: a lead-in ending with a colon (a bold title
    over a table, a sentence over a list), a lone ``#`` heading, or a lone bold title
    with at most a citation after it."""
    stripped = text.strip()
    if stripped.endswith(":") or (stripped.startswith("#") and "\n" not in stripped):
        return True
    rest = re.sub(r"\([^)]*\)", "", re.sub(r"^\*\*[^*]+\*\*", "", stripped))
    return not re.search(r"\w", rest)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_anchored_paragraph_has_more_than_a_heading(lang: str):
    for lesson in lessons.list_lessons(lang):
        for paragraph in lesson.paragraphs:
            assert not _heading_only(paragraph.markdown), (lesson.id, paragraph.anchor,
                                                           paragraph.markdown)
            assert paragraph.markdown in lesson.body_markdown, (lesson.id, paragraph.anchor)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_fildinski_capture_link_shows_the_table(lang: str):
    lesson = lessons.get_lesson("variant-fildinski", lang)
    paragraph = lesson.paragraph("rule-capture.lay_out")
    assert paragraph.markdown.count("\n|") >= 4, paragraph.markdown   # header, rule, 3 rows
    lead_in = lessons._loader.parse_lesson(
        '+++\nid = "x"\ntitle = "x"\nvariant = "two-handed"\norder = 1\n+++\n'
        "{#rule:a.b}\n**Title** (001):\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nNext.\n", "en")
    assert lead_in.paragraphs[0].markdown.endswith("| 1 | 2 |")


def test_fildinski_rule_link_box_has_the_table(db: Path):
    at = rules(query={"lesson": "variant-fildinski", "rule": "capture.lay_out"})
    assert at.selectbox(key="rules_lesson").value == "variant-fildinski"
    texts = [m.value for m in at.markdown]
    here = texts.index(catalogue("en")["rules.rule_here"])
    box = texts[here + 1]     # the linked paragraph, drawn right under the box's title
    assert "When you win a trick" in box and "the discard pile" in box, box
