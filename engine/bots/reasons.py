"""Reasons a bot or a hint gives for an action, rendered in English or Russian.

A :class:`Reason` stores a message key and its parameters (cards as ids, melds
as kinds), like :class:`engine.text.explain.Step`, so one hint renders in both
languages. The words are a card player's (keep this card for the sequence, win
the trick to declare): never the engine's workings. Cards read as in prose, a
copy mark only where both copies are among the player's cards (``among``)::

    >>> Reason("declare_best", meld="bezique", points=40, cards=(4, 19)).render("ru")
    'объявить безик (Д♠ В♦): 40 очков'
    >>> Reason("lead_low", card=4).render("en", among=(4, 36))
    'lead Q♠#1: the card least needed for later melds and tricks'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.notation.cards import card_text
from engine.rules.melds import display_order
from engine.text.explain import meld_name

MESSAGES: dict[str, tuple[str, str]] = {
    "lead_low": ("lead {card}: the card least needed for later melds and tricks",
                 "ход с {card}: эта карта меньше всего нужна для будущих комбинаций и взяток"),
    "keep_complete": ("keep {cards}: the {meld} ({points}) is ready to declare after a win",
                      "сохранить {cards}: {meld} ({points}) готов к объявлению после взятки"),
    "keep_for": ("keep {cards} for the {meld} ({points}): {missing}",
                 "придержать {cards} для комбинации «{meld}» ({points}): {missing}"),
    "win_to_declare": ("win with {card}: a meld worth {points} waits to be declared",
                       "взять картой {card}: ждёт объявления комбинация на {points}"),
    "take_brisque": ("take the brisque {lead} cheaply with {card}",
                     "дёшево взять бриску {lead} картой {card}"),
    "win_cheaply": ("{card} wins the trick at little cost", "{card} берёт взятку малой ценой"),
    "win_capture": ("{card} takes the trick, which scores {points} at once: its brisques and "
                    "the combinations it completes with your laid-out cards",
                    "{card} берёт взятку, которая сразу даёт {points}: бриски и комбинации, "
                    "которые она образует с вашими выложенными картами"),
    "playoff_exact_captures": ("{card}: with best play by both, the tricks left are worth "
                               "{points} to you against the opponent, combinations from "
                               "captures included",
                               "{card}: при лучшей игре обеих сторон оставшиеся взятки дают "
                               "вам {points} против соперника, с комбинациями из взятых карт"),
    "capture_denied": ("the opponent's capture would score {points}; throwing {card} gives "
                       "him the least",
                       "взятка соперника дала бы {points}; сброс {card} даёт ему меньше всего"),
    "deny_opponent": ("winning keeps the opponent from declaring (about {points} at stake)",
                      "взятка не даёт сопернику объявить (на кону около {points})"),
    "discard_low": ("let the trick go and throw {card}, the least useful card",
                    "отдать взятку и сбросить {card}, самую ненужную карту"),
    "brisque_lost": ("winning {lead} would cost more than it brings",
                     "взять {lead} обошлось бы дороже, чем принесло бы"),
    "exchange_seven": ("exchange {card} for the turn-up: {points} and a better trump",
                       "обменять {card} на открытый козырь: {points} и козырь старше"),
    "show_seven": ("show {card}: {points}", "показать {card}: {points}"),
    "declare_best": ("declare the {meld} ({cards}): {points} points",
                     "объявить {meld} ({cards}): {points} очков"),
    "four_aces_now": ("four aces are declared at once (advice of source 004)",
                      "четыре туза объявляют сразу (совет источника 004)"),
    "late_big": ("little stock is left: take the {meld} now rather than wait",
                 "колода кончается: объявить {meld} сейчас, не дожидаясь"),
    "timing": ("declare the {meld} ({points}) first and the {later} ({later_points}) after "
               "another win: much stock is left",
               "сначала объявить {meld} ({points}), а {later} ({later_points}) — после "
               "следующей взятки: колоды ещё много"),
    "nothing_to_declare": ("nothing worth declaring: draw", "объявлять нечего: брать из колоды"),
    "only_action": ("the only legal action", "единственное возможное действие"),
    "playoff_solver": ("{card} is best with exact play: you take {points} more points in the "
                       "play-off", "{card} — лучший ход при точной игре: вы возьмёте ещё "
                       "{points} очков в розыгрыше"),
    "playoff_solver_tiebreak": ("{card} is best with exact play: the last trick brings you "
                                "{last} and the brisques {brisques}",
                                "{card} — лучший ход при точной игре: последняя взятка даст "
                                "вам {last}, бриски — {brisques}"),
    "playoff_refutation": ("{en}", "{ru}"),
    "playoff_move": ("{card_alt}: {points}", "{card_alt}: {points}"),
    "playoff_greedy": ("{card}: win cheaply when possible, else give the lowest card",
                       "{card}: взять дёшево, если можно, иначе отдать младшую карту"),
    "card_count": ("{card}: counting the cards not yet seen, the melds this card could "
                   "complete are out of reach or the cards kept instead have better chances",
                   "{card}: по счёту ещё не вышедших карт комбинации с этой картой уже не "
                   "собрать или у оставленных карт шансы лучше"),
    "search": ("looking ahead, however the unseen cards lie, this move scores about {ahead} "
               "more than the next best",
               "если заглянуть вперёд, при любом раскладе невидимых карт этот ход приносит "
               "примерно на {ahead} больше следующего"),
    "search_even": ("looking ahead, no other move does better here",
                    "если заглянуть вперёд, лучше этого хода здесь нет"),
    "endgame": ("however the unseen cards lie, this move wins the deal {won} times in 100 "
                "(the next best {second})",
                "при любом раскладе невидимых карт этот ход выигрывает сдачу {won} раз из 100 "
                "(следующий — {second})"),
    "risk": ("risk: the opponent may declare after winning (about {points})",
             "риск: соперник может объявить после взятки (около {points})"),
}


# How far a meld in the making is from complete (``keep_for``): at most two cards.
MISSING: dict[int, tuple[str, str]] = {
    1: ("one card short", "не хватает одной карты"),
    2: ("two cards short", "не хватает двух карт"),
}

MOST_REASONS = 3   # a hint names its move and at most this many reasons


@dataclass(frozen=True)
class Reason:
    key: str
    params: tuple[tuple[str, object], ...] = ()

    def __init__(self, key: str, **params: object) -> None:
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "params", tuple(params.items()))

    def render(self, lang: str = "en", among: Iterable[int] = ()) -> str:
        """The reason in ``lang``; ``among``: the player's cards in view, which decide
        where a copy mark matters (:func:`engine.notation.cards.copies_in_question`)."""
        language = 1 if lang == "ru" else 0
        template = MESSAGES[self.key][language]
        seen = tuple(among)
        values: dict[str, object] = {}
        for name, value in self.params:
            if name in ("card", "card_alt") and isinstance(value, int):
                value = card_text(value, lang, among={*seen, value})
            elif name == "lead" and isinstance(value, int):   # the other side's card
                value = card_text(value, lang)
            elif name == "cards" and isinstance(value, tuple):
                value = " ".join(card_text(c, lang, among={*seen, *value})
                                 for c in sorted(value, key=display_order))
            elif name in ("meld", "later") and isinstance(value, str):
                value = meld_name(value, lang)
            elif name == "missing" and isinstance(value, int):
                value = MISSING[value][language]
            values[name] = value
        return template.format(**values)
