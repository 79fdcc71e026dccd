"""How hard a search looks at one decision: a number of deals of the unseen cards
(determinizations), never a number of seconds, so that a move, a hint or a verdict is
the same on a quiet machine and a busy one.

* The expert's *floor* is the game's own (:func:`expert_deals`, from the ``[bots]``
  table of its variant file: ``expert_deals``, and ``stock_end_deals`` for the last
  stock tricks, where each line is followed to the end of the deal). The expert, its
  hints and the hand review all search that many deals a decision. The floors were
  set so that a searched decision takes about 0.4 s of CPU, what the app's expert got
  from its clock before (``scripts/bench_floor.py`` measures them); when the simulator
  gets faster, raise them there: one number each.
* One bound in seconds stays, :data:`SAFETY_SECONDS` a decision, far above what a
  decision takes: it cuts in only when the machine is pathologically loaded, and a
  search it cuts says so (``cut_short``).
* Every search draws its deals from a seeded RNG: the bot's own (injected) one, or one
  seeded by the position's save (:func:`position_seed`), so the same position gets the
  same verdict in the review, in a drill of it and in another process.

    >>> from engine.rules.profile import load_profile
    >>> expert_deals(load_profile("two-handed")) > 0
    True
"""

from __future__ import annotations

import hashlib
import time

from engine.rules.deal import Deal
from engine.rules.profile import Profile

# Seconds a single decision's search may run at most: a guard against a machine so
# loaded that the floor would take minutes, never the budget (a quiet machine spends
# well under a second a decision).
SAFETY_SECONDS = 20.0


def expert_deals(profile: Profile, stock_end: bool = False) -> int:
    """The expert's deals per searched decision in ``profile``'s game; ``stock_end``:
    in the last stock tricks, where each line is followed to the end of the deal."""
    floor = profile.search
    return floor.stock_end_deals if stock_end else floor.expert_deals


def position_seed(deal: Deal, purpose: str = "") -> int:
    """The seed of a search of this position: the same position (and ``purpose``, which
    keeps the searches of one position apart: the hint's, the review's estimate, its
    confirmation) is searched the same way, in the review and in a drill of it."""
    return save_seed(deal.dumps(), purpose)


def save_seed(saved: str, purpose: str = "") -> int:
    """:func:`position_seed` of a position's save (:meth:`Deal.dumps`)."""
    text = saved if not purpose else f"{purpose}\n{saved}"
    return int(hashlib.sha256(text.encode("utf-8")).hexdigest()[:12], 16)


def deadline(seconds: float = SAFETY_SECONDS) -> float:
    """The ``time.perf_counter`` reading at which a search started now is cut short."""
    return time.perf_counter() + seconds


def past(stop: float) -> bool:
    """Whether the moment ``stop`` (:func:`deadline`) has passed. The searches read the
    clock here and in :func:`deadline` only, for the safety bound, never for a budget."""
    return time.perf_counter() >= stop


__all__ = ["SAFETY_SECONDS", "deadline", "expert_deals", "past", "position_seed", "save_seed"]
