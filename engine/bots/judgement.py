"""Whether the search finds a move clearly worse than another, counted in deals: the
judgement by which the hand review flags a decision (:func:`confirmed_loss`) and a puzzle
generator picks a position whose best move is clear (:func:`clearly_best`).

A loss is *clear* (:func:`clear`) when its interval excludes zero and it is at least
:data:`MIN_COST` points. An estimate that picks a decision or a position out of many
favours those its noise made look clear (the winner's curse), so a clear loss is
*confirmed* on fresh deals: :data:`CONFIRM_FACTOR` times as many, drawn by another seed,
with an interval :data:`CONFIRM_Z` standard errors wide; the verdict and the figures are
the confirming estimate's. Every estimate is :func:`engine.bots.search.estimate_actions`
on a number of deals of the unseen cards (by default the game's floor,
:func:`engine.bots.budget.expert_deals`) drawn by the position's own seed
(:func:`engine.bots.budget.position_seed`), so a verdict does not depend on the machine's
load, and moves with the same effect (:func:`engine.rules.effects.same_effect`) are one.

    >>> import random
    >>> from engine.rules.deal import Deal
    >>> from engine.rules.profile import load_profile
    >>> deal = Deal.new(load_profile("two-handed"), random.Random(3), dealer=0)
    >>> best = clearly_best(deal, deal.to_move, deals=4)
    >>> best is None or best.action in deal.legal_actions()
    True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.bots.budget import expert_deals, position_seed
from engine.bots.search import ActionEstimate, at_stock_end, estimate_actions
from engine.errors import BeziqueError
from engine.notation.actions import Action
from engine.rules.deal import Deal
from engine.rules.effects import distinct_effects
from engine.rules.view import PlayerView

# A shortfall smaller than this is not worth a learner's drill, however sure the search
# is of it: every score in the game but card points comes in tens.
MIN_COST = 5.0
# The confirming estimate's deals, as a multiple of the first estimate's, and its
# interval's width in standard errors (99.7%: a loss that only noise made clear on the
# first deals seldom clears it again on fresh ones).
CONFIRM_FACTOR = 3
CONFIRM_Z = 3.0
FIRST_Z = 1.96


def clear(estimate: ActionEstimate, min_loss: float = MIN_COST) -> bool:
    """A loss the search is sure of and worth telling: its interval excludes zero and it
    is at least ``min_loss`` points."""
    return estimate.clearly_worse and estimate.loss >= min_loss


def first_deals(deal: Deal, deals: int | None = None) -> int:
    """The first estimate's deals at this position: ``deals``, or the game's floor (its
    floor for the last stock tricks there, ``stock_end_deals``)."""
    if deals is not None:
        return deals
    return expert_deals(deal.profile, at_stock_end(PlayerView.of(deal, deal.to_move)))


def confirming_deals(deal: Deal, deals: int | None = None,
                     confirm_deals: int | None = None) -> int:
    """The confirming estimate's deals: ``confirm_deals``, or :data:`CONFIRM_FACTOR`
    times the first estimate's."""
    return confirm_deals if confirm_deals is not None else CONFIRM_FACTOR * first_deals(
        deal, deals)


def confirmed_loss(deal: Deal, seat: int, played: Action, better: Action,
                   deals: int | None = None, confirm_deals: int | None = None,
                   z: float = CONFIRM_Z, min_loss: float = MIN_COST
                   ) -> tuple[ActionEstimate, bool]:
    """``played``'s estimate against ``better`` (both legal for ``seat``, to move in
    ``deal``) and whether its loss is clear and confirmed. The first estimate, on
    ``deals`` deals (default: the game's floor) with a 95% interval, decides whether to
    look again; the confirming one, on ``confirm_deals`` fresh deals (default:
    :data:`CONFIRM_FACTOR` times as many) with a ``z`` interval, gives the verdict and
    the figures. Where the first finds no clear loss its estimate is returned, not
    confirmed. ``deal`` is not changed."""
    view = _view(deal, seat)
    mine = _loss(view, played, better, position_seed(deal), first_deals(deal, deals),
                 FIRST_Z)
    if not clear(mine, min_loss):
        return mine, False
    mine = _loss(view, played, better, position_seed(deal, "confirm"),
                 confirming_deals(deal, deals, confirm_deals), z)
    return mine, clear(mine, min_loss)


@dataclass(frozen=True, slots=True)
class BestMove:
    """A move the search finds clearly best: ``estimates`` are the confirming estimate's,
    one per distinct move, the best (``action``, loss 0) first; every other's loss
    against it is clear."""

    action: Action
    estimates: tuple[ActionEstimate, ...]

    @property
    def runner_up(self) -> ActionEstimate:
        """The second-best move's estimate: its loss is what the best move wins over it."""
        return self.estimates[1]


def clearly_best(deal: Deal, seat: int, deals: int | None = None,
                 confirm_deals: int | None = None, z: float = CONFIRM_Z,
                 min_loss: float = MIN_COST, moves: Sequence[Action] | None = None
                 ) -> BestMove | None:
    """The move of ``seat`` (to move in ``deal``) that is clearly best, or None: every
    other distinct move of ``moves`` (default: all legal moves) loses at least
    ``min_loss`` points against it with an interval that excludes zero, on the first
    estimate (``deals``, default the game's floor, 95%) and again on fresh deals
    (``confirm_deals``, default :data:`CONFIRM_FACTOR` times as many, ``z`` standard
    errors), where the same move must come out best. None too where there is one move
    only. Deterministic: the deals are drawn by the position's seed. ``deal`` is not
    changed."""
    view = _view(deal, seat)
    asked = distinct_effects(deal, deal.legal_actions() if moves is None else moves)
    if len(asked) < 2:
        return None
    first = estimate_actions(view, asked, random.Random(position_seed(deal, "best")),
                             first_deals(deal, deals), FIRST_Z)
    if not all(clear(e, min_loss) for e in first[1:]):
        return None
    again = estimate_actions(view, asked, random.Random(position_seed(deal, "best confirm")),
                             confirming_deals(deal, deals, confirm_deals), z)
    if again[0].action != first[0].action or not all(clear(e, min_loss) for e in again[1:]):
        return None
    return BestMove(again[0].action, again)


def _view(deal: Deal, seat: int) -> PlayerView:
    if deal.is_over or deal.to_move != seat:
        raise BeziqueError(f"player {seat + 1} is not to move")
    return PlayerView.of(deal, seat)


def _loss(view: PlayerView, played: Action, better: Action, seed: int, deals: int,
          z: float) -> ActionEstimate:
    """The estimate of ``played`` against ``better``."""
    estimates = estimate_actions(view, [played, better], random.Random(seed), deals, z)
    return next(e for e in estimates if e.action == played)


__all__ = ["CONFIRM_FACTOR", "CONFIRM_Z", "FIRST_Z", "MIN_COST", "BestMove", "clear",
           "clearly_best", "confirmed_loss", "confirming_deals", "first_deals"]
