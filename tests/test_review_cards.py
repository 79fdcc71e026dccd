"""Review cards (review §5b item 9): the deck generated from every profile, its
answers against the profile and the engine, FSRS scheduling through the progress
store, and the page in both languages. Stores are temporary files only."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from app_pages.store_text import plain
from engine.notation.cards import JOKER_MIN_ID
from engine.rules.profile import apply_option, load_profile, variant_names
from engine.rules.tricks import playoff_legal
from puzzles import review_cards as rc
from puzzles import srs
from puzzles.store import open_store

ROOT = Path(__file__).resolve().parents[1]
T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


@pytest.fixture()
def db(tmp_path: Path):  # noqa: ANN201 - a ProgressStore
    with open_store(tmp_path / "cards.sqlite3") as store:
        yield store


# --- the deck -----------------------------------------------------------------------------

@pytest.mark.parametrize("variant", variant_names())
def test_every_profile_has_a_deck_with_unique_stable_ids(variant: str) -> None:
    en, ru = rc.build_deck(load_profile(variant), "en"), rc.build_deck(load_profile(variant), "ru")
    ids = [c.id for c in en]
    assert ids and len(set(ids)) == len(ids)
    assert ids == [c.id for c in ru] == [c.id for c in rc.build_deck(load_profile(variant))]
    assert all(re.fullmatch(rf"card:{re.escape(variant)}:[a-z_]+:[a-z0-9_]+", i) for i in ids)
    for card in (*en, *ru):
        assert card.answer and card.answer <= set(card.options), card.id
        assert len(card.labels) == len(card.options) == len(set(card.options))
        assert card.question and card.title and card.explanation


@pytest.mark.parametrize("variant", variant_names())
def test_answers_agree_with_the_profile_and_the_engine(variant: str) -> None:
    profile = load_profile(variant)
    cards = {c.id: c for c in rc.build_deck(profile)}
    melds = {spec.kind: spec.points for spec in profile.melds if spec.points}
    for kind, points in melds.items():
        card = cards[srs.card_item(variant, "meld", kind)]
        assert card.answer == {str(points)}
        shown = [c for _, row in card.rows for c in row]
        assert shown and all(c < JOKER_MIN_ID for c in shown)   # a picture of real cards
    if profile.dix.points:
        assert cards[srs.card_item(variant, "dix", "points")].answer == {str(profile.dix.points)}
    if profile.scoring.last_trick_bonus:
        assert cards[srs.card_item(variant, "last", "trick")].answer == \
            {str(profile.scoring.last_trick_bonus)}
    plays = [c for c in cards.values() if c.topic == "play"]
    if profile.deal_end != "playoff" or not profile.tricks_kept:
        assert not plays and not [c for c in cards.values() if c.topic == "duty"]
        return
    assert len(plays) == len(rc.SITUATIONS)
    for card in plays:
        (_, (lead,)), (_, hand) = card.rows
        assert card.trump is not None
        legal = playoff_legal(hand, lead, int(card.trump), profile.playoff)
        assert card.answer == {str(c) for c in legal}
        assert set(hand) <= set(profile.deck_ids())
    duty = {c.id.rsplit(":", 1)[1]: c.answer for c in cards.values() if c.topic == "duty"}
    rules = profile.playoff
    assert duty["follow_suit"] == {rc.YES if rules.follow_suit else rc.NO}
    assert duty["must_win"] == {rc.YES if rules.must_win else rc.NO}
    assert duty["must_trump"] == {rc.YES if rules.must_trump else rc.NO}
    assert duty["in_stock"] == {rc.YES if profile.follow_in_stock else rc.NO}


def test_situations_differ_where_the_rules_do() -> None:
    """The card-point game need not head the trick: the same kind of position has
    another answer there than in the two-handed game."""
    two = load_profile("two-handed")
    lax = two.with_options(playoff={"must_win": False})
    strict = {c.id: c for c in rc.build_deck(two)}
    loose = {c.id: c for c in rc.build_deck(lax)}
    key = srs.card_item("two-handed", "play", "follow_and_beat")
    assert strict[key].answer < loose[key].answer       # more cards allowed without the duty
    assert strict[srs.card_item("two-handed", "duty", "must_win")].answer == {rc.YES}
    assert loose[srs.card_item("two-handed", "duty", "must_win")].answer == {rc.NO}


def test_a_changed_rule_changes_the_card_not_its_id() -> None:
    two = load_profile("two-handed")
    club = apply_option(two, "last_trick_bonus", "club_250")
    key = srs.card_item("two-handed", "last", "trick")
    before = {c.id: c for c in rc.build_deck(two)}[key]
    after = {c.id: c for c in rc.build_deck(club)}[key]
    assert before.answer == {"10"} and after.answer == {"250"}
    three = load_profile("fildinski-three-pack")
    reduced = apply_option(three, "fildinski_scores", "reduced_000")
    key = srs.card_item(three.name, "meld", "double_bezique")
    old = {c.id: c for c in rc.build_deck(three)}[key].answer
    new = {c.id: c for c in rc.build_deck(reduced)}[key].answer
    assert old != new and new == {str(reduced.meld("double_bezique").points)}


def test_named_options_that_change_a_value_are_told() -> None:
    cards = {c.id: c for c in rc.deck("two-handed", "en")}
    notes = " ".join(cards[srs.card_item("two-handed", "last", "trick")].notes)
    assert "250" in notes and "50" in notes and "002" in notes
    assert "0" in " ".join(cards[srs.card_item("two-handed", "dix", "points")].notes)
    assert not cards[srs.card_item("two-handed", "meld", "marriage")].notes
    # An option of another family that the profile happens to match is not told:
    # Rubicon's melds price like full Fildinski, but 000's reduced scores are not Rubicon's.
    rubicon = {c.id: c for c in rc.deck("rubicon", "en")}
    assert not rubicon[srs.card_item("rubicon", "meld", "trump_sequence")].notes
    three = {c.id: c for c in rc.deck("fildinski-three-pack", "en")}
    assert three[srs.card_item("fildinski-three-pack", "meld", "trump_sequence")].notes


@pytest.mark.parametrize("variant", ["two-handed", "rubicon", "card-point"])
def test_notation_ten_and_russian_ranks(variant: str) -> None:
    for card in rc.deck(variant, "ru"):
        text = " ".join((card.question, card.title, *card.labels, *card.explanation))
        assert not re.search(r"(?<![A-Za-z])[AKQJT][♠♥♦♣]", text), card.id
    for card in rc.deck(variant, "en"):
        text = " ".join((card.question, card.title, *card.labels, *card.explanation))
        assert not re.search(r"T[♠♥♦♣]", text), card.id


@pytest.mark.parametrize("variant", ["two-handed", "card-point", "rubicon-four-handed"])
def test_a_position_comes_back_in_other_suits_with_the_same_duty(variant: str) -> None:
    profile = load_profile(variant)
    for card in (c for c in rc.deck(variant) if c.topic == "play"):
        looks = {rc.fresh(card, seed).rows for seed in range(6)}
        assert len(looks) > 1
        for seed in range(6):
            again = rc.fresh(card, seed, "ru")
            (_, (lead,)), (_, hand) = again.rows
            assert again.id == card.id and again.trump is not None
            assert again.answer == {str(c) for c in
                                    playoff_legal(hand, lead, int(again.trump), profile.playoff)}
            assert len(again.answer) == len(card.answer)
            assert again == rc.fresh(card, seed, "ru")           # the same seed, the same look
    meld = rc.deck(variant)[0]
    assert rc.fresh(meld, 3) is meld


def test_check_single_and_multiple() -> None:
    cards = {c.id: c for c in rc.deck("two-handed")}
    meld = cards[srs.card_item("two-handed", "meld", "double_bezique")]
    assert meld.check("500") and not meld.check("250") and not meld.check(None)
    play = cards[srs.card_item("two-handed", "play", "void_with_trumps")]
    assert play.check(sorted(play.answer)) and not play.check(list(play.options)[:1])


# --- scheduling ---------------------------------------------------------------------------

def test_a_failed_card_comes_back_sooner_than_a_passed_one(db) -> None:  # noqa: ANN001
    deck = rc.deck("two-handed")
    wrong, right = deck[0], deck[1]
    _, due_wrong = rc.answer(db, "amy", wrong, "-1", 30, T0)
    ok, due_right = rc.answer(db, "amy", right, next(iter(right.answer)), 30, T0)
    assert ok and due_wrong < due_right
    _, due_easy = rc.answer(db, "bob", right, next(iter(right.answer)), 2, T0)
    assert due_easy >= due_right          # a quick right answer waits at least as long


def test_cards_enter_when_first_seen_without_the_puzzle_toggle(db) -> None:  # noqa: ANN001
    srs.set_enabled(db, "amy", False)
    card = rc.deck("two-handed")[0]
    rc.answer(db, "amy", card, next(iter(card.answer)), 5, T0)
    assert srs.card_items(db, "amy") == {card.id}
    srs.set_enabled(db, "amy", True)
    later = T0 + timedelta(days=400)
    assert srs.due(db, "amy", later) == []            # the puzzles' reviews stay apart
    assert srs.card_due(db, "amy", at=later) == [card.id]


def test_due_cards_first_then_new_up_to_the_daily_limit(db) -> None:  # noqa: ANN001
    rc.set_new_per_day(db, "amy", 3)
    queue = rc.session_queue(db, "amy", "two-handed", at=T0)
    assert (queue.due, queue.new, queue.seen) == (0, 3, 0)
    first, second, third = queue.cards
    rc.answer(db, "amy", first, "-1", 5, T0)                       # missed
    rc.answer(db, "amy", second, next(iter(second.answer)), 5, T0)  # known
    rc.answer(db, "amy", third, "-1", 5, T0 + timedelta(seconds=30))
    queue = rc.session_queue(db, "amy", "two-handed", at=T0 + timedelta(minutes=1))
    assert queue.new == 0 and queue.seen == 3        # today's new cards are used up
    soon = T0 + timedelta(minutes=30)
    queue = rc.session_queue(db, "amy", "two-handed", at=soon)
    assert [c.id for c in queue.cards] == [first.id, third.id]   # the earliest due first
    rc.allow_more(db, "amy", 2, at=soon)
    queue = rc.session_queue(db, "amy", "two-handed", at=soon)
    assert queue.due == 2 and queue.new == 2
    assert [c.id for c in queue.cards[:2]] == [first.id, third.id]   # due before new
    tomorrow = rc.session_queue(db, "amy", "two-handed", at=T0 + timedelta(days=1, hours=1))
    assert tomorrow.new == 3


def test_new_cards_take_turns_by_topic(db) -> None:  # noqa: ANN001
    rc.set_new_per_day(db, "amy", 6)
    topics = [c.topic for c in rc.session_queue(db, "amy", "two-handed", at=T0).cards]
    assert "meld" in topics[:3] and ({"duty", "play"} & set(topics[:3]))


def test_progress_names_a_card_without_its_id() -> None:
    card = rc.by_id(srs.card_item("two-handed", "meld", "double_bezique"), "ru")
    assert card is not None and card.title.startswith("Двойной безик")
    assert rc.by_id("card:no-such-game:meld:x") is None
    assert rc.by_id(srs.card_item("two-handed", "meld", "gone")) is None


# --- the page ---------------------------------------------------------------------------

@pytest.fixture()
def page_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "progress.sqlite3"
    monkeypatch.setenv("BEZIQUE_PROGRESS_DB", str(path))
    return path


def _page(lang: str, variant: str = "two-handed"):  # noqa: ANN202 - AppTest
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.session_state["lang"] = lang
    at.session_state["variant"] = variant
    at.switch_page("app_pages/review_cards.py")
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _current(at, lang: str) -> rc.ReviewCard:  # noqa: ANN001
    """The card on screen (a play-off position in the suits of this showing)."""
    card = rc.by_id(at.session_state["rc_card"], lang)
    assert card is not None
    return rc.fresh(card, at.session_state["rc_seed"], lang)


def _answer(at, card: rc.ReviewCard, chosen: list[str]) -> None:  # noqa: ANN001
    key = f"rc_answer_{at.session_state['rc_round']}"
    if card.multiple:
        at.button_group(key=key).set_value(chosen).run()
    else:
        at.radio(key=key).set_value(chosen[0]).run()
    at.button(key="rc_check").click().run()
    assert not at.exception, [e.value for e in at.exception]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_page_answers_right_and_wrong(page_db: Path, lang: str) -> None:
    at = _page(lang)
    assert at.title[0].value == ("Review cards" if lang == "en" else "Карточки")
    card = _current(at, lang)
    _answer(at, card, sorted(card.answer))
    assert at.success and not at.error
    assert any("rules?lesson=" in m.value for m in at.markdown)       # the lesson link
    at.button(key="rc_next").click().run()
    card2 = _current(at, lang)
    assert card2.id != card.id
    wrong = [o for o in card2.options if o not in card2.answer][:1]
    _answer(at, card2, wrong)
    assert at.error and card2.answer_text in at.error[0].value
    with open_store(page_db) as db:
        assert srs.card_items(db, "guest") == {card.id, card2.id}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_page_answers_a_play_off_position(page_db: Path, lang: str) -> None:
    at = _page(lang)
    for _ in range(12):    # new cards take turns by topic: a position comes soon
        card = _current(at, lang)
        if card.topic == "play":
            break
        at.button(key="rc_next").click().run()
    assert card.topic == "play"
    _answer(at, card, sorted(card.answer))
    assert at.success, [e.value for e in at.error]


def test_page_when_nothing_is_left(page_db: Path) -> None:
    with open_store(page_db) as db:
        rc.set_new_per_day(db, "guest", 0)
    at = _page("ru")
    assert at.success and "На сейчас всё" in at.success[0].value
    at.button(key="rc_more").click().run()
    assert not at.exception and at.session_state["rc_card"] is not None


def test_page_without_a_play_off(page_db: Path) -> None:
    at = _page("en", "joker")
    assert _current(at, "en").topic in ("meld", "dix", "last", "brisque")


def test_page_shows_a_damaged_store_instead_of_crashing(page_db: Path) -> None:
    import sqlite3

    with open_store(page_db) as db:
        db.learner_id("guest")
    with sqlite3.connect(page_db) as conn:
        conn.execute("DROP TABLE srs")
    at = _page("en")
    # the page escapes the path's markdown marks (an underscore would read as italics)
    assert plain(str(page_db)) in " ".join(e.value for e in at.error)


def test_a_wrong_choice_of_cards_is_explained() -> None:
    card = {c.id: c for c in rc.deck("two-handed", "ru")}[
        srs.card_item("two-handed", "play", "void_with_trumps")]
    wrong = [o for o in card.options if o not in card.answer][:1]
    lines = card.feedback(wrong, "ru")
    # each card wrongly picked, and each allowed one left out, has its own reason
    assert len(lines) == 1 + len(card.answer)     # in the hand's order
    assert [line for line in lines if line.startswith(card.label(wrong[0]) + " не козырь")]
    assert sum(line.startswith("Вы пропустили ") for line in lines) == len(card.answer)
    assert card.feedback(sorted(card.answer), "ru") == []
