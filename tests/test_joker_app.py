"""The 18-card game with jokers (004) in the app: played against a bot on the Play
page to the end of the game, and its ladders and jokers in the Score explainer."""

from __future__ import annotations

import pytest

pytest.importorskip("streamlit")
from app_helpers import act_by_hand, pick, pickable, run_page  # noqa: E402

from engine.notation.cards import joker_id, parse_card  # noqa: E402


def test_the_joker_game_is_played_against_a_bot_to_the_end() -> None:
    at = run_page("play", play_seed=5, level="club")
    at.selectbox(key="play_variant").set_value("joker").run()
    assert not at.exception
    s = at.session_state["play"]
    assert s.deal.profile.name == "joker" and len(s.deal.holding(s.human)) == 18
    for _ in range(4):
        act_by_hand(at)
        assert not at.error
    # no tricks are kept in this game: the page never speaks of winning one
    text = " ".join(m.value for m in at.markdown) + " ".join(str(c.value) for c in at.caption)
    assert "won the trick" not in text and "Trick " not in text
    assert "wins the round" in text or "win the round" in text
    assert "You wins" not in text   # app-review-3 #6: the verb agrees with "You"
    assert "Game to 0" not in text and "trick 4 of" not in text and "Aces, tens" not in text
    at.button(key="hint").click().run()
    assert at.info and not at.exception
    at.button(key="to_end").click().run()
    s = at.session_state["play"]
    assert s.deal.is_over and not at.exception
    text = " ".join(m.value for m in at.markdown)
    assert "nobody can refill to eighteen" in text
    # our choice (option joker.game_end): the game is one deal, over with the deal
    # (app-review-3 #6: no "Next deal" button before the result)
    assert not any(b.key == "next_deal" for b in at.button)
    assert at.session_state["play"].game.is_over
    assert any(b.key == "new_game_end" for b in at.button)
    text = " ".join(m.value for m in at.markdown)
    assert "The game is one deal" in " ".join(x.value for x in at.success) or "draw" in text
    at.sidebar.radio(key="lang_pick").set_value("ru").run()
    assert not at.exception


def _click(at, *tokens: str) -> None:
    for token in tokens:
        pick(at, "ex_pick_hand", parse_card(token).id)
        assert not at.exception, [e.value for e in at.exception]


def test_the_score_explainer_on_the_joker_ladders() -> None:
    at = run_page("explainer", variant="joker")
    cards = pickable(at, "ex_pick_hand")
    assert joker_id(1) in cards and joker_id(2) in cards       # the jokers can be picked
    assert parse_card("7S").id not in cards and parse_card("9S#4").id not in cards
    at.segmented_control(key="ex_trump").set_value("S").run()
    _click(at, "KS#1", "JK#1", "QH#1", "QD#1", "QC#1", "JC#1")
    assert not at.warning, [w.value for w in at.warning]
    text = " ".join(m.value for m in at.markdown)
    assert "trump marriage" in text and "stands for" in text and "four queens" in text
    assert "bezique" in text                                   # the joker as the queen of spades
    at.sidebar.radio(key="lang_pick").set_value("ru").run()
    text = " ".join(m.value for m in at.markdown)
    assert "козырный марьяж" in text and "инфузорка" in text
