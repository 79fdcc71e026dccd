"""Bezique rules engine: cards, variant profiles, deals as state machines,
explained scoring, a play-off solver and bots. Pure Python; never imports streamlit."""

from engine.errors import (
    BeziqueError,
    CorruptSaveError,
    IllegalActionError,
    NotationError,
    PositionError,
    ProfileError,
)
from engine.notation.cards import Card, Rank, Suit, parse_card, parse_cards
from engine.rules.profile import Profile, load_profile, variant_names

__all__ = [
    "BeziqueError", "Card", "CorruptSaveError", "IllegalActionError", "NotationError",
    "PositionError", "Profile", "ProfileError", "Rank", "Suit", "load_profile", "parse_card",
    "parse_cards", "variant_names",
]
