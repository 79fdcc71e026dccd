"""Game logs and their replay: who made each action, a deal or game cut back to an
earlier step, an uploaded log read safely, and a step-by-step :class:`Replay`.

    >>> import random
    >>> from engine.rules.profile import load_profile
    >>> game = Game.new(load_profile("two-handed"), random.Random(3))
    >>> for _ in range(4):
    ...     _ = game.deal.apply(game.deal.legal_actions()[0])
    >>> replay = Replay(load_game(game.dumps()))
    >>> step = replay.at(1, 2)
    >>> step.turn.action == game.deal.actions[1], len(step.deal.actions)
    (True, 2)

Terminology
-----------
* a *turn* is one action of one player with the events it caused;
* a *prefix* of a deal or game is it as it stood after its first actions, rebuilt from
  its save (:meth:`engine.rules.deal.Deal.to_json` / :meth:`~engine.rules.deal.Deal.from_json`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.errors import CorruptSaveError
from engine.notation.actions import Action
from engine.rules.deal import Deal
from engine.rules.game import Game
from engine.text.explain import Event

MAX_LOG_BYTES = 1_000_000


@dataclass(frozen=True)
class Turn:
    """One action of one player and the events it caused."""

    player: int
    action: Action
    events: tuple[Event, ...]


def _fresh(deal: Deal) -> Deal:
    """The deal as it was dealt, before any action."""
    return Deal(deal.profile, deal.deck, deal.dealer, deal.prior_trumps, deal.prior_totals)


def actors(deal: Deal) -> list[int]:
    """Who made each of the deal's actions (replayed from its deck)."""
    fresh = _fresh(deal)
    who = []
    for action in deal.actions:
        who.append(fresh.to_move)
        fresh.apply(action)
    return who


def turns_of(deal: Deal, who: Sequence[int]) -> list[Turn]:
    """Split a deal's events into turns by replaying it; ``who`` made each action
    (:func:`actors`)."""
    fresh = _fresh(deal)
    return [Turn(player, action, tuple(fresh.apply(action)))
            for action, player in zip(deal.actions, who, strict=False)]


def deal_prefix(deal: Deal, count: int) -> Deal:
    """The deal after its first ``count`` actions (replayed from the save)."""
    data = deal.to_json()
    data["actions"] = data["actions"][:max(0, count)]
    return Deal.from_json(data, deal.profile)


def game_prefix(game: Game, deal_number: int, index: int) -> dict[str, Any]:
    """The save of ``game`` as it stood after ``index`` actions of deal ``deal_number``
    (1-based): the earlier deals whole, the later ones dropped. ``game`` is unchanged."""
    data = game.to_json()
    deals = data["deals"]
    deal_number = max(1, min(deal_number, len(deals)))
    data["deals"] = deals[:deal_number]
    last = data["deals"][-1]
    last["actions"] = last["actions"][:max(0, index)]
    return data


def load_game(data: bytes | str) -> Game:
    """Parse an uploaded game log; anything wrong raises :class:`CorruptSaveError`."""
    if not isinstance(data, (bytes, str)):
        raise CorruptSaveError("a game log must be text")
    if len(data) > MAX_LOG_BYTES:
        raise CorruptSaveError(f"the file is larger than {MAX_LOG_BYTES // 1000} kB")
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise CorruptSaveError("the file is not UTF-8 text") from exc
    try:
        return Game.loads(data)
    except CorruptSaveError:
        raise
    except (ValueError, RecursionError, TypeError, KeyError, AttributeError) as exc:
        raise CorruptSaveError(f"the game log is malformed: {exc}") from exc


@dataclass(frozen=True)
class ReplayStep:
    """One step of a replay: a deal after ``index`` of its actions."""

    deal_number: int      # 1-based
    index: int            # actions applied
    deal: Deal
    turn: Turn | None     # the action that led here (None at the start of a deal)


class Replay:
    """Step through a game's actions, deal by deal. Each position is rebuilt by
    replaying the deal's save (a few milliseconds), so nothing big is stored."""

    def __init__(self, game: Game) -> None:
        self.deals: list[Deal] = [*game.finished_deals, game.deal]
        self._who = [actors(d) for d in self.deals]

    def length(self, deal_number: int) -> int:
        return len(self.deals[deal_number - 1].actions)

    def at(self, deal_number: int, index: int) -> ReplayStep:
        """The position of deal ``deal_number`` (1-based) after ``index`` actions."""
        deal_number = max(1, min(deal_number, len(self.deals)))
        source = self.deals[deal_number - 1]
        index = max(0, min(index, len(source.actions)))
        if index == 0:
            return ReplayStep(deal_number, 0, deal_prefix(source, 0), None)
        deal = deal_prefix(source, index - 1)
        action = source.actions[index - 1]
        events = tuple(deal.apply(action))
        turn = Turn(self._who[deal_number - 1][index - 1], action, events)
        return ReplayStep(deal_number, index, deal, turn)


__all__ = ["MAX_LOG_BYTES", "Replay", "ReplayStep", "Turn", "actors", "deal_prefix",
           "game_prefix", "load_game", "turns_of"]
