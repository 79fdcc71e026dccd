""""What does this capture score?" puzzles (000, Fildinski): a player's laid-out
cards, the combinations they have scored, and a trick he has just won; the
learner names every combination the capture scores, and the total.

A record (kind ``meld``, type ``capture``)::

    {"id": "m-…", "kind": "meld", "type": "capture", "variant": "fildinski",
     "themes": [...], "melds": [...], "rating": 1234,
     "position": {"variant", "trump", "laid": [...], "trick": [...],
                  "history": [{"meld", "cards"}], "sevens_scored": [...]},
     "context": {"stock": 12, "turns": 0},
     "answer": {"melds": [{"meld", "cards", "points"}], "brisques": 20, "sevens": 10,
                "total": 170},
     "explanation": [...], "source": {"deal": 7}}

``sevens_scored`` (only when the trick holds one) lists the sevens of trumps in the
trick that scored before (the turned-up seven, or one exchanged for the turn-up, when
it comes back in the play-off); ``sevens`` (only when not 0) is what the sevens of
trumps captured score (000 l.8). The answer comes from
:func:`engine.rules.captures.score_capture`, the computation the deal itself scores
the trick with (brisques, combinations and sevens); :func:`verify` recomputes it.
Positions are taken from real deals (the state just before a trick is won), so every
one can occur. The seven's optional exchange for the turn-up comes after the trick
and is not part of it.

    python -m puzzles.capture_bank --count 120 --seed 1 > puzzles/meld-fildinski.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from engine.notation.actions import ActionType
from engine.notation.cards import Card, Suit, parse_card
from engine.rules.captures import score_capture, seven_step
from engine.rules.deal import Deal
from engine.rules.melds import ScoredMeld, display_order
from engine.rules.profile import load_profile
from puzzles import difficulty as puzzle_difficulty
from puzzles import themes
from puzzles.ids import puzzle_id


def _cards(ids: Any) -> list[str]:
    return [str(Card.from_id(c)) for c in sorted(ids, key=display_order)]


def solve(position: Mapping[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """The answer and its English explanation for a capture position."""
    profile = load_profile(position["variant"])
    trump = int(Suit.parse(position["trump"]))
    laid = [parse_card(t).id for t in position["laid"]]
    trick = [parse_card(t).id for t in position["trick"]]
    history = [ScoredMeld(h["meld"], frozenset(parse_card(t).id for t in h["cards"]))
               for h in position["history"]]
    counted = [parse_card(t).id for t in position.get("sevens_scored", [])]
    if len(set(laid) | set(trick)) != len(laid) + len(trick):
        raise ValueError("a card is both laid out and in the trick")
    capture = score_capture(profile, trump, laid, trick, history, counted=counted)
    answer: dict[str, Any] = {
        "melds": [{"meld": v.spec.kind, "cards": _cards(v.cards), "points": v.points}
                  for v in capture.melds], "brisques": capture.brisque_points}
    if capture.seven_points:
        answer["sevens"] = capture.seven_points
    answer["total"] = capture.total
    lines = [f"{len(capture.brisques)} brisque(s) in the trick: {capture.brisque_points}"]
    lines += ["; ".join(s.render() for s in v.steps) for v in capture.melds]
    lines += [seven_step(profile, c).render() for c in capture.sevens]
    lines.append(f"total {capture.total}")
    return answer, lines


def position_of(deal: Deal, trick: Sequence[int], laid: Iterable[int],
                history: Iterable[ScoredMeld]) -> dict[str, Any]:
    """The capture question of ``deal`` before ``trick`` is won (call it before: the
    sevens the trick scores are counted then) by the player whose laid-out cards and
    scored combinations are ``laid`` and ``history``."""
    assert deal.trump is not None
    position: dict[str, Any] = {
        "variant": deal.profile.name, "trump": Suit(deal.trump).letter, "laid": _cards(laid),
        "trick": [str(Card.from_id(c)) for c in trick],
        "history": [{"meld": m.kind, "cards": _cards(m.cards)} for m in history]}
    scored = [c for c in trick if deal.is_trump_seven(c) and c in deal.dix_counted]
    if scored:
        position["sevens_scored"] = [str(Card.from_id(c)) for c in scored]
    return position


def question_of(record: Mapping[str, Any]) -> dict[str, Any]:
    return {"kind": "meld", "type": "capture", "position": record["position"]}


def difficulty(record: Mapping[str, Any]) -> int:
    """Initial rating: the difficulty model (:mod:`puzzles.difficulty`)."""
    return puzzle_difficulty.rating(record)


def make_record(position: dict[str, Any], stock: int, deal: int) -> dict[str, Any]:
    answer, lines = solve(position)
    kinds = [m["meld"] for m in answer["melds"]]
    record: dict[str, Any] = {
        "kind": "meld", "type": "capture", "variant": position["variant"],
        "themes": [], "melds": sorted(set(kinds)), "rating": 0, "position": position,
        "context": {"stock": stock, "turns": 0}, "answer": answer, "explanation": lines,
        "source": {"deal": deal}}
    record["themes"] = themes.derive(record)
    record["rating"] = difficulty(record)
    record["id"] = puzzle_id("m", question_of(record))
    order = ("id", "kind", "type", "variant", "themes", "melds", "rating", "position",
             "context", "answer", "explanation", "source")
    return {k: record[k] for k in order}


def captures_of(variant: str, seed: int) -> Iterator[dict[str, Any]]:
    """Every capture of one random deal, as a record (state before each trick)."""
    profile = load_profile(variant)
    rng = random.Random(seed)
    deal = Deal.new(profile, rng, dealer=seed % profile.players)
    while not deal.is_over:
        action = rng.choice(deal.legal_actions())
        completes = (action.type is ActionType.PLAY
                     and len(deal.trick) == profile.players - 1)
        if not completes:
            deal.apply(action)
            continue
        before = [(set(deal.laid[p]), list(deal.history[p])) for p in range(profile.players)]
        trick = [*deal.trick, action.card]
        stock = deal.stock_count
        positions = [position_of(deal, trick, *b) for b in before]
        events = deal.apply(action)
        winner = next(e.player for e in events if e.type == "trick")
        assert winner is not None
        yield make_record(positions[winner], stock, seed)


def generate(variant: str, seed: int, count: int) -> list[dict[str, Any]]:
    """``count`` distinct capture puzzles, mostly ones that score a combination;
    about one in six scores none though cards were laid out before."""
    found: list[dict[str, Any]] = []
    seen: set[str] = set()
    rng = random.Random(seed)
    deal_seed = seed * 100_000
    while len(found) < count:
        for rec in captures_of(variant, deal_seed):
            if rec["id"] in seen:
                continue
            scoring = bool(rec["answer"]["melds"])
            if not scoring and (len(rec["position"]["laid"]) < 6 or rng.random() > 0.04):
                continue
            if scoring and rng.random() > 0.3:
                continue
            seen.add(rec["id"])
            found.append(rec)
            if len(found) == count:
                break
        deal_seed += 1
    return found


def verify(record: Mapping[str, Any]) -> list[str]:
    """Problems with a capture record (empty when the engine agrees)."""
    try:
        answer, lines = solve(record["position"])
    except (ValueError, KeyError, TypeError) as exc:
        return [f"{record.get('id')}: engine refused the position: {exc}"]
    problems = []
    if answer != record["answer"]:
        problems.append(f"{record['id']}: answer {record['answer']!r} but engine says "
                        f"{answer!r}")
    if puzzle_id("m", question_of(record)) != record["id"]:
        problems.append(f"{record['id']}: id does not match the position")
    if not problems and record.get("explanation") != lines:
        problems.append(f"{record['id']}: stale explanation text (the engine words it "
                        f"differently now: bezique puzzles text FILE)")
    return problems


def with_current_text(record: Mapping[str, Any]) -> dict[str, Any]:
    """The record with its stored explanation in the engine's current English
    wording; every other field kept (``bezique puzzles text``)."""
    return dict(record, explanation=solve(record["position"])[1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="fildinski")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=120)
    args = parser.parse_args()
    for rec in generate(args.variant, args.seed, args.count):
        print(json.dumps(rec, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
