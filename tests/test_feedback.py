"""Feedback that teaches in one line (app review 2, defects 5 and 9): every marked
answer starts with a verdict and one sentence of why, the rest folded under "Why, step
by step" and no sentence said twice; a hint's cost is on its button before it is
taken (from the credit the rating uses); a right answer that lowers the rating says
why; a no-meld puzzle's hints do not give the answer away; an empty selection says it
means "no declaration"; a wrong meld answer may be checked again; the rating line is
fresh after an answer, also when only the puzzle's fragment reruns (as in a browser)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from app_helpers import in_fragments, pick, run_page
from streamlit.testing.v1 import AppTest

import lessons
from app_pages.i18n import catalogue
from app_pages.ui import widget_key
from engine.notation.cards import parse_card
from puzzles import bank, endgame, trainer
from puzzles.i18n import tr
from puzzles.store import open_store

VERDICT = {"en": ("Right: ", "Not quite: "), "ru": ("Верно: ", "Не совсем: ")}


@pytest.fixture(autouse=True)
def progress_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "progress.sqlite3"
    monkeypatch.setenv("BEZIQUE_PROGRESS_DB", str(path))
    return path


def said(line: str) -> str:
    return line.strip().rstrip(".").casefold()


def fold_lines(at: AppTest) -> list[str]:
    """The lines under the "Why, step by step" folds."""
    label = catalogue(at.session_state["lang"])["feedback.why_steps"]
    return [line.removeprefix("- ") for fold in at.expander if fold.label == label
            for block in fold.markdown for line in block.value.split("\n")]


def no_line_twice(verdict: str, steps: list[str]) -> None:
    why = said(verdict.split(": ", 1)[1])
    keys = [said(line) for line in steps]
    assert len(set(keys)) == len(keys), steps
    assert all(key not in why for key in keys), (verdict, steps)


# --- the Rules page ---------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("right", [True, False])
def test_rules_check_answer_is_verdict_first_with_the_steps_folded(lang: str, right: bool):
    at = run_page("rules", lang, query={"lesson": "cards"}, learner="fb")
    check = lessons.get_lesson("cards", lang).checks[0]
    result = lessons.evaluate_check(check, lang)
    chosen = list(result.answer) if right else [next(o for o in result.options
                                                     if o not in result.answer)]
    key = widget_key("check", f"cards_{check.id}_{lang}")
    if result.multiple:
        at.button_group(key=key).set_value(chosen).run()
    else:
        at.radio(key=key).set_value(chosen[0]).run()
    at.button(key=key + "_go").click().run()
    assert not at.exception
    shown = [s.value for s in (at.success if right else at.error)]
    verdict = next(v for v in shown if v.startswith(VERDICT[lang][not right]))
    found = lessons.check_feedback(result, chosen, right)
    assert said(found.why) in said(verdict)
    assert "\n" not in verdict                       # one line
    steps = fold_lines(at)
    assert steps == list(found.steps) and steps      # the explanation sits in the fold
    no_line_twice(verdict, steps)


def test_check_feedback_never_repeats_a_sentence():
    for lang in ("en", "ru"):
        for lesson in lessons.list_lessons(lang):
            for check in lesson.checks:
                result = lessons.evaluate_check(check, lang)
                for response in [[o] for o in result.options] + [list(result.answer)]:
                    right = set(response) == set(result.answer)
                    found = lessons.check_feedback(result, response, right)
                    assert found.why, check.id
                    no_line_twice("x: " + found.why, list(found.steps))


# --- the Meld trainer -------------------------------------------------------------------

def meld_page(lang: str = "en", no_meld: bool | None = None) -> AppTest:
    """The Meld trainer on a spot puzzle (one with melds, or none, when asked)."""
    at = AppTest.from_file(str(Path(__file__).parents[1] / "app_pages" / "meld_trainer.py"),
                           default_timeout=60)
    at.session_state["lang"] = lang
    at.session_state["learner"] = "fb"
    if no_meld is not None:
        record = next(r for r in bank.load_for("meld", "two-handed")
                      if r["type"] == "spot" and bool(r["answer"]) != no_meld)
        at.session_state["mt_puzzle"] = trainer.fresh_instance(record, random.Random(1))
    at.run()
    assert not at.exception
    return at


def meld_answer(at: AppTest, value: list[str]) -> None:
    at.multiselect(key=f"mt_answer_{at.session_state['mt_round']}").set_value(value).run()
    at.button(key="mt_check_btn").click().run()
    assert not at.exception


def stored_rating(learner: str = "fb") -> int:
    with open_store() as db:
        return round(db.rating(learner).rating)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_meld_right_and_wrong_answers_are_verdict_first(lang: str):
    at = meld_page(lang, no_meld=False)
    truth = list(at.session_state["mt_puzzle"]["answer"])
    wrong = next(o for o in trainer.meld_options(at.session_state["mt_puzzle"])
                 if o not in truth)
    meld_answer(at, [*truth, wrong])
    verdict = at.error[0].value
    assert verdict.startswith(VERDICT[lang][1]) and "\n" not in verdict
    steps = fold_lines(at)
    assert any(s.startswith(tr(lang, "v.answer", answer="").split(":")[0]) for s in steps)
    no_line_twice(verdict, steps)
    meld_answer(at, truth)                           # the retry, right this time
    verdict = at.success[0].value
    assert verdict.startswith(VERDICT[lang][0]) and "\n" not in verdict
    no_line_twice(verdict, fold_lines(at))


def test_a_wrong_meld_answer_may_be_checked_again_and_only_the_first_counts():
    at = meld_page(no_meld=False)
    truth = list(at.session_state["mt_puzzle"]["answer"])
    meld_answer(at, [])                              # nothing: wrong here
    first = stored_rating()
    assert not at.button(key="mt_check_btn").disabled
    assert catalogue("en")["feedback.first_attempt"] in [c.value for c in at.caption]
    meld_answer(at, truth)
    assert at.success and stored_rating() == first   # the retry left the rating alone
    assert catalogue("en")["feedback.retry_right"] in [c.value for c in at.caption]
    assert at.button(key="mt_check_btn").disabled    # solved: nothing more to check


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_hint_cost_is_said_before_the_hint_and_from_the_rating_credit(lang: str):
    at = meld_page(lang, no_meld=False)
    button = at.button(key="mt_hint_btn")
    assert button.label == catalogue(lang)["feedback.hint_halves"]   # 1 → 0.5
    assert trainer.HINT_CREDIT[1] * 2 == trainer.HINT_CREDIT[0]
    button.click().run()
    at.button(key="mt_hint_btn").click().run()      # 0.5 → 0.25 halves again
    third = at.button(key="mt_hint_btn").label       # 0.25 → 0 does not
    assert third == catalogue(lang)["feedback.hint_button"].format(
        before="0.25" if lang == "en" else "0,25", after="0")


def test_a_right_answer_after_hints_says_why_the_rating_falls():
    at = meld_page(no_meld=False)
    before = stored_rating()
    hints = len(trainer.meld_hints(at.session_state["mt_puzzle"], "en"))
    for _ in range(hints):                          # every hint: the credit falls to 0
        at.button(key="mt_hint_btn").click().run()
    meld_answer(at, list(at.session_state["mt_puzzle"]["answer"]))
    after = stored_rating()
    assert after < before
    assert at.success[0].value.startswith("Right, with a hint: ")
    note = next(c.value for c in at.caption if c.value.startswith("Your rating"))
    assert note == f"Your rating: {after} (−{before - after}): a right answer after a hint " \
        "counts for less."


def test_empty_selection_means_no_declaration():
    at = meld_page(no_meld=True)
    assert catalogue("en")["feedback.empty_means_none"] in [c.value for c in at.caption]
    meld_answer(at, [])
    assert at.success[0].value == "Right: " + tr("en", "v.spot_none") + "."


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_meld_hints_do_not_give_the_answer_away(lang: str):
    spots = [r for r in bank.load_for("meld", "two-handed") if r["type"] == "spot"]
    empty = trainer.meld_hints(next(r for r in spots if not r["answer"]), lang)
    full = trainer.meld_hints(next(r for r in spots if r["answer"]), lang)
    assert len(empty) == len(full) and empty[0] == full[0]   # the first hint is the same
    assert not any("nothing" in h.casefold() or "нечего" in h.casefold() for h in empty), empty


# --- Endgame ----------------------------------------------------------------------------

def endgame_page(lang: str = "en") -> AppTest:
    """The Endgame page on a 'best card' puzzle (no value question first)."""
    record = next(r for r in bank.load_for("endgame", "two-handed") if r["type"] == "best")
    at = AppTest.from_file(str(Path(__file__).parents[1] / "app_pages" / "endgame.py"),
                           default_timeout=60)
    at.session_state["lang"] = lang
    at.session_state["learner"] = "fb"
    instance = trainer.fresh_instance(record, random.Random(2))
    at.session_state["eg_puzzle"] = instance
    at.session_state["eg_state"] = trainer.endgame_start(instance)
    at.run()
    assert not at.exception
    return at


def play_out(at: AppTest, best: bool) -> None:
    """Play the best card each turn (or a losing card once), in fragment reruns."""
    for _ in range(20):
        state = at.session_state["eg_state"]
        if state["status"] != "playing":
            return
        solution = endgame.solution_of(state["position"])
        face = solution.best[0]
        if not best:
            face = next((f for f, v in solution.values.items() if v < solution.value), face)
        in_fragments(at, lambda f=face: pick(at, "eg_table", parse_card(f).id))
        assert not at.exception


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("best", [True, False])
def test_endgame_verdict_first_and_the_rating_line_is_fresh(lang: str, best: bool):
    at = endgame_page(lang)
    play_out(at, best)
    status = at.session_state["eg_state"]["status"]
    if not best and status == "solved":
        pytest.skip("no losing card in this position")
    shown = at.success if status == "solved" else at.error
    verdict = shown[0].value
    assert verdict.startswith(VERDICT[lang][status != "solved"]) and "\n" not in verdict
    if status == "failed":
        no_line_twice(verdict, fold_lines(at))
    # The rating line, drawn by the fragment that just reran, is the stored one.
    word = "rating" if lang == "en" else "рейтинг"
    assert any(c.value.endswith(f"{word} {stored_rating()}") for c in at.caption), \
        [c.value for c in at.caption]
    in_fragments(at, lambda: at.button(key="eg_next_btn").click().run())
    assert any(c.value.endswith(f"{word} {stored_rating()}") for c in at.caption)


def test_endgame_hint_cost_on_the_button():
    at = endgame_page()
    assert at.button(key="eg_hint_btn").label == catalogue("en")["feedback.hint_halves"]


def test_the_puzzle_pages_still_open_from_the_app():
    for page in ("meld_trainer", "endgame", "review_cards"):
        run_page(page, "ru", learner="fb")
