"""The review of a hand: a seat's decisions in a played deal, ranked by what they cost.

Every decision with a real choice is judged (:func:`judge`) against the expert's move:

* in a play-off the exact solver applies to (:func:`engine.bots.coach.playoff_verdicts`:
  two players, or four in partnerships), the cost is exact: the solver's value of the
  best card less that of the card played;
* elsewhere the expert's move (:func:`engine.bots.hint_reasons`) is compared with the
  move played in the same deals of the unseen cards
  (:func:`engine.bots.judgement.confirmed_loss`), in two steps so that a flag holds: a
  first estimate on the game's floor of deals (:func:`engine.bots.budget.expert_deals`)
  and, only where it finds a clear loss (its 95% interval excludes zero, at least
  :data:`MIN_COST` points), a confirming one on fresh deals (another seed,
  ``confirm_deals``) with the stricter ``confirm_z``. The decision is *flagged* when
  the confirming estimate finds the loss clear too, and its cost and interval are the
  confirming estimate's: the first one picked the decision, so its own figure would
  overstate the loss (the winner's curse).

A move with the same effect as the better one (another copy of the same card:
:func:`engine.rules.effects.same_effect`) is the better move: it costs nothing and the
learner is shown the move played. Every search is counted in deals and seeded by the
position (:func:`engine.bots.budget.position_seed`), so a verdict does not depend on
the machine's load.

The reasons for the better move are the hint's, in a card player's words. Every
decision keeps its position (the deal's save up to it), so a flagged one can be drilled
again: :func:`judge` on that position answers a drill with the same verdict.

    >>> import random
    >>> from engine.rules.deal import Deal
    >>> from engine.rules.profile import load_profile
    >>> deal = Deal.new(load_profile("two-handed"), random.Random(2), dealer=1)
    >>> decision = judge(deal, deal.to_move, deal.legal_actions()[0], Budget(4, 8, 3.0, 4))
    >>> decision.trick, decision.exact, decision.cost >= 0
    (1, False, True)

Terminology
-----------
* a *decision* is one action of the reviewed seat where more than one was legal;
* its *cost* is in points of the deal (the mover's side); an *exact* cost is the
  solver's, an estimated one carries an interval ``low``..``high``;
* *flagged*: an exact cost above zero, or an estimate whose interval excludes zero
  (and of at least :data:`MIN_COST` points) on the first deals and again, with the
  stricter ``z``, on the confirming ones.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from engine.bots import hint_reasons, refutation_reason
from engine.bots.budget import position_seed, save_seed
from engine.bots.coach import CardVerdict, playoff_verdicts, verdicts_are_quick
from engine.bots.judgement import (
    CONFIRM_FACTOR,
    CONFIRM_Z,
    MIN_COST,
    confirmed_loss,
    confirming_deals,
    first_deals,
)
from engine.bots.playoff import playoff_solution, solvable
from engine.bots.reasons import MOST_REASONS, Reason
from engine.errors import BeziqueError
from engine.notation.actions import Action, ActionType
from engine.notation.cards import Card
from engine.rules.deal import DECLARE, Deal
from engine.rules.effects import look_alikes, same_effect
from engine.rules.game import Game
from engine.rules.replay import deal_prefix
from engine.rules.tricks import is_brisque, rank_of, suit_of
from engine.rules.view import PlayerView


@dataclass(frozen=True, slots=True)
class Budget:
    """How hard the review looks at each decision it estimates, in deals of the unseen
    cards (None: the game's floor, :func:`engine.bots.budget.expert_deals`, the
    expert's and the hint's own): ``deals`` for the first estimate of the expert's
    move against the move played, ``confirm_deals`` (None: :data:`CONFIRM_FACTOR` times
    the first) for the confirming estimate on fresh deals, whose interval is
    ``confirm_z`` standard errors wide, and ``hint_deals`` for finding the expert's
    move (the hint's own search)."""

    deals: int | None = None
    confirm_deals: int | None = None
    confirm_z: float = CONFIRM_Z
    hint_deals: int | None = None

    def first(self, deal: Deal) -> int:
        """The first estimate's deals in ``deal``'s game (at the stock's end too: there
        the floor is the expert's own, ``stock_end_deals``, when none is given)."""
        return first_deals(deal, self.deals)

    def confirming(self, deal: Deal) -> int:
        """The confirming estimate's deals in ``deal``'s game."""
        return confirming_deals(deal, self.deals, self.confirm_deals)


@dataclass(frozen=True)
class Decision:
    """One judged decision of the reviewed seat."""

    deal_number: int       # 1-based, in the game
    index: int             # actions of the deal before it (its position: the prefix)
    trick: int             # 1-based trick (or round) number
    seat: int
    played: Action
    better: Action         # the expert's or solver's move (``played`` when they agree)
    cost: float            # points given up against ``better`` (0: none, or unclear)
    low: float             # the cost's 95% interval (exact: ``cost`` both)
    high: float
    exact: bool            # the solver's exact value, not an estimate
    flagged: bool
    reasons: tuple[Reason, ...] = ()
    # Exact costs where brisques only break ties (Rubicon): "last_trick" or "brisques".
    kind: str = "points"
    position: dict[str, Any] = field(default_factory=dict, compare=False)   # the deal's save

    def why(self, lang: str = "en") -> tuple[str, ...]:
        """The reasons for the better move, in ``lang`` (at most three)."""
        return tuple(r.render(lang) for r in self.reasons[:MOST_REASONS])

    def position_deal(self) -> Deal:
        """The deal as it stood when the decision was made."""
        return Deal.from_json(self.position)

    def shown_among(self) -> frozenset[int]:
        """The cards to read the moves played and better among (``among`` of
        :func:`engine.notation.cards.card_text`): their own cards and those of the legal
        moves that look the same but differ in effect (a copy on the table, or one that
        has scored). A copy mark then shows only where it tells two moves apart."""
        deal = self.position_deal()
        out = {*self.played.cards, *self.better.cards}
        for action in {self.played, self.better}:
            out |= look_alikes(deal, action)
        return frozenset(out)

    def to_json(self) -> dict[str, Any]:
        return {"deal": self.deal_number, "index": self.index, "trick": self.trick,
                "seat": self.seat, "played": str(self.played), "better": str(self.better),
                "cost": round(self.cost, 1), "low": round(self.low, 1),
                "high": round(self.high, 1), "exact": self.exact, "flagged": self.flagged,
                "kind": self.kind}


@dataclass(frozen=True)
class HandReview:
    """A seat's decisions in one or more deals, the costliest first."""

    variant: str
    seat: int
    decisions: tuple[Decision, ...]
    seconds: float = 0.0

    @property
    def flagged(self) -> tuple[Decision, ...]:
        return tuple(d for d in self.decisions if d.flagged)


def decision_key(saved: str, played: Action) -> str:
    """What identifies a decision across processes and page runs: the position's save
    (:meth:`Deal.dumps`, which also carries it to another process) and the action
    taken there."""
    return f"{save_seed(saved):x} {played}"


def decisions_of(deal: Deal, seat: int, start: int = 0) -> Iterator[tuple[Deal, Action]]:
    """``seat``'s decisions in ``deal`` (played so far) from its action ``start`` on: the
    position before each, a copy of its own, and the action taken."""
    replay = deal_prefix(deal, 0)
    for index, action in enumerate(deal.actions):
        if (index >= start and replay.to_move == seat
                and len(replay.legal_actions()) > 1):
            yield replay.copy(), action
        replay.apply(action)


def judge(deal: Deal, seat: int, played: Action, budget: Budget = Budget(),
          deal_number: int = 1) -> Decision:
    """The verdict on ``played`` by ``seat`` (to move) in ``deal``; ``deal`` itself is
    not changed. Raises :class:`BeziqueError` when ``played`` is not legal there."""
    legal = deal.legal_actions()
    if deal.is_over or deal.to_move != seat or played not in legal:
        raise BeziqueError(f"{played} is not a legal action of player {seat + 1} here")
    base: dict[str, Any] = {"deal_number": deal_number, "index": len(deal.actions),
                            "trick": deal.tricks_played + 1, "seat": seat,
                            "played": played, "position": deal.to_json()}
    verdicts = _exact_verdicts(deal)
    if verdicts is not None and played.type is ActionType.PLAY and played.card in verdicts:
        return _exact(deal, seat, played, verdicts, budget, base)
    expert, reasons = hint_reasons(deal, seat, budget.hint_deals)
    if expert not in legal or same_effect(deal, expert, played):
        return Decision(better=played, cost=0.0, low=0.0, high=0.0, exact=False,
                        flagged=False, reasons=reasons, **base)
    # Where the first estimate finds a clear loss, fresh deals (another seed), more of
    # them and a stricter interval: the flag and the cost rest on an estimate that did
    # not pick the decision.
    mine, flagged = confirmed_loss(deal, seat, played, expert, budget.first(deal),
                                   budget.confirming(deal), budget.confirm_z)
    return Decision(better=expert, cost=max(0.0, mine.loss), low=mine.low, high=mine.high,
                    exact=False, flagged=flagged, reasons=reasons, **base)


def solver_judges(deal: Deal) -> bool:
    """Whether a card played now is judged by the exact solver: every two-player
    play-off (its first trick of 12 or 13 cards takes up to a second), and four in
    partnerships where the compiled search makes it quick."""
    if deal.phase == DECLARE or not deal.in_playoff:
        return False
    return deal.profile.players == 2 or verdicts_are_quick(deal)


def _exact_verdicts(deal: Deal) -> dict[int, CardVerdict] | None:
    """The solver's verdicts where it applies (:func:`solver_judges`)."""
    return playoff_verdicts(deal) if solver_judges(deal) else None


def _cheapness(card: int, trump: int | None) -> tuple[int, int, int]:
    """Lower is cheaper to give away (the coach's order among equally good cards)."""
    return (int(is_brisque(card)), int(suit_of(card) == trump), rank_of(card))


def _exact(deal: Deal, seat: int, played: Action, verdicts: dict[int, CardVerdict],
           budget: Budget, base: dict[str, Any]) -> Decision:
    card = played.card
    assert card is not None
    mine = verdicts[card]
    if mine.loss <= 0:
        return Decision(better=played, cost=0.0, low=0.0, high=0.0, exact=True,
                        flagged=False, **base)
    hinted, reasons = hint_reasons(deal, seat, budget.hint_deals)
    best_cards = [c for c, v in verdicts.items() if v.loss == 0]
    if hinted.type is ActionType.PLAY and hinted.card in best_cards:
        better = hinted
    else:   # the hint searched another way (four seats): the solver's best, the cheapest
        better = Action.play(min(best_cards, key=lambda c: _cheapness(c, deal.trump)))
        reasons = ()
    reasons = (*reasons[:1], *_refutation(deal, seat, card), *reasons[1:])
    cost = float(mine.points if mine.kind != "points" else mine.loss)
    return Decision(better=better, cost=cost, low=cost, high=cost, exact=True, flagged=True,
                    reasons=_unique(reasons), kind=mine.kind, **base)


def _refutation(deal: Deal, seat: int, card: int) -> tuple[Reason, ...]:
    """The solver's refutation of the card played: how best play punishes it."""
    view = PlayerView.of(deal, seat)
    if not solvable(view):
        return ()
    face = Card.from_id(card).face
    solution = playoff_solution(view)
    for refutation in solution.refutations:
        if refutation.move == face:
            return (refutation_reason(view, refutation, solution.scale),)
    return ()


def _unique(reasons: Sequence[Reason]) -> tuple[Reason, ...]:
    return tuple(dict.fromkeys(reasons))


def review_deal(deal: Deal, seat: int, deal_number: int = 1, budget: Budget = Budget(),
                known: Mapping[str, Decision] | None = None) -> HandReview:
    """Judge every decision of ``seat`` in ``deal`` (played so far), the costliest first.
    ``known`` holds verdicts judged already (by :func:`decision_key`; the app judges
    each decision in the background while the deal goes on): those are not judged
    again."""
    if not 0 <= seat < deal.profile.players:
        raise BeziqueError(f"there is no player {seat + 1} in {deal.profile.name}")
    start = time.perf_counter()
    decisions = []
    for position, action in decisions_of(deal, seat):
        decision = known.get(decision_key(position.dumps(), action)) if known else None
        if decision is None:
            decision = judge(position, seat, action, budget, deal_number)
        elif decision.deal_number != deal_number:
            decision = replace(decision, deal_number=deal_number)
        decisions.append(decision)
    return HandReview(deal.profile.name, seat, _ranked(decisions),
                      time.perf_counter() - start)


def review_game(game: Game, seat: int, deals: Sequence[int] = (),
                budget: Budget = Budget()) -> HandReview:
    """Judge ``seat``'s decisions in the game's deals numbered ``deals`` (1-based; all
    deals with actions when empty), the costliest first."""
    played = [*game.finished_deals, game.deal]
    numbers = list(deals) or [n for n, d in enumerate(played, 1) if d.actions]
    start = time.perf_counter()
    decisions: list[Decision] = []
    for number in numbers:
        if not 1 <= number <= len(played):
            raise BeziqueError(f"the game has no deal {number} (it has {len(played)})")
        decisions += review_deal(played[number - 1], seat, number, budget).decisions
    return HandReview(game.profile.name, seat, _ranked(decisions),
                      time.perf_counter() - start)


def _ranked(decisions: Sequence[Decision]) -> tuple[Decision, ...]:
    """Flagged first, the costliest first; then in the order they were played."""
    return tuple(sorted(decisions, key=lambda d: (not d.flagged, -d.cost, d.deal_number,
                                                  d.index)))


__all__ = ["CONFIRM_FACTOR", "CONFIRM_Z", "MIN_COST", "Budget", "Decision", "HandReview",
           "decision_key", "decisions_of", "judge", "position_seed", "review_deal",
           "review_game", "solver_judges"]
