"""``bezique puzzles generate --kind stock``: stock-play puzzles from expert games,
with quotas per question type (issue 53). Budgets are tiny (one determinization a
bot decision); the judge keeps its own deals, so a run still takes a minute."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.cli import main
from puzzles import bank, difficulty, games
from puzzles.generate import STOCK_LEAD, Plan, _Picker


def _fake(n: int, question: str) -> games.Candidate:
    rec = {"id": f"s-{question}-{n}", "type": question, "answer": "x"}
    return games.Candidate(0, lambda: [dict(rec)], (question,))


def test_no_question_type_leads_the_rest_of_the_bank() -> None:
    """Rubicon's first runs gave 28 declarations of 36: a type may lead all the others
    together by STOCK_LEAD at most, whatever a game offers."""
    picker = _Picker(Plan("stock", "rubicon"), [])
    for game in range(6):
        offered = [_fake(10 * game + n, "declare") for n in range(9)] + \
            [_fake(10 * game + 9, "lead")]
        picker.take(game, offered, 1000)
    count: dict[str, Any] = {}
    for rec in picker.got:
        count[rec["type"]] = count.get(rec["type"], 0) + 1
    assert count["lead"] == 6
    assert count["declare"] <= count["lead"] + STOCK_LEAD


def test_a_bank_of_one_type_has_nothing_to_balance() -> None:
    """The joker game's leads are never clearly best (its 18 jokers are alike), so its
    bank is asked for declarations alone; the balance between types must not stop it at
    STOCK_LEAD puzzles, as it did (2 kept in 8 minutes)."""
    picker = _Picker(Plan("stock", "joker", types=("declare",)), [])
    for game in range(3):
        picker.take(game, [_fake(10 * game + n, "declare") for n in range(9)], 1000)
    assert len(picker.got) == 27 > STOCK_LEAD


def test_a_full_type_is_not_judged() -> None:
    """A candidate whose only question types have no room is never made (judging
    costs seconds)."""
    picker = _Picker(Plan("stock", "two-handed"), [])
    made: list[int] = []

    def candidate(n: int) -> games.Candidate:
        def make() -> list[dict[str, Any]]:
            made.append(n)
            return [{"id": f"s-{n}", "type": "declare", "answer": "x"}]
        return games.Candidate(0, make, ("declare",))

    picker.take(0, [candidate(n) for n in range(10)], 1000)
    assert len(made) == len(picker.got) == STOCK_LEAD


def test_round_trip_through_the_cli_one_or_two_jobs(tmp_path: Path) -> None:
    one, two = tmp_path / "one.jsonl.gz", tmp_path / "two.jsonl"
    args = ["puzzles", "generate", "--kind", "stock", "--variant", "two-handed",
            "--budget", "1", "--quiet", "--count", "1", "--seed", "2"]
    assert main([*args, "--out", str(one)]) == 0
    assert main([*args, "--out", str(two), "--jobs", "2"]) == 0
    records = bank.read(one)
    assert records == bank.read(two) and len(records) == 1
    rec = records[0]
    assert rec["kind"] == "stock" and rec["source"]["from"] == "expert games"
    assert rec["answer"] in rec["accepted"]
    assert bank.verify(rec) == []
    assert rec["rating"] == difficulty.rating(rec)


def _stock_record(question: str, costs: list[float], stock: int) -> dict[str, Any]:
    return {"kind": "stock", "type": question, "stock": stock,
            "options": [{"move": f"m{i}", "cost": c} for i, c in enumerate(costs)]}


def test_stock_rating_reads_the_judges_figures() -> None:
    """Closer runner-up, more moves and a fuller stock make a harder puzzle; every
    rating stays in the bank's 600-2400."""
    plain = difficulty.rating(_stock_record("lead", [80.0], 4))
    assert difficulty.rating(_stock_record("lead", [12.0], 4)) > plain
    assert difficulty.rating(_stock_record("lead", [80.0, 90.0, 95.0], 4)) > plain
    assert difficulty.rating(_stock_record("lead", [80.0], 40)) > plain
    for question in ("lead", "follow", "win_or_let_go", "declare", "exchange"):
        for costs in ([10.0], [200.0], [10.0] * 30):
            for stock in (0, 2, 80):
                assert 600 <= difficulty.rating(_stock_record(question, costs, stock)) <= 2400


def test_stock_from_simulated_deals_is_refused_with_one_line() -> None:
    args = ["puzzles", "generate", "--kind", "stock", "--source", "random", "--count", "1",
            "--out", "-", "--quiet"]
    assert main(args) != 0
