"""Explanation texts of 004's 18-card game with jokers (its ladders, the nine that
replaces the turn-up, the deal that ends with the stock), merged into
:data:`engine.text.explain.MESSAGES` and the name tables."""

from __future__ import annotations

_ORDINAL_EN = {2: "2nd", 3: "3rd", 4: "4th", 5: "5th", 6: "6th", 7: "7th", 8: "8th"}

# Repeating ladders: the n-th declaration of the same combination (004 l.33, l.51-57).
_REPEATED = {
    "four_queens": ("four queens", "четыре дамы"),
    "four_kings": ("four kings", "четыре короля"),
    "four_aces": ("four aces", "четыре туза"),
    "trump_marriage": ("trump marriage", "козырный марьяж"),
    "bezique": ("bezique", "безик"),
    "trump_quint": ("trump quint", "козырный квинт"),
}

# Growing sets of trumps (and of bezique jacks), four to eight cards (004 l.35-49).
_COUNT_EN = ("four", "five", "six", "seven", "eight")
_COUNT_RU = ("четыре", "пять", "шесть", "семь", "восемь")
_NOUNS = {  # en plural; ru after 2-4 (genitive singular), after 5+ (genitive plural)
    "trump_queens": ("trump queens", "козырные дамы", "козырных дам"),
    "trump_kings": ("trump kings", "козырных короля", "козырных королей"),
    "trump_aces": ("trump aces", "козырных туза", "козырных тузов"),
    "trump_jacks": ("trump jacks", "козырных валета", "козырных валетов"),
    "trump_tens": ("trump tens", "козырные десятки", "козырных десяток"),
    "bezique_jacks": ("bezique jacks", "безиковых валета", "безиковых валетов"),
}


def _names() -> dict[str, tuple[str, str]]:
    names: dict[str, tuple[str, str]] = {"trump_quint": _REPEATED["trump_quint"]}
    for kind, (en, ru) in _REPEATED.items():
        for n in range(2, 9):
            names[f"{kind}_{n}"] = (f"{en} ({_ORDINAL_EN[n]} time)", f"{ru} ({n}-й раз)")
    for noun, (en, ru_few, ru_many) in _NOUNS.items():
        for i, (count_en, count_ru) in enumerate(zip(_COUNT_EN, _COUNT_RU, strict=True)):
            names[f"{count_en}_{noun}"] = (f"{count_en} {en}",
                                           f"{count_ru} {ru_few if i == 0 else ru_many}")
    return names


MELD_NAMES: dict[str, tuple[str, str]] = _names()

CLASS_NAMES: dict[str, tuple[str, str]] = {
    "queens": ("four queens of different suits", "четыре дамы разных мастей"),
    "kings": ("four kings of different suits", "четыре короля разных мастей"),
    "aces": ("four aces of different suits", "четыре туза разных мастей"),
    "trump_queens": ("trump queens", "козырные дамы"),
    "trump_kings": ("trump kings", "козырные короли"),
    "trump_aces": ("trump aces", "козырные тузы"),
    "trump_jacks": ("trump jacks", "козырные валеты"),
    "trump_tens": ("trump tens", "козырные десятки"),
    "bezique_jacks": ("bezique jacks", "безиковые валеты"),
}

MESSAGES: dict[str, tuple[str, str]] = {
    "refuse_not_trump_nine": ("{card} is not a nine of trumps in your hand: only a nine of "
                              "trumps replaces the turn-up",
                              "{card} — не козырная девятка из вашей руки: открытый козырь "
                              "заменяют только козырной девяткой"),
    "refuse_no_exchange_nine": ("the turn-up is already a nine of trumps",
                                "открытый козырь уже козырная девятка"),
    # {card} / {loser} is the joker itself: the sentence names it once, as a person does.
    "meld_joker": ("the joker stands for the missing card of the {meld}",
                   "инфузорка заменяет недостающую карту комбинации «{meld}»"),
    "trick_joker": ("the joker is worth nothing by itself: it covers no card and any "
                    "card covers it, so {winner} wins", "инфузорка сама по себе "
                    "ничего не стоит: она не кроет ни одной карты, а её кроет любая, поэтому "
                    "берёт {winner}"),
    "ladder_once": ("the {meld} {meld_has} already scored in this deal: each step of a ladder "
                    "scores once", "комбинация «{meld}» в этой сдаче уже записана: каждая ступень "
                    "лестницы записывается один раз"),
    "ladder_order": ("the {meld} come{meld_s} only after the {prev_meld}, not yet declared in this "
                     "deal: one step at a time", "«{meld}» идёт только после комбинации "
                     "«{prev_meld}», которая в этой сдаче ещё не объявлена: по одной "
                     "ступени за раз"),
    "ladder_grow": ("the {meld} add{meld_s} a card to the {prev_meld} already shown ({cards}); "
                    "all of those must be part of it", "«{meld}» — это карта, добавленная к "
                    "уже показанной комбинации «{prev_meld}» ({cards}); все её карты должны "
                    "в неё войти"),
    "joker_not_turned": ("a joker has no suit and is never turned for trumps: it goes to "
                         "the bottom of the stock and the next card is turned",
                         "инфузорка не имеет масти и козырем не открывается: её кладут под "
                         "низ колоды и открывают следующую карту"),
    "turn_up_exchange": ("{card} replaces the turn-up {other}, which goes to the hand",
                         "{card} заменяет открытый козырь {other}, который идёт в руку"),
    "stock_out_end": ("the stock is gone and nobody can refill to eighteen: the deal ends "
                      "(no tricks are kept, so nothing is left to play for)",
                      "колода кончилась, добирать до восемнадцати нечем: сдача окончена "
                      "(взяток нет, играть больше не на что)"),
    "game_one_deal": ("the game is one deal: the higher score wins",
                      "партия — одна сдача: побеждает больший счёт"),
    "game_draw_one_deal": ("the game is one deal and the scores are equal: a draw {scores}",
                           "партия — одна сдача, и счёт равный: ничья {scores}"),
}
