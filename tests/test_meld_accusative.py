"""After a transitive verb («объявить», «выложить», «выбрали») a Russian meld name is in
the accusative, built in one place (``engine.text.explain.meld_accusative``)."""

from __future__ import annotations

import pytest

from app_pages.hint_text import action_words as app_action_words
from engine.bots.reasons import MESSAGES as REASONS
from engine.notation.actions import Action
from engine.rules.profile import load_profile, variant_names
from engine.text.action_words import action_words
from engine.text.explain import meld_accusative, meld_name
from lessons.checks import accusative_ru
from puzzles.i18n import tr


@pytest.mark.parametrize(("kind", "accusative"), [
    ("bezique", "безик"),                        # masculine: the form does not change
    ("marriage", "марьяж"),
    ("trump_quint", "козырный квинт"),
    ("sequence", "секвенцию"),                   # feminine
    ("trump_sequence", "козырную секвенцию"),
    ("four_queens", "четырёх дам"),              # cards are animate: 004 «объявить … дам»
    ("four_aces", "четырёх тузов"),
    ("four_kings", "четырёх королей"),
    ("four_jacks", "четырёх валетов"),
    ("four_trump_queens", "четырёх козырных дам"),
    ("four_bezique_jacks", "четырёх безиковых валетов"),
    ("four_queens_2", "четырёх дам (2-й раз)"),  # a ladder's step keeps its bracket
    ("four_tens", "четыре десятки"),             # tens and sevens are not animate
    ("two_trump_sevens", "две козырные семёрки"),
    ("five_trump_aces", "пять козырных тузов"),  # from five up the numeral keeps its form
])
def test_russian_accusative_of_meld_names(kind: str, accusative: str) -> None:
    assert meld_accusative(kind, "ru") == accusative
    assert meld_accusative(kind, "en") == meld_name(kind, "en")


@pytest.mark.parametrize(("text", "ru"), [
    ("declare four_queens QS#1 QH#1 QD#1 QC#1", "объявить четырёх дам"),
    ("declare trump_sequence AS TS KS QS JS", "объявить козырную секвенцию"),
    ("declare sequence AH TH KH QH JH", "объявить секвенцию"),
    ("declare bezique QS JD", "объявить безик"),
    ("announce four_aces AS AH AD AC", "выложить четырёх тузов, чтобы записать позже"),
])
def test_action_words_put_the_meld_in_the_accusative(text: str, ru: str) -> None:
    action = Action.parse(text)
    assert action_words(action, "ru").startswith(ru + " (")
    assert app_action_words(action, load_profile("two-handed"), "ru").startswith(ru + ":")


def test_no_declaration_of_any_variant_reads_in_the_nominative() -> None:
    for variant in variant_names():
        for spec in load_profile(variant).melds:
            for verb in ("declare", "announce"):
                words = action_words(Action.parse(f"{verb} {spec.kind} AS"), "ru")
                name = meld_name(spec.kind, "ru")
                changes = meld_accusative(spec.kind, "ru") != name
                assert not changes or f" {name} " not in f" {words} ", (variant, words)


def test_pending_and_fixed_wordings() -> None:
    pending = Action.parse("score sequence AH TH KH QH JH")
    assert action_words(pending, "ru").startswith("записать ожидавшую комбинацию «секвенция»")
    assert REASONS["four_aces_now"][1].startswith("четырёх тузов")
    assert accusative_ru("козырная секвенция") == "козырную секвенцию"
    assert accusative_ru("четыре дамы") == "четырёх дам"
    assert tr("ru", "v.spot", melds="секвенция, безик") == "объявить можно только это: " \
        "секвенция, безик"


def test_cli_review_costs_say_points_in_full_russian() -> None:
    # «100 очк.» was an abbreviation no reader uses: «100 очков», «примерно 22 очка»
    # («около» would need the genitive, which points_ru does not give).
    from engine.cli.review import TEXT

    assert all("очк." not in ru for _, ru in TEXT.values())
    assert TEXT["estimate"][1].format(points=22, points_ru="22 очка", low=10, high=30) == \
        "примерно 22 очка, от 10 до 30"


def test_app_review_costs_say_points_in_full_russian(monkeypatch: pytest.MonkeyPatch) -> None:
    import random

    from app_pages import review_parts, ui
    from app_pages.i18n import catalogue, translate
    from engine.bots.review import Decision
    from engine.rules.deal import Deal

    assert not [k for k, v in catalogue("ru").items() if "очк." in str(v)]
    monkeypatch.setattr(ui, "t", lambda key, **params: translate("ru", key, **params))
    deal = Deal.new(load_profile("two-handed"), random.Random(1), dealer=0)

    def cost(low: float, high: float) -> str:
        decision = Decision(1, 0, 1, deal.to_move, Action.parse("draw"), Action.parse("draw"),
                            (low + high) / 2, low, high, False, True, position=deal.to_json())
        return review_parts.cost_text(decision)

    assert cost(22, 22) == "22 очка"
    assert cost(10, 34) == "примерно 22 очка (от 10 до 34)"
