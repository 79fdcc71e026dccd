"""State and callbacks of the Game log page."""

from __future__ import annotations

from typing import Any

import streamlit as st

from app_pages import ui
from app_pages.play_parts import chosen_level
from app_pages.session import PlaySession
from engine.errors import BeziqueError
from engine.rules.game import Game
from engine.rules.replay import MAX_LOG_BYTES, Replay, load_game
from lessons import sample_deal

EARLIER = 5   # games kept when "continue from this step" replaces the current one
SAMPLE = "sample"   # the annotated sample deal (lessons/sample_deal), always offered


def sources() -> dict[str, Game]:
    """The games to replay: ``current``, ``loaded``, and ``earlier_1``... (the games
    that a continued one replaced, the latest first), and the annotated ``sample``."""
    found: dict[str, Game] = {}
    play = st.session_state.get("play")
    if play is not None:
        found["current"] = play.game
    if st.session_state.get("replay_game") is not None:
        found["loaded"] = st.session_state["replay_game"]
    for number, game in enumerate(st.session_state.get("replay_earlier", []), 1):
        found[f"earlier_{number}"] = game
    found[SAMPLE] = sample_game()
    return found


def own_games() -> bool:
    """Whether there is any game besides the sample to replay."""
    return any(key != SAMPLE for key in sources())


def sample_game() -> Game:
    """This tab's copy of the sample deal (read once per session)."""
    game = st.session_state.get("replay_sample")
    if game is None:
        game = st.session_state["replay_sample"] = sample_deal.load()
    return game


def take_deep_link() -> None:
    """``replay?sample=1`` (the lessons link here) opens the sample deal at its start,
    once per session, so the learner may then pick another source."""
    if st.query_params.get("sample") and not st.session_state.get("replay_sample_seen"):
        st.session_state["replay_sample_seen"] = True
        show_sample()


def show_sample() -> None:
    st.session_state["replay_source"] = SAMPLE
    to_start()


def to_start() -> None:
    """Show the first step (call before the step widgets)."""
    st.session_state["replay_step"] = 0


def on_source() -> None:
    """The sample deal starts at its beginning; other games keep the step shown."""
    if st.session_state.get("replay_source") == SAMPLE:
        show_sample()


@st.cache_data(max_entries=4, show_spinner=False)
def moments(lang: str) -> list[sample_deal.Moment]:
    """The sample deal's key moments in ``lang`` (the same for every learner)."""
    return sample_deal.moments(lang)


def sample_names() -> tuple[str, str]:
    return sample_deal.names(ui.lang())


def on_moment(step: int) -> None:
    st.session_state["replay_step"] = step


def sample_session(game: Game) -> PlaySession:
    """The sample game as the Play page's score sheet reads it (nothing is played)."""
    return PlaySession(game, seed=0, level="random", human=0)


def source_label(key: str) -> str:
    if key.startswith("earlier_"):
        return ui.t("replay.earlier", number=key.split("_")[1])
    return ui.t(f"replay.{key}")


def replay_of(game: Game) -> Replay:
    return Replay(game)


def clamp(key: str, low: int, high: int) -> None:
    """Keep a stored widget value inside its (changing) range."""
    value = st.session_state.get(key)
    if isinstance(value, int) and not low <= value <= high:
        st.session_state[key] = max(low, min(value, high))


def on_upload() -> None:
    """Load the uploaded log; on any flaw keep the state and say what is wrong."""
    uploaded: Any = st.session_state.get("replay_upload")
    if uploaded is None:
        return
    try:
        if getattr(uploaded, "size", 0) > MAX_LOG_BYTES:
            raise BeziqueError(f"the file is larger than {MAX_LOG_BYTES // 1000} kB")
        game = load_game(uploaded.read(MAX_LOG_BYTES + 1))
    except BeziqueError as exc:
        st.session_state["replay_msg"] = {"ok": False, "text": ui.t("replay.bad", reason=exc)}
        return
    st.session_state["replay_game"] = game
    st.session_state["replay_source"] = "loaded"
    for key in ("replay_deal", "replay_step"):
        st.session_state.pop(key, None)
    deals = len(game.finished_deals) + 1
    st.session_state["replay_msg"] = {"ok": True, "text": ui.t("replay.ok", deals=deals)}


def on_resume(source: str, deal_number: int, index: int) -> None:
    """Play on from the step viewed (D18): a new game forked there goes to the Play
    page; the game viewed is not changed, and the game it replaces on the Play page
    is kept among the earlier games."""
    game = sources().get(source)
    if game is None:
        return
    try:
        forked = PlaySession.fork(game, deal_number, index, chosen_level())
    except BeziqueError as exc:
        st.session_state["replay_msg"] = {"ok": False, "text": ui.t("replay.bad", reason=exc)}
        return
    current = st.session_state.get("play")
    if current is not None:
        earlier = [current.game, *st.session_state.get("replay_earlier", [])]
        st.session_state["replay_earlier"] = earlier[:EARLIER]
    st.session_state["play"] = forked
    for key in ("play_msg", "play_hint", "play_verdicts_at"):
        st.session_state[key] = None
    st.session_state["replay_source"] = "current"
    st.session_state["replay_msg"] = None
    st.session_state["play_resumed"] = (deal_number, index)
    st.session_state["replay_to_play"] = True
