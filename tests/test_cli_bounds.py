"""Findings N3–N7 and N10 of the second reliability review
(../shared/reviews/reliability-review-2.md), each from its reproducer: malformed
actions change nothing, the command line refuses out-of-range arguments and unsafe
output paths with one line, reads that fail midway and byte order marks get the one
error discipline, and ``puzzles verify`` answers every record with one JSON line."""

from __future__ import annotations

import io
import json
import os
import random
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cli import main
from engine.errors import IllegalActionError
from engine.notation.actions import Action, ActionType
from engine.rules.deal import Deal
from engine.rules.profile import apply_option, load_profile

ROOT = Path(__file__).parent.parent
BANK = ROOT / "puzzles"
GOOD_MELDS = '{"trump": "S", "hand": ["QS", "JD"]}'
GOOD_SOLVE = "two-handed/H/0/AS 7S/TS 9S/-"
SOLVED = {"to_move": 0, "value": 20, "moves": {"AS": 10, "7S": 20},
          "line": ["7S", "TS", "9S", "AS"]}


def cli(args: list[str], stdin: bytes = b"", cwd: Path = ROOT) -> tuple[int, list[str], str]:
    """Run ``bezique`` in a fresh process: (status, stdout lines, stderr)."""
    done = subprocess.run([sys.executable, "-m", "engine.cli", *args], input=stdin,
                          capture_output=True, timeout=300, cwd=cwd,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin",
                               "PYTHONIOENCODING": "utf-8"})
    assert "Traceback" not in done.stderr.decode("utf-8", "replace"), done.stderr
    return done.returncode, done.stdout.decode("utf-8").splitlines(), \
        done.stderr.decode("utf-8", "replace")


def in_process(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
               args: list[str], stdin: bytes = b"") -> tuple[int, list[dict[str, Any]]]:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
    status = main(args)
    return status, [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def endgame_record() -> dict[str, Any]:
    with open(BANK / "endgame-two-handed.jsonl", encoding="utf-8") as handle:
        return dict(json.loads(handle.readline()))


# --- N4: actions of the wrong types change nothing ---------------------------------------

PROFILES = [load_profile("two-handed"), load_profile("rubicon-four-handed"),
            apply_option(load_profile("club"), "infractions", "penalise")]


def _malformed(action: Action, how: int, junk: Any) -> Action:
    """``action`` with one part replaced by a look-alike of the wrong type
    (``junk`` is never an int nor a str)."""
    cards, meld = action.cards, action.meld
    forms: list[Action] = [
        Action(action.type.value, cards, meld),
        Action(action.type, tuple(float(c) for c in cards) or (1.0,), meld),
        Action(action.type, tuple(bool(c % 2) for c in cards) or (True,), meld),
        Action(action.type, (*cards, *cards) or (0, 1), meld),
        Action(action.type, list(cards), meld),
        Action(action.type, cards, junk if meld else "bezique"),
        Action(action.type, (*cards[1:], junk), meld),
        Action(action.type, (*cards[1:], -1), meld),
    ]
    return forms[how % len(forms)]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(profile_index=st.integers(0, len(PROFILES) - 1), seed=st.integers(0, 10_000),
       steps=st.integers(0, 60), how=st.integers(0, 7),
       junk=st.one_of(st.floats(allow_nan=True), st.booleans(), st.none(),
                      st.binary(max_size=3), st.integers(0, 300).map(lambda n: (n,))))
def test_n4_malformed_actions_are_refused_before_any_change(
        profile_index: int, seed: int, steps: int, how: int, junk: Any) -> None:
    rng = random.Random(seed)
    deal = Deal.new(PROFILES[profile_index], rng)
    for _ in range(steps):
        if deal.is_over:
            break
        deal.apply(rng.choice(deal.legal_actions()))
    if deal.is_over:
        return
    action = _malformed(rng.choice(deal.legal_actions()), how, junk)
    before = json.dumps(deal.to_json())
    with pytest.raises(IllegalActionError) as refused:
        deal.apply(action)
    assert refused.value.rule_id == "action.malformed"
    assert json.dumps(deal.to_json()) == before


def test_n4_a_str_typed_play_is_not_taken_for_a_draw() -> None:
    deal = Deal.new(load_profile("two-handed"), random.Random(1))
    card = deal.legal_actions()[0].card
    before = json.dumps(deal.to_json())
    for action in (Action("play", (card,)), Action(ActionType.PLAY, (float(card),))):
        with pytest.raises(IllegalActionError):
            deal.apply(action)
    assert json.dumps(deal.to_json()) == before
