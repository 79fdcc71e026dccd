"""The check kind ``after_win`` (lessons/after_win_check.py; review §5b.5, first bullet:
"you just won; you hold X; the turn-up is ...: what do you do?"). Every answer is
recomputed here on a Deal built by hand (own opponent hand, own trick), by applying
each option's actions and adding up the learner's events; never through the module's
helpers."""

from __future__ import annotations

import re

import pytest

import lessons
from engine.errors import IllegalActionError
from engine.notation.actions import Action, ActionType
from engine.notation.cards import parse_card
from engine.rules.deal import Deal
from engine.rules.profile import load_profile
from lessons._loader import Check
from lessons.checks import KINDS, evaluate_check, mark_check

# Hearts trumps. DIX: the K♥ turned up completes a trump marriage with the Q♥ once the
# 7♥ is exchanged. TWO: both marriages and the 7♥, the A♥ turned up.
DIX = ["7H#1", "QH#1", "KS#1", "QS#1", "8C#1", "9D#1", "JC#1"]
TWO = ["7H#1", "KH#1", "QH#1", "KS#1", "QS#1", "8C#1", "9D#1"]
MARRIAGES = ["KH#1", "QH#1", "KS#1", "QS#1", "8C#1", "9D#1", "JC#1"]
OTHER = ["7C#2", "8S#2", "9S#2", "8D#2", "JD#2", "9C#2", "7S#2", "8H#2"]


def ids(tokens: list[str]) -> list[int]:
    return [parse_card(t).id for t in tokens]


def ask(variant: str, lang: str = "en", **params: object):
    return evaluate_check(Check("t", "after_win", params, "?", variant), lang)


def won(variant: str, hand: list[str], turn_up: str, lead: str = "AH#2") -> Deal:
    """Independent: the learner (elder hand) leads a trump ace, the opponent throws a
    club, and the learner is to declare."""
    deal = Deal.arranged(load_profile(variant), [ids(OTHER), ids([lead, *hand])],
                         parse_card(turn_up).id, dealer=0)
    deal.apply(Action.play(parse_card(lead).id))
    deal.apply(Action.play(parse_card("7C#2").id))
    assert deal.phase == "declare" and deal.to_move == 1
    return deal


def by_hand(variant: str, hand: list[str], turn_up: str, actions: list[Action]) -> int | None:
    """The learner's points for taking ``actions`` in this order, or None if the
    engine refuses one of them."""
    deal = won(variant, hand, turn_up)
    points = 0
    for action in actions:
        try:
            events = deal.apply(action)
        except IllegalActionError:
            return None
        points += sum(e.points for e in events if e.player == 1)
    return points


def actions(option: str) -> list[Action]:
    """An option value is its actions joined by " + "; try them exchange first."""
    parsed = [Action.parse(part) for part in option.split(" + ")]
    return sorted(parsed, key=lambda a: a.type is not ActionType.EXCHANGE_SEVEN)


def test_the_kind_is_known() -> None:
    assert "after_win" in KINDS


@pytest.mark.parametrize(("variant", "hand", "turn_up"), [
    ("two-handed", DIX, "KH#1"), ("club", DIX, "KH#1"),
    ("two-handed", TWO, "AH#1"), ("club", TWO, "AH#1"),
    ("two-handed", MARRIAGES, "9H#1")])
def test_the_answer_is_what_scores_most_when_played_on_a_deal(variant: str, hand: list[str],
                                                             turn_up: str) -> None:
    result = ask(variant, hand=hand, turn_up=turn_up)
    scores = {o: by_hand(variant, hand, turn_up, actions(o)) for o in result.options}
    allowed = {o: s for o, s in scores.items() if s is not None}
    best = max(allowed.values())
    assert [o for o, s in allowed.items() if s == best] == list(result.answer)
    for option, score in scores.items():
        if option in result.answer:
            continue
        reason = result.why[option]
        if score is None:   # the engine refuses the combination: its reason is quoted
            assert "not allowed" in reason, reason
        else:               # what it scores, and how much less than the answer
            assert f": {score} now, {best - score} less" in reason, reason
            assert "gives up" in reason
    assert mark_check(Check("t", "after_win", {"hand": hand, "turn_up": turn_up}, "?",
                            variant), result.answer[0])[0]


def test_001_exchanges_and_declares_002_must_choose() -> None:
    """001: the exchange does not use up the trick's declaration, so the K♥ it brings
    is declared at once with the Q♥ (10 + 40). 002: the exchange is the declaration,
    so the best now is the plain marriage (20), and exchange + marriage is refused."""
    exchange = Action.parse("exchange 7H#1")
    marriage = Action.declare("marriage", tuple(ids(["KS#1", "QS#1"])))
    trump_marriage = Action.declare("trump_marriage", tuple(ids(["KH#1", "QH#1"])))
    assert by_hand("two-handed", DIX, "KH#1", [exchange, trump_marriage]) == 50
    assert by_hand("club", DIX, "KH#1", [exchange, trump_marriage]) is None
    assert by_hand("club", DIX, "KH#1", [marriage]) == 20
    first = ask("two-handed", hand=DIX, turn_up="KH#1")
    club = ask("club", hand=DIX, turn_up="KH#1")
    assert first.answer != club.answer
    assert "exchange" in first.answer[0] and "trump_marriage" in first.answer[0]
    assert club.answer == ("declare marriage QS#1 KS#1",)
    refused = "declare marriage QS#1 KS#1 + exchange 7H#1"
    assert refused in club.options and refused not in club.answer
    assert "this trick's declaration" in club.why[refused]
    # Even a right answer is told why the exchange could not come with it (002).
    assert any(line.startswith("Why not exchange the 7♥ for the K♥ and declare")
               for line in club.explanation)
    assert refused in first.options and "gives up" in first.why[refused]


def test_two_declarations_after_one_trick_are_refused_with_the_engines_reason() -> None:
    result = ask("two-handed", hand=MARRIAGES, turn_up="9H#1")
    assert result.answer == ("declare trump_marriage QH#1 KH#1",)
    both = next(o for o in result.options if o.count("declare") == 2)
    assert "only one declaration is scored for each trick won" in result.why[both]
    ru = ask("two-handed", "ru", hand=MARRIAGES, turn_up="9H#1")
    assert "за одну взятку записывают только одно объявление" in ru.why[both]


def test_the_options_do_not_give_the_answer_away_by_their_order() -> None:
    first = ask("two-handed", hand=DIX, turn_up="KH#1")
    club = ask("club", hand=DIX, turn_up="KH#1")
    assert first.options.index(first.answer[0]) != club.options.index(club.answer[0])


def test_a_show_is_offered_when_the_seven_cannot_be_exchanged() -> None:
    """The turn-up is the other 7♥: nothing to exchange, so showing the 7♥ is the
    choice (001 §04) and, with the marriage, scores 30."""
    hand = ["7H#1", "KS#1", "QS#1", "8C#1", "9D#1", "JC#1", "8D#1"]
    result = ask("two-handed", hand=hand, turn_up="7H#2")
    show = Action(ActionType.SHOW_SEVEN, (parse_card("7H#1").id,))
    marriage = Action.declare("marriage", tuple(ids(["KS#1", "QS#1"])))
    assert by_hand("two-handed", hand, "7H#2", [show, marriage]) == 30
    assert set(actions(result.answer[0])) == {show, marriage}
    assert any("Only show the 7♥" == label for label in result.labels)
    # Where the seven can be exchanged, the show (same points, no turn-up) is left out.
    assert not any("show" in o for o in ask("two-handed", hand=DIX, turn_up="KH#1").options)


def test_a_tie_at_the_top_is_refused() -> None:
    with pytest.raises(ValueError):
        ask("two-handed", hand=["KS#1", "QS#1", "KD#1", "QD#1", "8C#1", "9C#1", "JC#1"],
            turn_up="9H#1")


def test_labels_and_reasons_read_in_each_language() -> None:
    """Cards as people read them: 10 (never T), Т К Д В in Russian, no copy marks."""
    en = ask("two-handed", hand=DIX, turn_up="TH#1")
    ru = ask("two-handed", "ru", hand=DIX, turn_up="TH#1")
    assert "Only exchange the 7♥ for the 10♥" in en.labels
    assert "Только обменять 7♥ на 10♥" in ru.labels
    assert "Только объявить комбинацию «марьяж» (К♠ Д♠)" in ru.labels
    for text in (*en.labels, *en.why.values(), *en.explanation):
        assert not re.search(r"\bT[♠♥♦♣]|#\d", text), text
    for text in (*ru.labels, *ru.why.values(), *ru.explanation):
        assert not re.search(r"[A-Za-z]{3,}|[AKQJT][♠♥♦♣]|#\d", text), text
    assert ru.cards == en.cards == {"hand": tuple(DIX), "turn_up": ("TH#1",), "trump": "H"}


@pytest.mark.parametrize("lang", lessons.LANGUAGES)
def test_the_lessons_carry_it_where_the_rule_is_taught(lang: str) -> None:
    where = {"dix": 3, "declarations": 1, "variant-club": 1}   # dix: + dix-exchange-and-marriage
    for lesson_id, count in where.items():
        found = [c for c in lessons.get_lesson(lesson_id, lang).checks
                 if c.kind == "after_win"]
        assert len(found) == count, lesson_id
    dix = {c.id: evaluate_check(c, lang) for c in lessons.get_lesson("dix", lang).checks}
    assert dix["dix-after-win-001"].answer != dix["dix-after-win-club"].answer
