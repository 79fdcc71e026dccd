"""The "which declaration now?" search of puzzles.meld (issue #22): histories
are canonical up to an exchange of identical copies, verdicts come without
explanations, and the answer must be the plain search's."""

from __future__ import annotations

from typing import Any

from engine.notation.cards import parse_card
from engine.rules.melds import ScoredMeld, all_verdicts
from engine.rules.profile import load_profile
from puzzles import bank, meld


def ids(*tokens: str) -> frozenset[int]:
    return frozenset(parse_card(t).id for t in tokens)


def test_histories_that_differ_by_identical_copies_share_one_form() -> None:
    p = meld.Parsed(load_profile("eight-pack"), 1, ids("KS#1", "KS#2", "QS#1", "QS#3"), ())
    one = (ScoredMeld("marriage", ids("KS#1", "QS#1")),)
    other = (ScoredMeld("marriage", ids("KS#2", "QS#3")),)
    assert meld.canonical_state(p, one) == meld.canonical_state(p, other)
    # A different shape (both copies of the king used) stays apart.
    two = (*one, ScoredMeld("marriage", ids("KS#2", "QS#3")))
    assert meld.canonical_state(p, two) != meld.canonical_state(p, one)


def _plain_best(position: dict[str, Any], turns: int) -> dict[str, Any] | None:
    """The search before issue #22: every legal card set of every history, in
    the engine's order, memo on the exact history, first best kept."""
    p = meld.parse(position)

    def options(history: tuple[ScoredMeld, ...]) -> list[Any]:
        played = frozenset(c for h in history for c in h.cards) - p.holding
        seen, out = set(), []
        for v in all_verdicts(p.profile, p.trump, p.holding, history, played, explain=False):
            key = (v.spec.kind, tuple(sorted(v.cards)))
            if v.legal and key not in seen:
                seen.add(key)
                out.append(v)
        return out

    memo: dict[Any, Any] = {}

    def cont(history: tuple[ScoredMeld, ...], left: int) -> tuple[int, tuple[Any, ...]]:
        if left <= 0:
            return 0, ()
        key = (frozenset(history), left)
        if key not in memo:
            best: tuple[int, tuple[Any, ...]] = (0, ())
            for v in options(history):
                rest, plan = cont((*history, ScoredMeld(v.spec.kind, frozenset(v.cards))),
                                  left - 1)
                if v.points + rest > best[0]:
                    best = (v.points + rest, ((v.spec.kind, v.points), *plan))
            memo[key] = best
        return memo[key]  # type: ignore[no-any-return]

    ranked = []
    for v in options(p.history):
        rest, plan = cont((*p.history, ScoredMeld(v.spec.kind, frozenset(v.cards))), turns - 1)
        ranked.append((v.spec.kind, tuple(sorted(v.cards)), v.points, v.points + rest, plan))
    ranked.sort(key=lambda c: (-c[3], -c[2], c[0], c[1]))
    if len({c[0] for c in ranked}) < 2:
        return None
    top = (ranked[0][3], ranked[0][2])
    if len({c[0] for c in ranked if (c[3], c[2]) == top}) != 1:
        return None
    by_kind: dict[str, Any] = {}
    for c in ranked:
        by_kind.setdefault(c[0], c)
    return {"meld": ranked[0][0], "total": ranked[0][3],
            "values": {k: {"now": c[2], "total": c[3], "plan": [m for m, _ in c[4]]}
                       for k, c in by_kind.items()}}


def test_best_answers_match_the_plain_search() -> None:
    checked = 0
    for variant in ("two-handed", "rubicon", "rubicon-four-handed", "chinese"):
        best = [r for r in bank.load("meld", variant) if r["type"] == "best"]
        for rec in best[:20]:
            turns = rec["context"]["turns"]
            assert meld.best_answer(rec["position"], turns) == _plain_best(rec["position"],
                                                                            turns)
            checked += 1
    assert checked >= 40
