"""Puzzle positions from bot-against-bot games at the expert level.

One deal is played by :class:`engine.bots.coach.BotPlayer` at the ``expert`` level
for every seat, at a reduced search budget (``samples`` determinizations per
decision, ``time_limit`` seconds at most; with the default budget the limit is
never reached, so a game is a pure function of its seed). Before each action the
collectors look at the table and turn what they see into bank records, each
built and checked by the engine or the solver:

* ``meld``, declaring from the hand: the trick winner before a declaration
  (:func:`puzzles.meld_bank.records_from`);
* ``meld``, combinations from captures (000): the state before a trick is won
  (:func:`puzzles.capture_bank.make_record`);
* ``endgame``: every play-off position with ``min_tricks`` to ``max_tricks``
  tricks left, before each card (:func:`puzzles.endgame.record_for`; with
  captures that keep scoring, :func:`puzzles.capture_endgame.make_record`).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.bots.coach import BotPlayer
from engine.notation.actions import ActionType
from engine.notation.cards import Card, Suit
from engine.rules.deal import DECLARE, Deal
from engine.rules.profile import Profile
from puzzles import capture_bank, capture_endgame, endgame, meld_bank
from puzzles.simulate import DeclareSpot, melds_position

LEVEL = "expert"
SAMPLES = 6          # determinizations per decision (the app's expert: 60 and 0.4 s)
TIME_LIMIT = 2.0     # seconds per decision at most; a cap the default budget never reaches


@dataclass(frozen=True, slots=True)
class Budget:
    samples: int = SAMPLES
    time_limit: float = TIME_LIMIT


def captures_score(profile: Profile) -> bool:
    """Combinations come from captured cards (000): the capture puzzles apply."""
    return profile.declaring.source == "captured"


def endgame_refusal(profile: Profile) -> str:
    """Why this variant has no endgame puzzles ("" when it has)."""
    if not profile.tricks_kept:
        return f"{profile.name} keeps no tricks, so it has no play-off puzzles"
    if captures_score(profile) and profile.players != 2:
        return (f"{profile.name}: the play-off search with scoring captures handles two "
                f"players only")
    return ""


def _capture_record(deal: Deal, card: int, seed: int) -> dict[str, Any]:
    """The capture puzzle of the trick ``card`` completes (the deal is not changed)."""
    trial = copy.deepcopy(deal)
    winner_before = [(set(trial.laid[p]), list(trial.history[p]))
                     for p in range(deal.profile.players)]
    stock = trial.stock_count
    trick = [*trial.trick, card]
    events = trial.apply(next(a for a in trial.legal_actions()
                              if a.type is ActionType.PLAY and a.card == card))
    winner = next(e.player for e in events if e.type == "trick")
    assert winner is not None and deal.trump is not None
    laid, history = winner_before[winner]
    return capture_bank.make_record({
        "variant": deal.profile.name, "trump": Suit(deal.trump).letter,
        "laid": capture_bank._cards(laid), "trick": [str(Card.from_id(c)) for c in trick],
        "history": [{"meld": m.kind, "cards": capture_bank._cards(m.cards)} for m in history]},
        stock, seed)


def game_records(kind: str, profile: Profile, seed: int, budget: Budget = Budget(),
                 min_tricks: int = 2, max_tricks: int | None = None) -> list[dict[str, Any]]:
    """Every record of ``kind`` one expert game offers, in the order seen."""
    if kind == "endgame" and profile.settlement is not None and \
            profile.settlement.skip_hopeless_playoff:
        # a play-off that cannot change the result is still a position to learn from
        profile = profile.with_options(settlement={"skip_hopeless_playoff": False})
    rng = random.Random(seed)
    deal = Deal.new(profile, rng, dealer=seed % profile.players)
    bots = [BotPlayer(LEVEL, random.Random(f"{seed}:{seat}"), budget.samples,
                      budget.time_limit) for seat in range(profile.players)]
    out: list[dict[str, Any]] = []
    collect = _collector(kind, profile, seed, out, min_tricks, max_tricks)
    played = 0
    while not deal.is_over:
        action = bots[deal.to_move].choose_in(deal, deal.to_move)
        collect(deal, action.card if action.type is ActionType.PLAY else None, played)
        if deal.in_playoff and action.type is ActionType.PLAY:
            played += 1
        deal.apply(action)
    return out


Collector = Callable[[Deal, "int | None", int], None]


def _collector(kind: str, profile: Profile, seed: int, out: list[dict[str, Any]],
               min_tricks: int, max_tricks: int | None) -> Collector:
    captures = captures_score(profile)

    def meld_spot(deal: Deal, card: int | None, played: int) -> None:
        if deal.phase == DECLARE and deal.scored_this_turn == 0 and \
                not deal.pending[deal.to_move]:
            spot = DeclareSpot(seed, deal.to_move, deal.stock_count,
                               melds_position(deal, deal.to_move))
            for recs in meld_bank.records_from(spot).values():
                out.extend(recs)

    def capture_spot(deal: Deal, card: int | None, played: int) -> None:
        if card is not None and len(deal.trick) == profile.players - 1:
            out.append(_capture_record(deal, card, seed))

    def playoff_spot(deal: Deal, card: int | None, played: int) -> None:
        if not deal.in_playoff or card is None:
            return
        tricks_left = len(deal.holding(deal.to_move))
        if tricks_left < min_tricks or (max_tricks is not None and tricks_left > max_tricks):
            return
        source = {"deal": seed, "cards_played": played}
        rec = (capture_endgame.make_record(capture_endgame.position_of(deal), seed)
               if captures else endgame.record_for(deal.playoff_position(), source))
        if rec is not None:
            out.append(rec)

    if kind == "meld":
        return capture_spot if captures else meld_spot
    return playoff_spot
