"""Named options: every disagreement the engine plays is a preset of profile fields."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from engine.errors import ProfileError
from engine.rules.deal import Deal
from engine.rules.melds import candidate_sets
from engine.rules.profile import apply_option, current_choice, load_profile, options, variant_names


def test_every_choice_applies_to_some_variant_and_plays() -> None:
    for option in options():
        assert len(option.choices) >= 2 and option.title_ru
        for choice in option.choices:
            assert choice.source
            applied = False
            for name in variant_names():
                try:
                    profile = apply_option(load_profile(name), option.id, choice.name)
                except ProfileError:
                    continue
                applied = True
                rng = random.Random(1)
                deal = Deal.new(profile, rng)
                for _ in range(40):
                    if deal.is_over:
                        break
                    deal.apply(rng.choice(deal.legal_actions()))
            assert applied, (option.id, choice.name)


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
