"""Named options: every disagreement the engine plays is a preset of profile fields."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from engine.errors import OptionScopeError, ProfileError
from engine.rules.deal import Deal
from engine.rules.melds import candidate_sets
from engine.rules.profile import (
    apply_option,
    current_choice,
    find_option,
    load_profile,
    options,
    variant_names,
    variant_options,
)


def test_every_choice_applies_to_its_variants_and_plays() -> None:
    for option in options():
        assert len(option.choices) >= 2 and option.title_ru
        assert option.variants and set(option.variants) <= set(variant_names())
        for choice in option.choices:
            assert choice.source
            for name in option.variants:
                profile = apply_option(load_profile(name), option.id, choice.name)
                assert profile.options == ((option.id, choice.name),)
                rng = random.Random(1)
                deal = Deal.new(profile, rng)
                for _ in range(40):
                    if deal.is_over:
                        break
                    deal.apply(rng.choice(deal.legal_actions()))


def test_every_other_variant_refuses_an_option() -> None:
    """N1: an option names its variants; any other is refused, naming the option, the
    variant and the variants it applies to."""
    refused = 0
    for option in options():
        for name in set(variant_names()) - set(option.variants):
            for choice in option.choices:
                with pytest.raises(OptionScopeError) as info:
                    apply_option(load_profile(name), option.id, choice.name)
                assert (info.value.option_id, info.value.variant) == (option.id, name)
                assert info.value.variants == option.variants
                assert f"{option.id!r} does not apply to variant {name!r}" in str(info.value)
                refused += 1
    assert refused > 500


@pytest.mark.parametrize(("variant", "option_id", "choice"), [
    ("fildinski-four-handed", "players", "3"), ("two-handed", "joker.players", "three"),
    ("joker", "players", "4"), ("two-handed", "infractions", "penalise"),
    ("rubicon", "fildinski_scores", "reduced_000"), ("four-handed", "club_dealing", "singly")])
def test_the_reviews_cases_are_refused(variant: str, option_id: str, choice: str) -> None:
    applies_to = ", ".join(find_option(option_id).variants)
    with pytest.raises(OptionScopeError, match=f"{variant!r}; it applies to: {applies_to}$"):
        load_profile(variant, [(option_id, choice)])


def test_variant_options_are_the_options_that_name_the_variant() -> None:
    for name in variant_names():
        mine = variant_options(name)
        assert [o.id for o in mine] == [o.id for o in options() if name in o.variants]
    assert [o.id for o in variant_options("no-trump")] == ["last_trick_bonus", "target",
                                                          "bezique_pair", "double_bezique",
                                                          "players", "partner_melds"]


def test_every_choice_of_an_option_sets_the_same_fields() -> None:
    """So choosing an option again may replace its earlier choice in the record."""
    for option in options():
        fields = {frozenset((table, key) for table, changes in c.changes for key, _ in changes)
                  for c in option.choices}
        assert len(fields) == 1, option.id


def test_load_profile_applies_options_in_order() -> None:
    profile = load_profile("no-trump", [("players", "4"), ("target", "2000")])
    assert (profile.players, profile.scoring.target) == (4, 2000)
    assert profile.options == (("players", "4"), ("target", "2000"))
    assert load_profile("no-trump") is load_profile("no-trump")   # still loaded once


def test_profiles_record_their_sources_choices() -> None:
    two, rubicon = load_profile("two-handed"), load_profile("rubicon")
    assert current_choice(two, "last_trick_bonus") == "ten"
    assert current_choice(two, "dix") == "once_per_card"
    assert current_choice(rubicon, "last_trick_bonus") == "rubicon_50"
    assert current_choice(rubicon, "rubicon_settlement") == "rounded_003"
    assert current_choice(rubicon, "dix") == "no_value"


def test_bezique_pair_switch_option() -> None:
    profile = apply_option(load_profile("two-handed"), "bezique_pair", "qc_jh_in_spades_diamonds")
    spec = profile.meld("bezique")
    qc_jh = [28, 11]  # Q♣ and J♥ (kinds)
    assert list(candidate_sets(profile, spec, 0, qc_jh))      # spades trumps: Q♣ J♥
    assert not list(candidate_sets(profile, spec, 1, qc_jh))  # hearts trumps: Q♠ J♦ only
    assert list(candidate_sets(profile, spec, 1, [4, 19]))


def test_unknown_options_are_refused() -> None:
    with pytest.raises(ProfileError):
        apply_option(load_profile("two-handed"), "nope", "x")
    with pytest.raises(ProfileError):
        apply_option(load_profile("two-handed"), "target", "5000")
    with pytest.raises(ProfileError):
        apply_option(load_profile("two-handed"), "rubicon_settlement", "unrounded_004")


def test_cli_plays_an_option() -> None:
    result = subprocess.run([sys.executable, "-m", "engine.cli", "play", "--seed", "2",
                             "--option", "last_trick_bonus=club_250"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "the last trick scores 250" in result.stdout


@pytest.mark.parametrize(("command", "message"), [
    (["play", "--variant", "fildinski-four-handed", "--option", "players=3"],
     "option 'players' does not apply to variant 'fildinski-four-handed'; it applies to: "
     "no-trump"),
    (["play", "--option", "joker.players=three"],
     "option 'joker.players' does not apply to variant 'two-handed'; it applies to: joker"),
    (["play", "--variant", "joker", "--option", "players=4"],
     "option 'players' does not apply to variant 'joker'"),
    (["arena", "--variant", "fildinski-four-handed", "--option", "players=3", "--deals", "2"],
     "option 'players' does not apply to variant 'fildinski-four-handed'"),
])
def test_cli_refuses_an_option_of_another_variant(command: list[str], message: str) -> None:
    result = subprocess.run([sys.executable, "-m", "engine.cli", *command],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2, result.stdout
    assert message in result.stderr and "Traceback" not in result.stderr
