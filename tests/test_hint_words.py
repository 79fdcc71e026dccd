"""Play hints speak as a card player does (issue 31; review 2, defect 7): the move named
first, then at most three reasons, never the engine's workings ("10 simulated
continuations: average margin -37", "cards still to draw", raw ids), and a copy mark
(``9♥#1``) only where an identical card is named in the same sentence.

Swept over every variant and both languages, at a first lead, a reply, a declaration,
the last cards of the stock and the play-off, rendered as the Play page renders them
(:func:`app_pages.hint_text.hint_lines`)."""

from __future__ import annotations

import copy
import random
import re

import pytest

from app_pages.hint_text import hint_lines
from engine.bots import hint, hint_reasons
from engine.bots.coach import Hint, simple_hint
from engine.bots.heuristic import HeuristicBot
from engine.bots.reasons import MESSAGES, MOST_REASONS, Reason
from engine.notation.actions import ActionType
from engine.notation.cards import card_text
from engine.rules.deal import Deal
from engine.rules.profile import load_profile, ordered_variants
from engine.rules.view import PlayerView
from engine.text.explain import meld_accusative, meld_name

LANGS = ("en", "ru")
SAMPLES = 4          # the deeper look's tries per hint: enough to overrule, and fast
INTERNAL = {
    "en": re.compile(r"simulat|continuation|margin|average|\bmean\b|sampl|determini[sz]|"
                     r"rollout|heuristic|\bEV\b|still to draw|rule_id|\bmeld\.|"
                     r"\d+\.\d+|\b[a-z]+_[a-z_]+\b|about \d+ more|times in 100|next best",
                     re.IGNORECASE),
    "ru": re.compile(r"симуляц|смоделир|продолжени|средн|выборк|эвристик|детерминиз|"
                     r"перевес|\d+[.,]\d+|\b[a-z]+_[a-z_]+\b|примерно на \d+|раз из 100|"
                     r"следующ(его|ий) —", re.IGNORECASE),
}
MACHINE_CARD = re.compile(r"\b(10|[2-9AKQJT])[SHDC]\b")   # ``KS``: the solver's notation
# A card as prose writes it, in either language, with its copy mark if any.
CARD = re.compile(r"(10|[2-9AKQJАКДВТ])([♠♥♦♣])(?:#(\d+))?|(joker|инфузорка)(?:#(\d+))?")


def positions(name: str, seed: int = 3) -> dict[str, Deal]:
    """Copies of one deal, played by the club bot in every seat, at the first moment
    of each kind: a lead, a reply, a declaration with a choice, the last cards of
    the stock, a lead and a reply among the play-off's last five tricks."""
    rng = random.Random(seed)
    deal = Deal.new(load_profile(name), rng, dealer=0)
    bots = [HeuristicBot(random.Random(seed + seat)) for seat in range(deal.profile.players)]
    found: dict[str, Deal] = {}
    while not deal.is_over:
        legal = deal.legal_actions()
        if len(legal) > 1:
            if deal.phase == "declare":
                kind = "declare"
            elif deal.in_playoff:   # its last few tricks: solved at once
                kind = f"playoff {deal.phase}" if len(deal.hands[deal.to_move]) <= 5 else ""
            elif deal.stock_count <= 2 * deal.profile.players:
                kind = "last stock"
            else:
                kind = deal.phase
            if kind and kind not in found:
                found[kind] = copy.deepcopy(deal)
        seat = deal.to_move
        deal.apply(bots[seat].choose(PlayerView.of(deal, seat)))
    return found


def named(action_cards: tuple[int, ...], meld: str, move: str, lang: str) -> bool:
    """Whether the move's line names its card or its meld (the object of its verb)."""
    if meld:
        return meld_name(meld, lang) in move or meld_accusative(meld, lang) in move
    return all(card_text(c, lang) in move for c in action_cards)


def marks_that_do_not_matter(sentence: str) -> list[str]:
    """Copy-marked cards with no identical card named in the same sentence."""
    kinds = [(m.group(1) or m.group(4), m.group(2)) for m in CARD.finditer(sentence)]
    return [m.group(0) for m in CARD.finditer(sentence)
            if (m.group(3) or m.group(5)) and kinds.count((m.group(1) or m.group(4),
                                                            m.group(2))) < 2]


def check(lines: list[str], lang: str, where: str) -> None:
    for line in lines:
        assert not INTERNAL[lang].search(line), f"{where}: engine words in {line!r}"
        assert not MACHINE_CARD.search(line), f"{where}: machine notation in {line!r}"
        assert not marks_that_do_not_matter(line), f"{where}: copy mark in {line!r}"


@pytest.mark.parametrize("name", ordered_variants())
def test_hints_name_the_move_and_speak_as_a_card_player(name: str) -> None:
    found = positions(name)
    assert {"lead", "declare"} <= set(found) or {"follow"} <= set(found), found.keys()
    for kind, deal in found.items():
        seat = deal.to_move
        plain = simple_hint(deal)
        for lang in LANGS:
            # as the Play page asks: engine.bots.coach.engine_hint, fewer tries
            found = hint(deal, seat, lang, deals=SAMPLES)
            assert found.action in deal.legal_actions()
            for shown in (Hint(found.action, found.reasons), plain):
                move, lines = hint_lines(shown, deal.profile, lang)
                where = f"{name} {kind} {lang} {shown.action}"
                meld = shown.action.meld if shown.action.type in (
                    ActionType.DECLARE, ActionType.SCORE_PENDING) else ""
                assert named(shown.action.cards, meld, move, lang), f"{where}: {move!r}"
                assert 1 <= len(shown.reasons or shown.keys) <= MOST_REASONS, where
                assert lines, where
                check([move, *lines], lang, where)


def test_no_reason_template_uses_engine_words() -> None:
    for key, texts in MESSAGES.items():
        for lang, text in zip(LANGS, texts, strict=True):
            assert not INTERNAL[lang].search(re.sub(r"\{\w+\}", "", text)), (key, text)


def test_copy_marks_only_where_an_identical_card_is_in_the_sentence() -> None:
    queen, other_queen = 4, 4 + 32          # Q♠ of the first and the second pack
    assert "#" not in Reason("lead_low", card=queen).render("en")
    assert "#" not in Reason("keep_for", meld="bezique", points=40, cards=(queen, 19),
                             missing=1).render("ru")
    # twins kept for a meld are alike: whichever is kept serves, so no mark tells them
    # apart (issue 54: copy marks only where they matter)
    both = Reason("keep_for", meld="four_queens", points=60, cards=(queen, other_queen),
                  missing=2).render("en")
    assert "keep Q♠ Q♠ for" in both and "#" not in both
    assert "cards still to draw" not in both
    assert marks_that_do_not_matter("lead Q♠#1, keep K♠") == ["Q♠#1"]
    assert marks_that_do_not_matter("keep Д♠#1 Д♠#2") == []


def test_a_card_is_never_written_in_machine_notation() -> None:
    """Play-off refutations are rebuilt from the solver's cards, not its text (which
    reads ``KS loses 10 … best play: KS 8S, …``)."""
    rng = random.Random(11)
    deal = Deal.new(load_profile("two-handed"), rng, dealer=0)
    while not (deal.in_playoff and deal.phase == "lead" and len(deal.legal_actions()) > 2):
        deal.apply(rng.choice(deal.legal_actions()))
    _action, reasons = hint_reasons(deal, deal.to_move)
    for lang in LANGS:
        for reason in reasons:
            text = reason.render(lang)
            assert not re.search(r"\b(10|[2-9AKQJT])[SHDC]\b", text), text
            assert "best play:" not in text and "лучшая игра" not in text, text
