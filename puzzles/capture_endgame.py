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

Four-handed (000) the last tricks are two duels side by side, and a puzzle is one
of them, searched alone (:func:`engine.rules.capture_playoff.duel_refusal` says
why that is exact): its ``position`` names the duel's two ``seats`` (0-3) and
the rest, ``leader``, ``hands``, ``laid``, ``history`` (each player's own
combinations), counts 0 and 1 in that order; its note says so. The generator plays
the solver's line through the deal itself (:func:`played_value`) and keeps a
puzzle only when the points scored there are the solver's value.

    python -m puzzles.capture_endgame --count 60 --seed 1 > puzzles/endgame-fildinski.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Mapping
from typing import Any

from engine.notation.actions import Action, ActionType
from engine.notation.cards import Card, Suit, parse_card
from engine.rules import capture_playoff
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


DUEL_NOTE = {"en": "The four-handed game plays its last tricks in two pairs: the winner of "
                   "the last stock trick plays against his left-hand opponent, his partner "
                   "against the other, side by side. Each player scores only his own captures, "
                   "so this duel is played for itself; the value is your points minus your "
                   "opponent's in it.",
             "ru": "Это один из двух розыгрышей игры вчетвером: взявший последнюю взятку до "
                   "конца колоды играет против соседа слева, его партнёр — против другого, "
                   "одновременно. Каждый засчитывает только свои взятые карты, поэтому этот "
                   "розыгрыш играется сам по себе; оценка — ваши очки минус очки противника "
                   "в нём."}


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
    """The play-off position of the player to move: the whole two-handed play-off,
    or in a split one (four-handed) the duel being played, with its ``seats``."""
    assert deal.trump is not None
    seats = list(deal.duels[deal.duel_turn]) if deal.duels else [0, 1]
    # a player's own combinations: partners share one history, never a card
    history = [[m for m in deal.history[p] if m.cards <= deal.laid[p]] for p in seats]
    position: dict[str, Any] = {
        "variant": deal.profile.name, "trump": Suit(deal.trump).letter,
        "leader": seats.index(deal.leader), "hands": [_texts(deal.hands[p]) for p in seats],
        "trick": [str(Card.from_id(c)) for c in deal.trick],
        "laid": [_texts(deal.laid[p]) for p in seats],
        "history": [[{"meld": m.kind, "cards": _texts(m.cards)} for m in side]
                    for side in history],
        "dix_counted": _texts(deal.dix_counted)}
    if deal.duels:
        position["seats"] = seats
    return position


def seats_of(position: Mapping[str, Any]) -> list[int]:
    return list(position.get("seats", [0, 1]))


def game_meld_within_reach(deal: Deal) -> bool:
    """A capture in either duel could still win the game at once and end both."""
    assert deal.trump is not None
    pairs = deal.duels or [(0, 1)]
    return any(capture_playoff.game_meld_within_reach(
        deal.profile, deal.trump, (frozenset(deal.hands[a]), frozenset(deal.hands[b])),
        (frozenset(deal.laid[a]), frozenset(deal.laid[b]))) for a, b in pairs)


def played_value(deal: Deal, record: Mapping[str, Any],
                 other: Callable[[list[int]], int] = min) -> int:
    """Play the record's position to its end in a copy of ``deal`` (the real one it
    came from): both duel players take a best card of the solver at every turn, the
    other duel (four-handed) plays ``other`` of its legal cards. The points the
    engine scored, the mover's minus his opponent's."""
    trial = deal.copy()
    seats = seats_of(record["position"])
    local = int(record["position"]["leader"]) if not record["position"]["trick"] \
        else 1 - int(record["position"]["leader"])
    me, them = seats[local], seats[1 - local]
    before = list(trial.scores)
    while not trial.is_over and (trial.hands[me] or trial.hands[them]):
        plays = [a.card for a in trial.legal_actions() if a.type is ActionType.PLAY]
        if trial.to_move in seats:
            card = solve_position(position_of(trial), trial.profile).best[0]
        else:
            card = other(plays)
        trial.apply(Action.play(card))
    return (trial.scores[me] - before[me]) - (trial.scores[them] - before[them])


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
    # a capture that wins the game at once ends the deal: the search plays on
    if capture_playoff.game_meld_within_reach(
            profile, int(Suit.parse(position["trump"])),
            (_ids(position["hands"][0]), _ids(position["hands"][1])),
            (_ids(position["laid"][0]), _ids(position["laid"][1]))):
        return None
    record: dict[str, Any] = {
        "kind": "endgame", "type": "capture_best", "variant": position["variant"],
        "themes": ["captures", *themes_of(position, profile, solution)], "rating": 0,
        "position": position, "value": solution.value,
        "best": [str(Card.from_id(c)) for c in solution.best], "moves": _moves(solution),
        "note": DUEL_NOTE if "seats" in position else NOTE, "source": {"deal": deal}}
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
