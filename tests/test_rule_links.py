"""One lesson anchor per rule *and game*: a rule's lesson link depends on the profile
being played (the lesson of that variant, then of the profiles it extends), read from
data — the lessons' ``variant`` and the profiles' ``extends`` — never from names."""

from __future__ import annotations

import pytest

import lessons
from engine.rules.profile import load_profile, variant_lineage, variant_names


def _paragraph(rule_id: str, variant: str | None = None) -> tuple[str, str]:
    lesson_id, anchor = lessons.rule_anchor(rule_id, variant)
    return lesson_id, lessons.get_lesson(lesson_id, "en").paragraph(anchor).markdown


def test_the_reviews_case() -> None:
    """The double trump marriage links to the lesson of the game being played."""
    assert _paragraph("meld.double_trump_marriage", "card-point")[0] == "variant-card-point"
    assert _paragraph("meld.double_trump_marriage", "no-trump")[0] == "variant-no-trump"
    assert _paragraph("meld.sequence", "card-point")[0] == "variant-card-point"
    assert _paragraph("meld.sequence", "rubicon")[0] == "variant-rubicon"
    assert _paragraph("trump.first_marriage", "no-trump")[0] == "variant-no-trump"


def test_a_variant_falls_back_along_its_extends_chain() -> None:
    assert variant_lineage("fildinski-three-pack") == (
        "fildinski-three-pack", "fildinski", "two-handed")
    assert variant_lineage("chinese") == ("chinese", "rubicon")
    # fildinski-three-pack has no lesson of its own: its parent's lesson explains it
    assert _paragraph("capture.meld", "fildinski-three-pack")[0] == "variant-fildinski"
    # chinese inherits Rubicon's re-forming rule
    assert _paragraph("reuse.reform", "chinese")[0] == "variant-rubicon"
    # a rule no lesson of the lineage explains goes to its home
    assert _paragraph("meld.marriage", "rubicon")[0] == "declarations"
    # without a variant: the reference game's lesson first
    assert _paragraph("meld.bezique")[0] == "declarations"
    assert _paragraph("meld.double_trump_marriage")[0] == "variant-no-trump"


@pytest.mark.parametrize("variant", variant_names())
def test_a_melds_link_states_the_value_this_game_scores(variant: str) -> None:
    """For every meld of every profile, the paragraph its link lands on names the points
    this profile gives (a card-point plain sequence is 100, not Rubicon's 150)."""
    profile = load_profile(variant)
    wrong = []
    for spec in profile.melds:
        lesson_id, text = _paragraph(spec.rule_id, variant)
        if str(spec.points) not in text:
            wrong.append(f"{spec.kind} {spec.points} → {lesson_id}")
    if profile.declaring.carte_blanche:
        lesson_id, text = _paragraph("meld.carte_blanche", variant)
        if str(profile.declaring.carte_blanche) not in text:
            wrong.append(f"carte blanche {profile.declaring.carte_blanche} → {lesson_id}")
    assert not wrong, wrong


@pytest.mark.parametrize("variant", variant_names())
def test_every_cited_rule_of_a_profile_has_a_lesson(variant: str) -> None:
    for rule_id, _ in load_profile(variant).citations:
        lesson_id, _text = _paragraph(rule_id, variant)
        assert lessons.get_lesson(lesson_id, "ru").paragraph(
            lessons.anchor_for(rule_id)).markdown


def test_links_between_lessons_name_existing_lessons() -> None:
    import re

    ids = {les.id for les in lessons.list_lessons("en")}
    for lang in lessons.LANGUAGES:
        for les in lessons.list_lessons(lang):
            for target in re.findall(r"\]\(([a-z0-9\-]+)\)", les.body_markdown):
                assert target in ids, f"{lang}/{les.id} links to {target}"
    # "Sources differ" references are chips linking one row of the comparison (§5b.6)
    assert "](disagreements#differ-dix " in lessons.get_lesson("dix", "ru").body_markdown


def test_the_rules_page_turns_lesson_links_into_page_links(tmp_path, monkeypatch) -> None:
    pytest.importorskip("streamlit")
    from pathlib import Path

    from streamlit.testing.v1 import AppTest

    from puzzles.store import ENV_VAR

    monkeypatch.setenv(ENV_VAR, str(tmp_path / "progress.sqlite3"))
    at = AppTest.from_file(str(Path(__file__).resolve().parents[1] / "app.py"),
                           default_timeout=60)
    at.session_state["lang"] = "en"
    at.query_params["lesson"] = "variants"
    at.switch_page("app_pages/rules.py")
    at.run()
    assert not at.exception
    shown = " ".join(m.value for m in at.markdown)
    assert "](rules?lesson=variant-rubicon&lang=en)" in shown
    assert "](variant-rubicon)" not in shown
