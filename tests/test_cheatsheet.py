"""The meld cheat-sheet and the table diagram (review §5b): generated from the profiles,
in both languages, reachable from the lessons and the Rules and Play pages."""

from __future__ import annotations

import dataclasses
import re
import xml.etree.ElementTree as ET

import pytest

import lessons
from engine.rules.profile import apply_option, load_profile, variant_names
from engine.text.citations import latin_words
from engine.text.explain import meld_name
from lessons.cheatsheet import meld_rows, meld_sheet_markdown, other_rows
from lessons.diagram import legend, table_svg


@pytest.mark.parametrize("variant", variant_names())
@pytest.mark.parametrize("lang", lessons.LANGUAGES)
def test_every_meld_of_the_profile_is_on_its_sheet(variant: str, lang: str) -> None:
    profile = load_profile(variant)
    rows = {(name, points) for name, _cards, points in meld_rows(variant, lang)}
    for spec in profile.melds:
        if spec.points:
            assert (meld_name(spec.kind, lang), spec.points) in rows, spec.kind
    if profile.declaring.carte_blanche:
        assert (meld_name("carte_blanche", lang), profile.declaring.carte_blanche) in rows
    sheet = meld_sheet_markdown(variant, lang)
    if lang == "ru":
        assert not latin_words(sheet), sheet
        assert not re.search(r"(?<![A-Za-z])[AKQJT][♠♥♦♣]", sheet)
    assert "T♠" not in sheet and "T♦" not in sheet


def test_the_sheet_follows_the_profile_not_typed_numbers() -> None:
    """Re-price a meld in the profile: the sheet changes with it."""
    profile = load_profile("two-handed")
    repriced = profile.with_options(melds=tuple(
        dataclasses.replace(m, points=777) if m.kind == "four_kings" else m
        for m in profile.melds))
    assert ("four kings", "4 × K (suits may repeat)", 777) in meld_rows(repriced)
    # an option of the game being played shows on its sheet: 004's bezique pair
    switched = apply_option(profile, "bezique_pair", "qc_jh_in_spades_diamonds")
    bezique = next(cards for name, cards, _ in meld_rows(switched, "ru") if name == "безик")
    assert "Д♣ + В♥" in bezique and "Д♠ + В♦" in bezique


def test_other_points_come_from_the_profile() -> None:
    two = dict(other_rows("two-handed"))
    assert two["seven of trumps (dix)"] == "10" and two["game"] == "1000"
    rubicon = dict(other_rows("rubicon", "ru"))
    assert "козырная семёрка" not in rubicon          # no dix in Rubicon
    assert rubicon["последняя взятка"] == str(load_profile("rubicon").scoring.last_trick_bonus)
    card_point = dict(other_rows("card-point"))
    assert card_point["cards taken: A, 10, K, Q, J"] == "11, 10, 4, 3, 2"


@pytest.mark.parametrize("lang", lessons.LANGUAGES)
def test_the_cheat_sheet_page_lists_every_game(lang: str) -> None:
    page = lessons.get_lesson("melds", lang).body_markdown
    for name in variant_names():
        profile = load_profile(name)
        assert f"### {profile.title_ru if lang == 'ru' else profile.title}" in page


@pytest.mark.parametrize("lang", lessons.LANGUAGES)
def test_the_table_diagram(lang: str) -> None:
    svg = table_svg(lang=lang)
    ET.fromstring(svg)                                   # well-formed
    two = load_profile("two-handed")
    # the opponent's hidden cards: the hand less his meld (2) and the card he led
    backs = svg.count('<clipPath id="bzclip">')
    assert backs == (two.hand_size - 3) + 4 + 6 + 3      # + his tricks, the stock, yours
    if lang == "ru":
        assert ">Д</text>" in svg and ">Q</text>" not in svg
        assert not any(latin_words(line) for line in legend(two, lang))
    assert len(legend(two, lang)) == 9
    assert len(legend(load_profile("rubicon"), lang)) == 8   # no turn-up in Rubicon
    dealing = lessons.get_lesson("dealing", lang).body_markdown
    assert 'class="bz-table"' in dealing and legend(two, lang)[4] in dealing


# --- in the app ---------------------------------------------------------------------------

def _page(page: str, lang: str, tmp_path, monkeypatch, query=None):
    pytest.importorskip("streamlit")
    from pathlib import Path

    from streamlit.testing.v1 import AppTest

    from puzzles.store import ENV_VAR

    monkeypatch.setenv(ENV_VAR, str(tmp_path / "progress.sqlite3"))
    at = AppTest.from_file(str(Path(__file__).resolve().parents[1] / "app.py"),
                           default_timeout=60)
    at.session_state["lang"] = lang
    for key, value in (query or {}).items():
        at.query_params[key] = value
    at.switch_page(page)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.mark.parametrize("lang", lessons.LANGUAGES)
def test_the_rules_page_shows_the_lessons_sheet_and_the_diagram(lang, tmp_path, monkeypatch):
    from app_pages.i18n import catalogue

    at = _page("app_pages/rules.py", lang, tmp_path, monkeypatch, {"lesson": "dealing"})
    assert at.selectbox(key="rules_lesson").value == "dealing"
    game = load_profile("two-handed")
    title = game.title_ru if lang == "ru" else game.title
    labels = [e.label for e in at.expander]
    assert catalogue(lang)["rules.meld_sheet"].format(game=title) in labels
    shown = " ".join(m.value for m in at.markdown)
    assert 'class="bz-table"' in shown                   # the diagram in place
    assert meld_sheet_markdown("two-handed", lang).strip() in shown
    # review §5c: the summary is the lesson's first line
    summary = lessons.get_lesson("dealing", lang).summary
    if lang == "ru":   # Russian goes on in lower case after «В этом уроке:»
        summary = summary[:1].lower() + summary[1:]
    assert catalogue(lang)["rules.summary"].format(summary=summary) in shown


def test_the_play_page_has_the_sheet_of_the_game_played(tmp_path, monkeypatch):
    from app_pages.i18n import catalogue

    at = _page("app_pages/play.py", "ru", tmp_path, monkeypatch)
    assert catalogue("ru")["play.meld_sheet"] in [e.label for e in at.expander]
    assert "| безик | Д♠ + В♦ |" in " ".join(m.value for m in at.markdown)


@pytest.mark.parametrize("lang", lessons.LANGUAGES)
def test_the_score_sheet_template_agrees_with_the_engine(lang: str) -> None:
    """Review §5b: a score-sheet template in the scoring lesson, its numbers the
    engine's count of the example deal."""
    from types import MappingProxyType

    check = lessons.Check("x", "deal_score", MappingProxyType(
        {"melds": ["trump_marriage", "four_aces"],
         "cards": ["AS#1", "AS#2", "TH#1", "TH#2", "AD#1", "TC#2"], "last_trick": False}),
        "", "two-handed")
    anna = int(lessons.evaluate_check(check).answer[0])
    body = lessons.get_lesson("scoring", lang).body_markdown
    assert re.search(rf"\| {anna} \| {870 + anna} \|", body)


@pytest.mark.parametrize("lang", lessons.LANGUAGES)
def test_review_f1_and_f3_numbers_add_up(lang: str) -> None:
    """F1: the scoring example crosses the target in mid-deal only if the melds take
    Anna past it; F3: the three bezique routes are 500 / 540 / 580 and the first route
    gives up twice a single bezique against the third."""
    p = load_profile("two-handed")
    mid = 870 + p.meld("trump_marriage").points + p.meld("four_aces").points
    assert mid >= p.scoring.target
    assert re.search(rf"\b{mid}\s", lessons.get_lesson("scoring", lang).body_markdown)
    body = lessons.get_lesson("strategy", lang).body_markdown
    b, d = p.meld("bezique").points, p.meld("double_bezique").points
    rows = re.findall(r"\| (\d) \| (\d+) \|", body)
    assert rows == [("1", str(d)), ("2", str(b + d)), ("3", str(2 * b + d))]
    assert str(2 * b) in body
