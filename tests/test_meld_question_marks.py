"""The Meld trainer's "is this legal?" question names its cards as the card table beside
it draws them (issue 53 follow-up): with both K♠ on the table and only K♠#1 scored in
the trump marriage, "trump marriage: K♠ Q♠" did not say which king was meant, while the
table marked K♠#1 and K♠#2. A copy mark shows only where a kind repeats among the hand
and the table (:func:`engine.notation.cards.copies_in_question`)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from app_pages import puzzle_parts as pz
from puzzles import bank, trainer

ROOT = Path(__file__).parent.parent
REUSED_KING = "m-80d3afc2d747"   # two-handed: K♠#1 Q♠#1 scored; K♠#1 K♠#2 on the table


def _record() -> dict[str, Any]:
    return dict(bank.by_id(REUSED_KING) or {})


@pytest.fixture
def one_legal(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, Any]]:
    record = _record()
    monkeypatch.setattr(bank, "load_for", lambda kind, variant: [record]
                        if kind == "meld" else [])
    for cached in (pz.records, pz.band_limits, pz.theme_counts):
        cached.clear()
    yield record
    for cached in (pz.records, pz.band_limits, pz.theme_counts):
        cached.clear()


def test_the_question_marks_the_copy_the_table_marks() -> None:
    record = _record()
    assert record["question"]["cards"] == ["KS#1", "QS#1"]
    assert trainer.position_cards(record["question"]["cards"], record["position"]) == "K♠#1 Q♠"
    assert trainer.position_cards(record["question"]["cards"], record["position"],
                                  "ru") == "К♠#1 Д♠"
    # the hint names the scored card the same way
    assert "K♠#1 Q♠" in trainer.meld_hints(record, "en")[1]


@pytest.mark.parametrize(("lang", "question", "history"), [
    ("en", "trump marriage: K♠#1 Q♠", "trump marriage (Q♠ K♠#1)"),
    ("ru", "К♠#1 Д♠", "козырный марьяж (Д♠ К♠#1)"),
])
def test_the_page_asks_with_the_tables_marks(one_legal: dict[str, Any], lang: str,
                                             question: str, history: str) -> None:
    at = AppTest.from_file(str(ROOT / "app_pages" / "meld_trainer.py"), default_timeout=120)
    at.session_state["lang"] = lang
    at.session_state["mt_mode"] = "legal"
    at.run()
    assert not at.exception
    assert at.session_state["mt_puzzle"]["id"] == REUSED_KING
    text = "\n".join(m.value for m in at.markdown)
    assert question in text, text
    assert history in text, text
