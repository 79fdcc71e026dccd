"""Coaching for a game being played: the bot that sits at a seat, the hint for the
player to move, and the exact verdict on every card of a play-off.

    >>> import random
    >>> from engine.rules.deal import Deal
    >>> from engine.rules.profile import load_profile
    >>> deal = Deal.new(load_profile("two-handed"), random.Random(1), dealer=0)
    >>> simple_hint(deal).action in deal.legal_actions()
    True
    >>> BotPlayer("club", random.Random(1)).choose_in(deal, deal.to_move) in deal.legal_actions()
    True

Terminology
-----------
* a *level* is how well a bot plays (:data:`engine.bots.LEVELS`, or ``random``);
* the *plain hint* (:func:`simple_hint`) follows a few rules of thumb and gives message
  keys for the app's catalogue; the *engine hint* (:func:`engine_hint`) is
  :func:`engine.bots.hint` with its reasons in one language;
* a *verdict* (:class:`CardVerdict`) is what a play-off card loses against best play.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.bots import (
    FULL_RULES_NOTE,
    LEVEL_DESCRIPTIONS,
    LEVELS,
    STOCK_END_NOTE,
    Bot,
    hint,
    make_bot,
)
from engine.bots.fast_lines import policy_lines
from engine.bots.heuristic import EXACT_CAPTURE_TRICKS
from engine.bots.search import plays_stock_end_out
from engine.errors import BeziqueError
from engine.notation.actions import Action, ActionType
from engine.notation.cards import Card, parse_card
from engine.rules import capture_playoff
from engine.rules.deal import DECLARE, LEAD, Deal
from engine.rules.profile import Profile
from engine.rules.tricks import beats, is_brisque, rank_of, suit_of, trick_best
from engine.rules.view import PlayerView
from engine.solver import Scale, kernel_available, move_values, solve

RANDOM_LEVEL = "random"
HELPER_LEVEL = "club"     # who plays for the human on auto-play
AUTO_VERDICT_TRICKS = 9   # longer ones: the play-off verdicts only on demand (~0.1-1 s)


# --- bot levels ---------------------------------------------------------------------

def level_description(level: str, lang: str = "en", profile: Profile | None = None) -> str:
    """What a bot level plays like (:data:`engine.bots.LEVEL_DESCRIPTIONS`), or ``""``;
    for the expert in a game its rules of thumb do not know, how it searches there."""
    texts = LEVEL_DESCRIPTIONS.get(level)
    if not texts:
        return ""
    notes = []
    if level == "expert" and profile is not None:
        if not policy_lines(profile):
            notes.append(FULL_RULES_NOTE)
        if plays_stock_end_out(profile):
            notes.append(STOCK_END_NOTE)
    for note in notes:
        texts = (f"{texts[0]} {note[0]}", f"{texts[1]} {note[1]}")
    return texts[1] if lang == "ru" else texts[0]


def bot_levels() -> tuple[str, ...]:
    """The bot levels on offer (:data:`engine.bots.LEVELS`)."""
    return LEVELS


def default_level() -> str:
    """The level a new game uses unless the player picks another."""
    return "club" if "club" in LEVELS else LEVELS[0]


class BotPlayer:
    """A bot of :mod:`engine.bots` by level; a random legal player at ``random``.

    Where a bot cannot read the table (it raises a :class:`BeziqueError`), the
    plain-rules player :func:`simple_hint` moves instead. In a two-player play-off the
    exact solver :mod:`engine.solver` picks the card (the bots' own exact play-off
    search takes up to minutes with 12 or 13 cards each; the solver well under a
    second). ``deals`` is the expert's search budget per decision, in deals of the
    unseen cards (default: the game's floor, :func:`engine.bots.budget.expert_deals`;
    the puzzle generator plays many games at a reduced budget)."""

    def __init__(self, level: str, rng: random.Random, deals: int | None = None) -> None:
        self.rng = rng
        self.level = level
        self.bot: Bot | None = (None if level == RANDOM_LEVEL
                                else make_bot(level, rng, deals))

    def choose_in(self, deal: Deal, seat: int) -> Action:
        legal = deal.legal_actions()
        if self.bot is None or len(legal) == 1:
            return self.rng.choice(legal)
        if _solver_plays(deal):
            noise = float(getattr(self.bot, "noise", 0.0))   # only the heuristic bots err
            if noise and self.rng.random() < noise:
                return self.rng.choice(legal)
            best = _solver_best(deal)
            if best is not None:
                return best
        try:
            action = self.bot.choose(PlayerView.of(deal, seat))
        except BeziqueError:   # the engine says the bot cannot read this table
            return simple_hint(deal).action
        return action if action in legal else simple_hint(deal).action


def _solver_plays(deal: Deal) -> bool:
    return (deal.profile.players == 2 and deal.in_playoff and not deal.is_over
            and deal.phase != DECLARE)


def _solver_best(deal: Deal) -> Action | None:
    """The solver's best card for the player to move (the cheapest of equal ones)."""
    values = _solver_values(deal)
    if not values:
        return None
    legal = _legal_cards(deal)
    scored = {c: values[c] for c in legal if c in values}
    if not scored:
        return None
    top = max(scored.values())
    return Action.play(min((c for c, v in scored.items() if v == top),
                           key=lambda c: _cheapness(c, deal.trump)))


# --- hints ----------------------------------------------------------------------------

MessageKey = tuple[str, tuple[tuple[str, str], ...]]


@dataclass(frozen=True)
class Hint:
    """What the engine suggests: an action and the reasons.

    ``reasons`` are ready strings (from :func:`engine.bots.hint`); ``keys`` are
    message keys with parameters for the app's catalogue (the plain hint)."""

    action: Action
    reasons: tuple[str, ...] = ()
    keys: tuple[MessageKey, ...] = ()


def _key(name: str, **params: object) -> MessageKey:
    return (name, tuple((k, str(v)) for k, v in params.items()))


def _pretty(card: int) -> str:
    return Card.from_id(card).pretty


def _legal_cards(deal: Deal) -> list[int]:
    return [a.card for a in deal.legal_actions() if a.type is ActionType.PLAY]


def _cheapness(card: int, trump: int | None) -> tuple[int, int, int]:
    """Lower is cheaper to give away: non-brisque, non-trump, low rank."""
    return (int(is_brisque(card)), int(suit_of(card) == trump), rank_of(card))


def simple_hint(deal: Deal) -> Hint:
    """A plain-rules hint for the player to move (where a bot cannot play): claim a
    carte blanche, declare the best meld, lead low, win a brisque cheaply, never
    overtake a partner."""
    legal = deal.legal_actions()
    if not legal:
        raise BeziqueError("the deal is over")
    blanche = next((a for a in legal if a.type is ActionType.CARTE_BLANCHE), None)
    if blanche is not None:
        return Hint(blanche, keys=(_key("hint.blanche",
                                        points=deal.profile.declaring.carte_blanche),))
    if deal.phase == DECLARE:
        return _declare_hint(deal, legal)
    solved = playoff_verdicts(deal) if verdicts_are_quick(deal) else None
    if solved:
        best_card = min(solved, key=lambda c: (solved[c].loss, _cheapness(c, deal.trump)))
        return Hint(Action.play(best_card),
                    keys=(_key("hint.solver", card=_pretty(best_card)),))
    cards = _legal_cards(deal)
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


def _declare_hint(deal: Deal, legal: Sequence[Action]) -> Hint:
    """After a won trick: the best meld, else the seven of trumps, else the draw."""
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


def engine_hint(deal: Deal, seat: int, lang: str = "en") -> Hint:
    """:func:`engine.bots.hint` with its reasons in ``lang``; the plain hint where the
    bots cannot read the table or advise an action that is not legal."""
    try:
        found = hint(deal, seat, lang=lang)
    except BeziqueError:   # the engine says the bots cannot advise here
        return simple_hint(deal)
    if found.action not in deal.legal_actions():
        return simple_hint(deal)
    return Hint(found.action, found.reasons)


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
    return has_playoff_verdicts(deal) and kernel_available()


def playoff_verdicts(deal: Deal) -> dict[int, CardVerdict] | None:
    """The exact verdict on every legal card of the player to move in the play-off,
    or ``None`` when not in the play-off or without an exact solver for the table
    (:func:`has_playoff_verdicts`). With four seats the values and losses are the
    side's.

    Uses :func:`engine.solver.solve` (values and refutations); the refutation of a
    worse card is the opponent's best answer."""
    if (not has_playoff_verdicts(deal) or not deal.in_playoff or deal.is_over
            or deal.phase == DECLARE):
        return None
    legal = _legal_cards(deal)
    if deal.profile.declaring.source == "captured":
        return _capture_verdicts(deal, legal)
    solved = solve(deal.playoff_position())
    values = _by_card(legal, dict(solved.moves))
    if not values:
        return None
    replies = {r.move: r.reply for r in solved.refutations}
    scale = Scale.from_profile(deal.profile)
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
    if deal.trump is None or len(deal.hands[deal.to_move]) > EXACT_CAPTURE_TRICKS:
        return None
    solution = capture_playoff.solve(
        deal.profile, deal.trump, (frozenset(deal.hands[0]), frozenset(deal.hands[1])),
        deal.leader, tuple(deal.trick), (frozenset(deal.laid[0]), frozenset(deal.laid[1])),
        (tuple(deal.history[0]), tuple(deal.history[1])), frozenset(deal.dix_counted))
    values = dict(solution.moves)
    return {c: CardVerdict(solution.value - values[c], points=solution.value - values[c])
            for c in legal if c in values} or None


def _by_card(legal: Sequence[int], by_face: dict[str, int]) -> dict[int, int]:
    return {c: by_face[Card.from_id(c).face] for c in legal if Card.from_id(c).face in by_face}


def _solver_values(deal: Deal) -> dict[int, int] | None:
    """Values by card id from :func:`engine.solver.move_values` (no refutations)."""
    return _by_card(_legal_cards(deal), move_values(deal.playoff_position())) or None


__all__ = ["AUTO_VERDICT_TRICKS", "HELPER_LEVEL", "RANDOM_LEVEL", "BotPlayer", "CardVerdict",
           "Hint", "bot_levels", "default_level", "engine_hint", "has_playoff_verdicts",
           "level_description", "playoff_verdicts", "simple_hint", "verdicts_are_quick"]
