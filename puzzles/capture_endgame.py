"""Play-off puzzles where captures keep scoring (000, Fildinski).

The stock is gone, both hands are known, and every trick still scores at once:
its brisques and the combinations it completes with the winner's laid-out cards
(:mod:`engine.rules.capture_playoff`). The value of a card counts those combinations,
not only brisques, and each puzzle says so in its ``note``. A position becomes a
puzzle when one card is strictly best; the theme ``melds_decide`` marks those
where counting brisques alone would pick another card.

A record (kind ``endgame``, type ``capture_best``)::

    {"id": "e-…", "kind": "endgame", "type": "capture_best", "variant": "fildinski",
     "themes": [...], "rating": 1400,
     "position": {"variant", "trump", "leader", "hands": [[...], [...]], "trick": [...],
                  "laid": [[...], [...]], "history": [[{"meld", "cards"}], [...]],
                  "dix_counted": [...]},
     "value": 40, "best": ["TS"], "moves": {"TS": 40, "7S": 20}, "note": {"en", "ru"},
     "source": {"deal": 123}}

    python -m puzzles.capture_endgame --count 60 --seed 1 > puzzles/endgame-fildinski.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Mapping
from typing import Any

from engine.notation.cards import Card, Suit, parse_card
from engine.rules.capture_playoff import Solution, solve
from engine.rules.deal import Deal
from engine.rules.melds import ScoredMeld, display_order
from engine.rules.profile import Profile, load_profile
from puzzles import difficulty as puzzle_difficulty
from puzzles.ids import puzzle_id

NOTE = {"en": "Declarations go on in the last tricks: each trick scores its brisques and the "
              "combinations it completes with the winner's laid-out cards (000). The value "
              "counts them all.",
        "ru": "В последних взятках объявления продолжаются: каждая взятка приносит бриски и "
              "комбинации, которые она образует с выложенными картами взявшего (000). В "
              "оценке учтено всё это."}


def _texts(ids: Any) -> list[str]:
    return [str(Card.from_id(c)) for c in sorted(ids, key=display_order)]


def _ids(texts: Any) -> frozenset[int]:
    return frozenset(parse_card(t).id for t in texts)


def solve_position(position: Mapping[str, Any], profile: Profile | None = None) -> Solution:
    profile = profile or load_profile(position["variant"])
    hands = position["hands"]
    laid = position["laid"]
    history = tuple(tuple(ScoredMeld(h["meld"], _ids(h["cards"])) for h in side)
                    for side in position["history"])
    return solve(profile, int(Suit.parse(position["trump"])), (_ids(hands[0]), _ids(hands[1])),
                 int(position["leader"]), tuple(parse_card(t).id for t in position["trick"]),
                 (_ids(laid[0]), _ids(laid[1])), (history[0], history[1]),
                 _ids(position["dix_counted"]))


def position_of(deal: Deal) -> dict[str, Any]:
    assert deal.trump is not None
    return {"variant": deal.profile.name, "trump": Suit(deal.trump).letter,
            "leader": deal.leader, "hands": [_texts(h) for h in deal.hands],
            "trick": [str(Card.from_id(c)) for c in deal.trick],
            "laid": [_texts(t) for t in deal.laid],
            "history": [[{"meld": m.kind, "cards": _texts(m.cards)} for m in side]
                        for side in deal.history],
            "dix_counted": _texts(deal.dix_counted)}


def _moves(solution: Solution) -> dict[str, int]:
    return {str(Card.from_id(c)): v for c, v in solution.moves}


def themes_of(position: Mapping[str, Any], profile: Profile | None = None,
              solution: Solution | None = None) -> list[str]:
    """``melds_decide`` when counting brisques alone picks another best card,
    ``follow`` when a card is on the table."""
    profile = profile or load_profile(position["variant"])
    solution = solution or solve_position(position, profile)
    plain = solve_position(position, profile.with_options(melds=()))
    out = ["melds_decide"] if set(plain.best) != set(solution.best) else []
    if position["trick"]:
        out.append("follow")
    return out


def make_record(position: dict[str, Any], deal: int) -> dict[str, Any] | None:
    profile = load_profile(position["variant"])
    solution = solve_position(position, profile)
    if len(solution.best) != 1 or len({v for _, v in solution.moves}) < 2:
        return None
    record: dict[str, Any] = {
        "kind": "endgame", "type": "capture_best", "variant": position["variant"],
        "themes": ["captures", *themes_of(position, profile, solution)], "rating": 0,
        "position": position, "value": solution.value,
        "best": [str(Card.from_id(c)) for c in solution.best], "moves": _moves(solution),
        "note": NOTE, "source": {"deal": deal}}
    record["rating"] = puzzle_difficulty.rating(record)
    record["id"] = puzzle_id("e", question_of(record))
    return record


def question_of(record: Mapping[str, Any]) -> dict[str, Any]:
    return {"kind": "endgame", "type": "capture_best", "position": record["position"]}


def generate(variant: str, seed: int, count: int, tricks: int = 4) -> list[dict[str, Any]]:
    """``count`` puzzles with ``tricks`` tricks left, about half where the
    combinations change the best card."""
    profile = load_profile(variant)
    found: list[dict[str, Any]] = []
    seen: set[str] = set()
    deal_seed = seed * 100_000
    while len(found) < count:
        rng = random.Random(deal_seed)
        deal = Deal.new(profile, rng, dealer=deal_seed % 2)
        follow = rng.random() < 0.5
        while not deal.is_over and not (deal.in_playoff and len(deal.hands[deal.leader])
                                         == tricks and len(deal.trick) == int(follow)):
            deal.apply(rng.choice(deal.legal_actions()))
        if not deal.is_over:
            rec = make_record(position_of(deal), deal_seed)
            decides = rec is not None and "melds_decide" in rec["themes"]
            if rec is not None and rec["id"] not in seen and (decides or len(found) % 2):
                seen.add(rec["id"])
                found.append(rec)
        deal_seed += 1
    return found


def verify(record: Mapping[str, Any]) -> list[str]:
    try:
        fresh = make_record(dict(record["position"]), record["source"]["deal"])
    except (ValueError, KeyError, TypeError) as exc:
        return [f"{record.get('id')}: engine refused the position: {exc}"]
    if fresh is None:
        return [f"{record['id']}: no unique best card any more"]
    problems = [f"{record['id']}: {key} {record.get(key)!r} but the search says {fresh[key]!r}"
                for key in ("value", "best", "moves", "themes") if fresh[key] != record.get(key)]
    if fresh["id"] != record["id"]:
        problems.append(f"{record['id']}: id does not match the position")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="fildinski")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=60)
    args = parser.parse_args()
    for rec in generate(args.variant, args.seed, args.count):
        print(json.dumps(rec, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
