"""Mistakes come back by themselves (issue 53 item 4, app review 3 #8): spaced repetition
is on by default; a failed lesson check becomes a review card; the costly decisions of
a hand's review become drills unless the learner declines; and Home's first step is
"Today's review: N due" when anything is due."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from app_helpers import run_page
from test_hand_review import SMALL, blundered_game

import lessons
from app_pages.session import PlaySession
from app_pages.ui import widget_key
from engine.bots.review import review_game
from engine.rules.game import Game
from puzzles import bank, check_cards, drills, path, review_queue, srs, trainer
from puzzles.store import open_store

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
CHECK = ("cards", "cards-beat-the-king")


def wrong_option(lesson_id: str, check_id: str, lang: str = "en") -> tuple[str, object]:
    check = next(c for c in lessons.get_lesson(lesson_id, lang).checks if c.id == check_id)
    result = lessons.evaluate_check(check, lang)
    wrong = next(o for o in result.options if o not in result.answer)
    return wrong, ([wrong] if result.multiple else wrong)


def right_answer(card: object) -> object:
    answer = sorted(card.answer)  # type: ignore[attr-defined]
    return answer if card.multiple else answer[0]  # type: ignore[attr-defined]


# --- spaced repetition on by default ------------------------------------------------------

def test_the_trainers_switch_is_on_for_a_new_learner_and_an_explicit_off_stays():
    at = run_page("meld_trainer", learner="fresh-srs")
    assert at.toggle(key="mt_srs").value is True
    with open_store() as store:
        srs.set_enabled(store, "chose-off", False)
    at = run_page("endgame", learner="chose-off")
    assert at.toggle(key="eg_srs").value is False


def test_a_failed_puzzle_comes_back_without_any_switch(tmp_path: Path):
    with open_store(tmp_path / "p.sqlite3") as store:
        record = next(r for r in bank.load("meld") if r["type"] == "legal")
        trainer.submit(store, "ann", record, False, 0, at=T0)
        later = T0 + timedelta(hours=1)
        assert trainer.due_reviews(store, "ann", "meld", "two-handed", later) == \
            [f"puzzle:{record['id']}"]
        assert review_queue.due(store, "ann", "two-handed", ["meld", "endgame"], later) == (
            review_queue.Due("meld", 1),)


# --- a failed lesson check becomes a review card --------------------------------------------

def test_every_check_comes_back_as_a_card_marked_as_its_lesson_marks_it():
    for lang in lessons.LANGUAGES:
        for lesson in lessons.list_lessons(lang):
            for check in lesson.checks:
                card = check_cards.card(check_cards.item_id(lesson.id, check.id), lang)
                assert card is not None, (lesson.id, check.id)
                result = lessons.evaluate_check(check, lang)
                assert (card.question, card.options) == (result.prompt, result.options)
                assert card.answer == set(result.answer) and card.lesson_id == lesson.id
                assert lessons.mark_check(check, right_answer(card), lang)[0]


def test_a_failed_check_is_scheduled_and_served_first(tmp_path: Path):
    with open_store(tmp_path / "p.sqlite3") as store:
        item = check_cards.failed(store, "ann", *CHECK, at=T0)
        assert item == "card:lessons:check:cards:cards-beat-the-king"
        assert check_cards.due(store, "ann", T0) == []             # soon, not at once
        soon = T0 + timedelta(minutes=30)
        queue = review_queue.session_queue(store, "ann", "rubicon", "ru", soon)
        assert queue.cards[0].id == item and queue.due == 1        # in every game
        card = queue.cards[0]
        assert card.title == "Из урока «Карты и их старшинство»"
        wrong, _ = wrong_option(*CHECK)
        right, due = review_queue.answer(store, "ann", card, [wrong], "ru", 5, soon)
        assert not right and due < soon + timedelta(hours=1)
        right, due = review_queue.answer(store, "ann", card, right_answer(card), "ru", 5,
                                         due)
        assert right and due > soon + timedelta(hours=12)
        srs.set_enabled(store, "bob", False)                       # the learner said no
        assert check_cards.failed(store, "bob", *CHECK, at=T0) is None
        assert srs.card_items(store, "bob") == set()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_wrong_answer_on_the_lessons_page_becomes_a_review_card(lang: str):
    learner = f"wrong-check-{lang}"
    at = run_page("rules", lang, query={"lesson": "cards"}, learner=learner)
    check = lessons.get_lesson("cards", lang).checks[0]
    result = lessons.evaluate_check(check, lang)
    _wrong, chosen = wrong_option("cards", check.id, lang)
    key = widget_key("check", f"cards_{check.id}_{lang}")
    if result.multiple:
        at.button_group(key=key).set_value(chosen).run()
    else:
        at.radio(key=key).set_value(chosen).run()
    at.button(key=key + "_go").click().run()
    assert not at.exception
    with open_store() as store:
        assert srs.card_items(store, learner) == {check_cards.item_id("cards", check.id)}


@pytest.mark.parametrize(("lang", "caption"), [("en", "A lesson question you missed"),
                                               ("ru", "Вопрос урока, где была ошибка")])
def test_the_review_cards_page_asks_the_failed_check_again(lang: str, caption: str):
    learner = f"check-again-{lang}"
    with open_store() as store:
        check_cards.failed(store, learner, *CHECK, at=datetime.now(UTC) - timedelta(hours=1))
    at = run_page("review_cards", lang, learner=learner, variant="two-handed")
    assert caption in [c.value for c in at.caption]
    card = check_cards.card(check_cards.item_id(*CHECK), lang)
    assert card is not None and any(card.question in m.value for m in at.markdown)
    at.button_group(key=f"rc_answer_{at.session_state['rc_round']}").set_value(
        right_answer(card)).run()
    at.button(key="rc_check").click().run()
    assert not at.exception and at.success
    assert any("rules?lesson=cards" in m.value for m in at.markdown)   # back to the lesson


# --- the costly decisions of a hand become drills by themselves ---------------------------

def test_found_decisions_become_drills_unless_declined_or_turned_off(tmp_path: Path):
    flagged = review_game(Game.loads(blundered_game()), 0, budget=SMALL).flagged
    with open_store(tmp_path / "p.sqlite3") as store:
        added = drills.add_found(store, "ann", flagged)
        assert len(added) == len(flagged) and drills.scheduled(store, "ann", flagged[0])
        before = {d.id for d in drills.due(store, "ann", "two-handed")}
        drills.decline(store, "ann", flagged[0])
        assert drills.declined(store, "ann", flagged[0])
        assert len({d.id for d in drills.due(store, "ann", "two-handed")} - before) == 0
        assert len(drills.due(store, "ann", "two-handed")) == len(before) - 1
        assert len(drills.add_found(store, "ann", flagged)) == len(flagged) - 1
        assert len(drills.due(store, "ann", "two-handed")) == len(flagged) - 1
        drills.add(store, "ann", flagged[0])                      # "Drill this" again
        assert drills.scheduled(store, "ann", flagged[0])
        drills.set_auto(store, "bob", False)
        assert drills.add_found(store, "bob", flagged) == [] and not drills.auto(store, "bob")


def test_the_play_page_reviews_the_hand_by_itself_and_drills_unless_declined():
    session = PlaySession.loads(blundered_game(), "club")
    at = run_page("play", play=session, hand_review_budget=SMALL, learner="auto-drills")
    review = next(iter(at.session_state["hand_reviews"].values()))   # no click needed
    shown = review.flagged[:5]
    with open_store() as store:
        assert len(drills.due(store, "auto-drills", "two-handed")) == len(shown)
    assert "In your review cards: it comes back by itself." in [c.value for c in at.caption]
    at.button(key="play_review_0_decline").click().run()
    assert not at.exception
    with open_store() as store:
        assert drills.declined(store, "auto-drills", shown[0])
        assert len(drills.due(store, "auto-drills", "two-handed")) == len(shown) - 1
    assert at.button(key="play_review_0_drill")                       # it may come back
    again = run_page("play", play=PlaySession.loads(blundered_game(), "club"),
                     hand_review_budget=SMALL, learner="auto-drills")
    assert not again.exception
    with open_store() as store:                                       # still declined
        assert drills.declined(store, "auto-drills", shown[0])


# --- Home: today's review first --------------------------------------------------------------

@pytest.mark.parametrize(("lang", "label"), [("en", "Today's review: 1 due"),
                                             ("ru", "Повторение на сегодня: 1")])
def test_home_offers_todays_review_before_the_path(lang: str, label: str):
    learner = f"home-review-{lang}"
    at = run_page("home", lang, learner=learner, variant="two-handed")
    assert not [b for b in at.button if b.key == "home_review"]      # nothing due yet
    with open_store() as store:
        check_cards.failed(store, learner, *CHECK, at=datetime.now(UTC) - timedelta(hours=1))
    at = run_page("home", lang, learner=learner, variant="two-handed")
    keys = [b.key for b in at.button if b.key in ("home_review", "home_continue")]
    assert keys == ["home_review", "home_continue"]
    assert at.button(key="home_review").label == label
    at.button(key="home_review").click().run()
    assert not at.exception
    assert at.session_state["rc_card"] == check_cards.item_id(*CHECK)


def test_todays_review_counts_every_source_and_opens_its_page(tmp_path: Path):
    with open_store(tmp_path / "p.sqlite3") as store:
        record = next(r for r in bank.load("endgame") if r["type"] == "best")
        trainer.submit(store, "ann", record, False, 0, at=T0)
        later = T0 + timedelta(hours=1)
        progress = path.read_progress(store, "ann", "two-handed", at=later)
        step = path.review_step(progress)
        assert step is not None and step.page == "endgame"          # the only source due
        assert step.label("en") == "Today's review: 1 due"
        check_cards.failed(store, "ann", *CHECK, at=T0)
        progress = path.read_progress(store, "ann", "two-handed", at=later)
        assert [d.source for d in progress.due] == [review_queue.CARDS, "endgame"]
        steps = path.steps_now("two-handed", progress)
        assert [s.kind for s in steps] == ["review", "lesson"]
        assert steps[0].page == "review_cards" and steps[0].label("en").endswith("2 due")


def test_the_meld_trainer_brings_back_a_review_of_another_exercise():
    record = next(r for r in bank.load_for("meld", "two-handed") if r["type"] == "legal")
    with open_store() as store:
        trainer.submit(store, "meld-back", record, False, 0,
                       at=datetime.now(UTC) - timedelta(hours=1))
    at = run_page("meld_trainer", learner="meld-back", variant="two-handed")
    assert at.session_state["mt_mode"] == "legal"
    assert at.session_state["mt_puzzle"]["review"] == f"puzzle:{record['id']}"
