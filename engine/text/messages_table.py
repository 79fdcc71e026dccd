"""Explanation templates of the club game (002), the card-point game (004) and
the table-rules mode, merged into :data:`engine.text.explain.MESSAGES`."""

from __future__ import annotations

MELD_NAMES: dict[str, tuple[str, str]] = {
    "double_marriage": ("double marriage", "двойной марьяж"),
    "double_trump_marriage": ("double trump marriage", "двойной козырный марьяж"),
    "two_trump_sevens": ("two sevens of trumps", "две козырные семёрки"),
}

CLASS_NAMES: dict[str, tuple[str, str]] = {
    "sevens": ("sevens of trumps", "козырные семёрки"),
}

MESSAGES: dict[str, tuple[str, str]] = {
    "deal_method": ("dealt in packets of {packets}, player {player} served first",
                    "сдано пачками {packets}, первым получает игрок {player}"),
    "bonus_black_ace": ("the turn-up {card} is a black trump ace: the dealer scores {points}",
                        "открыт {card} — чёрный козырный туз: сдающему {points}"),
    "bonus_red_ace": ("the turn-up {card} is a red trump ace: the dealer scores {points}",
                      "открыт {card} — красный козырный туз: сдающему {points}"),
    "bonus_seven_dealer": ("the turn-up {card} is a seven: the dealer scores {points}",
                           "открыта семёрка {card}: сдающему {points}"),
    "bonus_seven_opponent": ("the turn-up {card} is a seven: the dealer's opponent loses "
                             "{points}", "открыта семёрка {card}: у противника сдающего "
                             "снимается {points}"),
    "bonus_streak": ("{suit} are trumps for the {nth} deal running: the dealer scores "
                     "{points}", "козыри — {suit} {count}-ю сдачу подряд: сдающему {points}"),
    "bonus_streak_clubs": ("clubs are trumps for the {nth} deal running: the dealer "
                           "loses {points}", "козыри — трефы {count}-ю сдачу подряд: у "
                           "сдающего снимается {points}"),
    "trick_bonus": ("the trick holds {card}: {points} more",
                    "во взятке {card}: ещё {points}"),
    "card_points": ("card values taken: {parts} = {points}",
                    "очки взятых карт: {parts} = {points}"),
    "refuse_follow_in_stock": ("you must follow suit when you can, even while the stock "
                               "lasts", "пока колода не кончилась, всё равно нужно ходить "
                               "в масть, если она есть"),
    "fine_declare_before_win": ("the {meld} {cards} was declared before winning a trick: "
                                "nothing is scored and the fine is {points}",
                                "комбинация «{meld}» {cards} объявлена до выигрыша взятки: "
                                "она не записывается, штраф {points}"),
    "fine_not_following": ("{card} does not follow suit, though the hand holds the suit "
                           "led and the last eight cards require it: the card stands and "
                           "the fine is {points}",
                           "{card} — не в масть, хотя масть хода на руке есть, а в последних "
                           "восьми картах отвечать в масть обязательно: карта остаётся, "
                           "штраф {points}"),
    "fine_not_winning": ("{card} does not win the trick, though a card of the suit led in "
                         "the hand would, and the last eight cards require it: the card "
                         "stands and the fine is {points}",
                         "{card} не берёт взятку, хотя карта масти хода на руке её взяла бы, "
                         "а в последних восьми картах перебивать обязательно: карта "
                         "остаётся, штраф {points}"),
    "fine_not_trumping": ("{card} is no trump, though the hand has none of the suit led and "
                          "holds a trump, and the last eight cards require trumping: the card "
                          "stands and the fine is {points}",
                          "{card} — не козырь, хотя масти хода на руке нет, а козырь есть, и "
                          "в последних восьми картах бить козырем обязательно: карта "
                          "остаётся, штраф {points}"),
    "fine_play_before_draw": ("{card} was played before drawing: both draw first, the card "
                              "is then led, and the fine is {points}",
                              "{card} сыграна до взятия карты из колоды: сначала оба берут "
                              "карты, затем с неё ходят; штраф {points}"),
    "fine_extra_card": ("an extra card was drawn: it goes back to the stock and the fine is "
                        "{points}", "взята лишняя карта: она возвращается в колоду, штраф "
                        "{points}"),
    "fine_false_declaration": ("the {meld} {cards} is not there: the declarer loses all "
                               "{points} points scored so far",
                               "комбинации «{meld}» {cards} нет: объявивший теряет все "
                               "набранные очки ({points})"),
    "refuse_exchange_after_declaration": (
        "the exchange of the seven is itself a declaration, and this trick's declaration "
        "is already made", "обмен семёрки сам является объявлением, а объявление за эту "
        "взятку уже сделано"),
    "refuse_declaration_after_exchange": (
        "the exchange of the seven was this trick's declaration; no other may follow it",
        "обмен семёрки и был объявлением за эту взятку; другого после него не делают"),
    "stock_end_draw_leader": ("the player who led the trick takes the last hidden card, the "
                              "other the turn-up {card}", "сходивший первым берёт последнюю "
                              "закрытую карту, другой — козырь {card}"),
    "refuse_after_tricks": ("by this rule a player declares only once he has won {count} "
                            "tricks (so far {won})", "по этому правилу игрок объявляет лишь "
                            "после того, как сам взял {count} взятки (пока {won})"),
    "game_last_trick": ("both passed {target}: the winner of the last trick wins",
                        "оба перешли {target}: выигрывает взявший последнюю взятку"),
}
