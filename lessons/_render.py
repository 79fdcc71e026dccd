"""Placeholders in lesson bodies: numbers come from the engine's profiles.

Grammar of ``{{ EXPR }}``::

    EXPR  := TERM (("+" | "-" | "*") TERM)*        evaluated left to right, "*" first
    TERM  := INTEGER | PATH
    PATH  := ["ref." | "claim."] NAME ("." NAME)*

* ``meld.KIND.FIELD`` reads ``profile.meld(KIND).FIELD`` (``meld.four_kings.points``).
* Any other path is read attribute by attribute from the profile
  (``scoring.last_trick_bonus``, ``dix.points``, ``packs``, ``deck_size``).
* ``ref.PATH`` always reads the reference profile ``two-handed``.
* ``claim.KEY`` reads the lesson's own ``claims`` table (numbers of variants
  that have no profile yet, or of another variant's profile, e.g. the 004 sidebars'
  ``claim.card-point.meld.sequence.points``; tests/test_lessons.py checks each claim
  against the profile when there is one), e.g. ``claim.rubicon.last_trick_bonus``.

Tuples render as ``3–2–3``; booleans are refused (a lesson prints numbers).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from engine.rules.profile import Profile, load_profile

REFERENCE_VARIANT = "two-handed"

PLACEHOLDER = re.compile(r"\{\{\s*(.*?)\s*\}\}")
_TOKEN = re.compile(r"\s*(?:(\d+)|([A-Za-z_][\w\-]*(?:\.[\w\-@]+)*)|([+\-*]))")


class PlaceholderError(ValueError):
    """A placeholder that cannot be rendered."""


def resolve_path(profile: Profile, path: str) -> Any:
    """The value at a dotted path of a profile (``meld.KIND.FIELD`` included)."""
    parts = path.split(".")
    if parts[0] == "meld":
        if len(parts) != 3:
            raise PlaceholderError(f"meld placeholder must be meld.KIND.FIELD, not {path!r}")
        if not profile.has_meld(parts[1]):
            raise PlaceholderError(f"profile {profile.name!r} has no meld {parts[1]!r}")
        value: Any = profile.meld(parts[1])
        parts = parts[2:]
    else:
        value = profile
    for part in parts:
        if part.startswith("_") or not hasattr(value, part):
            raise PlaceholderError(f"profile {profile.name!r} has no field {path!r}")
        value = getattr(value, part)
        if callable(value):
            raise PlaceholderError(f"{path!r} is a method, not a field")
    return value


def _term(text: str, profile: Profile | None, claims: Mapping[str, Any]) -> Any:
    if text.startswith("claim."):
        key = text[len("claim."):]
        if key not in claims:
            raise PlaceholderError(f"no claim {key!r} in the lesson's claims table")
        return claims[key]
    if text.startswith("ref."):
        return resolve_path(load_profile(REFERENCE_VARIANT), text[len("ref."):])
    if profile is None:
        raise PlaceholderError(
            f"{text!r}: this lesson's variant has no profile yet; use ref.* or claim.*")
    return resolve_path(profile, text)


def evaluate(expr: str, profile: Profile | None, claims: Mapping[str, Any]) -> Any:
    """Evaluate one placeholder expression."""
    pos = 0
    items: list[Any] = []   # values and operators, alternating; checked below
    while pos < len(expr):
        match = _TOKEN.match(expr, pos)
        if not match or match.end() == pos:
            raise PlaceholderError(f"cannot parse placeholder {{{{ {expr} }}}}")
        number, path, op = match.groups()
        if number is not None:
            items.append(int(number))
        elif path is not None:
            items.append(_term(path, profile, claims))
        else:
            items.append(op)
        pos = match.end()
    if not items or len(items) % 2 == 0:
        raise PlaceholderError(f"malformed placeholder {{{{ {expr} }}}}")
    values, ops = items[0::2], items[1::2]
    if any(not isinstance(op, str) for op in ops) or any(isinstance(v, str) and v in "+-*"
                                                         for v in values):
        raise PlaceholderError(f"malformed placeholder {{{{ {expr} }}}}")
    if len(values) == 1:
        return values[0]
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int):
            raise PlaceholderError(f"arithmetic needs numbers in {{{{ {expr} }}}}")
    # "*" binds tighter than "+" and "-".
    terms: list[int] = [values[0]]
    signs: list[str] = []
    for op, v in zip(ops, values[1:], strict=True):
        if op == "*":
            terms[-1] *= v
        else:
            signs.append(op)
            terms.append(v)
    total = terms[0]
    for op, v in zip(signs, terms[1:], strict=True):
        total = total + v if op == "+" else total - v
    return total


def format_value(value: Any) -> str:
    if isinstance(value, bool):
        raise PlaceholderError("a placeholder rendered a yes/no switch, not a number")
    if isinstance(value, tuple | list):
        return "–".join(format_value(v) for v in value)
    return str(value)


def render_text(text: str, profile: Profile | None, claims: Mapping[str, Any],
                hook: Callable[[str], str | None] | None = None) -> str:
    """Replace every ``{{ ... }}`` in ``text``. ``hook`` may render directives first."""
    def replace(match: re.Match[str]) -> str:
        expr = match.group(1)
        if hook is not None:
            special = hook(expr)
            if special is not None:
                return special
        return format_value(evaluate(expr, profile, claims))
    return PLACEHOLDER.sub(replace, text)
