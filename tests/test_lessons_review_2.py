"""The second lessons review (/work/shared/reviews/lessons-review-2.md): its factual
errors, its teaching points and the lessons' own sentences it asks to rewrite, each
pinned so that it cannot come back."""

from __future__ import annotations

import re

import pytest

import lessons
from engine.notation.cards import Suit, card_text
from engine.rules.profile import apply_option, load_profile
from lessons.cheatsheet import meld_rows, other_rows

SUIT_WORDS = {"en": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"},
              "ru": {"S": "пики", "H": "черви", "D": "бубны", "C": "трефы"}}


def _bezique_cell(variant, lang: str) -> str:
    profile = variant if not isinstance(variant, str) else load_profile(variant)
    return next(cards for name, cards, _ in meld_rows(profile, lang)
                if name == ("безик" if lang == "ru" else "bezique"))


# --- 1. the cheat-sheet's bezique row and the game row ------------------------------

@pytest.mark.parametrize("lang", lessons.LANGUAGES)
@pytest.mark.parametrize("variant", ["joker", "two-handed", "rubicon"])
def test_bezique_row_names_each_pair_with_its_own_trump_suits(variant: str, lang: str) -> None:
    """Review 1: the jokers' sheet said "Q♥ + J♦ when spades or diamonds are trumps".
    Each pair must stand with the suits the profile's key gives it, and no other."""
    for profile in (load_profile(variant),) + ((apply_option(
            load_profile(variant), "bezique_pair", "qc_jh_in_spades_diamonds"),)
            if variant == "two-handed" else ()):
        cell = _bezique_cell(profile, lang)
        pairs = {profile.bezique_pair(s) for s in Suit}
        parts = cell.split("; ")
        assert len(parts) == len(pairs), cell
        for pair in pairs:
            text = " + ".join(card_text(k, lang) for k in pair)
            part = next(p for p in parts if p.startswith(text))
            suits = [s for s in Suit if profile.bezique_pair(s) == pair]
            if len(pairs) > 1:
                for s in Suit:
                    assert (SUIT_WORDS[lang][s.letter] in part) == (s in suits), (s, part)


@pytest.mark.parametrize("lang", lessons.LANGUAGES)
def test_joker_sheet_says_the_game_is_one_deal(lang: str) -> None:
    """Review 1: "game | 0" → one deal (the profile's target 0 is a game of one deal)."""
    rows = dict(other_rows("joker", lang))
    game = rows["партия" if lang == "ru" else "game"]
    assert game == ("одна сдача" if lang == "ru" else "one deal")
    page = lessons.get_lesson("melds", lang).body_markdown
    assert "| 0 |" not in page.split("### " + (load_profile("joker").title_ru if lang == "ru"
                                              else load_profile("joker").title))[1]


# --- 2. strategy-deny-last-card ------------------------------------------------------

@pytest.mark.parametrize("lang", lessons.LANGUAGES)
def test_the_last_stock_card_is_never_declared(lang: str) -> None:
    """Review 2: a card taken in the last draw can never be declared (001 §02): the
    point of trick 24 is the deal's last declaration, made before drawing."""
    lesson = lessons.get_lesson("strategy", lang)
    check = next(c for c in lesson.checks if c.id == "strategy-deny-last-card")
    last = "последнее объявление" if lang == "ru" else "last declaration"
    assert last in check.prompt
    assert ("Д♠" if lang == "ru" else "Q♠") not in check.prompt
    assert ("ещё может объявить" if lang == "ru" else "may still declare") \
        not in lesson.body_markdown
    result = lessons.evaluate_check(check, lang)
    assert len(result.answer) >= 2          # a choice of winners; the text picks one


# --- 4. a hand after a trick holds one card fewer than a full hand --------------------

def _declaring_hands(lang: str):
    """Every hand a lesson asks about at a moment of declaring (always just after
    winning a trick, before drawing): examples, meld checks, after-trick checks."""
    for les in lessons.list_lessons(lang):
        for e in les.examples:
            yield les.id, e.id, e.data["variant"], len(e.data["hand"]) + len(
                e.data.get("table", ()))
        for c in les.checks:
            query = c.params.get("query")
            if query is not None:
                yield les.id, c.id, query["variant"], len(query["hand"]) + len(
                    query.get("table", ()))
            elif c.kind in ("after_win", "pending_order"):
                yield les.id, c.id, c.variant, len(c.params["hand"])


@pytest.mark.parametrize("lang", lessons.LANGUAGES)
def test_no_full_hand_after_a_trick(lang: str) -> None:
    """Review 4: after playing to a trick a player holds one card fewer than he was
    dealt (004 l.75: «семь карт»), shown cards included, until he draws."""
    full = [f"{les}/{block}: {n} cards" for les, block, variant, n in _declaring_hands(lang)
            if n > load_profile(variant).hand_size - 1]
    assert not full, full
