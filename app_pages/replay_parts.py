"""State and callbacks of the Game log page.

The games to replay are named by keys: ``current`` (the Play page's game in this tab),
``saved_<id>`` (the learner's other games kept in the progress store, the most
recently played first), ``loaded`` (a game log loaded from a file), ``earlier_<n>``
(unsaved games that a continued one replaced) and ``sample``. A game of the store is
read only when it is shown, and kept in the tab while it does not change."""

from __future__ import annotations

import json
import logging
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import streamlit as st

from app_pages import store_text, ui
from app_pages.play_parts import chosen_level
from app_pages.session import PlaySession, game_result
from engine.bots.coach import RANDOM_LEVEL, bot_levels
from engine.errors import BeziqueError
from engine.rules.game import Game
from engine.rules.replay import MAX_LOG_BYTES, Replay, load_game
from lessons import sample_deal
from puzzles.identity import current_learner
from puzzles.store import GameEntry, ProgressStoreError, open_store

log = logging.getLogger("bezique.store")
EARLIER = 5   # games kept when "continue from this step" replaces the current one
SAMPLE = "sample"   # the annotated sample deal (lessons/sample_deal), always offered
SAVED = "saved_"    # a saved game's key: SAVED + its id in the store
KEPT_GAMES = 4      # saved games kept in the tab once read (the one shown, a few before)


def saved_entries() -> list[GameEntry]:
    """The learner's games in the store, the most recently played first (empty, and
    the reason shown, when the store cannot be read)."""
    try:
        with open_store() as db:
            entries = db.game_list(current_learner())
    except ProgressStoreError as exc:   # its text holds no credentials
        log.warning("%s", exc)
        st.session_state["replay_store_msg"] = store_text.error_text(exc)
        return []
    st.session_state["replay_store_msg"] = None
    return entries


def sources() -> dict[str, str]:
    """The games to replay, key -> label: ``current``, the other ``saved_<id>``,
    ``loaded``, ``earlier_<n>`` (the latest first) and the annotated ``sample``."""
    found: dict[str, str] = {}
    play = st.session_state.get("play")
    entries = saved_entries()
    by_id = {entry.id: entry for entry in entries}
    if play is not None:
        when = by_id[play.saved_as].updated if play.saved_as in by_id else ""
        found["current"] = " · ".join(
            part for part in (ui.t("replay.current"), local_time(when),
                              details(play.deal.profile.name, play.level,
                                      game_result(play.game, play.human))) if part)
    for entry in entries:
        if play is None or entry.id != play.saved_as:
            found[f"{SAVED}{entry.id}"] = entry_label(entry)
    if st.session_state.get("replay_game") is not None:
        found["loaded"] = ui.t("replay.loaded")
    for number, _game in enumerate(st.session_state.get("replay_earlier", []), 1):
        found[f"earlier_{number}"] = ui.t("replay.earlier", number=number)
    found[SAMPLE] = ui.t("replay.sample")
    st.session_state["replay_updated"] = {f"{SAVED}{e.id}": e.updated for e in entries}
    return found


def own_games(found: dict[str, str]) -> bool:
    """Whether there is any game besides the sample to replay."""
    return any(key != SAMPLE for key in found)


def game_of(key: str) -> Game | None:
    """The game named ``key`` (None when it is gone or cannot be replayed: said why)."""
    if key == "current":
        play = st.session_state.get("play")
        return None if play is None else play.game   # type: ignore[no-any-return]
    if key == "loaded":
        return st.session_state.get("replay_game")   # type: ignore[no-any-return]
    if key.startswith("earlier_"):
        earlier = st.session_state.get("replay_earlier", [])
        number = int(key.split("_")[1])
        return earlier[number - 1] if 0 < number <= len(earlier) else None
    if key.startswith(SAVED):
        return saved_game(int(key[len(SAVED):]),
                          st.session_state.get("replay_updated", {}).get(key, ""))
    return sample_game()


def saved_game(game_id: int, updated: str) -> Game | None:
    """A game of the store, read once while it is unchanged (``updated``); None when it
    is gone or cannot be read (why: ``replay_unreadable``)."""
    kept: dict[int, tuple[str, Game]] = st.session_state.setdefault("replay_saved", {})
    st.session_state["replay_unreadable"] = None
    if game_id in kept and kept[game_id][0] == updated:
        return kept[game_id][1]
    try:
        with open_store() as db:
            saved = db.saved_game(current_learner(), game_id)
        if saved is None:
            return None
        game = load_game(saved.game)
    except ProgressStoreError as exc:   # its text holds no credentials
        log.warning("%s", exc)
        st.session_state["replay_unreadable"] = ui.t("play.store_error",
                                                     error=store_text.error_text(exc))
        return None
    except BeziqueError as exc:   # a save this version of the rules cannot replay
        st.session_state["replay_unreadable"] = ui.t("replay.bad", reason=exc)
        return None
    while len(kept) >= KEPT_GAMES:
        kept.pop(next(iter(kept)))
    kept[game_id] = (saved.updated, game)
    return game


def local_time(iso: str) -> str:
    """A store time (ISO, UTC) as the learner's browser tells its time zone, to the
    minute; "" when there is none."""
    if not iso:
        return ""
    try:
        moment = datetime.fromisoformat(iso)
    except ValueError:
        return ""
    zone = getattr(st.context, "timezone", None)
    try:
        if zone:
            moment = moment.astimezone(ZoneInfo(zone))
    except (ZoneInfoNotFoundError, ValueError):
        pass
    return moment.strftime("%Y-%m-%d %H:%M")


def details(variant: str, level: str, result: dict[str, Any]) -> str:
    """A game as the list names it: the variant, the computer's level, the result."""
    level_name = ui.t(f"level.{level}") if level in (RANDOM_LEVEL, *bot_levels()) else level
    title = ui.variant_title(variant) if variant in ui.variants() else variant
    words = result_words(result)
    text = ui.t("replay.details", variant=title, level=level_name, result=words)
    return text if words else text.rstrip(" ·")


def result_words(result: dict[str, Any]) -> str:
    """``{"outcome": "won", "scores": [1050, 250]}`` as "won 1050 : 250"; a game still
    played says which deal; "" when nothing is known."""
    scores = result.get("scores")
    if not isinstance(scores, list) or not scores:
        return ""
    text = " : ".join(str(score) for score in scores)
    outcome = result.get("outcome")
    if outcome in ("won", "lost", "drawn"):
        return ui.t(f"replay.{outcome}", scores=text)
    return ui.t("replay.playing", deal=result.get("deal", 1), scores=text)


def entry_label(entry: GameEntry) -> str:
    """A saved game in the list: when it was last played, then :func:`details`."""
    try:
        result = json.loads(entry.result) if entry.result else None
    except ValueError:
        result = None
    if not isinstance(result, dict):   # saved before results were kept: worked out once
        result = older_result(current_learner(), entry.id, entry.updated)
    return f"{local_time(entry.updated)} · {details(entry.variant, entry.level, result)}"


@st.cache_data(max_entries=512, show_spinner=False)
def older_result(learner: str, game_id: int, updated: str) -> dict[str, Any]:
    """The result of a game saved before the store kept results, from its save
    (``updated``: read again once the game changed); {} when it cannot be read."""
    try:
        with open_store() as db:
            saved = db.saved_game(learner, game_id)
        return {} if saved is None else game_result(load_game(saved.game))
    except (ProgressStoreError, BeziqueError):
        return {}


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


def open_at(widget: str, shown: object, value: int) -> None:
    """Set the widget ``widget`` to ``value`` when what it steps through changed since
    the last run (``shown``: another game, another deal) or when it has no state (the
    page opened anew). Through the widget's state, which the browser is sent: a state
    removed instead would leave the browser's slider where it was while the board
    shows the step the page chose (app review 3, #4). A value set before the page first
    shows it (a link, a test) is kept."""
    marker = f"{widget}__shown"
    before = st.session_state.get(marker)
    st.session_state[marker] = shown
    if widget not in st.session_state or (before is not None and before != shown):
        st.session_state[widget] = value


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
    st.session_state["replay_source"] = "loaded"   # shown from its last step (open_at)
    deals = len(game.finished_deals) + 1
    st.session_state["replay_msg"] = {"ok": True, "text": ui.t("replay.ok", deals=deals)}


def on_resume(source: str, deal_number: int, index: int) -> None:
    """Play on from the step viewed (D18): a new game forked there goes to the Play
    page; the game viewed is not changed, and the game it replaces on the Play page
    is kept among the earlier games."""
    game = game_of(source)
    if game is None:
        return
    try:
        forked = PlaySession.fork(game, deal_number, index, chosen_level(), defer=True)
    except BeziqueError as exc:
        st.session_state["replay_msg"] = {"ok": False, "text": ui.t("replay.bad", reason=exc)}
        return
    current = st.session_state.get("play")
    if current is not None and current.saved_as is None:   # a saved one stays listed
        earlier = [current.game, *st.session_state.get("replay_earlier", [])]
        st.session_state["replay_earlier"] = earlier[:EARLIER]
    st.session_state["play"] = forked
    for key in ("play_msg", "play_hint", "play_verdicts_at"):
        st.session_state[key] = None
    st.session_state["replay_source"] = "current"
    st.session_state["replay_msg"] = None
    st.session_state["play_resumed"] = (deal_number, index)
    st.session_state["replay_to_play"] = True
