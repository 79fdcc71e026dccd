"""The check kinds answered on an arranged deal (lessons/check_kinds_play.py):
carte blanche, which meld waits (Cady) and the dix. Every answer is recomputed here
independently, by applying actions to a Deal built by hand (own opponent hands, own
moves), never through the module's helpers."""

from __future__ import annotations

import re

import pytest

import lessons
from engine.errors import IllegalActionError
from engine.notation.actions import Action, ActionType
from engine.notation.cards import parse_card
from engine.rules.deal import Deal
from engine.rules.profile import apply_option, load_profile
from lessons._loader import Check
from lessons.checks import KINDS, evaluate_check, mark_check

NEW = ("carte_blanche", "pending_order", "dix_points", "after_win")
BLANCHE = ["7S#1", "8S#3", "9H#2", "TH#1", "AC#4", "7D#1", "8D#2", "9C#1", "TC#2"]
WITH_KING = ["7S#1", "8S#3", "9H#2", "TH#1", "AC#4", "7D#1", "8D#2", "9C#1", "KH#3"]
EIGHT = ["7H#1", "8H#1", "9S#1", "TS#1", "AD#1", "7C#1", "8C#1", "9D#1"]
EIGHT_TOO = ["7H#2", "8H#2", "9S#2", "TS#2", "AD#2", "7C#2", "8C#2", "9D#2"]
# An opponent with court cards, chosen here by hand (not the module's filler).
COURTS_9 = ["KS#1", "QS#2", "JH#1", "8H#3", "9S#4", "7C#2", "8C#3", "9D#3", "7H#4"]
COURTS_8 = ["KS#1", "QS#2", "JH#1", "8H#2", "9S#2", "7C#2", "8C#2", "9D#2"]


def ids(tokens: list[str]) -> list[int]:
    return [parse_card(t).id for t in tokens]


def ask(kind: str, variant: str, lang: str = "en", **params: object):
    return evaluate_check(Check("t", kind, params, "?", variant), lang)


def test_the_kinds_are_known() -> None:
    assert set(NEW) <= set(KINDS)


# --- carte blanche ------------------------------------------------------------------

def blanche_points(variant: str, hand: list[str], other: list[str], dealer: bool = False,
                   options: tuple[tuple[str, str], ...] = ()) -> int | None:
    """Independent: deal by hand, let the learner reach his first card, claim."""
    profile = load_profile(variant)
    for option, choice in options:
        profile = apply_option(profile, option, choice)
    turn_up = parse_card("9H#1").id if profile.turn_up else None
    hands = [ids(hand), ids(other)] if dealer else [ids(other), ids(hand)]
    deal = Deal.arranged(profile, hands, turn_up, dealer=0)
    me = 0 if dealer else 1
    if deal.to_move != me:                      # the elder leads his 8♥ first
        deal.apply(Action.play(next(c for c in ids(other) if c == parse_card(
            "8H#3" if "8H#3" in other else "8H#2").id)))
    claim = Action(ActionType.CARTE_BLANCHE)
    if claim not in deal.legal_actions():
        with pytest.raises(IllegalActionError):
            deal.apply(claim)
        return None
    return sum(e.points for e in deal.apply(claim) if e.player == me)


def test_carte_blanche_with_sevens_and_no_court_card_rubicon() -> None:
    result = ask("carte_blanche", "rubicon", hand=BLANCHE)
    assert result.answer == (f"yes:{blanche_points('rubicon', BLANCHE, COURTS_9)}",)
    assert result.answer == ("yes:50",)
    assert result.cards["hand"] == tuple(BLANCHE)
    # The ace is offered as a would-be court card, and the reason says why it is not.
    assert "no:court" in result.options
    assert "A♣" in result.labels[result.options.index("no:court")]
    assert "only kings, queens and jacks" in result.why["no:court"]
    assert mark_check(Check("t", "carte_blanche", {"hand": BLANCHE}, "?", "rubicon"),
                      "yes:50")[0]


def test_a_hand_with_a_king_is_not_carte_blanche() -> None:
    assert blanche_points("rubicon", WITH_KING, COURTS_9) is None
    result = ask("carte_blanche", "rubicon", hand=WITH_KING)
    assert result.answer == ("no:court",)
    assert "K♥" in result.labels[result.options.index("no:court")]
    assert all(result.why[o] for o in result.options if o != "no:court")


def test_club_elder_scores_250_and_the_dealer_yields_to_him() -> None:
    assert blanche_points("club", EIGHT, COURTS_8) == 250
    assert ask("carte_blanche", "club", hand=EIGHT).answer == ("yes:250",)
    # The dealer's court-less hand also scores when the elder's is not court-less ...
    assert blanche_points("club", EIGHT, COURTS_8, dealer=True) == 250
    assert ask("carte_blanche", "club", hand=EIGHT, dealer=True).answer == ("yes:250",)
    # ... but when both are, 002 gives it to the dealer's opponent.
    assert blanche_points("club", EIGHT, EIGHT_TOO, dealer=True) is None
    assert blanche_points("club", EIGHT_TOO, EIGHT, dealer=False) == 250
    result = ask("carte_blanche", "club", hand=EIGHT, dealer=True, other=EIGHT_TOO)
    assert result.answer == ("no:first",)


def test_001_has_no_carte_blanche_unless_the_option_is_chosen() -> None:
    assert blanche_points("two-handed", EIGHT, COURTS_8) is None
    assert ask("carte_blanche", "two-handed", hand=EIGHT).answer == ("no:none",)
    chosen = (("carte_blanche", "club_250_once"),)
    assert blanche_points("two-handed", EIGHT, COURTS_8, options=chosen) == 250
    assert ask("carte_blanche", "two-handed", hand=EIGHT,
               options=[list(c) for c in chosen]).answer == ("yes:250",)


def repeat_points(variant: str, hand: list[str], drawn: str) -> tuple[int, bool]:
    """Independent: claim, lead a plain card the opponent cannot beat, draw ``drawn``."""
    profile = load_profile(variant)
    big = profile.packs > 2
    other = (["JH#1", "8H#3", "9S#4", "7C#2", "8C#3", "9D#3", "7H#4", "8S#4", "7D#2"] if big
             else ["JH#1", "8H#2", "9S#2", "7C#2", "8C#2", "9D#2", "7H#2", "8S#2"])
    turn_up = parse_card("9H#1").id if profile.turn_up else None
    stock = [parse_card(drawn).id, parse_card("8D#4" if profile.packs > 2 else "8D#1").id]
    deal = Deal.arranged(profile, [ids(other), ids(hand)], turn_up, stock, dealer=0)
    deal.apply(Action(ActionType.CARTE_BLANCHE))
    lead = parse_card("AC#4" if "AC#4" in hand else "AD#1").id
    deal.apply(Action.play(lead))
    deal.apply(Action.play(parse_card("8S#4" if big else "8S#2").id))  # a spade: loses
    assert deal.to_move == 1
    events = deal.apply(Action(ActionType.DRAW))
    mine = [e for e in events if e.player == 1 and e.rule_id == "carte_blanche.repeat"]
    return sum(e.points for e in mine), any(e.type == "blanche_end" for e in mine)


def test_rubicon_carte_blanche_scores_again_for_a_drawn_plain_card() -> None:
    assert repeat_points("rubicon", BLANCHE, "9S#2") == (50, False)
    result = ask("carte_blanche", "rubicon", hand=BLANCHE, drawn=["9S#2"])
    assert result.answer == ("yes:50",)
    assert result.cards["drawn"] == ("9S#2",)
    assert "no:once" in result.why


def test_the_privilege_ends_with_a_drawn_court_card() -> None:
    assert repeat_points("rubicon", BLANCHE, "JD#3") == (0, True)
    assert ask("carte_blanche", "rubicon", hand=BLANCHE, drawn=["JD#3"]).answer == (
        "no:court",)


def test_club_carte_blanche_counts_once() -> None:
    assert repeat_points("club", EIGHT, "9C#2") == (0, False)
    assert ask("carte_blanche", "club", hand=EIGHT, drawn=["9C#2"]).answer == ("no:once",)


# --- which declaration now, which waits ---------------------------------------------------

SEQUENCE = ["AD#1", "TD#1", "KD#1", "QD#1", "JD#1", "8C#1", "9H#1"]
QUEENS = ["QS#1", "QH#1", "QD#1", "QC#1", "JD#1", "8C#1", "9H#1"]


def declaring(hand: list[str]) -> Deal:
    """Independent: the learner leads A♦#2 (diamonds trumps) and the opponent, holding
    no diamond, throws a club; the learner is then to declare."""
    profile = load_profile("two-handed")
    other = ["7C#2", "8S#2", "9S#2", "7H#2", "8H#2", "JC#2", "9C#2", "7S#2"]
    deal = Deal.arranged(profile, [ids(other), ids(["AD#2", *hand])], parse_card("9D#1").id,
                         dealer=0)
    deal.apply(Action.play(parse_card("AD#2").id))
    deal.apply(Action.play(parse_card("7C#2").id))
    assert deal.phase == "declare" and deal.to_move == 1
    return deal


def may_wait(hand: list[str], now: tuple[str, list[str]], later: tuple[str, list[str]]) -> bool:
    deal = declaring(hand)
    deal.apply(Action.declare(now[0], tuple(ids(now[1]))))
    return Action(ActionType.ANNOUNCE, tuple(sorted(ids(later[1]))), later[0]) in (
        deal.legal_actions())


def test_marriage_first_then_the_sequence_may_wait_not_the_reverse() -> None:
    marriage = ("trump_marriage", ["KD#1", "QD#1"])
    sequence = ("trump_sequence", ["AD#1", "TD#1", "KD#1", "QD#1", "JD#1"])
    assert may_wait(SEQUENCE, marriage, sequence)
    assert not may_wait(SEQUENCE, sequence, marriage)
    result = ask("pending_order", "two-handed", hand=SEQUENCE, turn_up="9D#1")
    assert result.multiple and len(result.options) == 2
    assert len(result.answer) == 1
    assert result.answer[0].startswith("declare trump_marriage")
    wrong = next(o for o in result.options if o not in result.answer)
    assert "no longer wait" in result.why[wrong]
    assert any("already scored in the trump sequence" in e for e in result.explanation)
    assert result.cards["turn_up"] == ("9D#1",) and result.cards["trump"] == "D"


def test_queens_and_bezique_wait_in_either_order() -> None:
    queens = ("four_queens", ["QS#1", "QH#1", "QD#1", "QC#1"])
    bezique = ("bezique", ["QS#1", "JD#1"])
    assert may_wait(QUEENS, queens, bezique) and may_wait(QUEENS, bezique, queens)
    result = ask("pending_order", "two-handed", hand=QUEENS, turn_up="9D#1")
    assert set(result.answer) == set(result.options) and len(result.options) == 2


def test_a_hand_with_one_meld_is_no_pending_check() -> None:
    with pytest.raises(ValueError):
        ask("pending_order", "two-handed", hand=["KH#1", "QH#1", "8C#1", "9C#1", "7S#1",
                                                 "8S#1", "9S#1"], turn_up="9D#1")


# --- dix ------------------------------------------------------------------------------------

DIX_HAND = ["7C#1", "AC#1", "KD#1", "QD#1", "8H#1", "9S#1", "7C#2", "TS#1"]


def dix_by_hand(variant: str) -> int:
    """Independent: win with A♣, exchange 7C#1, draw; lead 7C#2, opponent beats it with
    A♣#2; count the learner's dix events."""
    profile = load_profile(variant)
    other = ["AC#2", "7H#2", "8S#2", "9H#2", "8D#2", "JH#2", "9D#2", "7S#2"]
    deal = Deal.arranged(profile, [ids(other), ids(DIX_HAND)], parse_card("TC#1").id,
                         dealer=0)
    events = []
    events += deal.apply(Action.play(parse_card("AC#1").id))
    events += deal.apply(Action.play(parse_card("7H#2").id))
    events += deal.apply(Action.parse("exchange 7C#1"))
    events += deal.apply(Action(ActionType.DRAW))
    events += deal.apply(Action.play(parse_card("7C#2").id))
    events += deal.apply(Action.play(parse_card("AC#2").id))
    assert deal.to_move == 0
    return sum(e.points for e in events if e.player == 1 and e.rule_id.startswith("dix."))


@pytest.mark.parametrize(("variant", "expected"), [("two-handed", 20), ("club", 10)])
def test_dix_points_follow_each_profile(variant: str, expected: int) -> None:
    assert dix_by_hand(variant) == expected
    result = ask("dix_points", variant, turn_up="TC#1", hand=DIX_HAND,
                 steps=["lead AC#1", "exchange 7C#1", "lead 7C#2 lose"])
    assert result.answer == (str(expected),)
    assert set(result.why) == set(result.options) - set(result.answer)
    assert result.cards["turn_up"] == ("TC#1",)


def test_dix_of_the_dealer_turn_up_and_a_show() -> None:
    """001: the dealer scores a turned-up seven; the other seven, shown after a trick
    won, scores too. 20 in all, recomputed by hand."""
    profile = load_profile("two-handed")
    hand = ["7H#1", "AH#1", "KD#1", "QD#1", "8C#1", "9S#1", "TS#1", "8D#1"]
    other = ["7S#2", "8S#2", "9C#2", "JC#2", "8H#2", "9D#2", "7D#2", "8C#2"]
    deal = Deal.arranged(profile, [ids(hand), ids(other)], parse_card("7H#2").id, dealer=0)
    events = list(deal.events)
    events += deal.apply(Action.play(parse_card("7S#2").id))
    events += deal.apply(Action.play(parse_card("AH#1").id))    # a trump: the dealer wins
    events += deal.apply(Action.parse("show 7H#1"))
    by_hand = sum(e.points for e in events if e.player == 0 and e.rule_id.startswith("dix."))
    result = ask("dix_points", "two-handed", turn_up="7H#2", hand=hand, dealer=True,
                 steps=["follow AH#1", "show 7H#1"])
    assert by_hand == 20 and result.answer == ("20",)
    # Rubicon-like reading: the same moves, the seven worth nothing.
    assert ask("dix_points", "two-handed", turn_up="7H#2", hand=hand, dealer=True,
               options=[["dix", "no_value"]], steps=["follow AH#1"]).answer == ("0",)


def test_a_step_the_rules_refuse_is_an_error() -> None:
    with pytest.raises(IllegalActionError):   # 002: no showing a seven
        ask("dix_points", "club", turn_up="TC#1", hand=DIX_HAND,
            steps=["lead AC#1", "show 7C#1"])


# --- in the lessons, both languages ---------------------------------------------------------

LATIN = re.compile(r"[A-Za-z]{3,}")


@pytest.mark.parametrize("lang", lessons.LANGUAGES)
def test_the_lessons_carry_the_new_kinds_and_render(lang: str) -> None:
    where = {"declarations": {"carte_blanche", "after_win"},
             "variant-club": {"carte_blanche", "after_win"},
             "variant-rubicon": {"carte_blanche"}, "pending": {"pending_order"},
             "dix": {"dix_points", "after_win"}}
    for lesson_id, kinds in where.items():
        lesson = lessons.get_lesson(lesson_id, lang)
        assert kinds <= {c.kind for c in lesson.checks}, lesson_id
        assert "{{" not in lesson.body_markdown
        for check in lesson.checks:
            if check.kind not in NEW:
                continue
            result = evaluate_check(check, lang)
            assert result.cards.get("hand"), check.id
            assert result.answer and set(result.answer) <= set(result.options)
            for option in result.options:
                if option not in result.answer:
                    assert result.why.get(option), f"{check.id}: {option} unexplained"
            if lang == "ru":
                for text in (*result.labels, *result.explanation, *result.why.values()):
                    assert not LATIN.search(text), f"{check.id}: {text}"


# --- on the Rules page ------------------------------------------------------------------------

@pytest.mark.parametrize("lang", lessons.LANGUAGES)
@pytest.mark.parametrize("lesson_id", ["pending", "variant-rubicon", "dix", "declarations",
                                       "variant-club"])
def test_the_rules_page_draws_and_marks_the_new_checks(lesson_id: str, lang: str,
                                                       tmp_path, monkeypatch) -> None:
    """The page draws the hand, the turn-up and the drawn card as pictures; a wrong
    answer shows the reason for the option chosen before the engine's explanation."""
    pytest.importorskip("streamlit")
    from app_helpers import table_html, tables

    from app_pages import table as tbl
    from app_pages.i18n import catalogue
    from app_pages.ui import widget_key
    from puzzles.store import ENV_VAR

    monkeypatch.setenv(ENV_VAR, str(tmp_path / "progress.sqlite3"))
    from app_helpers import run_page

    at = run_page("rules", lang, rules_lesson=lesson_id, rules_variant="all")
    found = tables(at)
    for check in lessons.get_lesson(lesson_id, lang).checks:
        if check.kind not in NEW:
            continue
        result = evaluate_check(check, lang)
        html = table_html(at, widget_key("check_cards", f"{lesson_id}_{check.id}"))
        assert widget_key("check_cards", f"{lesson_id}_{check.id}") in found
        for row in ("hand", "turn_up", "drawn"):
            for token in result.cards.get(row, ()):
                assert tbl.card_name(parse_card(token).id, lang) in html, token
            if result.cards.get(row):
                assert catalogue(lang)[f"rules.example_{row}"] in html
        key = widget_key("check", f"{lesson_id}_{check.id}_{lang}")
        wrong = next((o for o in result.options if o not in result.answer), None)
        if result.multiple:   # a wrong option, or (all are right) one right one too few
            at.button_group(key=key).set_value([wrong or result.options[0]]).run()
        else:
            at.radio(key=key).set_value(wrong).run()
        at.button(key=key + "_go").click().run()
        assert not at.exception, [e.value for e in at.exception]
        verdict = catalogue(lang)["feedback.wrong"].split("{")[0]
        assert any(e.value.startswith(verdict) for e in at.error)
        shown = " ".join(m.value for m in [*at.error, *at.markdown]).casefold()
        if wrong is not None:
            assert result.why[wrong].split(":")[0][:20].casefold() in shown
        assert result.explanation[-1][:30].casefold() in shown
