"""Wording the second review found (defect 10): «Сыграйте карту масти бубны ♦»;
"…, You Q♦ — The opponent takes it" (a capital mid-sentence); "1 aces and tens in the
trick"; the card-point score sheet's "Aces, tens" row, where the cards have values."""

from __future__ import annotations

import pytest

from app_pages import ui
from app_pages.i18n import translate
from engine.text.explain import Step
from puzzles.i18n import suit_to_play, tr


@pytest.fixture
def english(monkeypatch):
    """The page helpers without a Streamlit session: English, the app's catalogue."""
    monkeypatch.setattr(ui, "lang", lambda: "en")
    monkeypatch.setattr(ui, "t", lambda key, **params: translate("en", key, **params))


def test_a_suit_to_play_in_russian() -> None:
    assert tr("ru", "hint.card_suit", suit=suit_to_play("D", "ru")) == "Сыграйте бубну ♦"
    assert tr("ru", "hint.card_suit", suit=suit_to_play("H", "ru")) == "Сыграйте черву ♥"
    assert tr("en", "hint.card_suit", suit=suit_to_play("D", "en")) == "Play a card in diamonds ♦"


def test_the_endgame_hint_names_the_suit_as_played() -> None:
    from puzzles import bank, trainer

    record = bank.load("endgame", "two-handed")[0]
    hints = trainer.endgame_hints(record, {}, "ru")
    assert not any("карту масти" in h for h in hints)
    assert any(h.startswith("Сыграйте ") for h in hints)


def test_one_ace_or_ten() -> None:
    # One card reads right: no "1 aces".
    one = Step("score.brisque", "capture_brisques", (("count", "1"), ("each", "10"),
                                                       ("points", "10")))
    assert one.render("en") == "1 ace or ten in the trick, scored at once: 10"
    two = Step("score.brisque", "brisques", (("count", "2"), ("each", "10"), ("points", "20")))
    # app-review-3 #14: "aces and tens captured: 6, 10 each: 60" read unnaturally
    assert two.render("en") == "2 aces and tens captured, 10 each: 20"
    for step in (one, two, Step("score.brisque", "brisques_tiebreak", (("count", "1"),))):
        assert "1 aces" not in step.render("en")


def test_a_trick_line_has_no_capital_inside(english) -> None:
    from app_pages import puzzle_parts
    from puzzles import bank, endgame

    for record in bank.load("endgame", "two-handed"):
        solution = endgame.solution_of(record["position"], explain=True)
        lines = [r for r in solution.refutations if len(r.line) >= 2]
        if lines:
            break
    refutation = lines[0]
    me = record["position"]["to_move"] if "to_move" in record["position"] else \
        refutation.line_players[0]
    plays = list(zip(refutation.line_players, refutation.line, strict=True))
    text = puzzle_parts.tricks_text(record["position"], plays, me, 2)
    assert text
    for line in text:
        after_colon = line.split(": ", 1)[1]
        assert "You " not in after_colon and "The opponent" not in after_colon, line
    assert puzzle_parts.in_sentence("The opponent") == "the opponent"


def test_the_card_point_sheet_shows_card_points(english) -> None:
    from app_pages.play_parts import score_table
    from app_pages.session import PlaySession

    s = PlaySession.new("card-point", seed=3)
    while s.deal.tricks_played < 6 and not s.deal.is_over:
        s.autoplay(1)
    sheet = score_table(s)
    assert "Aces, tens" not in sheet and "Card points taken" in sheet
    values = s.deal.profile.card_points
    taken = sum(values.of_rank(c % 8) for c in s.deal.won[s.human])
    assert f"| Card points taken | {taken} |" in sheet
    two = PlaySession.new("two-handed", seed=3)
    assert "Aces, tens" in score_table(two)
