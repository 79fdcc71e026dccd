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


# --- app review 3, #1 and #13; rules review 3, finding 3; reliability review 3, m10 ------

def test_switching_the_game_to_two_handed_keeps_none_of_rubicons_rules() -> None:
    # The form opens on Rubicon (last trick 50, sevens worth nothing); switched to the
    # two-handed game, the pad scores the last trick 10 and the seven of trumps 10 (001).
    at = run_page("scorepad", "en", learner="pad-switch")
    assert at.session_state["sp_variant"] == "rubicon"
    at.selectbox(key="sp_variant").set_value("two-handed").run()
    at.text_input(key="sp_name_0").input("Vera")
    at.text_input(key="sp_name_1").input("Gleb").run()
    _click(at, "sp_new")
    assert not any("Options" in c.value for c in at.caption)
    at.selectbox(key="sp_trump").set_value("D").run()
    _click(at, "sp_start_deal")
    at.selectbox(key="sp_what").set_value("dix:").run()
    _click(at, "sp_add")
    assert not at.error, [e.value for e in at.error]
    at.number_input(key="sp_brisques_0").set_value(80)
    at.number_input(key="sp_brisques_1").set_value(80)
    at.selectbox(key="sp_last").set_value(0).run()
    _click(at, "sp_finish")
    text = _text(at)
    assert "The seven of trumps: 10" in text
    assert "The last trick scores 10" in text
    assert "Deal score 100 : 80" in text


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_option_labels_are_plain_words_with_the_source_in_a_tooltip(lang: str) -> None:
    at = run_page("scorepad", lang)
    boxes = [b for b in at.selectbox if b.key and b.key.startswith("sp_opt")]
    assert boxes
    for box in boxes:
        assert not any("(00" in label or "l." in label for label in box.options), box.options
        assert "(00" not in box.label
        assert box.help and any(f"00{n}" in box.help for n in range(5)), box.help


def test_the_upload_box_names_json_and_csv() -> None:
    at = run_page("scorepad", "en")
    notes = [h.proto.body for h in at.get("html")]
    assert any("JSON or CSV" in note for note in notes)


def test_on_paper_a_two_handed_deal_lists_no_empty_brisques() -> None:
    at = _new_pad("en", "two-handed", ("Vera", "Gleb"), "pad-paper")
    at.selectbox(key="sp_trump").set_value("D").run()
    _click(at, "sp_start_deal")
    at.radio(key="sp_mode").set_value("scores").run()
    assert not any(n.key == "sp_brisques_0" for n in at.number_input)
    at.number_input(key="sp_score_0").set_value(300)
    at.number_input(key="sp_score_1").set_value(200).run()
    _click(at, "sp_finish")
    assert "aces and tens" not in _text(at)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_fildinski_asks_who_reached_the_target_first(lang: str) -> None:
    at = _new_pad(lang, "fildinski", ("Anna", "Boris"), f"pad-first-{lang}")
    for deal, scores in enumerate(((1500, 1500), (600, 700))):
        _click(at, "sp_start_deal")
        at.radio(key="sp_mode").set_value("scores").run()
        at.number_input(key="sp_score_0").set_value(scores[0])
        at.number_input(key="sp_score_1").set_value(scores[1]).run()
        if deal == 0:
            assert not any(s.key == "sp_first" for s in at.selectbox)
            _click(at, "sp_finish")
    # Both pass 2000: the field appears, and finishing without it is refused.
    assert any(s.key == "sp_first" for s in at.selectbox)
    assert at.warning
    _click(at, "sp_finish")
    assert at.error and not at.success
    at.selectbox(key="sp_first").set_value(0).run()
    _click(at, "sp_finish")
    result = " ".join(s.value for s in at.success)
    assert ("Anna wins the game (2100 : 2200)" in result) if lang == "en" else \
        ("Победа в партии: Anna (счёт 2100 : 2200)" in result)


def test_a_long_pad_shows_one_deal_and_is_not_recomputed_on_a_rerun() -> None:
    from engine.rules import scorepad

    deal = {"declarations": [{"player": i % 2, "meld": "bezique", "cards": ["QS", "JD"],
                              "trick": 1 + i % 30} for i in range(60)], "brisques": [0, 0]}
    long_pad = scorepad.ScorePad.from_json({"variant": "fildinski", "players": ["A", "B"],
                                            "deals": [deal] * 12})
    at = run_page("scorepad", "en", sp_pad=long_pad)
    assert len(at.table) + len(at.dataframe) <= 2      # the deal shown and the summary
    before = scorepad._report.cache_info().misses       # noqa: SLF001 - the cache itself
    at.selectbox(key="sp_trump").set_value("H").run()
    assert not at.exception
    assert scorepad._report.cache_info().misses == before  # noqa: SLF001


def test_an_undecided_pad_from_a_file_is_reopened_to_decide_it() -> None:
    from engine.rules.scorepad import ScorePad

    undecided = ScorePad.from_json({"variant": "fildinski", "players": ["A", "B"],
                                    "deals": [{"scores": [1500, 1500]},
                                              {"scores": [600, 700]}]})
    at = run_page("scorepad", "en", learner="pad-undecided", sp_pad=undecided)
    assert at.warning and not at.success
    assert not any(b.key == "sp_start_deal" for b in at.button)
    _click(at, "sp_undo")
    at.radio(key="sp_mode").set_value("scores").run()
    at.number_input(key="sp_score_0").set_value(600)
    at.number_input(key="sp_score_1").set_value(700).run()
    at.selectbox(key="sp_first").set_value(1).run()
    _click(at, "sp_finish")
    assert "B wins the game (2100 : 2200)" in " ".join(s.value for s in at.success)
