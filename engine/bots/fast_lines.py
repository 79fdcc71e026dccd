"""The expert's lines of :mod:`engine.bots.deal_search` on the fast simulator.

In the games whose rules the tuned rules of thumb do not know (:func:`policy_lines` is
false: carte blanche, Rubicon's re-forming and settlement, 002's points for tricks and
its deal rules, 004's card values and its 18-card game with jokers, 000's captures for
two pairs) the expert plays its lines with deal_search's quick rules and values them
with its margin: card values, the points of the play-off still to come, captured
combinations. This module is the same policy and the same valuation on
:class:`engine.bots.fastplay.FastDeal`, which follows every rule of those games about
ten times faster than the rules engine: :func:`rollout_action` takes the action
:func:`engine.bots.deal_search.rollout_action` takes in the same position with the same
random numbers, and :func:`deal_margin` is :func:`engine.bots.deal_search.deal_margin`
(``tests/test_bots_fastplay.py`` checks both).

    >>> import random
    >>> from engine.bots.fastplay import FastDeal
    >>> from engine.rules.profile import load_profile
    >>> line = FastDeal.new(load_profile("rubicon"), random.Random(2), dealer=0)
    >>> play_line(line, random.Random(1), horizon=3)
    >>> line.tricks_played
    3
"""

from __future__ import annotations

import random

from engine.bots.deal_search import (
    cheapest,
    follow_choice,
    lead_choice,
    pool_value,
    side_margin,
    stake_shares,
)
from engine.bots.fastplay import (
    ANNOUNCE,
    BLANCHE,
    DECLARE,
    DECLARE_PHASE,
    DRAW,
    EXCHANGE,
    LEAD,
    OVER,
    SCORE,
    SHOW,
    FastAction,
    FastDeal,
    beats_jokers,
)
from engine.bots.heuristic import card_worth
from engine.bots.policy import keep_table
from engine.rules.profile import Profile

_SEVEN_CODES = (EXCHANGE, SHOW)
_SCORING_CODES = (DECLARE, SCORE, ANNOUNCE)


def policy_lines(profile: Profile) -> bool:
    """Whether the expert's fast lines are played by the tuned rules of thumb
    (:mod:`engine.bots.policy`; :mod:`engine.bots.capture_policy` for 000's captures
    for two) and valued by :func:`engine.bots.search.static_value`: where those know
    every rule of the game (melds from the hand under 001's reuse rule, no carte
    blanche, no points for tricks or card values, no deal bonuses or other dealing and
    drawing, no jokers or ladders, no Rubicon settlement). Elsewhere the lines are
    deal_search's, played by this module."""
    dec, dix, scoring = profile.declaring, profile.dix, profile.scoring
    settle = profile.settlement
    hand = (dec.source == "hand" and dix.exchange_from == "hand" and not dix.on_capture
            and scoring.last_trick_at == "deal_end")
    captured_for_two = dec.source == "captured" and profile.players == 2
    bonuses = profile.deal_bonuses
    return (dec.carte_blanche == 0 and dec.double_carte_blanche == 0
            and profile.stock_marker == 0
            and all(m.pattern != "carte_blanche" for m in profile.melds)
            and dec.reuse == "class_levels" and (hand or captured_for_two)
            and (settle is None or not settle.skip_hopeless_playoff)
            and not (profile.follow_in_stock or profile.card_points.any
                     or scoring.trick_bonus != 0 or dec.after_tricks != 0
                     or dix.exchange_is_declaration or profile.deal_first != "opponent"
                     or profile.draw_first != "winner"
                     or any(getattr(bonuses, f) for f in bonuses.__slots__))
            and not (profile.jokers or profile.pack_ranks or profile.extra_copies
                     or not profile.tricks_kept or profile.deal_end != "playoff"
                     or any(m.after or m.once or m.distinct_suits or m.jack_from_bezique
                            or m.suit == "bezique_jack" for m in profile.melds)))


def rollout_action(state: FastDeal, rng: random.Random, noise: float = 0.1) -> FastAction:
    """:func:`engine.bots.deal_search.rollout_action` on the fast simulator."""
    legal = state.legal()
    if len(legal) == 1:
        return legal[0]
    if state.phase == DECLARE_PHASE:
        return _declaration(state, legal)
    plays = [a for a in legal if isinstance(a, int) and a >= 0]
    if len(plays) != len(legal):
        for a in legal:
            if a == BLANCHE or (not isinstance(a, int) and a[0] in _SEVEN_CODES):
                return a
    if not plays:
        return legal[0]
    if rng.random() < noise:
        return plays[int(rng.random() * len(plays))]
    rules = state.rules
    keep = keep_table(rules)
    trick = state.trick
    if not trick:
        return plays[lead_choice(plays, state.stock_count > 0, rules.trump, keep)]
    trump = rules.trump
    best = 0
    for i in range(1, len(trick)):
        if beats_jokers(trick[best], trick[i], trump):
            best = i
    seat = (state.leader if best == 0 else state.to_move) if state.duels \
        else (state.leader + best) % state.n
    if state.side(seat) == state.side(state.to_move):
        return plays[cheapest(plays, keep)]
    return plays[follow_choice(plays, trick, trick[best], None if trump < 0 else trump,
                               card_worth(rules.profile), keep)]


def _declaration(state: FastDeal, legal: list[FastAction]) -> FastAction:
    best: FastAction | None = None
    points = 0
    spec_points = state.rules.spec_points
    for action in legal:
        if isinstance(action, int):
            continue
        code = action[0]
        if code in _SEVEN_CODES:
            return action
        if code in _SCORING_CODES and spec_points[action[1]] > points:
            best, points = action, spec_points[action[1]]
    if best is not None:
        return best
    return DRAW


def play_line(state: FastDeal, rng: random.Random, noise: float = 0.1,
              horizon: int = 99) -> None:
    """Play ``state`` on with :func:`rollout_action` to its end or until ``horizon``
    more tricks are finished (stopping before the next lead)."""
    stop = state.tricks_played + horizon
    while state.phase != OVER and not (state.tricks_played >= stop and state.phase == LEAD):
        state.apply(rollout_action(state, rng, noise))


def holding_value(state: FastDeal, player: int) -> float:
    """:func:`engine.bots.deal_search.holding_value` on the fast simulator."""
    if state.phase == OVER:
        return 0.0
    melds = state.rules.profile.melds
    return pool_value(state.rules, [*state.hold[player], *state.laid[player]],
                      [(melds[i].kind, cards) for i, cards in state.history[player]],
                      state.stock_count, len(state.stock))


def deal_margin(state: FastDeal, player: int) -> float:
    """:func:`engine.bots.deal_search.deal_margin` on the fast simulator."""
    profile = state.rules.profile
    values = [float(v) for v in state.side_scores()]
    if state.phase != OVER:
        scoring = profile.scoring
        if scoring.brisques == "count" and scoring.brisque_points:
            for p in range(state.n):
                values[state.side(p)] += state.brisques[p] * scoring.brisque_points
        stake = stake_shares(profile, state.rules.trump, state.hold.__getitem__,
                             state.stock_count, False)
        for p in range(state.n):
            values[state.side(p)] += holding_value(state, p) + stake[p]
    return side_margin(values, state.side(player))


__all__ = ["deal_margin", "holding_value", "play_line", "policy_lines", "rollout_action"]
