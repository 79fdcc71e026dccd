"""AppTest for each puzzle page: they run in both languages, answer, hint, play
cards against the solver, and never show a traceback. The progress file lives in
a temporary directory (BEZIQUE_PROGRESS_DB)."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_helpers import pick, pickable, run_page
from streamlit.testing.v1 import AppTest

from app_pages.store_text import plain

ROOT = Path(__file__).parent.parent
TIMEOUT = 30


@pytest.fixture(autouse=True)
def progress_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "progress.sqlite3"
    monkeypatch.setenv("BEZIQUE_PROGRESS_DB", str(path))
    return path


def app(page: str, lang: str = "en") -> AppTest:
    at = AppTest.from_file(str(ROOT / "app_pages" / f"{page}.py"), default_timeout=TIMEOUT)
    at.session_state["lang"] = lang
    at.session_state["learner"] = "tester"
    return at


def button(at: AppTest, key: str):  # noqa: ANN201 - AppTest element
    return next(b for b in at.button if b.key == key)


def answer(at: AppTest):  # noqa: ANN201 - AppTest element
    """The Meld trainer's answer widget (its key changes with every puzzle)."""
    return at.multiselect(key=f"mt_answer_{at.session_state['mt_round']}")


def play_first_card(at: AppTest) -> None:
    """Click the first playable card of the endgame table."""
    cards = [c for c, state in pickable(at, "eg_table").items() if state in ("legal", "free")]
    pick(at, "eg_table", cards[0])


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_hub(lang: str) -> None:
    at = run_page("puzzle_hub", lang, learner="tester")   # its links need the app's pages
    assert at.title[0].value == ("Puzzles" if lang == "en" else "Задачи")


def test_meld_trainer_spot_with_hint_and_check() -> None:
    at = app("meld_trainer").run()
    assert not at.exception
    button(at, "mt_hint_btn").click().run()
    assert not at.exception and any("Hint 1" in i.value for i in at.info)
    answer(at).set_value(["bezique"]).run()
    button(at, "mt_check_btn").click().run()
    assert not at.exception
    assert at.success or at.error
    button(at, "mt_next_btn").click().run()
    assert not at.exception


@pytest.mark.parametrize("mode", ["best", "legal"])
def test_meld_trainer_other_modes(mode: str) -> None:
    at = app("meld_trainer", "ru")
    at.session_state["mt_mode"] = mode
    at.run()
    assert not at.exception
    assert at.session_state["mt_puzzle"]["type"] == mode
    button(at, "mt_check_btn").click().run()  # no answer chosen: just wrong, no traceback
    assert not at.exception and at.error


def test_timed_run() -> None:
    at = app("meld_trainer")
    at.session_state["mt_mode"] = "timed"
    at.run()
    button(at, "mt_run_start").click().run()
    assert not at.exception
    for _ in range(2):
        button(at, "mt_run_submit").click().run()
        assert not at.exception


def test_endgame_play_and_progress(progress_db: Path) -> None:
    at = app("endgame").run()
    assert not at.exception
    for _ in range(20):
        state = at.session_state["eg_state"]
        if state["status"] != "playing":
            break
        if at.session_state["eg_puzzle"]["type"] == "value" and \
                at.session_state["eg_recorded"] is None:
            at.number_input(key="eg_value_input").set_value(10).run()
            button(at, "eg_value_btn").click().run()
            continue
        play_first_card(at)
        assert not at.exception
    assert at.session_state["eg_recorded"] is not None
    assert progress_db.exists()
    progress = app("progress").run()
    assert not progress.exception
    assert progress.get("line_chart") or progress.dataframe


def test_progress_empty_and_replay() -> None:
    run_page("progress", "ru", learner="tester")
    meld = app("meld_trainer").run()
    answer(meld).set_value([]).run()
    button(meld, "mt_check_btn").click().run()
    at = run_page("progress", learner="tester")   # a replay opens another page of the app
    replays = [b for b in at.button if b.key and b.key.startswith("progress_replay_")]
    if replays:
        replays[0].click().run()
        assert not at.exception


def test_corrupted_progress_file_is_reported(progress_db: Path) -> None:
    progress_db.write_bytes(b"garbage" * 200)
    at = app("progress").run()
    assert not at.exception
    # the page escapes the path's markdown marks (an underscore would read as italics)
    assert at.error and plain(str(progress_db)) in at.error[0].value


@pytest.mark.parametrize("variant", ["rubicon", "chinese", "rubicon-four-handed", "three-handed",
                                     "four-handed"])
def test_variant_puzzles_are_served_and_played(variant: str) -> None:
    at = app("endgame")
    at.session_state["variant"] = variant
    at.run()
    assert not at.exception and at.session_state["eg_puzzle"]["variant"] == variant
    for _ in range(15):
        if at.session_state["eg_state"]["status"] != "playing":
            break
        if at.session_state["eg_puzzle"]["type"] == "value" and \
                at.session_state["eg_recorded"] is None:
            at.number_input(key="eg_value_input").set_value(10).run()
            button(at, "eg_value_btn").click().run()
            continue
        play_first_card(at)
        assert not at.exception
    meld = app("meld_trainer")
    meld.session_state["variant"] = variant
    meld.run()
    assert not meld.exception and meld.session_state["mt_puzzle"]["variant"] == variant


def test_three_handed_endgame_states_the_paranoid_aim() -> None:
    at = app("endgame")
    at.session_state["variant"] = "three-handed"
    at.run()
    text = " ".join(m.value for m in at.markdown)
    assert "both other players against you" in text and "paranoid value" in text


def test_a_retired_puzzle_is_not_offered_for_replay() -> None:
    """The first banks (random deals) were replaced by positions of expert games: a puzzle
    failed then stays in the history but is not offered again."""
    from puzzles import bank
    from puzzles.store import open_store

    kept = bank.load("meld")[0]
    retired = {**kept, "id": "m-retired000000"}
    with open_store() as store:
        store.record_attempt("tester", retired, 0.0)
        store.record_attempt("tester", kept, 0.0)
        assert store.failed_puzzles("tester") == [kept["id"], retired["id"]]
    at = run_page("progress", learner="tester")
    keys = {b.key for b in at.button if b.key and b.key.startswith("progress_replay_")}
    assert keys == {f"progress_replay_{kept['id']}"}
