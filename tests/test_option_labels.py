"""Option choices are shown by name, not id (review 2, defect 6: the joker game's
player choice read "two / three" on the Russian page; the score pad showed
"club_250 (002, …)"): every choice has an English and a Russian label as data, and
the Play and Score pad pages show them; the rating chart's axis has no "1,300"."""

from __future__ import annotations

import re

import pytest

from engine.rules.profile import options
from engine.text.citations import cyrillic_words

pytest.importorskip("streamlit")
from app_helpers import run_page  # noqa: E402


def test_every_choice_has_labels_in_both_languages() -> None:
    for option in options():
        for choice in option.choices:
            en, ru = choice.label_in("en"), choice.label_in("ru")
            assert en and ru, (option.id, choice.name)
            assert "_" not in en + ru, (option.id, choice.name)
            assert not cyrillic_words(en), (option.id, en)
            assert cyrillic_words(ru) or re.fullmatch(r"[\d ,.]+", ru), (option.id, ru)


def test_the_joker_players_choice_in_russian() -> None:
    at = run_page("play", "ru", play_seed=5, level="club")
    at.selectbox(key="play_variant").set_value("joker").run()
    assert not at.exception
    control = at.get("button_group")[0]
    shown = list(control.options) if hasattr(control, "options") else []
    labels = " ".join(str(o) for o in shown) or str(control.proto)
    assert "двое" in labels and "трое" in labels
    assert "two" not in labels and "three" not in labels


def test_the_score_pad_names_its_choices() -> None:
    at = run_page("scorepad", "ru")
    at.selectbox(key="sp_variant").set_value("club").run()
    assert not at.exception
    boxes = [b for b in at.selectbox if b.key and b.key != "sp_variant"]
    assert boxes
    for box in boxes:
        for label in box.options:
            assert "_" not in label, label
            assert not re.search(r"'[^']*[A-Za-z]{3,}[^']*'", label)


def test_the_rating_axis_has_no_thousands_comma() -> None:
    import inspect

    from app_pages import progress

    assert '"axis": {"format": "d"}' in inspect.getsource(progress.rating_chart)
