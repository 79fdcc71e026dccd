"""Issue 16: the puzzle pages serve Fildinski's own puzzles (000): "what does this
capture score?" on the Meld trainer (name every combination and the total) and the
play-off where captures keep scoring on the Endgame page (the page says that the
value counts the combinations the captures will form)."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from app_helpers import pick, pickable
from streamlit.testing.v1 import AppTest

from engine.notation.cards import parse_card
from puzzles import bank, capture_trainer, trainer

ROOT = Path(__file__).parent.parent


@pytest.fixture(autouse=True)
def progress_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "progress.sqlite3"
    monkeypatch.setenv("BEZIQUE_PROGRESS_DB", str(path))
    return path


def app(page: str, lang: str = "en") -> AppTest:
    at = AppTest.from_file(str(ROOT / "app_pages" / f"{page}.py"), default_timeout=60)
    at.session_state["lang"] = lang
    at.session_state["learner"] = "tester"
    at.session_state["variant"] = "fildinski"
    return at


def button(at: AppTest, key: str):  # noqa: ANN201 - AppTest element
    return next(b for b in at.button if b.key == key)


def right_options(record: dict) -> list[str]:
    counts = Counter(m["meld"] for m in record["answer"]["melds"])
    return [k if n == 1 else k + capture_trainer.TWICE for k, n in counts.items()]


def test_trainer_picks_capture_puzzles_for_fildinski(tmp_path: Path) -> None:
    from puzzles.store import ProgressStore

    store = ProgressStore(tmp_path / "p.sqlite3")
    for kind, wanted in (("meld", "capture"), ("endgame", "capture_best")):
        record = trainer.pick(store, "x", kind, random.Random(2), variant="fildinski")
        assert record is not None and record["type"] == wanted
    store.close()


def test_check_capture_needs_every_combination_and_the_total() -> None:
    records = bank.load_for("meld", "fildinski")
    two = next(r for r in records if len(r["answer"]["melds"]) >= 2)
    total = two["answer"]["total"]
    assert capture_trainer.check_capture(two, right_options(two), total)[0]
    assert not capture_trainer.check_capture(two, right_options(two), total + 10)[0]
    assert not capture_trainer.check_capture(two, right_options(two)[:1], total)[0]
    # The same combination twice in one capture is rare in play: a record of the first
    # bank (random deals) keeps the case, verified by the engine like any other.
    twice = bank.read(Path(__file__).parent / "data" / "capture_twice.jsonl")[0]
    assert bank.verify(twice) == []
    assert Counter(m["meld"] for m in twice["answer"]["melds"])["marriage"] == 2
    once = [o.replace("*2", "") for o in right_options(twice)]
    assert capture_trainer.check_capture(twice, right_options(twice),
                                         twice["answer"]["total"])[0]
    assert not capture_trainer.check_capture(twice, once, twice["answer"]["total"])[0]
    assert not capture_trainer.check_capture(two, right_options(two), None)[0]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_meld_trainer_serves_capture_puzzles(lang: str) -> None:
    at = app("meld_trainer", lang).run()
    assert not at.exception
    record = at.session_state["mt_puzzle"]
    assert record["type"] == "capture" and record["variant"] == "fildinski"
    question = "Name every combination" if lang == "en" else "Назовите все комбинации"
    assert any(question in m.value for m in at.markdown)
    button(at, "mt_hint_btn").click().run()
    assert not at.exception and at.info
    key = f"mt_answer_{at.session_state['mt_round']}"
    at.multiselect(key=key).set_value(right_options(record)).run()
    at.number_input(key=f"{key}_total").set_value(record["answer"]["total"]).run()
    button(at, "mt_check_btn").click().run()
    assert not at.exception
    assert at.session_state["mt_result"]["correct"] and at.success
    # the engine's explanation, step by step, in the page's language
    assert any(("Total" if lang == "en" else "Итог") in m.value for m in at.markdown)


def test_meld_trainer_wrong_capture_answer_shows_the_answer() -> None:
    at = app("meld_trainer").run()
    record = at.session_state["mt_puzzle"]
    key = f"mt_answer_{at.session_state['mt_round']}"
    at.number_input(key=f"{key}_total").set_value(record["answer"]["total"] + 10).run()
    button(at, "mt_check_btn").click().run()
    assert not at.exception and at.error
    assert str(record["answer"]["total"]) in at.error[0].value


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_endgame_page_serves_capture_playoff_puzzles(lang: str, progress_db: Path) -> None:
    at = app("endgame", lang).run()
    assert not at.exception
    record = at.session_state["eg_puzzle"]
    assert record["type"] == "capture_best"
    says = "combinations the captures will form" if lang == "en" else "образуют с выложенными"
    assert any(says in m.value for m in at.markdown)
    legal = {c for c, s in pickable(at, "eg_table").items() if s in ("legal", "free")}
    assert legal == {parse_card(f).id for f in record["moves"]}
    best = parse_card(record["best"][0]).id
    pick(at, "eg_table", best)
    assert not at.exception
    assert at.session_state["eg_state"]["status"] == "solved" and at.success
    assert at.session_state["eg_recorded"]["correct"]
    assert progress_db.exists()


def test_endgame_capture_wrong_card_shows_values() -> None:
    at = app("endgame").run()
    record = at.session_state["eg_puzzle"]
    worse = next(f for f, v in record["moves"].items() if v < record["value"])
    pick(at, "eg_table", parse_card(worse).id)
    assert not at.exception and at.error
    assert at.session_state["eg_state"]["status"] == "failed"
    assert any(str(record["value"]) in m.value for m in at.markdown)
    button(at, "eg_next_btn").click().run()
    assert not at.exception


def test_four_handed_fildinski_gets_fildinskis_puzzles() -> None:
    # no bank of its own: the nearest variant it extends (fildinski), not two-handed
    assert {r["type"] for r in bank.load_for("meld", "fildinski-four-handed")} == {"capture"}
    at = app("meld_trainer")
    at.session_state["variant"] = "fildinski-four-handed"
    at.run()
    assert not at.exception and at.session_state["mt_puzzle"]["type"] == "capture"
    eg = app("endgame")
    eg.session_state["variant"] = "fildinski-four-handed"
    eg.run()
    assert not eg.exception and eg.session_state["eg_puzzle"]["type"] == "capture_best"


@pytest.mark.parametrize("lang, seen, scored", [
    ("en", "seven of trumps 10", "has scored already (it was the turn-up)"),
    ("ru", "козырная семёрка 10", "уже засчитана раньше (это был открытый козырь)")])
def test_the_capture_page_counts_the_seven_of_trumps(lang: str, seen: str, scored: str) -> None:
    """Rules review 3, finding 6: the seven of trumps captured scores 10 (000 l.8); one
    that scored before (the turn-up, back in the play-off) is named on the page."""
    for puzzle_id, expect in (("m-5b9e0b836c65", seen), ("m-923a5b1e0bed", scored)):
        at = app("meld_trainer", lang)
        at.session_state["mt_mode"] = "capture"
        at.session_state["mt_puzzle"] = dict(bank.by_id(puzzle_id) or {})
        at.run()
        assert not at.exception and at.session_state["mt_puzzle"]["id"] == puzzle_id
        button(at, "mt_check_btn").click().run()   # no answer: wrong, the answer shown
        shown = " ".join(m.value for m in [*at.markdown, *at.error])
        assert not at.exception and expect in shown, shown
