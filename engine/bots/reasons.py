"""Reasons a bot or a hint gives for an action, rendered in English or Russian.

A :class:`Reason` stores a message key and its parameters (cards as ids, melds
as kinds), like :class:`engine.text.explain.Step`, so one hint renders in both
languages. The words are a card player's (keep this card for the sequence, win
the trick to declare): never the engine's workings. Cards read as in prose, a
copy mark only where an identical card is named in the same sentence::

    >>> Reason("declare_best", meld="bezique", points=40).render("ru")
    'комбинация «безик» (40) — лучшее, что можно объявить сейчас'
    >>> Reason("keep_for", meld="four_queens", points=60, cards=(4, 36), missing=2).render()
    'keep Q♠#1 Q♠#2 for the four queens (60): two cards short'
    >>> Reason("lead_low", card=4).render("en")
    'lead Q♠: it is the card you need least for melds and tricks'
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.notation.cards import card_text
from engine.rules.melds import display_order
from engine.text.explain import meld_name, points_ru, verb_forms

MESSAGES: dict[str, tuple[str, str]] = {
    "lead_low": ("lead {card}: it is the card you need least for melds and tricks",
                 "пойти с {card}: эта карта меньше всего нужна для комбинаций и взяток"),
    "lead_instead": ("lead {card} and keep {kept} in hand for later",
                     "пойти с {card}, а {kept} оставить на руке на потом"),
    "lead_ace": ("lead {card}: an ace is the likeliest card to win a trick",
                 "пойти с {card}: туз вернее всего берёт взятку"),
    "keep_complete": ("keep {cards}: win a trick and declare the {meld} ({points})",
                      "сохранить {cards}: после взятки объявить комбинацию «{meld}» ({points})"),
    "keep_for": ("keep {cards} for the {meld} ({points}): {missing}",
                 "придержать {cards} для комбинации «{meld}» ({points}): {missing}"),
    "win_to_declare": ("win with {card} so you can declare the {meld} ({points})",
                       "взять взятку картой {card}, чтобы объявить комбинацию «{meld}» "
                       "({points})"),
    "take_brisque": ("take the brisque {lead} cheaply with {card}",
                     "дёшево взять бриску {lead} картой {card}"),
    "win_cheaply": ("{card} wins the trick at little cost", "{card} берёт взятку малой ценой"),
    "win_lead": ("{card} wins the trick, and with it the lead and the first draw",
                 "{card} берёт взятку, а с ней ход и первую карту из колоды"),
    "win_lead_late": ("{card} wins the trick and the lead", "{card} берёт взятку и ход"),
    "win_capture": ("{card} takes the trick, which scores {points} at once: its brisques and "
                    "the combinations it completes with your laid-out cards",
                    "{card} берёт взятку, которая сразу даёт {points}: бриски и комбинации, "
                    "которые она образует с вашими выложенными картами"),
    "playoff_captures_ahead": ("{card}: with best play by both you come out {points} ahead in "
                               "the tricks left, combinations from captured cards included",
                               "{card}: при лучшей игре обеих сторон вы выиграете на "
                               "оставшихся взятках на {points} больше соперника, с "
                               "комбинациями из взятых карт"),
    "playoff_captures_behind": ("{card}: with best play by both the opponent still makes "
                                "{points} more in the tricks left; any other card gives him "
                                "at least as much",
                                "{card}: при лучшей игре обеих сторон соперник всё равно "
                                "возьмёт на оставшихся взятках на {points} больше; любая "
                                "другая карта даст ему не меньше"),
    "playoff_captures_even": ("{card}: with best play by both the tricks left come out even, "
                              "combinations from captured cards included",
                              "{card}: при лучшей игре обеих сторон оставшиеся взятки дадут "
                              "вам и сопернику поровну, с комбинациями из взятых карт"),
    "capture_denied": ("the opponent's capture would score {points}; throwing {card} gives "
                       "him the least",
                       "взятка соперника дала бы {points}; сброс {card} даёт ему меньше всего"),
    "deny_opponent": ("winning stops the opponent from declaring after this trick",
                      "взятка не даёт сопернику объявить комбинацию после этого хода"),
    "discard_low": ("let the trick go and throw {card}, the least useful card",
                    "отдать взятку и сбросить {card}, самую ненужную карту"),
    "let_go": ("let the trick go with {card}: winning it with {kept} would cost more than "
               "it brings",
               "отдать взятку картой {card}: взять её картой {kept} обошлось бы дороже, чем "
               "принесло бы"),
    "partner_trick": ("your partner is winning the trick: {card} goes to your side",
                      "взятку берёт партнёр: {card} достанется вашей стороне"),
    "brisque_lost": ("winning {lead} would cost more than it brings",
                     "взять {lead} обошлось бы дороже, чем принесло бы"),
    "exchange_seven": ("exchange {card} for the turn-up: it scores {points} and gives you "
                       "the higher trump",
                       "обменять {card} на открытый козырь: это {points_ru} и козырь "
                       "старше"),
    "exchange_turn_up": ("exchange {card} for the turn-up: the higher trump joins your hand",
                         "обменять {card} на открытый козырь: старший козырь придёт к вам "
                         "в руку"),
    "show_seven": ("show {card}: it scores {points}", "показать {card}: это {points_ru}"),
    "declare_best": ("the {meld} ({points}) {meld_is} the best you can declare now",
                     "комбинация «{meld}» ({points}) — лучшее, что можно объявить сейчас"),
    "four_aces_now": ("four aces are best declared at once",
                      "четырёх тузов лучше объявить сразу"),
    "late_big": ("little stock is left: take the {meld} now rather than wait",
                 "колода кончается: объявить комбинацию «{meld}» сейчас, не дожидаясь"),
    "timing": ("declare the {meld} ({points}) first and the {later} ({later_points}) after "
               "another win: much stock is left",
               "сначала объявить комбинацию «{meld}» ({points}), а комбинацию «{later}» "
               "({later_points}) — после следующей взятки: колоды ещё много"),
    "hold_back": ("declare nothing yet: the cards are worth more kept for a bigger meld",
                  "пока ничего не объявлять: карты ценнее для более крупной комбинации"),
    "nothing_to_declare": ("nothing worth declaring: draw", "объявлять нечего: брать из колоды"),
    "only_action": ("the only legal action", "единственное возможное действие"),
    "playoff_solver": ("with best play by both, {card} brings you {points} more in the last "
                       "tricks", "при лучшей игре обеих сторон {card} принесёт вам ещё "
                       "{points_ru} в последних взятках"),
    "playoff_solver_nothing": ("{card}: the last tricks bring you nothing more whatever you "
                               "play, and this card costs the least",
                               "{card}: последние взятки ничего вам не принесут, что ни "
                               "играй, а эта карта стоит меньше всего"),
    "playoff_last_and_brisques": ("with best play by both, {card} wins you the last trick "
                                  "({last}) and {brisques} in brisques",
                                  "при лучшей игре обеих сторон {card} даст вам последнюю "
                                  "взятку ({last}) и {brisques_ru} в брисках"),
    "playoff_last": ("with best play by both, {card} wins you the last trick ({last})",
                     "при лучшей игре обеих сторон {card} даст вам последнюю взятку ({last})"),
    "playoff_brisques": ("with best play by both, {card} wins you {brisques} in brisques",
                         "при лучшей игре обеих сторон {card} даст вам {brisques_ru} "
                         "в брисках"),
    "playoff_no_tiebreak": ("{card}: you cannot win the last trick or a brisque whatever "
                            "you play, and this card costs the least",
                            "{card}: последнюю взятку и бриски вам не взять, что ни играй, "
                            "а эта карта стоит меньше всего"),
    "refute_takes": ("{card} loses {loss}: the opponent answers {reply} and takes the trick",
                     "{card} теряет {loss}: соперник отвечает {reply} и берёт взятку"),
    "refute_gives": ("{card} loses {loss}: the opponent lets you have the trick with {reply}",
                     "{card} теряет {loss}: соперник отдаёт вам взятку, сбросив {reply}"),
    "refute_leads": ("{card} loses {loss}: the opponent wins the trick and leads {reply}",
                     "{card} теряет {loss}: соперник берёт взятку и ходит {reply}"),
    "refute_then": ("{card} loses {loss}: you win the trick, but to your {own} the opponent "
                    "answers {reply}",
                    "{card} теряет {loss}: вы берёте взятку, но на вашу карту {own} "
                    "соперник отвечает {reply}"),
    "refute_last_yours": ("{card} loses {loss}, although you win the last trick",
                          "{card} теряет {loss}, хотя последняя взятка ваша"),
    "refute_last_theirs": ("{card} loses {loss}: the opponent wins the last trick",
                           "{card} теряет {loss}: соперник берёт последнюю взятку"),
    "risk": ("losing the trick lets the opponent declare",
             "отданная взятка позволит сопернику объявить комбинацию"),
}


# What a play-off card gives up (``refute_*``'s ``loss``), by the solver's loss kind.
LOSSES: dict[str, tuple[str, str]] = {
    "points": ("{points}", "{points}"),
    "last_trick": ("the last trick", "последнюю взятку"),
    "brisques": ("{points} in brisques", "{points_ru} в брисках"),
}


_KEPT_ALIKE = frozenset({"keep_complete", "keep_for"})

# How far a meld in the making is from complete (``keep_for``): at most three cards
# (heuristic.HeuristicWeights.max_missing; three in games of six packs or more).
MISSING: dict[int, tuple[str, str]] = {
    1: ("one card short", "не хватает одной карты"),
    2: ("two cards short", "не хватает двух карт"),
    3: ("three cards short", "не хватает трёх карт"),
}

MOST_REASONS = 3   # a hint names its move and at most this many reasons


# Parameters that hold one card id, and the one that holds several.
CARD_PARAMS = ("card", "lead", "kept", "reply", "own")


@dataclass(frozen=True)
class Reason:
    key: str
    params: tuple[tuple[str, object], ...] = ()

    def __init__(self, key: str, **params: object) -> None:
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "params", tuple(params.items()))

    def cards(self) -> tuple[int, ...]:
        """The card ids this reason names."""
        out: list[int] = []
        for name, value in self.params:
            if name in CARD_PARAMS and isinstance(value, int):
                out.append(value)
            elif name == "cards" and isinstance(value, tuple):
                out.extend(c for c in value if isinstance(c, int))
        return tuple(out)

    def render(self, lang: str = "en") -> str:
        """The reason in ``lang``. A card carries its copy mark only where an identical
        card is named in the same sentence (:func:`engine.notation.cards.copies_in_question`):
        elsewhere the mark tells a learner nothing."""
        language = 1 if lang == "ru" else 0
        template = MESSAGES[self.key][language]
        # Cards kept for a meld are alike: whichever twin is kept serves ("keep A♦ A♦").
        named = () if self.key in _KEPT_ALIKE else self.cards()
        values: dict[str, object] = {}
        for name, value in self.params:
            if name in CARD_PARAMS and isinstance(value, int):
                value = card_text(value, lang, among=named)
            elif name == "cards" and isinstance(value, tuple):
                value = " ".join(card_text(c, lang, among=named)
                                 for c in sorted(value, key=display_order))
            elif name in ("meld", "later") and isinstance(value, str):
                value = meld_name(value, lang)
                if name == "meld":
                    values.update(verb_forms(value, lang))   # "the four aces are"
            elif name == "missing" and isinstance(value, int):
                value = MISSING[value][language]
            elif name == "loss" and isinstance(value, tuple):
                kind, points = value
                value = LOSSES[str(kind)][language].format(points=points,
                                                           points_ru=points_ru(str(points)))
            values[name] = value
            if isinstance(value, int) and not isinstance(value, bool):
                values[f"{name}_ru"] = points_ru(value)   # «22 очка», never «22 очков»
        return template.format(**values)
