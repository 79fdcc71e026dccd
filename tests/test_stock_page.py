"""The stock-play trainer page (issue 53): a move is judged from the record, the
evidence sentence answers a wrong one, the attempt is rated and scheduled. The page
reads a temporary bank (never the shipped one)."""

from __future__ import annotations

from pathlib import Path
from collections.abc import Iterator
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
