"""Citations in Russian text: "004, two-handed rules, item 8" must not show inside a
Russian explanation. Every citation the engine or the lessons can show has a Russian
form, and no Russian-rendered engine text carries Latin words."""

from __future__ import annotations

import random
import re

import pytest

from engine.rules.deal import Deal
from engine.rules.profile import load_profile, options, variant_names
from engine.text.citations import by_section, citation_text, cyrillic_words, latin_words
from engine.text.explain import MESSAGES, Step
from lessons.disagreements import disagreements

# Card-free tokens a Russian engine sentence may contain: none today. (Card letters
# are Cyrillic in Russian; suit signs are not letters.)
ALLOWED: set[str] = set()
LINE_REF = re.compile(r"\bl\.\s?\d+(?:[-–]\d+)?")


def _all_citations() -> set[str]:
    found = {c.source for o in options() for c in o.choices}
    found |= {p.source for d in disagreements() for p in d.says}
    for name in variant_names():
        found |= {where for _, where in load_profile(name).citations}
    found.add("profile")          # what a meld without a citation is credited to
    return found


@pytest.mark.parametrize("citation", sorted(_all_citations()))
def test_every_citation_has_a_russian_form(citation: str) -> None:
    ru = citation_text(citation, "ru")
    assert not set(latin_words(ru)) - ALLOWED, f"{citation!r} → {ru!r}"
    en = citation_text(citation, "en")       # English pages: the sections' English names
    assert not cyrillic_words(en), f"{citation!r} → {en!r}"
    # the numbers and the sources' own section names survive; a line becomes its section
    numbers = re.findall(r"\d+", LINE_REF.sub("", citation))
    assert re.findall(r"\d+", re.sub("'[^']*'", "", by_section(citation))) == \
        re.findall(r"\d+", re.sub("'[^']*'", "", LINE_REF.sub("", citation)))
    assert not LINE_REF.search(en) and not LINE_REF.search(ru) and "строк" not in ru
    assert set(numbers) <= set(re.findall(r"\d+", ru)) or "players=3" in citation
    for quoted in re.findall(r"'([А-Яа-яЁё][^']*)'", citation):
        assert quoted in ru


def test_the_reviews_example() -> None:
    assert citation_text("004, two-handed rules, item 8", "ru") == \
        "004, правила для двоих, пункт 8"


def test_russian_message_templates_have_no_english() -> None:
    """Every Russian template, placeholders removed, is Russian."""
    from engine.bots.reasons import MESSAGES as REASONS

    for table in (MESSAGES, REASONS):
        for key, pair in table.items():
            ru = re.sub(r"\{[^}]*\}", "", pair[1])
            assert not set(latin_words(ru)) - ALLOWED, f"{key}: {ru}"


@pytest.mark.parametrize("variant", variant_names())
def test_a_meld_is_credited_in_russian(variant: str) -> None:
    profile = load_profile(variant)
    for spec in profile.melds:
        step = Step(spec.rule_id, "meld_points", (
            ("meld", spec.kind), ("points", str(spec.points)),
            ("citation", profile.citation(spec.rule_id) or "profile")))
        text = step.render("ru")
        assert not set(latin_words(text)) - ALLOWED, text


@pytest.mark.parametrize("variant", variant_names())
def test_a_played_deal_explains_itself_in_russian(variant: str) -> None:
    """Every event of a random deal: its steps and its citation, rendered in Russian."""
    profile = load_profile(variant)
    rng = random.Random(7)
    deal = Deal.new(profile, rng, dealer=0)
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    for event in deal.events:
        for text in [*event.explain("ru"), event.cited("ru"), *event.to_json("ru")["explanation"],
                     event.to_json("ru")["citation"]]:
            assert not set(latin_words(text)) - ALLOWED, f"{event.type}: {text}"
