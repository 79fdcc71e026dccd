"""One path, one next step (review 2, defects 1, 6, 11, 12): a variant's path through
lessons, checks, drills, puzzles and a guided hand; Home's "Continue"; the Rules page's
"Next lesson" going forward; the variant order and blurbs as data; Progress without
internal ids. The store is a file in ``tmp_path``; progress is simulated through the
store's public API between steps."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from app_helpers import run_page
from streamlit.testing.v1 import AppTest

import lessons
from app_pages.i18n import catalogue
from engine.rules.profile import load_profile, ordered_variants, variant_catalogue
from puzzles import bank, path, trainer
from puzzles.i18n import tr
from puzzles.store import ENV_VAR, open_store

LEARNER = "guest"


@pytest.fixture()
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    where = tmp_path / "progress.sqlite3"
    monkeypatch.setenv(ENV_VAR, str(where))
    return where


def pass_lesson(lesson_id: str, checks: int | None = None) -> None:
    """Pass a lesson's checks (the first ``checks`` of them) as the Rules page would."""
    lesson = lessons.get_lesson(lesson_id)
    required = [c.id for c in lesson.checks]
    with open_store() as store:
        if not required:
            store.mark_lesson_read(LEARNER, lesson_id)
        for check_id in required[:checks]:
            store.pass_lesson_check(LEARNER, lesson_id, check_id, required)


def solve(kind: str, count: int, variant: str = "two-handed") -> None:
    with open_store() as store:
        for record in bank.load(kind, variant)[:count]:
            trainer.submit(store, LEARNER, record, True, 0)


# --- the path as data ----------------------------------------------------------------

def test_variant_order_is_data_reference_first_then_by_family():
    names = ordered_variants()
    assert names[0] == "two-handed"
    assert names != sorted(names)   # not by internal name
    families = [variant_catalogue(n).family for n in names]
    runs = [f for i, f in enumerate(families) if i == 0 or families[i - 1] != f]
    assert len(runs) == len(set(runs)), "a family's games stand together"
    assert runs == ["reference", "rubicon", "many-players", "fildinski", "russian"]
    assert families.count("rubicon") == 4 and names[1] == "rubicon"


@pytest.mark.parametrize("page, key", [("home", "home_variant"), ("play", "play_variant"),
                                       ("rules", "rules_variant")])
def test_every_variant_picker_follows_that_order(db: Path, page: str, key: str):
    at = run_page(page)
    options = [o for o in at.selectbox(key=key).options]
    titles = [load_profile(n).title for n in ordered_variants()]
    assert [o for o in options if o in titles] == titles


GENERIC = re.compile(r"^\d+ players?, \d+ packs?, hands of \d+\.?$")


def test_every_blurb_says_what_the_game_is_in_both_languages():
    seen: set[str] = set()
    for name in ordered_variants():
        entry = variant_catalogue(name)
        for lang, text in (("en", entry.blurb), ("ru", entry.blurb_ru)):
            assert len(text) >= 80 and not GENERIC.match(text), (name, lang, text)
            assert 1 <= text.count(".") + text.count("!") <= 3, (name, lang, text)
            assert bool(re.search("[а-яё]", text)) == (lang == "ru"), (name, lang)
            assert text not in seen
            seen.add(text)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_home_shows_each_blurb(db: Path, lang: str):
    at = run_page("home", lang)
    shown = "\n".join(m.value for m in at.markdown)
    for name in ordered_variants():
        assert variant_catalogue(name).text(lang) in shown, name
    assert "variant." not in shown and "home." not in shown


def test_reference_pages_are_never_on_a_path():
    reference = {les.id for les in lessons.list_lessons() if les.reference}
    assert reference == {"history", "sources", "melds", "disagreements"}
    for name in ordered_variants():
        ids = [les.id for les in path.path_lessons(name)]
        assert ids[0] == "overview" and not reference & set(ids), name
        assert len(ids) == len(set(ids))
        own = [les.id for les in lessons.list_lessons(variant=name)]
        assert set(own) <= set(ids), name
        profile = load_profile(name)
        # a lesson about something the game lacks is off its path (lessons review 3, C14)
        absent = {les.id for les in lessons.list_lessons()
                  if not lessons.applies_to(les, profile)}
        for number, lesson_id in enumerate(ids):   # prerequisites come first
            before = set(ids[:number])
            assert set(lessons.get_lesson(lesson_id).prerequisites) - reference - absent \
                <= before


def test_next_step_walks_lessons_checks_drills_puzzles_then_a_guided_hand():
    names = [les.id for les in path.path_lessons("two-handed")]
    step = path.next_step("two-handed", path.PathProgress())
    assert (step.kind, step.page, dict(step.params)) == ("lesson", "rules",
                                                         {"lesson": "overview"})
    title = {lang: lessons.get_lesson("overview", lang).title for lang in ("en", "ru")}
    assert title["en"] in step.label("en") and title["ru"] in step.label("ru")
    assert "overview" not in step.label("en") + step.label("ru")
    assert step.why("en") != step.why("ru")
    half = path.PathProgress(lessons={"overview": _progress("overview", 1)})
    assert path.next_step("two-handed", half).kind == "checks"
    done = {i: _progress(i, None) for i in names}
    step = path.next_step("two-handed", path.PathProgress(lessons=done))
    assert (step.kind, step.page) == ("meld", "meld_trainer")
    step = path.next_step("two-handed", path.PathProgress(
        lessons=done, solved={"meld": path.MELD_DRILLS}))
    assert (step.kind, step.page) == ("endgame", "endgame")
    solved = {"meld": path.MELD_DRILLS, "endgame": path.ENDGAME_PUZZLES}
    step = path.next_step("two-handed", path.PathProgress(lessons=done, solved=solved))
    assert (step.kind, step.page) == ("stock", "stock")   # issue 53: stock play's step
    assert "0 of 3" in step.label("en") and "0 из 3" in step.label("ru")
    solved["stock"] = path.STOCK_PUZZLES
    step = path.next_step("two-handed", path.PathProgress(lessons=done, solved=solved))
    assert (step.kind, step.page, dict(step.params)) == ("guided", "play", {"guided": "1"})
    step = path.next_step("two-handed", path.PathProgress(lessons=done, solved=solved,
                                                          guided=True))
    assert step.kind == "done"
    # a game with no endgame bank of its own line (joker keeps no tricks) skips that
    # step, and goes on to its stock-play bank (declarations)
    joker = {les.id: _progress(les.id, None) for les in path.path_lessons("joker")}
    assert path.next_step("joker", path.PathProgress(
        lessons=joker, solved={"meld": path.MELD_DRILLS})).kind == "stock"
    assert path.next_step("joker", path.PathProgress(
        lessons=joker, solved={"meld": path.MELD_DRILLS,
                               "stock": path.STOCK_PUZZLES})).kind == "guided"


def _progress(lesson_id: str, passed: int | None) -> object:
    """A lesson's stored progress: ``passed`` checks, or complete (None)."""
    from puzzles.store import LessonProgress

    checks = [c.id for c in lessons.get_lesson(lesson_id).checks]
    if passed is None:
        return LessonProgress(lesson_id, frozenset(checks), "2026-01-01T00:00:00+00:00")
    return LessonProgress(lesson_id, frozenset(checks[:passed]), None)


# --- Rules: "Next lesson" goes forward -------------------------------------------------

def rules(lang: str = "en", **state: object) -> AppTest:
    at = AppTest.from_file(str(Path(__file__).resolve().parents[1] / "app.py"),
                           default_timeout=120)
    at.session_state["lang"] = lang
    for key, value in state.items():
        at.session_state[key] = value
    at.switch_page("app_pages/rules.py")
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_next_lesson_walks_forward_through_distinct_lessons(db: Path):
    at = rules()
    walked = [at.selectbox(key="rules_lesson").value]
    assert walked == ["overview"]
    while _has(at, "rules_next"):
        at.button(key="rules_next").click().run()
        assert not at.exception
        walked.append(at.selectbox(key="rules_lesson").value)
        assert len(walked) <= 40, walked
    assert walked == [les.id for les in path.path_lessons("two-handed")]
    assert len(set(walked)) == len(walked)
    # at the path's end the page offers the next step instead: here the first lesson,
    # whose checks are not passed; once every lesson is, the meld drills
    assert lessons.get_lesson("overview").title in at.button(key="rules_continue").label
    for lesson_id in walked:
        pass_lesson(lesson_id)
    at = rules()
    at.selectbox(key="rules_lesson").set_value(walked[-1]).run()
    assert tr("en", "path.meld", done=0, need=path.MELD_DRILLS) in at.button(
        key="rules_continue").label


def test_next_lesson_from_a_reference_page_leads_onto_the_path(db: Path):
    pass_lesson("overview")
    at = rules()
    at.selectbox(key="rules_lesson").set_value("history").run()
    at.button(key="rules_next").click().run()
    assert at.selectbox(key="rules_lesson").value == "cards"


def _has(at: AppTest, key: str) -> bool:
    return any(getattr(b, "key", None) == key for b in at.button)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_lesson_not_passed_says_so_and_offers_its_checks(db: Path, lang: str):
    at = rules(lang)
    total = len(lessons.get_lesson("overview").checks)
    text = catalogue(lang)["rules.checks_first"].format(total=total, passed=0)
    assert text in [w.value for w in at.warning]
    assert at.button(key="rules_to_checks").label == catalogue(lang)["rules.to_checks"]
    at.button(key="rules_to_checks").click().run()
    assert not at.exception
    assert _has(at, "rules_next")          # going on stays allowed
    pass_lesson("overview")
    at = rules(lang)
    at.selectbox(key="rules_lesson").set_value("overview").run()
    assert text not in [w.value for w in at.warning]
    assert not _has(at, "rules_to_checks")


# --- Home: "Continue" leads a new learner along the two-handed path ------------------------

def home(at: AppTest) -> str:
    """Back on Home: the Continue button's label."""
    at.switch_page("app_pages/home.py")
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    buttons = [b for b in at.button if b.key == "home_continue"]
    assert len(buttons) == 1, "one Continue button"
    return str(buttons[0].label)


def test_continue_leads_a_new_learner_through_the_two_handed_path(db: Path):
    at = AppTest.from_file(str(Path(__file__).resolve().parents[1] / "app.py"),
                           default_timeout=120)
    at.session_state["lang"] = "en"
    at.run()
    prefix = catalogue("en")["path.continue"].split("{")[0]
    order = [les.id for les in path.path_lessons("two-handed")]
    for number, lesson_id in enumerate(order):
        label = home(at)
        assert label.startswith(prefix) and lessons.get_lesson(lesson_id).title in label
        at.button(key="home_continue").click().run()
        assert not at.exception
        assert at.selectbox(key="rules_lesson").value == lesson_id    # the lesson opened
        if number == 0:   # one check passed: the next step is the rest of its checks
            pass_lesson(lesson_id, 1)
            assert "checks" in home(at)
        pass_lesson(lesson_id)
    assert tr("en", "path.meld", done=0, need=path.MELD_DRILLS) in home(at)
    at.button(key="home_continue").click().run()
    assert tr("en", "meld.title") in [t.value for t in at.title]
    solve("meld", path.MELD_DRILLS)
    assert tr("en", "path.endgame", done=0, need=path.ENDGAME_PUZZLES) in home(at)
    at.button(key="home_continue").click().run()
    assert tr("en", "endgame.title") in [t.value for t in at.title]
    solve("endgame", path.ENDGAME_PUZZLES)
    assert tr("en", "path.stock", done=0, need=path.STOCK_PUZZLES) in home(at)
    at.button(key="home_continue").click().run()
    assert tr("en", "stock.title") in [t.value for t in at.title]
    solve("stock", path.STOCK_PUZZLES)
    assert tr("en", "path.guided", game="Two-handed Bezique") in home(at)
    at.button(key="home_continue").click().run()
    assert not at.exception
    assert catalogue("en")["play.guided"] in [i.value for i in at.info]
    at.switch_page("app_pages/play.py")   # AppTest reruns its own page, not the one switched to
    at.button(key="to_end").click().run()          # the hand played to its end
    assert not at.exception
    assert catalogue("en")["play.guided_done"] in [s.value for s in at.success]
    assert tr("en", "path.done", game="Two-handed Bezique") in home(at)


# --- Progress: mastery in the learner's language, no internal ids --------------------------

RAW = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[me]-[0-9a-f]{12}\b|\b(?:theme|meld|kind|puzzle):")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_progress_shows_mastery_without_internal_ids(db: Path, lang: str):
    pass_lesson("overview")
    pass_lesson("cards", 1)
    with open_store() as store:   # right and wrong answers of every kind and type
        for kind, variant in (("meld", "two-handed"), ("endgame", "two-handed"),
                              ("meld", "fildinski"), ("endgame", "fildinski")):
            types: dict[str, int] = {}
            for record in bank.load(kind, variant):
                if types.get(record["type"], 0) < 2:
                    types[record["type"]] = types.get(record["type"], 0) + 1
                    trainer.submit(store, LEARNER, record, types[record["type"]] == 1, 0)
    at = run_page("progress", lang)
    texts = [e.value for e in (*at.markdown, *at.caption, *at.subheader, *at.title)]
    for frame in at.dataframe:
        data = frame.value
        texts += [str(c) for c in data.columns]
        texts += [str(v) for column in data.columns for v in data[column]]
    words = {lang: catalogue(lang) for lang in ("en", "ru")}
    assert words[lang]["nav.progress"]   # the page's own language
    ids = {t for k in ("meld", "endgame") for v in bank.variants(k)
           for r in bank.load(k, v) for t in (*r["themes"], r["type"])}
    if lang == "en":   # an English meld name may be its id ("marriage")
        from engine.text.explain import MELD_NAMES
        ids -= set(MELD_NAMES)
    for text in texts:
        assert not RAW.search(text), text
        parts = {p.strip() for p in re.split(r" · | — |, |\(|\)", text)}
        assert not parts & ids, text
    titles = [lessons.get_lesson(i, lang).title for i in ("overview", "cards")]
    assert set(titles) <= set(texts)
    charts = at.get("vega_lite_chart")   # the rating's axis: 1300, never "1,300"
    assert charts and json.loads(charts[0].proto.spec)["encoding"]["y"]["axis"]["format"] == "d"
