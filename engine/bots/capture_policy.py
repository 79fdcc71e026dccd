"""A fast rollout policy for combinations from captured cards (000, Fildinski).

The tuned policy (:mod:`engine.bots.policy`) keeps meld cards in the hand; where
combinations come from captures a card is worth what it adds to the laid-out
cards of whoever takes it. This policy reads only the simulator's plain ints:

* a card's *worth to a player*: 10 for a brisque, 10 for a seven of trumps not
  yet counted, and 5 for each card of his laid-out ones it can combine with
  (at most 4 of them): what he gains by capturing it;
* its *keep value*: trumps and aces win tricks later.

Leading, it plays the card worth least to the opponent plus least to keep;
following, it wins when the trick is worth more to it than the winning card's
keep value, cheaply, else throws the card worth least to the leader.
"""

from __future__ import annotations

import random

from engine.bots.fastplay import DECLARE_PHASE, DRAW, LEAD, FastAction, FastDeal, beats
from engine.rules.captures import meld_kinds
from engine.rules.profile import Profile

# By the profile's id and trumps, the profile kept with the value: an id is only ever
# reused once the first profile is gone, and then the entry's profile is not it.
_PARTNERS: dict[tuple[int, int], tuple[Profile, tuple[frozenset[int], ...]]] = {}


def partners(state: FastDeal) -> tuple[frozenset[int], ...]:
    """For each card kind, the kinds it can form a combination with (cached)."""
    rules = state.rules
    key = (id(rules.profile), rules.trump)
    entry = _PARTNERS.get(key)
    found = entry[1] if entry is not None and entry[0] is rules.profile else None
    if found is None:
        table: list[set[int]] = [set() for _ in range(32)]
        trump = None if rules.trump < 0 else rules.trump
        for spec in rules.profile.melds:
            kinds = meld_kinds(rules.profile, spec, trump)
            for kind in kinds:
                table[kind] |= kinds
        found = tuple(frozenset(t) for t in table)
        _PARTNERS[key] = (rules.profile, found)
    return found


def worth(state: FastDeal, player: int, card: int) -> float:
    """What ``player`` gains by capturing ``card`` (see the module text)."""
    rules = state.rules
    kind = card & 31
    value = 10.0 if (card & 7) >= 6 else 0.0
    if kind == rules.seven and not (state.dix_counted >> card) & 1 and rules.dix_capture:
        value += 10.0
    mates = partners(state)[kind]
    if mates:
        near = sum(1 for c in state.laid[player] if (c & 31) in mates and c != card)
        value += 5.0 * min(near, 4)
    return value


def keep(state: FastDeal, card: int) -> float:
    rank = card & 7
    if (card & 31) >> 3 == state.rules.trump:
        return 4.0 + rank
    return 3.0 if rank == 7 else 0.0


def capture_action(state: FastDeal, rng: random.Random, noise: float = 0.1) -> FastAction:
    """The rollout action of the player to move (see the module text)."""
    phase = state.phase
    if phase == DECLARE_PHASE:
        return DRAW
    p = state.to_move
    hold = state.hold[p]
    if phase == LEAD:
        if rng.random() < noise:
            return hold[int(rng.random() * len(hold))]
        return min(hold, key=lambda c: (worth(state, 1 - p, c) + keep(state, c), c))
    lead = state.trick[0]
    in_stock = bool(state.stock) or state.turn_up >= 0
    options = hold if in_stock else state.playoff_replies(hold, lead)
    if rng.random() < noise:
        return options[int(rng.random() * len(options))]
    trump = state.rules.trump
    winners = [c for c in options if beats(lead, c, trump)]
    if winners:
        gain = worth(state, p, lead)
        best = max(winners, key=lambda c: (gain + worth(state, p, c) - keep(state, c), -c))
        if gain + worth(state, p, best) - keep(state, best) > 0 or not in_stock:
            return best
    return min(options, key=lambda c: (worth(state, 1 - p, c) + keep(state, c), c))
