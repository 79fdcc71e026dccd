"""The protocol-level client of scripts/load_test.py plays cards, as a learner does.

One ``streamlit run app.py`` on loopback (no nginx), the suite's temporary progress
store (tests/conftest.py). A session clicks for a few seconds: its card clicks must
register (the card leaves the hand) and the bot must answer. The run fails loudly when
no card play registers. When chromium and playwright are installed, the client's
``rerun_script`` for a card click is compared with the one Chromium really sends."""

from __future__ import annotations

import asyncio
import json
import os
import re
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from saved_games import forget_saved_games
from streamlit.components.v2.bidi_component.main import _make_trigger_id
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.Element_pb2 import Element

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

import load_test  # noqa: E402
from app_server import CHROMIUM, CHROMIUM_ARGS, app_server  # noqa: E402


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with app_server() as url:
        yield url


def test_a_session_plays_cards_and_the_bot_answers(server: str) -> None:
    stats = load_test.Stats()
    session = load_test.Session(server, 0.05, seed=3, stats=stats)
    asyncio.run(session.run(time.monotonic() + 90, max_actions=12))   # counted, not timed
    assert stats.errors == [] and len(stats.actions) == 12
    assert session.page_hash                          # later reruns name the page by hash
    assert stats.clicks.get("card", 0) >= 3
    assert stats.card_plays == stats.clicks["card"]   # every card click played the card
    assert stats.bot_moves > 0


def test_a_session_chooses_the_expert_and_waits_for_its_worker_as_a_browser(tmp_path):
    """Issue 56, item 5: with the computer's moves in a worker, the page says it is
    thinking and a fragment asks again; the client does as the browser and measures
    the time to the computer's move on the page."""
    env = {"BEZIQUE_BOT_WORKERS": "1", "BEZIQUE_PROGRESS_DB": str(tmp_path / "p.sqlite3")}
    stats = load_test.Stats()
    with app_server(env=env) as url:
        session = load_test.Session(url, 0.05, seed=5, stats=stats, level="expert")
        asyncio.run(session.run(time.monotonic() + 240, max_actions=6))   # counted
    assert stats.errors == [] and stats.levels_set == 1 and len(stats.actions) == 6
    assert stats.card_plays == stats.clicks["card"] and stats.bot_moves > 0
    # Each reply that came after the click's own run was looked for again, as the
    # browser does (whether one does depends on the machine: the worker may be done
    # within the click's run; tests/test_bot_worker.py holds the page's side of it).
    assert stats.replies and stats.polls >= stats.waited


def test_the_run_fails_when_no_card_play_registers(server: str, monkeypatch,
                                                   capsys) -> None:
    # A client that only ever clicks "new game" (what the old client did): exit 1.
    monkeypatch.setattr(load_test.Session, "_choose", lambda self: next(
        b for b in self.buttons.values() if b.key == "new_game"))
    code = load_test.main(["--url", server, "--sessions", "1", "--duration", "1.5",
                           "--think", "0.2"])
    assert code == 1
    assert "no card play registered" in capsys.readouterr().err


def test_the_widget_values_echoed_are_the_ones_the_browser_holds() -> None:
    radio = Element()
    radio.radio.id, radio.radio.default = "$$ID-a-lang_pick", 0
    radio.radio.options.extend(["English", "Русский"])
    picked = Element()
    picked.selectbox.id, picked.selectbox.raw_value = "$$ID-b-play_level", "Club player"
    toggle = Element()
    toggle.checkbox.id, toggle.checkbox.default = "$$ID-c-four_colour", True
    number = Element()
    number.number_input.id, number.number_input.default = "$$ID-d-autoplay_n", 5
    number.number_input.data_type = number.number_input.INT
    values = [load_test.widget_value(e) for e in (radio, picked, toggle, number)]
    assert [v.WhichOneof("value") for v in values if v] == [
        "string_value", "string_value", "bool_value", "int_value"]
    assert [values[0].string_value, values[1].string_value] == ["English", "Club player"]
    assert values[2].bool_value is True and values[3].int_value == 5
    assert load_test.widget_value(Element()) is None
    element_id = "$$ID-7c99d591f9aa914ec3f25abdcc4ff597-play_table"
    assert load_test.trigger_id(element_id) == _make_trigger_id(element_id, "events")


def test_the_client_waits_for_the_computer_not_for_the_review() -> None:
    """Issue 55, item 3: the hand's review at a deal's end has a timed fragment of its
    own; the client, like a learner, goes on meanwhile and only sends its reruns when
    due, while it waits for the computer's move."""
    from app_pages import bot_worker, review_parts

    assert review_parts.POLL_SECONDS != bot_worker.POLL_SECONDS   # how the client tells
    session = load_test.Session("http://127.0.0.1:1", 0.0, seed=1, stats=load_test.Stats())
    session.auto = {"computer": bot_worker.POLL_SECONDS, "review": review_parts.POLL_SECONDS}
    assert session._computer() == {"computer": bot_worker.POLL_SECONDS}
    session.auto = {"review": review_parts.POLL_SECONDS}
    assert session._computer() == {}
    assert asyncio.run(session._replies()) is False          # nothing to wait for


def _browser_card_click(url: str) -> tuple[BackMsg, BackMsg]:
    """The ``rerun_script`` messages Chromium sends to open Play and to click a card."""
    sync_api = pytest.importorskip("playwright.sync_api")
    sent: list[BackMsg] = []

    def on_ws(ws) -> None:  # noqa: ANN001 - playwright's WebSocket
        def frame(payload: object) -> None:
            if isinstance(payload, bytes | bytearray):
                msg = BackMsg()
                msg.ParseFromString(bytes(payload))
                if msg.WhichOneof("type") == "rerun_script":
                    sent.append(msg)
        ws.on("framesent", frame)

    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 1000})
            page.on("websocket", on_ws)
            page.goto(url + "/play")
            card = page.locator("[data-pick].is-free, [data-pick].is-legal").first
            card.wait_for(timeout=60_000)
            loads = len(sent)
            card.click()
            page.wait_for_timeout(1500)
        finally:
            browser.close()
    clicks = sent[loads:]
    assert sent[:loads] and clicks, "the browser sent nothing for the load or the click"
    return sent[0], clicks[0]


@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="chromium is not installed")
def test_the_client_sends_what_chromium_sends_for_a_card_click(server: str) -> None:
    first, click = _browser_card_click(server)
    forget_saved_games()   # the client's session starts a game of its own, as the browser did
    session = load_test.Session(server, 0.0, seed=1, stats=load_test.Stats())
    ours_first = session.message(None).rerun_script
    assert ours_first.page_name == first.rerun_script.page_name == "play"
    assert not ours_first.page_script_hash and not first.rerun_script.page_script_hash
    assert ours_first.HasField("widget_states") and not ours_first.widget_states.widgets
    assert not first.rerun_script.widget_states.widgets
    browser = click.rerun_script
    asyncio.run(session.run(time.monotonic()))           # the first load only
    table = session.tables["play_table"]
    card = next(c for c, state in table.picks.items() if state in ("free", "legal"))
    ours = session.message(load_test.Pick(table, card)).rerun_script
    assert ours.page_script_hash == browser.page_script_hash != ""
    assert ours.fragment_id == browser.fragment_id
    assert not browser.page_name and not ours.page_name

    def shape(state) -> dict[str, tuple[str, object]]:  # noqa: ANN001
        out = {}
        for w in state.widget_states.widgets:
            kind = w.WhichOneof("value")
            value = getattr(w, kind)
            if kind == "json_trigger_value":   # the card and the click time differ
                value = [(e["event"], bool(re.fullmatch(r"\d+\|\d+-\d+", e["value"])))
                         for e in json.loads(value)]
            out[w.id] = (kind, value)
        return out

    assert shape(ours) == shape(browser)
