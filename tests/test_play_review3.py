"""The Play page and the Game log as the third app review met them
(../shared/reviews/app-review-3.md): the computer level shown is the level played and
it is kept (#2); the Game log lists every saved game and reviews any of them (#4); a
second click on a card already sent is dropped (#5)."""

from __future__ import annotations

import json
import re
from datetime import timedelta

from app_helpers import act_by_hand, pick, pickable, run_page, table_token
from streamlit.testing.v1 import AppTest

from app_pages.session import PlaySession, game_result
from engine.bots.review import Budget
from puzzles.store import GAME_DAYS_KEPT, now_utc, open_store

SMALL = Budget(deals=4, confirm_deals=8, hint_deals=2)


def _level_box(at: AppTest) -> str:
    return str(at.selectbox(key="play_level").value)


def _saved_level() -> str:
    with open_store() as store:
        saved = store.latest_game("guest")
    assert saved is not None
    return saved.level


# --- #2 the level ------------------------------------------------------------------------

def test_the_level_chosen_plays_at_once_and_every_new_game() -> None:
    at = run_page("play", play_seed=3)
    assert _level_box(at) == at.session_state["play"].level == "club"
    at.selectbox(key="play_level").set_value("expert").run()
    assert at.session_state["play"].level == "expert" == _level_box(at)   # this game too
    act_by_hand(at)
    assert _saved_level() == "expert"
    at.button(key="new_game").click().run()
    assert at.session_state["play"].level == "expert" == _level_box(at) == _saved_level()
    at.selectbox(key="play_variant").set_value("rubicon").run()          # another variant
    assert at.session_state["play"].deal.profile.name == "rubicon"
    assert at.session_state["play"].level == "expert" == _level_box(at) == _saved_level()


def test_a_new_browser_session_keeps_the_level() -> None:
    first = run_page("play", play_seed=3)
    first.selectbox(key="play_level").set_value("expert").run()
    act_by_hand(first)
    # A new browser session: the game is resumed at its level, and so is the next one
    # (old main: "Expert" shown, the club bot playing the new game).
    again = run_page("play")
    assert again.session_state["play"].level == "expert" == _level_box(again)
    again.button(key="new_game").click().run()
    assert again.session_state["play"].level == "expert" == _level_box(again)
    assert _saved_level() == "expert"
    again.selectbox(key="play_variant").set_value("three-handed").run()
    assert again.session_state["play"].level == "expert" == _saved_level()


def test_the_level_is_kept_without_a_saved_game() -> None:
    first = run_page("play", play_seed=3)
    first.selectbox(key="play_level").set_value("beginner").run()
    with open_store() as store:   # the games are gone (pruned): the choice is not
        store.prune_games(at=now_utc() + timedelta(days=GAME_DAYS_KEPT + 1))
        assert store.latest_game("guest") is None
    again = run_page("play")
    assert again.session_state["play"].level == "beginner" == _level_box(again)


def test_a_level_change_is_saved_with_the_game() -> None:
    at = run_page("play", play_seed=3)
    act_by_hand(at)
    assert _saved_level() == "club"
    at.selectbox(key="play_level").set_value("beginner").run()
    assert _saved_level() == "beginner"    # saved at once, not at the next move


# --- #4 the Game log --------------------------------------------------------------------

def test_a_game_left_before_the_learner_acted_is_not_listed() -> None:
    at = run_page("play", play_seed=3)
    act_by_hand(at)
    played = at.session_state["play"].saved_as
    at.button(key="new_game").click().run()                      # kept: it was played
    at.selectbox(key="play_variant").set_value("rubicon").run()   # replaces the new one
    at.selectbox(key="play_variant").set_value("club").run()
    with open_store() as store:
        listed = store.game_list("guest")
    assert [g.variant for g in listed] == ["club", "two-handed"]
    assert listed[1].id == played


def _save(variant: str, seed: int, minutes: int, level: str = "expert",
          deals: int = 1) -> tuple[int, PlaySession]:
    """A game played by the computer for the learner, saved as the Play page saves."""
    s = PlaySession.new(variant, seed=seed, level="random")
    s.autoplay_to_end()
    while len(s.game.finished_deals) + 1 < deals and not s.game.is_over:
        s.next_deal()
        s.autoplay_to_end()
    with open_store() as store:
        game_id = store.save_game("guest", s.dumps(), variant, level,
                                  sum(len(d.actions) for d in s.game.finished_deals)
                                  + len(s.deal.actions), s.game.is_over,
                                  at=now_utc() - timedelta(minutes=minutes),
                                  result=json.dumps(game_result(s.game)))
    return game_id, s


def test_the_game_log_lists_every_saved_game_newest_first() -> None:
    old, _ = _save("rubicon", 4, minutes=50, level="beginner")
    _save("two-handed", 5, minutes=30, deals=2)
    new, newest = _save("three-handed", 6, minutes=10, level="club")
    # A new browser session, the Play page not opened (old main: "No game of yours yet").
    at = run_page("replay")
    radio = at.radio(key="replay_source")
    assert radio.value == f"saved_{new}"
    assert len(radio.options) == 4 and radio.options[3] == "Sample deal, annotated"
    first, second, third = radio.options[:3]
    assert "Three-handed Bezique" in first and "opponent: Club player" in first
    assert "Two-handed Bezique" in second and "opponent: Expert" in second
    assert "Rubicon Bezique" in third and "opponent: Beginner" in third
    assert re.match(r"\d{4}-\d\d-\d\d \d\d:\d\d · ", first)
    result = game_result(newest.game)
    scores = " : ".join(str(n) for n in result["scores"])
    assert scores in first and ("won" in third or "lost" in third or "drawn" in third)
    assert "deal 2" in second or "won" in second or "lost" in second
    assert not any("No game of yours" in c.value for c in at.caption)


def test_an_older_game_is_replayed_at_its_end_and_reviewed() -> None:
    older, game = _save("two-handed", 8, minutes=40)
    _save("rubicon", 9, minutes=5)
    at = run_page("replay", hand_review_budget=SMALL)
    at.radio(key="replay_source").set_value(f"saved_{older}").run()
    assert not at.exception
    last = len(game.deal.actions)
    assert at.number_input(key="replay_deal").value == 1
    assert at.slider(key="replay_step").value == last      # at the end of the deal
    at.button(key="replay_review_offer").click().run()
    assert not at.exception
    assert at.slider(key="replay_step").value == last      # still there, the review open
    review = next(iter(at.session_state["hand_reviews"].values()))
    assert at.session_state["hand_reviews"] and review.decisions
    text = " ".join(m.value for m in at.markdown) + " ".join(s.value for s in at.success)
    assert "you chose" in text or "Well played" in text


def test_a_saved_game_that_cannot_be_replayed_is_listed_and_refused_in_words() -> None:
    good, _ = _save("two-handed", 8, minutes=40)
    with open_store() as store:   # saved before results were kept, and unreadable now
        bad = store.save_game("guest", '{"deals": "no"}', "rubicon", "club", 3, False)
    at = run_page("replay")
    labels = list(at.radio(key="replay_source").options)
    assert labels[0].endswith("Rubicon Bezique · opponent: Club player")   # no result
    assert at.radio(key="replay_source").value == f"saved_{bad}"
    assert any("cannot be loaded" in e.value for e in at.error)
    at.radio(key="replay_source").set_value(f"saved_{good}").run()
    assert not at.exception and not at.error
    assert at.slider(key="replay_step").value > 0


# --- #5 clicks ---------------------------------------------------------------------------

def test_a_second_click_on_a_card_already_sent_is_dropped_quietly() -> None:
    at = run_page("play", variant="four-handed", level="beginner", play_seed=11)
    shown = table_token(at, "play_table")
    cards = [c for c, state in pickable(at, "play_table").items() if state != "illegal"]
    pick(at, "play_table", cards[0])             # sent: the bots answer, the card is gone
    s = at.session_state["play"]
    after = list(s.deal.actions)
    assert cards[0] not in s.deal.hands[s.human]
    # The same card clicked again on the table as it was drawn before the answer
    # (old main: "Not allowed: You do not hold A♥").
    pick(at, "play_table", cards[0], token=shown)
    assert at.session_state["play_msg"] is None and not at.error
    assert list(at.session_state["play"].deal.actions) == after
    # Another card clicked on the old table is dropped too: it meant another position.
    if len(cards) > 1:
        pick(at, "play_table", cards[1], token=shown)
        assert list(at.session_state["play"].deal.actions) == after
    # A click on the table as drawn now plays.
    act_by_hand(at)
    assert len(at.session_state["play"].deal.actions) > len(after)


def test_an_illegal_card_clicked_twice_is_refused_twice() -> None:
    # The token changes with the position only: a refusal leaves the table as it was.
    from app_helpers import playoff_follow_session

    s = playoff_follow_session()
    at = run_page("play", play=s)
    illegal = next(c for c, state in pickable(at, "play_table").items() if state == "illegal")
    for _ in range(2):
        pick(at, "play_table", illegal)
        assert at.session_state["play_msg"] is not None and at.error
