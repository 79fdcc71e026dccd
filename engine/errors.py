"""Errors raised by the engine. All are ``ValueError`` subclasses, so callers can
catch bad input in one place; each carries enough to tell the user what was wrong.
This module imports nothing of the project, so every module (card notation first)
can raise its errors; a refusal's explanation steps are built by
:func:`engine.text.explain.refusal`."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import Protocol


def json_problem(exc: BaseException) -> str:
    """A short, plain reason why JSON could not be read (``json.loads`` failed):
    Python's own words for an over-long number point at one of its settings."""
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    text = str(exc)
    if "integer string conversion" in text:
        return f"a number has more than {sys.get_int_max_str_digits()} digits"
    return text[:200]


def listed(names: Iterable[object], shown: int = 5, width: int = 40) -> str:
    """A few of ``names`` for an error message, sorted and quoted, each cut to
    ``width`` characters, and how many more there are: an input with 200,000 unknown
    keys gets a short line."""
    texts = sorted(repr(name) for name in names)
    cut = [t if len(t) <= width else t[:width - 1] + "…" for t in texts[:shown]]
    more = len(texts) - len(cut)
    return ", ".join(cut) + (f" and {more:,} more" if more else "")


class BeziqueError(ValueError):
    """Base class of every error the engine raises on bad input."""


class UsageError(BeziqueError):
    """A command-line argument is invalid: the command exits with status 2."""


class NotationError(BeziqueError):
    """A card, action or position could not be parsed."""


class ProfileError(BeziqueError):
    """A variant profile is unknown or its data file is invalid."""


class OptionScopeError(ProfileError):
    """A named option was asked of a variant it does not belong to: every option names
    its variants (``engine/variants/options.toml``), and any other is refused."""

    def __init__(self, option_id: str, variant: str, variants: tuple[str, ...]) -> None:
        super().__init__(f"option {option_id!r} does not apply to variant {variant!r}; "
                         f"it applies to: {', '.join(variants)}")
        self.option_id = option_id
        self.variant = variant
        self.variants = variants


class CorruptSaveError(BeziqueError):
    """A saved game or deal is malformed, tampered with or too large."""


class PositionError(BeziqueError):
    """A solver or meld position is malformed or impossible."""


class Explained(Protocol):
    """An explanation step (:class:`engine.text.explain.Step`): it renders itself."""

    def render(self, lang: str = "en") -> str: ...


class IllegalActionError(BeziqueError):
    """An action is not allowed now. ``rule_id`` names the rule that forbids it.

    ``steps`` (explanation steps, :class:`engine.text.explain.Step`) say why in a form
    that renders in every language of the app; ``reason`` is the English text."""

    def __init__(self, rule_id: str, message: str, steps: tuple[Explained, ...] = ()) -> None:
        super().__init__(f"{message} [rule {rule_id}]")
        self.rule_id = rule_id
        self.reason = message
        self.steps = steps

    def explain(self, lang: str = "en") -> str:
        """The reason in ``lang`` (English when no steps were given)."""
        if not self.steps:
            return self.reason
        return "; ".join(s.render(lang) for s in self.steps)
