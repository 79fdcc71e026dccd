"""The UI's play controller: bot turns, undo, auto-play, replay, logs, the explainer
adapter. Pure Python, no streamlit."""

import json

import pytest

from app_pages.session import PlaySession
from engine.bots.coach import playoff_verdicts, simple_hint, verdicts_are_quick
from engine.errors import BeziqueError, CorruptSaveError, IllegalActionError, PositionError
from engine.notation.actions import Action, ActionType
from engine.rules.replay import Replay, actors, load_game
from engine.text.meld_lines import explain_melds


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


# --- every variant ---------------------------------------------------------------

VARIANTS = ["two-handed", "rubicon", "chinese", "eight-pack", "rubicon-four-handed"]


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_variant_plays_to_the_end_of_a_deal(variant):
    s = PlaySession.new(variant, seed=6, level="random" if "pack" in variant else "club")
    movers = set()
    while not s.deal.is_over:
        assert s.human_to_move
        s.autoplay(1)
        movers |= {t.player for t in s.turns}
    assert movers == set(range(s.deal.profile.players))
    if s.deal.profile.scoring.end == "single_deal":
        assert s.game.is_over and s.settlement is not None
        assert s.game.game_scores is not None and len(s.game.game_scores) == s.deal.profile.sides
        assert any(step.key == "settle_total" or step.key == "settle_draw"
                   for step in s.settlement.steps)
    else:
        assert not s.game.is_over and s.settlement is None


def test_four_handed_every_other_seat_is_a_bot():
    s = PlaySession.new("rubicon-four-handed", seed=2)
    assert s.bots == [1, 2, 3] and s.partner == 2
    assert [s.role(p) for p in range(4)] == ["you", "left", "partner", "right"]
    for _ in range(12):
        if s.deal.is_over:
            break
        assert s.human_to_move
        hint = s.hint()
        assert hint is not None and hint.action in s.legal()
        assert playoff_verdicts(s.deal) is None      # two-player positions only
        s.act(hint.action)


def _blanche_session(variant: str, seed: int, following: bool) -> PlaySession:
    s = PlaySession.new(variant, seed=seed, level="random")
    assert bool(s.deal.trick) is following
    return s


@pytest.mark.parametrize(("variant", "seed", "following"), [
    ("rubicon", 190, False), ("rubicon", 87, True), ("rubicon-four-handed", 204, False),
    ("chinese", 118, True)])
def test_carte_blanche_claim(variant, seed, following):
    s = _blanche_session(variant, seed, following)
    claim = Action(ActionType.CARTE_BLANCHE)
    assert claim in s.legal()
    before = s.deal.team_scores()[s.deal.profile.team(s.human)]
    turns = s.act(claim)
    events = [e for e in turns[0].events if e.type == "declare"]
    assert events and events[0].meld in ("carte_blanche", "double_carte_blanche")
    assert s.deal.team_scores()[s.deal.profile.team(s.human)] >= before + events[0].points
    assert s.human in s.deal.blanche and claim not in s.legal()
    s.autoplay_to_end()
    assert s.game.is_over


def test_long_playoff_verdicts_are_on_demand():
    s = PlaySession.new("chinese", seed=1, level="random")
    while not s.deal.in_playoff and not s.deal.is_over:
        s.autoplay(1)
    if s.deal.is_over:
        pytest.skip("the play-off was skipped")
    assert not verdicts_are_quick(s.deal)
    verdicts = playoff_verdicts(s.deal)
    assert verdicts and min(v.loss for v in verdicts.values()) == 0
    assert verdicts_are_quick(PlaySession.new(seed=1).deal)


def test_four_handed_playoff_verdicts_are_the_sides_values():
    """Four seats: a verdict per card on every redraw (the compiled search), each
    the side's loss against the partnership solver's best card."""
    from engine.notation.cards import Card
    from engine.solver import move_values
    from engine.solver.kernel4 import kernel_available

    s = PlaySession.new("rubicon-four-handed", seed=3, level="random")
    checked = 0
    while not s.deal.is_over and checked < 6:
        if s.deal.in_playoff and s.human_to_move:
            assert verdicts_are_quick(s.deal) == kernel_available()
            verdicts = playoff_verdicts(s.deal)
            values = move_values(s.deal.playoff_position())
            assert verdicts is not None and min(v.loss for v in verdicts.values()) == 0
            best = max(values.values())
            for card, verdict in verdicts.items():
                assert verdict.loss == best - values[Card.from_id(card).face]
                assert (verdict.refutation != "") == (verdict.loss > 0)
            checked += 1
        s.autoplay(1)
    assert checked == 6


def test_settlement_is_undone_with_the_deal():
    s = PlaySession.new("rubicon", seed=3, level="random")
    s.autoplay_to_end()
    assert s.game.is_over
    assert s.undo()
    assert not s.game.is_over and s.game.game_scores is None and s.human_to_move
