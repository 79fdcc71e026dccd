"""``bezique arena``: paired deals and the JSON summary line."""

from __future__ import annotations

import json

import pytest

from engine.cli import main
from engine.cli.arena import mean_ci, summarize, wilson


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
