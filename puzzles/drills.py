"""Drills: a learner's own puzzles, made from the decisions the review of a hand flagged
(:mod:`engine.bots.review`). A drill keeps the position (the deal's save up to the
decision) and the seat; it joins the learner's review cards (:mod:`puzzles.review_cards`)
as ``card:<variant>:drill:<id>``, due at once and then scheduled by FSRS
(:mod:`puzzles.srs`) from each answer. An answer is judged by the same function as the
review (:func:`engine.bots.review.judge`): right unless it clearly costs points.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime

from engine.bots.review import Budget, Decision, judge
from engine.errors import BeziqueError
from engine.notation.actions import Action
from engine.rules.deal import Deal
from puzzles import srs
from puzzles.review_cards import card_id
from puzzles.store import ProgressStore, now_utc

TOPIC = "drill"


@dataclass(frozen=True)
class Drill:
    """One drill: the position to play from, whose move it is, and what happened."""

    id: int
    variant: str
    seat: int
    deal: Deal
    played: Action       # the learner's move in the game
    better: Action       # the better move the review found

    @property
    def item(self) -> str:
        return item_id(self.variant, self.id)


@dataclass(frozen=True)
class DrillAnswer:
    """The verdict on an answer: right (no clear cost), the judged decision (its better
    move and reasons) and when the drill is due again."""

    right: bool
    decision: Decision
    due: datetime


def item_id(variant: str, drill_id: int) -> str:
    return card_id(variant, TOPIC, str(drill_id))


def prefix(variant: str) -> str:
    return card_id(variant, TOPIC, "")


def add(store: ProgressStore, learner: str, decision: Decision,
        at: datetime | None = None) -> Drill:
    """Make a flagged decision one of the learner's drills, due at once (a position
    kept already keeps its schedule)."""
    deal = decision.position_deal()
    drill_id = store.save_drill(learner, deal.profile.name, decision.seat,
                                json.dumps(decision.position, ensure_ascii=False),
                                str(decision.played), str(decision.better), at)
    drill = Drill(drill_id, deal.profile.name, decision.seat, deal, decision.played,
                  decision.better)
    srs.enter_card(store, learner, drill.item, at)
    return drill


def drills(store: ProgressStore, learner: str, variant: str | None = None) -> list[Drill]:
    """The learner's drills (of one variant), the oldest first; a stored position that
    no longer replays (a rule changed) is left out."""
    out = []
    for row in store.drills(learner, variant):
        try:
            deal = Deal.from_json(json.loads(row["position"]))
            played, better = Action.parse(row["played"]), Action.parse(row["better"])
        except (BeziqueError, ValueError):
            continue
        out.append(Drill(int(row["id"]), str(row["variant"]), int(row["seat"]), deal,
                         played, better))
    return out


def due(store: ProgressStore, learner: str, variant: str,
        at: datetime | None = None) -> list[Drill]:
    """The learner's drills of ``variant`` due at ``at``, the earliest due first."""
    mine = {d.item: d for d in drills(store, learner, variant)}
    return [mine[i] for i in srs.card_due(store, learner, prefix(variant), at) if i in mine]


def answer(store: ProgressStore, learner: str, drill: Drill, action: Action,
           seconds: float | None = None, budget: Budget | None = None,
           at: datetime | None = None) -> DrillAnswer:
    """Judge the learner's ``action`` in the drill's position as the review does, and
    schedule the drill from it (wrong: again soon; right: later)."""
    decision = judge(drill.deal.copy(), drill.seat, action, budget or Budget())
    right = not decision.flagged
    when, _new = srs.review_card(store, learner, drill.item, srs.card_rating(right, seconds),
                                 at or now_utc())
    return DrillAnswer(right, decision, when)


__all__ = ["TOPIC", "Drill", "DrillAnswer", "add", "answer", "drills", "due", "item_id",
           "prefix"]
