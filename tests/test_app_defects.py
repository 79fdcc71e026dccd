"""Regression tests for the defects D1-D14 of the app review
(``shared/reviews/app-review.md``), one or more per defect, through AppTest. The
front-end halves (a stale widget value sent by the browser) are simulated by sending
the widget state the browser would send."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

pytest.importorskip("streamlit")
lessons = pytest.importorskip("lessons")
from app_helpers import pick, pickable, table_html, tables  # noqa: E402
from app_helpers import run_page as app  # noqa: E402
from conftest import TEST_DB  # noqa: E402
from streamlit.testing.v1 import AppTest  # noqa: E402

from app_pages import table as tbl  # noqa: E402
from app_pages.i18n import catalogue  # noqa: E402
from app_pages.session import PlaySession  # noqa: E402
from app_pages.ui import notation, widget_key  # noqa: E402
from engine.notation.cards import Card, parse_card  # noqa: E402
from engine.text.svg import card_svg  # noqa: E402
from puzzles import bank, trainer  # noqa: E402
from puzzles.store import default_path, open_store  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]



def texts(at: AppTest) -> str:
    """Everything a learner reads on the page (markdown, captions, messages, tables)."""
    parts = [e.value for kind in ("markdown", "caption", "info", "error", "success",
                                  "warning", "title", "subheader")
             for e in getattr(at, kind)]
    parts += [str(b.label) for b in at.button]
    for frame in at.dataframe:
        parts.append(frame.value.to_string())
    return "\n".join(parts)


@pytest.fixture()
def learner_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "progress.sqlite3"
    monkeypatch.setenv("BEZIQUE_PROGRESS_DB", str(path))
    return path


# --- D1: a right answer must not send the Rules page back to lesson 1 -------------------

def test_d1_lesson_label_does_not_change_when_a_check_is_passed(learner_db: Path):
    at = app("rules")
    at.selectbox(key="rules_lesson").set_value("brisques").run()
    before = list(at.selectbox(key="rules_lesson").options)
    check = lessons.get_lesson("brisques", "en").checks[0]
    result = lessons.evaluate_check(check, "en")
    key = widget_key("check", f"brisques_{check.id}_en")
    at.radio(key=key).set_value(result.answer[0]).run()
    at.button(key=key + "_go").click().run()
    assert any(s.value.startswith("Right: ") for s in at.success)
    # The browser sends back the label it shows; that label must still name the lesson.
    assert list(at.selectbox(key="rules_lesson").options) == before
    other = lessons.get_lesson("brisques", "en").checks[1]
    at.radio(key=widget_key("check", f"brisques_{other.id}_en")).set_value(
        lessons.evaluate_check(other, "en").options[0]).run()
    assert at.selectbox(key="rules_lesson").value == "brisques"


# --- D2: the previous meld answer is not graded on the next puzzle ------------------------

def test_d2_the_browser_cannot_send_the_last_answer_to_the_next_puzzle(learner_db: Path):
    at = AppTest.from_file(str(ROOT / "app_pages" / "meld_trainer.py"), default_timeout=60)
    at.session_state["lang"] = "en"
    at.run()
    first = at.multiselect(key=f"mt_answer_{at.session_state['mt_round']}")
    first.set_value(["four_aces"]).run()
    stale = first.proto.id
    from streamlit.proto.WidgetStates_pb2 import WidgetState

    held = WidgetState()           # what the browser holds for that widget
    held.CopyFrom(next(w for w in at._tree.get_widget_states().widgets  # noqa: SLF001
                       if w.id == stale))
    next(b for b in at.button if b.key == "mt_next_btn").click().run()
    assert at.session_state["mt_result"] is None
    # the browser still holds "four aces" for the widget it knew: send it with Check
    states = at._tree.get_widget_states()  # noqa: SLF001
    kept = [w for w in states.widgets if w.id != stale]
    del states.widgets[:]
    states.widgets.extend(kept)
    states.widgets.append(held)
    check = next(b for b in at.button if b.key == "mt_check_btn")
    for w in states.widgets:
        if w.id == check.proto.id:
            w.trigger_value = True
    at._run(states)  # noqa: SLF001
    assert not at.exception
    current = at.multiselect(key=f"mt_answer_{at.session_state['mt_round']}")
    assert current.value == []
    result = at.session_state["mt_result"]
    assert result is not None and result["given"] == []


# --- D3: tests never write to the learner's own progress database -------------------------

def test_d3_the_suite_uses_a_temporary_progress_database():
    assert default_path() == TEST_DB
    assert "bezique-tests-" in str(TEST_DB)
    assert Path.home() not in TEST_DB.parents or "tmp" in str(TEST_DB)


# --- D4, D5: one card notation per language ---------------------------------------------

def test_d4_d5_notation_is_ten_and_russian_letters():
    assert notation("play T♦#1", "en") == "play 10♦#1"
    assert notation("A♦#1 T♦#1 K♦#1 Q♦#1 J♦#1 form", "ru") == "Т♦#1 10♦#1 К♦#1 Д♦#1 В♦#1 form"
    assert notation("Т♦ and 10♦", "ru") == "Т♦ and 10♦"        # already Russian: untouched
    assert ">Д<" in card_svg("QS", lang="ru") and ">Q<" in card_svg("QS")


def _hint_text(lang: str) -> str:
    for seed in range(40):
        s = PlaySession.new(seed=seed, level="club")
        while not s.human_to_move:
            s.autoplay(1)
        at = app("play", lang, play=s)
        at.button(key="hint").click().run()
        text = "\n".join(i.value for i in at.info)
        if "♠" in text or "♥" in text or "♦" in text or "♣" in text:
            return texts(at) + text
    raise AssertionError("no hint with a card")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_d4_d5_play_page_writes_cards_one_way(lang: str):
    text = _hint_text(lang)
    assert not re.search(r"(?<![\w#])T[♠♥♦♣]", text)          # never T for the ten
    if lang == "ru":
        assert not re.search(r"(?<![\w#])[AKQJ][♠♥♦♣]", text)  # Т К Д В, not A K Q J
    at = app("play", lang, play=PlaySession.new(seed=3))
    html = table_html(at, "play_table")
    names = re.findall(r'alt="([^"]+)"', html)
    assert names and all(not re.match(r"[AKQJT][♠♥♦♣]", n) for n in names if lang == "ru")


# --- D6, D7: the endgame page shows every engine card, once, in the learner's notation ----

def _endgame_two_handed() -> dict:
    for record in bank.load("endgame"):
        if record["type"] == "best" and record["variant"] == "two-handed" \
                and not record["position"]["trick"]:      # you lead: the engine answers
            return trainer.fresh_instance(record, __import__("random").Random(1))
    raise AssertionError


def _play(at: AppTest, face: str) -> None:
    cards = {Card.from_id(c).face: c for c in pickable(at, "eg_table")}
    pick(at, "eg_table", cards[face])
    assert not at.exception


def test_d6_every_engine_card_and_whose_trick(learner_db: Path):
    record = _endgame_two_handed()
    at = app("endgame", eg_puzzle=record, eg_state=trainer.endgame_start(record))
    best = record["best"][0]
    _play(at, best)
    state = at.session_state["eg_state"]
    engine_cards = [face for seat, face in state["played"] if seat != state["me"]]
    shown = texts(at) + table_html(at, "eg_table")
    assert engine_cards
    for face in engine_cards:                   # each of the engine's cards is on screen
        name = re.escape(tbl.card_name(parse_card(face).id, "en").split("#")[0])
        assert re.search(name, shown), face
    assert re.search(r"Trick 1: .* — (your trick|.* takes it)", shown)


def test_d7_refutation_in_card_notation_and_solved_said_once(learner_db: Path):
    record = _endgame_two_handed()
    state = trainer.endgame_start(record)
    wrong = next(f for f in trainer.endgame_legal(state) if f not in record["best"])
    at = app("endgame", eg_puzzle=record, eg_state=state)
    _play(at, wrong)
    assert at.session_state["eg_state"]["status"] == "failed"
    text = " ".join(e.value for e in at.error)
    assert not re.search(r"\b[AKQJT987][SHDC]\b", text), text     # no raw QS, TC
    assert at.slider(key="eg_ref_step")                              # stepped on the table
    at.slider(key="eg_ref_step").set_value(2).run()
    assert not at.exception and "eg_ref_step_table" in tables_of(at)
    # solved: one message, not two
    at.button(key="eg_retry").click().run()
    at.session_state["eg_recorded"] = {"correct": False, "score": 0, "before": 1500,
                                       "after": 1400}
    for _ in range(12):
        s = at.session_state["eg_state"]
        if s["status"] != "playing":
            break
        solution = trainer.endgame.solution_of(s["position"])
        _play(at, solution.best[0])
    assert at.session_state["eg_state"]["status"] == "solved"
    said = [m for m in texts(at).splitlines() if "the most possible" in m]
    assert len(said) == 1, said


def tables_of(at: AppTest) -> list[str]:
    from app_helpers import tables

    return list(tables(at))


# --- D8: the cards of a check are shown ---------------------------------------------------

def test_d8_check_shows_its_cards(learner_db: Path):
    at = app("rules")
    at.selectbox(key="rules_lesson").set_value("brisques").run()
    # drawn on the card-table component, like every other card on the site
    html = " ".join(table_html(at, key) for key in tables(at) if key.startswith("check_cards"))
    check = lessons.get_lesson("brisques", "en").checks[0]
    for token in check.params["cards"]:
        card = parse_card(token).id
        assert f'alt="{tbl.card_name(card)}"' in html, token


# --- D9: the game log shows your own hand ------------------------------------------------

def test_d9_replay_shows_your_hand():
    s = PlaySession.new(seed=5, level="random")
    s.autoplay(6)
    at = app("replay", play=s)
    html = table_html(at, "replay_table")
    label = catalogue("en")["table.concealed"].format(name="You",
                                                      count=len(s.deal.hands[s.human]))
    assert label in html
    for card in s.deal.hands[s.human]:
        assert f'alt="{tbl.card_name(card)}"' in html


# --- D10: the language survives Progress -> Replay ----------------------------------------

def test_d10_replay_from_progress_keeps_russian(learner_db: Path):
    record = next(r for r in bank.load("meld") if r["variant"] == "two-handed")
    with open_store() as db:
        trainer.submit(db, "guest", record, False, 0, 5.0)
    at = app("progress", "ru")
    replay = next(b for b in at.button if b.key and b.key.startswith("progress_replay_"))
    replay.click().run()
    assert not at.exception
    assert at.session_state["lang"] == "ru"
    assert at.sidebar.radio(key="lang_pick").value == "ru"
    assert any("Тренажёр" in t.value or "Задачи" in t.value for t in at.title)


# --- D11: 13 cards and four seats fit ----------------------------------------------------

def test_d11_the_hand_overlaps_instead_of_cutting():
    look = tbl.Look()
    html = tbl.picks_html([tbl.Pick(c) for c in range(13)], "hand", look)
    assert "--n:13" in html and "min(6px,calc((100% - var(--n) * var(--w))" in tbl._STYLE
    assert "…" not in html


def test_d11_rules_next_lesson_is_not_the_open_one(learner_db: Path):
    at = app("rules")
    opened = at.selectbox(key="rules_lesson").value
    assert at.button(key="rules_next").label == catalogue("en")["rules.next_button"]
    assert lessons.get_lesson(opened, "en").title not in [c.value for c in at.caption]


# --- D12: the lesson in its own order -----------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ru"])
def test_d12_examples_and_checks_stand_where_the_lesson_puts_them(learner_db: Path, lang: str):
    at = app("rules", lang)
    at.selectbox(key="rules_lesson").set_value("reuse").run()
    text = texts(at)
    assert "q-step1" not in text                        # no slugs
    assert text.count(catalogue(lang)["rules.checks"]) <= 1
    markdown = [m.value for m in at.markdown]
    # the worked example's first step is drawn right after the text that announces it
    step1 = {"en": "Step 1: four queens", "ru": "Шаг 1: четыре дамы"}[lang]
    heading = next(i for i, m in enumerate(markdown) if "Q♠" in m or "Д♠" in m)
    drawn = next(i for i, m in enumerate(markdown) if step1 in m)
    sources = [c.value for c in at.caption if c.value.startswith(
        catalogue(lang)["rules.sources"].split("{")[0])]
    assert sources and heading < drawn
    # the sources line comes last, after the examples
    captions = [c.value for c in at.caption]
    trumps = catalogue(lang)["rules.example_trump"].split("{")[0]
    example = next(i for i, c in enumerate(captions) if c.startswith(trumps))
    assert captions.index(sources[0]) > example


# --- D13: the hub's columns say what they count ------------------------------------------

def test_d13_hub_columns(learner_db: Path):
    at = app("puzzle_hub")   # its links need the app's pages
    frame = at.dataframe[0].value
    assert list(frame.columns)[1:] == [catalogue("en")["pz.puzzles_col"],
                                      catalogue("en")["pz.tried_col"]]
    assert frame[catalogue("en")["pz.tried_col"]].sum() == 0


# --- D14: nothing for developers on the Progress page ------------------------------------

@pytest.mark.parametrize("lang", ["en", "ru"])
def test_d14_progress_speaks_to_the_learner(learner_db: Path, lang: str):
    with open_store() as db:
        for record in bank.load("meld")[:3] + bank.load("endgame")[:2]:
            trainer.submit(db, "guest", record, False, 0, 5.0,
                           {f"meld:{m}": 0.0 for m in record.get("melds", [])[:1]})
        db.record_timed_run("guest", 60, 3, 5, [])
    at = app("progress", lang)
    text = texts(at)
    assert not re.search(r"\b[me]-[0-9a-f]{12}\b", text), "puzzle ids"
    assert not re.search(r"\b(kind|theme|meld):", text), "rating scopes"
    assert not re.search(r"\d{4}-\d\d-\d\dT\d\d:", text), "ISO time"
    assert str(learner_db) not in text and ".sqlite3" not in text
    assert not at.get("arrow_vega_lite_chart") or all(
        "bar" not in json.dumps(c.proto.spec) for c in at.get("arrow_vega_lite_chart"))
