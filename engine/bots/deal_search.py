"""The expert's lines in the games its tuned rules of thumb do not know
(:func:`engine.bots.fast_lines.policy_lines` is false: Rubicon's re-forming and carte
blanche, captures for pairs, 002's points for tricks and deal bonuses, 004's card
points and its 18-card game with jokers), played by the rules engine itself.

The method is the same determinized search as :mod:`engine.bots.search`: deal the
unseen cards at random (:func:`engine.rules.view.sample_deal`), try each candidate
move, play ``horizon`` more tricks with a quick rule-of-thumb policy
(:func:`rollout_action`) and value the position (:func:`deal_margin`: scores, the
melds in reach, and each side's share of what the play-off is still worth). Here
every line is a :class:`~engine.rules.deal.Deal`, which follows every rule of the
profile by construction; the search plays the same lines on the fast simulator
(:mod:`engine.bots.fast_lines`, the same choices and values, several times faster)
wherever it follows the profile, which is every shipped one, and keeps these for a
profile beyond it. The pieces both share (:func:`lead_choice`, :func:`follow_choice`,
:func:`pool_value`, :func:`stake_shares`) work on plain card ids.

    >>> import random
    >>> from engine.rules.profile import load_profile
    >>> from engine.rules.view import PlayerView, sample_deal
    >>> deal = Deal.new(load_profile("rubicon"), random.Random(2), dealer=0)
    >>> line = sample_deal(PlayerView.of(deal, deal.to_move), random.Random(1))
    >>> play_line(line, random.Random(1), horizon=3)
    >>> line.tricks_played
    3
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Container, Iterator, Sequence

from engine.bots.fastplay import MeldRule, Rules, beats_jokers, rules_for
from engine.bots.heuristic import card_worth
from engine.bots.policy import keep_table
from engine.notation.actions import Action, ActionType
from engine.notation.cards import JOKER_MIN_ID
from engine.rules.deal import DECLARE, LEAD, Deal
from engine.rules.profile import MeldSpec, Profile
from engine.rules.tricks import trick_best

# Declarations worth more than any trick: taken at once, the better first.
_SEVEN_ACTIONS = (ActionType.EXCHANGE_SEVEN, ActionType.SHOW_SEVEN, ActionType.CARTE_BLANCHE)
_SCORING = (ActionType.DECLARE, ActionType.SCORE_PENDING, ActionType.ANNOUNCE)
JOKER_KEEP = 60.0       # a joker completes any meld: never thrown away in a rollout
HELD_SHARE = 0.5        # a card in hand: half what it brings in a trick (an ace or ten 5)


def _rules(deal: Deal) -> Rules:
    return rules_for(deal.profile, deal.trump)


def _keep(card: int, keep: list[float]) -> float:
    return JOKER_KEEP if card >= JOKER_MIN_ID else keep[card & 31]


def rollout_action(deal: Deal, rng: random.Random, noise: float = 0.1) -> Action:
    """A quick rule-of-thumb action for the player to move: the best declaration
    at once, the least-kept card led, a trick taken when it carries an ace or ten
    and the winning card is not worth more, partners not overtaken."""
    legal = deal.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if deal.phase == DECLARE:
        return _declaration(deal, legal)
    plays = [a for a in legal if a.type is ActionType.PLAY]
    if len(plays) != len(legal):
        others = [a for a in legal if a.type in _SEVEN_ACTIONS]
        if others:
            return others[0]
    if not plays:
        return legal[0]
    if rng.random() < noise:
        return plays[int(rng.random() * len(plays))]
    trump = -1 if deal.trump is None else deal.trump
    cards = [a.card for a in plays]
    keep = keep_table(_rules(deal))
    if not deal.trick:
        return plays[lead_choice(cards, bool(deal.stock_count), trump, keep)]
    best = trick_best(deal.trick, deal.trump)
    seats = deal.trick_seats()
    team = deal.profile.team
    if team(seats[best]) == team(deal.to_move):
        return plays[cheapest(cards, keep)]
    return plays[follow_choice(cards, deal.trick, deal.trick[best], deal.trump,
                               card_worth(deal.profile), keep)]


def cheapest(cards: Sequence[int], keep: list[float]) -> int:
    """The index of the card of ``cards`` least worth keeping (the first of equals)."""
    return min(range(len(cards)), key=lambda i: _keep(cards[i], keep))


def lead_choice(cards: Sequence[int], in_stock: bool, trump: int, keep: list[float]) -> int:
    """:func:`rollout_action`'s lead, an index of ``cards``: while the stock lasts the card
    least worth keeping, a plain ace or ten counted 8 more; in the play-off a plain
    ace first."""
    if in_stock:
        return min(range(len(cards)), key=lambda i: _keep(cards[i], keep)
                   + (8.0 if (cards[i] & 7) >= 6 and (cards[i] & 31) >> 3 != trump else 0.0))
    for i, card in enumerate(cards):
        if card < JOKER_MIN_ID and (card & 7) == 7 and (card & 31) >> 3 != trump:
            return i
    return cheapest(cards, keep)


def follow_choice(cards: Sequence[int], trick: Sequence[int], winning: int, trump: int | None,
                  points: Callable[[int], int], keep: list[float]) -> int:
    """:func:`rollout_action`'s reply against the other side's ``winning`` card, an index
    of ``cards``: a trick taken when what it carries is worth more than the card."""
    worth = float(sum(points(c) for c in trick))
    chosen, value = 0, -1e9
    suit = -1 if trump is None else trump
    for i, card in enumerate(cards):
        own = float(points(card))
        wins = beats_jokers(winning, card, suit)
        v = (worth + own + 3.0 if wins else -own - 15.0) - _keep(card, keep)
        if v > value:
            chosen, value = i, v
    return chosen


def _declaration(deal: Deal, legal: list[Action]) -> Action:
    best: Action | None = None
    points = 0
    for action in legal:
        if action.type in _SEVEN_ACTIONS:
            return action
        if action.type in _SCORING:
            worth = deal.profile.meld(action.meld).points
            if worth > points:
                best, points = action, worth
    if best is not None:
        return best
    return next((a for a in legal if a.type is ActionType.DRAW), legal[0])


def play_line(deal: Deal, rng: random.Random, noise: float = 0.1, horizon: int = 99) -> None:
    """Play ``deal`` on with :func:`rollout_action` to its end or until ``horizon``
    more tricks are finished (stopping before the next lead)."""
    stop = deal.tricks_played + horizon
    while not deal.is_over and not (deal.tricks_played >= stop and deal.phase == LEAD):
        deal.apply(rollout_action(deal, rng, noise))


def holding_value(deal: Deal, player: int) -> float:
    """Points ``player`` may still expect from the cards held: aces and tens,
    trumps, and melds complete or one or two cards short (while cards are still
    drawn), each counted once per kind of meld. Zero once the deal is over."""
    if deal.is_over:
        return 0.0
    return pool_value(_rules(deal), deal.holding(player) | deal.laid[player],
                      [(m.kind, m.cards) for m in deal.history[player]], deal.stock_count,
                      len(deal.stock))


def pool_value(rules: Rules, pool: Collection[int],
               history: Sequence[tuple[str, Collection[int]]], stock_count: int,
               hidden_stock: int) -> float:
    """:func:`holding_value` of the cards ``pool`` (held and, in 000, laid out), with
    ``history`` the (kind, cards) of the melds the side declared, ``stock_count`` the
    cards left to draw and ``hidden_stock`` those face down."""
    cards = [c for c in pool if c < JOKER_MIN_ID]
    jokers = len(pool) - len(cards)
    value = 0.0
    points = card_worth(rules.profile)
    for c in cards:
        value += points(c) * HELD_SHARE
        if (c & 31) >> 3 == rules.trump:
            value += 1.0 + (c & 7) * 0.5
    if not stock_count:
        return value + jokers * 10.0
    factor = min(1.0, hidden_stock / 16)
    seen: set[str] = set()   # filled as the loop goes: _shortfalls skips those kinds
    for rule, missing in _shortfalls(rules, history, cards, jokers, seen):
        if missing == 0:
            value += rule.points * 0.8
            seen.add(rule.kind)
        elif missing <= 2:
            value += rule.points * (0.3 ** missing) * factor
            seen.add(rule.kind)
    return value


def _shortfalls(rules: Rules, history: Sequence[tuple[str, Collection[int]]], cards: list[int],
                jokers: int, skip: Container[str] = ()) -> Iterator[tuple[MeldRule, int]]:
    """Each meld the side of ``history`` may still declare, with the number of cards
    ``cards`` (and ``jokers``, as many as one meld may take) lack for it; cards already
    declared in a meld of that kind do not count again. Kinds in ``skip`` (read at each
    step, so a caller may add to it) are passed over."""
    used: dict[str, set[int]] = {}
    for kind, melded in history:
        used.setdefault(kind, set()).update(melded)
    counts = [0] * 32
    for c in cards:
        counts[c & 31] += 1
    wild = min(jokers, rules.profile.declaring.jokers_per_meld)
    melds = rules.profile.melds
    held: set[int] | None = None
    for rule in rules.melds:
        if rule.kind in skip:
            continue
        spec = melds[rule.index]
        if (spec.once or spec.after) and not _reachable(spec, used):
            continue
        blocked = used.get(rule.kind)
        missing = 0
        for kinds, need in rule.parts:
            if len(kinds) == 1:
                have = counts[kinds[0]]
            else:
                have = 0
                for k in kinds:
                    have += counts[k]
            if blocked:
                if held is None:
                    held = set(cards)
                have -= sum(1 for c in blocked if (c & 31) in kinds and c in held)
            if need > have:
                missing += need - have
        yield rule, missing - wild if missing > wild else 0


def _reachable(spec: MeldSpec, declared: dict[str, set[int]]) -> bool:
    """Whether the meld can still be declared in this deal: 004's ladders score a rung
    once, and only after the rung before it (counting every rung of a ladder as in
    reach valued an 18-card hand at thousands of points)."""
    if spec.once and spec.kind in declared:
        return False
    return not spec.after or spec.after in declared


def playoff_strength(card: int, trump: int) -> float:
    """What ``card`` weighs in the tricks at the end: trumps most (a joker as one), then
    aces and tens; ``trump`` is -1 while there is none."""
    if card >= JOKER_MIN_ID:
        return 2.0
    rank = card & 7
    if (card & 31) >> 3 == trump:
        return 2.0 + (0.5 if rank >= 6 else 0.0)
    return 1.5 if rank == 7 else 0.5 if rank == 6 else 0.0


def playoff_stake(deal: Deal) -> list[float]:
    """Each player's share of what the play-off is still worth (the last trick's bonus
    and the points per trick of the last tricks, where the profile has them), shared
    by the strength of the cards held: trumps most, then aces and tens. It weighs
    keeping trumps for the end where the play-off is worth much (002: 250 for the last
    trick); zero once the play-off has begun or where there is none."""
    return stake_shares(deal.profile, -1 if deal.trump is None else deal.trump,
                        deal.holding, deal.stock_count, deal.is_over)


def stake_shares(profile: Profile, trump: int, holding: Callable[[int], Collection[int]],
                 stock_count: int, over: bool) -> list[float]:
    """:func:`playoff_stake` from each player's ``holding``; ``trump`` -1 while none."""
    scoring = profile.scoring
    total = (scoring.last_trick_bonus if scoring.last_trick_at == "deal_end" else 0) \
        + scoring.points_per_trick * profile.hand_size
    players = profile.players
    if over or not stock_count or not total or profile.deal_end != "playoff":
        return [0.0] * players
    strength = [1.0 + sum(playoff_strength(c, trump) for c in holding(p))
                for p in range(players)]
    whole = sum(strength)
    return [total * s / whole for s in strength]


def deal_margin(deal: Deal, player: int) -> float:
    """The points of ``player``'s side minus the mean of the other sides': scores,
    the brisques already won where they are paid at the deal's end, and each
    side's :func:`holding_value`."""
    profile = deal.profile
    values = [float(v) for v in deal.team_scores()]
    if not deal.is_over:
        if profile.scoring.brisques == "count" and profile.scoring.brisque_points:
            for side, points in enumerate(deal.brisque_points()):
                values[side] += points
        stake = playoff_stake(deal)
        for p in range(profile.players):
            values[profile.team(p)] += holding_value(deal, p) + stake[p]
    return side_margin(values, profile.team(player))


def side_margin(values: Sequence[float], side: int) -> float:
    """``side``'s points (``values``, one entry a side) minus the mean of the other
    sides'."""
    return values[side] - (sum(values) - values[side]) / (len(values) - 1)


__all__ = ["HELD_SHARE", "cheapest", "deal_margin", "follow_choice", "holding_value",
           "lead_choice", "play_line", "playoff_stake", "playoff_strength", "pool_value",
           "rollout_action", "side_margin", "stake_shares"]
