"""Puzzle positions from bot-against-bot games at the expert level.

One deal is played by :class:`engine.bots.coach.BotPlayer` at the ``expert`` level
for every seat, at a reduced search budget (``deals`` of the unseen cards per
decision; the search stops when they are done, never on the clock, so a game is a
pure function of its seed and budget). Before each action the
collectors look at the table and turn what they see into bank records, each
built and checked by the engine or the solver:

* ``meld``, declaring from the hand: the trick winner before a declaration
  (:func:`puzzles.meld_bank.records_from`);
* ``meld``, combinations from captures (000): the state before a trick is won
  (:func:`puzzles.capture_bank.make_record`);
* ``stock``: every decision while the stock lasts with more than one distinct move,
  kept when one move is clearly best (:func:`puzzles.stock_bank.find_puzzle`);
* ``endgame``: every play-off position with ``min_tricks`` to ``max_tricks``
  tricks left, before each card, leads and replies of every seat
  (:func:`puzzles.endgame.record_for`; with captures that keep scoring,
  :func:`puzzles.capture_endgame.make_record`, four-handed one duel of the split
  play-off, each kept only when the engine, playing the solver's line in a copy of
  the deal, scores the solver's value), and every position one card off the
  game's line: the position after each other legal card (``source["instead_of"]``
  names the card the game played). Those are lichess's puzzles: the position right
  after a mistake, with the deal and the hands of a real game.

What a game offers is a list of :class:`Candidate` positions, each made into
records only when the picker (:mod:`puzzles.generate`) wants it, so a game's
many positions cost a solve only when they can join the bank: the bots' search
budget, not the puzzles, sets the speed.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.bots.coach import BotPlayer
from engine.bots.search import StrongBot
from engine.errors import BeziqueError
from engine.notation.actions import ActionType
from engine.notation.cards import Card
from engine.rules.capture_playoff import duel_refusal
from engine.rules.deal import DECLARE, LEAD, Deal
from engine.rules.effects import several_effects
from engine.rules.profile import Profile
from engine.solver import Position
from puzzles import capture_bank, capture_endgame, endgame, meld_bank, stock_bank
from puzzles.simulate import DeclareSpot, melds_position
from puzzles.stock_judge import NO_LIMIT

LEVEL = "expert"
DEALS = 6            # deals per decision (the app's expert: the game's floor, [bots])


@dataclass(frozen=True, slots=True)
class Budget:
    """The expert bots' search per decision, in deals of the unseen cards."""

    deals: int = DEALS


@dataclass(frozen=True, slots=True)
class Candidate:
    """One position of a game: ``group`` spreads the picks (an endgame's tricks left,
    0 for meld spots) and ``make`` builds its records (solving an endgame); ``types``,
    when known, are the question types its records can have (a candidate none of
    whose types has room is not made)."""

    group: int
    make: Callable[[], list[dict[str, Any]]]
    types: tuple[str, ...] | None = None


def captures_score(profile: Profile) -> bool:
    """Combinations come from captured cards (000): the capture puzzles apply."""
    return profile.declaring.source == "captured"


def endgame_refusal(profile: Profile) -> str:
    """Why this variant has no endgame puzzles ("" when it has)."""
    if not profile.tricks_kept:
        return f"{profile.name} keeps no tricks, so it has no play-off puzzles"
    if captures_score(profile):
        return duel_refusal(profile)
    return ""


def _capture_record(deal: Deal, card: int, seed: int) -> dict[str, Any]:
    """The capture puzzle of the trick ``card`` completes (the deal is not changed)."""
    trial = copy.deepcopy(deal)
    winner_before = [(set(trial.laid[p]), list(trial.history[p]))
                     for p in range(deal.profile.players)]
    stock = trial.stock_count
    trick = [*trial.trick, card]
    positions = [capture_bank.position_of(trial, trick, *b) for b in winner_before]
    events = trial.apply(next(a for a in trial.legal_actions()
                              if a.type is ActionType.PLAY and a.card == card))
    winner = next(e.player for e in events if e.type == "trick")
    assert winner is not None
    return capture_bank.make_record(positions[winner], stock, seed)


def game_records(kind: str, profile: Profile, seed: int, budget: Budget = Budget(),
                 min_tricks: int = 2, max_tricks: int | None = None) -> list[dict[str, Any]]:
    """Every record of ``kind`` one expert game offers (every candidate made)."""
    return [rec for cand in game_candidates(kind, profile, seed, budget, min_tricks, max_tricks)
            for rec in cand.make()]


def game_candidates(kind: str, profile: Profile, seed: int, budget: Budget = Budget(),
                    min_tricks: int = 2, max_tricks: int | None = None) -> list[Candidate]:
    """Every position of ``kind`` one expert game offers, in the order seen."""
    if kind == "endgame" and profile.settlement is not None and \
            profile.settlement.skip_hopeless_playoff:
        # a play-off that cannot change the result is still a position to learn from
        profile = profile.with_options(settlement={"skip_hopeless_playoff": False})
    rng = random.Random(seed)
    deal = Deal.new(profile, rng, dealer=seed % profile.players)
    bots = [BotPlayer(LEVEL, random.Random(f"{seed}:{seat}"), budget.deals)
            for seat in range(profile.players)]
    for player in bots:
        # no safety bound: a game is the same on a loaded machine as on a quiet one (a
        # search cut short plays another move, and the bank goes another way)
        if isinstance(player.bot, StrongBot):
            player.bot.max_seconds = NO_LIMIT
    out: list[Candidate] = []
    collect = _collector(kind, profile, seed, out, min_tricks, max_tricks)
    # declarations end with the stock: a meld game stops there (the play-off's
    # searches would only cost time), unless captures keep scoring
    stop_at_playoff = kind == "stock" or (kind == "meld" and not captures_score(profile))
    played = 0
    while not deal.is_over and not (stop_at_playoff and deal.in_playoff):
        action = bots[deal.to_move].choose_in(deal, deal.to_move)
        collect(deal, action.card if action.type is ActionType.PLAY else None, played)
        if deal.in_playoff and action.type is ActionType.PLAY:
            played += 1
        deal.apply(action)
    return out


Collector = Callable[[Deal, "int | None", int], None]


def _in_range(tricks_left: int, min_tricks: int, max_tricks: int | None) -> bool:
    return tricks_left >= min_tricks and (max_tricks is None or tricks_left <= max_tricks)


def _solved(position: Position, source: dict[str, Any]) -> Candidate:
    def make() -> list[dict[str, Any]]:
        rec = endgame.record_for(position, source)
        return [] if rec is None else [rec]

    return Candidate(position.tricks_left, make)


def _collector(kind: str, profile: Profile, seed: int, out: list[Candidate],
               min_tricks: int, max_tricks: int | None) -> Collector:
    captures = captures_score(profile)

    def meld_spot(deal: Deal, card: int | None, played: int) -> None:
        if deal.phase == DECLARE and deal.scored_this_turn == 0 and \
                not deal.pending[deal.to_move]:
            spot = DeclareSpot(seed, deal.to_move, deal.stock_count,
                               melds_position(deal, deal.to_move))
            out.append(Candidate(0, lambda: [rec for recs in meld_bank.records_from(spot).values()
                                             for rec in recs]))

    def capture_spot(deal: Deal, card: int | None, played: int) -> None:
        if card is not None and len(deal.trick) == profile.players - 1:
            rec = _capture_record(deal, card, seed)
            out.append(Candidate(0, lambda: [rec]))

    def capture_playoff_spot(deal: Deal, card: int | None, played: int) -> None:
        if not deal.in_playoff or card is None or \
                not _in_range(len(deal.holding(deal.to_move)), min_tricks, max_tricks):
            return
        position = capture_endgame.position_of(deal)
        here = deal.copy()

        def make() -> list[dict[str, Any]]:
            if capture_endgame.game_meld_within_reach(here):
                return []
            rec = capture_endgame.make_record(position, seed)
            # the engine plays the solver's line: the points it scores are the value
            if rec is None or capture_endgame.played_value(here, rec) != rec["value"]:
                return []
            return [rec]

        out.append(Candidate(len(deal.holding(deal.to_move)), make))

    def playoff_spot(deal: Deal, card: int | None, played: int) -> None:
        if not deal.in_playoff or card is None:
            return
        position = deal.playoff_position()
        source = {"deal": seed, "cards_played": played}
        if _in_range(position.tricks_left, min_tricks, max_tricks):
            out.append(_solved(position, source))
        played_face = Card.from_id(card).face
        for face in endgame.legal_faces(position):
            if face == played_face:
                continue
            after = endgame.play_card(position, face)
            if after is not None and _in_range(after.tricks_left, min_tricks, max_tricks):
                out.append(_solved(after, {**source, "cards_played": played + 1,
                                           "instead_of": played_face, "played": face}))

    if kind == "stock":
        return _stock_spot(seed, out)
    if kind == "meld":
        return capture_spot if captures else meld_spot
    return capture_playoff_spot if captures else playoff_spot



def _stock_spot(seed: int, out: list[Candidate]) -> Collector:
    def collect(deal: Deal, card: int | None, played: int) -> None:
        if deal.in_playoff or not several_effects(deal, deal.legal_actions()):
            return
        here = deal.copy()
        source = {"deal": seed, "actions": len(here.actions)}

        def make() -> list[dict[str, Any]]:
            try:
                found = stock_bank.find_puzzle(here)
            except BeziqueError:   # nothing to judge here after all
                return []
            return [] if found is None else [stock_bank.record_for(here, *found, source)]

        out.append(Candidate(0, make, _stock_types(here)))

    return collect


def _stock_types(deal: Deal) -> tuple[str, ...]:
    """The question types a stock decision can make (:data:`puzzles.stock_judge.QUESTIONS`)."""
    if deal.phase == DECLARE:
        return ("declare", "exchange")
    return ("lead",) if deal.phase == LEAD else ("follow", "win_or_let_go")
