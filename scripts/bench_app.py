"""Measure the app's server time with AppTest: the first render of every page and the
time of one typical interaction on each page (server time: the script run, not the
browser's drawing). AppTest runs the same script the server runs.

    python scripts/bench_app.py [--repeat N] [--clicks N] [--root DIR] [--profile PAGE]
                                [--only WORD]

``--root`` measures another checkout of the app (e.g. an older commit unpacked with
``git archive``) with this same script, for before/after figures. ``--profile PAGE``
prints the cProfile of one rerun of that page instead; ``--only stock`` measures only
the pages and interactions whose name holds the word. The progress database is a
temporary file. Goal: an interaction <= 100 ms; judging a click on a stock puzzle or a
``stock_play`` lesson check <= 150 ms (issue 53).
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ARGS = argparse.ArgumentParser()
ARGS.add_argument("--repeat", type=int, default=3)
ARGS.add_argument("--clicks", type=int, default=20)
ARGS.add_argument("--root", default=str(Path(__file__).resolve().parents[1]))
ARGS.add_argument("--profile", default="")
ARGS.add_argument("--only", default="", help="only the pages and clicks naming this word")
OPTIONS = ARGS.parse_args()
ROOT = Path(OPTIONS.root).resolve()
sys.path.insert(0, str(ROOT))
os.chdir(ROOT)
os.environ["BEZIQUE_PROGRESS_DB"] = str(Path(tempfile.mkdtemp()) / "bench.sqlite3")
# The computer's moves in the page run, as without bot workers: the figures stay those of
# the page's whole work (scripts/load_test.py measures the workers under load).
os.environ.setdefault("BEZIQUE_BOT_WORKERS", "0")

import logging  # noqa: E402

from streamlit.runtime.scriptrunner.script_cache import ScriptCache  # noqa: E402
from streamlit.testing.v1 import AppTest  # noqa: E402
from streamlit.testing.v1 import app_test as _app_test  # noqa: E402

# AppTest makes a new ScriptCache on every run and so parses and compiles every page
# script on every click (half the time of a Play rerun); the server keeps one cache.
# Measure what the server does: one cache for the whole benchmark.
_SHARED_CACHE = ScriptCache()
_app_test.ScriptCache = lambda: _SHARED_CACHE  # type: ignore[attr-defined]

from app_pages.session import PlaySession  # noqa: E402

APP = str(ROOT / "app.py")
PAGES = {"home": "home", "rules": "rules", "explainer": "explainer", "play": "play",
         "replay": "replay", "puzzles": "puzzle_hub", "meld_trainer": "meld_trainer",
         "endgame": "endgame", "stock": "stock", "progress": "progress"}


def timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000


def page_app(page: str, **state: object) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=120)
    at.session_state["lang"] = "en"
    for key, value in state.items():
        at.session_state[key] = value
    if PAGES[page] != page:   # a URL name unlike the file's: found by path after a run
        at.run()
    if page != "home":
        at.switch_page(f"app_pages/{PAGES[page]}.py")
    return at


def first_render(page: str) -> float:
    at = page_app(page)
    # (for "puzzles" the session has seen Home once: the page itself is timed)
    ms = timed(at.run)
    assert not at.exception, (page, [e.value for e in at.exception])
    return ms


# --- clicking cards: the table component, or the older text buttons --------------------

def _tables(at: AppTest) -> dict[str, object]:
    found = {}

    def walk(node: object) -> None:
        children = getattr(node, "children", None)
        if isinstance(children, dict):
            for child in children.values():
                if type(child).__name__ == "UnknownElement" and child.type == "bidi_component":
                    found[child.proto.id.rsplit("-", 1)[-1]] = child.proto
                walk(child)

    walk(at._tree)  # noqa: SLF001
    return found


def pick(at: AppTest, key: str, card: int | str) -> None:
    from streamlit.components.v2.bidi_component.main import _make_trigger_id
    from streamlit.proto.WidgetStates_pb2 import WidgetState

    proto = _tables(at)[key]
    token = json.loads(proto.json).get("token") or ""   # what the table shows
    states = at._tree.get_widget_states()  # noqa: SLF001
    state = WidgetState(id=_make_trigger_id(proto.id, "events"))
    state.json_trigger_value = json.dumps([{"event": "pick", "value": f"{card}|{token}|1"}])
    states.widgets.append(state)
    at._run(states)  # noqa: SLF001


def playable(at: AppTest, key: str) -> list[str]:
    import re

    tables = _tables(at)
    if key not in tables:
        return []
    html = json.loads(tables[key].json)["html"]   # type: ignore[attr-defined]
    return [m.group(2) for m in re.finditer(
        r'class="bz-pick is-(legal|free)[^"]*"[^>]*data-pick="(\d+)"', html)]


def play_clicks(count: int, level: str) -> list[float]:
    at = page_app("play", play=PlaySession.new(seed=1, level=level))
    at.run()
    times = []
    for _ in range(count):
        session = at.session_state["play"]
        if session.deal.is_over:
            times.append(timed(at.button(key="next_deal").click().run))
            continue
        cards = playable(at, "play_table")
        if cards:
            times.append(timed(lambda card=cards[0]: pick(at, "play_table", card)))
        else:
            keys = [b.key for b in at.button if b.key and b.key.startswith("card_")
                    and not b.disabled]
            times.append(timed(at.button(key=keys[0] if keys else "act_draw").click().run))
        assert not at.exception
    return times


def explainer_clicks() -> list[float]:
    """Cards clicked on the explainer's deck (the card table); older apps: pills."""
    from engine.notation.cards import parse_card

    at = page_app("explainer")
    at.run()
    times = []
    chosen: list[str] = []
    for token in ["KD#1", "QD#1", "JD#1", "AD#1", "TD#1", "KD#2", "QD#2"]:
        chosen.append(token)
        if "ex_pick_hand" in _tables(at):
            times.append(timed(lambda t=token: pick(at, "ex_pick_hand", parse_card(t).id)))
        else:
            times.append(timed(at.pills(key="ex_hand_D").set_value(list(chosen)).run))
        assert not at.exception
    return times


def home_clicks() -> list[float]:
    """Deal another sample hand, then change the variant."""
    at = page_app("home")
    at.run()
    times = [timed(at.button(key="home_deal_again").click().run) for _ in range(4)]
    for variant in ("rubicon", "two-handed"):
        times.append(timed(at.selectbox(key="home_variant").set_value(variant).run))
    return times


def hub_clicks() -> list[float]:
    """The puzzle hub's theme and difficulty filters."""
    at = page_app("puzzles")
    at.run()
    times = []
    for kind in ("meld", "endgame"):
        box = at.selectbox(key=f"pz_{kind}_theme_pick")
        times.append(timed(box.set_value(box.options[1] if len(box.options) > 1
                                         else box.options[0]).run))
        band = at.get("button_group")
        chosen = [b for b in band if getattr(b, "key", "") == f"pz_{kind}_band_pick"]
        if chosen:
            times.append(timed(chosen[0].set_value("easy").run))
    return times


def progress_clicks() -> list[float]:
    """Progress after a few puzzles: the page rerun (a language switch) and a Replay."""
    from puzzles import bank, trainer
    from puzzles.store import open_store

    with open_store() as db:
        for record in bank.load("meld")[:3]:
            trainer.submit(db, "guest", record, False, 0, 5.0)
    at = page_app("progress")
    at.run()
    key = "lang_pick" if any(r.key == "lang_pick" for r in at.sidebar.radio) else "lang"
    times = [timed(at.sidebar.radio(key=key).set_value(lang).run) for lang in ["ru", "en"] * 2]
    replay = [b for b in at.button if b.key and b.key.startswith("progress_replay_")]
    if replay:
        times.append(timed(replay[0].click().run))
    return times


def rules_clicks() -> list[float]:
    at = page_app("rules")
    at.run()
    times = [timed(at.selectbox(key="rules_lesson").set_value("brisques").run)]
    radios = [r for r in at.radio if r.key and r.key.startswith("check_")]
    for radio in radios[:2]:
        times.append(timed(radio.set_value(radio.options[0]).run))
    return times


def replay_clicks() -> list[float]:
    session = PlaySession.new(seed=2, level="random")
    session.autoplay(40)
    at = page_app("replay", play=session)
    at.run()
    return [timed(at.slider(key="replay_step").set_value(step).run) for step in range(1, 16)]


def meld_clicks() -> list[float]:
    at = page_app("meld_trainer")
    at.run()
    times = []
    for _ in range(5):
        check = next(b for b in at.button if b.key == "mt_check_btn")
        times.append(timed(check.click().run))
        times.append(timed(next(b for b in at.button if b.key == "mt_next_btn").click().run))
    return times


def click_first(at: AppTest, table: str, buttons: str) -> float | None:
    """The time of a click on the first card to click on ``table``, else on the first
    button whose key starts with ``buttons``; None when there is neither."""
    cards = playable(at, table)
    if cards:
        return timed(lambda: pick(at, table, cards[0]))
    keys = [b.key for b in at.button if b.key and b.key.startswith(buttons)]
    return timed(at.button(key=keys[0]).click().run) if keys else None


def endgame_clicks() -> list[float]:
    at = page_app("endgame")
    at.run()
    times = []
    for _ in range(10):
        ms = click_first(at, "eg_table", "eg_play_")
        if ms is None:
            ms = timed(next(b for b in at.button if b.key == "eg_next_btn").click().run)
        times.append(ms)
        assert not at.exception
    return times


def stock_clicks() -> list[float]:
    """A move clicked on a stock puzzle (a card of the table, or a declare/exchange
    button) and judged from its record; then "Next puzzle", not timed."""
    at = page_app("stock")
    at.run()
    times = []
    for _ in range(10):
        ms = click_first(at, "st_table", "st_move_")
        assert ms is not None, "nothing to click"
        times.append(ms)
        assert not at.exception
        assert at.session_state["st_chosen"] is not None, "the click was not judged"
        next(b for b in at.button if b.key == "st_next_btn").click().run()
    return times


def stock_check_clicks() -> list[float]:
    """A card clicked on a ``stock_play`` check's table in the strategy lesson, judged
    from the stored verdict; each check once, first a wrong card, then the right one."""
    import lessons
    from engine.notation.actions import Action
    from lessons import stock_check

    at = page_app("rules")
    at.run()
    at.selectbox(key="rules_lesson").set_value("strategy").run()
    times = []
    for check in [c for c in lessons.get_lesson("strategy", "en").checks
                  if c.kind == "stock_play"]:
        record = stock_check.record_of(check)
        key = f"check_strategy_{check.id.replace('-', '_')}_en"
        for move in (record["options"][0]["move"], record["answer"]):
            card = Action.parse(move).cards[0]
            times.append(timed(lambda c=card, k=key: pick(at, f"{k}_table", c)))
            assert not at.exception
            assert at.session_state[key] == move, "the click was not judged"
    return times


def language_switch() -> list[float]:
    at = page_app("play", play=PlaySession.new(seed=1))
    at.run()
    key = "lang_pick" if any(r.key == "lang_pick" for r in at.sidebar.radio) else "lang"
    return [timed(at.sidebar.radio(key=key).set_value(lang).run) for lang in ["ru", "en"] * 3]


def summary(name: str, values: list[float]) -> str:
    values = sorted(values)
    p90 = values[int(0.9 * (len(values) - 1))]
    return (f"{name:<36} n={len(values):<3} median {statistics.median(values):6.0f} ms  "
            f"p90 {p90:6.0f} ms  max {values[-1]:6.0f} ms")


def profile(page: str) -> None:
    """cProfile of one rerun of ``page`` (the script runs in AppTest's runner thread,
    so the profiler is switched on inside that thread)."""
    from streamlit.runtime.scriptrunner import script_runner

    at = page_app(page, play=PlaySession.new(seed=1))
    at.run()
    profiler = cProfile.Profile()
    original = script_runner.ScriptRunner._run_script  # noqa: SLF001

    def run_profiled(self: object, *args: object, **kwargs: object) -> object:
        profiler.enable()
        try:
            return original(self, *args, **kwargs)
        finally:
            profiler.disable()

    script_runner.ScriptRunner._run_script = run_profiled  # type: ignore[method-assign]
    try:
        at.run()
    finally:
        script_runner.ScriptRunner._run_script = original  # type: ignore[method-assign]
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(30)


def main() -> None:
    # AppTest's "missing ScriptRunContext" warnings would bury the figures.
    for name in ("streamlit", "streamlit.runtime.scriptrunner_utils.script_run_context"):
        logging.getLogger(name).setLevel(logging.ERROR)
    print(f"load average: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} "
          f"{os.getloadavg()[2]:.2f} on {os.cpu_count()} cores")
    if OPTIONS.profile:
        profile(OPTIONS.profile)
        return
    print(f"app: {ROOT}")
    print("first render of each page (a fresh session):")
    for page in [p for p in PAGES if OPTIONS.only in p]:
        print(summary(f"  {page}", [first_render(page) for _ in range(OPTIONS.repeat)]))
    print("interactions (server time per click):")
    for level in ("club", "expert") if OPTIONS.only in "play: click a card" else ():
        print(summary(f"  play: click a card ({level} bot)", play_clicks(OPTIONS.clicks, level)))
    for name, fn in (("home: deal again, variant", home_clicks),
                     ("explainer: toggle a card", explainer_clicks),
                     ("rules: open a lesson, answer", rules_clicks),
                     ("game log: step the slider", replay_clicks),
                     ("meld trainer: check, next", meld_clicks),
                     ("endgame: play a card", endgame_clicks),
                     ("stock puzzle: judge a move", stock_clicks),
                     ("stock_play check: judge a card", stock_check_clicks),
                     ("puzzles hub: theme, band", hub_clicks),
                     ("progress: language, replay", progress_clicks),
                     ("language switch on Play", language_switch)):
        if OPTIONS.only not in name:
            continue
        try:
            print(summary(f"  {name}", fn()))
        except Exception as exc:  # noqa: BLE001 - an older app may lack a control
            print(f"  {name:<34} not measured: {type(exc).__name__}: {exc}")


if __name__ == "__main__":
    main()
