"""A bank of solved 8-trick play-off positions (tests/data/solver_bank.jsonl).

Regenerate (seeded, so the file only changes if the generator does)::

    python tests/test_solver_bank.py --generate

Each line holds the position in its JSON form, its text form, and the values
stored when it was generated. The tests re-solve every position and re-verify a
part of them with the search techniques switched off.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.rules.profile import load_profile
from engine.solver import Options, Position, move_values

BANK = Path(__file__).parent / "data" / "solver_bank.jsonl"
SEED = 20260601
COUNT = 50


def generate() -> list[dict[str, Any]]:
    rng = random.Random(SEED)
    base = load_profile("two-handed")
    rubicon = base.with_options(scoring={"brisques": "tiebreak_only", "last_trick_bonus": 50})
    rows: list[dict[str, Any]] = []
    for i in range(COUNT):
        profile = rubicon if i % 10 == 9 else base
        cards = rng.sample(range(64), 16)
        leader = rng.randrange(2)
        hands: list[list[int]] = [[], []]
        hands[leader], hands[1 - leader] = cards[:8], cards[8:]
        trick = [hands[leader].pop()] if i % 4 == 3 else []
        pos = Position.from_playoff(profile, rng.randrange(4), hands, leader, trick)
        rows.append({"position": pos.to_dict(), "text": pos.to_text(),
                     "to_move": pos.to_move, "moves": move_values(pos)})
    return rows


def load_bank() -> list[dict[str, Any]]:
    return [json.loads(line) for line in BANK.read_text("utf-8").splitlines() if line]


def test_bank_is_complete_and_round_trips() -> None:
    rows = load_bank()
    assert len(rows) == COUNT
    for row in rows:
        pos = Position.from_dict(row["position"])
        assert pos.tricks_left == 8
        assert Position.from_text(row["text"]) == pos
        assert pos.to_move == row["to_move"]


@pytest.mark.parametrize("index", range(COUNT))
def test_bank_position_values(index: int) -> None:
    row = load_bank()[index]
    assert move_values(Position.from_dict(row["position"])) == row["moves"]


@pytest.mark.parametrize("index", range(0, COUNT, 5))
def test_bank_values_without_pruning(index: int) -> None:
    """Only the transposition table on: no equivalent cards, no ETC, no bounds."""
    row = load_bank()[index]
    plain = Options(equivalence=False, etc=False, bounds=False, ordering=False)
    assert move_values(Position.from_dict(row["position"]), plain) == row["moves"]


if __name__ == "__main__":
    if sys.argv[1:] != ["--generate"]:
        sys.exit("usage: python tests/test_solver_bank.py --generate")
    BANK.parent.mkdir(parents=True, exist_ok=True)
    with BANK.open("w", encoding="utf-8") as out:
        for row in generate():
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"wrote {COUNT} positions to {BANK}")
