"""The rules review of 000 (Fildinski) and 002 (the club game): each finding that
changed a rule or a sentence of the engine, pinned by a test.

000 'счет' (l.10): the first to reach 2000 wins; 'варианты' (l.14): a bezique counted
*additionally* with the partner's; 'заявления' (l.7-8): "any combination or
combinations" a capture completes, the first capturer of a seven may exchange it.
002: the turned-up seven paid on the deal (l.17), tens back in the play-off bonus
(l.79), the fines' wording."""

from __future__ import annotations

import random

import pytest

from engine.errors import IllegalActionError
from engine.notation.actions import Action, ActionType
from engine.notation.cards import parse_card
from engine.rules.captures import capture_melds
from engine.rules.deal import DECLARE, Deal
from engine.rules.game import target_outcome
from engine.rules.melds import ScoredMeld
from engine.rules.profile import apply_option, load_profile
from engine.rules.trick_scoring import trick_value

FIL = load_profile("fildinski")
THREE = load_profile("fildinski-three-pack")
FOUR = load_profile("fildinski-four-handed")
SHARED = apply_option(FOUR, "fildinski_partner_bezique", "with_partner_000")
CLUB = load_profile("club")


def ids(text: str) -> list[int]:
    return [parse_card(t).id for t in text.split()]


def one(text: str) -> int:
    return parse_card(text).id


def kinds(found) -> list[tuple[str, int]]:
    return [(v.spec.kind, v.points) for v in found]


# --- 1. both over the target: the first to reach it wins (000 l.10, l.14) ------------

@pytest.mark.parametrize("profile", [FIL, THREE], ids=["two-pack", "three-pack"])
def test_fildinski_first_to_reach_the_target_wins(profile) -> None:
    over = [profile.scoring.target + 90, profile.scoring.target + 190]
    outcome = target_outcome(profile, over, first=0)
    assert outcome.player == 0 and outcome.rule_id == "game.first_reached"
    assert outcome.citation.startswith("000")
    assert "стороны" in " ".join(outcome.explain("ru"))    # no «пары» for two players


# --- 2. the partner's bezique counts additionally (000 l.14) --------------------------

def test_partner_bezique_scores_own_bezique_and_the_double() -> None:
    found = capture_melds(SHARED, 1, ids("QS"), ids("JD"), [], ids("QS#2 JD#2"))
    assert kinds(found) == [("bezique", 40), ("double_bezique", 500)]
    found = capture_melds(SHARED, 1, ids("QS"), ids("JD"), [], ids("QS#2 JD#2 QS#3 JD#3"))
    assert kinds(found) == [("bezique", 40), ("triple_bezique", 1500)]


# --- 3. nested combinations from one capture: a named option (000 l.7) ----------------

def test_capture_scores_each_nested_combination_by_default() -> None:
    found = capture_melds(FIL, 0, ids("AS TS JS KS"), ids("QS"), [])
    assert kinds(found) == [("trump_marriage", 40), ("trump_sequence", 250)]
    history = [ScoredMeld("bezique", frozenset(ids("QS JD")))]
    found = capture_melds(FIL, 1, ids("QS JD QS#2"), ids("JD#2"), history)
    assert kinds(found) == [("bezique", 40), ("double_bezique", 500)]


def test_capture_higher_only_is_the_001_option() -> None:
    HIGHER = apply_option(FIL, "fildinski_nested", "higher_only_001")  # noqa: N806
    assert kinds(capture_melds(HIGHER, 0, ids("AS TS JS KS"), ids("QS"), [])) == [
        ("trump_sequence", 250)]
    history = [ScoredMeld("bezique", frozenset(ids("QS JD")))]
    assert kinds(capture_melds(HIGHER, 1, ids("QS JD QS#2"), ids("JD#2"), history)) == [
        ("double_bezique", 500)]


# --- 4, 5. both sevens in one trick; the exchanged turn-up ----------------------------

def _both_sevens(turn_up: str, first: tuple[str, str] | None = None) -> Deal:
    # clubs trumps; player 1 leads 7♣, player 0 answers with the other 7♣: the card
    # led wins, so player 1 captures both sevens in one trick.
    deal = Deal.arranged(FIL, [ids("7C#2 8H 9D 8D 7D 7H 9H 9S"),
                               ids("7C KC 9S#2 8S 7S TD KD 9H#2")], one(turn_up), dealer=0)
    if first:
        deal.apply(Action.play(one(first[0])))
        deal.apply(Action.play(one(first[1])))
        deal.apply(Action(ActionType.DRAW))
    deal.apply(Action.play(one("7C")))
    deal.apply(Action.play(one("7C#2")))
    return deal


def test_both_sevens_captured_in_one_trick_offer_an_exchange() -> None:
    deal = _both_sevens("AC#2")
    assert [e.points for e in deal.events if e.rule_id == "dix.capture"] == [10, 10]
    exchanges = [a for a in deal.legal_actions() if a.type is ActionType.EXCHANGE_SEVEN]
    assert len(exchanges) == 1
    deal.apply(exchanges[0])
    assert deal.turn_up is not None and deal.turn_up % 32 == one("7C") % 32
    deal.apply(Action(ActionType.DRAW))
    assert not any(a.type is ActionType.EXCHANGE_SEVEN for a in deal.legal_actions())


def test_exchanged_turn_up_scores_its_brisque() -> None:
    deal = _both_sevens("AC#2")
    before = deal.scores[1]
    events = deal.apply(Action(ActionType.EXCHANGE_SEVEN, (one("7C"),)))
    brisque = [e for e in events if e.rule_id == "score.brisque"]
    assert [e.points for e in brisque] == [10] and deal.scores[1] == before + 10
    assert "бриской" in " ".join(brisque[0].explain("ru"))


def test_exchanged_turn_up_is_not_called_captured() -> None:
    deal = _both_sevens("QC#2", first=("KC", "8H"))    # K♣ laid out by player 1 first
    events = deal.apply(Action(ActionType.EXCHANGE_SEVEN, (one("7C"),)))
    meld = [e for e in events if e.type == "declare"]
    assert [(e.meld, e.points) for e in meld] == [("trump_marriage", 40)]
    ru, en = " ".join(meld[0].explain("ru")), " ".join(meld[0].explain("en"))
    assert "взятая" not in ru and "открытый козырь" in ru
    assert "captured" not in en and "turn-up" in en


def test_brisques_of_a_two_pack_deal_add_up_to_160() -> None:
    exchanged = 0
    for seed in range(40):
        rng = random.Random(seed)
        deal = Deal.new(FIL, rng, dealer=seed % 2)
        while not deal.is_over:
            legal = deal.legal_actions()
            swap = [a for a in legal if a.type is ActionType.EXCHANGE_SEVEN]
            deal.apply(swap[0] if swap else rng.choice(legal))
        exchanged += any(e.type == "exchange" for e in deal.events)
        assert sum(e.points for e in deal.events if e.rule_id == "score.brisque") == 160
    assert exchanged


# --- 6. the club: one score per physical seven (002 l.17, l.59) -----------------------

def test_club_turned_up_seven_scores_once() -> None:
    checked = 0
    for seed in range(400):
        rng = random.Random(seed)
        deal = Deal.new(CLUB, rng, dealer=seed % 2)
        if deal.turn_up is None or deal.turn_up % 8 != 0:
            continue
        seven = deal.turn_up
        while not deal.is_over:
            deal.apply(rng.choice(deal.legal_actions()))
        paid = [e for e in deal.events if seven in e.cards and e.points > 0 and (
            e.rule_id in ("deal.bonus_seven", "dix.trick_win"))]
        assert len(paid) == 1, seed
        checked += 1
    assert checked > 10


# --- 7. club trick_bonus=ace_only: tens still count in the play-off (002 l.79) --------

def test_club_ace_only_keeps_tens_in_the_play_off() -> None:
    ace_only = apply_option(CLUB, "trick_bonus", "ace_only")
    assert trick_value(ace_only, ids("TS#1 8H#1")) == 10
    assert trick_value(ace_only, ids("TS#1 8H#1"), playoff=True) == 20
    assert trick_value(ace_only, ids("AS#1 8H#1"), playoff=True) == 20


# --- explanations ------------------------------------------------------------------------

def test_fildinski_refusal_to_declare_says_combinations_come_from_captures() -> None:
    hand = "KS QS KS#2 QS#2 JD JD#2 AC 9C"
    deal = Deal.arranged(FIL, [ids("7H 8H 9H 7D 8D 9D 7S 8S"), ids(hand)], one("TC"),
                         dealer=0)
    deal.apply(Action.play(one("AC")))
    deal.apply(Action.play(one("7H")))
    assert deal.phase == DECLARE
    with pytest.raises(IllegalActionError) as refused:
        deal.apply(Action.declare("marriage", ids("KS QS")))
    text = str(refused.value)
    assert "captured" in text and "«»" not in text
    assert "взятых" in refused.value.steps[0].render("ru")


def test_card_point_fine_names_the_duty_broken() -> None:
    from lessons.checks import _infraction_example

    table = load_profile("card-point").with_options(infractions="penalise")
    for seed in range(60):
        deal, action = _infraction_example(table, "not_following", seed)
        trump = deal.trump
        if trump is not None and action.card // 8 % 4 == trump:
            events = deal.apply(action)
            line = " ".join(e for ev in events if ev.type == "penalty"
                            for e in ev.explain("en"))
            assert "neither" not in line and "does not follow suit" in line
            return
    pytest.fail("no trump played instead of the suit led")


def test_streak_bonus_says_3rd() -> None:
    hands = [ids("7S#1 8S#1 9S#1 7H#1 8H#1 9H#1 7D#1 8D#1"),
             ids("7S#2 8S#2 9S#2 7H#2 8H#2 9H#2 7D#2 8D#2")]
    base = Deal.arranged(CLUB, hands, one("KS#1"), dealer=0)
    deal = Deal(CLUB, base.deck, 0, prior_trumps=(0, 0))
    text = " ".join(line for e in deal.events for line in e.explain("en"))
    assert "3rd deal running" in text and "3th" not in text


def test_one_brisque_reads_right() -> None:
    deal = Deal.arranged(FIL, [ids("7H 8H 9H 7D 8D 9D 7S 8S"),
                               ids("KS QS KS#2 QS#2 JD JD#2 AC 9C")], one("TC"), dealer=0)
    events = deal.apply(Action.play(one("AC")))
    events += deal.apply(Action.play(one("7H")))
    en = [line for e in events for line in e.explain("en")]
    assert not any("1 aces" in line for line in en)
    ru = [line for e in events for line in e.explain("ru")]
    assert any("может войти" in line for line in ru)       # Т♠ alone: one card
    assert any("не входит" in line for line in ru)


def test_reuse_notes_say_each_card_once() -> None:
    history = [ScoredMeld("double_bezique", frozenset(ids("QS JD QS#2 JD#2")))]
    found = capture_melds(THREE, 1, ids("QS JD QS#2 JD#2 QS#3"), ids("JD#3"), history)
    triple = next(v for v in found if v.spec.kind == "triple_bezique")
    lines = [s.render("en") for s in triple.steps]
    assert len(lines) == len(set(lines))


# --- sentences the engine writes (lessons review 2) -----------------------------------

def _check_result(lesson_id: str, check_id: str, lang: str):
    import lessons

    lesson = lessons.get_lesson(lesson_id, lang)
    check = next(c for c in lesson.checks if c.id == check_id)
    return lessons.evaluate_check(check, lang)


def test_trump_sequence_before_trumps_names_the_reason() -> None:
    import lessons

    # the Rubicon lesson's hand before trumps (its check asks a decision now)
    check = lessons.Check("t", "legal_declarations", {"query": {
        "variant": "rubicon", "hand": ["KH#1", "QH#1", "AS#1", "AS#2", "TS#3", "9C#1", "8D#2",
                                       "JD#1"]}}, "?", "rubicon")
    en = lessons.evaluate_check(check, "en").why["trump_sequence"]
    ru = lessons.evaluate_check(check, "ru").why["trump_sequence"]
    assert en.startswith("No trump sequence yet: the first marriage")
    assert ru.startswith("Козырную секвенцию объявить нельзя: козыри ещё не определены")
    assert "A♠" not in en and "Т♠" not in ru


def test_meld_refusals_list_one_copy_and_decline_right() -> None:
    from lessons.checks import _not_formed

    eight = load_profile("eight-pack")
    query = {"trump": "C", "hand": ["JC#1", "JC#2", "JC#3", "JC#4", "JC#5", "7H#1"]}
    assert _not_formed(eight, "trump_sequence", query, "en").endswith("hold only J♣.")
    ru = _not_formed(eight, "trump_sequence", query, "ru")
    assert ru.startswith("Нельзя объявить комбинацию «козырная секвенция»") and \
        "В♣ В♣" not in ru


def test_capture_reasons_are_short_and_capitalised() -> None:
    en = _check_result("variant-fildinski", "fildinski-capture-sequence", "en")
    ru = _check_result("variant-fildinski", "fildinski-capture-sequence", "ru")
    assert en.answer == ("290",)
    assert en.why["280"] == "280 is 10 short: trump marriage 40 + trump sequence 250 = 290."
    assert "меньше, чем нужно: " in ru.why["280"] and ". б" not in ru.why["280"]
    higher = apply_option(FIL, "fildinski_nested", "higher_only_001")
    from engine.rules.captures import score_capture
    from lessons.checks import _short_total

    capture = score_capture(higher, 0, ids("AS TS QS JS"), ids("KS 9H"), [])
    assert _short_total(capture, "en") == "the trump sequence alone is 250"


def test_club_trick_reasons_have_no_lower_case_after_a_full_stop() -> None:
    import re

    import lessons

    for lesson in lessons.list_lessons("ru"):
        for check in lesson.checks:
            result = lessons.evaluate_check(check, "ru")
            for line in result.why.values():
                assert not re.search(r"нужно\. [а-яё]", line), line


def test_carte_blanche_refusal_under_002() -> None:
    from engine.text.explain import MESSAGES

    text = MESSAGES["refuse_carte_blanche_first"][0]
    assert text.startswith("under 002 only the deal's first hand")
    assert "claimed in time" not in " ".join(m[0] for m in MESSAGES.values())


def test_four_of_a_kind_and_the_worthless_seven() -> None:
    from engine.text.explain import CLASS_NAMES

    assert "sets of four of a rank" not in CLASS_NAMES["rank_set"][0]
    assert "fours of a kind" == CLASS_NAMES["rank_set"][0]
    lines = [line for lesson in ("disagreements",) for line in
             _rubicon_seven_lines(lesson)]
    assert any("scores nothing in Rubicon" in line for line in lines)
    assert not any("× 1: 0." in line for line in lines)


def _rubicon_seven_lines(lesson_id: str) -> list[str]:
    import lessons

    lesson = lessons.get_lesson(lesson_id, "en")
    out: list[str] = []
    for check in lesson.checks:
        if check.kind == "deal_score":
            result = lessons.evaluate_check(check, "en")
            out += [*result.explanation, *result.why.values()]
    return out
