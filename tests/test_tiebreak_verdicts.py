"""Where brisques only break ties (Rubicon, Chinese), the solver's search values are
weighted (the last trick counts a thousandfold). What the learner reads must be the
points: 'loses the last trick (50)' or 'loses 20 in brisques', never 'loses 50020'."""

from __future__ import annotations

import random
import re

import pytest

from engine.bots.coach import playoff_verdicts
from engine.rules.deal import Deal
from engine.rules.profile import load_profile
from puzzles import bank, endgame, trainer


def _verdicts_in_play(variant: str, seeds: range) -> list:
    found = []
    for seed in seeds:
        deal = Deal.new(load_profile(variant), random.Random(seed))
        rng = random.Random(seed)
        while not deal.is_over:
            if deal.in_playoff:
                verdicts = playoff_verdicts(deal)
                if verdicts:
                    found.extend(v for v in verdicts.values() if v.loss)
            deal.apply(rng.choice(deal.legal_actions()))
    return found


@pytest.mark.parametrize("variant", ["rubicon", "two-handed"])
def test_play_page_verdicts_are_in_points(variant: str) -> None:
    profile = load_profile(variant)
    losing = _verdicts_in_play(variant, range(6))
    assert losing, "random play-offs should contain losing cards"
    brisques = profile.packs * 8 * profile.scoring.brisque_points
    for verdict in losing:
        if profile.scoring.brisques == "tiebreak_only":
            assert verdict.kind in ("last_trick", "brisques")
        else:
            assert verdict.kind == "points" and verdict.points == verdict.loss
        if verdict.kind == "last_trick":
            assert verdict.points == profile.scoring.last_trick_bonus
        assert 0 < verdict.points <= brisques + profile.scoring.last_trick_bonus
    if variant == "rubicon":   # the weighted values really are large: the test can fail
        assert max(v.loss for v in losing) > 1000
        assert {v.kind for v in losing} == {"last_trick", "brisques"}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_rubicon_endgame_reasons_in_points(lang: str) -> None:
    profile = load_profile("rubicon")
    seen_last = False
    for record in bank.load("endgame", "rubicon")[:40]:
        state = trainer.endgame_start(record)
        solution = endgame.solution_of(state["position"], explain=True)
        for face, value in solution.values.items():
            reasons = trainer.wrong_card_reasons(solution, face, lang)
            text = " ".join(reasons)
            assert all(int(n) <= 1000 for n in re.findall(r"\d+", text)), text
            if value < solution.value and solution.scale.loss_split(
                    solution.value, value)[0] == "last_trick" and reasons:
                seen_last = True
                assert f"({profile.scoring.last_trick_bonus})" in reasons[0]
    assert seen_last


def test_last_trick_reason_names_the_profiles_bonus() -> None:
    """The 'last trick goes to the other side' line said 10 in every game."""
    for variant, bonus in (("rubicon", 50), ("two-handed", 10)):
        said = []
        for record in bank.load("endgame", variant)[:60]:
            solution = endgame.solution_of(trainer.endgame_start(record)["position"],
                                           explain=True)
            for face in solution.values:
                said += trainer.wrong_card_reasons(solution, face, "en")[1:]
        lines = [line for line in said if "the last trick" in line]
        assert lines and all(f"the last trick ({bonus})" in line for line in lines), lines


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_play_page_has_words_for_every_kind_of_loss(lang: str) -> None:
    import tomllib
    from pathlib import Path

    table = tomllib.loads((Path(__file__).parent.parent / "app_pages" / "i18n"
                           / f"{lang}.toml").read_text("utf-8"))["solver"]
    for kind in ("points", "last_trick", "brisques"):
        assert "{points}" in table[f"loses_{kind}"]
