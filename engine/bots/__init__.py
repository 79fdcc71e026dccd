"""Opponents and hints: one protocol, a bot maps a :class:`~engine.rules.view.PlayerView`
to an :class:`~engine.notation.actions.Action`, with an injected RNG.

    >>> import random
    >>> from engine.rules.deal import Deal
    >>> from engine.rules.profile import load_profile
    >>> from engine.rules.view import PlayerView
    >>> deal = Deal.new(load_profile("two-handed"), random.Random(1), dealer=0)
    >>> bot = make_bot("club", random.Random(1))
    >>> bot.choose(PlayerView.of(deal, deal.to_move)) in deal.legal_actions()
    True
    >>> [level for level, _en, _ru in LEVEL_INFO] == list(LEVELS)
    True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from engine.bots.heuristic import HeuristicBot, advise
from engine.bots.playoff import choose_card, playoff_solution, playoff_values, solvable
from engine.bots.reasons import MOST_REASONS, Reason
from engine.bots.search import StrongBot, search_reasons
from engine.errors import BeziqueError
from engine.notation.actions import Action, ActionType
from engine.rules.deal import Deal
from engine.rules.view import PlayerView

LEVELS = ("beginner", "club", "expert")

# level -> (English, Russian) description.
LEVEL_DESCRIPTIONS: dict[str, tuple[str, str]] = {
    "beginner": ("Plays by simple rules of thumb but often picks a move at random: "
                 "good for learning the rules.",
                 "Играет по простым правилам, но часто ходит наугад: подходит, чтобы "
                 "освоить правила."),
    "club": ("Follows the classic advice: leads low, keeps kings, queens and the bezique "
             "cards, declares the best meld, takes brisques cheaply, plays the end exactly "
             "when two play.",
             "Следует классическим советам: ходит с младших карт, придерживает королей, "
             "дам и карты безика, объявляет лучшую комбинацию, дёшево берёт бриски, "
             "точно разыгрывает конец игры вдвоём."),
    "expert": ("Simulates many ways the unseen cards may lie and picks the move that does "
               "best on average, for its own side with three or four players; plays the "
               "end exactly when two play.",
               "Перебирает множество раскладов невидимых карт и выбирает ход, лучший в "
               "среднем (втроём и вчетвером — для своей стороны); в игре вдвоём точно "
               "разыгрывает конец."),
}
LEVEL_INFO = tuple((level, *LEVEL_DESCRIPTIONS[level]) for level in LEVELS)
# The expert in the games the fast simulator does not follow (engine.bots.deal_search):
# the same search, every line played by the full rules, so fewer tries per move.
FULL_RULES_NOTE = ("In this game every line it tries is played by the full rules (fines, card "
                   "points, jokers, re-forming melds), so it tries fewer per move.",
                   "В этой игре каждый вариант он разыгрывает по полным правилам (штрафы, "
                   "очки карт, джокеры, повторные комбинации), поэтому успевает перебрать "
                   "меньше вариантов на ход.")
BOT_NAMES = ("random", "heuristic", "strong", *LEVELS)
BEGINNER_NOISE = 0.35
# Reasons that stay true when the search overrules the rule of thumb.
_GENERAL_REASONS = ("keep_for", "keep_complete", "deny_opponent", "risk")


class Bot(Protocol):
    name: str

    def choose(self, view: PlayerView) -> Action: ...


class RandomBot:
    """Any legal action, uniformly."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: PlayerView) -> Action:
        return self.rng.choice(list(view.legal))


def make_bot(level: str, rng: random.Random, samples: int | None = None,
             time_limit: float = 0.9) -> Bot:
    """A bot by level (``beginner``, ``club``, ``expert``) or by kind (``random``,
    ``heuristic``, ``strong``). ``samples`` sets the strong bot's determinizations
    per decision (default 60, each trying every candidate move to the end)."""
    if level == "random":
        return RandomBot(rng)
    if level == "beginner":
        bot = HeuristicBot(rng, noise=BEGINNER_NOISE)
        bot.name = "beginner"
        return bot
    if level in ("heuristic", "club"):
        return HeuristicBot(rng)
    if level in ("strong", "expert"):
        return StrongBot(rng, samples=60 if samples is None else samples,
                         time_limit=time_limit)
    raise BeziqueError(f"unknown bot {level!r}; known: {', '.join(BOT_NAMES)}")


@dataclass(frozen=True, slots=True)
class Hint:
    """A recommended action and the reasons for it, in one language."""

    action: Action
    reasons: tuple[str, ...]


def playoff_reasons(view: PlayerView) -> list[Reason]:
    """The solver's numbers for a play-off decision: the best card's value and, for
    every worse card, the solver's refutation (its loss and the reply)."""
    solution = playoff_solution(view)
    card = choose_card(playoff_values(view))
    if solution.scale.objective == "points":
        reasons = [Reason("playoff_solver", card=card, points=solution.value)]
    else:
        last, brisques = solution.breakdown()
        reasons = [Reason("playoff_solver_tiebreak", card=card, last=last, brisques=brisques)]
    for refutation in solution.refutations:
        reasons.append(Reason("playoff_refutation", en=refutation.text_en,
                              ru=refutation.text_ru))
    return reasons


def hint(deal: Deal, seat: int, lang: str = "en", samples: int = 30) -> Hint:
    """The recommended action for ``seat`` (who must be to move) with at most
    :data:`~engine.bots.reasons.MOST_REASONS` reasons, in a card player's words:
    meld values, cards kept for later melds, risk, and in the play-off the exact
    values of the moves."""
    action, reasons = hint_reasons(deal, seat, samples)
    view = PlayerView.of(deal, seat)
    return Hint(action, tuple(r.render(lang, among=view.holding) for r in reasons))


def hint_reasons(deal: Deal, seat: int, samples: int = 30) -> tuple[Action, tuple[Reason, ...]]:
    """:func:`hint` before rendering: the action and its reasons, the weightiest first."""
    view = PlayerView.of(deal, seat)
    if not view.legal:
        raise BeziqueError(f"player {seat + 1} is not to move")
    reasons: list[Reason]
    if solvable(view) and len(view.legal) > 1:
        reasons = playoff_reasons(view)
        action = Action.play(choose_card(playoff_values(view)))
    else:
        advice = advise(view)
        action, reasons = advice.action, list(advice.reasons)
        if len(view.legal) > 1 and (view.stock_count > 0 or view.players > 2):
            result = StrongBot(random.Random(deal.tricks_played * 7919 + seat),
                               samples=samples, time_limit=0.5).search(view)
            looked_ahead = search_reasons(result)
            if result.action != action:
                action = result.action
                kept = [r for r in reasons if r.key in _GENERAL_REASONS]
                if not result.means and action.type is ActionType.PLAY:
                    # The strong bot's own rules of thumb differ: they count cards.
                    looked_ahead.append(Reason("card_count", card=action.card))
                reasons = [*looked_ahead, *kept]
            else:
                reasons.extend(looked_ahead)
    return action, tuple(reasons[:MOST_REASONS]) or (Reason("only_action"),)


__all__ = ["FULL_RULES_NOTE", "LEVELS", "LEVEL_DESCRIPTIONS", "LEVEL_INFO", "Bot", "Hint",
           "RandomBot", "HeuristicBot", "StrongBot", "make_bot", "hint", "hint_reasons"]
