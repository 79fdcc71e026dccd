"""Errors raised by the engine. All are ``ValueError`` subclasses, so callers can
catch bad input in one place; each carries enough to tell the user what was wrong.

The errors that carry only a message live in :mod:`engine.base_errors`, which card
notation can import: a refusal (:class:`IllegalActionError`) says why in explanation
steps, and their words name cards."""

from __future__ import annotations

from engine.base_errors import (
    BeziqueError,
    CorruptSaveError,
    NotationError,
    OptionScopeError,
    PositionError,
    ProfileError,
    UsageError,
)
from engine.text.explain import Step, step


class IllegalActionError(BeziqueError):
    """An action is not allowed now. ``rule_id`` names the rule that forbids it.

    ``steps`` (explanation steps, :class:`engine.text.explain.Step`) say why in a form
    that renders in every language of the app; ``reason`` is the English text."""

    def __init__(self, rule_id: str, message: str, steps: tuple[Step, ...] = ()) -> None:
        super().__init__(f"{message} [rule {rule_id}]")
        self.rule_id = rule_id
        self.reason = message
        self.steps = steps

    def explain(self, lang: str = "en") -> str:
        """The reason in ``lang`` (English when no steps were given)."""
        if not self.steps:
            return self.reason
        return "; ".join(s.render(lang) for s in self.steps)

    @classmethod
    def of(cls, rule_id: str, key: str, **params: object) -> IllegalActionError:
        """A refusal whose reason is the message ``key`` of :mod:`engine.text.explain`."""
        reason = step(rule_id, key, **params)
        return cls(rule_id, reason.render("en"), (reason,))


__all__ = ["BeziqueError", "CorruptSaveError", "IllegalActionError", "NotationError",
           "OptionScopeError", "PositionError", "ProfileError", "UsageError"]
