"""The Score pad page (AppTest), in English and Russian: a new Rubicon pad, a deal
recorded entry by entry with a refusal explained, the settlement, undo, a saved pad
resumed, and a two-handed game kept to 1000."""

from __future__ import annotations

import pytest
from app_helpers import run_page
from streamlit.testing.v1 import AppTest

from puzzles.store import open_store


def _click(at: AppTest, key: str) -> AppTest:
    at.button(key=key).click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _text(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [e.value for e in at.error] \
        + [s.value for s in at.success] + [i.value for i in at.info] \
        + [c.value for c in at.caption] + [str(m.value) for m in at.metric]
    for frame in at.table:
        parts.append(frame.value.to_string())
    return "\n".join(parts)


def _new_pad(lang: str, variant: str, names: tuple[str, str], learner: str) -> AppTest:
    at = run_page("scorepad", lang, learner=learner, sp_variant=variant)
    at.text_input(key="sp_name_0").input(names[0])
    at.text_input(key="sp_name_1").input(names[1]).run()
    return _click(at, "sp_new")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_rubicon_deal_is_kept_checked_and_settled(lang: str) -> None:
    names = ("Anna", "Boris") if lang == "en" else ("Анна", "Борис")
    at = _new_pad(lang, "rubicon", names, f"pad-{lang}")
    _click(at, "sp_start_deal")
    at.selectbox(key="sp_what").set_value("meld:trump_marriage")
    at.number_input(key="sp_trick").set_value(1)
    at.text_input(key="sp_cards").input("Кч Дч" if lang == "ru" else "KH QH").run()
    _click(at, "sp_add")
    assert "40" in _text(at)
    # The same cards again: the marriage stands on the table, nothing played since.
    at.selectbox(key="sp_what").set_value("meld:trump_marriage")
    at.number_input(key="sp_trick").set_value(2)
    at.text_input(key="sp_cards").input("KH QH").run()
    _click(at, "sp_add")
    assert at.error, "the repeated marriage must be refused"
    refusal = at.error[0].value
    assert ("Not recorded" in refusal) if lang == "en" else ("Не записано" in refusal)
    assert any("003" in c.value for c in at.caption)     # the source is named
    # The end of the deal, as written on paper: 1290 : 1200, brisques 60 : 100.
    at.radio(key="sp_mode").set_value("scores").run()
    at.number_input(key="sp_brisques_0").set_value(60)
    at.number_input(key="sp_brisques_1").set_value(100)
    at.number_input(key="sp_score_0").set_value(1290)
    at.number_input(key="sp_score_1").set_value(1200)
    at.selectbox(key="sp_last").set_value(0).run()
    _click(at, "sp_finish")
    text = _text(at)
    assert "600" in text and names[0] in text
    # Undo reopens the deal; the pad is saved for the learner.
    _click(at, "sp_undo")
    assert at.button(key="sp_finish")
    with open_store() as store:
        assert store.score_pads(f"pad-{lang}")


def test_a_two_handed_game_to_1000_and_a_saved_pad_resumed() -> None:
    at = _new_pad("en", "two-handed", ("Vera", "Gleb"), "pad-two")
    for scores in ((600, 300), (500, 450)):
        at.selectbox(key="sp_trump").set_value("D").run()
        _click(at, "sp_start_deal")
        at.radio(key="sp_mode").set_value("scores").run()
        at.number_input(key="sp_score_0").set_value(scores[0])
        at.number_input(key="sp_score_1").set_value(scores[1]).run()
        _click(at, "sp_finish")
    text = _text(at)
    assert "Vera wins the game (1100 : 750)" in text
    _click(at, "sp_close")
    assert at.button(key="sp_new")
    pad_id = open_store().score_pads("pad-two")[0]["id"]
    _click(at, f"sp_resume_{pad_id}")
    assert "1100" in _text(at)
