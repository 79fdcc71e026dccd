"""Explanations: the steps and events that say why points were scored.

Every change of points is an :class:`Event`; its ``steps`` say which rule
applied, to which cards, what was checked. A step stores a message key and
its parameters, so the same event renders in English or Russian::

    >>> s = Step("meld.bezique", "meld_found", (("cards", "Q♠#1 J♦#1"), ("meld", "bezique")))
    >>> s.render("en"), s.render("ru")
    ('Q♠ J♦ form a bezique', 'Д♠ В♦ образуют комбинацию «безик»')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.errors import IllegalActionError, NotationError
from engine.notation.cards import Card, cards_text, parse_card
from engine.text import messages_joker as joker_messages
from engine.text import messages_scorepad as scorepad_messages
from engine.text import messages_table as table_messages
from engine.text.citations import citation_text

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
    "double_trump_marriage": ("double trump marriage", "двойной козырный марьяж"),
    "triple_marriage": ("triple marriage", "тройной марьяж"),
    "triple_trump_marriage": ("triple trump marriage", "тройной козырный марьяж"),
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
    "rank_set": ("fours of a kind", "четвёрки одного достоинства"),
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
    "meld_found": ("{cards} form {a_meld}", "{cards} образуют комбинацию «{meld}»"),
    "meld_points": ("{meld}: {points} points ({citation})",
                    "«{meld}» — {points} ({citation})"),
    "reuse_fresh": ("none of these cards has been scored among {class} before",
                    "ни одна из этих карт ещё не записывалась в группе «{class}»"),
    "reuse_upgrade": ("{card} already scored in the {prev_meld}; the {meld} {meld_is} a higher "
                      "combination of the same class, so it may be used again",
                      "карта {card} уже записана в комбинации «{prev_meld}»; «{meld}» — "
                      "старшая комбинация той же группы, поэтому карту можно взять снова"),
    "reuse_cross": ("{card} already scored in the {prev_meld} — another class, so it may "
                    "join the {meld}",
                    "карта {card} уже записана в комбинации «{prev_meld}», но это другая "
                    "группа, поэтому она может войти в комбинацию «{meld}»"),
    "reuse_refused": ("{card} already scored in the {prev_meld}; a card may not be scored "
                      "again in the same or a lower combination of its class",
                      "карта {card} уже записана в комбинации «{prev_meld}»; в такой же или "
                      "младшей комбинации той же группы её второй раз не записывают"),
    # The Rubicon family's reuse rule (engine.rules.melds.rubicon_reuse), 003 'заявления'.
    "reform_freed": ("{card} was in the {prev_meld} {prev_cards}, which lost {gone} to a "
                     "trick, so {card} may form {a_meld} again",
                     "карта {card} входила в комбинацию «{prev_meld}» {prev_cards}, из "
                     "которой карта {gone} ушла во взятку, поэтому {card} снова может войти в "
                     "комбинацию «{meld}»"),
    "reform_re_pair": ("{card} stays in the {prev_meld} {prev_cards}; marriages may be "
                       "re-paired on the table once a card of one of them has been played",
                       "карта {card} остаётся в комбинации «{prev_meld}» {prev_cards}; марьяжи "
                       "можно переставлять на столе, когда одна из их карт сыграна"),
    "reform_raised": ("{card} is in the {prev_meld} {prev_cards}; a king or queen of a "
                      "declared sequence may take a new partner: only the {meld} contained "
                      "in the sequence is barred",
                      "карта {card} входит в комбинацию «{prev_meld}» {prev_cards}; короля или "
                      "даму заявленной секвенции можно соединить с новой картой из руки — "
                      "запрещена лишь "
                      "комбинация «{meld}», содержащаяся в секвенции"),
    "reform_contained": ("{cards} lie inside the {prev_meld} {prev_cards} already scored: "
                         "the {meld} contained in it may not be declared",
                         "{cards} лежат внутри уже записанной комбинации «{prev_meld}» "
                         "{prev_cards}: содержащуюся в ней комбинацию «{meld}» заявлять нельзя"),
    "reform_same_cards": ("{cards} have already scored together as this {meld}: the same "
                          "cards never score the same meld twice",
                          "{cards} уже записаны вместе как эта комбинация «{meld}»: одни и те "
                          "же карты не засчитываются в одной комбинации дважды"),
    "reform_standing": ("{card} is still in the {prev_meld} {prev_cards}, none of whose "
                        "cards has been played since: a meld re-forms only after one of its "
                        "cards is played, and each re-forming needs a new play",
                        "карта {card} по-прежнему в комбинации «{prev_meld}» {prev_cards}, ни "
                        "одна карта которой с тех пор не сыграна: комбинацию составляют заново "
                        "лишь после розыгрыша её карты, и каждый раз нужен новый розыгрыш"),
    "reform_no_re_pair": ("{card} is still in the {prev_meld} {prev_cards}, none of whose "
                          "cards has been played: cards of {a_meld} are not re-paired on the "
                          "table — only a played card may be replaced by a card from the hand",
                          "карта {card} по-прежнему в комбинации «{prev_meld}» {prev_cards}, "
                          "ни одна карта которой не сыграна: карты комбинации «{meld}» не "
                          "переставляют на столе — заменить картой из руки можно лишь "
                          "сыгранную"),
    "reform_no_free_card": ("{card} is still in the {prev_meld} {prev_cards}, and no card of "
                            "this {meld} comes from a meld that lost a card to a trick: "
                            "marriages re-pair on the table only after one of their cards is "
                            "played",
                            "карта {card} по-прежнему в комбинации «{prev_meld}» {prev_cards}, "
                            "и ни "
                            "одна карта этой комбинации «{meld}» не взята из комбинации, "
                            "потерявшей карту во взятке: марьяжи переставляют на столе лишь "
                            "после розыгрыша их карты"),
    "reform_raised_needs_partner": ("{card} is in the {prev_meld} {prev_cards}; it may take "
                                    "a new partner from the hand, not one standing in "
                                    "another meld",
                                    "карта {card} входит в комбинацию «{prev_meld}» "
                                    "{prev_cards}; её можно соединить с новой картой из "
                                    "руки, но не с картой другой стоящей комбинации"),
    "reuse_not_all_new": ("{card} already scored in the {prev_meld}; in this reading "
                          "{a_meld} counts only when all its cards are new",
                          "карта {card} уже записана в комбинации «{prev_meld}»; в этом прочтении "
                          "комбинация «{meld}» засчитывается, только если все её карты новые"),
    "trump_fixed": ("the first marriage or sequence fixes trumps: {suit}",
                    "первый марьяж или секвенция определяет козыри: {suit}"),
    "trump_fixed_marriage": ("the first marriage declared fixes trumps: {suit}",
                             "первый объявленный марьяж определяет козыри: {suit}"),
    "blanche": ("no king, queen or jack in the hand: carte blanche scores {points}",
                "в руке нет ни королей, ни дам, ни валетов: за карт-бланш {points}"),
    "blanche_first": ("it is the deal's first hand without court cards, shown before its "
                      "holder draws again; only this first one counts (002)",
                      "это первая в сдаче рука без фигур, показанная до следующего добора "
                      "её владельца; засчитывается только она (002)"),
    "blanche_again": ("{card} drawn is no court card: carte blanche again, {points}",
                      "из колоды пришла карта {card}, не фигура: снова карт-бланш, {points}"),
    "blanche_ends": ("{card} drawn is a court card: the carte blanche privilege ends",
                     "из колоды пришла фигура {card}: права на карт-бланш больше нет"),
    "brisques_tiebreak": ("{captured_plain}; brisques count only for ties and the rubicon",
                          "{taken_ru}; бриски считаются только при ничьей и для рубикона"),
    "playoff_skipped": ("the last tricks cannot change the result, so they are not played",
                        "последние взятки не могут изменить итог, поэтому их не разыгрывают"),
    "settle_round": ("player {player}: {raw} rounded down to {rounded}",
                     "игрок {player}: {raw} округляется вниз до {rounded}"),
    "settle_brisques": ("a tie after rounding: brisques are added ({detail})",
                        "ничья после округления: добавляются бриски ({detail})"),
    "settle_round_up": ("still a tie: the higher actual score rounds up",
                        "всё ещё ничья: больший фактический счёт округляется вверх"),
    "settle_round_up_before_brisques": (
        "still a tie: the higher score before the brisques rounds up",
        "всё ещё ничья: вверх округляется тот, у кого больше очков без брисок"),
    "settle_rescue": ("player {player} counts brisques to cross the rubicon; so does the winner",
                      "игрок {player} засчитывает бриски, чтобы перейти рубикон; победитель тоже"),
    # The same, with the sums that carry the loser across (003 l.35).
    "settle_rescue_sum": ("player {player} counts brisques to cross the rubicon: {score} + "
                          "{brisques} in brisques = {total}; so does the winner: {w_score} + "
                          "{w_brisques} = {w_total}",
                          "игрок {player} засчитывает бриски, чтобы перейти рубикон: {score} + "
                          "{brisques} за бриски = {total}; победитель тоже: {w_score} + "
                          "{w_brisques} = {w_total}"),
    "settle_difference": ("player {player} wins: difference {difference} plus {bonus} for the "
                          "game", "побеждает игрок {player}: разница {difference} плюс {bonus} "
                          "за партию"),
    "settle_rubicon": ("player {loser} is under {rubicon}: rubiconed, {detail}",
                       "игрок {loser} не набрал {rubicon} и не перешёл рубикон: {detail}"),
    "settle_small": ("player {loser} lost with under {limit}: {bonus} more",
                     "игрок {loser} проиграл, набрав меньше {limit}: ещё {bonus}"),
    "settle_total": ("player {player} scores {points} for the game",
                     "игрок {player} получает за партию {points}"),
    "settle_draw": ("equal scores: a draw", "счёт равный: ничья"),
    "stock_marker": ("the marker shows: {count} cards are left in the stock",
                     "показалась метка: в колоде осталось карт — {count}"),
    "partner_swap": ("a fresh card beside it does not free {card}: it already scored in "
                     "the {prev_meld}",
                     "новая карта рядом не освобождает карту {card}: та уже записана в "
                     "комбинации «{prev_meld}»"),
    "one_per_trick": ("only one declaration is scored for each trick won; this one "
                      "already scored the {prev_meld}",
                      "за одну взятку записывают только одно объявление; за эту уже "
                      "записана комбинация «{prev_meld}»"),
    "not_after_win": ("declarations are made only by the winner of a trick while stock "
                      "remains", "объявлять может только взявший взятку, пока есть колода"),
    "cards_missing": ("{cards} are not in the hand or on the table",
                      "карт {cards} нет ни в руке, ни на столе"),
    "pattern_wrong": ("{cards} do not form {a_meld}: {why}",
                      "{cards} не образуют комбинацию «{meld}»: {why}"),
    "pending_named": ("{meld} exposed, waiting: {points} to score after a later trick",
                      "комбинация «{meld}» выложена и ждёт: {points} запишут после одной из "
                      "следующих взяток"),
    "pending_scored": ("the waiting meld ({meld}) scores now",
                       "отложенная комбинация «{meld}» записана сейчас"),
    "pending_lost_played": ("{card} was played, so the waiting meld ({meld}) is lost",
                            "сыграна карта {card}, поэтому отложенная комбинация «{meld}» "
                            "пропала"),
    "pending_lost_stock": ("the stock ran out, so the waiting meld ({meld}) is lost",
                           "колода кончилась, поэтому отложенная комбинация «{meld}» пропала"),
    "running": ("running score: {score}", "текущий счёт: {score}"),
    "trick_trump": ("{winner} is a trump and {loser} is not", "{winner} — козырь, а {loser} нет"),
    "trick_higher": ("{winner} is higher than {loser} in the led suit",
                     "в масти хода {winner} старше, чем {loser}"),
    "trick_identical": ("{winner} and {loser} are identical: the card led wins",
                        "{winner} и {loser} — одинаковые карты: взятка достаётся тому, кто "
                        "ходил"),
    "trick_offsuit": ("{loser} neither follows suit nor trumps, so {winner} wins",
                      "{loser} не в масть и не козырь, поэтому взятку берёт {winner}"),
    "trick_higher_trump": ("{winner} is the higher trump", "{winner} — старший козырь"),
    "dix_turn_up": ("the turn-up {card} is a seven of trumps: the dealer scores {points}",
                    "открытый козырь {card} — семёрка: сдающему записывают {points}"),
    "dix_show": ("{card} is shown after a trick won: {points}",
                 "козырную семёрку {card} показали после взятки: {points}"),
    "dix_exchange": ("{card} is exchanged for the turn-up {other}",
                     "семёрку {card} обменяли на открытый козырь {other}"),
    "dix_exchanged": ("{card} is counted on the exchange: {points}",
                      "за обмен семёрки {card}: {points}"),
    "dix_first_play": ("{card} is played for the first time and was not yet counted: {points}",
                       "семёрка {card} сыграна впервые и ещё не засчитана: {points}"),
    "dix_trick_win": ("{card} wins a trick and was not yet counted: {points}",
                      "семёрка {card} берёт взятку и ещё не засчитана: {points}"),
    "dix_counted": ("{card} was already counted, so it scores nothing more",
                    "семёрка {card} уже засчитана, второй раз она ничего не даёт"),
    "dix_once": ("each physical seven of trumps counts once", "каждая козырная семёрка "
                 "засчитывается один раз"),
    "brisques": ("{captured}: {points}", "{taken_each_ru}: {points}"),
    "last_trick": ("the last trick scores {points}", "за последнюю взятку {points}"),
    "last_trick_stock": ("the last trick before the stock runs out scores {points}",
                         "последняя взятка перед концом колоды даёт {points}"),
    # Fildinski (000): combinations from captured cards (engine.rules.captures).
    "capture_brisques": ("{in_trick}, scored at once: {points}",
                         "{in_trick_ru}, сразу: {points}"),
    "capture_laid": ("{cards} can take part in a combination: laid out face up, never "
                     "played again", "{cards} могут войти в комбинацию: выкладываются "
                     "лицом вверх и больше не разыгрываются"),
    "capture_discarded": ("{cards} can join no combination: to the discard pile",
                          "{cards} не входят ни в одну комбинацию: в отбой"),
    # One card: the Russian verbs agree with it («В♠ может войти», «7♦ не входит»).
    "capture_laid_one": ("{cards} can take part in a combination: laid out face up, never "
                         "played again", "{cards} может войти в комбинацию: выкладывается "
                         "лицом вверх и больше не разыгрывается"),
    "capture_discarded_one": ("{cards} can join no combination: to the discard pile",
                              "{cards} не входит ни в одну комбинацию: в отбой"),
    # {cards} is the whole combination, the captured cards in it: "…completes a marriage
    # with the laid-out cards: K♠ Q♠", never «вместе с выложенными картами К♠ Д♠».
    "capture_meld_many": ("captured {new} complete {a_meld} with the laid-out cards: {cards}",
                          "взятые {new} дополняют выложенные карты до комбинации «{meld}»: "
                          "{cards}"),
    "capture_meld": ("captured {new} completes {a_meld} with the laid-out cards: {cards}",
                     "взятая карта {new} дополняет выложенные карты до комбинации «{meld}»: "
                     "{cards}"),
    "capture_meld_turn_up": ("the turn-up {new}, exchanged for the seven, completes {a_meld} "
                             "with the laid-out cards: {cards}",
                             "открытый козырь {new}, полученный в обмен на семёрку, дополняет "
                             "выложенные карты до комбинации «{meld}»: {cards}"),
    "exchange_brisque": ("the turn-up {card} joins the captures and scores as a brisque: "
                         "{each}",
                         "открытый козырь {card} присоединяется к взятым картам и считается "
                         "бриской: {each}"),
    "capture_meld_whole": ("the captured {cards} form {a_meld} by themselves",
                           "взятые {cards} сами составляют комбинацию «{meld}»"),
    "dix_capture": ("{card} is captured and was not yet counted: {points}",
                    "{card} взята во взятке и ещё не засчитана: {points}"),
    "dix_exchange_captured": ("the captured {card} is exchanged for the turn-up {other}, "
                              "which joins the captured cards",
                              "взятая {card} обменяна на открытый козырь {other}, который "
                              "присоединяется к взятым картам"),
    "stock_end_captures": ("the stock is exhausted: the last tricks are strict, and captures "
                           "go on scoring combinations",
                           "колода кончилась: последние взятки играются строго, а взятые "
                           "карты по-прежнему образуют комбинации"),
    # Four-handed Fildinski (000 'варианты', 'для четверых').
    "split_pairs": ("the last tricks split the pairs: player {player}, who won the last "
                    "trick of the stock, plays them against player {left} on his left, "
                    "and at the same time his partner, player {partner}, against player "
                    "{other}; each trick still scores to its winner alone",
                    "в последних взятках пары разбиваются: игрок {player}, взявший "
                    "последнюю взятку колоды, играет их против игрока {left} слева от "
                    "себя, а одновременно его партнёр, игрок {partner}, — против игрока "
                    "{other}; каждая взятка по-прежнему приносит очки только взявшему"),
    "capture_partner_bezique": ("by agreement the beziques laid out by the partner count "
                                "with it ({cards}), each with its own queen and jack",
                                "по договорённости безики, выложенные партнёром ({cards}), "
                                "считаются вместе с ним, каждый со своей дамой и валетом"),
    "game_meld_wins": ("{a_meld} wins the game at once", "«{meld}» сразу выигрывает партию"),
    "game_first_reached": ("both sides passed {target}: the side that reached it on the "
                           "earlier trick wins, whatever the totals",
                           "обе стороны перешли {target}: выигрывает та, что достигла цели "
                           "на более ранней взятке, каким бы ни был итог"),
    "last_trick_split": ("the last trick scores {points}, shared by the partners: {share} each",
                         "за последнюю взятку {points}, партнёры делят их пополам: по {share}"),
    "set_aside": ("{count} cards at the bottom of the stock cannot go round evenly and are "
                  "set aside unseen", "{count} нижние карты колоды не делятся поровну "
                  "и откладываются, не открывая"),
    "stock_end_draw_last": ("the last player to draw takes the turn-up {card}",
                            "последний берущий получает открытый козырь {card}"),
    "game_won_side": ("the side of players {first} and {second} wins the game {scores}",
                      "пара игроков {first} и {second} выигрывает партию (счёт {scores})"),
    "per_trick": ("a trick won scores {points}", "за взятку {points}"),
    "stock_end_draw": ("the winner takes the last hidden card, the loser the turn-up {card}",
                       "взявший взятку берёт последнюю закрытую карту, другой игрок — "
                       "открытый козырь {card}"),
    "stock_end": ("the stock is exhausted: exposed cards return to the hands; no more "
                  "declarations", "колода кончилась: открытые карты возвращаются в руку; "
                  "объявлений больше нет"),
    "cut": ("player {player} cuts {card}", "игрок {player} вытягивает {card}"),
    "cut_tie": ("equal ranks: cut again", "карты равные: тянут снова"),
    "cut_dealer": ("player {player} cut the higher card and deals first",
                   "у игрока {player} карта старше: он сдаёт первым"),
    "turn_up": ("{card} is turned up: {suit} are trumps", "открыта карта {card}: козыри — {suit}"),
    "deal_total": ("deal score {scores}", "счёт сдачи {scores}"),
    "game_won": ("player {player} wins the game ({scores})",
                 "игрок {player} выигрывает партию (счёт {scores})"),
    "game_draw": ("both reached the target with equal totals ({scores}): a draw",
                  "оба дошли до цели с равным итогом ({scores}): ничья"),
    "game_continue": ("nobody has reached {target} yet (score {scores}): deal again",
                      "никто ещё не набрал {target} (счёт {scores}): сдают ещё раз"),
    "game_higher": ("the target {target} is reached; the higher total wins",
                    "цель {target} достигнута; побеждает больший итог"),
    # Why an action is refused (refusal).
    "refuse_partner": ("only the trick winner of a partnership, before any declaration, may "
                       "let the partner declare",
                       "дать партнёру объявить может только взявший взятку игрок пары, "
                       "до любого объявления"),
    "refuse_deal_over": ("the deal is over", "сдача окончена"),
    "refuse_malformed": ("a '{action}' action with these cards is not a move of the game",
                         "действие «{action}» с такими картами не бывает ходом игры"),
    "refuse_carte_blanche": ("carte blanche needs a hand of no kings, queens or jacks, "
                             "shown before one's first card",
                             "карт-бланш — это рука без королей, дам и валетов, и показывают "
                             "её до своего первого хода"),
    "refuse_carte_blanche_first": ("under 002 only the deal's first hand without kings, "
                                   "queens or jacks scores, shown before its holder draws "
                                   "again",
                                   "по 002 засчитывается только первая в сдаче рука без "
                                   "королей, дам и валетов, показанная до следующего добора "
                                   "её владельца"),
    "refuse_carte_blanche_none": ("carte blanche scores nothing in this game",
                                  "в этой игре карт-бланш ничего не приносит"),
    "refuse_captured_only": ("nothing is declared from the hand here: combinations come "
                             "only from captured cards, laid out when a trick is won, and "
                             "score by themselves",
                             "здесь из руки не объявляют: комбинации складываются только из "
                             "взятых карт, выложенных после выигранной взятки, и "
                             "засчитываются сами"),
    "refuse_draw_first": ("the trick winner declares, then draws; choose 'draw' before "
                          "leading",
                          "взявший взятку сначала объявляет, потом берёт карту из колоды; "
                          "нажмите «взять карту», прежде чем ходить"),
    "refuse_not_in_hand": ("{card} is not in player {player}'s hand",
                           "карты {card} нет в руке игрока {player}"),
    "refuse_must_win": ("once the stock is gone you must follow suit and win the trick "
                        "when you can",
                        "когда колода кончилась, нужно отвечать в масть и брать взятку, "
                        "если можно"),
    "refuse_follow_suit": ("once the stock is gone you must follow suit",
                           "когда колода кончилась, нужно отвечать в масть"),
    "refuse_must_trump": ("once the stock is gone you must trump when void in the suit led",
                          "когда колода кончилась, а масти хода нет, нужно бить козырем"),
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
    "refuse_seven_counted": ("{card} has already been counted",
                             "семёрка {card} уже засчитана"),
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

# Why a set of cards is not a given meld (engine.rules.melds.pattern_error).
WHY_NAMES: dict[str, tuple[str, str]] = {
    "a card is listed twice": ("a card is listed twice", "одна карта названа дважды"),
    "no trump suit is fixed yet": ("no trump suit is fixed yet", "козыри ещё не определены"),
    "wrong cards for this combination": ("wrong cards for this combination",
                                         "для этой комбинации нужны другие карты"),
    # 004 no-trump: the double marriage's 50 belongs to the declaration fixing trumps.
    "it scores only as the declaration that fixes trumps": (
        "it scores only as the declaration that fixes trumps",
        "она засчитывается только как объявление, определяющее козыри"),
}
# The club game, the card-point game, the table-rules mode and the score pad keep their
# texts apart.
for _table, _more in ((MESSAGES, table_messages.MESSAGES),
                      (MELD_NAMES, table_messages.MELD_NAMES),
                      (CLASS_NAMES, table_messages.CLASS_NAMES),
                      (MESSAGES, joker_messages.MESSAGES),
                      (MELD_NAMES, joker_messages.MELD_NAMES),
                      (CLASS_NAMES, joker_messages.CLASS_NAMES),
                      (MESSAGES, scorepad_messages.MESSAGES)):
    for _key, _texts in _more.items():
        _table.setdefault(_key, _texts)

# Parameters whose value is a key of one of the name tables above.
_TRANSLATED = {"meld": MELD_NAMES, "prev_meld": MELD_NAMES, "class": CLASS_NAMES,
               "suit": SUIT_NAMES, "why": WHY_NAMES}
# Parameters that hold cards: rendered in the reader's notation, without copy marks
# (a sentence about "this K♦" never needs to say which of the two copies it is).
_CARD_PARAMS = frozenset({"card", "cards", "other", "winner", "loser", "new"})
# The Rubicon reuse verdicts (``reform_*``) are about which cards stand in which meld on
# the table: their cards, the earlier meld's and the declaration's (``declared``, never
# printed) included, are read together, and a copy mark shows only where two copies of
# one card are in question.
_COPY_PARAMS = _CARD_PARAMS | {"prev_cards", "gone", "declared"}


def meld_name(kind: str, lang: str = "en") -> str:
    names = MELD_NAMES.get(kind)
    if names is None:
        return kind.replace("_", " ")
    return names[1] if lang == "ru" else names[0]


# The Russian accusative of a meld name, the object of «объявить», «выложить»,
# «записать»: feminine words change (секвенция → секвенцию); cards named by rank are
# animate, as 004 writes «объявить … дам», so two to four of them take the genitive
# (четыре дамы → четырёх дам; from five up the numeral keeps its form). Tens and
# sevens are not animate: «четыре десятки» stays.
_FEMININE_ACC_RU = {"секвенция": "секвенцию", "козырная": "козырную"}
_NUMERAL_ACC_RU = {"два": "двух", "две": "двух", "три": "трёх", "четыре": "четырёх"}
_ANIMATE_GEN_RU = {"туза": "тузов", "короля": "королей", "дамы": "дам", "валета": "валетов",
                   "козырные": "козырных"}


def meld_accusative(kind: str, lang: str = "en") -> str:
    """A meld's name as the object of a verb: «объявить козырную секвенцию»,
    «объявить четырёх дам», «объявить безик». English names do not change."""
    name = meld_name(kind, lang)
    if lang != "ru":
        return name
    base, bracket, rest = name.partition(" (")   # «безик (2-й раз)»: the name, then the step
    words = base.split(" ")
    if words[0] in _NUMERAL_ACC_RU and words[-1] in _ANIMATE_GEN_RU:
        words = [_NUMERAL_ACC_RU[words[0]], *(_ANIMATE_GEN_RU.get(w, w) for w in words[1:])]
    else:
        words = [_FEMININE_ACC_RU.get(w, w) for w in words]
    return " ".join(words) + bracket + rest


def with_article(name: str) -> str:
    """``a marriage`` but ``four kings``: English melds named by a number are plural."""
    first = name.split(" ", 1)[0]
    return name if first in ("four", "five", "six", "seven", "eight", "two", "three") \
        else f"a {name}"


_PLURAL_FIRST = ("two", "three", "four", "five", "six", "seven", "eight")


def is_plural_name(name: str) -> bool:
    """Whether an English meld name is plural: "four kings", "seven trump queens"."""
    return name.split(" ", 1)[0].lower() in _PLURAL_FIRST


def verb_forms(name: str, lang: str = "en") -> dict[str, str]:
    """The English verb forms that agree with a meld name as the subject, for templates:
    ``{meld_is}``, ``{meld_has}`` and ``{meld_s}`` ("scores" / "score"): "the bezique
    scores", "the four jacks score". Russian templates need none (empty strings)."""
    if lang == "ru":
        return {"meld_is": "", "meld_has": "", "meld_s": ""}
    plural = is_plural_name(name)
    return {"meld_is": "are" if plural else "is", "meld_has": "have" if plural else "has",
            "meld_s": "" if plural else "s"}


def ru_plural(n: int, one: str, few: str, many: str) -> str:
    """The Russian noun form for the number ``n``: ``one`` for 1, 21…, ``few`` for
    2–4, 22…, ``many`` for 5–20, 0… (``ru_plural(3, "очко", "очка", "очков")``)."""
    n = abs(n)
    if n % 10 == 1 and n % 100 != 11:
        return one
    if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
        return few
    return many


def brisques_ru(count: int | str) -> str:
    """``1 бриска``, ``3 бриски``, ``6 брисок``: the noun agrees with the number."""
    n = int(count)
    return f"{count} {ru_plural(n, 'бриска', 'бриски', 'брисок')}"


def _brisque_counts(count: str, each: str) -> dict[str, str]:
    """A count of aces and tens as a sentence says it, never "aces and tens: 6":
    "6 aces and tens captured, 10 each", «взято 6 брисок, по 10 за каждую»."""
    n = int(count)
    plain = ("no ace or ten captured" if n == 0 else "1 ace or ten captured" if n == 1
             else f"{n} aces and tens captured")
    taken_ru = ("ни одной бриски не взято" if n == 0 else
                f"{ru_plural(n, 'взята', 'взяты', 'взято')} {brisques_ru(n)}")
    several = n > 1 and each
    return {
        "captured_plain": plain,
        "captured": f"{plain}, {each} each" if several else plain,
        "taken_ru": taken_ru,
        "taken_each_ru": f"{taken_ru}, по {each} за каждую" if several else taken_ru,
        "in_trick": (f"{n} aces and tens in the trick, {each} each" if several else
                     "1 ace or ten in the trick" if n == 1 else "no ace or ten in the trick"),
        "in_trick_ru": (f"во взятке {brisques_ru(n)}, по {each} за каждую" if several else
                        f"во взятке {brisques_ru(n)}" if n else "во взятке нет брисок"),
    }


def points_ru(points: int | str) -> str:
    """``60 очков``, ``1 очко``, ``2 очка``: the Russian noun agrees with the number."""
    try:
        n = int(points)
    except ValueError:
        return str(points)
    return f"{points} {ru_plural(n, 'очко', 'очка', 'очков')}"


@dataclass(frozen=True, slots=True)
class Step:
    """One checked fact of an explanation, tied to a rule id."""

    rule_id: str
    key: str
    params: tuple[tuple[str, str], ...] = ()

    def render(self, lang: str = "en") -> str:
        return MESSAGES[self.key][1 if lang == "ru" else 0].format(**self.values(lang))

    def values(self, lang: str = "en") -> dict[str, str]:
        """The step's parameters as its template shows them in ``lang`` (cards, meld
        names, points): for callers that word the same fact their own way."""
        values: dict[str, str] = {}
        among = self._cards_named() if self.key.startswith("reform_") else None
        for name, value in self.params:
            table = _TRANSLATED.get(name)
            if table is not None and value in table:
                value = table[value][1 if lang == "ru" else 0]
            elif among is not None and name in _COPY_PARAMS:
                value = cards_text(value, lang, among=among)
            elif name in _CARD_PARAMS:
                value = cards_text(value, lang)
                if lang == "ru" and self.key == "meld_found":
                    value = _with_jokers_ru(value)
            elif name == "parts":  # "A♥#1 11 + Q♥#1 3": card values (004's card points)
                value = " + ".join(" ".join((cards_text(c, lang), v)) for c, _, v in
                                   (part.partition(" ") for part in value.split(" + ")))
            elif name == "points" and lang == "ru":
                value = points_ru(value)
            elif name == "citation":
                value = citation_text(value, lang)
            values[name] = value
        if "meld" in values:
            values["a_meld"] = with_article(values["meld"])
            values.update(verb_forms(values["meld"], lang))
        if "count" in values:
            values.update(_brisque_counts(values["count"], values.get("each", "")))
        return values

    def _cards_named(self) -> frozenset[int]:
        """Every card the step names, each once (a card named twice is one card)."""
        ids: set[int] = set()
        for name, value in self.params:
            if name in _COPY_PARAMS:
                try:
                    ids.update(parse_card(word).id for word in value.split())
                except NotationError:
                    continue
        return frozenset(ids)

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule_id, "key": self.key, "params": dict(self.params)}


def _with_jokers_ru(cards: str) -> str:
    """``Д♠ Д♠ Д♠ Д♠ и инфузорка``: a joker joins the listed cards with «и», not as one
    more card symbol (``К♥ инфузорка образуют…`` read as a typo)."""
    words = cards.split(" ")
    jokers = [w for w in words if w.startswith("инфузорк")]
    rest = [w for w in words if not w.startswith("инфузорк")]
    if not jokers or not rest:
        return cards
    return " ".join(rest) + (" и инфузорка" if len(jokers) == 1 else " и обе инфузорки")


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

    def cited(self, lang: str = "en") -> str:
        """The source this event rests on, in the reader's language."""
        return citation_text(self.citation, lang)

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        return {
            "type": self.type, "player": self.player, "rule": self.rule_id,
            "citation": self.cited(lang), "points": self.points, "meld": self.meld,
            "cards": [str(Card.from_id(c)) for c in self.cards],
            "explanation": self.explain(lang), "totals": list(self.totals),
        }


def refusal(rule_id: str, key: str, **params: object) -> IllegalActionError:
    """The refusal of an action whose reason is the message ``key``, in every language."""
    reason = step(rule_id, key, **params)
    return IllegalActionError(rule_id, reason.render("en"), (reason,))
