"""The third reviews' coaching findings (/work/shared/reviews/lessons-review-3.md A2-A6,
D21, E22-E28, F29-F30; app-review-3.md #3, #6, #7, #12, #14): the sentences the engine
builds, and coaching that is true to each game. Each test failed on the main of its day."""

from __future__ import annotations

import re

import pytest

import lessons
from lessons.cheatsheet import meld_rows, other_rows

LANGS = ("en", "ru")


def _check(check_id: str, lang: str) -> lessons.CheckResult:
    for lesson in lessons.list_lessons(lang):
        for check in lesson.checks:
            if check.id == check_id:
                return lessons.evaluate_check(check, lang)
    raise LookupError(check_id)


# --- A2-A4: the meld cheat-sheet reads the profile's fields ------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_joker_sets_of_four_are_of_different_suits(lang: str) -> None:
    """A2: 004 l.33 «Четыре дамы разной масти»; the profile says distinct_suits."""
    rows = {name: cards for name, cards, _ in meld_rows("joker", lang)}
    for name in ("four queens", "four kings", "four aces") if lang == "en" else (
            "четыре дамы", "четыре короля", "четыре туза"):
        assert ("of different suits" if lang == "en" else "разной масти") in rows[name]
        assert "repeat" not in rows[name] and "повторяться" not in rows[name]
    # Where suits may repeat (001's four aces), the sheet still says so.
    two = {name: cards for name, cards, _ in meld_rows("two-handed", lang)}
    assert ("suits may repeat" if lang == "en" else "масти могут повторяться") in two[
        "four aces" if lang == "en" else "четыре туза"]


@pytest.mark.parametrize("lang", LANGS)
def test_joker_bezique_jacks_are_of_the_bezique_suit(lang: str) -> None:
    """A3: the bezique jacks are the jacks of the bezique pair's suit (004 l.43, l.53)."""
    rows = {name: cards for name, cards, _ in meld_rows("joker", lang)}
    cell = rows["four bezique jacks" if lang == "en" else "четыре безиковых валета"]
    assert "repeat" not in cell and "повторяться" not in cell
    if lang == "en":
        assert "of the bezique suit" in cell and "J♦ with hearts trumps" in cell
    else:
        assert "безиковой масти" in cell and "В♦ при козырях червях" in cell


@pytest.mark.parametrize("lang", LANGS)
def test_fildinski_ten_is_for_the_trick_that_empties_the_stock(lang: str) -> None:
    """A4: 000 l.9 gives the 10 to the last trick before the stock runs out."""
    for variant in ("fildinski", "fildinski-three-pack", "fildinski-four-handed"):
        rows = dict(other_rows(variant, lang))
        assert ("the trick that empties the stock" if lang == "en"
                else "взятка, после которой кончается колода") in rows
        assert ("last trick" if lang == "en" else "последняя взятка") not in rows
    assert ("last trick" if lang == "en" else "последняя взятка") in dict(
        other_rows("two-handed", lang))


def test_russian_trump_suits_in_the_prepositional() -> None:
    """E28: «при козырях пики» → «при козырях пиках»."""
    cell = next(c for n, c, _ in meld_rows("joker", "ru") if n == "безик")
    assert "при козырях пиках" in cell and "при козырях червях" in cell
    assert "при козырях пики" not in cell.replace("пиках", "")


# --- A6: the one-deal game has no target to reach ------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_joker_who_wins_says_the_game_is_one_deal(lang: str) -> None:
    result = _check("joker-who-wins", lang)
    why = result.why["continue"]
    assert " 0" not in why
    assert why == ("The game is one deal: it ends now." if lang == "en"
                   else "Партия состоит из одной сдачи: она окончена.")


# --- E22, E26: refusals with «комбинацию», capitals at the start of every line ----------

def _all_lines(lang: str):
    for lesson in lessons.list_lessons(lang):
        for check in lesson.checks:
            result = lessons.evaluate_check(check, lang)
            yield check.id, result.labels
            yield check.id, result.explanation
            yield check.id, tuple(result.why.values())
            yield check.id, tuple(result.missed.values())


@pytest.fixture(scope="module")
def check_lines() -> dict[str, list[tuple[str, tuple[str, ...]]]]:
    return {lang: list(_all_lines(lang)) for lang in LANGS}


def test_russian_refusals_name_the_combination(check_lines) -> None:
    """E22: «Нельзя объявить «козырная секвенция»» (a nominative after the verb)."""
    for check_id, lines in check_lines["ru"]:
        for line in lines:
            assert not re.search(r"объявить «", line), (check_id, line)


@pytest.mark.parametrize("lang", LANGS)
def test_every_generated_sentence_starts_with_a_capital(check_lines, lang: str) -> None:
    """E26: «…: «безик» — 40 очков. «четыре туза» — 100 очков.», "bezique: 40."."""
    for check_id, lines in check_lines[lang]:
        for line in lines:
            for m in re.finditer(r"(?:^|[.!?] )[«\"(]*(\w)", line):
                assert not m.group(1).islower(), (check_id, line)
