"""The engine's errors that carry only a message, and their base class. They import
nothing, so the lowest modules (card notation) can raise them; everyone else takes
them, with :class:`~engine.errors.IllegalActionError`, from :mod:`engine.errors`."""

from __future__ import annotations


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


__all__ = ["BeziqueError", "CorruptSaveError", "NotationError", "OptionScopeError", "PositionError",
           "ProfileError", "UsageError"]
