"""Regression tests for the rest of the app review (``shared/reviews/app-review.md``):
``/home``, continuing a replayed game from the step viewed, copy marks on card
pictures only where two copies matter, the lessons' checks on the card table."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("streamlit")
from app_helpers import APP, run_page  # noqa: E402
from streamlit.testing.v1 import AppTest  # noqa: E402
from streamlit.util import calc_hash  # noqa: E402


@pytest.fixture(autouse=True)
def learner_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "progress.sqlite3"
    monkeypatch.setenv("BEZIQUE_PROGRESS_DB", str(path))
    return path


# --- D18: "/home" is a page ---------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ru"])
def test_d18_home_url_opens_the_home_page(lang: str):
    from app_pages.i18n import catalogue

    at = run_page("home", lang)
    # The browser asks for a page by its URL name: some page must answer to "home"
    # (the default page is served at "/" and its url_path matches no URL).
    by_name = {info.get("url_pathname"): page_hash
               for page_hash, info in at._registered_pages.items()}  # noqa: SLF001
    assert "home" in by_name
    at = AppTest.from_file(APP, default_timeout=60)   # a new session, as a URL visit is
    at.session_state["lang"] = lang
    at._page_hash = by_name["home"]  # noqa: SLF001 - what a visit to /home requests
    at.run()
    assert not at.exception
    assert [t.value for t in at.title] == [catalogue(lang)["home.title"]]
    assert by_name["home"] != calc_hash("")


@pytest.mark.parametrize("page", ["home", "play", "puzzle_hub"])
def test_d18_page_links_use_material_icons_not_emoji(page: str):
    at = run_page(page, "en")
    icons = [link.proto.icon for link in at.get("page_link")]
    assert all(not icon or icon.startswith(":material/") for icon in icons), icons


# --- D18: "Continue playing" from the step viewed ------------------------------------------

def _played(actions: int):
    from engine.session import PlaySession

    session = PlaySession.new(seed=3, level="random")
    while len(session.deal.actions) < actions:
        session.autoplay(1)
    return session


def test_fork_plays_on_from_the_step_and_keeps_the_game():
    from engine.session import PlaySession, Replay

    session = _played(30)
    game = session.game
    saved = game.dumps()
    step = 11
    forked = PlaySession.fork(game, 1, step, level="random")
    assert game.dumps() == saved                       # the original is untouched
    position = Replay(game).at(1, step).deal
    # the bots' answers may follow, but the fork starts with the viewed step's actions
    assert forked.deal.actions[:step] == position.actions
    assert len(forked.deal.actions) < len(game.deal.actions)
    assert forked.human_to_move


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_d18_continue_from_the_viewed_step_on_the_play_page(lang: str):
    from app_pages.i18n import catalogue

    session = _played(30)
    at = run_page("replay", lang, play=session)
    at.slider(key="replay_step").set_value(11).run()
    at.button(key="replay_resume").click().run()
    assert not at.exception
    forked = at.session_state["play"]
    assert forked is not session
    assert forked.deal.actions[:11] == session.deal.actions[:11]
    assert len(forked.deal.actions) < len(session.deal.actions)
    # on the Play page, saying where the game came from
    assert [t.value for t in at.title] == [catalogue(lang)["play.title"]]
    note = catalogue(lang)["replay.resumed"].format(deal=1, step=11)
    assert note in [s.value for s in at.success]
    # the game it replaced is kept in the game log, unchanged
    assert at.session_state["replay_earlier"][0] is session.game
    at.switch_page("app_pages/replay.py").run()
    assert not at.exception
    earlier = catalogue(lang)["replay.earlier"].format(number=1)
    assert earlier in at.radio(key="replay_source").options


def test_d18_continue_a_loaded_game_from_an_early_step():
    from engine.session import load_game

    source = _played(30)
    loaded = load_game(source.game.dumps())
    saved = loaded.dumps()
    at = run_page("replay", "en", replay_game=loaded, replay_source="loaded")
    at.slider(key="replay_step").set_value(4).run()
    at.button(key="replay_resume").click().run()
    assert not at.exception
    forked = at.session_state["play"]
    assert forked.deal.actions[:4] == source.deal.actions[:4]
    assert at.session_state["replay_game"].dumps() == saved
