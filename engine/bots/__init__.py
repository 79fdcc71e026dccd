"""Opponents and hints: one protocol, a bot maps a :class:`~engine.rules.view.PlayerView`
to an :class:`~engine.notation.actions.Action`, with an injected RNG.

    >>> import random
    >>> from engine.rules.deal import Deal
    >>> from engine.rules.profile import load_profile
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

from engine.bots.budget import position_seed
from engine.bots.heuristic import HeuristicBot, advise
from engine.bots.playoff import choose_card, playoff_solution, playoff_values, solvable
from engine.bots.reasons import MOST_REASONS, Reason
from engine.bots.search import StrongBot, search_reasons
from engine.errors import BeziqueError
from engine.notation.actions import Action
from engine.notation.cards import Card, parse_card
from engine.rules.deal import Deal
from engine.rules.effects import same_effect
from engine.rules.tricks import beats
from engine.rules.view import PlayerView
from engine.solver import Refutation, Scale, Solution

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
# The expert in the games its rules of thumb do not know (engine.bots.fast_lines.policy_lines):
# the same search, every line played by the full rules on the fast simulator.
FULL_RULES_NOTE = ("In this game every line it tries is played by the full rules (card points, "
                   "points for tricks, jokers, re-forming melds); between tries it counts the "
                   "cards not yet seen and, in Rubicon, plans the melds a played card lets it "
                   "form again.",
                   "В этой игре каждый вариант он разыгрывает по полным правилам (очки карт, "
                   "очки за взятки, джокеры, повторные комбинации); кроме того, он считает "
                   "ещё не вышедшие карты, а в Рубиконе готовит комбинации, которые можно "
                   "составить снова после сыгранной карты.")
# The expert where it plays the end of the stock out (engine.bots.search.plays_stock_end_out).
STOCK_END_NOTE = ("In the last four tricks before the stock runs out it follows each move to "
                  "the end of the deal and chooses the one that wins the most deals.",
                  "В последних четырёх взятках перед концом колоды он просчитывает каждый ход "
                  "до конца сдачи и выбирает тот, что чаще выигрывает сдачу.")
BOT_NAMES = ("random", "heuristic", "strong", *LEVELS)
BEGINNER_NOISE = 0.35


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


def make_bot(level: str, rng: random.Random, deals: int | None = None) -> Bot:
    """A bot by level (``beginner``, ``club``, ``expert``) or by kind (``random``,
    ``heuristic``, ``strong``). ``deals`` sets the strong bot's deals of the unseen
    cards per decision (default: the game's floor,
    :func:`engine.bots.budget.expert_deals`)."""
    if level == "random":
        return RandomBot(rng)
    if level == "beginner":
        bot = HeuristicBot(rng, noise=BEGINNER_NOISE)
        bot.name = "beginner"
        return bot
    if level in ("heuristic", "club"):
        return HeuristicBot(rng)
    if level in ("strong", "expert"):
        return StrongBot(rng, deals=deals)
    raise BeziqueError(f"unknown bot {level!r}; known: {', '.join(BOT_NAMES)}")


@dataclass(frozen=True, slots=True)
class Hint:
    """A recommended action and the reasons for it, in one language."""

    action: Action
    reasons: tuple[str, ...]


def playoff_reasons(view: PlayerView) -> list[Reason]:
    """The solver's exact values for a play-off decision: what the best card brings
    and, for a worse card, what it loses and the opponent's answer."""
    solution = playoff_solution(view)
    card = choose_card(playoff_values(view))
    reasons = [_best_playoff_reason(card, solution)]
    for refutation in solution.refutations:
        reasons.append(refutation_reason(view, refutation, solution.scale))
    return reasons


def _best_playoff_reason(card: int, solution: Solution) -> Reason:
    if solution.scale.objective == "points":
        key = "playoff_solver" if solution.value > 0 else "playoff_solver_nothing"
        return Reason(key, card=card, points=solution.value)
    last, brisques = solution.breakdown()
    key = ("playoff_last_and_brisques" if last and brisques else "playoff_last" if last
           else "playoff_brisques" if brisques else "playoff_no_tiebreak")
    return Reason(key, card=card, last=last, brisques=brisques)


def refutation_reason(view: PlayerView, refutation: Refutation, scale: Scale) -> Reason:
    """A worse play-off card in a card player's words: what it loses and the answer
    that makes it lose (the rest of the best line is the solver's, not the hint's)."""
    mine = view.holding
    card = _copy_of(refutation.move, mine)
    loss = scale.loss_split(refutation.value + refutation.loss, refutation.value)
    theirs = view.known[view.opponent] | view.tables[view.opponent]
    reply = _copy_of(refutation.reply, theirs) if refutation.reply else None
    if not view.trick:   # a lead: the opponent's answer decides the trick
        if reply is None:
            return Reason("refute_last_theirs", card=card, loss=loss)
        takes = beats(card, reply, view.trump)
        return Reason("refute_takes" if takes else "refute_gives", card=card, loss=loss,
                      reply=reply)
    you_win = beats(view.trick[0], card, view.trump)
    if reply is None:
        return Reason("refute_last_yours" if you_win else "refute_last_theirs", card=card,
                      loss=loss)
    if not you_win:
        return Reason("refute_leads", card=card, loss=loss, reply=reply)
    own = _copy_of(refutation.line[0], mine)
    return Reason("refute_then", card=card, loss=loss, own=own, reply=reply)


def _copy_of(face: str, cards: frozenset[int]) -> int:
    """The id of a card of ``face`` (``KS``) among ``cards``, else its first copy's."""
    first = parse_card(face).id
    return min((c for c in cards if not Card.from_id(c).is_joker
                and Card.from_id(c).face == Card.from_id(first).face), default=first)


def hint(deal: Deal, seat: int, lang: str = "en", deals: int | None = None) -> Hint:
    """The recommended action for ``seat`` (who must be to move) with at most
    :data:`~engine.bots.reasons.MOST_REASONS` reasons, in a card player's words:
    meld values, cards kept for later melds, tricks won or let go, and in the
    play-off the exact points of the moves. ``deals``: the search's budget (default:
    the expert's floor for the game)."""
    action, reasons = hint_reasons(deal, seat, deals)
    return Hint(action, tuple(r.render(lang) for r in reasons))


def hint_reasons(deal: Deal, seat: int, deals: int | None = None
                 ) -> tuple[Action, tuple[Reason, ...]]:
    """:func:`hint` before rendering: the action and its reasons, the weightiest first.
    Where a deeper look overrules the rules of thumb, the reasons say what the better
    move wins, lets go or keeps (:func:`~engine.bots.search.search_reasons`); a move
    of the same effect as the rule of thumb's (another copy of the card) does not
    overrule it. The search tries ``deals`` deals of the unseen cards (default: the
    expert's floor for the game), drawn by the position's own seed, so a hint does not
    depend on the machine's load."""
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
            result = StrongBot(random.Random(position_seed(deal, "hint")),
                               deals=deals).search(view)
            if result.action != action and not same_effect(deal, result.action, action):
                reasons = search_reasons(view, result, action)
                action = result.action
    return action, tuple(reasons[:MOST_REASONS]) or (Reason("only_action"),)


__all__ = ["FULL_RULES_NOTE", "LEVELS", "LEVEL_DESCRIPTIONS", "LEVEL_INFO", "STOCK_END_NOTE",
           "Bot", "Hint", "RandomBot", "HeuristicBot", "StrongBot", "make_bot", "hint",
           "hint_reasons", "refutation_reason"]
