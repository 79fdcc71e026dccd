"""The Play page and the Game log as the third app review met them
(../shared/reviews/app-review-3.md): the computer level shown is the level played and
it is kept (#2); the Game log lists every saved game and reviews any of them (#4); a
second click on a card already sent is dropped (#5)."""

from __future__ import annotations

from datetime import timedelta

from app_helpers import act_by_hand, pick, pickable, run_page, table_token
from streamlit.testing.v1 import AppTest

from puzzles.store import GAME_DAYS_KEPT, now_utc, open_store


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
