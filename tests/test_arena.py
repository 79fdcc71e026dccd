"""``bezique arena``: paired deals and the JSON summary line."""

from __future__ import annotations

import json
import random

import pytest

from engine.bots.search import StrongBot
from engine.cli import main
from engine.cli.arena import build_bot, mean_ci, summarize, wilson
from engine.rules.deal import Deal
from engine.rules.profile import load_profile
from engine.rules.view import PlayerView


def test_arena_json_last_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--a", "heuristic", "--b", "random", "--deals", "3", "--seed", "2",
                 "--json"]) == 0
    captured = capsys.readouterr()
    last = captured.out.strip().splitlines()[-1]
    data = json.loads(last)
    assert {"a", "b", "deals", "a_win_rate", "ci95", "mean_point_diff"} <= set(data)
    assert data["a"] == "heuristic" and data["b"] == "random" and data["deals"] == 3
    lo, hi = data["ci95"]
    assert 0 <= lo <= data["a_win_rate"] <= hi <= 1
    assert "[" in captured.err  # the progress bar goes to stderr


def test_arena_cheating_strong_runs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--a", "strong-cheat", "--b", "heuristic", "--deals", "1",
                 "--budget", "1", "--json", "--no-progress"]) == 0
    data = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert data["a"] == "strong-cheat"


@pytest.mark.parametrize("variant", ["two-handed", "rubicon"])   # fast lines, full rules
def test_a_peeking_bot_sees_the_hands_but_not_the_stock_order(variant: str) -> None:
    deal = Deal.new(load_profile(variant), random.Random(5), dealer=0)
    view = PlayerView.of(deal, deal.to_move)
    opp = 1 - view.seat
    for name, orders in (("strong-cheat", 1), ("strong-peek", 2)):
        bot = build_bot(name, random.Random(1), 1)
        assert isinstance(bot, StrongBot)
        bot.oracle = deal
        seen = set()
        for _ in range(6):
            line = bot._deal_determinization(view)
            assert line.hands[opp] == deal.hands[opp]
            assert sorted(line.stock) == sorted(deal.stock)
            seen.add(tuple(line.stock))
            fast = bot._determinize(view)
            assert sorted(fast.hold[opp]) == sorted(deal.hands[opp])
        assert len(seen) >= orders and (orders > 1 or seen == {tuple(deal.stock)})


def test_statistics() -> None:
    lo, hi = wilson(50, 100)
    assert lo < 0.5 < hi and abs((lo + hi) / 2 - 0.5) < 1e-9
    assert wilson(0, 0) == (0.0, 1.0)
    mean, (mlo, mhi) = mean_ci([1.0, 2.0, 3.0])
    assert mean == 2.0 and mlo < 2.0 < mhi
    s = summarize("a", "b", [10, 0, -5, 20])
    assert s.a_win_rate == 2.5 / 4 and s.ties == 1


@pytest.mark.parametrize("variant", ["rubicon-four-handed", "rubicon"])
def test_arena_variants_report_sides_and_game_points(
        variant: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--a", "heuristic", "--b", "random", "--deals", "1",
                 "--variant", variant, "--json", "--no-progress"]) == 0
    out = capsys.readouterr().out
    data = json.loads(out.strip().splitlines()[-1])
    assert data["variant"] == variant and data["played"] == 2
    assert "mean_game_points" in data and "game points" in out
    if variant == "rubicon-four-handed":
        assert "seats 1 & 3" in out


def test_workers_do_not_change_the_result() -> None:
    from engine.cli.arena import run_arena

    serial = run_arena("heuristic", "random", 4, seed=5, jobs=1)
    parallel = run_arena("heuristic", "random", 4, seed=5, jobs=2)
    assert serial == parallel and serial.deals == 8


def test_unknown_bot_fails_before_any_deal() -> None:
    from engine.cli.arena import run_arena
    from engine.errors import BeziqueError

    with pytest.raises(BeziqueError):
        run_arena("grandmaster", "random", 2, seed=1)


@pytest.mark.parametrize("players,played", [("2", 2), ("3", 3), ("4", 2)])
def test_arena_plays_no_trump_with_the_players_option(
        players: str, played: int, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--a", "heuristic", "--b", "random", "--deals", "1",
                 "--variant", "no-trump", "--option", f"players={players}", "--json",
                 "--no-progress"]) == 0
    out = capsys.readouterr().out
    data = json.loads(out.strip().splitlines()[-1])
    assert data["played"] == played and f"players={players}" in out


def test_arena_refuses_an_unknown_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--variant", "no-trump", "--option", "players=7", "--deals",
                 "1"]) == 2
    assert "no choice '7'" in capsys.readouterr().err
