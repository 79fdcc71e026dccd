"""Measure the app's server time with AppTest: the first render of every page and the
time per interaction on the Play page and the Score explainer.

    python scripts/bench_app.py [--repeat N]

Targets: first render of a page <= 2 s, an interaction <= 150 ms (server time: the
script run, not the browser's drawing). AppTest runs the same script the server runs.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from streamlit.testing.v1 import AppTest  # noqa: E402

from engine.session import PlaySession  # noqa: E402

APP = str(ROOT / "app.py")
PAGES = ["home", "play", "replay", "explainer", "rules", "puzzles", "progress"]


def timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000


def first_render(page: str) -> float:
    at = AppTest.from_file(APP, default_timeout=60)
    if page != "home":
        at.switch_page(f"app_pages/{page}.py")
    ms = timed(at.run)
    assert not at.exception, page
    return ms


def play_clicks(count: int, level: str) -> list[float]:
    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["play"] = PlaySession.new(seed=1, level=level)
    at.switch_page("app_pages/play.py")
    at.run()
    times = []
    for _ in range(count):
        session = at.session_state["play"]
        if session.deal.is_over:
            times.append(timed(at.button(key="next_deal").click().run))
            continue
        keys = [b.key for b in at.button if b.key and b.key.startswith("card_")
                and not b.disabled]
        if not keys:
            keys = ["act_draw"]
        times.append(timed(at.button(key=keys[0]).click().run))
        assert not at.exception
    return times


def explainer_clicks() -> list[float]:
    at = AppTest.from_file(APP, default_timeout=60)
    at.switch_page("app_pages/explainer.py")
    at.run()
    times = []
    chosen: list[str] = []
    for token in ["KD#1", "QD#1", "JD#1", "AD#1", "TD#1", "KD#2", "QD#2"]:
        chosen.append(token)
        times.append(timed(at.pills(key="ex_hand_D").set_value(list(chosen)).run))
        assert not at.exception
    return times


def summary(name: str, values: list[float]) -> str:
    values = sorted(values)
    p90 = values[int(0.9 * (len(values) - 1))]
    return (f"{name:<34} n={len(values):<3} median {statistics.median(values):6.0f} ms  "
            f"p90 {p90:6.0f} ms  max {values[-1]:6.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--clicks", type=int, default=40)
    args = parser.parse_args()
    print("first render of each page (a fresh session):")
    for page in PAGES:
        print(summary(f"  {page}", [first_render(page) for _ in range(args.repeat)]))
    print("interactions:")
    for level in ("club", "expert"):
        print(summary(f"  play: click a card ({level} bot)", play_clicks(args.clicks, level)))
    print(summary("  explainer: toggle a card", explainer_clicks()))


if __name__ == "__main__":
    main()
