"""A play controller for the UI: a game against a bot, with hints, undo,
auto-play, step-by-step replay and log download/upload. Pure Python.

The app keeps one :class:`PlaySession` per browser tab (in its session
state); nothing here is shared between users.

    >>> s = PlaySession.new("two-handed", seed=3)
    >>> s.human_to_move
    True
    >>> turns = s.act(s.legal()[0])      # the human acts, the bot answers
    >>> turns[0].player == s.human
    True
    >>> s.undo() and len(s.deal.actions) < len(turns) + 99
    True

When the human's only legal action is to draw (a trick won with nothing to declare, and
in Fildinski after every trick won), the draw is made at once, as the human's own turn in
the log (:meth:`PlaySession.draws_by_itself`): never when any other action is legal.

*Deferred* (``defer``, the app): the session never thinks for a seat itself. It stops
where the computer must move (a bot's seat, or the learner's on auto-play) and hands out
a :class:`MachineTurn`, the position's save, the seat and a copy of the player that
moves there (its level, RNG and memory of the deal); :func:`play_turn` works it out,
in another process or not, and :meth:`PlaySession.machine_moved` applies the answer
through the one apply function. The moves are the same as without ``defer``.

*Learning mode* undo replays all but the last human action of the deal from its save
(:func:`engine.rules.replay.deal_prefix`). The bots, hints and play-off verdicts are
:mod:`engine.bots.coach`'s; turns, logs and replays :mod:`engine.rules.replay`'s.
"""

from __future__ import annotations

import json
import pickle
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.bots.coach import (
    HELPER_LEVEL,
    RANDOM_LEVEL,
    BotPlayer,
    Hint,
    default_level,
    engine_hint,
)
from engine.notation.actions import Action, ActionType
from engine.rules.deal import Deal
from engine.rules.game import Game
from engine.rules.profile import Option, Profile, apply_option, load_profile, variant_options
from engine.rules.replay import Turn, actors, deal_prefix, game_prefix, load_game, turns_of
from engine.text.explain import Event, refusal


def seat_role(players: int, player: int, human: int) -> str:
    """The human's name for a seat: ``you``, ``opponent`` (two players),
    ``left``, ``right`` (three) or ``partner``, ``left``, ``right`` (four: play
    passes to the left).

    >>> [seat_role(4, p, 0) for p in range(4)]
    ['you', 'left', 'partner', 'right']
    >>> [seat_role(3, p, 1) for p in range(3)]
    ['right', 'you', 'left']
    """
    if player == human:
        return "you"
    if players == 3:
        return {1: "left", 2: "right"}[(player - human) % 3]
    if players != 4:
        return "opponent"
    return {1: "left", 2: "partner", 3: "right"}[(player - human) % 4]


def has_table_rules(profile: Profile) -> bool:
    """True when the variant's sources fine infractions (its ``penalties`` table)."""
    fines = profile.penalties
    return bool(fines.declare_before_win or fines.not_following or fines.play_before_draw
                or fines.extra_card or fines.false_declaration_all)


def seat_options(profile: Profile) -> list[Option]:
    """The named options of this variant (:func:`variant_options`, the scope the engine
    enforces) that change who plays: every choice sets the number of players."""
    return [option for option in variant_options(profile.name)
            if all(any(not table and any(k == "players" for k, _ in fields)
                       for table, fields in c.changes) for c in option.choices)]


def game_result(game: Game, human: int = 0) -> dict[str, Any]:
    """What the Game log says of a game: ``outcome`` (``won``, ``lost``, ``drawn``, or
    ``""`` while it is played), ``scores`` (the game's score of each side, the human's
    first: settled points where a single deal is settled) and ``deal`` (its number).

    >>> game_result(Game.new(load_profile("two-handed"), random.Random(1)))
    {'outcome': '', 'scores': [0, 0], 'deal': 1}
    """
    profile = game.profile
    mine = profile.team(human)
    order = [mine, *(side for side in range(profile.sides) if side != mine)]
    by_side = game.game_scores if game.game_scores is not None else game.side_totals
    outcome = ""
    if game.result is not None:
        winner = game.result.player
        outcome = "drawn" if winner is None else "won" if winner == mine else "lost"
    return {"outcome": outcome, "scores": [by_side[side] for side in order],
            "deal": len(game.finished_deals) + 1}


def only_draw(deal: Deal, human: int) -> Action | None:
    """The draw, when it is ``human``'s one legal action (nothing to declare after a
    trick won): made without a click. ``None`` otherwise."""
    if deal.is_over or deal.to_move != human:
        return None
    legal = deal.legal_actions()
    return legal[0] if len(legal) == 1 and legal[0].type is ActionType.DRAW else None


@dataclass(frozen=True)
class MachineTurn:
    """The computer's turn to move: ``player`` (the bot or the auto-play helper as it
    stands, pickled: a copy of its level, RNG and memory) at ``seat`` of the deal
    saved as ``position``, where the learner sits at ``human``."""

    position: str
    seat: int
    human: int
    player: bytes


def play_turn(turn: MachineTurn) -> tuple[list[str], BotPlayer]:
    """The computer's moves from ``turn`` (their string forms) and the player after
    them, its RNG and memory moved on: what a worker process sends back. The helper
    makes its one move for the learner; the bots move on, the learner's only-legal
    draws made between, until the learner must act or the deal ends: one answer
    for the learner to wait for, not one per seat."""
    player: BotPlayer = pickle.loads(turn.player)   # noqa: S301 - made by machine_turn
    deal = Deal.loads(turn.position)
    made: list[str] = []
    seat = turn.seat
    while True:
        action = player.choose_in(deal, seat)
        deal.apply(action)
        made.append(str(action))
        if seat == turn.human:
            return made, player
        draw = only_draw(deal, turn.human)
        while draw is not None:
            deal.apply(draw)
            draw = only_draw(deal, turn.human)
        if deal.is_over or deal.to_move == turn.human:
            return made, player
        seat = deal.to_move


def hint_at(position: str, seat: int, lang: str) -> Hint:
    """:func:`engine_hint` for ``seat`` at a position's save (a worker's job)."""
    return engine_hint(Deal.loads(position), seat, lang)


@dataclass
class PlaySession:
    """A game against a bot, as the Play page shows it."""

    game: Game
    seed: int
    level: str = RANDOM_LEVEL
    human: int = 0
    turns: list[Turn] = field(default_factory=list)   # this deal's turns, in order
    undo_count: int = 0
    saved_as: int | None = None   # the progress store's id of this game's save, once saved
    saved_version: int = 0        # the save's version this tab last read or wrote
    auto: set[int] = field(default_factory=set)   # indices in ``turns`` of draws made by themselves
    defer: bool = False           # the computer's moves are asked for, not made (MachineTurn)
    autoplay_left: int = 0        # the learner's moves still to be made by the helper
    _bot: BotPlayer = field(init=False, repr=False)      # plays every other seat
    _helper: BotPlayer = field(init=False, repr=False)   # plays for the human on auto-play

    def __post_init__(self) -> None:
        self._bot = BotPlayer(self.level, random.Random(self.seed * 7 + 1))
        self._helper = BotPlayer(HELPER_LEVEL, random.Random(self.seed * 7 + 2))

    @classmethod
    def new(cls, variant: str = "two-handed", seed: int | None = None,
            level: str | None = None, human: int = 0,
            table_rules: bool = False,
            options: Sequence[tuple[str, str]] = (), defer: bool = False) -> PlaySession:
        """``options``: named options ``(id, choice)`` applied to the variant (e.g.
        ``("players", "3")``); the game keeps them, so its save rebuilds the same table.
        ``table_rules`` is ``("infractions", "penalise")``: the variant's fines instead
        of refusals (002, 004), only where it has a table of fines."""
        if level is None:
            level = default_level()
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        chosen = [(i, c) for i, c in options if i != "infractions"]
        profile = load_profile(variant)
        if has_table_rules(profile) and (table_rules or ("infractions", "penalise") in options):
            chosen.append(("infractions", "penalise"))
        for option_id, choice in chosen:
            profile = apply_option(profile, option_id, choice)
        game = Game.new(profile, random.Random(seed))   # the profile records the options
        session = cls(game, seed, level, human, defer=defer)
        session._run_bot()
        return session

    def set_level(self, level: str) -> None:
        """The bot of ``level`` plays every other seat from now on."""
        self.level = level
        self._bot = BotPlayer(level, random.Random(self.seed * 7 + 1))

    # --- state ------------------------------------------------------------------------

    @property
    def deal(self) -> Deal:
        return self.game.deal

    @property
    def options(self) -> tuple[tuple[str, str], ...]:
        """The named options ``(id, choice)`` this game was built with."""
        return self.game.options

    def option(self, option_id: str) -> str | None:
        return dict(self.options).get(option_id)

    @property
    def bot(self) -> int:
        """The seat after the human's: the opponent of a two-handed game."""
        return (self.human + 1) % self.deal.profile.players

    @property
    def bots(self) -> list[int]:
        """Every seat but the human's (four-handed: the partner too)."""
        return [p for p in range(self.deal.profile.players) if p != self.human]

    @property
    def partner(self) -> int | None:
        return self.deal.partner(self.human)

    def role(self, player: int) -> str:
        """``you``, ``partner``, ``left``, ``right`` (four-handed) or ``opponent``:
        play passes to the left, so the next seat is the left-hand opponent."""
        return seat_role(self.deal.profile.players, player, self.human)

    @property
    def settlement(self) -> Event | None:
        """The ``game_end`` event of a settled single-deal game (its steps: rounding,
        rubicon, bonus), or ``None``."""
        single = self.deal.profile.scoring.end == "single_deal"
        return self.game.result if single and self.game.is_over else None

    @property
    def human_to_move(self) -> bool:
        return not self.deal.is_over and self.deal.to_move == self.human

    def legal(self) -> list[Action]:
        return self.deal.legal_actions() if self.human_to_move else []

    def would_be_legal(self, action: Action) -> bool:
        return action in self.legal()

    @property
    def can_undo(self) -> bool:
        return any(t.player == self.human for t in self.turns) or (
            not self.turns and bool(self.deal.actions)
            and self.human in actors(self.deal))

    # --- acting -----------------------------------------------------------------------

    def _apply(self, player: int, action: Action) -> Turn:
        events = self.deal.apply(action)
        turn = Turn(player, action, tuple(events))
        self.turns.append(turn)
        return turn

    def draws_by_itself(self, deal: Deal | None = None) -> Action | None:
        """The draw, when it is the human's one legal action (nothing to declare after
        a trick won): the session makes it without a click. ``None`` otherwise."""
        return only_draw(deal or self.deal, self.human)

    def _player(self, seat: int) -> BotPlayer:
        """Who moves for ``seat``: the bot, or at the learner's seat the auto-play helper."""
        return self._helper if seat == self.human else self._bot

    def machine_seat(self) -> int | None:
        """The seat the computer must move now (a bot's, or the learner's while
        auto-play goes on), or None."""
        deal = self.deal
        if deal.is_over or (deal.to_move == self.human and self.autoplay_left <= 0):
            return None
        return deal.to_move

    def _run_bot(self, answers: list[str] | None = None) -> list[Turn]:
        """Every other seat moves until the human must act or the deal ends (the human's
        only-legal draw is made by itself, :meth:`draws_by_itself`; on auto-play the
        helper moves for the human); a deal that ends the game (one deal, the target
        reached) is settled or decided at once, never followed by a "Next deal".
        ``answers``: the computer's moves worked out elsewhere (:func:`play_turn`),
        made first. Deferred, it stops at the computer's first move beyond them."""
        done: list[Turn] = []
        deal = self.deal
        while not deal.is_over:
            seat = deal.to_move
            if seat == self.human:
                draw = self.draws_by_itself()
                if draw is not None:
                    self.auto.add(len(self.turns))
                    done.append(self._apply(seat, draw))
                    continue
                if self.autoplay_left <= 0:
                    break
            if answers:
                action = Action.parse(answers.pop(0))
            elif self.defer:
                break
            else:
                action = self._player(seat).choose_in(deal, seat)
            done.append(self._machine_move(seat, action))
        if deal.is_over:
            self.autoplay_left = 0
            if not self.game.is_over and (deal.profile.one_deal_game or self.game.decided):
                self.game.next_deal()
        return done

    def _machine_move(self, seat: int, action: Action) -> Turn:
        turn = self._apply(seat, action)
        if seat == self.human:
            self.autoplay_left -= 1
        return turn

    def machine_turn(self) -> MachineTurn | None:
        """The computer's move to work out now (deferred), or None."""
        seat = self.machine_seat()
        if seat is None:
            return None
        return MachineTurn(self.deal.dumps(), seat, self.human,
                           pickle.dumps(self._player(seat)))

    def run_machine(self) -> list[Turn]:
        """Make the computer's moves here, as far as the learner's next decision (a
        deferred session without workers)."""
        deferred, self.defer = self.defer, False
        try:
            return self._run_bot()
        finally:
            self.defer = deferred

    def machine_moved(self, turn: MachineTurn, actions: Sequence[str],
                      player: BotPlayer) -> list[Turn] | None:
        """Make ``actions``, the moves worked out for ``turn`` (:func:`play_turn`),
        through the one apply function, and go on as far as the learner's next decision
        or the computer's next move; ``player`` (its RNG and memory moved on) moves for
        that seat from now on, unless its level was changed meanwhile. None, changing
        nothing, when the game is no longer at ``turn`` (an undo, another game). A move
        that is not legal where it comes raises the apply function's error."""
        if self.machine_seat() != turn.seat or self.deal.dumps() != turn.position:
            return None
        if player.level == self._player(turn.seat).level:
            if turn.seat == self.human:
                self._helper = player
            else:
                self._bot = player
        return self._run_bot(list(actions))

    def act(self, action: Action) -> list[Turn]:
        """Apply the human's action, then the bot's answers. An illegal action raises
        :class:`IllegalActionError` (with the rule) and changes nothing."""
        if self.deal.is_over:
            raise refusal("deal.over", "refuse_deal_over")
        if self.deal.to_move != self.human:
            raise refusal("deal.action", "refuse_not_your_turn")
        first = self._apply(self.human, action)
        self.autoplay_left = 0   # the learner plays: auto-play ends
        return [first, *self._run_bot()]

    def act_text(self, text: str) -> list[Turn]:
        """:meth:`act` on an action's string form (``declare bezique QS#1 JD#1``)."""
        legal = {str(a): a for a in self.legal()}
        return self.act(legal.get(text) or Action.parse(text))

    def play_card(self, card: int) -> list[Turn]:
        return self.act(Action.play(card))

    def hint(self, lang: str = "en") -> Hint | None:
        if not self.human_to_move:
            return None
        return engine_hint(self.deal, self.human, lang)

    def autoplay(self, count: int) -> list[Turn]:
        """Play ``count`` human actions for the human (a :data:`HELPER_LEVEL` bot);
        stops at the end of the deal. Deferred, the helper's moves are machine turns
        (:meth:`machine_turn`) like the bot's."""
        if not self.human_to_move:
            return []
        self.autoplay_left = max(0, count)
        return self._run_bot()

    def autoplay_to_end(self) -> list[Turn]:
        return self.autoplay(10_000)

    def undo(self) -> bool:
        """Learning mode: replay all but the last human action of the deal."""
        who = actors(self.deal)
        mine = [i for i, p in enumerate(who) if p == self.human]
        if not mine:
            return False
        # A draw made by itself is no decision: undo the human's action before it.
        restored = deal_prefix(self.deal, mine[-1])
        while len(mine) > 1 and self.draws_by_itself(restored) is not None:
            mine.pop()
            restored = deal_prefix(self.deal, mine[-1])
        cut = mine[-1]
        self.game.deal = restored
        self.auto = set()
        self.game.result = None
        self.game.game_scores = None
        self.turns = turns_of(restored, who[:cut])
        self.undo_count += 1
        self.autoplay_left = 0
        return True

    def next_deal(self) -> Event:
        """Close a finished deal: the game ends or a new deal starts (bot may lead)."""
        event = self.game.next_deal()
        if not self.game.is_over:
            self.turns = []
            self.auto = set()
            self._run_bot()
        return event

    def by_itself(self, turn: Turn) -> bool:
        """Whether ``turn`` is a draw the session made for the human (nothing to declare)."""
        return any(self.turns[i] is turn for i in self.auto if i < len(self.turns))

    def last_events(self) -> list[Turn]:
        """The turns since the human's previous action (what to explain now); a draw
        made by itself is shown, but the human's choice before it starts the run."""
        out: list[Turn] = []
        for index in range(len(self.turns) - 1, -1, -1):
            turn = self.turns[index]
            out.append(turn)
            if turn.player == self.human and index not in self.auto:
                break
        return list(reversed(out))

    # --- logs ---------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The game's save (with its options); :meth:`loads` reads it back."""
        return self.game.to_json()

    def dumps(self) -> str:
        return self.game.dumps()

    @classmethod
    def fork(cls, game: Game, deal_number: int, index: int, level: str | None = None,
             human: int = 0, defer: bool = False) -> PlaySession:
        """A new session that plays on from a step of ``game`` (a replay's position):
        a copy, so ``game`` itself is kept as it is."""
        return cls.loads(json.dumps(game_prefix(game, deal_number, index)), level, human,
                         defer=defer)

    @classmethod
    def loads(cls, data: bytes | str, level: str | None = None, human: int = 0,
              seed: int = 0, defer: bool = False) -> PlaySession:
        """A session that continues a saved game; :class:`CorruptSaveError` on bad input."""
        game = load_game(data)
        level = level or default_level()
        session = cls(game, seed, level, human, turns_of(game.deal, actors(game.deal)),
                      defer=defer)
        session._run_bot()
        return session


__all__ = ["MachineTurn", "PlaySession", "game_result", "has_table_rules", "hint_at",
           "only_draw", "play_turn", "seat_options", "seat_role"]
