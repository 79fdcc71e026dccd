"""A joker is read by its name, "joker" / «инфузорка», wherever a person reads it: the
lessons' checks and examples, the engine's explanations and the app's card names.
"Jk" / «Инф» are machine notation (and input tokens), never the display form."""

from __future__ import annotations

import re

import pytest

import lessons
from engine.notation.cards import card_text, joker_id, parse_card
from engine.rules.meld_query import query
from lessons.checks import evaluate_check

SHORT = re.compile(r"(?<![\w#])(Jk|JK|Инф|ИНФ)(?![\w])")


def _texts(lesson_id: str, lang: str) -> list[str]:
    lesson = lessons.get_lesson(lesson_id, lang)
    out: list[str] = []
    for check in lesson.checks:
        r = evaluate_check(check, lang)
        out += [*r.labels, *r.explanation, *r.why.values()]
    for example in lesson.examples:
        result = query(example.request(), lang)
        for d in (*result["declarations"], *result["refused"]):
            out += [str(d.get("why", "")), *d.get("explanation", [])]
    return out


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_joker_lesson_names_the_joker(lang: str) -> None:
    texts = _texts("variant-joker", lang)
    assert not [t for t in texts if SHORT.search(t)]
    word = "инфузорка" if lang == "ru" else "joker"
    assert any(word in t for t in texts)
    # the name is said once: not "the joker joker", «инфузорка инфузорка»
    assert not [t for t in texts if re.search(rf"{word}\s+{word}", t, re.I)]


def test_card_text_of_a_joker_is_its_name() -> None:
    assert card_text(joker_id(1)) == "joker" and card_text(joker_id(2), "ru") == "инфузорка"
    assert card_text(joker_id(2), copy=True) == "joker#2"
    assert parse_card(card_text(joker_id(2), "ru", copy=True)).id == joker_id(2)


def test_app_card_name_of_a_joker_is_not_the_seven_of_spades() -> None:
    from app_pages.table import card_name

    assert card_name(joker_id(1)) == "joker#1"
    assert card_name(joker_id(1), "ru") == "инфузорка#1"


def test_trick_lost_by_a_joker_names_it_once() -> None:
    from engine.text.explain import step

    text = step("play.joker", "trick_joker", winner="Q♠#1", loser="JK#1").render("en")
    assert text.startswith("the joker is worth nothing") and "Q♠ wins" in text
    ru = step("play.joker", "trick_joker", winner="QS#1", loser="JK#1").render("ru")
    assert ru.startswith("инфузорка сама по себе") and ru.endswith("берёт Д♠")


def test_joker_picture_carries_its_full_name() -> None:
    from engine.text.svg import card_svg

    ru = card_svg(joker_id(1), lang="ru")
    assert ">ИНФУЗОРКА<" in ru and ">ИНФ<" not in ru and 'aria-label="инфузорка#1"' in ru
    assert ">JOKER<" in card_svg(joker_id(1))


def test_engine_text_about_a_joker_reads_in_russian_on_the_app() -> None:
    from app_pages.ui import notation

    assert notation("joker#1 and Q♠#2", "ru") == "инфузорка#1 and Д♠#2"
    assert notation("JK#2 covers nothing", "ru") == "инфузорка#2 covers nothing"
    assert notation("the joker stands for", "en") == "the joker stands for"
