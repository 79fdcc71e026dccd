"""A settlement shown with named players names them in every line: the 004 reading's
"the loser scored under 100" line says who lost, with the Russian verb in the name's
gender (Борис проиграл, Анна проиграла)."""

from __future__ import annotations

import pytest

from engine.text.explain import MESSAGES
from engine.text.naming import NAMED_STEPS as _NAMED_STEPS
from lessons._loader import Check
from lessons.checks import evaluate_check


def _settle(lang: str, players: list[str]) -> tuple[str, ...]:
    check = Check("x", "rubicon_settle", {"scores": [1290, 80], "brisques": [90, 0],
                                          "rule": "unrounded_004", "players": players},
                  "?", "rubicon")
    return evaluate_check(check, lang).explanation


@pytest.mark.parametrize(("lang", "players", "line"), [
    ("en", ["Anna", "Boris"], "Boris lost with under 100: 100 more."),
    # Russian steps are sentences (test_walk_ru): a full stop at the end
    ("ru", ["Анна", "Борис"], "Борис проиграл, набрав меньше 100: ещё 100."),
    ("ru", ["Борис", "Анна"], "Анна проиграла, набрав меньше 100: ещё 100."),
])
def test_small_score_line_names_the_loser(lang: str, players: list[str], line: str) -> None:
    lines = _settle(lang, players)
    assert line in lines
    assert not [x for x in lines if "loser" in x or "проигравш" in x or "player " in x
                or "игрок " in x]


def test_every_settlement_line_about_a_player_has_a_named_form() -> None:
    about_player = {k for k, (en, _) in MESSAGES.items() if k.startswith("settle_")
                    and ("{player}" in en or "{loser}" in en)}
    assert about_player <= set(_NAMED_STEPS)
    assert "settle_small" in about_player
