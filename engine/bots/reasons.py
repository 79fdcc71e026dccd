"""Reasons a bot or a hint gives for an action, rendered in English or Russian.

A :class:`Reason` stores a message key and its parameters (cards as ids, melds
as kinds), like :class:`engine.text.explain.Step`, so one hint renders in both
languages::

    >>> Reason("declare_best", meld="bezique", points=40, cards=(4, 19)).render("ru")
    'объявить безик (Q♠#1 J♦#1): 40 очков'
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.rules.melds import pretty
from engine.text.explain import meld_name

MESSAGES: dict[str, tuple[str, str]] = {
    "lead_low": ("lead {card}: the card least needed for later melds and tricks",
                 "ход с {card}: эта карта меньше всего нужна для будущих комбинаций и взяток"),
    "keep_complete": ("keep {cards}: the {meld} ({points}) is ready to declare after a win",
                      "сохранить {cards}: {meld} ({points}) готов к объявлению после взятки"),
    "keep_for": ("keep {cards} for the {meld} ({points}); cards still to draw: {missing}",
                 "придержать {cards} для комбинации «{meld}» ({points}); не хватает карт: "
                 "{missing}"),
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
    "search": ("{samples} simulated continuations: average margin {margin:+} (next best "
               "{second:+})", "{samples} смоделированных продолжений: средний перевес "
               "{margin:+} (следующий вариант {second:+})"),
    "endgame": ("played to the end of the deal for {samples} placings of the unseen cards: "
                "this move wins the deal in {won}% of them (next best {second}%), average "
                "margin {margin:+}",
                "доиграно до конца сдачи для {samples} раскладов невидимых карт: этот ход "
                "выигрывает сдачу в {won}% из них (следующий вариант — {second}%), средний "
                "перевес {margin:+}"),
    "risk": ("risk: the opponent may declare after winning (about {points})",
             "риск: соперник может объявить после взятки (около {points})"),
}


@dataclass(frozen=True)
class Reason:
    key: str
    params: tuple[tuple[str, object], ...] = ()

    def __init__(self, key: str, **params: object) -> None:
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "params", tuple(params.items()))

    def render(self, lang: str = "en") -> str:
        template = MESSAGES[self.key][1 if lang == "ru" else 0]
        values: dict[str, object] = {}
        for name, value in self.params:
            if name in ("card", "lead", "card_alt") and isinstance(value, int):
                value = pretty([value])
            elif name == "cards" and isinstance(value, tuple):
                value = pretty(value)
            elif name in ("meld", "later") and isinstance(value, str):
                value = meld_name(value, lang)
            values[name] = value
        return template.format(**values)
