"""The result of evaluating one lesson check: what the app shows and marks. A module of
its own so that every check kind's evaluator (in checks.py, playoff_check.py,
after_win_check.py) can build one without importing the others."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class CheckResult:
    """What the app shows and marks. ``answer`` holds option values; ``multiple`` says
    whether several options are correct together."""

    check_id: str
    kind: str
    prompt: str
    options: tuple[str, ...]
    labels: tuple[str, ...]
    answer: tuple[str, ...]
    multiple: bool
    explanation: tuple[str, ...]
    rules: tuple[str, ...]
    cards: Mapping[str, Any] = field(default_factory=dict)
    # What a wrong option means ("you left out the brisques"): shown for the option
    # the learner chose, before the full explanation.
    why: Mapping[str, str] = field(default_factory=dict)
    # Multi-answer checks: why each right option belongs, shown when it is left out.
    missed: Mapping[str, str] = field(default_factory=dict)
    # The mistake behind each wrong option (lessons.mistakes): "route_total" for 580
    # where the double bezique adds 500, "greedy" for the biggest meld now.
    mistakes: Mapping[str, str] = field(default_factory=dict)
