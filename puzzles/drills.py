"""Drills: a learner's own puzzles, made from the decisions the review of a hand flagged
(:mod:`engine.bots.review`). A drill keeps the position (the deal's save up to the
decision) and the seat; it joins the learner's review cards (:mod:`puzzles.review_cards`)
as ``card:<variant>:drill:<id>``, due at once and then scheduled by FSRS
(:mod:`puzzles.srs`) from each answer. An answer is judged by the same function as the
review (:func:`engine.bots.review.judge`): right unless it clearly costs points.

One queue, the banks' themes
----------------------------
A learner's own puzzles are their drills: one row each in the store, one schedule
item each (:attr:`Drill.item`). There is no second list of "personal puzzles":

* **Where it is served.** The review cards page serves every due drill first. A drill
  the exact solver judges (a play-off card, :func:`engine.bots.review.solver_judges`)
  is also the endgame trainer's next puzzle while it is due (:func:`due_endgame`):
  the same drill, as a bank record built by :func:`puzzles.personal.endgame_puzzle`
  (its solver values, line and starting rating), carrying the drill's item under
  ``"drill"``. Whichever page it is answered on reschedules that one item
  (:func:`answer` here, :func:`puzzles.trainer.submit` there), so it leaves both
  queues at once. Declarations stay on the review cards page: a meld puzzle's best
  declaration (which counts the turns left) is not the review's verdict, and a
  drill must be judged as the review judged it.
* **Themes.** :func:`puzzle` gives a drill its themes from the engine's results, as
  the banks' records get theirs (:mod:`puzzles.themes`): a play-off card the
  solver judges, from the solver's line (the endgame record); a declaration, from
  the meld verdicts of its position (:func:`puzzles.personal.meld_puzzles`); any
  other card, from the hint's reasons for the better move
  (:func:`puzzles.themes.from_reasons`).
* **Accuracy.** Every answer is an attempt in the store like a bank puzzle's
  (:meth:`puzzles.store.ProgressStore.record_attempt`, puzzle id ``drill-<id>``), so
  its themes count on the Themes and Progress pages.

By themselves
-------------
The costly decisions a review of the learner's hand finds become drills without a click
(:func:`add_found`), unless the learner turned that off (:func:`auto`, a setting, on by
default) or said "don't drill this" of the decision (:func:`decline`). A declined drill
keeps its row and loses its schedule item: a later review of the same hand does not
bring it back, and "Drill this" does.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from engine.bots.review import Budget, Decision, judge, solver_judges
from engine.errors import BeziqueError
from engine.notation.actions import Action, ActionType
from engine.rules.deal import Deal
from engine.rules.effects import distinct_effects, effect_of
from puzzles import personal, srs, themes
from puzzles.games import captures_score
from puzzles.simulate import melds_position
from puzzles.store import ProgressStore, now_utc

TOPIC = "drill"
PUZZLE_PREFIX = "drill-"   # a drill's puzzle id in the attempts: drill-<id>
AUTO_SETTING = "drills.auto"   # "off": the hand review's findings wait for "Drill this"
# Actions of a declaration decision (the draw ends declaring: declaring nothing).
_DECLARING = {ActionType.DECLARE, ActionType.ANNOUNCE, ActionType.SCORE_PENDING,
              ActionType.DRAW}


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

    @property
    def puzzle_id(self) -> str:
        return f"{PUZZLE_PREFIX}{self.id}"


@dataclass(frozen=True)
class DrillAnswer:
    """The verdict on an answer: right (no clear cost), the judged decision (its better
    move and reasons) and when the drill is due again."""

    right: bool
    decision: Decision
    due: datetime
    themes: tuple[str, ...] = ()


def item_id(variant: str, drill_id: int) -> str:
    return srs.card_item(variant, TOPIC, str(drill_id))


def prefix(variant: str) -> str:
    return srs.card_item(variant, TOPIC, "")


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


def auto(store: ProgressStore, learner: str) -> bool:
    """Whether the hand review's costly decisions join the drills by themselves (on
    unless the learner turned it off)."""
    return store.setting(learner, AUTO_SETTING, "on") != "off"


def set_auto(store: ProgressStore, learner: str, on: bool) -> None:
    store.set_setting(learner, AUTO_SETTING, "on" if on else "off")


def _kept(store: ProgressStore, learner: str, decision: Decision) -> int | None:
    """The id of the drill already kept for a decision's position and seat, if any."""
    position = json.dumps(decision.position, ensure_ascii=False)
    variant = decision.position_deal().profile.name
    return next((int(row["id"]) for row in store.drills(learner, variant)
                 if row["position"] == position and int(row["seat"]) == decision.seat), None)


def scheduled(store: ProgressStore, learner: str, decision: Decision) -> bool | None:
    """Whether the decision's position is one of the learner's drills: True while it is
    in the schedule, False once declined, None when it never was a drill."""
    found = _kept(store, learner, decision)
    if found is None:
        return None
    variant = decision.position_deal().profile.name
    return store.srs_card(learner, item_id(variant, found)) is not None


def declined(store: ProgressStore, learner: str, decision: Decision) -> bool:
    """Whether the learner said "don't drill this" of the decision's position."""
    return scheduled(store, learner, decision) is False


def add_found(store: ProgressStore, learner: str, decisions: Iterable[Decision],
              at: datetime | None = None) -> list[Drill]:
    """The flagged ``decisions`` of a hand's review as drills, by themselves: nothing
    when the learner turned that off (:func:`auto`), and none the learner declined."""
    if not auto(store, learner):
        return []
    return [add(store, learner, d, at) for d in decisions
            if d.flagged and not declined(store, learner, d)]


def decline(store: ProgressStore, learner: str, decision: Decision) -> None:
    """"Don't drill this": the decision's drill leaves the learner's schedule for good
    (its row stays, so that a later review does not add it again)."""
    found = _kept(store, learner, decision)
    if found is not None:
        store.delete_srs_card(learner, item_id(decision.position_deal().profile.name, found))


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


def is_drill_puzzle(puzzle_id: str) -> bool:
    """Whether an attempt's puzzle id is a drill's (not a bank puzzle's)."""
    return puzzle_id.startswith(PUZZLE_PREFIX)


def endgame_puzzle(drill: Drill) -> dict[str, Any] | None:
    """The drill as an endgame puzzle (a bank record: solver values, line, themes and
    starting rating) where the exact solver judged it, else ``None``. Its id is the
    drill's puzzle id and ``"drill"`` its schedule item."""
    deal = drill.deal
    if drill.played.type is not ActionType.PLAY or not solver_judges(deal) \
            or captures_score(deal.profile):   # 000: the capture search, not this solver
        return None
    found = personal.endgame_puzzle(deal.playoff_position(), {"drill": drill.id})
    if found is None:   # brisques only broke a tie (Rubicon): no points to find
        return None
    return {**found, "id": drill.puzzle_id, "drill": drill.item}


def puzzle(drill: Drill, decision: Decision | None = None) -> dict[str, Any]:
    """The drill as an attempt's puzzle: id, kind, themes and starting rating.
    ``decision`` (the judged answer) gives the reasons of a card the solver does not
    judge; without it such a drill has only its question's theme."""
    record = endgame_puzzle(drill)
    if record is not None:
        return record
    base: dict[str, Any] = {"id": drill.puzzle_id, "variant": drill.variant, "type": "drill",
                            "drill": drill.item}
    if {drill.played.type, drill.better.type} & _DECLARING:
        return {**base, "kind": "meld", **_declaration(drill)}
    reasons = [] if decision is None else [r.key for r in decision.reasons]
    return {**base, "kind": "play", "themes": themes.from_reasons(reasons)}


def _declaration(drill: Drill) -> dict[str, Any]:
    """A declaration's themes and rating from the meld questions of its position: the
    best-declaration question's where it has one."""
    deal = drill.deal
    found = personal.meld_puzzles(melds_position(deal, drill.seat), deal.stock_count,
                                  {"drill": drill.id})
    best = [r for r in found if r["type"] == "best"]
    if best:
        return {"themes": best[0]["themes"], "rating": best[0]["rating"]}
    question = themes.BASE[("meld", "best")]
    bases = set(themes.BASE.values())
    seen = [t for r in found for t in r["themes"] if t not in bases]
    return {"themes": list(dict.fromkeys([question, *seen]))}


def due_endgame(store: ProgressStore, learner: str, variant: str,
                at: datetime | None = None) -> dict[str, Any] | None:
    """The first due drill of ``variant`` that is an endgame puzzle, as its record."""
    for drill in due(store, learner, variant, at):
        record = endgame_puzzle(drill)
        if record is not None:
            return record
    return None


def answers(drill: Drill) -> list[Action]:
    """The moves a drill offers, one per distinct effect (two copies of a card that
    play alike are one answer: :func:`engine.rules.effects.same_effect`)."""
    return distinct_effects(drill.deal, drill.deal.legal_actions())


def shown_move(drill: Drill, action: Action) -> Action:
    """``action`` as one of :func:`answers` (the copy offered for the same move)."""
    return effect_of(drill.deal, action, answers(drill))


def answer(store: ProgressStore, learner: str, drill: Drill, action: Action,
           seconds: float | None = None, budget: Budget | None = None,
           at: datetime | None = None) -> DrillAnswer:
    """Judge the learner's ``action`` in the drill's position as the review does,
    record it as an attempt at the drill's puzzle (its themes count like a bank
    puzzle's) and schedule the drill from it (wrong: again soon; right: later)."""
    decision = judge(drill.deal.copy(), drill.seat, action, budget or Budget())
    right = not decision.flagged
    record = puzzle(drill, decision)
    store.record_attempt(learner, record, 1.0 if right else 0.0, 0, right, seconds, at=at)
    when, _new = srs.review_card(store, learner, drill.item, srs.card_rating(right, seconds),
                                 at or now_utc())
    return DrillAnswer(right, decision, when, tuple(record["themes"]))


__all__ = ["AUTO_SETTING", "PUZZLE_PREFIX", "TOPIC", "Drill", "DrillAnswer", "add", "add_found",
           "answer", "auto", "decline", "declined", "drills", "due", "due_endgame",
           "endgame_puzzle", "is_drill_puzzle", "item_id", "prefix", "puzzle", "scheduled",
           "set_auto"]
