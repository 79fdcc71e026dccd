"""The strong bot: determinized search (perfect-information Monte Carlo).

For each play decision where the heuristic's two best plays are close (within
``gap`` points of its own scores) the bot deals the cards it cannot see at
random, consistent with its view (:func:`engine.rules.view.sample_unseen`), tries each
candidate action in that deal and plays ``horizon`` tricks with a fast port of
the heuristic's rules (:func:`heuristic_action`: keep values from meld plans,
lead the least-kept card, win when the trick and a waiting meld are worth more
than the card, declaration timing) on :class:`engine.bots.fastplay.FastDeal`,
then adds a static value of the holdings. All candidates share the same
determinizations and the same rollout seeds (common random numbers). The bot
leaves the heuristic's choice only when another candidate's mean paired
advantage exceeds ``margin`` by ``z`` standard errors over at least
``min_samples`` samples; otherwise it plays the heuristic's move. The older,
cruder rollout policy (:func:`policy_action`) is kept as ``policy="fast"``.

In the last four tricks before the stock runs out (``endgame_stock``: the stock
count from which this applies with two players, 8; as many tricks with three or four,
12 or 16 cards) the bot follows every candidate to the end of the deal instead: the
rules of thumb up to the play-off, then the solver for both (in 002's club game and
004's card-point game, whose lines the rules engine plays, the rollout rules to the
end: their play-off takes the solver a tenth of a second; with three or four hands,
whose play-off has no solver, the rules of thumb to the end). With
one hidden stock card it tries every placing of the unseen cards (weighed by the
likelihood of the opponent's choices seen), before that ``samples`` random ones; it
judges each candidate on winning the deal (``win_value`` points) plus the point
difference. The deal is nearly decided there, so counting wins rather than points
pays: played so from the last trick only (stock 2), the expert won 60.2% of 660
two-handed deals against club; from the last four, 63.0% of the same deals
(docs/coaching.md, "What was tried").

In the play-off the bot plays exactly with the project's solver
(:mod:`engine.bots.playoff`) when two play; with three or four players (each
for himself, or partners) the hands of the others are not known, so it goes
on searching, every line followed to the end of the deal and judged as in the last
stock tricks, a deal won counting each other side beaten (:func:`final_outcome`). With
more than two players a determinization deals the unseen cards among all the other
hands (:func:`engine.rules.view.sample_hands`) and a line before the stock's end is
valued as the points of the bot's side minus the mean of the other sides'
(:func:`margin`). Where the rules of thumb above do not know the game (carte
blanche, Rubicon's re-forming, captures for pairs, 002's and 004's trick points, card
points and jokers: :func:`engine.bots.fast_lines.policy_lines`) the same search plays
every line by :mod:`engine.bots.deal_search`'s quick rules and values it by its margin,
on the fast simulator (:mod:`engine.bots.fast_lines`), which follows every shipped
profile (:func:`engine.bots.fastplay.supported`); a profile beyond it is played by the
rules engine itself, exact by construction and about ten times slower. No profile
falls back to the rules of thumb.

The budget is a number of deals of the unseen cards (determinizations) per decision,
``deals``: by default the game's floor (:func:`engine.bots.budget.expert_deals`, the
``[bots]`` table of its variant file), the same for the expert, its hints and the hand
review. The search stops when they are done, never on the clock, so a seed gives the
same moves on a quiet machine and a loaded one; only the safety bound
(:data:`engine.bots.budget.SAFETY_SECONDS` a decision) can cut it, and then the result
says so (:attr:`SearchResult.cut_short`). A *cheating* bot (``oracle``)
is handed the true deal and searches it only: an upper bound for the method. A
*peeking* one (``oracle_stock`` False) sees the other hands but not the order of the
stock, which it deals at random: the bound for reading the opponent's hand perfectly.

The search's judgement of moves, for the review, puzzles and tools
------------------------------------------------------------------
:func:`estimate_position` (a position of :class:`~engine.rules.deal.Deal` and a seat) and
:func:`estimate_actions` (a :class:`~engine.rules.view.PlayerView` and some of its legal
actions) try every distinct move in the same ``deals`` deals of the unseen cards, drawn
from a seeded RNG, and return an :class:`ActionEstimate` per move: its mean point margin,
its *loss* against the best move found and the loss's interval (``z`` standard errors;
95% by default). Moves with the same effect (another copy of the same card,
:func:`engine.rules.effects.same_effect`) are one move: estimated once, they share
their numbers, so a copy is never reported as costing points. Whether a loss holds
(confirmed on fresh deals) and whether a move is clearly best are
:mod:`engine.bots.judgement`'s. The same seed and deals give the same numbers whatever
the machine's load::

    >>> import random
    >>> from engine.rules.deal import Deal
    >>> from engine.rules.profile import load_profile
    >>> deal = Deal.new(load_profile("two-handed"), random.Random(3), dealer=0)
    >>> first = estimate_position(deal, deal.to_move, seed=7, deals=4)
    >>> first == estimate_position(deal, deal.to_move, seed=7, deals=4), first[0].loss
    (True, 0.0)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import Any, Protocol, TypeVar

from engine.bots import fast_lines
from engine.bots.budget import SAFETY_SECONDS, deadline, expert_deals, past
from engine.bots.deal_search import deal_margin, play_line, playoff_strength, side_margin
from engine.bots.fast_lines import policy_lines
from engine.bots.fastplay import (
    DECLARE,
    DECLARE_PHASE,
    DRAW,
    EXCHANGE,
    FOLLOW,
    LEAD,
    OVER,
    SCORE,
    SHOW,
    FastAction,
    FastDeal,
    Rules,
    best_index,
    card_mask,
    from_action,
    rules_for,
    supported,
    to_action,
)
from engine.bots.heuristic import (
    CLUB,
    EXACT_CAPTURE_TRICKS,
    HeuristicWeights,
    advise,
    expert_weights,
    explain_play,
    ranked_plays,
    rule_scores,
)
from engine.bots.playoff import (
    best_playoff_card,
    exact_final_scores,
    plain_points_playoff,
    solvable,
)
from engine.bots.policy import (
    HEURISTIC,
    PolicyWeights,
    blocked_masks,
    keep_table,
    play_scores,
    policy_action,
    tuned_weights,
)
from engine.bots.reasons import Reason
from engine.errors import BeziqueError
from engine.notation.actions import Action, ActionType
from engine.rules.deal import Deal
from engine.rules.effects import Effects, distinct_effects, effect_of
from engine.rules.melds import ScoredMeld
from engine.rules.profile import Profile
from engine.rules.view import PlayerView, sample_deal, sample_hands, sample_unseen

PRIOR_BONUS = 4.0
# Stock cards (two players) from which the expert follows each play to the deal's end.
ENDGAME_STOCK = 8


# --- the rollout policy ---------------------------------------------------------------

def rollout(state: FastDeal, rng: random.Random, noise: float = 0.1,
            horizon: int = 99, policy: str = "fast",
            weights: tuple[PolicyWeights, ...] = (HEURISTIC,) * 4) -> None:
    """Play ``state`` with a fast rule-of-thumb policy (``"heuristic"``: the
    weighted policy, ``weights[p]`` for player p; ``"fast"``: the crude one), to
    the end or until ``horizon`` more tricks are finished (then stopping before a
    lead). A negative ``horizon`` stops at the first lead of the play-off."""
    act: Callable[[FastDeal, random.Random, float], FastAction]
    if state.rules.captured:   # 000: what a card adds to the captor's laid-out cards
        from engine.bots.capture_policy import capture_action

        act = capture_action
    elif policy == "heuristic":
        def act(st: FastDeal, r: random.Random, n: float) -> FastAction:
            return policy_action(st, r, n, weights[st.to_move])
    else:
        act = crude_action
    if horizon < 0:
        while state.phase != OVER and (state.stock or state.turn_up >= 0
                                       or state.phase != LEAD):
            state.apply(act(state, rng, noise))
        return
    stop = state.tricks_played + horizon
    while state.phase != OVER and not (state.tricks_played >= stop and state.phase == LEAD):
        state.apply(act(state, rng, noise))


def played_out(state: FastDeal, weights: tuple[PolicyWeights, ...]) -> list[int]:
    """The final scores of ``state`` played out: ``weights[p]``'s rules of thumb for
    player p (no random moves) up to the play-off, then, with two hands, the solver for
    both (:func:`engine.bots.playoff.exact_final_scores`); with 000's captures (the
    capture rollout rules) or three or four hands, the rules of thumb to the end.
    ``state`` is played on in place."""
    if state.rules.captured or state.n != 2:
        # 000: no solver for the capture play-off, nor for three or four hands: the
        # rollout rules to the end.
        rollout(state, _NO_RNG, 0.0, 99, "heuristic", weights)
        return state.final_scores()
    rollout(state, _NO_RNG, 0.0, -1, "heuristic", weights)
    return exact_final_scores(state)


def playoff_estimate(state: FastDeal, player: int) -> float:
    """A cheap estimate of the play-off points of ``player``'s side minus the other
    sides' mean, from the holdings when the stock is exhausted: the brisques and
    the last trick shared by trump length and high cards."""
    if state.phase == OVER:
        return 0.0
    rules = state.rules
    trump = rules.trump
    strength = [1.0] * state.n
    left = 0
    for p in range(state.n):
        for c in state.hold[p]:
            if (c & 7) >= 6:
                left += 1
            strength[p] += playoff_strength(c, trump)
    total = left * rules.brisque_points + rules.last_bonus + rules.trick_points * len(
        state.hold[player])
    side = state.side(player)
    mine = sum(v for p, v in enumerate(strength) if state.side(p) == side)
    share = mine / sum(strength)
    others = len(state.side_scores()) - 1
    return total * share - total * (1 - share) / others


def margin(state: FastDeal, player: int, extra: Callable[[FastDeal, int], float]) -> float:
    """The points of ``player``'s side minus the mean of the other sides' (two
    players: minus the opponent's), each side's ``extra`` value of its holdings
    added (partners' values summed)."""
    n = state.n
    if n == 2:
        return (state.scores[player] - state.scores[1 - player]
                + extra(state, player) - extra(state, 1 - player))
    values = [0.0] * state.rules.profile.sides
    for p in range(n):
        values[state.side(p)] += state.scores[p] + extra(state, p)
    return side_margin(values, state.side(player))


def _none(state: FastDeal, player: int) -> float:
    return 0.0


def static_value(state: FastDeal, player: int) -> float:
    """Points ``player`` may still expect from the cards held: melds complete or
    close to it, brisques, trumps. Zero once the deal is over."""
    if state.phase == OVER:
        return 0.0
    rules = state.rules
    hold = state.hold[player]
    in_stock = bool(state.stock) or state.turn_up >= 0
    value = 0.0
    for c in hold:
        if (c & 7) >= 6:
            value += 5.0
        if (c & 31) >> 3 == rules.trump:
            value += 1.0 + (c & 7) * 0.5
    if not in_stock:
        return value
    stock_factor = min(1.0, len(state.stock) / 16)
    # 000: combinations come from the laid-out captures (and the cards one may still
    # capture back), not from the hand alone.
    pool = [*hold, *state.laid[player]] if rules.captured else hold
    for rule, blocked in zip(rules.melds, _blocked_masks(state, player), strict=True):
        missing = 0
        for bits, count in rule.groups:
            have = 0
            for c in pool:
                if bits >> (c & 31) & 1 and not blocked >> c & 1:
                    have += 1
            if have < count:
                missing += count - have
                if missing > 2:
                    break
        if missing == 0:
            value += rule.points * 0.8
        elif missing <= 2:
            value += rule.points * (0.3 ** missing) * stock_factor
    return value


def crude_action(state: FastDeal, rng: random.Random, noise: float = 0.1) -> FastAction:
    """The older, cruder rollout policy's action for the player to move."""
    rules = state.rules
    keep = keep_table(rules)
    trump = rules.trump
    rand = rng.random
    phase = state.phase
    p = state.to_move
    hold = state.hold[p]
    in_stock = bool(state.stock) or state.turn_up >= 0
    action: FastAction
    if phase == DECLARE_PHASE:
        acts = state.declare_actions(p)
        action = DRAW
        best = 0
        for a in acts:
            if isinstance(a, int):
                continue
            code = a[0]
            if code == EXCHANGE or code == SHOW:
                return a
            if code == DECLARE or code == SCORE:
                pts = rules.profile.melds[a[1]].points
                if pts > best:
                    best, action = pts, a
        return action
    if phase == LEAD:
        if rand() < noise:
            return hold[int(rand() * len(hold))]
        if in_stock:
            return min(hold, key=lambda c: keep[c & 31]
                       + (8.0 if (c & 7) >= 6 and (c & 31) >> 3 != trump else 0.0))
        aces = [c for c in hold if (c & 7) == 7 and (c & 31) >> 3 != trump]
        return aces[0] if aces else min(hold, key=lambda c: keep[c & 31])
    lead = state.trick[best_index(state.trick, trump)]
    options = hold if in_stock else state.playoff_replies(hold, state.trick[0])
    if rand() < noise:
        return options[int(rand() * len(options))]
    lead_pts = 10.0 if (lead & 7) >= 6 else 0.0
    if in_stock and state.meld_options(p):
        lead_pts += 20.0         # a meld waits: winning lets it score
    best_v = -1e9
    action = options[0]
    ls = (lead & 31) >> 3
    for c in options:
        cs = (c & 31) >> 3
        wins = (c & 7) > (lead & 7) if cs == ls else cs == trump
        own = 10.0 if (c & 7) >= 6 else 0.0
        v = (lead_pts + own + 3.0 if wins else -own - 15.0) - keep[c & 31]
        if v > best_v:
            best_v, action = v, c
    return action


_blocked_masks = blocked_masks


def heuristic_action(state: FastDeal, rng: random.Random, noise: float = 0.0) -> FastAction:
    """The heuristic bot's rules on the fast simulator (:data:`HEURISTIC` weights)."""
    return policy_action(state, rng, noise, HEURISTIC)


def moves_by_policy(profile: Profile) -> bool:
    """Whether the expert's own move (before the search) is the tuned policy's: where the
    fast simulator plays the lines and melds come from the hand. Elsewhere it is the
    rules of thumb with the expert's numbers (000's captured melds: the rule-of-thumb
    bot's capture-aware scores; games the simulator does not follow: card counting,
    Rubicon's re-formed melds, :func:`engine.bots.heuristic.expert_weights`)."""
    return policy_lines(profile) and profile.declaring.source != "captured"


def searches_every_play(profile: Profile) -> bool:
    """Whether the expert searches every play with a choice rather than only those its
    rules of thumb find close: where the rules engine plays the lines and every trick
    scores points of its own (002's 10 a trick and 10 more with an ace or a ten).
    There searching every play took the club game from 54.0% to 71.0% of the same
    100 deals against club, and from 63.3% to 66.7% of another 60. 004's card points
    are not included: there it won fewer deals (62.5% to 60.0%, 61.7% to 58.3%) for
    a wider margin (docs/coaching.md, "What was tried")."""
    return not policy_lines(profile) and profile.scoring.points_per_trick > 0


def plays_stock_end_out(profile: Profile) -> bool:
    """Whether the expert follows each move of the last stock tricks to the end of the
    deal (``StrongBot.endgame_stock``) and counts deals won: where the play-off is worth
    points (not Rubicon's tiebreak). On the fast simulator two hands' play-off is the
    solver's in plain points, 000's capture play-off (both hands known, captures still
    scoring) the capture rollout rules', its long play-off too, and three or four hands'
    the rules of thumb's. Elsewhere the rules engine plays the lines out, the play-off by
    its rollout rules: 002's points for tricks and 004's card points (the solver takes a
    tenth of a second a position there) and 000's captures for two pairs. In Fildinski
    this took the same 160 deals against club from 55.6% to 58.8%, in four-handed
    Fildinski the same 100 from 55.0% to 69.0%, in three-handed the same 900 meetings
    from 61.3% to 64.7% (docs/coaching.md, "What was tried")."""
    if profile.deal_end != "playoff":
        return False
    captured = profile.declaring.source == "captured"
    if policy_lines(profile):
        return captured or plain_points_playoff(profile)
    if profile.players != 2:
        return captured and profile.partnerships
    return not captured and profile.scoring.brisques != "tiebreak_only"


def at_stock_end(view: PlayerView, endgame_stock: int = ENDGAME_STOCK) -> bool:
    """A play in the last stock tricks, where the expert follows each move to the end of
    the deal (``endgame_stock`` cards left with two players, :func:`plays_stock_end_out`)
    and searches its floor for those tricks (``stock_end_deals``)."""
    # endgame_stock counts two players' draws: the same number of tricks with more.
    return (view.stock_count <= endgame_stock * view.players // 2
            and view.phase in ("lead", "follow")
            and plays_stock_end_out(view.profile))


# 000's captured combinations: the spread of a deal's final point margin per point of the
# game's target (measured: Fildinski's expert-club deals spread 569 points, target 2000).
CAPTURE_SPREAD = 0.29


def win_spread(profile: Profile) -> float:
    """The spread (one standard deviation) of a whole deal's final margin by which the
    expert's earlier search reads a margin as a chance of winning the deal, or 0 where
    that search weighs points only. Two players with melds from captures (000), where
    one capture can complete a 500: there it took the same 160 deals against club
    from 58.8% to 61.9%. In the card-point game it changed nothing (62.8% of 200
    either way) and in two-handed it lost on one seed (66.0% to 62.5%), so those
    weigh points only (docs/coaching.md, "What was tried")."""
    if profile.declaring.source != "captured" or profile.players != 2:
        return 0.0
    return CAPTURE_SPREAD * profile.scoring.target


def win_weighted(value: float, done: float, spread: float, win_value: float) -> float:
    """``value``, a point margin with the share ``done`` of the deal's tricks played, plus
    ``win_value`` times the chance of winning the deal it implies: normal, its
    ``spread`` narrowing with the tricks left. ``value`` itself where ``spread`` or
    ``win_value`` is 0."""
    if not spread or not win_value:
        return value
    sigma = spread * math.sqrt(max(0.05, 1.0 - done))
    return value + win_value * 0.5 * (1.0 + math.erf(value / (sigma * math.sqrt(2.0))))


# --- inference: what the opponent's past choices say about its hand -------------------

# Likelihood of an observed choice that the opponent model would not have made.
PLAY_EPS = 0.08
DECLARE_EPS = 0.03


@dataclass(frozen=True, slots=True)
class Observation:
    """One choice of the opponent seen by the seat: ``kind`` is ``lead``,
    ``follow``, ``nodecl`` (won a trick and declared nothing) or ``decl``
    (declared the meld of rule index ``meld``). The public state at that
    moment is kept so that the choice can be replayed on a sampled hand."""

    kind: str
    card: int                     # the card played (-1 for declarations)
    lead: int                     # the card led to (follow), else -1
    meld: int                     # profile meld index (decl), else -1
    played_before: frozenset[int]  # every card played before the choice
    fixed: frozenset[int]         # cards certainly in the opponent's hand then
    history: tuple[tuple[int, tuple[int, ...]], ...]
    pending: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]   # per player
    stock: int                    # stock count at the choice (before its draw)
    turn_up: int
    dix_counted: int


def _conv(rules: Rules, melds: tuple[ScoredMeld, ...]) -> tuple[tuple[int, tuple[int, ...]], ...]:
    names = {m.kind: m.index for m in rules.melds}
    return tuple((names[m.kind], tuple(sorted(m.cards))) for m in melds)


class OpponentModel:
    """The seat's memory of one deal: the opponent's observed choices, found by
    comparing the views of consecutive decisions of the seat. Only what the seat
    sees is used; the opponent is assumed to play by the rules of thumb
    (:func:`heuristic_action`), and a sampled hand that contradicts a choice is
    kept with a small likelihood only (:meth:`weight`)."""

    def __init__(self) -> None:
        self.last: PlayerView | None = None
        self.last_action: Action | None = None
        self.own_played: set[int] = set()
        self.events: list[Observation] = []

    def _continues(self, view: PlayerView) -> bool:
        last = self.last
        # The profile by value: a bot carried to a worker process and back (the app's
        # pool) sees the same game as another object.
        return (last is not None and last.profile == view.profile and last.seat == view.seat
                and last.dealer == view.dealer and last.trump == view.trump
                and last.tricks_played <= view.tricks_played and last.played <= view.played
                and all(a <= b for a, b in zip(last.scores, view.scores, strict=True)))

    def observe(self, view: PlayerView) -> None:
        if not self._continues(view):
            self.last, self.last_action = None, None
            self.own_played = set()
            self.events = []
        last, act = self.last, self.last_action
        if last is not None and act is not None and view.players == 2:
            self._diff(last, act, view)
        if (view.phase == "follow" and len(view.trick) == 1 and view.stock_count > 0
                and view.leader == view.opponent
                and not any(e.kind == "lead" and e.card == view.trick[0] for e in self.events)):
            self._add(view, "lead", view.trick[0], -1, -1, view.played - {view.trick[0]},
                      view.stock_count, view.history, view.pending, view.turn_up,
                      view.dix_counted, view.tables[view.opponent])
        self.last = view

    def record(self, action: Action) -> None:
        self.last_action = action
        if action.type is ActionType.PLAY:
            self.own_played.add(action.card)

    def _add(self, view: PlayerView, kind: str, card: int, lead: int, meld: int,
             played_before: frozenset[int], stock: int,
             history: tuple[tuple[ScoredMeld, ...], ...],
             pending: tuple[tuple[ScoredMeld, ...], ...], turn_up: int | None,
             dix: frozenset[int], table: frozenset[int]) -> None:
        rules = rules_for(view.profile, view.trump)
        opp = view.opponent
        fixed = set(table)
        if card >= 0:
            fixed.add(card)
        self.events.append(Observation(
            kind, card, lead, meld, played_before, frozenset(fixed),
            _conv(rules, history[opp]), tuple(_conv(rules, p) for p in pending), stock,
            -1 if turn_up is None else turn_up, card_mask(dix)))

    def _diff(self, last: PlayerView, act: Action, view: PlayerView) -> None:
        opp = view.opponent
        if last.phase not in ("lead", "follow") or last.stock_count == 0:
            return
        new = view.played - last.played - set(view.trick)
        if last.phase == "lead":
            follow = new - {act.card}
            if len(follow) != 1:
                return
            f = next(iter(follow))
            self._add(view, "follow", f, act.card, -1, last.played | {act.card},
                      last.stock_count, last.history, last.pending, last.turn_up,
                      last.dix_counted, last.tables[opp])
        played = last.played | new
        if not (view.phase == "follow" and view.leader == opp):
            return
        # The opponent won that trick, then declared (or not) and drew.
        if view.turn_up is not None and view.turn_up != last.turn_up:
            return                   # the turn-up was exchanged: not modelled
        if (view.dix_counted - last.dix_counted) - view.played:
            return                   # a seven shown or exchanged: not modelled
        hist_new = view.history[opp][len(last.history[opp]):]
        ann_new = [m for m in view.pending[opp] if m not in last.pending[opp]]
        if ann_new or len(hist_new) > 1:
            return
        pend = tuple(tuple(m for m in p if not set(m.cards) & new) for p in last.pending)
        meld = -1
        if hist_new:
            meld = next(i for i, m in enumerate(view.profile.melds)
                        if m.kind == hist_new[0].kind)
        self._add(view, "decl" if hist_new else "nodecl", -1, -1, meld, played,
                  last.stock_count, last.history, pend, last.turn_up, last.dix_counted,
                  last.tables[opp] - new)

    def weight(self, view: PlayerView, concealed: list[int], limit: int = 2) -> float:
        """The likelihood of the opponent's observed choices if it holds
        ``concealed`` now (besides its exposed cards)."""
        opp = view.opponent
        rules = rules_for(view.profile, view.trump)
        hold_now = set(concealed) | view.tables[opp]
        w = 1.0
        for e in reversed(self.events):
            k = (e.stock - view.stock_count) // 2
            if k > (1 if e.kind in ("lead", "follow") else limit):
                break
            x = hold_now | (view.played - e.played_before - self.own_played)
            cands = sorted(x - e.fixed)
            ok = False
            for drawn in combinations(cands, k):
                y = sorted(x - set(drawn))
                if _consistent(rules, e, opp, y):
                    ok = True
                    break
            if not ok:
                w *= PLAY_EPS if e.kind in ("lead", "follow") else DECLARE_EPS
        return w


def _consistent(rules: Rules, e: Observation, opp: int, hold: list[int]) -> bool:
    s = FastDeal(rules)
    s.set_hold(opp, hold)
    s.history[opp] = list(e.history)
    s.pending = [list(p) for p in e.pending]
    s.turn_up = e.turn_up
    s.stock = [0] * (e.stock - (1 if e.turn_up >= 0 else 0))
    s.dix_counted = e.dix_counted
    s.played = card_mask(e.played_before)
    s.to_move = opp
    if e.kind == "lead":
        s.phase = LEAD
        return (heuristic_action(s, _NO_RNG) & 31) == (e.card & 31)   # type: ignore[operator]
    if e.kind == "follow":
        s.phase = FOLLOW
        s.trick = [e.lead]
        return (heuristic_action(s, _NO_RNG) & 31) == (e.card & 31)   # type: ignore[operator]
    options = s.meld_options(opp)
    if e.kind == "nodecl":
        seven = rules.seven
        if seven >= 0 and any((c & 31) == seven for c in hold):
            if rules.dix_show and any((c & 31) == seven and not e.dix_counted >> c & 1
                                      for c in hold):
                return False
            if rules.dix_exchange and e.turn_up >= 0 and (e.turn_up & 31) != seven:
                return False
        return not options
    spec = rules.profile.melds[e.meld]
    early = e.stock > 24
    for rule, _cards in options:
        if rule.points <= spec.points:
            continue
        if early and rule.meld_class == rules.spec_class[e.meld] \
                and rule.level > spec.level:
            continue
        return False
    return True


_NO_RNG = random.Random(0)


# --- the bot --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SearchResult:
    action: Action
    means: dict[Action, float]
    samples: int               # deals of the unseen cards searched
    # Endgame search only: per candidate, the share of the deals won (ties
    # half) and the mean point margin at the end of the deal.
    wins: dict[Action, float] = field(default_factory=dict)
    margins: dict[Action, float] = field(default_factory=dict)
    # The safety bound (SAFETY_SECONDS) stopped the search before its deals were done:
    # the move rests on fewer deals than the budget, and depends on the machine's speed.
    cut_short: bool = False


def _candidates(view: PlayerView, prior: Action, ranked: list[Action], top: int = 4,
                declare_search: bool = False) -> list[Action]:
    legal = list(view.legal)
    if view.phase == "declare":
        if not declare_search or prior.type in (ActionType.EXCHANGE_SEVEN,
                                                ActionType.SHOW_SEVEN):
            return [prior]
        seen: set[tuple[str, int]] = set()
        out = [a for a in legal if a.type is ActionType.DRAW]
        for a in legal:
            if a.type in (ActionType.DECLARE, ActionType.SCORE_PENDING):
                key = (a.meld, len(a.cards))
                if key not in seen:
                    seen.add(key)
                    out.append(a)
        if prior not in out:
            out.append(prior)
        return out
    # Plays: copies of a kind are equivalent unless one has scored in a meld.
    used = {c for m in view.history[view.seat] for c in m.cards}
    table = view.tables[view.seat]
    groups: dict[tuple[int, bool, bool], Action] = {}
    for a in [prior, *ranked]:
        group = (a.card % 32, a.card in used, a.card in table)
        if group not in groups:
            groups[group] = a
    return list(groups.values())[:top]


def _placed(view: PlayerView, opp_hand: list[int], stock_pop_order: list[int]) -> FastDeal:
    """A fast deal of ``view`` with the unseen cards placed: ``opp_hand`` concealed
    in the opponent's hand (its exposed cards are added) and the hidden stock."""
    holds: list[list[int]] = [[], []]
    holds[view.seat] = sorted(view.holding)
    holds[view.opponent] = sorted([*opp_hand, *view.tables[view.opponent]])
    return FastDeal.from_parts(view, holds, stock_pop_order)


def _placed_all(view: PlayerView, hands: list[list[int]], stock_pop_order: list[int]
                ) -> FastDeal:
    """As :func:`_placed` for any number of players: ``hands[p]`` concealed in
    player p's hand (its exposed cards are added; the seat's own entry is ignored)."""
    holds = [sorted([*hands[p], *view.tables[p]]) for p in range(view.players)]
    holds[view.seat] = sorted(view.holding)
    return FastDeal.from_parts(view, holds, stock_pop_order)


def _own_state(view: PlayerView) -> FastDeal:
    """A fast deal of ``view`` with the unseen cards placed arbitrarily: enough for
    the policy, which reads only what the seat sees."""
    if view.players != 2:
        hands, order = sample_hands(view, random.Random(0))
        return _placed_all(view, hands, list(reversed(order)))
    opp_hand, order = sample_unseen(view, random.Random(0))
    return _placed(view, opp_hand, list(reversed(order)))


@dataclass(frozen=True, slots=True)
class _Playout:
    """The last stock tricks followed to the end of the deal (:meth:`StrongBot._playout`):
    every placing of the unseen cards when one stock card is hidden (else none), a
    random deal of them, the candidate moves as the lines take them, a line's outcome
    for the seat's side (it plays the line out: :func:`final_outcome`) and the
    opponent's concealed cards in a deal."""

    placings: Sequence[Any]
    deal_out: Callable[[], Any]
    moves: Sequence[Any]
    outcome: Callable[[Any], tuple[float, float]]
    concealed: Callable[[Any], list[int]]


def final_outcome(totals: Sequence[int], side: int) -> tuple[float, float]:
    """A finished deal's result for ``side`` from each side's points: the share of the
    other sides it beat (a tie half) and its point margin over their mean
    (:func:`engine.bots.deal_search.side_margin`)."""
    own = totals[side]
    won = sum(1.0 if own > t else 0.5 if own == t else 0.0
              for s, t in enumerate(totals) if s != side)
    return won / (len(totals) - 1), side_margin(totals, side)


@dataclass(frozen=True, slots=True)
class _Plan:
    """The bot's own rule-of-thumb choice, its plays best first, and whether the
    best play is clearly ahead of the second."""

    prior: Action
    ranked: list[Action]
    clear: bool


def _heuristic_plan(view: PlayerView, gap: float, weights: HeuristicWeights = CLUB) -> _Plan:
    advice = advise(view, weights)
    prior = advice.action
    if view.phase == "declare":
        return _Plan(prior, [], False)
    scores = advice.scores if advice.scores is not None else rule_scores(view, weights)
    return _Plan(prior, ranked_plays(scores), _gap(scores) > gap)


def _policy_plan(view: PlayerView, weights: PolicyWeights, gap: float) -> _Plan:
    state = _own_state(view)
    rules = state.rules
    prior = to_action(rules, policy_action(state, _NO_RNG, 0.0, weights))
    if prior not in view.legal:          # pragma: no cover - conversions are exact
        return _heuristic_plan(view, gap)
    if view.phase == "declare":
        return _Plan(prior, [], False)
    scores = play_scores(state, weights)
    ranked = sorted(view.legal, key=lambda a: -scores[a.card])
    if view.stock_count == 0:
        # The play-off (three or four players; two-handed ones are the solver's, and
        # where the play-off counts points the stock-end search takes every play): the
        # policy plays it by its own simple rule, and its scores speak of the stock
        # phase, so they cannot tell that rule's choice is clear. (The same in
        # _heuristic_plan, whose lines the rules engine plays, fewer a move, lost:
        # four-handed Rubicon 81.7% -> 66.7% on seed 11's 60 deals, docs/coaching.md.)
        return _Plan(prior, ranked, False)
    return _Plan(prior, ranked, _gap(scores) > gap)


def _gap(scores: dict[int, float]) -> float:
    top = sorted({round(v, 6) for v in scores.values()}, reverse=True)
    return top[0] - top[1] if len(top) > 1 else float("inf")


class _Copyable(Protocol):
    def copy(self) -> Any: ...
    def apply(self, action: Any) -> Any: ...


_Line = TypeVar("_Line", bound=_Copyable)


@dataclass(slots=True)
class _Samples:
    """Sums over determinizations of each candidate's value and of the paired
    differences between candidates (common random numbers); ``cut_short`` when the
    safety bound ended them early."""

    values: list[list[float]]
    cut_short: bool = False

    @property
    def samples(self) -> int:
        return len(self.values)

    def mean(self, i: int) -> float:
        return _mean(self.values, i)

    def difference(self, i: int, j: int, z: float = 1.96) -> tuple[float, float]:
        """The interval of candidate ``i``'s mean advantage over ``j``: mean paired
        difference plus and minus ``z`` standard errors."""
        return _difference(self.values, i, j, z)


def _mean(values: Sequence[Sequence[float]], i: int) -> float:
    return sum(v[i] for v in values) / max(1, len(values))


def _difference(values: Sequence[Sequence[float]], i: int, j: int,
                z: float) -> tuple[float, float]:
    diffs = [v[i] - v[j] for v in values]
    n = len(diffs)
    mean = sum(diffs) / max(1, n)
    if n < 2:
        return mean - float("inf"), mean + float("inf")
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    err = z * (var / n) ** 0.5
    return mean - err, mean + err


def _sampled(lines: Callable[[], list[float]], count: int, deals: int,
             stop: float, enough: Callable[[list[list[float]]], bool] | None = None
             ) -> _Samples:
    """``deals`` determinizations, unless the safety bound's ``stop``
    (:func:`engine.bots.budget.deadline`) passes first (at least one), or ``enough``
    says, after a deal, that the values so far settle the question (the search is then
    the first deals of the whole budget's)."""
    stats = _Samples([])
    while stats.samples < deals:
        if stats.values and past(stop):
            stats.cut_short = True
            break
        values = lines()
        assert len(values) == count
        stats.values.append(values)
        if enough is not None and enough(stats.values):
            break
    return stats


class StrongBot:
    """Determinized rollout search over the unseen cards, heuristic rollouts."""

    name = "strong"

    def __init__(self, rng: random.Random, deals: int | None = None,
                 max_seconds: float = SAFETY_SECONDS, noise: float = 0.1, horizon: int = 6,
                 top: int = 4,
                 margin: float = 0.0, z: float = 1.0, min_samples: int = 8,
                 policy: str = "heuristic", gap: float = 5.0, infer: bool = True,
                 tries: int = 30, weights: PolicyWeights | None = None,
                 endgame_stock: int = ENDGAME_STOCK, win_value: float = 1000.0) -> None:
        self.rng = rng
        self.endgame_stock = endgame_stock
        self.win_value = win_value
        self.weights = weights
        self.infer = infer
        self.tries = tries
        self.model = OpponentModel()
        self.gap = gap
        self.policy = policy
        self.z = z
        self.min_samples = min_samples
        self.horizon = horizon
        self.top = top
        self.margin = margin
        # Deals per searched decision; None: the game's floor (expert_deals).
        self.deals = deals
        self.max_seconds = max_seconds
        self.noise = noise
        self.oracle: Deal | None = None     # set by a referee for the cheating variant
        self.oracle_stock = True            # False: the oracle's stock order stays hidden
        # The search behind the last move chosen (its deals, whether the safety bound
        # cut it short), for callers that report on the bot's thinking.
        self.last: SearchResult | None = None

    def choose(self, view: PlayerView) -> Action:
        infer = self.infer and view.players == 2   # the opponent model is two-handed
        if infer:
            self.model.observe(view)
        self.last = self.search(view)
        action = self.last.action
        if infer:
            self.model.record(action)
        return action

    def search(self, view: PlayerView) -> SearchResult:
        stop = deadline(self.max_seconds)   # the whole decision counts
        legal = list(view.legal)
        if len(legal) == 1:
            return SearchResult(legal[0], {}, 0)
        if solvable(view):
            card, _value, _how = best_playoff_card(view)
            return SearchResult(Action.play(card), {}, 0)
        # 000: in the play-off both hands are known and captures still score; the
        # rule-of-thumb bot searches the last few tricks exactly, the rollouts the rest.
        capture_playoff = (view.stock_count == 0 and view.profile.declaring.source == "captured"
                           and len(view.hand) > EXACT_CAPTURE_TRICKS)
        if view.stock_count == 0 and view.players == 2 and not capture_playoff:
            # Two-handed play-offs are the solver's (BotPlayer, hints); the rule of
            # thumb when a caller asks the search itself.
            return SearchResult(advise(view).action, {}, 0)
        fast = policy_lines(view.profile)
        if self.weights == HEURISTIC:
            plan = _heuristic_plan(view, self.gap, CLUB)
        elif moves_by_policy(view.profile):
            plan = _policy_plan(view, self._own_weights(view.profile), self.gap)
        else:
            plan = _heuristic_plan(view, self.gap, expert_weights(view.profile))
        if self._at_stock_end(view):
            return self._endgame(view, plan, stop)
        prior = plan.prior
        if self.gap > 0 and plan.clear and not searches_every_play(view.profile):
            return SearchResult(prior, {}, 0)
        candidates = _candidates(view, prior, plan.ranked, self.top)
        if len(candidates) == 1:
            return SearchResult(candidates[0], {}, 0)
        lines = (self._fast_lines(view, candidates, capture_playoff) if fast
                 else self._deal_lines(view, candidates))
        stats = _sampled(lines, len(candidates), self._budget(view), stop)
        prior_i = candidates.index(prior) if prior in candidates else 0
        means = {a: stats.mean(i) + (self.margin if a == prior else 0.0)
                 for i, a in enumerate(candidates)}
        best = max(candidates, key=lambda a: means[a])
        if self.z > 0 and best != prior:
            low, _high = stats.difference(candidates.index(best), prior_i, self.z)
            if stats.samples < self.min_samples or low <= self.margin:
                best = prior
        return SearchResult(best, means, stats.samples, cut_short=stats.cut_short)

    def _budget(self, view: PlayerView, stock_end: bool = False) -> int:
        """Deals per decision: the bot's own, else the game's floor."""
        return self.deals if self.deals is not None else expert_deals(view.profile, stock_end)

    def _fast_lines(self, view: PlayerView, candidates: list[Action],
                    capture_playoff: bool) -> Callable[[], list[float]]:
        """One determinization's value of each candidate, on the fast simulator."""
        rules = rules_for(view.profile, view.trump)
        fast = [from_action(rules, a) for a in candidates]
        seat = view.seat
        rollout_weights = self._rollout_weights(view)
        # Three or four players in the play-off: follow every line to the end.
        # 000's capture play-off likewise (both hands known, captures still score).
        horizon = self.horizon if view.stock_count and not capture_playoff else 99

        def play_on(state: FastDeal, seed: int) -> None:
            rollout(state, random.Random(seed), self.noise, horizon, self.policy,
                    rollout_weights)

        spread = win_spread(view.profile)
        tricks = view.profile.tricks_per_deal

        def value(state: FastDeal) -> float:
            return win_weighted(margin(state, seat, static_value), state.tricks_played / tricks,
                                spread, self.win_value)
        return self._lines(lambda: self._determinize(view), fast, play_on, value)

    def _at_stock_end(self, view: PlayerView) -> bool:
        """A play in the last stock tricks, where the bot follows each move to the end of
        the deal (:func:`at_stock_end`)."""
        return at_stock_end(view, self.endgame_stock)

    def _stock_end_lines(self, view: PlayerView, candidates: list[Action]
                         ) -> Callable[[], list[float]]:
        """One determinization's final point margin of each candidate, followed to the
        end of the deal as :meth:`_endgame` follows it (:meth:`_playout`)."""
        playout = self._playout(view, candidates)
        # No random moves to seed: the play-out is the valuation.
        return self._lines(playout.deal_out, playout.moves, lambda _s, _seed: None,
                           lambda line: playout.outcome(line)[1])

    def _deal_lines(self, view: PlayerView, candidates: list[Action]
                    ) -> Callable[[], list[float]]:
        """One determinization's value of each candidate, every line played by the
        rules engine (:mod:`engine.bots.deal_search`)."""
        seat = view.seat
        # A line that reaches the play-off plays it out where the play-off counts: 002's
        # last trick is worth 250, which the valuation no longer sees once the stock is out.
        reaches_playoff = (view.stock_count <= view.players * self.horizon
                           and plays_stock_end_out(view.profile))
        horizon = 99 if not view.stock_count or reaches_playoff else self.horizon
        if supported(view.profile):   # the same lines on the fast simulator
            rules = rules_for(view.profile, view.trump)

            def play_fast(state: FastDeal, seed: int) -> None:
                fast_lines.play_line(state, random.Random(seed), self.noise, horizon)
            return self._lines(lambda: self._fast_determinization(view),
                               [from_action(rules, a) for a in candidates], play_fast,
                               lambda state: fast_lines.deal_margin(state, seat))

        def play_on(line: Deal, seed: int) -> None:
            play_line(line, random.Random(seed), self.noise, horizon)
        return self._lines(lambda: self._deal_determinization(view), candidates, play_on,
                           lambda line: deal_margin(line, seat))

    def _lines(self, deal_out: Callable[[], _Line], moves: Sequence[Any],
               play_on: Callable[[_Line, int], None], value: Callable[[_Line], float]
               ) -> Callable[[], list[float]]:
        """Paired lines: each call deals the unseen cards once (``deal_out``), tries
        every move in a copy of that deal, plays each on with the same seed and
        returns their values."""
        def sample() -> list[float]:
            base = deal_out()
            seed = self.rng.getrandbits(32)
            values = []
            for move in moves:
                line = base.copy()
                line.apply(move)
                play_on(line, seed)
                values.append(value(line))
            return values
        return sample

    def _deal_determinization(self, view: PlayerView) -> Deal:
        if self.oracle is not None:
            if self.oracle_stock:
                return self.oracle.copy()
            return self.oracle.with_hidden({}, self._oracle_stock(), self.oracle.set_aside)
        if view.players != 2:
            return sample_deal(view, self.rng)
        opp_hand, draw_order = self._sample(view)
        hands: list[list[int]] = [[], []]
        hands[view.opponent] = opp_hand
        return sample_deal(view, self.rng, (hands, draw_order))

    def _fast_determinization(self, view: PlayerView) -> FastDeal:
        """:meth:`_deal_determinization` on the fast simulator: every rule's state (carte
        blanche, the split play-off, who led) is read from the deal it deals."""
        return FastDeal.from_deal(self._deal_determinization(view))

    def _own_weights(self, profile: Profile) -> PolicyWeights:
        """The bot's own rule-of-thumb numbers: those it was given, else the game's
        tuned ones (:func:`engine.bots.policy.tuned_weights`)."""
        return self.weights if self.weights is not None else tuned_weights(profile)

    def _rollout_weights(self, view: PlayerView) -> tuple[PolicyWeights, ...]:
        """Own play by the bot's weights, the others' by the heuristic's: the
        same model of the opponent as the inference (OpponentModel)."""
        own = self._own_weights(view.profile)
        return tuple(own if p == view.seat else HEURISTIC for p in range(view.players))

    def _endgame(self, view: PlayerView, plan: _Plan, stop: float) -> SearchResult:
        """From ``endgame_stock`` down: every candidate play is followed to the end of the
        deal (:meth:`_playout`) and judged on winning the deal, ``win_value`` points,
        plus the point difference. With one hidden stock card every placing of the
        unseen cards is tried, each weighed by the opponent model's likelihood of the
        choices seen; before that the budget's random ones (drawn by that likelihood)."""
        prior = plan.prior
        candidates = _candidates(view, prior, plan.ranked, len(view.legal))
        if len(candidates) == 1:
            return SearchResult(candidates[0], {}, 0)
        playout = self._playout(view, candidates)
        deals = playout.placings
        # The oracle's one true deal, or 000's play-off with both hands known, needs
        # one pass only.
        known = not view.unknown or self.oracle is not None and self.oracle_stock
        limit = len(deals) if deals else 1 if known else self._budget(view, stock_end=True)
        won = [0.0] * len(candidates)
        margin = [0.0] * len(candidates)
        done = 0
        mass = 0.0
        cut_short = False
        while done < limit:
            if done and past(stop):
                cut_short = True
                break
            base = deals[done] if deals else playout.deal_out()
            # A placing is as likely as the opponent's observed choices make it.
            like = (self.model.weight(view, playout.concealed(base))
                    if deals and self.infer and self.model.events else 1.0)
            for i, move in enumerate(playout.moves):
                line = base.copy()
                line.apply(move)
                share, d = playout.outcome(line)
                won[i] += like * share
                margin[i] += like * d
            mass += like
            done += 1
        mass = mass or 1.0
        wins = {a: w / mass for a, w in zip(candidates, won, strict=True)}
        margins = {a: m / mass for a, m in zip(candidates, margin, strict=True)}
        means = {a: self.win_value * wins[a] + margins[a] for a in candidates}
        best = max(candidates, key=lambda a: (means[a], a == prior))
        return SearchResult(best, means, done, wins, margins, cut_short)

    def _playout(self, view: PlayerView, candidates: list[Action]) -> _Playout:
        """How :meth:`_endgame` and the review follow a move of the last stock tricks to
        the end of the deal: on the fast simulator, the rules of thumb up to the
        play-off, then the solver for both; elsewhere every line by the rules engine
        and its rollout rules, the play-off included."""
        seat, opp = view.seat, view.opponent
        exposed = view.tables[opp]
        if policy_lines(view.profile):
            rules = rules_for(view.profile, view.trump)
            rollout_weights = self._rollout_weights(view)

            def outcome(state: FastDeal) -> tuple[float, float]:
                totals = [0] * view.profile.sides
                for player, points in enumerate(played_out(state, rollout_weights)):
                    totals[state.side(player)] += points
                return final_outcome(totals, state.side(seat))
            return _Playout(self._every_placing(view), lambda: self._determinize(view),
                            [from_action(rules, a) for a in candidates], outcome,
                            lambda state: [c for c in state.hold[opp] if c not in exposed])

        if supported(view.profile):   # deal_search's lines on the fast simulator
            rules = rules_for(view.profile, view.trump)

            def fast_outcome(state: FastDeal) -> tuple[float, float]:
                fast_lines.play_line(state, _NO_RNG, 0.0)
                return final_outcome(state.side_scores(), state.side(seat))
            return _Playout([FastDeal.from_deal(d) for d in self._every_deal_placing(view)],
                            lambda: self._fast_determinization(view),
                            [from_action(rules, a) for a in candidates], fast_outcome,
                            lambda state: [c for c in state.hold[opp]
                                           if not state.tables[opp] >> c & 1])

        def deal_outcome(line: Deal) -> tuple[float, float]:
            play_line(line, _NO_RNG, 0.0)
            return final_outcome(line.team_scores(), view.profile.team(seat))
        return _Playout(self._every_deal_placing(view),
                        lambda: self._deal_determinization(view), list(candidates),
                        deal_outcome, lambda line: sorted(line.hands[opp]))

    def _every_placing(self, view: PlayerView) -> list[FastDeal]:
        """With exactly one hidden stock card, one deal per unseen card placed
        there (the rest in the opponent's hand); otherwise none."""
        return [_placed(view, hand, stock) for hand, stock in self._placings(view)]

    def _every_deal_placing(self, view: PlayerView) -> list[Deal]:
        """:meth:`_every_placing` as deals of the rules engine."""
        out = []
        for hand, stock in self._placings(view):
            hands: list[list[int]] = [[], []]
            hands[view.opponent] = hand
            out.append(sample_deal(view, self.rng, (hands, stock)))
        return out

    def _placings(self, view: PlayerView) -> list[tuple[list[int], list[int]]]:
        """The opponent's concealed hand and the stock for each placing of the unseen
        cards when exactly one stock card is hidden and two play (none for an oracle)."""
        if self.oracle is not None or view.hidden_stock != 1 or view.players != 2:
            return []
        unknown = sorted(view.unknown)
        return [([*view.opponent_known, *(c for c in unknown if c != card)], [card])
                for card in unknown]

    def _determinize(self, view: PlayerView) -> FastDeal:
        if self.oracle is not None:
            deal = self.oracle
            if view.players != 2:
                return _placed_all(view, [sorted(h) for h in deal.hands], self._oracle_stock())
            return _placed(view, sorted(deal.hands[view.opponent]), self._oracle_stock())
        if view.players != 2:
            hands, order = sample_hands(view, self.rng)
            return _placed_all(view, hands, list(reversed(order)))
        opp_hand, draw_order = self._sample(view)
        return _placed(view, opp_hand, list(reversed(draw_order)))

    def _oracle_stock(self) -> list[int]:
        """The oracle's stock as drawn with pop(); shuffled for a peeking bot."""
        assert self.oracle is not None
        stock = list(self.oracle.stock)
        if not self.oracle_stock:
            self.rng.shuffle(stock)
        return stock

    def _sample(self, view: PlayerView) -> tuple[list[int], list[int]]:
        """A split of the unseen cards, drawn in proportion to the likelihood of
        the opponent's observed choices (rejection sampling, ``tries`` draws at
        most; the likeliest draw when none is accepted)."""
        best = sample_unseen(view, self.rng)
        if not self.infer or not self.model.events:
            return best
        best_w = -1.0
        for attempt in range(self.tries):
            split = best if attempt == 0 else sample_unseen(view, self.rng)
            w = self.model.weight(view, split[0])
            if w >= 1.0 or self.rng.random() < w:
                return split
            if w > best_w:
                best, best_w = split, w
        return best


@dataclass(frozen=True, slots=True)
class ActionEstimate:
    """What the search makes of one move: the mean point margin of the mover's side
    after it, and its shortfall (``loss``) against the best move found, paired over
    the same deals of the unseen cards, with its interval ``low``..``high`` (``z``
    standard errors: 95% by default). ``samples``: the deals it rests on;
    ``cut_short``: the safety bound stopped them before the budget was done."""

    action: Action
    mean: float
    loss: float
    low: float
    high: float
    samples: int
    cut_short: bool = False

    @property
    def clearly_worse(self) -> bool:
        """The interval of the shortfall excludes zero."""
        return self.low > 0


def estimate_actions(view: PlayerView, actions: Sequence[Action], rng: random.Random,
                     deals: int | None = None, z: float = 1.96,
                     max_seconds: float = SAFETY_SECONDS) -> tuple[ActionEstimate, ...]:
    """The search's estimate of each of ``actions`` (legal in ``view``), the best
    first: every distinct move is tried in the same ``deals`` deals of the unseen cards
    (default: the game's floor, :func:`engine.bots.budget.expert_deals`) drawn from
    ``rng``, played on as the expert's lines are, by the fast simulator where it
    applies and by the rules engine elsewhere; in the last stock tricks the expert
    plays out (:func:`plays_stock_end_out`) each is followed to the end of the deal and
    valued by its final point margin. Actions with the same effect
    (:func:`engine.rules.effects.same_effect`) are tried once and get the same numbers.
    Intervals are ``z`` standard errors wide on each side."""
    paired = paired_deals(view, actions, rng, deals, max_seconds)
    candidates = paired.moves
    best = paired.best
    found: dict[Action, ActionEstimate] = {}
    for i, action in enumerate(candidates):
        low, high = (0.0, 0.0) if i == best else paired.difference(best, i, z)
        found[action] = ActionEstimate(action, paired.mean(i), paired.mean(best) - paired.mean(i),
                                       low, high, paired.samples, paired.cut_short)
    seen = _effects_deal(view)
    out = []
    for action in dict.fromkeys(actions):   # a copy of the same effect shares its numbers
        same = found[effect_of(seen, action, candidates) if seen is not None else action]
        out.append(replace(same, action=action))
    return tuple(sorted(out, key=lambda e: e.loss))


@dataclass(frozen=True, slots=True)
class PairedDeals:
    """The search's values of some moves in the same deals of the unseen cards:
    ``values[d][i]`` is move ``moves[i]``'s point margin (the mover's side) in deal
    ``d``, every move played on from the same deal with the same seed, so that the
    differences between moves carry little noise. ``cut_short``: the safety bound
    stopped the deals before the budget was done."""

    moves: tuple[Action, ...]
    values: tuple[tuple[float, ...], ...]
    cut_short: bool = False

    @property
    def samples(self) -> int:
        return len(self.values)

    @property
    def best(self) -> int:
        """The index of the move with the highest mean (the first of equal ones)."""
        return max(range(len(self.moves)), key=self.mean)

    def mean(self, i: int) -> float:
        return _mean(self.values, i)

    def difference(self, i: int, j: int, z: float = 1.96) -> tuple[float, float]:
        """The interval of move ``i``'s mean advantage over move ``j``: the mean paired
        difference plus and minus ``z`` standard errors (unbounded on one deal)."""
        return _difference(self.values, i, j, z)


def paired_deals(view: PlayerView, actions: Sequence[Action], rng: random.Random,
                 deals: int | None = None, max_seconds: float = SAFETY_SECONDS,
                 enough: Callable[[list[list[float]]], bool] | None = None,
                 effects: Effects | None = None) -> PairedDeals:
    """The values behind :func:`estimate_actions`, deal by deal: every distinct move of
    ``actions`` (legal in ``view``; one per effect, the first of each, in their order)
    in the same ``deals`` deals of the unseen cards drawn from ``rng``. ``enough`` may
    end the deals early (it is asked after each deal with the values so far): what
    is returned is then the first deals of the whole budget's, the same as a smaller
    budget would give. ``effects``: the comparisons of moves made so far on the view's
    deal (:class:`engine.rules.effects.Effects`), used only when that deal is the one
    the view was taken of."""
    if not actions or any(a not in view.legal for a in actions):
        raise BeziqueError("only the legal actions of the view can be estimated")
    stop = deadline(max_seconds)
    # Points only: a review's cost is a point margin, not the expert's worth of a deal won.
    bot = StrongBot(rng, deals=deals, max_seconds=max_seconds, win_value=0.0)
    asked = list(dict.fromkeys(actions))
    seen = _effects_deal(view)
    memo = effects if effects is not None and effects.deal is seen else None
    candidates = distinct_effects(seen, asked, memo) if seen is not None else asked
    capture_playoff = view.stock_count == 0 and view.profile.declaring.source == "captured"
    at_stock_end = bot._at_stock_end(view)
    if at_stock_end:
        lines = bot._stock_end_lines(view, candidates)
    elif policy_lines(view.profile):
        lines = bot._fast_lines(view, candidates, capture_playoff)
    else:
        lines = bot._deal_lines(view, candidates)
    stats = _sampled(lines, len(candidates), bot._budget(view, at_stock_end), stop, enough)
    return PairedDeals(tuple(candidates), tuple(tuple(v) for v in stats.values),
                       stats.cut_short)


def estimate_position(deal: Deal, seat: int, seed: int, deals: int | None = None,
                      z: float = 1.96) -> tuple[ActionEstimate, ...]:
    """Every distinct move of ``seat`` (to move) in ``deal`` estimated by
    :func:`estimate_actions` on ``deals`` deals of the unseen cards (default: the game's
    floor) drawn from ``random.Random(seed)``, the best first: one estimate per move, the
    first of the legal actions of each effect. ``deal`` is not changed."""
    if deal.is_over or deal.to_move != seat:
        raise BeziqueError(f"player {seat + 1} is not to move")
    moves = distinct_effects(deal, deal.legal_actions())
    return estimate_actions(PlayerView.of(deal, seat), moves, random.Random(seed), deals, z)


def _effects_deal(view: PlayerView) -> Deal | None:
    """The deal ``view`` was taken of, to tell which actions have the same effect, or
    None when the view was not taken of a deal still in that state. (The test swaps
    copies of the mover's own cards only, so nothing hidden from the seat decides it.)"""
    deal = view.source
    return deal if deal is not None and len(deal.actions) == view.source_actions else None


def reason_weights(profile: Profile) -> HeuristicWeights:
    """The rules of thumb that name the melds the expert keeps cards for in its reasons:
    its own numbers for the game, planning as many cards short as its own move does
    where that move is the tuned policy's (three in the no-trump game's four packs)."""
    weights = expert_weights(profile)
    if moves_by_policy(profile):
        return replace(weights, max_missing=tuned_weights(profile).max_missing)
    return weights


def search_reasons(view: PlayerView, result: SearchResult, prior: Action) -> list[Reason]:
    """Why the search's move beats the rule of thumb's ``prior``, in card terms: what
    the move wins or lets go and what it keeps (:func:`explain_play`); none where
    they agree (the rule of thumb's own reasons stand) or for a declaration."""
    action = result.action
    if action == prior:
        return []
    if action.type is ActionType.PLAY:
        return explain_play(view, action.card, prior, reason_weights(view.profile))
    if action.type is ActionType.DRAW:
        return [Reason("hold_back")]
    if action.meld:
        return [Reason("declare_best", meld=action.meld,
                       points=view.profile.meld(action.meld).points)]
    return []


__all__ = ["ActionEstimate", "PairedDeals", "StrongBot", "SearchResult", "estimate_actions",
           "estimate_position", "paired_deals",
           "at_stock_end",
           "final_outcome", "moves_by_policy", "reason_weights", "rollout", "search_reasons",
           "DECLARE_PHASE", "FOLLOW", "LEAD"]
