"""Interactive checks: the lesson stores the question, the engine supplies the answer.

A check is data (:class:`lessons.Check`): a ``kind`` and its ``params``. Nothing
in a lesson file says what the right answer is; :func:`evaluate_check` computes
the options, the correct answer and the explanation from the engine every time.

Kinds and their params:

``trick_winner``        ``lead``, ``follow``, ``trump``, ``phase`` ("stock" | "playoff")
                        → options ``leader`` / ``follower``; answer from
                        :func:`engine.rules.tricks.trick_winner`.
``winning_cards``       ``hand``, ``lead``, ``trump`` → options are the hand's cards; answer
                        (several): those that would take the trick, by
                        :func:`engine.rules.tricks.trick_winner`.
``playoff_legal``       ``hand`` (cards), ``lead``, ``trump`` → options are the hand's
                        cards; answer (several) from :func:`engine.rules.tricks.playoff_legal`.
``best_playoff_card``   ``position`` (a play-off: ``trump``, ``leader``, ``hands``, ``trick``),
                        optional ``players`` (names by seat) → options are the learner's legal
                        cards; answer and why each other card loses from
                        :func:`engine.solver.solve` (:mod:`lessons.playoff_check`): points
                        with two or four hands, the paranoid value with three, and where
                        brisques only break a tie (Rubicon and its kin) the last trick
                        first, the search's weighted values never shown.
``meld_score``          ``query`` (a ``bezique melds`` request), ``meld`` (kind) →
                        options are point values; answer from :func:`engine.rules.meld_query.query`.
``legal_declarations``  ``query`` → options are the profile's meld kinds; answer (several)
                        from :func:`engine.rules.meld_query.query`.
``brisque_points``      ``cards`` captured, optional ``last_trick`` (bool) → options are
                        point values; answer from :func:`engine.rules.tricks.is_brisque` and the
                        profile's ``scoring`` fields.
``deal_score``          ``melds`` (kinds scored), optional ``dix`` (sevens counted),
                        ``cards`` captured, ``last_trick`` → the deal's points, from the
                        profile's meld table, ``dix`` and ``scoring``.
``game_winner``         ``totals`` after a deal, ``players`` (names in the lesson's language),
                        optional ``first`` (1 or 2: the side that reached the target on the
                        earlier trick, 000) and ``last_trick`` (1 or 2: the side that took
                        the deal's last trick, 002) → ``1`` / ``2`` / ``draw`` / ``continue``;
                        answer from :func:`engine.rules.game.target_outcome`.
``rubicon_settle``      ``scores``, ``brisques`` (brisque points), ``rule`` (a choice of the
                        option ``rubicon_settlement``), ``players`` → the winner's game
                        points; answer from :func:`engine.rules.settlement.settle`.
``capture_score``       ``trump``, ``laid`` (cards laid out before), ``trick`` (the cards
                        just captured), optional ``history`` (``[{"meld", "cards"}]``),
                        ``partner`` (the partner's laid-out cards, four-handed) and
                        ``options`` (``[[id, choice]]``, named options of the variant)
                        → options are point values; answer from
                        :func:`engine.rules.captures.score_capture` (000, Fildinski).
``trick_points``        ``cards`` of one trick, optional ``last_trick`` → options are point
                        values; answer from :func:`engine.rules.trick_scoring.trick_value`
                        (002's points per trick and ace/ten bonus, 004's card values).
``fine``                ``infraction`` (a field of the profile's ``penalties``) → options
                        are the profile's fines and "all"; the answer is what the engine
                        takes when the infraction is committed in table-rules mode.
``carte_blanche``       ``hand`` dealt, optional ``dealer``, ``other``, ``drawn``, ``options``
                        → ``yes:N`` / ``no:court`` / ``no:none`` / ``no:once`` /
                        ``no:first``; answer from the legal actions and events of an
                        arranged :class:`engine.rules.deal.Deal` (:mod:`lessons.check_kinds_play`).
``pending_order``       ``hand`` after a trick won, ``turn_up`` → pairs "score A now, B
                        waits"; answer (several) from the deal's legal actions after
                        declaring A (Cady, 001 §03; :mod:`lessons.check_kinds_play`).
``dix_points``          ``hand``, ``turn_up``, ``steps`` (the learner's moves) → point
                        values; answer: the dix events of the deal the steps are played on
                        (:mod:`lessons.check_kinds_play`).
``after_win``           ``hand`` after a trick won, ``turn_up``, optional ``lead``, ``options``
                        → the things one may do before drawing (declare a meld, exchange
                        the seven, both), from the arranged deal's legal actions, and the
                        pairs the engine refuses together; answer: the allowed choice whose
                        events score most now (:mod:`lessons.after_win_check`).
``best_declaration``    ``query`` after a trick won, ``judge`` (``"now"``: what scores most on
                        this trick, asked plainly; ``"deal"`` with ``tricks`` ≥ 2: what
                        scores most over the tricks still to win while the stock lasts) →
                        the declarations the engine offers or refuses for it, each with its
                        cards; answer: the offered one that scores most now, or that starts
                        the best route of declarations, one per trick, judged by the meld
                        rules (:mod:`lessons.declaration_check`, :mod:`lessons.declaration_plan`).
``fined_move``          a position (a play-off ``position``, or ``hand``, ``turn_up`` and
                        the learner's ``steps``), ``moves`` offered, optional ``ask``
                        (``fined`` | ``free``) → the moves; answer: the one whose copy of
                        the table-rules deal emits a fine (or none), with the fine's events
                        (:mod:`lessons.fine_check`).

Every single-answer result gives each wrong option its own reason in ``why``, worded
in terms of that option ("10♠ does not take the trick: ...", "60 is the score of four
queens, not of four aces ...") and computed from the same engine call as the answer.
Where a generator invents the wrong options (scores, settlements, fines, declarations),
each is the result of a named mistake (:mod:`lessons.mistakes`: 580 for a double bezique
that adds 500 is "route_total", the biggest meld now where waiting pays is "greedy"), and
``mistakes`` maps the option to that name.
A multi-answer result (``multiple``) gives a reason for every option: ``why`` for each
option a learner may wrongly tick ("J♦ is not hearts: you hold hearts that beat 10♥,
so you must follow suit and win") and ``missed`` for each right one a learner may leave
out ("You left out A♥: ..."); :func:`reasons_for` picks those a response got wrong.

Every result carries ``cards``: the cards the question is about (``hand``, ``table``,
``trick``, ``tricks``, ``turn_up``, ``drawn``) and the ``trump`` suit, for the app to
draw as pictures.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.notation.actions import Action
from engine.notation.cards import Rank, Suit, card_text, parse_card
from engine.rules.deal import Deal
from engine.rules.meld_query import query
from engine.rules.penalties import attempts
from engine.rules.profile import Profile, apply_option, find_option, load_profile
from engine.text.citations import citation_text
from engine.text.explain import (
    MELD_NAMES,
    meld_accusative,
    meld_name,
    points_ru,
    ru_plural,
    verb_forms,
    with_article,
)
from engine.text.naming import feminine, gendered
from engine.text.naming import named_steps as _engine_named_steps
from engine.text.sentences import as_sentence, capital_first, lower_first
from lessons import after_win_check, declaration_check, fine_check, mistakes, playoff_check
from lessons._loader import Check, plain
from lessons.check_result import CheckResult

KINDS: tuple[str, ...] = (
    "trick_winner", "winning_cards", "playoff_legal", "meld_score", "legal_declarations",
    "brisque_points", "deal_score", "game_winner", "rubicon_settle", "capture_score",
    "trick_points", "fine", "carte_blanche", "pending_order", "dix_points")

_SUITS = {"S": ("spades", "пики"), "H": ("hearts", "черви"), "D": ("diamonds", "бубны"),
          "C": ("clubs", "трефы")}
# "You have no hearts": the Russian genitive plural of each suit.
_SUITS_GEN = {"S": "пик", "H": "червей", "D": "бубен", "C": "треф"}
# "a heart": one card of the suit (English only: Russian says «в масть»).
_SUIT_ONE = {"S": "a spade", "H": "a heart", "D": "a diamond", "C": "a club"}

_TEXT: dict[str, tuple[str, str]] = {
    "later": ("{name} passed {target} too, but on a later trick: the earlier one decides "
              "(000), not the higher total.",
              "{name} тоже {passed} {target}, но на более поздней взятке: решает более "
              "ранняя (000), а не больший итог."),
    "partner_pairs": ("by agreement the partner's laid-out beziques ({cards}) count with it, "
                      "each pair with its own queen and jack",
                      "по договорённости выложенные безики партнёра ({cards}) считаются "
                      "вместе с ним, каждая пара со своими дамой и валетом"),
    "leader": ("the player who led ({card})", "тот, кто ходил ({card})"),
    "follower": ("the player who answered ({card})", "тот, кто отвечал ({card})"),
    "identical": ("{lead} and {follow} are identical cards: the card led wins.",
                  "{lead} и {follow} — одинаковые карты: взятка достаётся тому, кто ходил."),
    "higher": ("Both cards are {suit}; {winner} ranks above {loser}, so it wins.",
               "Обе карты одной масти ({suit}); {winner} старше, чем {loser}, и берёт взятку."),
    "follow_trumps": ("{follow} is a trump and {lead} is not: the trump wins.",
                      "{follow} — козырь, а {lead} нет: взятку берёт козырь."),
    "off_suit": ("{follow} neither follows {suit} nor is a trump, so the card led ({lead}) "
                 "wins.",
                 "{follow} не в масть ({suit}) и не козырь, поэтому взятка достаётся тому, кто "
                 "ходил ({lead})."),
    "stock_free": ("While the stock lasts the follower may play any card.",
                   "Пока в колоде есть карты, отвечать можно любой картой."),
    "must_win": ("You hold {suit} that beat {lead}: you must follow suit and win.",
                 "У вас есть {suit} старше, чем {lead}: нужно ответить в масть и перебить."),
    "follow_suit": ("You hold {suit} but none beats {lead}: play any of them.",
                    "У вас есть {suit}, но старше, чем {lead}, нет: кладите любую из них."),
    "must_trump": ("You have no {suit} but you hold trumps: you must trump.",
                   "{suit_gen} у вас нет, а козыри есть: нужно бить козырем."),
    "free": ("You have neither {suit} nor a trump to play: any card may go.",
             "Нет ни {suit_gen}, ни козырей: сносите любую карту."),
    "refused": ("Refused: {why}", "Нельзя: {why}"),
    "refused_meld": ("{meld} cannot be declared: {why}",
                     "Нельзя объявить комбинацию «{meld}»: {why}"),
    "not_formed": ("These cards do not form {meld}.",
                   "Эти карты не образуют комбинацию «{meld}»."),
    "brisques": ("{count} brisque{s} (aces and tens) × {each} = {points}.",
                 "Бриски (тузы и десятки): {count} × {each} = {points}."),
    "last": ("The last trick adds {points}.", "Последняя взятка добавляет {points}."),
    "total": ("Total: {points}.", "Итого: {points}."),
    "meld_line": ("{meld}: {points}.", "«{meld}» — {points}."),
    "dix_line": ("Seven of trumps × {count}: {points}.", "Козырная семёрка × {count}: {points}."),
    "dix_nothing": ("The seven of trumps scores nothing in {game}.",
                    "В игре «{game}» козырная семёрка ничего не приносит."),
    "wins": ("{name} wins the game", "партию выигрывает {name}"),
    "draw": ("a draw", "ничья"),
    "continue": ("nobody yet: deal again", "пока никто: новая сдача"),
    "chosen_points": ("{points} for the game", "{points} за партию"),
    "no_winner": ("nothing: the game is drawn", "ничего: ничья"),
    "miss_brisques": ("{value} leaves out the brisques ({points}).",
                      "В {value} не учтены бриски ({points})."),
    "miss_last": ("{value} leaves out the last trick ({points}).",
                  "В {value} не учтена последняя взятка ({points})."),
    "extra_last": ("{value} counts the last trick, which was not yours.",
                   "В {value} засчитана последняя взятка, а она досталась другому игроку."),
    # No tricks in the question (a turn-up, a meld, the sevens): no last trick to count.
    "extra_last_none": ("{value} adds the last trick ({points}), which is no part of this "
                        "question.",
                        "В {value} добавлены {points} за последнюю взятку, а о ней в вопросе "
                        "речи нет."),
    "extra_dix": ("{value} counts a seven of trumps once too often: each one scores {points}.",
                  "В {value} козырная семёрка посчитана лишний раз: каждая даёт {points}."),
    "capture_refused": ("{value} would pay {meld} again, but it does not score: {why}.",
                        "{value} — это если бы снова засчитали комбинацию «{meld}», но она "
                        "не считается: {why}."),
    "miss_dix": ("{value} leaves out the seven{s} of trumps ({points}).",
                 "В {value} не учтены очки за {sevens_acc} ({points})."),
    "dix_free": ("{value} counts 10 for the seven of trumps, which scores nothing in this "
                 "game.",
                 "В {value} засчитана козырная семёрка, а в этой игре она ничего не стоит."),
    "miss_meld": ("{value} leaves out one meld: {meld} ({points}).",
                  "В {value} пропущена комбинация «{meld}» ({points})."),
    "not_here": ("{meld} cannot be declared from these cards now.",
                 "Из этих карт сейчас не объявить комбинацию «{meld}»."),
    "not_legal": ("{card} may not be played here.", "{card} сюда класть нельзя."),
    # Multi-answer checks, one reason per option: a card wrongly ticked...
    "off_suit_win": ("{card} is not {suit}: you hold {suit} that beat {lead}, so you must "
                     "follow suit and win.",
                     "{card} не в масть ({suit}): у вас есть {suit} старше, чем {lead}, а "
                     "значит, нужно ответить в масть и перебить."),
    "too_low": ("{card} follows suit but does not beat {lead}, and you hold {suit_one} "
                "that does: you must win the trick.",
                "{card} в масть, но младше, чем {lead}, а у вас есть карта этой масти "
                "старше: нужно перебить."),
    "off_suit_follow": ("{card} is not {suit}: you hold {suit}, so you must follow suit.",
                        "{card} не в масть ({suit}): {suit} у вас есть, значит, нужно "
                        "ответить в масть."),
    "not_trump": ("{card} is not a trump: you have no {suit} but you hold trumps, so you "
                  "must trump.",
                  "{card} не козырь: {suit_gen} у вас нет, а козыри есть, значит, нужно "
                  "бить козырем."),
    # ... and a right one left out.
    "left_out": ("You left out {option}: {reason}", "Вы пропустили {option}: {reason}"),
    "in_win": ("it is {suit_one} and beats {lead}, so it may be played",
               "эта карта в масть и старше, чем {lead}, её класть можно"),
    "in_follow": ("it follows suit, and as none of your {suit} beats {lead}, any of them "
                  "may go", "эта карта в масть, а старше, чем {lead}, у вас ничего нет, "
                  "поэтому годится любая карта этой масти"),
    "in_trump": ("it is a trump, and with no {suit} you must trump",
                 "это козырь, а раз {suit_gen} у вас нет, бить нужно козырем"),
    "in_free": ("with neither {suit} nor a trump you may play any card, this one too",
                "раз нет ни {suit_gen}, ни козырей, годится любая карта, и эта тоже"),
    "in_meld": ("{explanation}", "{explanation}"),
    "not_held": ("{meld} cannot be declared: of its cards you hold only {cards}.",
                 "Нельзя объявить комбинацию «{meld}»: из её карт у вас только {cards}."),
    "no_trumps_yet": ("{meld} cannot be declared while no suit is trumps: the first "
                      "marriage declared makes its suit trumps and scores as a trump marriage.",
                      "Нельзя объявить комбинацию «{meld}», пока козыри не определены: "
                      "первый объявленный марьяж делает свою масть козырной и считается "
                      "козырным."),
    "none_held": ("{meld} cannot be declared: you hold none of its cards.",
                  "Нельзя объявить комбинацию «{meld}»: её карт у вас нет."),
    "not_over": ("Nobody has reached {target} yet, so nobody has won: the game goes on.",
                 "До {target} ещё никто не дошёл, так что победителя нет: игра продолжается."),
    "is_over": ("{name} has reached {target}: the game ends after this deal.",
                "{name} уже {reached} {target}: после этой сдачи партия окончена."),
    # A game of one deal (the jokers' game, target 0) has no target to reach.
    "one_deal_over": ("The game is one deal: it ends now.",
                      "Партия состоит из одной сдачи: она окончена."),
    "not_equal": ("The totals are not equal, so it is not a draw.",
                  "Итоги не равны, значит, это не ничья."),
    "lower": ("{name} has the lower total.", "{name} отстаёт: {their} итог меньше."),
    "no_meld": ("The capture completes no combination.",
                "Взятые карты не образуют ни одной комбинации."),
    "per_trick": ("The trick itself scores {points}.", "Сама взятка даёт {points}."),
    "all_points": ("all the offender's points", "все очки нарушителя"),
    # Why a wrong option is wrong, in terms of the option chosen.
    "not_take": ("{card} does not take the trick: {reason}", "{card} не берёт взятку: {reason}"),
    "meld_zero": ("0 would mean these cards do not form {meld}; they do, and it is worth "
                  "{points}.",
                  "0 — это если бы карты не образовывали комбинацию «{meld}»; а они её "
                  "образуют, и она стоит {points}."),
    "meld_other": ("{value} is the score of {others}, not of {meld}: here {meld} {meld_is} worth "
                   "{points}.",
                   "{value} — цена {others}, а не комбинации «{meld}»; «{meld}» здесь — "
                   "{points}."),
    "meld_self": ("{value} is the usual score of {meld}; here it is worth {points}: {reason}",
                  "{value} — обычная цена комбинации «{meld}»; здесь — {points}: {reason}"),
    "meld_none": ("{value} is the score of {others}; here {meld} bring{meld_s} nothing: {reason}",
                  "{value} — цена {others}; «{meld}» здесь ничего не даёт: {reason}"),
    "brisque_more": ("{value} would need {n} brisque{s}; the cards hold {count}: {cards}.",
                     "{value} — столько выходит {need}, а в этих картах {have}: {cards}."),
    "brisque_none": ("{value} would need {n} brisque{s}; the cards hold none: only aces and "
                     "tens are brisques.",
                     "{value} — столько выходит {need}, а в этих картах брисок нет: "
                     "бриски — только тузы и десятки."),
    "add_last": ("{value} adds the last trick ({points}), but this was not the last trick.",
                 "В {value} добавлена последняя взятка ({points}), а эта взятка не последняя."),
    "too_many": ("{value} is {diff} too many: {why}",
                 "{value} — на {diff} больше, чем нужно: {why}"),
    "too_few": ("{value} is {diff} short: {why}", "{value} — на {diff} меньше, чем нужно: {why}"),
    # The short account of a total (a capture's score): one part, or the parts summed.
    "alone_meld": ("the {meld} alone is {points}", "одна только комбинация «{meld}» даёт {points}"),
    "alone_brisques": ("the brisques alone are {points}", "одни бриски дают {points}"),
    "part_meld": ("{meld} {points}", "«{meld}» {points}"),
    "part_brisques": ("brisques {points}", "бриски {points}"),
    "parts_sum": ("{parts} = {points}", "{parts} = {points}"),
    "no_trump_meld_yet": ("No {meld} yet: the first {fixer} declared fixes trumps.",
                          "{meld_acc} объявить нельзя: козыри ещё не определены, их "
                          "определит первое объявление {fixer}."),
    "not_over_name": ("{name} has {points}, short of {target}: nobody has won yet, the game "
                      "goes on.",
                      "{name}: {points}, это меньше {target}; победителя пока нет, "
                      "игра продолжается."),
    "not_over_draw": ("Not a draw: nobody has reached {target} yet, so the game goes on.",
                      "Это не ничья: до {target} ещё никто не дошёл, игра продолжается."),
    "last_won": ("{name} passed {target} too, but when both are past it the last trick "
                 "decides (002), not the higher total.",
                 "{name} тоже {passed} {target}, но когда цель перешли оба, решает последняя "
                 "взятка (002), а не больший итог."),
    "last_draw": ("Not a draw: when both are past {target}, whoever took the last trick "
                  "wins (002).",
                  "Это не ничья: когда оба перешли {target}, выигрывает взявший последнюю "
                  "взятку (002)."),
    "later_draw": ("Not a draw: {name} passed {target} too, but on a later trick, and the "
                   "earlier one decides (000).",
                   "Это не ничья: {name} тоже {passed} {target}, но на более поздней взятке, а "
                   "решает более ранняя (000)."),
    "same_total": ("{name} does not win: both have {points}, and equal totals are a draw.",
                   "{name} не выигрывает: у обоих по {points}, а равные итоги — ничья."),
    "settle_other": ("{value} is the settlement by another reading ({source}); the reading "
                     "asked about ({rule}) gives {points}.",
                     "{value} — это расчёт по другому прочтению ({source}); по прочтению, о "
                     "котором спрашивается ({rule}), выходит {points}."),
    "settle_diff": ("{value} is only the difference of the two scores; the settlement goes on "
                    "from there and gives {points}.",
                    "{value} — это только разница двух счетов; расчёт на этом не кончается и "
                    "даёт {points}."),
    "fine_other": ("{value} is the fine for {other}, not for {infraction}.",
                   "{value} — это штраф за {other}, а не за {infraction}."),
    "fine_zero": ("0: {infraction} is not free here: it costs {answer}.",
                  "Не 0: это нарушение штрафуется, за {infraction} здесь берут {answer}."),
    "fine_all": ("Not all the offender's points: {infraction} costs {answer}.",
                 "Не все очки нарушителя: за {infraction} берут {answer}."),
    "fine_not_all": ("{value} is too little: {infraction} costs all the offender's points.",
                     "{value} — слишком мало: за {infraction} нарушитель теряет все очки."),
    # The rule itself, with no card of the engine's sample position (the check shows none)
    "fine_rule": ("{infraction} costs {points}.", "За {infraction} берут штраф {points}."),
    "fine_rule_all": ("{infraction} costs all the offender's points.",
                      "За {infraction} нарушитель теряет все набранные очки."),
}

# What fixes trumps where none is turned up (declaring.trump_from); Russian in the
# genitive, «первое объявление марьяжа или секвенции», which agrees with either.
_FIXERS = {"marriage": ("marriage", "марьяжа"), "sequence": ("sequence", "секвенции")}


def accusative_ru(label: str) -> str:
    """The accusative a Russian refusal uses for the meld named ``label`` (nominative,
    as the options show it): «козырная секвенция» → «козырную секвенцию»."""
    kind = next((k for k in MELD_NAMES if meld_name(k, "ru") == label), None)
    return label if kind is None else meld_accusative(kind, "ru")

# The fined infractions (fields of the profile's ``penalties``), in both languages.
_INFRACTIONS: dict[str, tuple[str, str]] = {
    "declare_before_win": ("declaring before winning a trick",
                           "объявление до выигрыша взятки"),
    "not_following": ("not following suit in the last cards",
                      "ответ не в масть и не козырем в последних восьми взятках"),
    "play_before_draw": ("leading before drawing", "ход до добора карты из колоды"),
    "extra_card": ("holding an extra card", "лишнюю карту на руке"),
    "false_declaration_all": ("a false declaration", "ложное объявление"),
}


# The players a game or settlement check names ("Anna", "Boris"): the engine's steps say
# "player 1"; a check shows the names its lesson gives, with Russian verbs in the gender
# of the name (Анна набрала, Борис набрал, ваша пара перешла).
DEFAULT_PLAYERS = {"en": ("Anna", "Boris"), "ru": ("Анна", "Борис")}
# Words that keep their capital when a verdict's colon continues the sentence.
PROPER_NAMES = frozenset(name for names in DEFAULT_PLAYERS.values() for name in names)
# The naming itself (shared with the app's pages): engine.text.naming.


def player_names(check: Check, lang: str) -> tuple[str, str]:
    names = tuple(check.params.get("players", DEFAULT_PLAYERS["ru" if lang == "ru" else "en"]))
    return str(names[0]), str(names[1])


def _t(key: str, lang: str, **params: object) -> str:
    if lang == "ru" and "points" in params:
        params["points"] = points_ru(str(params["points"]))
    # English plural for a count: "1 brisque", "5 brisques" (the count asked about first).
    params.setdefault("s", "" if params.get("n", params.get("count")) == 1 else "s")
    if isinstance(params.get("meld"), str):   # "the four aces are", "the bezique is"
        params = {**verb_forms(str(params["meld"]), lang), **params}
    return _TEXT[key][1 if lang == "ru" else 0].format(**params)


def _say(why: mistakes.Reasons, option: str, key: str, lang: str, *, keep: bool = False,
         **params: object) -> None:
    """Give ``option`` the reason ``key`` (its text, and the mistake's name)."""
    why.put(option, key, _t(key, lang, **params), keep=keep)


def named_steps(steps: Iterable[Any], lang: str, names: Sequence[Any]) -> tuple[str, ...]:
    """The engine's steps with the players named (engine.text.naming), each line a sentence
    of its own, as the other checks' explanations are."""
    return tuple(as_sentence(line) for line in _engine_named_steps(steps, lang, names))


def _brisques(n: int) -> str:
    """``1 бриска``, ``3 бриски``, ``5 брисок``: the Russian noun agrees with the number."""
    return f"{n} {ru_plural(n, 'бриска', 'бриски', 'брисок')}"


def _with_brisques(n: int) -> str:
    """``без брисок``, ``с 1 бриской``, ``с 3 брисками`` (the instrumental case)."""
    if n == 0:
        return "без брисок"
    return f"с {n} {ru_plural(n, 'бриской', 'брисками', 'брисками')}"


def _points_why(values: Iterable[int], total: int, lang: str, *, summary: Iterable[str],
                brisques: list[str] | None = None, each: int = 0, last: int = 0,
                last_given: bool = False, short: str = "") -> mistakes.Reasons:
    """Why each wrong point value is wrong, in terms of that value: the last trick left
    out or added, a wrong count of brisques, or too many / too few against ``summary``
    (the engine's own account of the total, or ``short``, a one-line account)."""
    why = mistakes.Reasons()
    summary = short or " ".join(as_sentence(x) for x in summary)
    for value in sorted(set(values) - {total}):
        diff = value - total
        if last and last_given and diff == -last:
            _say(why, str(value), "miss_last", lang, value=value, points=last)
        elif brisques is not None and each and diff % each == 0 and (
                len(brisques) + diff // each >= 0):
            n = len(brisques) + diff // each
            if brisques:
                _say(why, str(value), "brisque_more", lang, value=value, n=n,
                     count=len(brisques), cards=" ".join(brisques),
                     need=_with_brisques(n), have=_brisques(len(brisques)))
            else:
                _say(why, str(value), "brisque_none", lang, value=value, n=n,
                     need=_with_brisques(n))
        elif last and not last_given and diff == last:
            _say(why, str(value), "add_last", lang, value=value, points=last)
        else:
            key = "too_many" if diff > 0 else "too_few"
            why.put(str(value), key, as_sentence(_t(key, lang, value=value, diff=abs(diff),
                                                    why=lower_first(summary))))
    return why


def _named(key: str, lang: str, name: str, **params: object) -> str:
    """A sentence about a named player, its Russian verbs in the name's gender."""
    return capital_first(_t(key, lang, name=name, **params, **gendered(name, lang)))


def refusal_line(kind: str, why: str, lang: str) -> str:
    """Why a combination may not be declared, as one sentence: "Four aces cannot be
    declared: …" / «Нельзя объявить «четыре туза»: …» (not «четыре туза: Нельзя: …»)."""
    meld = meld_label(kind, lang)
    return _t("refused_meld", lang, meld=meld if lang == "ru" else capital_first(meld), why=why)


def _suit_name(suit: Suit, lang: str) -> str:
    return _SUITS[suit.letter][1 if lang == "ru" else 0]


def _query_cards(request: Mapping[str, Any]) -> dict[str, Any]:
    return {"trump": request.get("trump"), "hand": tuple(request.get("hand", ())),
            "table": tuple(request.get("table", ()))}


def meld_label(kind: str, lang: str) -> str:
    """The meld's name from the engine's one table (every meld of every profile)."""
    return meld_name(kind, lang)


def _trick_winner(check: Check, lang: str) -> CheckResult:
    from engine.rules.tricks import trick_winner

    p = check.params
    lead, follow = parse_card(p["lead"]), parse_card(p["follow"])
    trump = Suit.parse(p["trump"])
    winner = trick_winner(lead.kind, follow.kind, int(trump))
    names = {"lead": card_text(lead, lang), "follow": card_text(follow, lang)}
    if lead.kind == follow.kind:
        reason, rule, expected = _t("identical", lang, **names), "play.identical_leader_wins", 0
    elif lead.suit == follow.suit:
        hi, lo = (follow, lead) if follow.rank > lead.rank else (lead, follow)
        reason = _t("higher", lang, suit=_suit_name(lead.suit, lang),
                    winner=card_text(hi, lang), loser=card_text(lo, lang))
        rule, expected = "play.trick_winner", 1 if hi is follow else 0
    elif follow.suit == trump:
        reason, rule, expected = _t("follow_trumps", lang, **names), "play.trick_winner", 1
    else:
        reason = _t("off_suit", lang, suit=_suit_name(lead.suit, lang), **names)
        rule, expected = "play.trick_winner", 0
    if expected != winner:
        raise RuntimeError(f"check {check.id}: engine and explanation disagree")
    explanation = [reason]
    rules = [rule]
    if p.get("phase", "stock") == "stock":
        explanation.append(_t("stock_free", lang))
        rules.append("play.stock_any_card")
    options = ("leader", "follower")
    labels = (_t("leader", lang, card=names["lead"]), _t("follower", lang, card=names["follow"]))
    loser = names["follow"] if winner == 0 else names["lead"]
    # Two identical cards: in English the wrong option is named as the learner read it
    # ("the player who answered (Q♥)"), not "Q♥ does not take the trick: Q♥ and Q♥...".
    same = lead.kind == follow.kind and lang == "en"
    named = capital_first(labels[1 - winner]) if same else loser
    why = {options[1 - winner]: _t("not_take", lang, card=named, reason=lower_first(reason))}
    return CheckResult(check.id, check.kind, check.prompt, options, labels,
                       (options[winner],), False, tuple(explanation), tuple(rules),
                       {"trump": p["trump"], "trick": (p["lead"], p["follow"])}, why)


def _winning_cards(check: Check, lang: str) -> CheckResult:
    from engine.rules.tricks import trick_winner

    p = check.params
    hand = [parse_card(t) for t in p["hand"]]
    lead = parse_card(p["lead"])
    trump = Suit.parse(p["trump"])
    reasons: dict[str, str] = {}
    answer = []
    for card in hand:
        one = Check(check.id, "trick_winner", {"lead": p["lead"], "follow": str(card),
                                               "trump": p["trump"], "phase": "playoff"},
                    check.prompt, check.variant)
        reasons[str(card)] = _trick_winner(one, lang).explanation[0]
        if trick_winner(lead.kind, card.kind, int(trump)) == 1:
            answer.append(str(card))
    options = tuple(str(c) for c in hand)
    labels = tuple(card_text(c, lang) for c in hand)
    why = {o: _t("not_take", lang, card=card_text(parse_card(o), lang),
                 reason=lower_first(reasons[o]))
           for o in options if o not in answer}
    missed = {o: _t("left_out", lang, option=card_text(parse_card(o), lang),
                    reason=lower_first(reasons[o])) for o in answer}
    return CheckResult(check.id, check.kind, check.prompt, options, labels, tuple(answer), True,
                       tuple(reasons[o] for o in options), ("play.trick_winner",),
                       {"trump": p["trump"], "hand": tuple(p["hand"]), "trick": (p["lead"],)},
                       why, missed)


def _playoff_legal(check: Check, lang: str, profile: Profile) -> CheckResult:
    from engine.rules.tricks import playoff_legal, playoff_obligation, trick_winner

    p = check.params
    hand = [parse_card(t) for t in p["hand"]]
    lead = parse_card(p["lead"])
    trump = Suit.parse(p["trump"])
    ids = [c.id for c in hand]
    legal = set(playoff_legal(ids, lead.id, int(trump), profile.playoff))
    rule = playoff_obligation(ids, lead.id, int(trump), profile.playoff)
    key = {"playoff.must_win": "must_win", "playoff.follow_suit": "follow_suit",
           "playoff.must_trump": "must_trump", "": "free"}[rule]
    options = tuple(str(c) for c in hand)
    labels = tuple(card_text(c, lang) for c in hand)
    answer = tuple(str(c) for c in hand if c.id in legal)
    words = {"suit": _suit_name(lead.suit, lang), "lead": card_text(lead, lang),
             "suit_gen": _SUITS_GEN[lead.suit.letter], "suit_one": _SUIT_ONE[lead.suit.letter]}
    text = capital_first(_t(key, lang, **words))
    why: dict[str, str] = {}
    missed: dict[str, str] = {}
    for c in hand:
        name = card_text(c, lang)
        follows, trumps = c.suit == lead.suit, c.suit == trump
        beats = follows and trick_winner(lead.kind, c.kind, int(trump)) == 1
        if c.id in legal:
            # the duty's own words, for a card it allows (checked against the engine)
            said = {"must_win": ("in_win", beats), "follow_suit": ("in_follow", follows),
                    "must_trump": ("in_trump", trumps), "free": ("in_free", True)}[key]
            reason = _t(said[0], lang, **words) if said[1] else lower_first(text)
            missed[str(c)] = _t("left_out", lang, option=name, reason=reason)
            continue
        if key == "must_win" and not follows:
            why[str(c)] = _t("off_suit_win", lang, card=name, **words)
        elif key == "must_win" and not beats:
            why[str(c)] = _t("too_low", lang, card=name, **words)
        elif key == "follow_suit" and not follows:
            why[str(c)] = _t("off_suit_follow", lang, card=name, **words)
        elif key == "must_trump" and not trumps:
            why[str(c)] = _t("not_trump", lang, card=name, **words)
        else:   # a duty these words do not cover: the engine's rule as it stands
            why[str(c)] = _t("not_legal", lang, card=name) + " " + text
    return CheckResult(check.id, check.kind, check.prompt, options, labels, answer, True,
                       (text,), (rule or "playoff.must_trump",),
                       {"trump": p["trump"], "hand": tuple(p["hand"]), "trick": (p["lead"],)},
                       why, missed)


def playoff_reasons(hand: Iterable[int], lead: int, trump: int, profile: Profile,
                    lang: str = "en") -> tuple[dict[int, str], dict[int, str]]:
    """The reasons of a "which cards may you play?" question outside a lesson (the
    review cards): ``(why, missed)`` by card id, for each card not allowed and each
    allowed one, in the same words as the lessons' play-off checks."""
    from engine.notation.cards import Card

    cards = {str(Card.from_id(c)): c for c in hand}
    check = Check("review", "playoff_legal",
                  {"hand": list(cards), "lead": str(Card.from_id(lead)),
                   "trump": Suit(trump).letter}, "", profile.name)
    result = _playoff_legal(check, lang, profile)
    return ({cards[o]: r for o, r in result.why.items()},
            {cards[o]: r for o, r in result.missed.items()})


def _query(check: Check, lang: str = "en") -> tuple[dict[str, Any], Profile]:
    request = plain(check.params["query"])
    result = query(request, lang)
    return result, load_profile(request.get("variant", check.variant))


def _meld_score(check: Check, lang: str) -> CheckResult:
    result, profile = _query(check, lang)
    kind = check.params["meld"]
    explanation: list[str] = []
    refused_why = ""
    points = 0
    cards: list[str] = []
    rules: list[str] = []
    for d in result["declarations"]:
        if d["meld"] == kind:
            points = int(d["points"])
            cards = [str(c) for c in d["cards"]]
            explanation.extend(d.get("explanation", []))
            rules.append(d.get("rule", f"meld.{kind}"))
            break
    else:
        for r in result["refused"]:
            if r["meld"] == kind:
                explanation.append(_t("refused", lang, why=r["why"]))
                refused_why = str(r["why"])
                rules.append(r.get("rule", f"meld.{kind}"))
                break
        else:
            name = meld_label(kind, lang)
            explanation.append(_t("not_formed", lang,
                                  meld=name if lang == "ru" else with_article(name)))
            rules.append(f"meld.{kind}")
    if lang == "ru":   # each engine step a sentence, as in the other checks' explanations
        explanation = [as_sentence(line) for line in explanation]
    name = meld_label(kind, lang) if lang == "ru" else with_article(meld_label(kind, lang))
    # The reason continues a sentence: the refusal itself (no "Refused:" in mid-line),
    # or the engine's steps joined as clauses.
    reason = refused_why or "; ".join(explanation)
    slips = _meld_slips(check, profile, kind, points, cards, lang)
    if points == 0 and profile.meld(kind).points:   # a refused meld: its usual score
        slips.append(mistakes.Slip("meld_self", str(profile.meld(kind).points), _t(
            "meld_self", lang, value=profile.meld(kind).points, meld=name, points=points,
            reason=reason)))
    # Fill up to four options with the scores of the melds nearest in value: the meld
    # taken for another (four queens for four kings).
    taken = {str(points), *(slip.value for slip in slips)}
    others = sorted({m.points for m in profile.melds} - {points, 0},
                    key=lambda v: (abs(v - points), v))
    for value in others:
        if len(taken) >= 4:
            break
        if str(value) in taken:
            continue
        taken.add(str(value))
        slips.append(_other_meld_slip(profile, kind, value, points, name, reason, lang))
    why, names = mistakes.collect(slips, str(points))
    options = tuple(sorted({str(points), *why}, key=int))
    return CheckResult(check.id, check.kind, check.prompt, options, options, (str(points),),
                       False, tuple(explanation), tuple(rules),
                       _query_cards(check.params["query"]), why, mistakes=names)


# Steps of a meld's verdict that say nothing about cards scored before.
_NOT_REUSE = frozenset({"meld_found", "meld_points", "reuse_fresh", "meld_joker"})


def _meld_slips(check: Check, profile: Profile, kind: str, points: int, cards: list[str],
                lang: str) -> list[mistakes.Slip]:
    """The slips a learner makes on a meld whose cards scored before: adding the earlier
    melds of its class to it, taking them off it, or giving it nothing at all; and 0 as
    "these cards do not form it"."""
    name = meld_label(kind, lang) if lang == "ru" else with_article(meld_label(kind, lang))
    if points <= 0:
        return []
    spec = profile.meld(kind)
    mine = set(cards)
    history = [h for h in plain(check.params["query"]).get("history", [])
               if mine & {str(c) for c in h["cards"]}]
    same = [h for h in history if profile.meld(str(h["meld"])).meld_class == spec.meld_class]
    slips: list[mistakes.Slip] = []
    bare = meld_label(kind, lang)
    if same:
        earlier = sum(profile.meld(str(h["meld"])).points for h in same)
        listed = " + ".join(
            (f"«{meld_label(str(h['meld']), lang)}» " if lang == "ru"
             else f"{meld_label(str(h['meld']), lang)} ")
            + str(profile.meld(str(h["meld"])).points) for h in same)
        words = {"earlier": listed, "meld": bare, "points": points,
                 "melds": "meld" if len(same) == 1 else "melds"}
        slips.append(mistakes.Slip("route_total", str(points + earlier), mistakes.text(
            "route_total", lang, value=points + earlier, **words)))
        if points - earlier > 0:
            slips.append(mistakes.Slip("minus_scored", str(points - earlier), mistakes.text(
                "minus_scored", lang, value=points - earlier, **words)))
    # The engine's own step on the reused cards: the climb within the class first.
    from lessons.declaration_plan import offered, start
    verdict = next((step.verdict for step in offered(start(plain(check.params["query"]),
                                                            profile), profile)
                    if step.meld == kind), None)
    steps = verdict.steps if verdict is not None else ()
    reused = sorted((s for s in steps if s.key not in _NOT_REUSE),
                    key=lambda s: s.key != "reuse_upgrade")
    if history and reused:
        slips.append(mistakes.Slip("reuse_zero", "0", mistakes.text(
            "reuse_zero", lang, reason=lower_first(reused[0].render(lang)), meld=bare,
            points=points)))
    else:
        slips.append(mistakes.Slip("meld_zero", "0", _t("meld_zero", lang, meld=name,
                                                           points=points)))
    return slips


def _other_meld_slip(profile: Profile, kind: str, value: int, points: int, name: str,
                     reason: str, lang: str) -> mistakes.Slip:
    """``value`` is the score of other melds: taken for the one asked about."""
    scoring = [m.kind for m in profile.melds if m.points == value]
    if lang == "ru":
        named = "комбинации " + " или ".join(f"«{meld_label(k, lang)}»" for k in scoring[:2])
    else:
        named = " or ".join(with_article(meld_label(k, lang)) for k in scoring[:2])
    if kind in scoring:
        return mistakes.Slip("meld_self", str(value), _t(
            "meld_self", lang, value=value, meld=name, points=points, reason=reason))
    if points == 0:
        return mistakes.Slip("meld_none", str(value), _t(
            "meld_none", lang, value=value, others=named, meld=name, reason=reason))
    return mistakes.Slip("meld_other", str(value), _t(
        "meld_other", lang, value=value, others=named, meld=name, points=points))


def _legal_declarations(check: Check, lang: str) -> CheckResult:
    result, profile = _query(check, lang)
    declared = {d["meld"]: d for d in result["declarations"]}
    refused = {r["meld"]: r for r in result["refused"]}
    options = tuple(m.kind for m in profile.melds if m.pattern != "carte_blanche")
    labels = tuple(meld_label(k, lang) for k in options)
    answer = tuple(k for k in options if k in declared)
    explanation: list[str] = []
    rules: list[str] = []
    why: dict[str, str] = {}
    missed: dict[str, str] = {}
    for kind in options:
        meld = meld_label(kind, lang)
        if kind in declared:
            line = "; ".join(declared[kind].get("explanation", []))
            explanation.append(line)
            rules.append(declared[kind].get("rule", f"meld.{kind}"))
            option = f"комбинацию «{meld}»" if lang == "ru" else meld
            missed[kind] = _t("left_out", lang, option=option, reason=line)
        elif kind in refused:
            line = refusal_line(kind, refused[kind]["why"], lang)
            explanation.append(line)
            why[kind] = line
            rules.append(refused[kind].get("rule", f"meld.{kind}"))
        else:
            why[kind] = _not_formed(profile, kind, check.params["query"], lang)
    return CheckResult(check.id, check.kind, check.prompt, options, labels, answer, True,
                       tuple(e for e in explanation if e), tuple(rules),
                       _query_cards(check.params["query"]), why, missed)


def _not_formed(profile: Profile, kind: str, query: Mapping[str, Any], lang: str) -> str:
    """Why a meld the query neither offers nor refuses is not there, in terms of that
    meld: which of its cards the hand and table hold ("of its cards you hold only
    K♥"), read from the profile's meld table."""
    from engine.notation.cards import JOKER_MIN_ID
    from engine.rules.melds import SEQUENCE_RANKS, candidate_sets, display_order, suits_for

    spec = profile.meld(kind)
    meld = meld_label(kind, lang)
    trump = int(Suit.parse(query["trump"])) if query.get("trump") else None
    held = [parse_card(t).id for t in (*query.get("hand", ()), *query.get("table", ()))]
    suits = suits_for(spec, trump, profile.declaring.trump_from)
    if spec.pattern == "marriage":
        kinds = {s * 8 + r for s in suits for r in (Rank.KING, Rank.QUEEN)}
    elif spec.pattern == "sequence":
        kinds = {s * 8 + r for s in suits for r in SEQUENCE_RANKS}
    elif spec.pattern == "bezique" or spec.suit == "bezique_jack":
        pair = profile.bezique_pair(None if trump is None else Suit(trump))
        kinds = set(pair) if spec.pattern == "bezique" else {pair[1]}
    else:
        kinds = {s * 8 + int(spec.rank or 0) for s in suits}
    if trump is None and spec.pattern == "marriage" and not suits:
        # No trumps yet: a king and queen held are not "none of its cards"; the first
        # marriage is the one that fixes trumps and scores as the trump marriage.
        return _t("no_trumps_yet", lang, meld=meld if lang == "ru" else capital_first(meld))
    if trump is None and spec.suit == "trump":
        # A trump meld before trumps exist: its cards in every suit are beside the point.
        fixers = [_FIXERS[f][1 if lang == "ru" else 0] for f in profile.declaring.trump_from
                  if f in _FIXERS]
        return _t("no_trump_meld_yet", lang, meld=meld, fixer=(
            " или " if lang == "ru" else " or ").join(fixers),
                  meld_acc=capital_first(meld_accusative(kind, "ru")))
    jokers = profile.declaring.jokers_per_meld > 0
    mine = sorted((c for c in held if (c < JOKER_MIN_ID and c % 32 in kinds)
                   or (c >= JOKER_MIN_ID and jokers)), key=display_order)
    complete = next(iter(candidate_sets(profile, spec, trump, mine)), None)
    if complete is not None:   # its cards are all here: another rule keeps it out
        return _t("not_here", lang, meld=meld if lang == "ru" else capital_first(meld))
    if not mine:
        return _t("none_held", lang, meld=meld if lang == "ru" else capital_first(meld))
    names = [card_text(c, lang) for c in mine]
    if spec.pattern in ("marriage", "sequence"):
        # one copy of each card serves ("J♣", not "J♣ J♣ J♣ J♣ J♣")
        names = list(dict.fromkeys(names))
    return _t("not_held", lang, meld=meld if lang == "ru" else capital_first(meld),
              # which copy does not matter here: "K♥ K♥ K♥", as the meld lines write it
              cards=" ".join(names))


def _brisque_points(check: Check, lang: str, profile: Profile) -> CheckResult:
    from engine.rules.tricks import is_brisque

    cards = [parse_card(t) for t in check.params["cards"]]
    count = sum(1 for c in cards if is_brisque(c.id))
    each = profile.scoring.brisque_points
    points = count * each
    explanation = [_t("brisques", lang, count=count, each=each, points=points)]
    rules = ["score.brisque"]
    if check.params.get("last_trick"):
        points += profile.scoring.last_trick_bonus
        explanation.append(_t("last", lang, points=profile.scoring.last_trick_bonus))
        explanation.append(_t("total", lang, points=points))
        rules.append("score.last_trick")
    step = each or 10
    values = {points, max(points - step, 0), points + step, points + 2 * step}
    options = tuple(str(v) for v in sorted(values))
    why = _points_why(values, points, lang, summary=explanation,
                      brisques=[card_text(c, lang) for c in cards if is_brisque(c.id)],
                      each=each, last=profile.scoring.last_trick_bonus,
                      last_given=bool(check.params.get("last_trick")))
    return CheckResult(check.id, check.kind, check.prompt, options, options, (str(points),),
                       False, tuple(explanation), tuple(rules),
                       {"tricks": tuple(check.params["cards"])}, why, mistakes=why.names)


def _deal_score(check: Check, lang: str, profile: Profile) -> CheckResult:
    from engine.rules.tricks import is_brisque

    p = check.params
    explanation: list[str] = []
    rules: list[str] = []
    total = 0
    for kind in p.get("melds", ()):
        spec = profile.meld(kind)
        total += spec.points
        explanation.append(_t("meld_line", lang, meld=meld_label(kind, lang),
                              points=spec.points))
        rules.append(spec.rule_id)
    sevens = int(p.get("dix", 0))
    if sevens:
        total += sevens * profile.dix.points
        explanation.append(
            _t("dix_line", lang, count=sevens, points=sevens * profile.dix.points)
            if profile.dix.points else   # not "× 1: 0": say the seven is worth nothing
            _t("dix_nothing", lang, game=profile.title_ru if lang == "ru" else profile.title))
        rules.append("dix.show")
    cards = [parse_card(t) for t in p.get("cards", ())]
    count = sum(1 for c in cards if is_brisque(c.id))
    each = profile.scoring.brisque_points
    brisques = count * each
    if cards:
        total += brisques
        explanation.append(_t("brisques", lang, count=count, each=each, points=brisques))
        rules.append("score.brisque")
    last = profile.scoring.last_trick_bonus if p.get("last_trick") else 0
    if last:
        total += last
        explanation.append(_t("last", lang, points=last))
        rules.append("score.last_trick")
    explanation.append(_t("total", lang, points=total))
    # Wrong answers a learner really gives: forgetting the brisques, the last trick or
    # the seven, or counting the last trick that went to the other player.
    values = {total, total - brisques, total - last if last else total
              + profile.scoring.last_trick_bonus, total - sevens * profile.dix.points
              if sevens else total + 10, total + 10}
    values.update(total - profile.meld(kind).points for kind in p.get("melds", ()))
    why = mistakes.Reasons()
    for kind in p.get("melds", ()):
        pts = profile.meld(kind).points
        _say(why, str(total - pts), "miss_meld", lang, value=total - pts,
             meld=meld_label(kind, lang), points=pts, keep=True)
    if sevens and profile.dix.points:
        pts = sevens * profile.dix.points
        _say(why, str(total - pts), "miss_dix", lang, value=total - pts, points=pts,
             count=sevens, sevens_acc="козырные семёрки" if sevens > 1
             else "козырную семёрку")
    if last:
        _say(why, str(total - last), "miss_last", lang, value=total - last, points=last)
    elif "last_trick" in p or cards:
        extra = total + profile.scoring.last_trick_bonus
        why.put(str(extra), "extra_last" if cards else "extra_last_none",
                _t("extra_last", lang, value=extra) if cards else
                _t("extra_last_none", lang, value=extra,
                   points=profile.scoring.last_trick_bonus))
    elif sevens:
        # No tricks in the question (a turn-up seven, melds and sevens): one more ten is
        # the seven counted again, not "the last trick, which was not yours".
        extra = total + profile.dix.points
        _say(why, str(extra), "extra_dix", lang, value=extra, points=profile.dix.points)
    if brisques:
        _say(why, str(total - brisques), "miss_brisques", lang, value=total - brisques,
             points=brisques)
    if sevens and not profile.dix.points:
        _say(why, str(total + 10), "dix_free", lang, value=total + 10, keep=True)
    # Any other value: too many or too few, against the engine's own account of the total.
    summary = lower_first(" ".join(as_sentence(x) for x in explanation))
    for v in values:
        key = "too_many" if v > total else "too_few"
        why.put(str(v), key, _t(key, lang, value=v, diff=abs(v - total), why=summary),
                keep=True)
    why.drop(str(total))
    options = tuple(str(v) for v in sorted(values))
    return CheckResult(check.id, check.kind, check.prompt, options, options, (str(total),),
                       False, tuple(explanation), tuple(rules),
                       {"tricks": tuple(p.get("cards", ()))}, why, mistakes=why.names)


def _game_winner(check: Check, lang: str, profile: Profile) -> CheckResult:
    from engine.rules.game import target_outcome

    p = check.params
    totals = [int(t) for t in p["totals"]]
    names = player_names(check, lang)
    first = int(p["first"]) - 1 if "first" in p else None
    last = int(p["last_trick"]) - 1 if "last_trick" in p else None
    event = target_outcome(profile, totals, last_trick=last, first=first)
    if event.type == "next_deal":
        answer = "continue"
    else:
        answer = "draw" if event.player is None else str(event.player + 1)
    options = ("1", "2", "draw", "continue")
    labels = (_t("wins", lang, name=names[0]), _t("wins", lang, name=names[1]),
              _t("draw", lang), _t("continue", lang))
    explanation = named_steps(event.steps, lang, names)
    target = profile.scoring.target
    best = max(range(2), key=lambda i: totals[i])
    why: dict[str, str] = {}
    # One deal is the game (the jokers' game): no target was reached, the deal ends it.
    if profile.one_deal_game and answer != "continue":
        why["continue"] = _t("one_deal_over", lang)
    if answer == "continue":
        for i in range(2):
            why[str(i + 1)] = _named("not_over_name", lang, names[i], points=totals[i],
                                    target=target)
        why["draw"] = _t("not_over_draw", lang, target=target)
    elif event.rule_id == "game.first_reached":
        winner = int(answer) - 1
        why.setdefault("continue", _named("is_over", lang, names[winner], target=target))
        why[str(2 - winner)] = _named("later", lang, names[1 - winner], target=target)
        why["draw"] = _named("later_draw", lang, names[1 - winner], target=target)
    elif event.rule_id == "game.last_trick":
        winner = int(answer) - 1
        why.setdefault("continue", _named("is_over", lang, names[winner], target=target))
        why[str(2 - winner)] = _named("last_won", lang, names[1 - winner], target=target)
        why["draw"] = _t("last_draw", lang, target=target)
    else:
        why.setdefault("continue", _named("is_over", lang, names[best], target=target))
        if totals[0] != totals[1]:
            why["draw"] = _t("not_equal", lang)
            why[str(2 - best)] = _named("lower", lang, names[1 - best])
        else:
            for i in range(2):
                why[str(i + 1)] = _named("same_total", lang, names[i], points=totals[i])
    why.pop(answer, None)
    return CheckResult(check.id, check.kind, check.prompt, options, labels, (answer,), False,
                       explanation, (event.rule_id,), {}, why)


def _rubicon_settle(check: Check, lang: str, profile: Profile) -> CheckResult:
    from engine.rules.settlement import settle

    p = check.params
    rules_profile = apply_option(profile, "rubicon_settlement", p["rule"])
    result = settle(rules_profile, [int(v) for v in p["scores"]],
                    [int(v) for v in p["brisques"]])
    points = result.points
    # Distractors: the other readings of the same deal (each settled once), and the bare
    # difference.
    choices = {c.name: c.source for c in find_option("rubicon_settlement").choices}
    readings = {choice: settle(apply_option(profile, "rubicon_settlement", choice),
                               [int(v) for v in p["scores"]],
                               [int(v) for v in p["brisques"]]).points
                for choice in choices}
    diff = abs(int(p["scores"][0]) - int(p["scores"][1]))
    values = {points, diff, *readings.values()}
    options = tuple(str(v) for v in sorted(values))
    labels = tuple(_t("chosen_points", lang, points=v) if v else _t("no_winner", lang)
                   for v in sorted(values))
    settlement = rules_profile.settlement
    # 003's variant pays a rubiconed loser's full scores: no rounding enters the sum.
    unrounded = (result.rubiconed and settlement is not None
                 and settlement.rubicon_rule == "sum_and_brisques")
    shown = [s for s in result.steps if s.key != "settle_round"
             or (not unrounded and dict(s.params)["raw"] != dict(s.params)["rounded"])]
    explanation = named_steps(tuple(shown), lang, player_names(check, lang))
    why = mistakes.Reasons()
    for choice, source in choices.items():
        if readings[choice] != points:
            _say(why, str(readings[choice]), "settle_other", lang, value=readings[choice],
                 source=citation_text(source, lang),
                 rule=citation_text(choices[p["rule"]], lang), points=points,
                 keep=True)
    if diff != points:
        _say(why, str(diff), "settle_diff", lang, value=diff, points=points, keep=True)
    return CheckResult(check.id, check.kind, check.prompt, options, labels, (str(points),),
                       False, explanation, ("settle.rubicon",), {}, why,
                       mistakes=why.names)


def _capture_score(check: Check, lang: str, profile: Profile) -> CheckResult:
    from engine.rules.captures import score_capture, seven_step
    from engine.rules.melds import ScoredMeld, all_verdicts

    p = check.params
    for option_id, choice in p.get("options", []):
        profile = apply_option(profile, option_id, choice)
    trump = int(Suit.parse(p["trump"]))
    laid = [parse_card(t).id for t in p.get("laid", [])]
    partner = [parse_card(t).id for t in p.get("partner", [])]
    trick = [parse_card(t).id for t in p["trick"]]
    history = [ScoredMeld(h["meld"], frozenset(parse_card(t).id for t in h["cards"]))
               for h in p.get("history", [])]
    capture = score_capture(profile, trump, laid, trick, history, partner)
    each = profile.scoring.brisque_points
    explanation = [_t("brisques", lang, count=len(capture.brisques), each=each,
                      points=capture.brisque_points)]
    rules = ["score.brisque"]
    for verdict in capture.melds:
        # two copies of one card make the same step twice ("Q♠ already scored..."): once
        explanation.append("; ".join(dict.fromkeys(s.render(lang) for s in verdict.steps)))
        rules.append(verdict.rule_id)
        if set(verdict.cards) & set(partner):   # 000 (an option): the partner's pairs
            explanation.append(_t("partner_pairs", lang, cards=" ".join(
                card_text(parse_card(t), lang) for t in p["partner"])))
            rules.append("capture.partner_bezique")
    refused: tuple[str, int, str] | None = None    # (meld, its points, why not)
    if not capture.melds:
        explanation.append(_t("no_meld", lang))
        rules.append("capture.meld")
        for verdict in all_verdicts(profile, trump, {*laid, *capture.kept}, history):
            if not verdict.legal and set(verdict.cards) & set(capture.kept):
                reason = "; ".join(s.render(lang) for s in verdict.steps[1:])
                explanation.append(_t("refused", lang, why=reason))
                rules.append(verdict.rule_id)
                label = meld_label(verdict.spec.kind, lang)
                refused = (label if lang == "ru" else with_article(label),
                           verdict.spec.points, reason)
                break
    for card in capture.sevens:   # 000 l.8: a seven of trumps captured scores too
        explanation.append(seven_step(profile, card).render(lang))
        rules.append("dix.capture")
    points = capture.total
    explanation.append(_t("total", lang, points=points))
    step = each or 10
    values = {points, max(points - step, 0), points + step, points + 2 * step}
    options = tuple(str(v) for v in sorted(values))
    why = _points_why(values, points, lang, summary=explanation,
                      brisques=[card_text(parse_card(t), lang) for t in p["trick"]
                                if parse_card(t).id in set(capture.brisques)], each=each,
                      short=_short_total(capture, lang))
    if refused is not None and str(points + refused[1]) in why:
        # The learner who picks it paid the refused meld: say why it does not score.
        why.put(str(points + refused[1]), "capture_refused", _t(
            "capture_refused", lang, value=points + refused[1], meld=refused[0],
            why=refused[2]))
    return CheckResult(check.id, check.kind, check.prompt, options, options, (str(points),),
                       False, tuple(explanation), tuple(rules),
                       {"table": tuple(p.get("laid", [])), "trick": tuple(p["trick"]),
                        "trump": p["trump"]}, why, mistakes=why.names)


def _short_total(capture: Any, lang: str) -> str:
    """A capture's total in one line: "the trump sequence alone is 250", or its parts
    summed ("trump marriage 40 + trump sequence 250 = 290"); "" when it scores nothing."""
    parts = [(_t("part_brisques", lang, points=capture.brisque_points),
              _t("alone_brisques", lang, points=capture.brisque_points))
             ] if capture.brisque_points else []
    for verdict in capture.melds:
        meld = meld_label(verdict.spec.kind, lang)
        parts.append((_t("part_meld", lang, meld=meld, points=verdict.points),
                      _t("alone_meld", lang, meld=meld, points=verdict.points)))
    if len(parts) == 1:
        return parts[0][1]
    if parts:
        return _t("parts_sum", lang, parts=" + ".join(p for p, _ in parts),
                  points=capture.total)
    return ""


def _trick_points(check: Check, lang: str, profile: Profile) -> CheckResult:
    from engine.rules.trick_scoring import trick_extras, trick_value

    cards = [parse_card(t).id for t in check.params["cards"]]
    points = trick_value(profile, cards)
    explanation, rules = [], []
    if profile.scoring.points_per_trick:
        explanation.append(_t("per_trick", lang, points=profile.scoring.points_per_trick))
        rules.append("score.per_trick")
    for rule_id, _, steps in trick_extras(profile, cards):
        # the engine's steps as sentences among the check's own ("Во взятке 10♥: …")
        explanation.extend(as_sentence(s.render(lang)) if lang == "ru" else s.render(lang)
                           for s in steps)
        rules.append(rule_id)
    if check.params.get("last_trick"):
        points += profile.scoring.last_trick_bonus
        explanation.append(_t("last", lang, points=profile.scoring.last_trick_bonus))
        rules.append("score.last_trick")
    explanation.append(_t("total", lang, points=points))
    step = 10
    values = {points, max(points - step, 0), points + step, points + 2 * step}
    options = tuple(str(v) for v in sorted(values))
    why = _points_why(values, points, lang, summary=explanation,
                      last=profile.scoring.last_trick_bonus,
                      last_given=bool(check.params.get("last_trick")))
    return CheckResult(check.id, check.kind, check.prompt, options, options, (str(points),),
                       False, tuple(explanation), tuple(rules),
                       {"tricks": tuple(check.params["cards"])}, why, mistakes=why.names)


def _infraction_example(profile: Profile, name: str, seed: int) -> tuple[Deal, Action]:
    """A deterministic position (random legal play from ``seed`` on) where the
    player to move can commit infraction ``name`` (a ``penalties`` field), with
    some points to lose."""
    for s in range(seed, seed + 200):
        rng = random.Random(s)
        deal = Deal.new(profile, rng, dealer=s % profile.players)
        while not deal.is_over:
            found = [a for n, a in attempts(deal) if n == name]
            if found and deal.scores[deal.to_move] > 0:
                return deal, found[0]
            deal.apply(rng.choice(deal.legal_actions()))
    raise ValueError(f"no position for the infraction {name!r} in {profile.name!r}")


def _fine(check: Check, lang: str, profile: Profile) -> CheckResult:
    table = profile.with_options(infractions="penalise")
    deal, action = _infraction_example(table, check.params["infraction"],
                                       int(check.params.get("seed", 0)))
    player = deal.to_move
    events = deal.apply(action)
    penalty = next(e for e in events if e.type == "penalty")
    wiped = deal.prior_totals[player] + deal.scores[player] == 0 and (
        check.params["infraction"] == "false_declaration_all")
    answer = "all" if wiped else str(-penalty.points)
    fines = profile.penalties
    values = {str(v) for v in (fines.declare_before_win, fines.not_following,
                               fines.play_before_draw, fines.extra_card) if v}
    values |= {"all", "0"}
    options = tuple(sorted(values, key=lambda v: (v == "all", int(v) if v != "all" else 0)))
    labels = tuple(_t("all_points", lang) if v == "all" else v for v in options)
    lx = 1 if lang == "ru" else 0
    infraction = check.params["infraction"]
    named = _INFRACTIONS[infraction][lx]
    why = mistakes.Reasons()
    for value in options:
        if value == answer:
            continue
        if value == "all":
            _say(why, value, "fine_all", lang, infraction=named, answer=answer)
        elif answer == "all":
            _say(why, value, "fine_not_all", lang, value=value, infraction=named)
        elif value == "0":
            _say(why, value, "fine_zero", lang, infraction=named, answer=answer)
        else:
            fined = [k for k, (en, _) in _INFRACTIONS.items()
                     if getattr(fines, k) is not True and getattr(fines, k) == int(value)]
            _say(why, value, "fine_other", lang, value=value, infraction=named,
                 other=", ".join(_INFRACTIONS[k][lx] for k in fined if k != infraction) or "?")
    # The engine's account names the cards of its own sample position (8♠ where the
    # prompt says a diamond) and a running score the check never shows: the rule only.
    explanation: tuple[str, ...] = (
        _t("fine_rule_all", lang, infraction=named) if answer == "all"
        else _t("fine_rule", lang, infraction=named, points=answer),)
    return CheckResult(check.id, check.kind, check.prompt, options, labels, (answer,), False,
                       explanation, (penalty.rule_id,), {}, why, mistakes=why.names)


# Kinds whose evaluator lives in a module of its own.
_KIND_EVALUATORS = {"best_playoff_card": playoff_check.best_playoff_card,
                    "after_win": after_win_check.after_win,
                    "best_declaration": declaration_check.best_declaration,
                    "fined_move": fine_check.fined_move}
KINDS = (*KINDS, *_KIND_EVALUATORS)


def _evaluate(check: Check, lang: str) -> CheckResult:
    profile = load_profile(check.variant)
    if check.kind in _KIND_EVALUATORS:
        return _KIND_EVALUATORS[check.kind](check, lang, profile)
    if check.kind == "trick_winner":
        return _trick_winner(check, lang)
    if check.kind == "winning_cards":
        return _winning_cards(check, lang)
    if check.kind == "playoff_legal":
        return _playoff_legal(check, lang, profile)
    if check.kind == "meld_score":
        return _meld_score(check, lang)
    if check.kind == "legal_declarations":
        return _legal_declarations(check, lang)
    if check.kind == "brisque_points":
        return _brisque_points(check, lang, profile)
    if check.kind == "deal_score":
        return _deal_score(check, lang, profile)
    if check.kind == "game_winner":
        return _game_winner(check, lang, profile)
    if check.kind == "rubicon_settle":
        return _rubicon_settle(check, lang, profile)
    if check.kind == "capture_score":
        return _capture_score(check, lang, profile)
    if check.kind == "trick_points":
        return _trick_points(check, lang, profile)
    if check.kind == "fine":
        return _fine(check, lang, profile)
    from lessons.check_kinds_play import EVALUATORS
    if check.kind in EVALUATORS:
        return CheckResult(check.id, check.kind, check.prompt,
                           **EVALUATORS[check.kind](check, lang, profile))
    raise ValueError(f"unknown check kind {check.kind!r}; known: {', '.join(KINDS)}")


def evaluate_check(check: Check, lang: str = "en") -> CheckResult:
    """Options, the correct answer and an explanation, all computed by the engine; each
    wrong option's reason (``why``) reads as a sentence."""
    result = _evaluate(check, lang)
    why = {o: as_sentence(text) for o, text in result.why.items()}
    missed = {o: as_sentence(text) for o, text in result.missed.items()}
    # Every line the learner reads starts with a capital, past an opening quote too.
    explanation = tuple(capital_first(line) for line in result.explanation)
    labels = tuple(capital_first(label) for label in result.labels)
    return replace(result, why=why, missed=missed, explanation=explanation, labels=labels)


def reasons_for(result: CheckResult, response: str | Iterable[str]) -> list[str]:
    """The reasons for what a response got wrong, in option order: each option chosen
    but not right (``why``) and, for multi-answer checks, each right option left out
    (``missed``)."""
    return option_reasons(result.options, result.answer, response, result.why,
                          result.missed, result.multiple)


def option_reasons(options: Iterable[str], answer: Iterable[str],
                   response: str | Iterable[str], why: Mapping[str, str],
                   missed: Mapping[str, str], multiple: bool) -> list[str]:
    """The reasons for what ``response`` got wrong, in option order: each option chosen
    but not right (``why``) and, with several answers, each right one left out
    (``missed``). Shared by the lessons' checks and the review cards."""
    chosen = {response} if isinstance(response, str) else set(response)
    right = set(answer)
    out = []
    for option in options:
        if option in chosen and option not in right and why.get(option):
            out.append(why[option])
        elif multiple and option in right and option not in chosen and missed.get(option):
            out.append(missed[option])
    return out


def feedback_lines(result: CheckResult, response: str | Iterable[str], right: bool
                   ) -> list[str]:
    """What the page lists under a marked answer: the reasons for what it got wrong,
    then the engine's explanation, without saying the same sentence twice (a refused
    declaration's reason is also a line of the explanation)."""
    mine = [] if right else reasons_for(result, response)
    seen = {_said(line) for line in mine}
    rest = []
    for line in result.explanation:
        if _said(line) not in seen:
            seen.add(_said(line))
            rest.append(line)
    return [*mine, *rest]


def _said(line: str) -> str:
    return line.strip().rstrip(".").casefold()


@dataclass(frozen=True)
class Feedback:
    """A marked answer as a page shows it: the verdict with ``why``, one sentence, then
    ``steps`` (folded), none of which says again what ``why`` said."""

    why: str
    steps: tuple[str, ...]


# Which explanation line of a kind says why its answer is right, in one sentence:
# ``first`` (the rule applied), ``last`` (the score it comes to), ``sum`` (a short
# sum whose lines make one sentence together), ``answer`` (the line that names the
# answer). A kind not listed uses ``first``.
HEADLINE = {"meld_score": "last", "rubicon_settle": "last", "deal_score": "sum",
            "brisque_points": "sum", "dix_points": "sum", "trick_points": "sum",
            "capture_score": "sum", "after_win": "answer", "best_declaration": "last"}


def headline(result: CheckResult) -> str:
    """One sentence of why the right answer is right, from the engine's explanation."""
    lines = [line.strip().rstrip(".") for line in result.explanation if line.strip()]
    if not lines:
        return ""
    how = HEADLINE.get(result.kind, "first")
    if how == "sum":
        return as_sentence("; ".join([lines[0], *(lower_first(x) for x in lines[1:])]))
    if how == "answer":
        labels = [label.casefold() for option, label in zip(result.options, result.labels,
                                                              strict=False)
                  if option in result.answer]
        named = [x for x in lines if any(label in x.casefold() for label in labels)]
        return as_sentence(named[0] if named else lines[-1])
    return as_sentence(lines[-1] if how == "last" else lines[0])


def split_feedback(why: str, lines: Iterable[str]) -> Feedback:
    """``why`` for the verdict line and ``lines`` for the fold, each sentence once: a
    line already said, or said inside ``why`` (a sum told in one sentence), is left
    out. Shared by the lessons' checks, the review cards and the puzzle pages."""
    said = _said(why)
    seen = {said}
    steps = []
    for line in lines:
        key = _said(line)
        if key and key not in seen and key not in said:
            seen.add(key)
            steps.append(line)
    return Feedback(why, tuple(steps))


def check_feedback(result: CheckResult, response: str | Iterable[str], right: bool
                   ) -> Feedback:
    """A marked check's feedback: for a right answer, why it is right
    (:func:`headline`); for a wrong one, the first thing it got wrong; the rest of
    :func:`feedback_lines` (reasons, then the engine's explanation) in the fold."""
    lines = feedback_lines(result, response, right)
    mine = [] if right else reasons_for(result, response)
    return split_feedback(mine[0] if mine else headline(result), lines)


def mark_check(check: Check, response: str | Iterable[str], lang: str = "en"
               ) -> tuple[bool, CheckResult]:
    """Mark a learner's response (one option value, or several for multi-answer checks)."""
    result = evaluate_check(check, lang)
    chosen = {response} if isinstance(response, str) else set(response)
    return chosen == set(result.answer), result


__all__ = ["HEADLINE", "KINDS", "PROPER_NAMES", "CheckResult", "Feedback", "check_feedback",
           "evaluate_check",
           "feedback_lines", "feminine", "headline", "mark_check", "meld_label",
           "option_reasons", "playoff_reasons", "reasons_for", "split_feedback"]
