"""Like the Stock play page, the meld and endgame puzzle pages never serve the puzzle
just shown on "Next" (issue 53 follow-up): a puzzle just missed falls due a minute later
(FSRS's first learning step), and a due review is served first, so the puzzle came
straight back. It comes back at a later pick, by its schedule. The pages read two
records of a temporary bank (never the shipped one)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from app_pages import puzzle_parts as pz
from puzzles import bank, srs, trainer
from puzzles.store import ProgressStore

ROOT = Path(__file__).parent.parent


def _forget_banks() -> None:
    for cached in (pz.records, pz.band_limits, pz.theme_counts):
        cached.clear()


def _two(kind: str, kind_type: str) -> list[dict[str, Any]]:
    found = [dict(r) for r in bank.load(kind, "two-handed") if r["type"] == kind_type]
    return found[:2]


@pytest.fixture
def two_of(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    chosen: dict[str, list[dict[str, Any]]] = {}

    def use(kind: str, kind_type: str) -> list[dict[str, Any]]:
        chosen[kind] = _two(kind, kind_type)
        return chosen[kind]

    monkeypatch.setattr(bank, "load_for", lambda kind, variant: list(chosen.get(kind, [])))
    _forget_banks()
    yield use
    _forget_banks()   # the next test's pages read the shipped banks again


def _next_twice(at: AppTest, prefix: str, monkeypatch: pytest.MonkeyPatch) -> None:
    shown = at.session_state[f"{prefix}puzzle"]["id"]
    monkeypatch.setattr(srs, "due", lambda store, learner, at=None: [f"puzzle:{shown}"])
    next(b for b in at.button if b.key == f"{prefix}next_btn").click().run()
    assert not at.exception
    assert at.session_state[f"{prefix}puzzle"]["id"] != shown
    # ... and the click after serves it, by its schedule (it is still due).
    next(b for b in at.button if b.key == f"{prefix}next_btn").click().run()
    assert not at.exception
    assert at.session_state[f"{prefix}puzzle"]["id"] == shown
    assert at.session_state[f"{prefix}puzzle"]["review"] == f"puzzle:{shown}"


@pytest.mark.parametrize(("page", "prefix", "kind", "kind_type"), [
    ("meld_trainer.py", "mt_", "meld", "spot"),
    ("endgame.py", "eg_", "endgame", "best"),
])
def test_next_does_not_bring_back_the_puzzle_just_shown(
        two_of: Any, monkeypatch: pytest.MonkeyPatch, page: str, prefix: str, kind: str,
        kind_type: str) -> None:
    assert len(two_of(kind, kind_type)) == 2
    at = AppTest.from_file(str(ROOT / "app_pages" / page), default_timeout=120)
    at.run()
    assert not at.exception
    _next_twice(at, prefix, monkeypatch)


def test_a_due_review_is_not_the_puzzle_to_avoid(two_of: Any, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    records = two_of("meld", "spot")
    monkeypatch.setattr(srs, "due", lambda store, learner, at=None:
                        [f"puzzle:{records[0]['id']}"])
    with ProgressStore(tmp_path / "p.db") as store:
        due = trainer.due_puzzle(store, "x", "meld", random.Random(1), "two-handed")
        assert due is not None and due["id"] == records[0]["id"]
        assert trainer.due_puzzle(store, "x", "meld", random.Random(1), "two-handed",
                                  avoid=pz.just_shown(records[0])) is None
    assert pz.just_shown(None) == ()
