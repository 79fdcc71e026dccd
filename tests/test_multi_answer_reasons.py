"""Multi-answer checks (several options right: which cards win, which may be played,
what may be declared, in which order): every option has its own reason, in terms of
that option, in English and Russian: ``why`` for an option wrongly ticked ("J♦ is not
hearts: ..."), ``missed`` for a right option left out ("You left out A♥: ..."). The
Rules page shows the reasons for exactly the options the learner got wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

import lessons
from lessons._loader import Check
from lessons.checks import accusative_ru, evaluate_check, reasons_for

MULTI = [(lang, lesson.id, check) for lang in ("en", "ru")
         for lesson in lessons.list_lessons(lang) for check in lesson.checks
         if evaluate_check(check, lang).multiple]


def test_there_are_multi_answer_checks_of_every_kind() -> None:
    kinds = {check.kind for _, _, check in MULTI}
    assert {"winning_cards", "playoff_legal", "legal_declarations", "pending_order"} <= kinds


@pytest.mark.parametrize(("lang", "lesson_id", "check"), MULTI,
                         ids=[f"{lang}-{c.id}" for lang, _, c in MULTI])
def test_every_option_has_its_own_reason(lang: str, lesson_id: str, check: Check) -> None:
    result = evaluate_check(check, lang)
    reasons = []
    for option, label in zip(result.options, result.labels, strict=True):
        table = result.missed if option in result.answer else result.why
        reason = table.get(option, "")
        assert reason.strip(), f"{lesson_id}/{check.id} ({lang}): no reason for {label!r}"
        if check.kind != "pending_order":   # the reason names the option it is about
            # (a Russian reason may decline it: «Козырную секвенцию объявить нельзя»)
            assert label.lower() in reason.lower() or (
                accusative_ru(label.lower()) in reason.lower()), (check.id, lang, label, reason)
        reasons.append(reason)
    assert len(set(reasons)) == len(reasons), (check.id, lang, reasons)


def _ask(kind: str, lang: str = "en", **params: object):
    return evaluate_check(Check("t", kind, params, "?", "two-handed"), lang)


def test_playoff_reasons_speak_of_the_card_chosen() -> None:
    r = _ask("playoff_legal", hand=["AH#1", "9H#1", "KS#1", "JD#1"], lead="TH#1", trump="D")
    assert r.why["JD#1"].startswith("J♦ is not hearts: you hold hearts that beat 10♥")
    assert r.why["9H#1"].startswith("9♥ follows suit but does not beat 10♥")
    assert r.missed["AH#1"].startswith("You left out A♥: it is a heart and beats 10♥")
    ru = _ask("playoff_legal", "ru", hand=["AH#1", "9H#1", "KS#1", "JD#1"], lead="TH#1",
              trump="D")
    assert ru.why["JD#1"].startswith("В♦ не в масть (черви)")
    assert ru.missed["AH#1"].startswith("Вы пропустили Т♥: эта карта в масть")


def test_declarations_not_formed_say_which_of_their_cards_are_held() -> None:
    r = _ask("legal_declarations", query={"variant": "two-handed", "trump": "H",
                                          "hand": ["KH#1", "QH#1", "QS#1", "JD#1", "AS#1"],
                                          "table": []})
    assert r.why["four_aces"] == "Four aces cannot be declared: of its cards you hold only A♠."
    assert r.why["four_kings"].endswith("you hold only K♥.")
    assert r.missed["bezique"].startswith("You left out bezique: Q♠ J♦ form a bezique")


def test_reasons_for_a_response_cover_what_it_got_wrong() -> None:
    r = _ask("winning_cards", hand=["AS#1", "QS#1", "7H#1"], lead="KS#1", trump="H")
    assert set(r.answer) == {"AS#1", "7H#1"}
    got = reasons_for(r, ["QS#1", "AS#1"])       # Q♠ wrongly ticked, 7♥ left out
    assert got == [r.why["QS#1"], r.missed["7H#1"]]
    assert got[1].startswith("You left out 7♥: 7♥ is a trump")
    assert reasons_for(r, ["AS#1", "7H#1"]) == []


def test_rules_page_shows_the_reasons_for_the_options_got_wrong(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("streamlit")
    from app_helpers import run_page

    from app_pages.ui import widget_key
    from puzzles.store import ENV_VAR

    monkeypatch.setenv(ENV_VAR, str(tmp_path / "progress.sqlite3"))
    at = run_page("rules")
    at.button(key="rules_go_playoff").click().run()
    check = next(c for c in lessons.get_lesson("playoff").checks if c.id == "playoff-follow-low")
    result = evaluate_check(check, "en")
    wrong = next(o for o in result.options if o not in result.answer)
    key = widget_key("check", f"playoff_{check.id}_en")
    at.button_group(key=key).set_value([wrong, result.answer[0]]).run()
    at.button(key=key + "_go").click().run()
    assert not at.exception, [e.value for e in at.exception]
    # the first reason follows the verdict ("Not quite: you left out..."), the rest fold
    shown = " ".join(m.value for m in [*at.error, *at.markdown]).casefold()
    assert result.why[wrong].casefold() in shown
    left_out = result.answer[1]
    assert result.missed[left_out].casefold() in shown
    assert result.missed[result.answer[0]].casefold() not in shown    # ticked rightly: no reason


def test_feedback_never_says_a_sentence_twice() -> None:
    """Under a wrong answer the page lists the reasons, then the explanation; a refused
    declaration's reason is also an explanation line (strategy-four-aces), and it was
    printed twice."""
    from lessons import feedback_lines

    def said(line: str) -> str:
        return line.strip().rstrip(".").casefold()

    seen_duplicate_source = False
    for lang in ("en", "ru"):
        for lesson in lessons.list_lessons(lang):
            for check in lesson.checks:
                result = lessons.evaluate_check(check, lang)
                responses = [[o] for o in result.options] + ([[]] if result.multiple else [])
                for response in responses:
                    right = set(response) == set(result.answer)
                    lines = feedback_lines(result, response, right)
                    assert len({said(x) for x in lines}) == len(lines), (check.id, lines)
                    mine = lessons.reasons_for(result, response)
                    if not right and any(said(m) in {said(e) for e in result.explanation}
                                         for m in mine):
                        seen_duplicate_source = True
    assert seen_duplicate_source   # the case the dedupe exists for is still exercised
