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

Terminology
-----------
* a *turn* is one action of one player with the events it caused;
* *learning mode* undo replays all but the last human action of the deal from
  its save (:meth:`engine.rules.deal.Deal.to_json` / :meth:`~engine.rules.deal.Deal.from_json`).

Adapters (engine parts the UI uses while they are being written): the bot
falls back to a seeded random legal player when :mod:`engine.bots` is missing;
the play-off verdicts come from ``engine.solver.analyse`` when it exists, else
from the exact play-off values of :mod:`engine.bots.playoff` (hidden without either);
:func:`explain_melds` gives :func:`engine.rules.meld_query.query` answers in either language.
"""

from __future__ import annotations

import importlib
import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.errors import BeziqueError, CorruptSaveError, IllegalActionError
from engine.notation.actions import Action, ActionType
from engine.notation.cards import Card, parse_card
from engine.rules.deal import DECLARE, LEAD, Deal
from engine.rules.game import Game
from engine.rules.meld_query import query
from engine.rules.profile import Option, apply_option, load_profile
from engine.rules.profile import options as all_options
from engine.rules.tricks import beats, is_brisque, rank_of, suit_of, trick_best
from engine.text.explain import Event

MAX_LOG_BYTES = 1_000_000
RANDOM_LEVEL = "random"
BOT_TIME_LIMIT = 0.4      # seconds per decision of the strongest bot (UI stays responsive)
HINT_SAMPLES = 10         # determinizations per hint (engine.bots.hint)
HELPER_LEVEL = "club"     # who plays for the human on auto-play
AUTO_VERDICT_TRICKS = 9   # longer ones: the play-off verdicts only on demand (~0.1-1 s)


# --- optional engine parts ------------------------------------------------------------

def _optional(module: str) -> Any:
    try:
        return importlib.import_module(module)
    except ImportError:
        return None


def level_description(level: str, lang: str = "en") -> str:
    """What a bot level plays like (:data:`engine.bots.LEVEL_DESCRIPTIONS`), or ``""``."""
    bots = _optional("engine.bots")
    texts = getattr(bots, "LEVEL_DESCRIPTIONS", {}).get(level) if bots is not None else None
    return "" if not texts else str(texts[1] if lang == "ru" else texts[0])


def bot_levels() -> tuple[str, ...]:
    """The bot levels on offer: :data:`engine.bots.LEVELS`, or just ``random``."""
    bots = _optional("engine.bots")
    levels = tuple(getattr(bots, "LEVELS", ())) if bots is not None else ()
    return levels or (RANDOM_LEVEL,)


class _BotPlayer:
    """A bot of :mod:`engine.bots` by level; a random legal player without it.

    Where a bot cannot play (it raises: :class:`engine.rules.view.PlayerView` covers two
    players only, so every four-handed seat), the plain-rules player
    :func:`simple_hint` moves instead (a random legal action at level ``random``).
    In a two-player play-off the exact solver :mod:`engine.solver` picks the card
    (the bots' own exact play-off search takes up to minutes with 12 or 13 cards
    each; the solver well under a second)."""

    def __init__(self, level: str, rng: random.Random) -> None:
        self.rng = rng
        self.level = level
        self.bot: Any = None
        bots = _optional("engine.bots")
        if bots is not None and level != RANDOM_LEVEL and hasattr(bots, "make_bot"):
            try:
                self.bot = bots.make_bot(level, rng, time_limit=BOT_TIME_LIMIT)
            except TypeError:
                self.bot = bots.make_bot(level, rng)

    def choose_in(self, deal: Deal, seat: int) -> Action:
        legal = deal.legal_actions()
        if self.level == RANDOM_LEVEL or len(legal) == 1:
            return self.rng.choice(legal)
        if _solver_plays(deal):
            noise = float(getattr(self.bot, "noise", 0.0) or 0.0)
            if noise and self.rng.random() < noise:
                return self.rng.choice(legal)
            best = _solver_best(deal)
            if best is not None:
                return best
        if self.bot is not None:
            try:
                from engine.rules.view import PlayerView

                action = self.bot.choose(PlayerView.of(deal, seat))
                if action in legal:
                    return action  # type: ignore[no-any-return]
            except Exception:  # noqa: BLE001 - a faulty bot must not break the game
                pass
        try:
            return simple_hint(deal).action
        except Exception:  # noqa: BLE001
            return self.rng.choice(legal)


def _solver_plays(deal: Deal) -> bool:
    return (deal.profile.players == 2 and deal.in_playoff and not deal.is_over
            and deal.phase != DECLARE)


def _solver_best(deal: Deal) -> Action | None:
    """The solver's best card for the player to move (the cheapest of equal ones)."""
    try:
        values = _solver_values(deal)
    except Exception:  # noqa: BLE001
        return None
    if not values:
        return None
    legal = [a.card for a in deal.legal_actions() if a.type is ActionType.PLAY]
    scored = {c: values[c] for c in legal if c in values}
    if not scored:
        return None
    top = max(scored.values())
    return Action.play(min((c for c, v in scored.items() if v == top),
                           key=lambda c: _cheapness(c, deal.trump)))


def default_level() -> str:
    """The level a new game uses unless the player picks another."""
    levels = bot_levels()
    return "club" if "club" in levels else levels[0]


# --- hints ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Hint:
    """What the engine suggests: an action and the reasons.

    ``reasons`` are ready strings (from :func:`engine.bots.hint`); ``keys`` are
    message keys with parameters for the app's catalogue (the fallback hint)."""

    action: Action
    reasons: tuple[str, ...] = ()
    keys: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()


def _key(name: str, **params: object) -> tuple[str, tuple[tuple[str, str], ...]]:
    return (name, tuple((k, str(v)) for k, v in params.items()))


def _pretty(card: int) -> str:
    return Card.from_id(card).pretty


def _cheapness(card: int, trump: int | None) -> tuple[int, int, int]:
    """Lower is cheaper to give away: non-brisque, non-trump, low rank."""
    return (int(is_brisque(card)), int(suit_of(card) == trump), rank_of(card))


def simple_hint(deal: Deal) -> Hint:
    """A plain-rules hint for the player to move (used when engine.bots is missing or
    cannot play, e.g. for every seat of a four-handed deal): claim a carte blanche,
    declare the best meld, lead low, win a brisque cheaply, never overtake a partner."""
    legal = deal.legal_actions()
    if not legal:
        raise BeziqueError("the deal is over")
    blanche = next((a for a in legal if a.type is ActionType.CARTE_BLANCHE), None)
    if blanche is not None:
        return Hint(blanche, keys=(_key("hint.blanche",
                                        points=deal.profile.declaring.carte_blanche),))
    if deal.phase == DECLARE:
        melds = [a for a in legal if a.type in (ActionType.DECLARE, ActionType.SCORE_PENDING)]
        if melds:
            best = max(melds, key=lambda a: deal.profile.meld(a.meld).points)
            return Hint(best, keys=(_key("hint.declare_best", meld=best.meld,
                                         points=deal.profile.meld(best.meld).points),))
        for kind in (ActionType.EXCHANGE_SEVEN, ActionType.SHOW_SEVEN):
            sevens = [a for a in legal if a.type is kind]
            if sevens:
                # 004 (jokers): the nine replaces the turn-up for nothing but the card
                key = "hint.seven" if deal.profile.dix.points else "hint.turn_up"
                return Hint(sevens[0], keys=(_key(key, card=_pretty(sevens[0].card)),))
        draw = next(a for a in legal if a.type is ActionType.DRAW)
        return Hint(draw, keys=(_key("hint.draw"),))
    solved = playoff_verdicts(deal) if verdicts_are_quick(deal) else None
    if solved:
        best_card = min(solved, key=lambda c: (solved[c].loss, _cheapness(c, deal.trump)))
        return Hint(Action.play(best_card),
                    keys=(_key("hint.solver", card=_pretty(best_card)),))
    cards = [a.card for a in legal if a.type is ActionType.PLAY]
    if deal.phase == LEAD:
        card = min(cards, key=lambda c: _cheapness(c, deal.trump))
        return Hint(Action.play(card), keys=(_key("hint.lead_low", card=_pretty(card)),))
    index = trick_best(deal.trick, deal.trump)
    top = deal.trick[index]
    winning = deal.trick_seats()[index]
    if deal.partner(deal.to_move) == winning:
        card = min(cards, key=lambda c: _cheapness(c, deal.trump))
        return Hint(Action.play(card), keys=(_key("hint.partner_wins", card=_pretty(card)),))
    winners = [c for c in cards if beats(top, c, deal.trump)]
    if winners and (any(is_brisque(c) for c in deal.trick) or deal.in_playoff):
        card = min(winners, key=lambda c: _cheapness(c, deal.trump))
        return Hint(Action.play(card), keys=(_key("hint.win_cheaply", card=_pretty(card),
                                                  lead=_pretty(top)),))
    card = min(cards, key=lambda c: _cheapness(c, deal.trump))
    return Hint(Action.play(card), keys=(_key("hint.throw_low", card=_pretty(card)),))


def engine_hint(deal: Deal, seat: int, lang: str = "en") -> Hint:
    """:func:`engine.bots.hint` when it exists, else :func:`simple_hint`."""
    bots = _optional("engine.bots")
    if bots is not None and hasattr(bots, "hint"):
        try:
            try:
                found = bots.hint(deal, seat, lang=lang, samples=HINT_SAMPLES)
            except TypeError:
                found = bots.hint(deal, seat)
            if found.action in deal.legal_actions():
                return Hint(found.action, tuple(str(r) for r in getattr(found, "reasons", ())))
        except Exception:  # noqa: BLE001 - fall back to the plain hint
            pass
    return simple_hint(deal)


# --- play-off verdicts -------------------------------------------------------------

@dataclass(frozen=True)
class CardVerdict:
    """The solver's verdict on one legal card: points lost against best play (0 for a
    best card) and the opponent's refuting reply, if any."""

    loss: int
    refutation: str = ""
    # What the loss means to the learner (Scale.loss_split): "points", or in a game
    # where brisques only break ties "last_trick" / "brisques"; ``points`` is then
    # the bonus or the brisques given up (``loss`` is the weighted search value).
    kind: str = "points"
    points: int = 0


def has_playoff_verdicts(deal: Deal) -> bool:
    """Whether the exact solver judges this game's play-off cards: two players, or
    four in partnerships (values for the side; not where captures still form
    melds, which only the two-player capture search counts)."""
    profile = deal.profile
    return profile.players == 2 or (profile.players == 4 and profile.partnerships
                                    and profile.declaring.source != "captured")


def verdicts_are_quick(deal: Deal) -> bool:
    """Whether :func:`playoff_verdicts` is cheap enough to compute on every redraw:
    two players with at most :data:`AUTO_VERDICT_TRICKS` cards each (a few ms); the
    12- and 13-card play-offs of Chinese and eight-pack Bezique take up to ~1 s.
    Four seats in partnerships: with the compiled search (numba), every play-off of
    up to :data:`AUTO_VERDICT_TRICKS` cards (9 cards, 6 packs: ~0.1 s, at most
    ~0.3 s); the pure-Python search takes seconds, so then only on demand."""
    if len(deal.holding(deal.to_move)) > AUTO_VERDICT_TRICKS:
        return False
    if deal.profile.players == 2:
        return True
    if not has_playoff_verdicts(deal):
        return False
    from engine.solver.kernel4 import kernel_available

    return kernel_available()


def playoff_verdicts(deal: Deal) -> dict[int, CardVerdict] | None:
    """The exact verdict on every legal card of the player to move in the play-off,
    or ``None`` when not in the play-off, without an exact solver for the table
    (:func:`has_playoff_verdicts`), or when no exact solver is available. With four
    seats the values and losses are the side's.

    Uses :func:`engine.solver.solve` (values and refutations); without it the exact
    play-off values of :mod:`engine.bots.playoff`. The refutation of a worse card is
    the opponent's best answer."""
    if (not has_playoff_verdicts(deal) or not deal.in_playoff or deal.is_over
            or deal.phase == DECLARE):
        return None
    legal = [a.card for a in deal.legal_actions() if a.type is ActionType.PLAY]
    if deal.profile.declaring.source == "captured":
        return _capture_verdicts(deal, legal)
    replies: dict[str, str] = {}
    try:
        solved = _solve(deal)
        if solved is not None:
            values = _by_card(legal, dict(solved.moves))
            replies = {r.move: r.reply for r in solved.refutations}
        else:
            values = _bot_values(deal) or {}
        from engine.solver.analysis import Scale

        scale = Scale.from_profile(deal.profile)
    except Exception:  # noqa: BLE001 - the verdicts are an extra; never break play
        return None
    if not values:
        return None
    best = max(values.values())
    out: dict[int, CardVerdict] = {}
    for card in legal:
        value = values.get(card)
        if value is None:
            same = [v for c, v in values.items() if c % 32 == card % 32]
            if not same:
                continue
            value = same[0]
        reply = replies.get(Card.from_id(card).face, "") if value < best else ""
        kind, points = scale.loss_split(best, value)
        out[card] = CardVerdict(best - value, parse_card(reply).pretty if reply else "",
                                kind, points)
    return out or None


def _capture_verdicts(deal: Deal, legal: Sequence[int]) -> dict[int, CardVerdict] | None:
    """000: the brisque-only solver would miss the combinations captures still form,
    so the capture search decides, for the last few tricks only (it is slower)."""
    from engine.bots.heuristic import EXACT_CAPTURE_TRICKS
    from engine.rules.capture_playoff import solve

    if deal.trump is None or len(deal.hands[deal.to_move]) > EXACT_CAPTURE_TRICKS:
        return None
    solution = solve(deal.profile, deal.trump, (frozenset(deal.hands[0]),
                                                frozenset(deal.hands[1])),
                     deal.leader, tuple(deal.trick),
                     (frozenset(deal.laid[0]), frozenset(deal.laid[1])),
                     (tuple(deal.history[0]), tuple(deal.history[1])),
                     frozenset(deal.dix_counted))
    values = dict(solution.moves)
    return {c: CardVerdict(solution.value - values[c], points=solution.value - values[c])
            for c in legal if c in values} or None


def _by_card(legal: Sequence[int], by_face: dict[str, int]) -> dict[int, int]:
    return {c: by_face[Card.from_id(c).face] for c in legal if Card.from_id(c).face in by_face}


def _solve(deal: Deal) -> Any:
    solver = _optional("engine.solver")
    solve = getattr(solver, "solve", None) if solver is not None else None
    return None if solve is None else solve(deal.playoff_position())


def _solver_values(deal: Deal) -> dict[int, int] | None:
    """Values by card id from :func:`engine.solver.move_values` (no refutations)."""
    solver = _optional("engine.solver")
    values = getattr(solver, "move_values", None) if solver is not None else None
    if values is None:
        return None
    legal = [a.card for a in deal.legal_actions() if a.type is ActionType.PLAY]
    return _by_card(legal, values(deal.playoff_position())) or None


def _bot_values(deal: Deal) -> dict[int, int] | None:
    playoff = _optional("engine.bots.playoff")
    if playoff is None or not hasattr(playoff, "playoff_values"):
        return None
    from engine.rules.view import PlayerView

    return dict(playoff.playoff_values(PlayerView.of(deal, deal.to_move)))


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


# --- turns and the session ------------------------------------------------------------

@dataclass(frozen=True)
class Turn:
    """One action of one player and the events it caused."""

    player: int
    action: Action
    events: tuple[Event, ...]


def actors(deal: Deal) -> list[int]:
    """Who made each of the deal's actions (replayed from its deck)."""
    fresh = Deal(deal.profile, deal.deck, deal.dealer, deal.prior_trumps, deal.prior_totals)
    who = []
    for action in deal.actions:
        who.append(fresh.to_move)
        fresh.apply(action)
    return who


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


def has_table_rules(profile: Any) -> bool:
    """True when the variant's sources fine infractions (its ``penalties`` table)."""
    fines = profile.penalties
    return bool(fines.declare_before_win or fines.not_following or fines.play_before_draw
                or fines.extra_card or fines.false_declaration_all)


def seat_options(profile: Any) -> list[Option]:
    """The named options that change who plays (they set the number of players)
    and belong to this variant: every choice cites it by its Russian title, so
    three packs for two-handed Bezique are never offered."""
    found = []
    for option in all_options():
        sets_players = all(any(not table and any(k == "players" for k, _ in fields)
                               for table, fields in c.changes) for c in option.choices)
        cited = all(f"'{profile.title_ru}'" in c.source for c in option.choices)
        if sets_players and cited:
            found.append(option)
    return found


@dataclass
class PlaySession:
    """A game against a bot, as the Play page shows it."""

    game: Game
    seed: int
    level: str = RANDOM_LEVEL
    human: int = 0
    turns: list[Turn] = field(default_factory=list)   # this deal's turns, in order
    undo_count: int = 0
    _bot: Any = None
    _helper: Any = None

    @classmethod
    def new(cls, variant: str = "two-handed", seed: int | None = None,
            level: str | None = None, human: int = 0,
            table_rules: bool = False,
            options: Sequence[tuple[str, str]] = ()) -> PlaySession:
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
        game = Game.new(profile, random.Random(seed))
        game.options = tuple(chosen)
        session = cls(game, seed, level, human)
        session._start()
        return session

    def _start(self) -> None:
        self._bot = _BotPlayer(self.level, random.Random(self.seed * 7 + 1))
        self._helper = _BotPlayer(HELPER_LEVEL, random.Random(self.seed * 7 + 2))
        self.turns = []
        self._run_bot()

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

    def _run_bot(self) -> list[Turn]:
        """Every other seat moves until the human must act or the deal ends; a
        finished single-deal game is settled at once."""
        done: list[Turn] = []
        deal = self.deal
        while not deal.is_over and deal.to_move != self.human:
            seat = deal.to_move
            done.append(self._apply(seat, self._bot.choose_in(deal, seat)))
        if deal.is_over and deal.profile.scoring.end == "single_deal" and not self.game.is_over:
            self.game.next_deal()
        return done

    def act(self, action: Action) -> list[Turn]:
        """Apply the human's action, then the bot's answers. An illegal action raises
        :class:`IllegalActionError` (with the rule) and changes nothing."""
        if self.deal.is_over:
            raise IllegalActionError.of("deal.over", "refuse_deal_over")
        if self.deal.to_move != self.human:
            raise IllegalActionError.of("deal.action", "refuse_not_your_turn")
        first = self._apply(self.human, action)
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
        """Play ``count`` human actions for the human (a club-level bot, or random
        legal moves without engine.bots); stops at the end of the deal."""
        done: list[Turn] = []
        for _ in range(max(0, count)):
            if not self.human_to_move:
                break
            done.extend(self.act(self._helper.choose_in(self.deal, self.human)))
        return done

    def autoplay_to_end(self) -> list[Turn]:
        return self.autoplay(10_000)

    def undo(self) -> bool:
        """Learning mode: replay all but the last human action of the deal."""
        who = actors(self.deal)
        mine = [i for i, p in enumerate(who) if p == self.human]
        if not mine:
            return False
        cut = mine[-1]
        restored = deal_prefix(self.deal, cut)
        self.game.deal = restored
        self.game.result = None
        self.game.game_scores = None
        self.turns = _turns_of(restored, who[:cut])
        self.undo_count += 1
        return True

    def next_deal(self) -> Event:
        """Close a finished deal: the game ends or a new deal starts (bot may lead)."""
        event = self.game.next_deal()
        if not self.game.is_over:
            self.turns = []
            self._run_bot()
        return event

    def last_events(self) -> list[Turn]:
        """The turns since the human's previous action (what to explain now)."""
        out: list[Turn] = []
        for turn in reversed(self.turns):
            out.append(turn)
            if turn.player == self.human:
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
             human: int = 0) -> PlaySession:
        """A new session that plays on from a step of ``game`` (a replay's position):
        a copy, so ``game`` itself is kept as it is."""
        return cls.loads(json.dumps(game_prefix(game, deal_number, index)), level, human)

    @classmethod
    def loads(cls, data: bytes | str, level: str | None = None, human: int = 0,
              seed: int = 0) -> PlaySession:
        """A session that continues a saved game; :class:`CorruptSaveError` on bad input."""
        game = load_game(data)
        level = level or default_level()
        session = cls(game, seed, level, human)
        session._bot = _BotPlayer(level, random.Random(seed * 7 + 1))
        session._helper = _BotPlayer(HELPER_LEVEL, random.Random(seed * 7 + 2))
        session.turns = _turns_of(game.deal, actors(game.deal))
        session._run_bot()
        return session


def _turns_of(deal: Deal, who: Sequence[int]) -> list[Turn]:
    """Split a deal's events into turns by replaying it."""
    fresh = Deal(deal.profile, deal.deck, deal.dealer, deal.prior_trumps, deal.prior_totals)
    turns = []
    for action, player in zip(deal.actions, who, strict=False):
        turns.append(Turn(player, action, tuple(fresh.apply(action))))
    return turns


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


# --- step-by-step replay --------------------------------------------------------------

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


# --- the score explainer ------------------------------------------------------------

@dataclass(frozen=True)
class MeldLine:
    meld: str
    points: int
    cards: tuple[str, ...]
    rule_id: str
    lines: tuple[str, ...]   # explanation steps (legal) or the reason (refused)


def explain_melds(request: dict[str, Any], lang: str = "en") -> tuple[list[MeldLine],
                                                                    list[MeldLine]]:
    """:func:`engine.rules.meld_query.query` (the ``bezique melds`` contract) with its explanations
    in ``lang``. Raises the engine's ``BeziqueError`` subclasses on impossible input."""
    answer = query(request, lang)
    legal = [MeldLine(d["meld"], d["points"], tuple(d["cards"]), d["rule"],
                      tuple(d["explanation"])) for d in answer["declarations"]]
    refused = [MeldLine(r["meld"], 0, tuple(r["cards"]), r["rule"], (r["why"],))
               for r in answer["refused"]]
    return legal, refused


__all__ = [
    "CardVerdict", "Hint", "MeldLine", "PlaySession", "Replay", "ReplayStep", "Turn",
    "actors", "bot_levels", "deal_prefix", "default_level", "engine_hint", "explain_melds",
    "level_description", "load_game", "playoff_verdicts", "seat_options", "seat_role",
    "simple_hint",
    "verdicts_are_quick",
]
