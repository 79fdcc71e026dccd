"""Explanation templates of the score pad (:mod:`engine.rules.scorepad`), merged into
:data:`engine.text.explain.MESSAGES`. The pad's other lines reuse the deal's own
templates (``meld_found``, ``brisques``, ``last_trick``, the ``settle_*`` lines)."""

from __future__ import annotations

MESSAGES: dict[str, tuple[str, str]] = {
    "pad_meld_unchecked": ("{meld}: {points} points as recorded (no cards named, so the "
                           "reuse rule is not checked)",
                           "«{meld}» — {points}, как записано (карты не названы, поэтому "
                           "повторное использование не проверяется)"),
    "pad_played": ("{cards} played to a trick since: their melds may form again where the "
                   "variant allows it",
                   "{cards} с тех пор сыграны во взятку: их комбинации можно составить "
                   "снова, где вариант это позволяет"),
    "pad_no_trump_yet": ("no trump suit is fixed yet: the first marriage or sequence "
                         "declared fixes trumps and scores as a trump one",
                         "козыри ещё не определены: их определяет первое объявление "
                         "марьяжа или секвенции, и эта комбинация считается козырной"),
    "pad_no_trump_yet_marriage": ("no trump suit is fixed yet: only the first marriage "
                                  "declared fixes trumps (a sequence cannot), and it scores "
                                  "as a trump one",
                                  "козыри ещё не определены: их определяет только первый "
                                  "объявленный марьяж (секвенция не может), и он считается "
                                  "козырным"),
    "pad_fixing_suit": ("{meld}: the declaration that fixes trumps for the deal; name its "
                        "cards, or give the deal's trumps, so that the declarations after it "
                        "can be checked",
                        "комбинация «{meld}» определяет козыри сдачи: назовите её карты или "
                        "укажите козыри сдачи, чтобы следующие объявления можно было "
                        "проверить"),
    "pad_fixing_other_suit": ("{cards} are not of the suit recorded as this deal's trumps "
                              "({suit})",
                              "{cards} — не той масти, что записана козырной для этой "
                              "сдачи ({suit})"),
    "pad_fixing_only": ("{meld}: only the declaration that fixes trumps scores this, and "
                        "trumps are already fixed; later marriages score as in the ordinary "
                        "game",
                        "козыри уже определены: комбинация «{meld}» засчитывается только "
                        "как объявление, определяющее козыри; следующие марьяжи считаются "
                        "как в обычной игре"),
    "pad_trump_inferred": ("so {suit} are this deal's trumps",
                           "значит, козыри этой сдачи — {suit}"),
    "pad_trump_needed": ("the {meld} depends on the trump suit: give the deal's trumps to "
                         "check it",
                         "комбинация «{meld}» зависит от козыря: укажите козыри сдачи, "
                         "чтобы её проверить"),
    "pad_dix": ("the seven of trumps: {points}", "козырная семёрка: {points}"),
    "pad_dix_card": ("{card} is a seven of trumps: {points}",
                     "{card} — козырная семёрка: {points}"),
    "pad_dix_not_trump": ("{card} is not a seven of trumps", "{card} — не козырная семёрка"),
    "pad_dix_none": ("in this variant the seven of trumps scores nothing",
                     "в этом варианте козырная семёрка ничего не стоит"),
    "pad_dix_all": ("all {count} sevens of trumps have been counted in this deal: each "
                    "counts once",
                    "все козырные семёрки этой сдачи ({count}) уже засчитаны: каждая "
                    "засчитывается один раз"),
    "pad_blanche_none": ("this variant scores no carte blanche",
                         "в этом варианте карт-бланш не засчитывается"),
    "pad_blanche_once": ("carte blanche scores once a deal in this variant, and it has "
                         "already scored",
                         "в этом варианте карт-бланш засчитывается раз за сдачу, и он уже "
                         "записан"),
    "pad_blanche_again": ("carte blanche again, for a card drawn that is no court card: "
                          "{points}",
                          "снова карт-бланш — за пришедшую из колоды карту без фигуры: "
                          "{points}"),
    "pad_double_blanche": ("both partners were dealt no court cards: double carte blanche "
                           "scores {points}",
                           "обоим партнёрам сданы руки без фигур: двойной карт-бланш — "
                           "{points}"),
    "pad_double_blanche_none": ("this variant scores no double carte blanche",
                                "в этом варианте двойной карт-бланш не засчитывается"),
    "pad_counted": ("points counted from the tricks won: {points}",
                    "очки, подсчитанные по взятым картам: {points}"),
    "pad_fine_none": ("this variant's table rules set no fine for that",
                      "правила этого варианта не назначают за это штрафа"),
    "pad_fine_extra_card": ("an extra card drawn: the fine is {points}",
                            "взята лишняя карта: штраф {points}"),
    "pad_fine_nine_cards": ("playing to the end of the deal with nine cards: the fine is "
                            "{points}",
                            "игра девятью картами до конца сдачи: штраф {points}"),
    "pad_fine_declare_before_win": ("a declaration before winning a trick: the fine is "
                                    "{points}",
                                    "объявление до взятия взятки: штраф {points}"),
    "pad_fine_not_following": ("not following suit in the last cards: the fine is {points}",
                               "на последних картах не в масть: штраф {points}"),
    "pad_fine_play_before_draw": ("leading before drawing: the fine is {points}",
                                  "ход до того, как взята карта из колоды: штраф {points}"),
    "pad_fine_false_declaration": ("a false declaration: all the points scored so far are "
                                   "lost, {points}",
                                   "ложное объявление: пропадают все набранные очки, "
                                   "{points}"),
    "pad_scores_given": ("the deal's points as recorded at the table: {scores}",
                         "очки сдачи, как их записали за столом: {scores}"),
    "pad_scores_differ": ("check the paper: it says {given}, but the entries recorded come "
                          "to {counted}",
                          "проверьте запись на бумаге: там {given}, а внесённые записи дают "
                          "{counted}"),
    "settle_no_brisques": ("a tie after rounding: the brisques would be added, but none "
                           "were recorded",
                           "ничья после округления: добавились бы бриски, но они не "
                           "записаны"),
    "pad_needs_first_to_target": (
        "both sides passed {target}: the first to reach it wins, whatever the totals, and "
        "the pad does not say who that was: record who reached {target} first (in the "
        "file: \"{field}\") to end the game",
        "обе стороны перешли {target}: выигрывает тот, кто достиг цели первым, каким бы ни "
        "был итог, а в записи не сказано, кто это: укажите, кто первым набрал {target} "
        "(в файле: \"{field}\"), чтобы закончить партию"),
    "pad_needs_last_trick": (
        "both sides passed {target}: the winner of the last trick wins, and the pad does "
        "not say who took it: record the last trick (in the file: \"{field}\") to end "
        "the game",
        "обе стороны перешли {target}: выигрывает взявший последнюю взятку, а в записи не "
        "сказано, кто её взял: укажите последнюю взятку (в файле: \"{field}\"), чтобы "
        "закончить партию"),
    "pad_scores_below": ("check the paper: it says {given}, but the brisques and the last "
                         "trick recorded beside it already come to {counted}",
                         "проверьте запись на бумаге: там {given}, а одни только записанные "
                         "рядом бриски и последняя взятка дают {counted}"),
    "pad_unfinished": ("the deal is not finished yet (running score {scores})",
                       "сдача ещё не окончена (текущий счёт {scores})"),
}
