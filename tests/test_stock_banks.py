"""The shipped stock-play banks (issue 53): each variant's bank is there, well formed,
with no question type over about half of it, and a sample of it agrees with the engine
through :func:`puzzles.bank.verify` (which re-judges the position: a tampered figure
or answer is refused). Regenerate with::

    nice -n 10 bezique puzzles generate --kind stock --variant V --count N --seed 1 \\
        --jobs 1 --out puzzles/stock-V.jsonl.gz
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from puzzles import bank, difficulty
from puzzles.generate import STOCK_LEAD

VARIANTS = ("two-handed", "rubicon", "club", "fildinski")


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_shipped_stock_bank_agrees_with_the_engine(variant: str) -> None:
    path = bank.path_for("stock", variant)
    assert path.name == f"stock-{variant}.jsonl.gz" and path.exists()
    records = bank.read(path)
    assert records and all(not bank.malformed(r) for r in records)
    assert len({r["id"] for r in records}) == len(records)
    assert all(r["variant"] == variant and 600 <= r["rating"] <= 2400 for r in records)
    kinds = Counter(r["type"] for r in records)
    assert max(kinds.values()) <= len(records) - max(kinds.values()) + STOCK_LEAD
    record = random.Random(variant).choice(records)
    assert bank.verify(record) == []
    assert all(r["rating"] == difficulty.rating(r) for r in records)


def test_a_tampered_stock_record_is_refused() -> None:
    record = dict(random.Random(1).choice(bank.read(bank.path_for("stock", "two-handed"))))
    other = record["options"][0]
    record["answer"], record["accepted"] = other["move"], list(other["copies"])
    assert bank.verify(record)
