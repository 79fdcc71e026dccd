"""The search's judgement counted in deals, and copies of a card (rules-review-3 finding 2,
issue 56 items 2 and 4).

* Moves by effect: another copy of the same card, alike in everything the deal records,
  is the same move (:func:`engine.rules.effects.same_effect`): the review does not
  flag it, the estimates give it the same numbers. Copies the deal tells apart (one on
  the table, one in the hand) stay two moves.
* Budgets in deals: the expert, its hints and the review stop when their deals are
  done, never on the clock, so a seed gives the same moves and verdicts on a loaded
  machine. Load is simulated deterministically: a clock that jumps a quarter of a
  second at every reading (no timed tests).
* The floor is data: the ``[bots]`` table of every variant file.
"""

from __future__ import annotations

import json
import random
import time
import tomllib
from collections.abc import Iterator
from dataclasses import replace
from importlib import resources
from pathlib import Path

import pytest

from engine.bots import hint_reasons, judgement, make_bot
from engine.bots.budget import SAFETY_SECONDS, expert_deals, position_seed
from engine.bots.judgement import CONFIRM_Z, FIRST_Z, clearly_best, confirmed_loss
from engine.bots.review import Budget, Decision, judge
from engine.bots.search import ActionEstimate, StrongBot, estimate_actions, estimate_position
from engine.cli import main
from engine.cli.review import line
from engine.errors import ProfileError
from engine.notation.actions import Action
from engine.notation.cards import parse_card
from engine.rules.deal import Deal
from engine.rules.effects import distinct_effects, look_alikes, same_effect
from engine.rules.game import Game
from engine.rules.profile import SearchFloor, load_profile, profile_from_dict, variant_names
from engine.rules.view import PlayerView

DATA = Path(__file__).parent / "data"
SMALL = Budget(deals=6, confirm_deals=12, hint_deals=6)


def identical_copies() -> Deal:
    """rules-review-3 finding 2a (probes-3/games/club-7.json, deal 1, trick 11): both
    jacks of spades lie on the table in the one four jacks scored; J♠#2 was played."""
    return Deal.from_json(json.loads((DATA / "review_identical_copies.json").read_text()))


def ids(text: str) -> list[int]:
    return [parse_card(c).id for c in text.split()]


def table_and_hand() -> Deal:
    """Player 1 to lead with K♠#1 on the table (in the marriage he declared) and K♠#2
    in the hand: the opponent sees one of them, so the two plays differ."""
    deal = Deal.arranged(load_profile("two-handed"),
                         [ids("KS#1 QS#1 KS#2 AC#1 8D#1 9D#1 8C#1 9C#1"),
                          ids("7D#1 7C#1 7S#1 8S#1 9S#1 JD#1 JC#1 JH#1")],
                         parse_card("AH#1").id, dealer=1)
    for text in ("play AC#1", "play 7C#1", "declare marriage KS#1 QS#1", "draw"):
        deal.apply_text(text)
    return deal


# --- 1. moves by effect, not copy -------------------------------------------------------

def test_identical_copies_are_one_move_and_cost_nothing() -> None:
    """Finding 2a: the review said "you chose to play J♠#2; better: play J♠#1 (about 22
    points, between 4 and 40)". The two plays are the same move: cost 0, not flagged,
    and the better move shown is the one played."""
    deal = identical_copies()
    played, other = Action.parse("play JS#2"), Action.parse("play JS#1")
    assert same_effect(deal, played, other) and same_effect(deal, other, played)
    assert played not in distinct_effects(deal, deal.legal_actions())
    assert look_alikes(deal, played) == frozenset()
    decision = judge(deal, 0, played, SMALL)
    assert (decision.cost, decision.flagged, decision.better) == (0.0, False, played)
    assert judge(deal, 0, other, SMALL).cost == 0.0


def test_copies_the_deal_tells_apart_stay_two_moves() -> None:
    deal = table_and_hand()
    on_table, in_hand = Action.parse("play KS#1"), Action.parse("play KS#2")
    assert deal.to_move == 0 and parse_card("KS#1").id in deal.tables[0]
    assert not same_effect(deal, on_table, in_hand)
    assert look_alikes(deal, in_hand) == {parse_card("KS#1").id}
    assert len(distinct_effects(deal, deal.legal_actions())) == len(deal.legal_actions())


def test_estimates_give_copies_of_one_effect_the_same_numbers() -> None:
    deal = identical_copies()
    view = PlayerView.of(deal, 0)
    plays = [Action.parse("play JS#1"), Action.parse("play JS#2"), Action.parse("play AS#1")]
    found = {e.action: e for e in estimate_actions(view, plays, random.Random(3), deals=4)}
    first, second = found[plays[0]], found[plays[1]]
    assert (first.mean, first.loss, first.low, first.high) == \
        (second.mean, second.loss, second.low, second.high)
    every = estimate_position(deal, 0, seed=3, deals=4)
    assert {e.action for e in every} == set(distinct_effects(deal, deal.legal_actions()))
    assert every == estimate_position(deal, 0, seed=3, deals=4)
    assert every[0].loss == 0.0 and all(e.samples == 4 for e in every)


def test_a_drill_offers_one_answer_per_move() -> None:
    from puzzles.drills import Drill, answers, shown_move

    deal = identical_copies()
    played = Action.parse("play JS#2")
    drill = Drill(1, "club", 0, deal, played, Action.parse("play AS#1"))
    offered = answers(drill)
    assert len(offered) == len(deal.legal_actions()) - 1
    assert shown_move(drill, played) == Action.parse("play JS#1") in offered
    apart = Drill(2, "two-handed", 0, table_and_hand(), Action.parse("play KS#2"),
                  Action.parse("play 8D#1"))
    assert len(answers(apart)) == len(apart.deal.legal_actions())


def test_review_lines_mark_copies_only_where_they_tell_moves_apart() -> None:
    same = identical_copies()
    played = Action.parse("play JS#2")
    quiet = Decision(1, len(same.actions), same.tricks_played + 1, 0, played,
                     Action.parse("play AS#1"), 20.0, 10.0, 30.0, False, True,
                     position=same.to_json())
    assert "play J♠;" in line(quiet, "en") and "#" not in line(quiet, "en")
    apart = table_and_hand()
    marked = Decision(1, len(apart.actions), apart.tricks_played + 1, 0,
                      Action.parse("play KS#2"), Action.parse("play 8D#1"), 20.0, 10.0, 30.0,
                      False, True, position=apart.to_json())
    assert "play K♠#2;" in line(marked, "en")


# --- 2. budgets in deals ---------------------------------------------------------------

@pytest.fixture
def loaded_clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A machine so loaded that every reading of the clock finds a quarter of a second
    gone (deterministic: no real time is measured)."""
    now = [0.0]

    def slow() -> float:
        now[0] += 0.25
        return now[0]

    monkeypatch.setattr(time, "perf_counter", slow)
    yield


def searched_position() -> tuple[Deal, PlayerView]:
    deal = Deal.new(load_profile("two-handed"), random.Random(11), dealer=0)
    return deal, PlayerView.of(deal, deal.to_move)


def expert_moves(seed: int) -> list[tuple[Action, int, bool]]:
    """A seeded expert's moves over one deal against club, with each search's deals."""
    deal = Deal.new(load_profile("two-handed"), random.Random(seed), dealer=0)
    expert = StrongBot(random.Random(seed), deals=5, gap=0.0)
    club = make_bot("club", random.Random(seed + 1))
    out = []
    for _ in range(24):
        view = PlayerView.of(deal, deal.to_move)
        if deal.to_move == 0:
            action = expert.choose(view)
            assert expert.last is not None
            out.append((action, expert.last.samples, expert.last.cut_short))
        else:
            action = club.choose(view)
        deal.apply(action)
    return out


def test_the_same_seed_gives_the_same_moves_on_a_loaded_machine(
        request: pytest.FixtureRequest) -> None:
    quiet = expert_moves(5)
    request.getfixturevalue("loaded_clock")
    assert expert_moves(5) == quiet
    assert any(samples == 5 for _a, samples, _c in quiet)
    assert not any(cut for _a, _s, cut in quiet)


def test_the_same_seed_gives_the_same_verdicts_and_hints_on_a_loaded_machine(
        request: pytest.FixtureRequest) -> None:
    deal = identical_copies()
    plays = [a for a in deal.legal_actions()][:4]
    quiet = [judge(deal, 0, a, SMALL) for a in plays]
    hint = hint_reasons(deal, 0, 6)
    request.getfixturevalue("loaded_clock")
    assert [judge(deal, 0, a, SMALL) for a in plays] == quiet
    assert hint_reasons(deal, 0, 6) == hint


def test_only_the_safety_bound_cuts_a_search_and_it_says_so(
        monkeypatch: pytest.MonkeyPatch) -> None:
    _deal, view = searched_position()
    whole = StrongBot(random.Random(2), deals=6, gap=0.0).search(view)
    assert whole.samples == 6 and not whole.cut_short
    now = [0.0]

    def stalled() -> float:   # every reading finds more than the bound gone
        now[0] += SAFETY_SECONDS + 1
        return now[0]

    monkeypatch.setattr(time, "perf_counter", stalled)
    cut = StrongBot(random.Random(2), deals=6, gap=0.0).search(view)
    assert cut.cut_short and cut.samples == 1
    estimate = estimate_actions(view, view.legal[:2], random.Random(1), deals=6)
    assert all(e.cut_short and e.samples == 1 for e in estimate)


# --- the floor: one place, read from the variant files ---------------------------------

def test_every_variant_file_states_its_floor_in_deals() -> None:
    for name in variant_names():
        text = (resources.files("engine") / "variants" / f"{name}.toml").read_text("utf-8")
        table = tomllib.loads(text).get("bots")
        assert table is not None and set(table) == {"expert_deals", "stock_end_deals"}, name
        profile = load_profile(name)
        assert profile.search == SearchFloor(table["expert_deals"], table["stock_end_deals"])
        assert expert_deals(profile) == table["expert_deals"]
        assert expert_deals(profile, stock_end=True) == table["stock_end_deals"]


@pytest.mark.parametrize("bots", [{"expert_deals": 0}, {"expert_deals": "60"},
                                  {"stock_end_deals": 10**9}, {"expert_seconds": 0.4}])
def test_a_floor_out_of_range_or_unknown_is_refused(bots: dict[str, object]) -> None:
    text = (resources.files("engine") / "variants" / "two-handed.toml").read_text("utf-8")
    data = tomllib.loads(text)
    data.pop("catalogue")
    with pytest.raises(ProfileError):
        profile_from_dict({**data, "bots": bots})


def test_the_expert_hint_and_review_search_the_profiles_floor() -> None:
    deal, _view = searched_position()
    profile = replace(deal.profile, search=SearchFloor(3, 3))
    small = Deal.new(profile, random.Random(11), dealer=0)
    view = PlayerView.of(small, small.to_move)
    assert StrongBot(random.Random(1), gap=0.0).search(view).samples == 3
    assert all(e.samples == 3 for e in estimate_actions(view, view.legal[:2],
                                                        random.Random(1)))
    assert Budget().first(small) == 3 and Budget().confirming(small) == 9
    assert position_seed(small, "hint") != position_seed(small)


# --- the command line --------------------------------------------------------------------

def test_review_counts_its_budget_in_deals_on_the_command_line(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    played = Game.new(load_profile("two-handed"), random.Random(4))
    for _ in range(6):
        played.deal.apply(played.deal.legal_actions()[0])
    game = tmp_path / "game.json"
    game.write_text(json.dumps(played.to_json()))
    for flag in ("--deals", "--samples"):   # --samples: the old name, still understood
        assert main(["review", str(game), flag, "3", "--json"]) == 0
        assert json.loads(capsys.readouterr().out)["judged"] >= 1
    with pytest.raises(SystemExit) as refused:
        main(["review", str(game), "--time-limit", "0.3"])
    assert refused.value.code == 2


# --- a flag holds on fresh deals (the review's confirmation) -----------------------------

def fake_search(monkeypatch: pytest.MonkeyPatch, losses: dict[int, list[tuple[float, float]]]
                ) -> list[tuple[int, float, object]]:
    """Replace the search behind the judgement: at ``deals`` deals the last move asked
    is the best and the others get the (loss, low) listed, in order; the calls are
    recorded (deals, z, the RNG's state)."""
    calls: list[tuple[int, float, object]] = []

    def estimates(view: PlayerView, actions: list[Action], rng: random.Random,
                  deals: int | None = None, z: float = 1.96) -> tuple[ActionEstimate, ...]:
        assert deals is not None
        calls.append((deals, z, rng.getstate()))
        *others, best = actions
        found = [ActionEstimate(best, 0.0, 0.0, 0.0, 0.0, deals)]
        for action, (loss, low) in zip(others, losses[deals], strict=True):
            found.append(ActionEstimate(action, -loss, loss, low, 2 * loss - low, deals))
        return tuple(sorted(found, key=lambda e: e.loss))

    monkeypatch.setattr(judgement, "estimate_actions", estimates)
    return calls


def two_moves() -> tuple[Deal, Action, Action]:
    deal, view = searched_position()
    return deal, view.legal[0], view.legal[1]


def test_a_loss_is_flagged_only_when_fresh_deals_confirm_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Finding 2b: 9 of 40 flags did not hold on 300 deals. A loss clear on the first
    deals is estimated again on three times as many fresh ones (another seed) with a
    99.7% interval; the flag and the figures are that estimate's."""
    deal, played, better = two_moves()
    calls = fake_search(monkeypatch, {10: [(40.0, 10.0)], 30: [(3.0, -20.0)]})
    estimate, flagged = confirmed_loss(deal, deal.to_move, played, better, deals=10)
    assert not flagged and estimate.loss == 3.0
    assert [(d, z) for d, z, _s in calls] == [(10, FIRST_Z), (30, CONFIRM_Z)]
    assert calls[0][2] == random.Random(position_seed(deal)).getstate() != calls[1][2]
    fake_search(monkeypatch, {10: [(40.0, 10.0)], 30: [(20.0, 8.0)]})
    assert confirmed_loss(deal, deal.to_move, played, better, deals=10)[1]
    calls = fake_search(monkeypatch, {10: [(40.0, -5.0)]})
    assert not confirmed_loss(deal, deal.to_move, played, better, deals=10)[1] and len(calls) == 1
    fake_search(monkeypatch, {10: [(4.0, 1.0)]})   # clear but below MIN_COST
    assert not confirmed_loss(deal, deal.to_move, played, better, deals=10)[1]


def test_the_review_flags_by_the_confirming_estimate(monkeypatch: pytest.MonkeyPatch) -> None:
    from engine.bots import review

    deal, played, better = two_moves()
    monkeypatch.setattr(review, "hint_reasons", lambda *_args: (better, ()))
    fake_search(monkeypatch, {10: [(40.0, 10.0)], 30: [(3.0, -20.0)]})
    budget = Budget(deals=10, confirm_deals=30)
    quiet = judge(deal, deal.to_move, played, budget)
    assert (quiet.flagged, quiet.cost, quiet.low) == (False, 3.0, -20.0)
    fake_search(monkeypatch, {10: [(40.0, 10.0)], 30: [(20.0, 8.0)]})
    loud = judge(deal, deal.to_move, played, budget)
    assert (loud.flagged, loud.cost, loud.low, loud.better) == (True, 20.0, 8.0, better)


def test_clearly_best_needs_every_other_move_clearly_worse_twice(
        monkeypatch: pytest.MonkeyPatch) -> None:
    deal, view = searched_position()
    moves = list(view.legal[:3])
    fake_search(monkeypatch, {4: [(30.0, 10.0), (50.0, 20.0)],
                              12: [(25.0, 6.0), (45.0, 15.0)]})
    best = clearly_best(deal, deal.to_move, deals=4, moves=moves)
    assert best is not None and best.action == moves[2]
    assert (best.runner_up.action, best.runner_up.loss) == (moves[0], 25.0)
    fake_search(monkeypatch, {4: [(30.0, 10.0), (50.0, 20.0)],
                              12: [(25.0, -1.0), (45.0, 15.0)]})
    assert clearly_best(deal, deal.to_move, deals=4, moves=moves) is None
    calls = fake_search(monkeypatch, {4: [(30.0, -1.0), (50.0, 20.0)]})
    assert clearly_best(deal, deal.to_move, deals=4, moves=moves) is None and len(calls) == 1
    assert clearly_best(deal, deal.to_move, deals=4, moves=moves[:1]) is None


def test_clearly_best_is_a_function_of_the_position() -> None:
    deal, _view = searched_position()
    before = deal.dumps()
    found = clearly_best(deal, deal.to_move, deals=6, confirm_deals=12)
    assert found == clearly_best(deal, deal.to_move, deals=6, confirm_deals=12)
    assert deal.dumps() == before
    if found is not None:
        assert found.action in deal.legal_actions() and found.estimates[0].loss == 0.0
        assert all(e.low > 0 and e.samples == 12 for e in found.estimates[1:])
