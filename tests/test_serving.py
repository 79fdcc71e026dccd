"""scripts/serve.sh: N Streamlit processes behind nginx with sticky sessions, and the
protocol-level client of scripts/load_test.py through it (a few seconds, one setup).
Skips when nginx is not installed (Debian's package; .ci/run installs it)."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import socket
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import load_test  # noqa: E402


def _free_port_block(size: int) -> int:
    for _ in range(50):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            base = probe.getsockname()[1]
        if base + size < 65535 and all(_free(base + k) for k in range(size + 1)):
            return base
    pytest.skip("no free block of loopback ports")


def _free(port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def _get(url: str, cookie: str = "") -> tuple[str, str]:
    request = urllib.request.Request(url, headers={"Cookie": cookie} if cookie else {})
    with urllib.request.urlopen(request, timeout=30) as response:
        response.read()
        return (response.headers.get("Set-Cookie", "").split(";", 1)[0],
                response.headers.get("X-Bezique-Upstream", ""))


def test_two_processes_behind_nginx_are_sticky_and_serve_play(tmp_path: Path) -> None:
    if shutil.which("nginx") is None and not Path("/usr/sbin/nginx").exists():
        pytest.skip("nginx is not installed (apt-get install nginx)")
    port = _free_port_block(2)
    servers = load_test.Servers(2, port, str(tmp_path / "progress.sqlite3"))
    try:
        servers.wait_ready(timeout=90)
        base = f"http://127.0.0.1:{port}"
        seen = set()
        for _ in range(12):
            cookie, first = _get(base + "/")
            assert cookie.startswith("bezique_route=")
            # Every later request of this browser reaches the same process.
            assert {_get(base + "/", cookie)[1] for _ in range(3)} == {first}
            seen.add(first)
        assert len(seen) == 2      # new browsers are spread over both processes
        stats = load_test.Stats()
        session = load_test.Session(base, 0.1, seed=1, stats=stats)
        asyncio.run(session.run(time.monotonic() + 90, max_actions=6))
        assert stats.errors == [] and stats.loads and len(stats.actions) == 6
        assert stats.card_plays >= 1      # through nginx too, cards are played
    finally:
        servers.stop()
    assert all(not Path(f"/proc/{pid}").exists() for pid in servers.pids())


def test_a_killed_process_is_restarted_and_its_learner_plays_on(tmp_path: Path) -> None:
    """N11: serve.sh starts a dead process again, nginx sends its browsers to the other
    one meanwhile, and the learner finds the game at the same move (the store)."""
    if shutil.which("nginx") is None and not Path("/usr/sbin/nginx").exists():
        pytest.skip("nginx is not installed (apt-get install nginx)")
    port = _free_port_block(2)
    servers = load_test.Servers(2, port, str(tmp_path / "progress.sqlite3"))
    try:
        servers.wait_ready(timeout=90)
        base = f"http://127.0.0.1:{port}"
        stats = load_test.Stats()
        session = load_test.Session(base, 0.1, seed=2, stats=stats, learner="ann",
                                    reconnect=True)
        asyncio.run(session.run(time.monotonic() + 90, max_actions=3))
        assert stats.errors == [] and session.settled is not None
        # The process that serves this browser, by the header nginx adds.
        upstream = _get(base + "/", session.cookie or "")[1]
        k = int(upstream.rsplit(":", 1)[1]) - port
        victim = servers.pids()[k - 1]

        async def kill_while_playing() -> tuple[int, int, frozenset[int]] | None:
            while session.clicked < 6:
                await asyncio.sleep(0.05)
            os.kill(victim, signal.SIGKILL)
            return session.settled

        async def play_on() -> tuple[int, int, frozenset[int]] | None:
            # A new connection (the game found again: kept), then a lost one.
            killed, _ = await asyncio.gather(
                kill_while_playing(), session.run(time.monotonic() + 90, max_actions=12))
            return killed

        played = asyncio.run(play_on())
        # The browser came back: the other process (or the restarted one) showed the
        # same game at the same move, and play went on.
        assert stats.lost_connections >= 1 and stats.games_kept == 2, stats.errors
        assert stats.games_lost == 0 and session.clicked == 12 and stats.errors == []
        assert played is not None and session.settled is not None
        assert played[:2] < session.settled[:2]
        # serve.sh started the process again; it answers on its port.
        deadline = time.monotonic() + 90
        while not (servers.pids()[k - 1] != victim and _answers(port + k)):
            assert time.monotonic() < deadline, "the killed process was not restarted"
            time.sleep(0.3)
        assert servers.restarts(k) == 1
    finally:
        servers.stop()
    assert all(not Path(f"/proc/{pid}").exists() for pid in servers.pids())


def _answers(port: int) -> bool:
    try:
        _get(f"http://127.0.0.1:{port}/_stcore/health")
    except OSError:
        return False
    return True
