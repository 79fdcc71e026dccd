"""Errors raised by the engine. All are ``ValueError`` subclasses, so callers can
catch bad input in one place; each carries enough to tell the user what was wrong."""

from __future__ import annotations


class BeziqueError(ValueError):
    """Base class of every error the engine raises on bad input."""


class NotationError(BeziqueError):
    """A card, action or position could not be parsed."""


class ProfileError(BeziqueError):
    """A variant profile is unknown or its data file is invalid."""


class IllegalActionError(BeziqueError):
    """An action is not allowed now. ``rule_id`` names the rule that forbids it."""

    def __init__(self, rule_id: str, message: str) -> None:
        super().__init__(f"{message} [rule {rule_id}]")
        self.rule_id = rule_id
        self.reason = message


class CorruptSaveError(BeziqueError):
    """A saved game or deal is malformed, tampered with or too large."""


class PositionError(BeziqueError):
    """A solver or meld position is malformed or impossible."""
