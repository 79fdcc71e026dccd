"""A load test that stops by itself: K learners click through Play for a fixed time,
against 1 and against N Streamlit processes behind nginx (``scripts/serve.sh``).

    python scripts/load_test.py --processes 1 2 --sessions 20 --duration 60
    python scripts/load_test.py --url http://127.0.0.1:8500 --sessions 20   # a running site

Each session speaks Streamlit's own protocol, as the browser does, without a browser:
GET ``/`` (nginx sets the sticky-session cookie), open the websocket
``/_stcore/stream``, send a ``BackMsg.rerun_script`` for the Play page, read the
``ForwardMsg`` deltas (buttons, the card table's HTML, the input widgets' values, any
exception shown) up to ``script_finished``. Then, after a think time, it clicks what a
learner would (the next deal, a card he may play on the table, a declaration or the
draw) by sending the next ``rerun_script`` just as Chromium does (captured with
Playwright; tests/test_load_client.py compares the two): the Play page's
``page_script_hash``, every input widget's value, and the click itself, a button's
``trigger_value`` or the card table's ``json_trigger_value`` event. A card click
counts as played when the card has left the hand after the run; the moves past the
learner's own in that run are the bot's replies. An action's latency is from sending
the click to the end of the run it caused: the server's time plus queueing, not the
browser's drawing.

The computer's moves are worked out by the app's bot workers (app_pages/bot_worker.py):
when its answer is not in within the click's run, the page says the computer is
thinking and a fragment of it asks the server again every half second
(``st.fragment(run_every=...)``: the server sends ``auto_rerun``, the browser sends the
fragment's reruns). The client does what the browser does, and a click's *reply time*
runs from the click to the run after which the page no longer waits: the bot's move
is on the page. The hand's review at a deal's end is worked out by the review workers
(app_pages.review_worker) and the page looks for it every second with a fragment of its
own: the client does not wait for it, as a learner goes on to the next deal, but sends
that fragment's rerun before a click when it is due, as the browser's timer does
(counted apart: the review's polls). ``--level expert`` has every learner choose the
expert first (the Play page's level box, as a learner does).

Reported per setup: median and p95 action latency, the median and p95 reply time of the
clicks that waited for the computer, page-load time, actions/s, errors
(exceptions on the page, failed runs, timeouts, lost connections) and the server
processes' memory (peak resident set, sampled every second), the clicks by kind and
the card plays registered. The run fails (exit 1) when no card play registered.

Bounded: loopback only, at most 50 sessions and 300 s a setup, and an alarm ends the
whole run after its budget; the servers it started are always stopped. The progress
store is a temporary file unless ``--store`` names one (never the learner's own).
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import hashlib
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.Element_pb2 import Element
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState
from websockets.asyncio.client import connect
from websockets.typing import Subprotocol

from app_pages.bot_worker import POLL_SECONDS as COMPUTER_POLL
from engine.bots import LEVELS
from puzzles import identity


def learner_token(learner: str) -> str:
    """A browser token for a named load-test learner, the same on every run (the form
    :func:`puzzles.identity.is_token` accepts: 43 URL-safe characters)."""
    digest = hashlib.sha256(f"load-test {learner}".encode()).digest()
    return base64.urlsafe_b64encode(digest).decode("ascii").rstrip("=")

ROOT = Path(__file__).resolve().parents[1]
MAX_SESSIONS = 50
MAX_DURATION = 300.0
RUN_TIMEOUT = 60.0        # one script run longer than this counts as an error
LOOPBACK = {"127.0.0.1", "localhost", "::1"}
DONE = {ForwardMsg.FINISHED_SUCCESSFULLY, ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY}


@dataclass
class Button:
    id: str
    key: str
    disabled: bool
    primary: bool
    fragment_id: str


@dataclass
class Table:
    """The clickable card table (a components-v2 element, ``app_pages/card_table.py``):
    its element id, the state of each card one may pick (free, legal, illegal, off) and
    the token of what it shows (a click carries it back)."""
    id: str
    key: str
    picks: dict[int, str]
    fragment_id: str
    token: str = ""


@dataclass
class Pick:
    """A click on a card of a table, as the component's JavaScript sends it."""
    table: Table
    card: int


@dataclass
class Stats:
    actions: list[float] = field(default_factory=list)    # seconds per click
    loads: list[float] = field(default_factory=list)      # seconds per page load
    errors: list[str] = field(default_factory=list)
    clicks: dict[str, int] = field(default_factory=dict)  # by kind: card, act, next_deal...
    card_plays: int = 0     # card clicks after which the card had left the hand
    bot_moves: int = 0      # moves the bot made in the runs that card clicks caused
    cpu: dict[int, float] = field(default_factory=dict)    # server CPU seconds in the run
    lost_connections: int = 0   # connections lost and opened again (reconnect)
    failed_actions: int = 0     # clicks whose run never finished: the connection was lost
    games_kept: int = 0         # reconnects that found the game where it was
    games_lost: int = 0         # reconnects that found another game
    recovered: list[float] = field(default_factory=list)   # when sessions played again
    replies: list[float] = field(default_factory=list)   # click to the computer's move shown
    polls: int = 0              # the page's looks while the computer thinks (fragment runs)
    waited: int = 0             # replies that came after the click's own run
    worker_cpu: float = 0.0     # CPU seconds of the app processes' workers in the run
    worker_rss: int = 0         # their peak resident memory, MB in all
    levels_set: int = 0         # sessions that chose --level
    review_polls: list[float] = field(default_factory=list)   # seconds per review poll


PICK = re.compile(r'class="bz-pick is-(\w+)[^"]*"[^>]*data-pick="(\d+)"')
MOVE = re.compile(r"(?:move|ход) (\d+)\s*$")   # the progress line, en and ru
DEAL = re.compile(r"(?:Deal|Сдача) (\d+)")
TRIGGER_PREFIX = "$$STREAMLIT_INTERNAL_KEY_"    # components v2: _make_trigger_id


def key_of(widget_id: str) -> str:
    """The user key inside a widget id (``$$ID-<hash>-<key>``), or ''."""
    parts = widget_id.split("-", 2)
    return parts[2] if len(parts) == 3 and parts[2] != "None" else ""


def table_picks(html: str) -> dict[int, str]:
    """Card id -> state for every ``data-pick`` card of a table's HTML."""
    return {int(m.group(2)): m.group(1) for m in PICK.finditer(html)}


def trigger_id(element_id: str, event: str = "events") -> str:
    """The widget id under which a components-v2 element sends its events: what the
    browser sends (captured with Playwright) and ``_make_trigger_id`` builds."""
    return f"{TRIGGER_PREFIX}{element_id}__{event}"


def widget_value(element: Element) -> WidgetState | None:
    """The value the browser holds, and sends back with every rerun, for an input
    widget just drawn (its set value, else its default); None for other elements and
    for kinds the Play page does not use (the server then keeps the value it has)."""
    kind = element.WhichOneof("type")
    if kind == "checkbox":          # st.checkbox and st.toggle
        w = element.checkbox
        return WidgetState(id=w.id, bool_value=w.value if w.set_value else w.default)
    if kind in ("selectbox", "radio"):   # the same fields: options, default, raw_value
        w = getattr(element, kind)
        if w.HasField("raw_value"):
            return WidgetState(id=w.id, string_value=w.raw_value)
        if w.HasField("default") and 0 <= w.default < len(w.options):
            return WidgetState(id=w.id, string_value=w.options[w.default])
        return None
    if kind == "number_input":
        w = element.number_input
        number = w.value if w.set_value else w.default
        if w.data_type == w.INT:
            return WidgetState(id=w.id, int_value=int(number))
        return WidgetState(id=w.id, double_value=number)
    if kind == "text_input":        # the sidebar's "add a learner" name
        w = element.text_input
        text = w.value if w.set_value else w.default
        return WidgetState(id=w.id, string_value=text)
    return None


class Session:
    """One learner on the Play page, at the protocol level, sending what the browser
    sends (captured from Chromium with Playwright): the first ``rerun_script`` names
    the page by its url path; every later one names it by ``page_script_hash`` (taken
    from the ``navigation`` message) and carries the value of every input widget on
    the page plus the one trigger clicked. Without the hash the server takes the rerun
    for a page change and drops the trigger: a card click would not register."""

    def __init__(self, base: str, think: float, seed: int, stats: Stats,
                 learner: str = "", reconnect: bool = False, level: str = "") -> None:
        self.base = base.rstrip("/")
        self.think = think
        self.rng = random.Random(seed)
        self.stats = stats
        # Who plays: the served app knows a browser by its learner cookie
        # (puzzles.identity), so a named session sends a token of its own, as a browser
        # keeps its cookie: after a reconnect the app finds the same learner and game.
        self.learner = learner
        self.reconnect = reconnect  # a lost connection: open a new one and play on
        self.level = level          # the computer level to choose first ("": as it is)
        self.auto: dict[str, float] = {}   # fragment id -> seconds between its reruns
        self.polled: dict[str, float] = {}   # a background fragment -> when it last ran
        self.choices: dict[str, tuple[str, list[str]]] = {}   # select box key -> id, options
        self.deadline = 0.0
        self.buttons: dict[str, Button] = {}
        self.tables: dict[str, Table] = {}
        self.values: dict[str, WidgetState] = {}
        self.page_hash = ""
        self.move: int | None = None
        self.deal: int | None = None
        self.move_seen = False
        self.clicked = 0
        self.cookie: str | None = None
        self.picks_sent = 0
        self.settled: tuple[int, int, frozenset[int]] | None = None   # after the last run
        self.lost_at: float | None = None   # when the connection was found lost
        self.recovered: list[float] = []    # seconds from a loss to the next action done

    def position(self) -> tuple[int, int, frozenset[int]]:
        """Where the game stands: deal, move and the cards in the learner's hand."""
        table = self.tables.get("play_table")
        return (self.deal or 0, self.move or 0,
                frozenset(table.picks) if table is not None else frozenset())

    async def run(self, deadline: float, max_actions: int | None = None) -> None:
        """Click until ``deadline`` (a ``time.monotonic()``), or ``max_actions`` clicks.
        With ``reconnect``, a lost connection (its process died) is opened again, as
        the browser does, and the game must go on where it was: the position it shows
        is the last one seen, or later when the click in flight had been saved."""
        while True:
            seen = self.settled
            try:
                await self._play(deadline, max_actions, seen)
                return
            except (OSError, TimeoutError) as exc:
                error = f"{type(exc).__name__}: {exc}"
            except Exception as exc:  # noqa: BLE001 - a lost websocket, a bad frame: counted
                error = f"{type(exc).__name__}: {exc}"
            if not self.reconnect or time.monotonic() >= deadline:
                self.stats.errors.append(error)
                return
            self.stats.lost_connections += 1
            if self.lost_at is None:
                self.lost_at = time.monotonic()
            await asyncio.sleep(0.5)

    async def _play(self, deadline: float, max_actions: int | None,
                    seen: tuple[int, int, frozenset[int]] | None) -> None:
        if self.cookie is None:   # the browser keeps its cookie when it reconnects
            self.cookie = await asyncio.to_thread(self._cookie)
        parts = urlsplit(self.base)
        ws_url = f"ws://{parts.netloc}{parts.path}/_stcore/stream"
        headers = {"Origin": self.base}
        if self.cookie:
            headers["Cookie"] = self.cookie
        async with connect(ws_url, subprotocols=[Subprotocol("streamlit")],
                           additional_headers=headers, max_size=None,
                           open_timeout=30, ping_interval=None) as ws:
            self.ws = ws
            self.page_hash = ""          # a new server session: the first load again
            self.deadline = deadline
            started = time.monotonic()
            await self._rerun(None)
            self.stats.loads.append(time.monotonic() - started)
            await self._replies()        # the computer may lead
            if self.level and self._choose_level():
                await self._rerun(None)      # the box's new value: its on_change runs
                await self._replies()
            if seen is not None:
                self._check_resumed(seen)
            self.settled = self.position()
            while True:
                await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))
                if time.monotonic() >= deadline or (
                        max_actions is not None and self.clicked >= max_actions):
                    return
                await self._background()
                click = self._choose()
                if click is None:
                    self.stats.errors.append("no button to click")
                    return
                kind = self._kind(click)
                before = self.move
                started = time.monotonic()
                finished = False
                try:
                    await self._rerun(click)
                    answered = time.monotonic()
                    waited = await self._replies()
                    finished = True
                finally:
                    if not finished:   # the connection went down with the run
                        self.stats.failed_actions += 1
                self.stats.clicks[kind] = self.stats.clicks.get(kind, 0) + 1
                self.stats.actions.append(answered - started)
                if before is not None and self.move is not None and self.move > before + 1:
                    # the computer moved in reply: until its move was on the page
                    self.stats.replies.append(time.monotonic() - started)
                    self.stats.waited += waited
                self.clicked += 1
                self.settled = self.position()
                if self.lost_at is not None:
                    self.recovered.append(time.monotonic() - self.lost_at)
                    self.stats.recovered.append(time.monotonic())
                    self.lost_at = None
                if isinstance(click, Pick):
                    self._check_pick(click, before)

    async def _replies(self) -> bool:
        """While the page waits for the computer (a fragment asks again every few
        tenths of a second), ask as the browser does, until the page no longer waits:
        the computer's move (or hint) is drawn. Whether it waited."""
        waited = False
        while computer := self._computer():
            if time.monotonic() > self.deadline + RUN_TIMEOUT:
                self.stats.errors.append("the computer's answer did not come")
                self.auto = {}
                break
            fragment, interval = next(iter(computer.items()))
            await asyncio.sleep(interval)
            waited = True
            self.stats.polls += 1
            await self._rerun(None, fragment)
        return waited

    def _computer(self) -> dict[str, float]:
        """The fragments that wait for the computer (its poll interval; the review's
        fragment looks less often)."""
        return {f: i for f, i in self.auto.items() if abs(i - COMPUTER_POLL) < 1e-6}

    async def _background(self) -> None:
        """The reruns of the other timed fragments (the review being worked out) that
        are due, as the browser's timers send them while the learner looks."""
        for fragment, interval in list(self.auto.items()):
            if fragment in self._computer() or fragment not in self.auto:
                continue
            if time.monotonic() - self.polled.get(fragment, 0.0) < interval:
                continue
            started = time.monotonic()
            await self._rerun(None, fragment)
            self.polled[fragment] = time.monotonic()
            self.stats.review_polls.append(self.polled[fragment] - started)

    def _choose_level(self) -> bool:
        """Set the level box (``play_level``) to ``self.level``, as a learner picks it:
        its options are the levels in order (engine.bots.LEVELS) in the page's words."""
        found = self.choices.get("play_level")
        if found is None or self.level not in LEVELS:
            self.stats.errors.append(f"no level box for {self.level!r}")
            return False
        widget, options = found
        self.values[widget] = WidgetState(id=widget,
                                          string_value=options[LEVELS.index(self.level)])
        self.stats.levels_set += 1
        return True

    def _check_resumed(self, seen: tuple[int, int, frozenset[int]]) -> None:
        """After a reconnect: the game is the one played before (at the same move, or
        past it when the click in flight had been saved), else it was lost."""
        now = self.position()
        if now == seen or now[:2] > seen[:2]:
            self.stats.games_kept += 1
        else:
            self.stats.games_lost += 1
            self.stats.errors.append(f"game lost: was at {seen[:2]}, resumed at {now[:2]}")

    @staticmethod
    def _kind(click: Button | Pick) -> str:
        if isinstance(click, Pick):
            return "card"
        return "act" if click.key.startswith("act_") else click.key

    def _check_pick(self, pick: Pick, move_before: int | None) -> None:
        """A card click registered when the card has left the hand; the moves counted
        past the learner's own are the bot's replies."""
        table = self.tables.get(pick.table.key)
        if table is not None and pick.card in table.picks:
            self.stats.errors.append("card click not registered")
            return
        self.stats.card_plays += 1
        if move_before is not None and self.move is not None:
            self.stats.bot_moves += max(0, self.move - move_before - 1)

    def _cookie(self) -> str:
        """The sticky-session cookie nginx sets on the first page (none without nginx),
        and the learner's own cookie when the session is named."""
        with urllib.request.urlopen(self.base + "/", timeout=30) as response:
            response.read()
            cookies = [c.split(";", 1)[0] for c in response.headers.get_all("Set-Cookie") or []]
        if self.learner:
            cookies.append(f"{identity.COOKIE}={learner_token(self.learner)}")
        return "; ".join(cookies)

    def _choose(self) -> Button | Pick | None:
        """What a learner clicks next: go on after a deal, else a card he may play (the
        marked ones in the play-off), else a declaration or the draw, else a new game."""
        live = [b for b in self.buttons.values() if not b.disabled]
        for key in ("next_deal", "new_game_end"):
            found = [b for b in live if b.key == key]
            if found:
                return found[0]
        for table in self.tables.values():
            cards = [c for c, state in table.picks.items() if state in ("free", "legal")]
            if cards:
                return Pick(table, self.rng.choice(cards))
        acts = [b for b in live if b.key.startswith("act_")]
        if acts:
            return self.rng.choice(acts)
        return next((b for b in live if b.key == "new_game"), None)

    def message(self, click: Button | Pick | None, fragment: str = "") -> BackMsg:
        """The ``rerun_script`` the browser sends for this click (None: the first load,
        or a rerun with the widgets' values; ``fragment``: a fragment's timed rerun)."""
        msg = BackMsg()
        state = msg.rerun_script
        state.query_string = ""
        if self.page_hash:
            state.page_script_hash = self.page_hash
        else:
            state.page_name = "play"    # the first load: the url path in the address bar
        state.context_info.timezone = "UTC"
        state.context_info.timezone_offset = 0
        state.context_info.locale = "en-US"
        state.context_info.url = f"{self.base}/play"
        state.context_info.is_embedded = False
        state.context_info.color_scheme = "light"
        state.widget_states.SetInParent()   # present even when empty, as the browser's
        widgets = state.widget_states.widgets
        widgets.extend(self.values.values())
        if fragment:
            state.fragment_id = fragment
            state.is_auto_rerun = True
        if isinstance(click, Button):
            widgets.add(id=click.id, trigger_value=True)
            state.fragment_id = click.fragment_id
        elif isinstance(click, Pick):
            # as the card table sends it: card | the table's token | click time - its
            # count of picks sent
            self.picks_sent += 1
            value = (f"{click.card}|{click.table.token}|{int(time.time() * 1000)}-"
                     f"{self.picks_sent}")
            widgets.add(id=trigger_id(click.table.id), json_trigger_value=json.dumps(
                [{"event": "pick", "value": value}], separators=(",", ":")))
            state.fragment_id = click.table.fragment_id
        return msg

    async def _rerun(self, click: Button | Pick | None, fragment: str = "") -> None:
        msg = self.message(click, fragment)
        await self.ws.send(msg.SerializeToString())
        while True:
            data = await asyncio.wait_for(self.ws.recv(), RUN_TIMEOUT)
            if isinstance(data, str):
                continue
            forward = ForwardMsg()
            forward.ParseFromString(data)
            kind = forward.WhichOneof("type")
            if kind == "delta":
                self._delta(forward)
            elif kind == "new_session" and not forward.metadata.run.fragment_ids:
                # A whole run draws the page anew (also one the server starts itself,
                # when a fragment reruns the app): what the last one drew is gone, and
                # the browser stops the fragments' timers.
                self.buttons, self.tables, self.values = {}, {}, {}
                self.choices = {}
                self.move_seen = False
                self.auto, self.polled = {}, {}
            elif kind == "auto_rerun":
                self.auto[forward.auto_rerun.fragment_id] = forward.auto_rerun.interval
                self.polled.setdefault(forward.auto_rerun.fragment_id, time.monotonic())
            elif kind == "stop_auto_rerun":
                for fragment_id in forward.stop_auto_rerun.fragment_ids:
                    self.auto.pop(fragment_id, None)
            elif kind == "navigation":
                self.page_hash = next((p.page_script_hash for p in forward.navigation.app_pages
                                       if p.url_pathname == "play"), self.page_hash)
            elif kind == "script_finished":
                if forward.script_finished in DONE:
                    return
                if forward.script_finished != ForwardMsg.FINISHED_EARLY_FOR_RERUN:
                    self.stats.errors.append(f"script finished: {forward.script_finished}")
                    return
            elif kind == "page_not_found":
                raise RuntimeError("the Play page was not found")

    def _delta(self, forward: ForwardMsg) -> None:
        delta = forward.delta
        if delta.WhichOneof("type") != "new_element":
            return
        element = delta.new_element
        kind = element.WhichOneof("type")
        if kind == "button":
            b = element.button
            self.buttons[b.id] = Button(b.id, key_of(b.id), b.disabled, b.type == "primary",
                                        delta.fragment_id)
        elif kind == "bidi_component":
            c = element.bidi_component
            data = json.loads(c.json or "{}")
            self.tables[key_of(c.id)] = Table(c.id, key_of(c.id),
                                              table_picks(str(data.get("html", ""))),
                                              delta.fragment_id, str(data.get("token") or ""))
        elif kind == "markdown" and not self.move_seen:
            found = MOVE.search(element.markdown.body)   # the first one: the progress line
            if found:
                self.move, self.move_seen = int(found.group(1)), True
                deal = DEAL.search(element.markdown.body)
                self.deal = int(deal.group(1)) if deal else None
        elif kind == "exception":
            self.stats.errors.append("exception on the page: " + element.exception.message)
        else:
            value = widget_value(element)
            if value is not None:
                self.values[value.id] = value
            if kind == "selectbox":
                box = element.selectbox
                self.choices[key_of(box.id)] = (box.id, list(box.options))


# --- servers ----------------------------------------------------------------------------

class Servers:
    """``scripts/serve.sh N PORT`` in its own process group, with a throwaway store."""

    def __init__(self, processes: int, port: int, store: str | None) -> None:
        self.processes, self.port = processes, port
        self.dir = Path(tempfile.mkdtemp(prefix="bezique-load-"))
        env = dict(os.environ, BEZIQUE_SERVE_DIR=str(self.dir),
                   PYTHON=sys.executable, PYTHONPATH=str(ROOT))
        env.pop("BEZIQUE_DATABASE_URL", None)
        if store and store.startswith(("postgresql://", "postgres://")):
            env["BEZIQUE_DATABASE_URL"] = store
        else:
            env["BEZIQUE_PROGRESS_DB"] = store or str(self.dir / "progress.sqlite3")
        self.log = open(self.dir / "serve.log", "w")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(["bash", str(ROOT / "scripts" / "serve.sh"),
                                      str(processes), str(port)], cwd=ROOT, env=env,
                                     stdout=self.log, stderr=subprocess.STDOUT,
                                     start_new_session=True)

    def wait_ready(self, timeout: float = 120.0) -> None:
        deadline = time.monotonic() + timeout
        while not (self.dir / "ready").exists():
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"servers did not start; see {self.dir}/serve.log")
            time.sleep(0.3)

    def pids(self) -> list[int]:
        """The Streamlit processes now running (a restarted one has a new pid)."""
        return [int(p.read_text()) for p in sorted(self.dir.glob("streamlit-*.pid"))]

    def restarts(self, k: int) -> int:
        """How many times serve.sh has started process ``k`` again."""
        path = self.dir / f"restarts-{k}"
        return int(path.read_text() or 0) if path.exists() else 0

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)   # serve.sh stops its children
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        # serve.sh may exit while its Streamlit processes are still shutting down:
        # stopped means the whole process group is gone.
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            try:
                os.killpg(self.proc.pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.1)
        else:
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.log.close()


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (how the load was spread)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def children(pid: int) -> list[int]:
    """The processes ``pid`` started (its bot and review workers, their tracker)."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found += [int(c) for c in (task / "children").read_text().split()]
        except (OSError, ValueError):
            continue
    return found


def workers_cpu(pids: list[int]) -> dict[int, float]:
    return {child: cpu_seconds(child) for pid in pids for child in children(pid)}


def rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


async def sample_memory(pids: list[int], peaks: dict[int, float], stop: asyncio.Event,
                        worker_peaks: dict[int, float] | None = None) -> None:
    while not stop.is_set():
        for pid in pids:
            peaks[pid] = max(peaks.get(pid, 0.0), rss_mb(pid))
            for child in children(pid) if worker_peaks is not None else ():
                worker_peaks[child] = max(worker_peaks.get(child, 0.0), rss_mb(child))
        try:
            await asyncio.wait_for(stop.wait(), 1.0)
        except TimeoutError:
            pass


async def load(base: str, sessions: int, duration: float, think: float, seed: int,
               pids: list[int], reconnect: bool = False, level: str = ""
               ) -> tuple[Stats, dict[int, float], float]:
    stats, peaks, stop = Stats(), {}, asyncio.Event()
    worker_peaks: dict[int, float] = {}
    cpu_before = {pid: cpu_seconds(pid) for pid in pids}
    workers_before = workers_cpu(pids)
    sampler = asyncio.create_task(sample_memory(pids, peaks, stop, worker_peaks))
    started = time.monotonic()
    deadline = started + duration
    runs = [Session(base, think, seed + i, stats, f"load-{seed + i}", reconnect,
                    level).run(deadline)
            for i in range(sessions)]
    # Sessions arrive over the first second, as a class does, not in one instant.
    async def staggered(i: int, run: object) -> None:
        await asyncio.sleep(i / max(sessions, 1))
        await run  # type: ignore[misc]
    await asyncio.wait_for(asyncio.gather(*(staggered(i, r) for i, r in enumerate(runs))),
                           duration + RUN_TIMEOUT + 30)
    elapsed = time.monotonic() - started
    stop.set()
    await sampler
    stats.cpu = {pid: round(cpu_seconds(pid) - cpu_before[pid], 1) for pid in pids}
    stats.worker_cpu = round(sum(cpu - workers_before.get(child, 0.0)
                                 for child, cpu in workers_cpu(pids).items()), 1)
    stats.worker_rss = round(sum(worker_peaks.values()))
    return stats, peaks, elapsed


async def warm_up(port: int, processes: int, seed: int) -> None:
    """One page load and a few clicks on each process directly (first imports)."""
    for k in range(1, processes + 1):
        stats = Stats()
        await Session(f"http://127.0.0.1:{port + k}", 0.0, seed, stats).run(
            time.monotonic() + 5)


def quantile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report(label: str, sessions: int, duration: float, think: float, stats: Stats,
           peaks: dict[int, float], elapsed: float) -> dict[str, object]:
    errors: dict[str, int] = {}
    for e in stats.errors:
        errors[e[:120]] = errors.get(e[:120], 0) + 1
    row: dict[str, object] = {
        "setup": label, "sessions": sessions, "duration_s": duration, "think_s": think,
        "actions": len(stats.actions),
        "actions_per_s": round(len(stats.actions) / elapsed, 2) if elapsed else 0.0,
        "median_s": round(statistics.median(stats.actions), 3) if stats.actions else None,
        "p95_s": round(quantile(stats.actions, 0.95), 3),
        "max_s": round(max(stats.actions), 3) if stats.actions else None,
        "page_load_median_s": round(statistics.median(stats.loads), 3) if stats.loads
        else None,
        "replies": len(stats.replies),
        "reply_median_s": round(statistics.median(stats.replies), 3) if stats.replies
        else None,
        "reply_p95_s": round(quantile(stats.replies, 0.95), 3),
        "replies_waited": stats.waited, "polls": stats.polls,
        "levels_set": stats.levels_set,
        "review_polls": len(stats.review_polls),
        "review_poll_median_s": round(statistics.median(stats.review_polls), 3)
        if stats.review_polls else None,
        "worker_cpu_s": stats.worker_cpu, "worker_rss_peak_total_mb": stats.worker_rss,
        "errors": len(stats.errors), "error_kinds": errors, "clicks": stats.clicks,
        "card_plays": stats.card_plays, "bot_moves": stats.bot_moves,
        "server_cpu_s": {str(pid): s for pid, s in stats.cpu.items()},
        "server_rss_peak_mb": {str(pid): round(mb) for pid, mb in peaks.items()},
        "server_rss_peak_total_mb": round(sum(peaks.values())),
        "load_average_after": [round(x, 2) for x in os.getloadavg()],
    }
    print(f"{label:>14}: {row['actions']} actions ({row['actions_per_s']}/s), median "
          f"{row['median_s']} s, p95 {row['p95_s']} s, max {row['max_s']} s, page load "
          f"{row['page_load_median_s']} s, computer's reply median {row['reply_median_s']} s, "
          f"p95 {row['reply_p95_s']} s ({row['replies']} replies, {stats.waited} after "
          f"the click's run, {row['polls']} polls), review polls {row['review_polls']} "
          f"(median {row['review_poll_median_s']} s), workers CPU {stats.worker_cpu} s, "
          f"RSS peak {stats.worker_rss} MB, "
          f"errors {row['errors']}, server RSS peak "
          f"{row['server_rss_peak_total_mb']} MB total; server CPU s per process "
          f"{list(stats.cpu.values())}; clicks {stats.clicks}; card plays registered "
          f"{stats.card_plays}, bot moves {stats.bot_moves}; load average after "
          f"{' '.join(map(str, row['load_average_after']))}", flush=True)
    if errors:
        print(f"{'':>14}  errors: {errors}", flush=True)
    return row


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--processes", type=int, nargs="+", default=[1, 2],
                    help="setups to start with scripts/serve.sh (default: 1 2)")
    ap.add_argument("--url", help="test this running site instead (loopback only)")
    ap.add_argument("--sessions", type=int, default=20)
    ap.add_argument("--duration", type=float, default=60.0, help="seconds of clicking")
    ap.add_argument("--think", type=float, default=1.0,
                    help="mean seconds a learner looks before the next click (±50%%)")
    ap.add_argument("--port", type=int, default=8600, help="nginx port for started setups")
    ap.add_argument("--store", help="progress store URL or path (default: a temporary file)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true", help="also print one JSON line per setup")
    ap.add_argument("--level", choices=LEVELS, help="the computer level every learner "
                    "chooses first (default: the app's)")
    args = ap.parse_args(argv)
    if not 1 <= args.sessions <= MAX_SESSIONS:
        ap.error(f"--sessions must be 1..{MAX_SESSIONS}")
    if not 0 < args.duration <= MAX_DURATION:
        ap.error(f"--duration must be in (0, {MAX_DURATION:g}]")
    if args.url and urlsplit(args.url).hostname not in LOOPBACK:
        ap.error("--url must be a loopback address")
    if not args.url and not all(1 <= n <= 8 for n in args.processes):
        ap.error("--processes: 1..8 each")
    setups = [None] if args.url else args.processes
    budget = int(len(setups) * (args.duration + RUN_TIMEOUT + 200))
    signal.signal(signal.SIGALRM, lambda *_: (_ for _ in ()).throw(
        TimeoutError(f"load test over its {budget} s budget")))
    signal.alarm(budget)
    print(f"{args.sessions} sessions x {args.duration:g} s on Play, think "
          f"{args.think:g} s ±50%, {os.cpu_count()} cores, computer level "
          f"{args.level or 'as the app sets it'}, load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    rows = []
    for processes in setups:
        servers = None
        try:
            if processes is None:
                base, pids, label = args.url.rstrip("/"), [], "running site"
            else:
                servers = Servers(processes, args.port, args.store)
                servers.wait_ready()
                pids = servers.pids()
                base, label = f"http://127.0.0.1:{args.port}", f"{processes} process" + (
                    "es" if processes > 1 else "")
                asyncio.run(warm_up(args.port, processes, args.seed))
            stats, peaks, elapsed = asyncio.run(load(base, args.sessions, args.duration,
                                                     args.think, args.seed, pids,
                                                     level=args.level or ""))
            rows.append(report(label, args.sessions, args.duration, args.think, stats,
                               peaks, elapsed))
        finally:
            if servers is not None:
                servers.stop()
    signal.alarm(0)
    if args.json:
        for row in rows:
            print(json.dumps(row, ensure_ascii=False))
    # Clicking without playing measures nothing: say so and fail.
    idle = [str(row["setup"]) for row in rows if not row["card_plays"]]
    if idle:
        print(f"FAILED: no card play registered in {', '.join(idle)}", file=sys.stderr,
              flush=True)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
