"""The stock-play trainer page (issue 53): a move is judged from the record, the
evidence sentence answers a wrong one, the attempt is rated and scheduled. The page
reads a temporary bank (never the shipped one)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from app_pages import puzzle_parts as pz
from puzzles import bank, stock_evidence, stock_trainer

ROOT = Path(__file__).parent.parent
RECORD = Path(__file__).parent / "data" / "stock-two-handed-sample.jsonl"


def _forget_banks() -> None:
    """The pages keep each bank in ``st.cache_resource``, which lives as long as the
    process: a page run earlier by another test in this worker read the shipped bank,
    and that copy, not this test's, would be counted."""
    for cached in (pz.records, pz.band_limits, pz.theme_counts):
        cached.clear()


@pytest.fixture
def one_puzzle(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, Any]]:
    record = bank.read(RECORD)[0]
    monkeypatch.setattr(bank, "load_for", lambda kind, variant: [record]
                        if kind == "stock" else [])
    _forget_banks()
    yield record
    _forget_banks()   # the next test's pages read the shipped banks again


def _page() -> AppTest:
    at = AppTest.from_file(str(ROOT / "app_pages" / "stock.py"), default_timeout=120)
    at.run()
    assert not at.exception
    return at


def _choose(at: AppTest, move: str, record: dict[str, Any]) -> None:
    label = stock_trainer.move_label(record, move, "en")
    next(b for b in at.button if b.label == label).click().run()
    assert not at.exception


def test_the_right_move_is_right(one_puzzle: dict[str, Any]) -> None:
    at = _page()
    _choose(at, one_puzzle["answer"], one_puzzle)
    assert any(s.value.startswith("Right") for s in at.success)
    assert at.session_state["st_recorded"]["correct"]


def test_a_wrong_move_gets_the_evidence(one_puzzle: dict[str, Any]) -> None:
    at = _page()
    wrong = next(m for m in stock_trainer.button_moves(one_puzzle)
                 if m not in one_puzzle["accepted"])
    _choose(at, wrong, one_puzzle)
    assert [e.value for e in at.error] == [
        stock_evidence.record_evidence(one_puzzle, wrong, "en")]
    assert not at.session_state["st_recorded"]["correct"]


def test_themes_count_stock_puzzles(one_puzzle: dict[str, Any]) -> None:
    """Themes counts the stock bank's themes (it counted meld and endgame only)."""
    from puzzles import themes

    at = AppTest.from_file(str(ROOT / "app_pages" / "themes.py"), default_timeout=120)
    at.run()
    assert not at.exception
    table = at.dataframe[0].value
    stock_play = themes.catalogue()["stock_play"].name["en"]
    assert int(table[table.iloc[:, 0] == stock_play].iloc[0, 3]) == 1


# --- like the other puzzle pages: next, filters, hints (issue 53) ----------------------

KEEP_MELD, BRISQUES = "s-311472d76785", "s-388d81134d4e"   # lessons/stock_positions.jsonl


@pytest.fixture
def two_puzzles(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, dict[str, Any]]]:
    """Two two-handed positions: one about keeping a meld, one about brisques."""
    from lessons import stock_check

    records = {i: dict(stock_check.records()[i]) for i in (KEEP_MELD, BRISQUES)}
    monkeypatch.setattr(bank, "load_for", lambda kind, variant: list(records.values())
                        if kind == "stock" else [])
    _forget_banks()
    yield records
    _forget_banks()


def _next(at: AppTest) -> None:
    next(b for b in at.button if b.key == "st_next_btn").click().run()
    assert not at.exception


def test_next_does_not_bring_back_the_puzzle_just_shown(
        two_puzzles: dict[str, dict[str, Any]], monkeypatch: pytest.MonkeyPatch) -> None:
    """A missed puzzle falls due a minute later (FSRS's first learning step), and a due
    review is served first: "Next puzzle" brought the puzzle just missed straight back
    once the learner had read its answer for that minute. It comes back later."""
    from puzzles import srs

    at = _page()
    shown = at.session_state["st_puzzle"]["id"]
    monkeypatch.setattr(srs, "due", lambda store, learner, at=None: [f"puzzle:{shown}"])
    _next(at)
    assert at.session_state["st_puzzle"]["id"] != shown
    # ... and the next click serves it, by its schedule (it is still due).
    _next(at)
    assert at.session_state["st_puzzle"]["id"] == shown
    assert at.session_state["st_puzzle"]["review"] == f"puzzle:{shown}"


def test_a_theme_and_a_difficulty_filter_the_puzzles(
        two_puzzles: dict[str, dict[str, Any]]) -> None:
    at = _page()
    picks = at.selectbox(key="pz_stock_theme_pick")
    assert "guard_brisques" in picks.options or any(
        "brisque" in o.lower() for o in picks.options)
    picks.set_value("guard_brisques").run()
    assert not at.exception
    for _ in range(3):
        assert at.session_state["st_puzzle"]["id"] == BRISQUES
        _next(at)
    picks = at.selectbox(key="pz_stock_theme_pick")
    picks.set_value("any").run()
    bands = at.get("segmented_control")
    assert bands, "a difficulty control"


def test_hints_say_the_idea_not_the_move(two_puzzles: dict[str, dict[str, Any]]) -> None:
    """The hint button gives the themes, then the reasons in the hint's words, and
    never the move's card; an answer after a hint is credited with it."""
    at = _page()
    record = at.session_state["st_puzzle"]
    answer = stock_trainer.move_label(record, record["answer"], "en")
    shown: list[str] = []
    while not next(b for b in at.button if b.key == "st_hint_btn").disabled:
        next(b for b in at.button if b.key == "st_hint_btn").click().run()
        assert not at.exception
        shown = [i.value for i in at.info if i.value.startswith("Hint")]
    assert len(shown) == len(stock_trainer.hints(record, "en")) >= 2
    assert shown[0].startswith("Hint 1 of")
    assert not any(answer in line for line in shown), (answer, shown)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_hint_names_the_move(lang: str) -> None:
    """Every stored position's hints, in both languages: the move's card (either copy)
    is never named; a reason that is the move itself (declare this) is left out."""
    from engine.notation.actions import Action
    from engine.notation.cards import card_text
    from lessons import stock_check

    records = [*stock_check.records().values(), *bank.read(RECORD)]
    for record in records:
        faces = {card_text(c, lang) for m in record["accepted"] for c in Action.parse(m).cards}
        for line in stock_trainer.hints(record, lang):
            named = set(re.findall(r"(?:10|[2-9AKQJТКДВ])[♠♥♦♣]", line))
            assert not named & faces, (record["id"], line)
