"""Explanations: the steps and events that say why points were scored.

Every change of points is an :class:`Event`; its ``steps`` say which rule
applied, to which cards, what was checked. A step stores a message key and
its parameters, so the same event renders in English or Russian::

    >>> s = Step("meld.bezique", "meld_found", (("cards", "Q♠#1 J♦#1"), ("meld", "bezique")))
    >>> s.render("en"), s.render("ru")
    ('Q♠#1 J♦#1 form a bezique', 'Q♠#1 J♦#1 образуют безик')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine import table_messages

LANGUAGES = ("en", "ru")

MELD_NAMES: dict[str, tuple[str, str]] = {
    "marriage": ("marriage", "марьяж"),
    "trump_marriage": ("trump marriage", "козырный марьяж"),
    "trump_sequence": ("trump sequence", "козырная секвенция"),
    "sequence": ("sequence", "секвенция"),
    "bezique": ("bezique", "безик"),
    "double_bezique": ("double bezique", "двойной безик"),
    "triple_bezique": ("triple bezique", "тройной безик"),
    "quadruple_bezique": ("quadruple bezique", "четверной безик"),
    "quintuple_bezique": ("quintuple bezique", "пятерной безик"),
    "four_aces": ("four aces", "четыре туза"),
    "four_kings": ("four kings", "четыре короля"),
    "four_queens": ("four queens", "четыре дамы"),
    "four_jacks": ("four jacks", "четыре валета"),
    "four_tens": ("four tens", "четыре десятки"),
    "carte_blanche": ("carte blanche", "карт-бланш"),
    "double_carte_blanche": ("double carte blanche", "двойной карт-бланш"),
    "sextuple_bezique": ("sextuple bezique", "шестерной безик"),
    "four_trump_aces": ("four trump aces", "четыре козырных туза"),
    "four_trump_tens": ("four trump tens", "четыре козырные десятки"),
    "four_trump_kings": ("four trump kings", "четыре козырных короля"),
    "four_trump_queens": ("four trump queens", "четыре козырные дамы"),
    "four_trump_jacks": ("four trump jacks", "четыре козырных валета"),
    "five_trump_aces": ("five trump aces", "пять козырных тузов"),
    "five_trump_tens": ("five trump tens", "пять козырных десяток"),
    "five_trump_kings": ("five trump kings", "пять козырных королей"),
    "five_trump_queens": ("five trump queens", "пять козырных дам"),
    "five_trump_jacks": ("five trump jacks", "пять козырных валетов"),
}

CLASS_NAMES: dict[str, tuple[str, str]] = {
    "marriage": ("marriages and sequences", "марьяжи и секвенции"),
    "bezique": ("beziques", "безики"),
    "rank_set": ("sets of four of a rank", "четвёрки одного достоинства"),
    "trump_set": ("sets of trumps of one rank", "наборы козырей одного достоинства"),
    "carte_blanche": ("carte blanche", "карт-бланш"),
    "double_carte_blanche": ("double carte blanche", "двойной карт-бланш"),
    "sextuple_bezique": ("sextuple bezique", "шестерной безик"),
    "four_trump_aces": ("four trump aces", "четыре козырных туза"),
    "four_trump_tens": ("four trump tens", "четыре козырные десятки"),
    "four_trump_kings": ("four trump kings", "четыре козырных короля"),
    "four_trump_queens": ("four trump queens", "четыре козырные дамы"),
    "four_trump_jacks": ("four trump jacks", "четыре козырных валета"),
    "five_trump_aces": ("five trump aces", "пять козырных тузов"),
    "five_trump_tens": ("five trump tens", "пять козырных десяток"),
    "five_trump_kings": ("five trump kings", "пять козырных королей"),
    "five_trump_queens": ("five trump queens", "пять козырных дам"),
    "five_trump_jacks": ("five trump jacks", "пять козырных валетов"),
}

# Message templates: key -> (English, Russian).
MESSAGES: dict[str, tuple[str, str]] = {
    "meld_found": ("{cards} form a {meld}", "{cards} образуют {meld}"),
    "meld_points": ("a {meld} scores {points} ({citation})",
                    "{meld} стоит {points} ({citation})"),
    "reuse_fresh": ("none of these cards has been scored among {class} before",
                    "ни одна из этих карт ещё не записывалась в классе «{class}»"),
    "reuse_upgrade": ("{card} already scored in the {prev_meld}; the {meld} is a higher "
                      "combination of the same class, so it may be used again",
                      "{card} уже записана в комбинации «{prev_meld}»; {meld} — старшая "
                      "комбинация того же класса, поэтому карту можно использовать снова"),
    "reuse_cross": ("{card} already scored in the {prev_meld} — another class, so it may "
                    "join the {meld}",
                    "{card} уже записана в комбинации «{prev_meld}» — это другой класс, "
                    "поэтому она может войти в {meld}"),
    "reuse_refused": ("{card} already scored in the {prev_meld}; a card may not be scored "
                      "again in the same or a lower combination of its class",
                      "{card} уже записана в комбинации «{prev_meld}»; карту нельзя повторить "
                      "в такой же или младшей комбинации своего класса"),
    "reuse_reform": ("{card} was in the {prev_meld}, one of whose cards has been played, so "
                     "the {meld} may be formed again", "{card} входила в комбинацию "
                     "«{prev_meld}», карта которой уже сыграна, поэтому {meld} можно составить "
                     "заново"),
    "reuse_no_reform": ("{card} is still in the {prev_meld}, and no card of that meld has been "
                        "played: a meld re-forms only after one of its cards is played",
                        "{card} по-прежнему в комбинации «{prev_meld}», и ни одна её карта не "
                        "сыграна: комбинацию можно составить заново лишь после розыгрыша её "
                        "карты"),
    "trump_fixed": ("the first marriage or sequence fixes trumps: {suit}",
                    "первый марьяж или секвенция назначает козыри: {suit}"),
    "blanche": ("no king, queen or jack in the hand: carte blanche scores {points}",
                "в руке нет королей, дам и валетов: карт-бланш даёт {points}"),
    "blanche_again": ("{card} drawn is no court card: carte blanche again, {points}",
                      "прикуплена {card} — не фигура: снова карт-бланш, {points}"),
    "blanche_ends": ("{card} drawn is a court card: the carte blanche privilege ends",
                     "прикуплена фигура {card}: право на карт-бланш закончилось"),
    "brisques_tiebreak": ("{count} aces and tens captured: brisques count only for ties and "
                          "the rubicon", "взято тузов и десяток: {count}; бриски считаются "
                          "только при ничьей и для рубикона"),
    "playoff_skipped": ("the last tricks cannot change the result, so they are not played",
                        "последние взятки не могут изменить итог, поэтому их не разыгрывают"),
    "settle_round": ("player {player}: {raw} rounded down to {rounded}",
                     "игрок {player}: {raw} округляется вниз до {rounded}"),
    "settle_brisques": ("a tie after rounding: brisques are added ({detail})",
                        "ничья после округления: добавляются бриски ({detail})"),
    "settle_round_up": ("still a tie: the higher actual score rounds up",
                        "всё ещё ничья: больший фактический счёт округляется вверх"),
    "settle_rescue": ("player {player} counts brisques to cross the rubicon; so does the winner",
                      "игрок {player} засчитывает бриски, чтобы перейти рубикон; победитель тоже"),
    "settle_difference": ("player {player} wins: difference {difference} plus {bonus} for the "
                          "game", "побеждает игрок {player}: разница {difference} плюс {bonus} "
                          "за партию"),
    "settle_rubicon": ("player {loser} is under {rubicon}: rubiconed, {detail}",
                       "игрок {loser} не набрал {rubicon}: рубикон, {detail}"),
    "settle_small": ("the loser scored under {limit}: {bonus} more", "проигравший набрал "
                     "меньше {limit}: ещё {bonus}"),
    "settle_total": ("player {player} scores {points} for the game",
                     "игрок {player} получает {points} за партию"),
    "settle_draw": ("equal scores: a draw", "равный счёт: ничья"),
    "stock_marker": ("the marker shows: {count} cards are left in the stock",
                     "показался индикатор: в колоде осталось {count} карт"),
    "partner_swap": ("swapping the partner does not renew {card}: it was used in the "
                     "{prev_meld}",
                     "замена партнёра не обновляет {card}: она уже использована в комбинации "
                     "«{prev_meld}»"),
    "one_per_trick": ("only one declaration is scored for each trick won; this one "
                      "already scored the {prev_meld}",
                      "за одну выигранную взятку записывается лишь одно объявление; уже "
                      "записано: {prev_meld}"),
    "not_after_win": ("declarations are made only by the winner of a trick while stock "
                      "remains", "объявлять может только взявший взятку, пока есть колода"),
    "cards_missing": ("{cards} are not in the hand or on the table",
                      "карт {cards} нет ни в руке, ни на столе"),
    "pattern_wrong": ("{cards} do not form a {meld}: {why}", "{cards} не образуют {meld}: {why}"),
    "pending_named": ("{meld} is exposed and waits: {points} to score after a later win",
                      "{meld} выложен и ждёт: {points} к записи после следующей победы"),
    "pending_scored": ("the waiting {meld} is scored now", "ожидающий {meld} записан сейчас"),
    "pending_lost_played": ("{card} was played, so the waiting {meld} is lost",
                            "сыграна {card}, поэтому ожидающий {meld} потерян"),
    "pending_lost_stock": ("the stock ran out, so the waiting {meld} is lost",
                           "колода кончилась, поэтому ожидающий {meld} потерян"),
    "running": ("running score: {score}", "текущий счёт: {score}"),
    "trick_trump": ("{winner} is a trump and {loser} is not", "{winner} — козырь, а {loser} нет"),
    "trick_higher": ("{winner} is higher than {loser} in the led suit",
                     "{winner} старше {loser} в масти хода"),
    "trick_identical": ("{winner} and {loser} are identical: the card led wins",
                        "{winner} и {loser} одинаковы: выигрывает карта хода"),
    "trick_offsuit": ("{loser} neither follows suit nor trumps, so {winner} wins",
                      "{loser} не в масть и не козырь, поэтому {winner} берёт"),
    "trick_higher_trump": ("{winner} is the higher trump", "{winner} — старший козырь"),
    "dix_turn_up": ("the turn-up {card} is a seven of trumps: the dealer scores {points}",
                    "открыт козырь {card} — козырная семёрка: сдающий получает {points}"),
    "dix_show": ("{card} is shown after a win: {points}",
                 "{card} показана после победы: {points}"),
    "dix_exchange": ("{card} is exchanged for the turn-up {other}",
                     "{card} обменяна на открытый козырь {other}"),
    "dix_exchanged": ("{card} is counted on the exchange: {points}",
                      "{card} засчитана при обмене: {points}"),
    "dix_first_play": ("{card} is played for the first time and was not yet counted: {points}",
                       "{card} сыграна впервые и ещё не засчитана: {points}"),
    "dix_counted": ("{card} was already counted, so it scores nothing more",
                    "{card} уже засчитана, повторно она ничего не даёт"),
    "dix_once": ("each physical seven of trumps counts once", "каждая козырная семёрка "
                 "засчитывается один раз"),
    "brisques": ("{count} aces and tens captured, {each} each: {points}",
                 "взято тузов и десяток: {count}, по {each}: {points}"),
    "last_trick": ("the last trick scores {points}", "последняя взятка даёт {points}"),
    "per_trick": ("a trick won scores {points}", "за взятку {points}"),
    "stock_end_draw": ("the winner takes the last hidden card, the loser the turn-up {card}",
                       "победитель берёт последнюю закрытую карту, проигравший — козырь {card}"),
    "stock_end": ("the stock is exhausted: exposed cards return to the hands; no more "
                  "declarations", "колода кончилась: открытые карты возвращаются в руку; "
                  "объявлений больше нет"),
    "cut": ("player {player} cuts {card}", "игрок {player} вытягивает {card}"),
    "cut_tie": ("equal ranks: cut again", "равные карты: тянут снова"),
    "cut_dealer": ("player {player} cut the higher card and deals first",
                   "игрок {player} вытянул старшую карту и сдаёт первым"),
    "turn_up": ("{card} is turned up: {suit} are trumps", "открыт {card}: козыри — {suit}"),
    "deal_total": ("deal score {scores}", "счёт сдачи {scores}"),
    "game_won": ("player {player} wins the game {scores}",
                 "игрок {player} выигрывает партию {scores}"),
    "game_draw": ("both reached the target with equal totals: a draw {scores}",
                  "оба достигли цели с равным итогом: ничья {scores}"),
    "game_continue": ("nobody reached {target} yet: deal again {scores}",
                      "никто не достиг {target}: новая сдача {scores}"),
    "game_higher": ("the target {target} is reached; the higher total wins",
                    "цель {target} достигнута; побеждает больший итог"),
    # Why an action is refused (engine.errors.IllegalActionError.of).
    "refuse_partner": ("only the trick winner of a partnership, before any declaration, may "
                       "let the partner declare",
                       "дать партнёру объявить может только взявший взятку игрок пары, "
                       "до любого объявления"),
    "refuse_deal_over": ("the deal is over", "сдача окончена"),
    "refuse_carte_blanche": ("carte blanche is claimed before one's first card, with a hand "
                             "of no kings, queens or jacks, in variants that score it",
                             "карт-бланш объявляют до первого хода, если в руке нет "
                             "королей, дам и валетов, и только там, где он засчитывается"),
    "refuse_draw_first": ("the trick winner declares, then draws; choose 'draw' before "
                          "leading",
                          "взявший взятку сначала объявляет, потом берёт карту из колоды; "
                          "нажмите «взять карту», прежде чем ходить"),
    "refuse_not_in_hand": ("{card} is not in player {player}'s hand",
                           "карты {card} нет в руке игрока {player}"),
    "refuse_must_win": ("in the play-off you must follow suit and win the trick when you "
                        "can",
                        "в последних взятках нужно ходить в масть и брать взятку, "
                        "когда можно"),
    "refuse_follow_suit": ("in the play-off you must follow suit",
                           "в последних взятках нужно ходить в масть"),
    "refuse_must_trump": ("in the play-off you must trump when void in the suit led",
                          "в последних взятках без карт нужной масти нужно бить козырем"),
    "refuse_card_not_now": ("that card may not be played now",
                            "этой картой сейчас ходить нельзя"),
    "refuse_draw_after_trick": ("players draw only after a trick, when declaring ends",
                                "карту из колоды берут только после взятки, когда "
                                "объявления закончены"),
    "refuse_playoff_declare": ("no declarations once the stock is exhausted",
                               "когда колода кончилась, объявлять нельзя"),
    "refuse_declare_after_win": ("only the winner of a trick may declare, before drawing",
                                 "объявлять может только взявший взятку, до того как "
                                 "возьмёт карту из колоды"),
    "refuse_not_trump_seven": ("{card} is not a seven of trumps in your hand",
                               "{card} — не козырная семёрка из вашей руки"),
    "refuse_seven_counted": ("{card} has already been counted", "{card} уже засчитана"),
    "refuse_no_exchange": ("the turn-up is already a seven of trumps or gone",
                           "открытая карта уже козырная семёрка или её уже взяли"),
    "refuse_no_meld": ("this variant has no meld {meld}",
                       "в этом варианте нет комбинации «{meld}»"),
    "refuse_cards_missing": ("{cards} not in your hand or on the table",
                             "{cards}: этих карт нет ни в руке, ни на столе"),
    "refuse_no_pending": ("this variant has no pending declarations",
                          "в этом варианте нет отложенных объявлений"),
    "refuse_score_first": ("score a declaration first; extra melds may then be exposed to "
                           "wait",
                           "сначала запишите одно объявление; остальные комбинации можно "
                           "затем выложить ждать своей очереди"),
    "refuse_not_waiting": ("that meld is not waiting to score",
                           "эта комбинация не ждёт записи"),
    "refuse_already_waiting": ("that meld is already waiting",
                               "эта комбинация уже ждёт записи"),
    "refuse_action": ("{action} is not possible now", "«{action}» сейчас невозможно"),
    "refuse_not_your_turn": ("it is not your turn", "сейчас не ваш ход"),
}

SUIT_NAMES: dict[str, tuple[str, str]] = {
    "S": ("spades", "пики"), "H": ("hearts", "черви"),
    "D": ("diamonds", "бубны"), "C": ("clubs", "трефы"),
}

# The club game, the card-point game and the table-rules mode keep their texts apart.
for _table, _more in ((MESSAGES, table_messages.MESSAGES),
                      (MELD_NAMES, table_messages.MELD_NAMES),
                      (CLASS_NAMES, table_messages.CLASS_NAMES)):
    _table.update(_more)

# Parameters whose value is a key of one of the name tables above.
_TRANSLATED = {"meld": MELD_NAMES, "prev_meld": MELD_NAMES, "class": CLASS_NAMES,
               "suit": SUIT_NAMES}


def meld_name(kind: str, lang: str = "en") -> str:
    names = MELD_NAMES.get(kind)
    if names is None:
        return kind.replace("_", " ")
    return names[1] if lang == "ru" else names[0]


@dataclass(frozen=True, slots=True)
class Step:
    """One checked fact of an explanation, tied to a rule id."""

    rule_id: str
    key: str
    params: tuple[tuple[str, str], ...] = ()

    def render(self, lang: str = "en") -> str:
        template = MESSAGES[self.key][1 if lang == "ru" else 0]
        values: dict[str, str] = {}
        for name, value in self.params:
            table = _TRANSLATED.get(name)
            if table is not None and value in table:
                value = table[value][1 if lang == "ru" else 0]
            values[name] = value
        return template.format(**values)

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule_id, "key": self.key, "params": dict(self.params)}


def step(rule_id: str, key: str, **params: object) -> Step:
    return Step(rule_id, key, tuple((k, str(v)) for k, v in params.items()))


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened in a deal. ``points`` go to ``player``."""

    type: str
    player: int | None
    rule_id: str = ""
    points: int = 0
    cards: tuple[int, ...] = ()
    meld: str = ""
    steps: tuple[Step, ...] = ()
    citation: str = ""
    totals: tuple[int, ...] = field(default=())

    def explain(self, lang: str = "en") -> list[str]:
        return [s.render(lang) for s in self.steps]

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        from engine.cards import Card

        return {
            "type": self.type, "player": self.player, "rule": self.rule_id,
            "citation": self.citation, "points": self.points, "meld": self.meld,
            "cards": [str(Card.from_id(c)) for c in self.cards],
            "explanation": self.explain(lang), "totals": list(self.totals),
        }
