"""The judge of stock-play puzzles: while the stock lasts, is one move clearly best?

:func:`judge_position` tries every distinct legal move of the seat to move (copies of a
card that play alike are one move: :func:`engine.rules.effects.distinct_effects`) in
the same deals of the unseen cards, played on as the expert's search plays them
(:func:`engine.bots.search.paired_deals`, the estimator of the hand review and the
hints; there is no second one). Because every move meets the same deals, the
differences between moves carry little noise. For each move the verdict keeps

* its mean point margin and its *loss* against the best move, with the loss's interval
  (``z`` standard errors of the paired differences);
* how many of the deals the best move did better than it in, and as well
  (:attr:`Option.better`, :attr:`Option.equal`): "in 97 of the 120 ways the unseen
  cards may lie";
* what it does now, read from the engine's events (who takes the trick, whether its
  winner may declare) and, for a worse move, what it gives up in the hint's words
  (:attr:`Option.loses`, a :class:`engine.bots.reasons.Reason`): it breaks up a meld
  the better move keeps, gives the opponent a brisque, lets the trick and a
  declaration go, spends a trump, leaves the turn-up to the opponent.

:func:`is_clear_only_move` is the rule a stock puzzle must pass (see there), and
:func:`themes_of` names the verdict's ideas as a card player would.

    >>> import random
    >>> from engine.rules.deal import Deal
    >>> from engine.rules.profile import load_profile
    >>> deal = Deal.new(load_profile("two-handed"), random.Random(3), dealer=0)
    >>> verdict = judge_position(deal, deal.to_move, budget_deals=4, seed=7)
    >>> verdict.question, verdict.deals, verdict.best.loss
    ('lead', 4, 0.0)
    >>> verdict == judge_position(deal, deal.to_move, budget_deals=4, seed=7)
    True

Terminology
-----------
* a *deal* (of the unseen cards) is one way the cards the seat cannot see may lie: a
  determinization;
* the *cost* of a move is its loss against the best move, in points of the deal for
  the mover's side (the same scale as the hand review's);
* the *screen*: the first ``screen_deals`` deals of the budget, after which a position
  that cannot become a puzzle is given up (the verdict says ``screened_out``); a
  verdict that passes is exactly the one the whole budget gives without a screen.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from engine.bots.budget import SAFETY_SECONDS
from engine.bots.judgement import FIRST_Z, clear
from engine.bots.reasons import MOST_REASONS, Reason
from engine.bots.search import (
    ENDGAME_STOCK,
    ActionEstimate,
    PairedDeals,
    SearchResult,
    paired_deals,
    search_reasons,
)
from engine.errors import BeziqueError
from engine.notation.actions import Action, ActionType
from engine.notation.cards import Rank
from engine.rules.deal import DECLARE, FOLLOW, LEAD, Deal
from engine.rules.effects import Effects, distinct_effects, effect_of, look_alikes
from engine.rules.tricks import is_brisque, rank_of, suit_of
from engine.rules.view import PlayerView
from engine.text.explain import Event

# Interval width in standard errors for a verdict: the first estimate's of the
# review's judgement (95% on each difference); its confirmation is CONFIRM_Z wide.
Z = FIRST_Z
# The least cost of every wrong answer for a puzzle, in points: a brisque or the
# smallest declaration. The hand review flags a drill from 5 points
# (engine.bots.judgement.MIN_COST: every score but card points comes in tens, so 5 is
# "a ten, more or less"); a puzzle marks every other answer wrong, so each must lose at
# least one whole ten, or the learner is told he erred for a difference the game itself
# would seldom show.
MIN_COST = 10.0
# What a position must show in its screen to be judged on: every other move behind
# the best found so far by at least SCREEN_SHARE of MIN_COST and by more than
# SCREEN_Z standard errors. The full budget asks for 1.96 standard errors on 2.5 times
# the deals (about 1.24 expected at the screen); on 225 positions of expert games with
# 160 deals each, a screen at 12 of 40 deals so kept 18% of the positions and lost one
# of the eight that the budget and a confirmation on fresh deals found clear
# (scripts/bench_stock.py measures the generator with it).
SCREEN_SHARE = 0.5
SCREEN_Z = 1.0
# No safety bound on the search: a bank's generator and its verifier judge on a loaded
# machine exactly as on a quiet one (the bound cut confirmations short on a busy one,
# so the same run kept other puzzles).
NO_LIMIT = math.inf

QUESTIONS = ("lead", "follow", "win_or_let_go", "declare", "exchange")
# The themes a stock verdict may carry, in the order they are listed
# (puzzles/themes.toml): the kind's own first.
THEMES = ("stock_play", "keep_meld", "win_to_declare", "guard_brisques", "trump_control",
          "last_stock_cards", "deny_turn_up")


@dataclass(frozen=True, slots=True)
class Effect:
    """What a move does at once, as the engine's events tell it: for a card that
    finishes the trick, whether the mover's side takes it (``None`` when the trick goes
    on or no card is played) and the best declaration its winner may then make
    (``declares``: the meld and its points, or None); the melds of waiting
    declarations it gives up (Cady's procedure)."""

    takes_trick: bool | None = None
    declares: tuple[str, int] | None = None
    pending_lost: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Option:
    """One distinct move and the search's verdict on it (see the module's docstring).
    ``copies``: every legal action of the same effect (any of them answers as this
    one); ``shown_among``: the cards to read the move among, so that a copy mark shows
    only where it tells two moves apart."""

    action: Action
    copies: tuple[Action, ...]
    mean: float
    loss: float
    low: float
    high: float
    better: int
    equal: int
    effect: Effect
    loses: Reason | None = None
    shown_among: frozenset[int] = frozenset()

    def estimate(self, deals: int) -> ActionEstimate:
        """The option as the review's estimate reads (on ``deals`` deals)."""
        return ActionEstimate(self.action, self.mean, self.loss, self.low, self.high, deals)


@dataclass(frozen=True, slots=True)
class StockVerdict:
    """The judged position: ``options`` best first, then by cost. ``deals``: the deals
    the figures rest on (``budget`` unless the screen gave the position up, or the
    safety bound cut the search short: ``cut_short``); ``why``: the hint's reasons for
    the best move against the runner-up."""

    variant: str
    seat: int
    question: str
    options: tuple[Option, ...]
    deals: int
    budget: int
    seed: int
    z: float
    why: tuple[Reason, ...] = ()
    themes: tuple[str, ...] = ()
    screened_out: bool = False
    cut_short: bool = False
    stock: int = 0                     # cards left to draw, the turn-up included
    screen_deals: int | None = None    # the screen asked for (None: none)

    @property
    def best(self) -> Option:
        return self.options[0]

    @property
    def alternatives(self) -> tuple[Option, ...]:
        return self.options[1:]

    def option_for(self, action: Action) -> Option:
        """The option ``action`` plays (one of its copies); :class:`BeziqueError` when
        it is none of them."""
        for option in self.options:
            if action in option.copies:
                return option
        raise BeziqueError(f"{action} is not one of the moves judged")


def judge_position(deal: Deal, seat: int, budget_deals: int, seed: int, z: float = Z,
                   screen_deals: int | None = None, min_cost: float = MIN_COST,
                   max_seconds: float = SAFETY_SECONDS) -> StockVerdict:
    """Every distinct move of ``seat`` (to move, the stock not yet out) in ``deal``
    judged on the same ``budget_deals`` deals of the unseen cards drawn from
    ``random.Random(seed)``; ``deal`` is not changed. With ``screen_deals``, the search
    gives up after that many deals when some move is already less than
    :data:`SCREEN_SHARE` of ``min_cost`` or :data:`SCREEN_Z` standard errors behind the
    best (``screened_out``): such a position seldom makes a puzzle. Raises
    :class:`BeziqueError` when ``seat`` is not to move, the stock is out or the seat has
    a single move. ``max_seconds``: the search's safety bound (``cut_short`` where it
    ends the deals early; :data:`NO_LIMIT` for a verdict that never depends on the
    machine's load)."""
    return _judged(deal, seat, budget_deals, seed, screen_deals, min_cost,
                   max_seconds).verdict(z)


def clear_verdict(deal: Deal, seat: int, budget_deals: int, seed: int, z: float = Z,
                  screen_deals: int | None = None, min_cost: float = MIN_COST,
                  max_seconds: float = SAFETY_SECONDS) -> StockVerdict | None:
    """:func:`judge_position`'s verdict when it makes a stock puzzle
    (:func:`is_clear_only_move` with ``min_cost``), else None: the same search, but the
    figures a puzzle shows (copies, reasons, themes) are worked out only for a position
    that makes one. A generator judges hundreds of positions for each puzzle kept."""
    judged = _judged(deal, seat, budget_deals, seed, screen_deals, min_cost, max_seconds)
    if not judged.clear(z, min_cost):
        return None
    verdict = judged.verdict(z)
    return verdict if is_clear_only_move(verdict, min_cost) else None


@dataclass(frozen=True, slots=True)
class _Judged:
    """A position's moves tried on the deals (what a verdict is made of)."""

    deal: Deal
    view: PlayerView
    legal: tuple[Action, ...]
    memo: Effects
    paired: PairedDeals
    budget: int
    seed: int
    screen_deals: int | None
    screened_out: bool

    def clear(self, z: float, min_cost: float) -> bool:
        """:func:`is_clear_only_move` of :meth:`verdict`, from the deals' values alone."""
        paired = self.paired
        if self.screened_out or paired.cut_short or len(paired.moves) < 2:
            return False
        best = paired.best
        top = paired.mean(best)
        for i, move in enumerate(paired.moves):
            if i == best:
                continue
            low, high = paired.difference(best, i, z)
            loss = top - paired.mean(i)
            if not clear(ActionEstimate(move, paired.mean(i), loss, low, high,
                                        paired.samples), min_cost):
                return False
        return True

    def verdict(self, z: float) -> StockVerdict:
        verdict = _verdict(self.deal, self.view, self.legal, self.paired, self.budget,
                           self.seed, z, self.screened_out, self.memo)
        return replace(verdict, screen_deals=self.screen_deals)


def _judged(deal: Deal, seat: int, budget_deals: int, seed: int,
            screen_deals: int | None, min_cost: float, max_seconds: float) -> _Judged:
    """The search behind :func:`judge_position` (its arguments)."""
    if deal.is_over or deal.to_move != seat:
        raise BeziqueError(f"player {seat + 1} is not to move")
    if deal.in_playoff:
        raise BeziqueError("the stock is out: the play-off is the endgame puzzles' part")
    legal = deal.legal_actions()
    # every comparison of two copies made once: with many copies in hand (the jokers of
    # 004, four packs) grouping them was most of a judgement's time
    memo = Effects(deal)
    moves = distinct_effects(deal, legal, memo)
    if len(moves) < 2:
        raise BeziqueError("a single move: nothing to judge")
    view = PlayerView.of(deal, seat)
    screened = [False]

    def enough(values: list[list[float]]) -> bool:
        if screen_deals is None or len(values) != screen_deals or screen_deals >= budget_deals:
            return False
        paired = PairedDeals(tuple(moves), tuple(tuple(v) for v in values))
        best = paired.best
        top = paired.mean(best)
        screened[0] = any(top - paired.mean(i) < SCREEN_SHARE * min_cost
                          or paired.difference(best, i, SCREEN_Z)[0] <= 0
                          for i in range(len(moves)) if i != best)
        return screened[0]

    paired = paired_deals(view, moves, random.Random(seed), budget_deals, max_seconds,
                          enough=enough, effects=memo)
    return _Judged(deal, view, tuple(legal), memo, paired, budget_deals, seed, screen_deals,
                   screened[0])


def is_clear_only_move(verdict: StockVerdict, min_cost: float = MIN_COST) -> bool:
    """Whether ``verdict`` makes a stock puzzle: one move clearly best. Every other move
    must be clearly worse by the hand review's criterion for a flag
    (:func:`engine.bots.judgement.clear`: its cost's interval clear of zero), applied to
    every alternative, with at least ``min_cost`` points (:data:`MIN_COST`, one ten:
    the review flags from 5, but a puzzle marks every other answer wrong). A
    screened-out or cut-short verdict never qualifies: its figures rest on fewer deals
    than asked. (:func:`engine.bots.judgement.clearly_best` applies the same rule on
    the same deals, without the figures a puzzle shows.)"""
    if verdict.screened_out or verdict.cut_short or len(verdict.options) < 2:
        return False
    return all(clear(o.estimate(verdict.deals), min_cost) for o in verdict.alternatives)


# --- the verdict -------------------------------------------------------------------------

def _verdict(deal: Deal, view: PlayerView, legal: Sequence[Action], paired: PairedDeals,
             budget: int, seed: int, z: float, screened_out: bool,
             memo: Effects) -> StockVerdict:
    moves = paired.moves
    group = {a: effect_of(deal, a, moves, memo) for a in legal}
    best = paired.best
    order = sorted(range(len(moves)), key=lambda i: (i != best, -paired.mean(i), i))
    why, lost = explained(deal, moves[best], [moves[i] for i in order[1:]])
    gives_up = dict(zip(order[1:], lost, strict=True))
    options = []
    for i in order:
        move = moves[i]
        low, high = (0.0, 0.0) if i == best else paired.difference(best, i, z)
        diffs = [v[best] - v[i] for v in paired.values]
        options.append(Option(
            action=move,
            copies=tuple(a for a in legal if group[a] == move),
            mean=paired.mean(i), loss=paired.mean(best) - paired.mean(i), low=low, high=high,
            better=sum(1 for d in diffs if d > _TIE), equal=sum(1 for d in diffs if abs(d) <= _TIE),
            effect=_effect(deal, move),
            loses=gives_up.get(i),
            shown_among=frozenset({*move.cards, *look_alikes(deal, move, memo)})))
    verdict = StockVerdict(deal.profile.name, view.seat, _question(deal, options), tuple(options),
                           paired.samples, budget, seed, z, tuple(why), (), screened_out,
                           paired.cut_short, deal.stock_count)
    return replace(verdict, themes=themes_of(verdict, deal))


_TIE = 1e-9   # values are sums of points and static values: equal lines agree exactly


def explained(deal: Deal, best: Action, others: Sequence[Action]
              ) -> tuple[tuple[Reason, ...], tuple[Reason | None, ...]]:
    """The words of a verdict, which need no search: the hint's reasons for ``best``
    over the runner-up (``others[0]``; ``others`` are the other moves, cheapest first)
    and what each of ``others`` gives up. A stored record's words are rewritten with it
    when the hint's wording changes (:func:`puzzles.stock_bank.with_current_text`)."""
    view = PlayerView.of(deal, deal.to_move)
    effects = {m: _effect(deal, m) for m in (best, *others)}
    why = tuple(_why(view, best, others[0])[:MOST_REASONS])
    return why, tuple(_loses(deal, view, best, m, effects) for m in others)


def _effect(deal: Deal, action: Action) -> Effect:
    """What ``action`` does at once, from the events the engine emits for it and the
    declarations it then allows the trick's winner."""
    trial = deal.copy()
    events: list[Event] = trial.apply(action)
    profile = deal.profile
    team = profile.team(deal.to_move)
    takes: bool | None = None
    declares: tuple[str, int] | None = None
    for event in events:
        if event.type == "trick" and event.player is not None:
            takes = profile.team(event.player) == team
            if trial.phase == DECLARE:
                melds = [(profile.meld(a.meld).points, a.meld) for a in trial.legal_actions()
                         if a.type in (ActionType.DECLARE, ActionType.SCORE_PENDING)]
                if melds:
                    points, meld = max(melds)
                    declares = (meld, points)
    lost = tuple(e.meld for e in events if e.type == "pending_lost")
    return Effect(takes, declares, lost)


def _why(view: PlayerView, best: Action, runner_up: Action) -> list[Reason]:
    """The hint's reasons for ``best`` over ``runner_up``."""
    if best.type is ActionType.EXCHANGE_SEVEN:
        points = view.profile.dix.points
        return [Reason("exchange_seven" if points else "exchange_turn_up",
                       card=best.card, points=points)]
    if best.type is ActionType.SHOW_SEVEN:
        return [Reason("show_seven", card=best.card, points=view.profile.dix.points)]
    return search_reasons(view, SearchResult(best, {}, 0), runner_up)


def _loses(deal: Deal, view: PlayerView, best: Action, other: Action,
           effects: dict[Action, Effect]) -> Reason | None:
    """What the card ``other`` gives up that ``best`` does not, in a card player's
    words; None where nothing at once tells (its cost is then the deals' only)."""
    if other.type is not ActionType.PLAY or best.type is not ActionType.PLAY:
        return None
    card, mine, theirs = other.card, effects[best], effects[other]
    broken = _broken_meld(view, best, card)
    if broken is not None:
        return Reason("breaks_meld", card=card, meld=broken,
                      points=deal.profile.meld(broken).points)
    for meld in theirs.pending_lost:
        if meld not in mine.pending_lost:
            return Reason("breaks_meld", card=card, meld=meld,
                          points=deal.profile.meld(meld).points)
    turn_up = _turn_up_decided(deal)
    if mine.takes_trick and theirs.takes_trick is False:
        if mine.declares is not None:
            meld, points = mine.declares
            return Reason("lets_declaration_go", card=card, meld=meld, points=points)
        if theirs.declares is not None:
            return Reason("lets_opponent_declare", card=card)
    trump = deal.trump
    spends_trump = (trump is not None and suit_of(card) == trump
                    and suit_of(best.card) != trump)
    if mine.takes_trick is False and theirs.takes_trick:
        if turn_up is not None:
            return Reason("gives_turn_up", card=card, turn_up=turn_up)
        return Reason("spends_trump" if spends_trump else "wins_dear", card=card)
    if theirs.takes_trick is False and is_brisque(card) and not (
            is_brisque(best.card) and mine.takes_trick is False):
        return Reason("gives_brisque", card=card)
    return Reason("spends_trump", card=card) if spends_trump else None


def _broken_meld(view: PlayerView, best: Action, card: int) -> str | None:
    """The meld the hint says ``best`` keeps together and ``card`` belongs to."""
    reasons = search_reasons(view, SearchResult(best, {}, 0), Action.play(card))
    for reason in reasons:
        params = dict(reason.params)
        cards = params.get("cards")
        if reason.key in ("keep_for", "keep_complete") and isinstance(cards, tuple) \
                and card in cards and isinstance(params.get("meld"), str):
            return str(params["meld"])
    return None


def _turn_up_decided(deal: Deal) -> int | None:
    """The turn-up when this trick decides who takes it (the draws after it empty the
    stock: its winner draws the last hidden card, the turn-up goes to the other) and
    it is worth the fight (a queen or higher: by then the seven of trumps usually lies
    there, exchanged); else None."""
    turn_up = deal.turn_up
    if turn_up is None or deal.stock_count != deal.profile.players:
        return None
    return turn_up if rank_of(turn_up) >= Rank.QUEEN else None


def _question(deal: Deal, options: Sequence[Option]) -> str:
    """What the puzzle asks (:data:`QUESTIONS`)."""
    if deal.phase == DECLARE:
        exchange = any(o.action.type is ActionType.EXCHANGE_SEVEN for o in options)
        return "exchange" if exchange else "declare"
    if deal.phase == LEAD:
        return "lead"
    assert deal.phase == FOLLOW
    best = options[0].effect.takes_trick
    if best is not None and all(o.effect.takes_trick is (not best) for o in options[1:]):
        return "win_or_let_go"
    return "follow"


def themes_of(verdict: StockVerdict, deal: Deal) -> tuple[str, ...]:
    """The verdict's themes (:data:`THEMES`), named as a card player would, from what
    the moves do (their effects and what the worse ones give up) and where the deal
    stands; the kind's own theme (``stock_play``) first."""
    return themes_for(deal, verdict.best.action, verdict.why,
                      [o.loses for o in verdict.alternatives])


def themes_for(deal: Deal, best: Action, why: Sequence[Reason],
               loses: Sequence[Reason | None]) -> tuple[str, ...]:
    """:func:`themes_of` from the best move, its reasons and what the other moves give up
    (a stored record's words: no search)."""
    found = {"stock_play"}
    keys = {r.key for r in loses if r is not None}
    why_keys = {r.key for r in why}
    stock = deal.stock_count
    if "breaks_meld" in keys or best.type is ActionType.DRAW and "hold_back" in why_keys:
        found.add("keep_meld")
    if keys & {"lets_declaration_go", "lets_opponent_declare"}:
        found.add("win_to_declare")
    if "gives_brisque" in keys:
        found.add("guard_brisques")
    if "spends_trump" in keys or best.type is ActionType.EXCHANGE_SEVEN:
        found.add("trump_control")
    if 0 < stock <= ENDGAME_STOCK * deal.profile.players // 2:
        found.add("last_stock_cards")   # the last four tricks of two (the expert's own)
    if "gives_turn_up" in keys:
        found.add("deny_turn_up")
    return tuple(t for t in THEMES if t in found)


__all__ = ["MIN_COST", "NO_LIMIT", "QUESTIONS", "SCREEN_SHARE", "SCREEN_Z", "THEMES", "Z",
           "Effect", "Option", "StockVerdict", "clear_verdict", "explained", "is_clear_only_move",
           "judge_position", "themes_for", "themes_of"]
