"""The UI's play controller: bot turns, undo, auto-play, replay, logs, the explainer
adapter. Pure Python, no streamlit."""

import json

import pytest

from engine.actions import Action, ActionType
from engine.errors import BeziqueError, CorruptSaveError, IllegalActionError, PositionError
from engine.session import (
    PlaySession,
    Replay,
    actors,
    explain_melds,
    load_game,
    simple_hint,
)


def test_bot_answers_until_the_human_moves():
    s = PlaySession.new(seed=11)
    assert s.human_to_move
    for _ in range(6):
        s.act(s.legal()[0])
        assert s.human_to_move or s.deal.is_over


def test_illegal_action_changes_nothing():
    s = PlaySession.new(seed=5)
    before = s.deal.snapshot()
    with pytest.raises(IllegalActionError) as err:
        s.act(Action(ActionType.DRAW))
    assert err.value.rule_id and err.value.reason
    assert s.deal.snapshot() == before


def test_undo_replays_all_but_the_last_human_action():
    s = PlaySession.new(seed=2)
    s.autoplay(4)
    who = actors(s.deal)
    last_human = max(i for i, p in enumerate(who) if p == s.human)
    assert s.undo()
    assert len(s.deal.actions) == last_human and s.human_to_move
    assert [t.player for t in s.turns] == who[:last_human]


def test_a_whole_game_to_the_target():
    s = PlaySession.new(seed=4)
    deals = 0
    while not s.game.is_over:
        s.autoplay_to_end()
        assert s.deal.is_over
        s.next_deal()
        deals += 1
        assert deals < 60
    assert max(s.game.totals) >= s.deal.profile.scoring.target


def test_hint_is_legal_everywhere():
    s = PlaySession.new(seed=9)
    while not s.deal.is_over:
        hint = simple_hint(s.deal)
        assert hint.action in s.deal.legal_actions() and hint.keys
        s.act(hint.action) if s.human_to_move else None


def test_log_round_trip_and_replay():
    s = PlaySession.new(seed=3)
    s.autoplay(10)
    again = PlaySession.loads(s.dumps())
    assert again.deal == s.deal
    replay = Replay(again.game)
    n = replay.length(1)
    step = replay.at(1, n)
    assert step.deal == s.deal and step.turn is not None
    assert replay.at(1, 0).turn is None and not replay.at(1, 0).deal.actions


@pytest.mark.parametrize("data", [b"", b"{", b"[]", b"\xff\xfe", b'{"format": "bezique-game"}',
                                  b"[" * 100_000, b" " * 2_000_000, json.dumps(
                                      {"format": "bezique-game", "version": 1,
                                       "variant": "two-handed", "first_dealer": 0,
                                       "deals": [{"nope": 1}]}).encode()])
def test_bad_logs_are_refused(data):
    with pytest.raises(CorruptSaveError):
        load_game(data)


def test_explainer_adapter_in_both_languages():
    request = {"trump": "D", "hand": ["KD", "QD", "QS", "JD"], "table": []}
    en_legal, _ = explain_melds(request, "en")
    ru_legal, _ = explain_melds(request, "ru")
    assert {m.meld for m in en_legal} == {m.meld for m in ru_legal} >= {"trump_marriage",
                                                                        "bezique"}
    assert any("образуют" in line for m in ru_legal for line in m.lines)
    with pytest.raises(PositionError):
        explain_melds({"trump": "D", "hand": ["KD"], "table": ["KD"]}, "ru")
    with pytest.raises(BeziqueError):
        explain_melds({"trump": "D", "hand": ["KD"] * 3}, "en")
