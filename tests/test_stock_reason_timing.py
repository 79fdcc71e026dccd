"""A "keep these for the meld" reason names only a meld that can still be completed and
declared in the deal (issue 53 follow-up): declarations follow a won trick while the
stock lasts, and each missing card takes a draw. Stock puzzle s-76cbfaaa41ef said
"keep A♣ A♥ A♣ for the four aces (100): one card short" with one trick of the stock
left, which the learner could not win. Stored reasons are rewritten without searching
again (``bezique puzzles text``), and the shipped banks carry the current words."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from engine.bots.heuristic import EXPERT, declarable_in_time, meld_plans
from engine.bots.search import SearchResult, search_reasons
from engine.notation.actions import Action
from engine.rules.deal import Deal
from engine.rules.view import PlayerView
from lessons import stock_check
from puzzles import bank, stock_bank
from puzzles.stock_evidence import record_evidence

LAST_CARDS = "s-76cbfaaa41ef"   # two-handed, two cards in the stock, following a K♦
STOCK_BANKS = sorted(str(p) for p in bank.shipped() if p.name.startswith("stock-"))


def _record() -> dict:
    return dict(stock_check.records()[LAST_CARDS])


def _view(record: dict) -> PlayerView:
    deal = Deal.from_json(record["position"])
    return PlayerView.of(deal, deal.to_move)


def _melds_named(reasons: list) -> set[str]:
    return {str(dict(r.params)["meld"]) for r in reasons
            if r.key in ("keep_for", "keep_complete")}


def test_no_meld_is_kept_for_when_the_last_trick_of_the_stock_cannot_be_won() -> None:
    record = _record()
    view = _view(record)
    assert view.stock_count == 2 and view.trick   # the last trick of the stock, following
    runner_up = Action.parse(record["options"][0]["move"])
    reasons = search_reasons(view, SearchResult(Action.parse(record["answer"]), {}, 0),
                             runner_up)
    assert reasons and reasons[0].key == "discard_low"
    assert _melds_named(reasons) == set()


def test_the_stored_position_names_no_meld_it_cannot_declare() -> None:
    record = _record()
    for reason in record["why"]:
        assert reason["key"] not in ("keep_for", "keep_complete"), reason
    for option in record["options"]:
        assert (option["loses"] or {}).get("key") != "breaks_meld", option
    assert "keep_meld" not in record["themes"]
    for lang in ("en", "ru"):
        for option in record["options"]:
            text = record_evidence(record, option["move"], lang)
            assert "four aces" not in text and "четыре туза" not in text, text


def test_a_meld_short_of_one_card_needs_one_trick_more_than_the_stock_has_left() -> None:
    # With the same cards earlier in the deal (more stock), the plan stands.
    record = _record()
    view = _view(record)
    plans = [p for p in meld_plans(view, view.holding, EXPERT) if p.rule.kind == "four_aces"]
    assert plans and plans[0].missing == 0   # all four aces are still in hand
    short = [p for p in meld_plans(view, view.holding - {plans[0].cards[0]}, EXPERT)
             if p.rule.kind == "four_aces"]
    assert short and short[0].missing == 1
    assert not declarable_in_time(view, short[0])
    assert declarable_in_time(replace(view, stock_count=6, trick=(), phase="lead"), short[0])
    assert not declarable_in_time(replace(view, stock_count=2, trick=(), phase="lead"), short[0])
    assert declarable_in_time(replace(view, stock_count=2, trick=(), phase="lead"), plans[0])


def test_text_rewrites_stale_stock_reasons_without_searching(tmp_path: Path) -> None:
    current = _record()
    stale = dict(current, why=[*current["why"], {
        "key": "keep_for", "meld": "four_aces", "points": 100,
        "cards": ["AC#1", "AH#2", "AC#2"], "missing": 1}], themes=["stock_play", "keep_meld"])
    assert any("why" in p for p in stock_bank.verify(stale, reselect=False))
    assert stock_bank.with_current_text(stale) == current
    path = tmp_path / "stock.jsonl.gz"
    bank.write([stale], path)
    done = subprocess.run([sys.executable, "-m", "engine.cli", "puzzles", "text", str(path)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "1 explanations changed" in done.stderr
    with gzip.open(path, "rt", encoding="utf-8") as f:
        assert [json.loads(line) for line in f] == [current]


def test_text_refuses_a_record_whose_moves_are_not_the_positions() -> None:
    from engine.errors import BeziqueError

    with pytest.raises(BeziqueError, match="moves"):
        stock_bank.with_current_text(dict(_record(), answer="play 7S#1"))


@pytest.mark.parametrize("path", STOCK_BANKS, ids=lambda p: Path(p).name)
def test_shipped_stock_banks_store_the_current_reasons(path: str) -> None:
    records = bank.read(path)
    stale = [a["id"] for a, b in zip(records, bank.retexted(records), strict=True) if a != b]
    assert stale == []
