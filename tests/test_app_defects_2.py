"""Regression tests for the defects D15-D18 of the app review
(``shared/reviews/app-review.md``) through AppTest."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

pytest.importorskip("streamlit")
from app_helpers import run_page as app  # noqa: E402
from streamlit.testing.v1 import AppTest  # noqa: E402

from app_pages import ui  # noqa: E402
from app_pages.i18n import catalogue  # noqa: E402
from engine.bots.reasons import MESSAGES  # noqa: E402
from puzzles import timed  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]



def texts(at: AppTest) -> str:
    parts = [e.value for kind in ("markdown", "caption", "info", "error", "success",
                                  "warning", "title", "subheader")
             for e in getattr(at, kind)]
    parts += [str(b.label) for b in at.button]
    return "\n".join(parts)


@pytest.fixture()
def learner_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "progress.sqlite3"
    monkeypatch.setenv("BEZIQUE_PROGRESS_DB", str(path))
    return path


# --- D15: translated and grammatical text -------------------------------------------------

@pytest.mark.parametrize("page", ["meld_trainer", "explainer"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_d15_answer_boxes_have_our_placeholder_and_no_select_all(learner_db: Path,
                                                                 page: str, lang: str):
    at = app(page, lang)
    if page == "explainer":
        boxes = list(at.multiselect)
    else:
        boxes = list(at.multiselect)
        if not boxes:   # the spot puzzle answers with a multiselect; other modes may not
            pytest.skip("no multiselect in this mode")
    assert boxes
    for box in boxes:
        assert box.proto.placeholder and box.proto.placeholder != "Choose options"
        assert box.proto.placeholder in (catalogue(lang).values() or []) or lang == "en" or \
            not box.proto.placeholder.isascii()
        assert not box.proto.select_all   # Streamlit's "Select all" option is off


def test_d15_guest_is_translated(learner_db: Path):
    # The default learner is "you" in the page's language, never its key "guest".
    text = texts(app("meld_trainer", "ru")) + texts(app("rules", "ru"))
    assert "guest" not in text and "гость" not in text
    assert "Ученик: вы" in text


def test_d15_english_without_plural_brackets_or_article_slips():
    en = catalogue("en")
    for key, value in en.items():
        assert "(s)" not in value, key
        assert not value.startswith("Selected:"), key
    for key, (english, _) in MESSAGES.items():
        assert "(s)" not in english and "a {meld}" not in english, key


def test_d15_navigation_and_page_titles_agree_in_russian():
    from puzzles.i18n import tr
    ru = catalogue("ru")
    assert ru["nav.progress"] == tr("ru", "progress.title")
    assert ru["nav.endgame"] == tr("ru", "endgame.title")


# --- D16: the Score explainer's state -------------------------------------------------------

def test_d16_table_cards_without_a_declaration_are_flagged(learner_db: Path):
    at = app("explainer", "en", ex_table_S=["KS#1"], ex_hand_H=["KH#1"], ex_hand_D=["KD#1"],
             ex_hand_C=["KC#1"])
    warning = " ".join(w.value for w in at.warning)
    assert catalogue("en")["explainer.undeclared"].split(":")[1].strip()[:20] in warning
    assert "80" not in "\n".join(m.value for m in at.markdown if "**" in m.value)


def test_d16_a_variant_change_clears_the_history(learner_db: Path):
    at = app("explainer", "en", variant="two-handed", ex_hand_S=["KS#1"],
             explainer_history=[{"meld": "marriage", "cards": ["KS#1", "QS#1"]}])
    other = [v for v in ui.variants() if ui.profile(v).packs != 2 or v != "two-handed"]
    at.session_state["variant"] = [v for v in other if v != "two-handed"][0]
    at.run()
    assert not at.exception
    assert at.session_state["explainer_history"] == []
    assert at.session_state["ex_hand_S"] == []


# --- D17: puzzle feedback ---------------------------------------------------------------------

def test_d17_timed_clock_ticks_while_the_learner_thinks(learner_db: Path):
    import random
    at = app("meld_trainer", "en", mt_mode="timed")
    run = timed.start(random.Random(1), now=time.monotonic() - 5)
    at.session_state["mt_run"] = run
    at.run()
    # the clock lives in a fragment that reruns itself every second
    from app_pages import meld_trainer  # noqa: F401 - imported by the page itself
    left = [m.value for m in at.markdown if "s left" in m.value]
    assert left and f"{timed.SECONDS - 5} s left" in left[0] or \
        f"{timed.SECONDS - 6} s left" in left[0]


def test_d17_clock_is_a_fragment():
    source = (ROOT / "app_pages" / "meld_trainer.py").read_text()
    assert "@st.fragment(run_every=1.0)\ndef clock()" in source


# --- D18: minor ------------------------------------------------------------------------------

def test_d18_home_uses_material_icons_not_emoji(learner_db: Path):
    at = app("home", "en")
    icons = [link.proto.icon for link in at.get("page_link")]
    assert icons and all(icon.startswith(":material/") for icon in icons), icons


# --- the card-table component serves the lessons' examples ----------------------------------

@pytest.mark.parametrize("lang", ["en", "ru"])
def test_lesson_examples_are_drawn_by_the_card_table(learner_db: Path, lang: str):
    from app_helpers import table_html, tables

    import lessons
    from app_pages import table as tbl
    from engine.notation.cards import parse_card
    for lesson in lessons.lesson_list(lang) if hasattr(lessons, "lesson_list") else []:
        if getattr(lesson, "examples", ()):
            break
    else:
        lesson = next(x for x in ui.lesson_list(lang) if getattr(x, "examples", ()))
    at = app("rules", lang)
    at.selectbox(key="rules_lesson").set_value(lesson.id).run()
    assert not at.exception
    keys = [k for k in tables(at) if k.startswith("lesson_example")]
    assert keys
    example = lesson.examples[0]
    html = " ".join(table_html(at, k) for k in keys)
    for token in example.request().get("hand", []):
        name = tbl.card_name(parse_card(token).id, lang)
        assert f'alt="{name}"' in html or f'alt="{name.split("#")[0]}"' in html, token


# --- the card-table component serves the meld trainer ---------------------------------------

@pytest.mark.parametrize("lang", ["en", "ru"])
def test_meld_trainer_position_is_drawn_by_the_card_table(learner_db: Path, lang: str):
    from app_helpers import table_html

    from app_pages import table as tbl
    from engine.notation.cards import parse_card
    at = app("meld_trainer", lang)
    record = at.session_state["mt_puzzle"]
    html = table_html(at, "mt_position")
    for token in record["position"]["hand"] + record["position"]["table"]:
        assert f'alt="{tbl.card_name(parse_card(token).id, lang)}"' in html, token


# --- endgame feedback speaks to the card chosen ----------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ru"])
def test_endgame_wrong_card_is_explained_against_the_best(learner_db: Path, lang: str):
    from app_helpers import pick

    from engine.notation.cards import parse_card
    from puzzles import bank, endgame, trainer
    record = next(r for r in bank.load("endgame") if r["variant"] == "two-handed")
    state = trainer.endgame_start(record)
    solution = endgame.solution_of(state["position"], explain=True)
    wrong = min(solution.values, key=solution.values.__getitem__)
    reasons = trainer.wrong_card_reasons(solution, wrong, lang)
    loss = solution.value - solution.values[wrong]
    assert len(reasons) >= 2
    assert trainer.show_card(wrong, lang) in reasons[0] and str(loss) in reasons[0]
    assert trainer.wrong_card_reasons(solution, solution.best[0], lang) == []
    at = app("endgame", lang, eg_puzzle=record, eg_state=state)
    pick(at, "eg_table", parse_card(wrong + "#1").id if "#" not in wrong else
         parse_card(wrong).id)
    assert at.session_state["eg_state"]["status"] == "failed"
    shown = "\n".join(m.value for m in at.markdown)
    assert reasons[0] in shown and reasons[1] in shown
