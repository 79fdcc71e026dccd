"""Every named option survives a save: a deal's save keeps the options it was played
with (``[id, choice]`` pairs, the game save's format) and replays under them; a save
whose options are unknown or belong to another variant is a corrupt save; older saves
without options still load under the variant's own rules.

The sweep plays a short seeded random deal under every (variant, option, choice) the
engine accepts, saves it, reloads it and compares the state and its events. By default
each deal is a few actions long and a small sample is played to its end; set
``BEZIQUE_FULL_SWEEP=1`` to play every combination to the end with several seeds and
compare the save at several points of each deal."""

from __future__ import annotations

import json
import random

import pytest
import sweep

from engine.errors import CorruptSaveError
from engine.rules.deal import Deal
from engine.rules.game import Game
from engine.rules.penalties import attempts
from engine.rules.profile import Profile, apply_option, load_profile, variant_names, variant_options
from engine.rules.replay import load_game

FULL_SWEEP = sweep.FULL
SHORT_ACTIONS = 12     # a few actions per combination by default
FULL_SAMPLE = 16       # combinations played to the end by default
SEEDS = 3 if FULL_SWEEP else 1

COMBINATIONS = [(variant, option.id, choice.name) for variant in variant_names()
                for option in variant_options(variant) for choice in option.choices]


def _played(profile: Profile, seed: int, actions: int | None) -> Deal:
    """A random deal under ``profile``: ``actions`` moves, or to its end when None."""
    rng = random.Random(seed)
    deal = Deal.new(profile, rng, dealer=seed % profile.players)
    while not deal.is_over and (actions is None or len(deal.actions) < actions):
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


def _assert_round_trip(deal: Deal) -> None:
    data = json.loads(deal.dumps())
    assert data["options"] == [list(o) for o in deal.profile.options]
    again = Deal.loads(deal.dumps())
    assert again.profile == deal.profile and again.profile.options == deal.profile.options
    assert again.snapshot() == deal.snapshot()    # the state and every event
    assert again.legal_actions() == deal.legal_actions()


def test_the_sweep_covers_every_accepted_combination() -> None:
    accepted = set()
    for variant in variant_names():
        for option in variant_options(variant):
            for choice in option.choices:
                apply_option(load_profile(variant), option.id, choice.name)
                accepted.add((variant, option.id, choice.name))
    assert accepted == set(COMBINATIONS) and len(COMBINATIONS) > 100


@pytest.mark.parametrize(("variant", "option_id", "choice"), COMBINATIONS,
                         ids=[f"{v}-{o}={c}" for v, o, c in COMBINATIONS])
def test_every_option_survives_a_save(variant: str, option_id: str, choice: str) -> None:
    profile = apply_option(load_profile(variant), option_id, choice)
    assert profile.options == ((option_id, choice),)
    for seed in range(SEEDS):
        if not FULL_SWEEP:
            _assert_round_trip(_played(profile, seed, SHORT_ACTIONS))
            continue
        deal = _played(profile, seed, None)
        _assert_round_trip(deal)
        for count in range(0, len(deal.actions), max(1, len(deal.actions) // 5)):
            data = deal.to_json()
            data["actions"] = data["actions"][:count]
            assert Deal.from_json(data).snapshot() == _played(profile, seed, count).snapshot()


SAMPLE = COMBINATIONS if FULL_SWEEP else random.Random(8).sample(COMBINATIONS, FULL_SAMPLE)


@pytest.mark.parametrize(("variant", "option_id", "choice"), SAMPLE,
                         ids=[f"{v}-{o}={c}" for v, o, c in SAMPLE])
def test_whole_deals_under_an_option_survive_a_save(variant: str, option_id: str,
                                                    choice: str) -> None:
    profile = apply_option(load_profile(variant), option_id, choice)
    _assert_round_trip(_played(profile, 11, None))


@pytest.mark.parametrize("variant", variant_names())
def test_all_of_a_variants_options_at_once_survive_a_save(variant: str) -> None:
    """One choice of each of the variant's options, in order: the save replays them."""
    rng = random.Random(variant)
    profile = load_profile(variant)
    for option in variant_options(variant):
        profile = apply_option(profile, option.id, rng.choice(option.choices).name)
    assert [o for o, _ in profile.options] == [o.id for o in variant_options(variant)]
    _assert_round_trip(_played(profile, 3, 30))


def test_a_club_six_one_one_deal_reloads() -> None:
    profile = apply_option(load_profile("club"), "club_dealing", "six_one_one")
    deal = _played(profile, 4, 20)
    again = Deal.loads(deal.dumps())
    assert again.profile.deal_packets == (6, 1, 1) and again == deal


def test_a_card_point_fine_of_sixty_replays_as_sixty() -> None:
    profile = apply_option(apply_option(load_profile("card-point"), "extra_card_fine", "sixty"),
                           "infractions", "penalise")
    for seed in range(200):
        rng = random.Random(seed)
        deal = Deal.new(profile, rng, dealer=seed % 2)
        while not deal.is_over:
            found = [a for name, a in attempts(deal) if name == "extra_card"]
            if found:
                break
            deal.apply(rng.choice(deal.legal_actions()))
        if found:
            break
    fines = [e.points for e in deal.apply(found[0]) if e.type == "penalty"]
    assert fines == [-60]
    again = Deal.loads(deal.dumps())
    assert [e.points for e in again.events if e.type == "penalty"] == [-60]
    assert again == deal


def test_one_option_chosen_twice_is_recorded_once() -> None:
    no_trump = load_profile("no-trump")
    twice = apply_option(apply_option(no_trump, "players", "4"), "players", "3")
    assert twice.options == (("players", "3"),) and twice.players == 3
    assert Deal.loads(_played(twice, 1, 10).dumps()).profile.players == 3


@pytest.mark.parametrize("options", [[["players", "3"]], [["no_such", "x"]],
                                     [["club_dealing", "six_one_one"]], [["target", "5000"]],
                                     "players=3", [["players"]], [[1, 2]]])
def test_a_deal_save_with_bad_options_is_corrupt(options: object) -> None:
    data = _played(load_profile("fildinski-four-handed"), 2, 6).to_json()
    data["options"] = options
    with pytest.raises(CorruptSaveError):
        Deal.from_json(data)


def test_an_uploaded_game_log_with_another_variants_option_is_refused() -> None:
    """The review's log: no-trump's ``players=3`` on four-handed Fildinski."""
    game = Game.new(load_profile("fildinski-four-handed"), random.Random(5))
    data = game.to_json()
    data["options"] = [["players", "3"]]
    with pytest.raises(CorruptSaveError, match="'players' does not apply to variant "
                                               "'fildinski-four-handed'"):
        load_game(json.dumps(data))


def test_saves_without_options_load_under_the_variants_rules() -> None:
    """Saves from before deals kept their options: the variant's own rules."""
    deal = _played(load_profile("club"), 6, 15)
    data = deal.to_json()
    assert "options" not in data
    assert Deal.from_json(data) == deal
    game = Game.new(load_profile("no-trump"), random.Random(2))
    old = game.to_json()
    assert "options" not in old and load_game(json.dumps(old)).deal == game.deal


def test_an_older_game_save_keeps_its_options_at_the_top_only() -> None:
    """A game save written before deals kept options: only the game lists them."""
    game = Game.new(apply_option(load_profile("no-trump"), "players", "3"), random.Random(4))
    data = game.to_json()
    for deal in data["deals"]:
        del deal["options"]
    again = load_game(json.dumps(data))
    assert again.options == (("players", "3"),) and again.deal == game.deal


def test_deal_and_game_saves_agree_on_the_options() -> None:
    profile = apply_option(apply_option(load_profile("club"), "club_dealing", "three_three_two"),
                           "infractions", "penalise")
    game = Game.new(profile, random.Random(9))
    data = game.to_json()
    assert data["options"] == [["club_dealing", "three_three_two"], ["infractions", "penalise"]]
    assert all(deal["options"] == data["options"] for deal in data["deals"])
    assert Deal.loads(json.dumps(data["deals"][0])) == game.deal
    data["deals"][0]["options"] = [["club_dealing", "singly"]]   # a deal that disagrees
    with pytest.raises(CorruptSaveError, match="options differ"):
        load_game(json.dumps(data))
