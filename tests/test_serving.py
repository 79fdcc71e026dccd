"""scripts/serve.sh: N Streamlit processes behind nginx with sticky sessions, and the
protocol-level client of scripts/load_test.py through it (a few seconds, one setup).
Skips when nginx is not installed (Debian's package; .ci/run installs it)."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import socket
import subprocess
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


# --- reliability review 3: F4, m6, m7 and app review 3, #11 ----------------------------------

SERVE = ROOT / "scripts" / "serve.sh"


def _need_nginx() -> None:
    if shutil.which("nginx") is None and not Path("/usr/sbin/nginx").exists():
        pytest.skip("nginx is not installed (apt-get install nginx)")


def _serve(tmp_path: Path, processes: int, port: int, **env: str) -> subprocess.Popen[str]:
    """serve.sh in a session of its own, its files in tmp_path/serve."""
    full = {**os.environ, "BEZIQUE_SERVE_DIR": str(tmp_path / "serve"),
            "PYTHONPATH": str(ROOT), "BEZIQUE_PROGRESS_DB": str(tmp_path / "progress.sqlite3"),
            "PYTHON": sys.executable, **env}
    full.pop("BEZIQUE_DATABASE_URL", None)
    return subprocess.Popen(["bash", str(SERVE), str(processes), str(port)], cwd=ROOT,
                            env=full, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)


def _finish(proc: subprocess.Popen[str], timeout: float = 120) -> tuple[int, str, str]:
    """serve.sh's exit status and output, once it has ended by itself (else it is
    stopped, with everything it started, and the test fails)."""
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.communicate(timeout=60)
        pytest.fail(f"serve.sh did not end by itself within {timeout:g} s")
    return proc.returncode, out, err


def test_serve_sh_fails_loudly_when_its_port_is_taken(tmp_path: Path) -> None:
    _need_nginx()
    port = _free_port_block(2)
    with socket.socket() as squatter:
        squatter.bind(("127.0.0.1", port + 2))
        squatter.listen()
        code, out, err = _finish(_serve(tmp_path, 2, port), timeout=60)
    assert code == 1 and "serving" not in out
    assert f"port {port + 2} on 127.0.0.1 is taken" in err
    assert not (tmp_path / "serve" / "ready").exists()


def test_serve_sh_fails_loudly_when_a_process_keeps_ending(tmp_path: Path) -> None:
    _need_nginx()
    broken = tmp_path / "python"
    broken.write_text('#!/bin/sh\n[ "$1" = -m ] && { echo "no streamlit here" >&2; exit 3; }\n'
                      f'exec {sys.executable} "$@"\n')
    broken.chmod(0o755)
    code, out, err = _finish(_serve(tmp_path, 1, _free_port_block(1), PYTHON=str(broken)))
    assert code == 1 and "serving" not in out
    assert "Streamlit process 1 ended at start-up" in err and "no streamlit here" in err


def test_a_hung_process_is_restarted_and_stop_ends_every_process_it_started(
        tmp_path: Path) -> None:
    """m6: a process that stops answering (SIGSTOP here) is started again; F4: stopping
    serve.sh ends the whole process group of each process, strays included (a child the
    process left behind, as a killed worker's review process was).
    The process is stopped as soon as serve.sh says ready, before the watchdog's first
    5 s round: the watchdog must know it answered by then (CI: it had not, and waited
    out the start-up grace, here 600 s). Timeouts fit a loaded 2-core machine: 5 s a
    check, 180 s for the restart, which the watchdog decides within some 20 s."""
    _need_nginx()
    stray = tmp_path / "stray.pid"
    python = tmp_path / "python"
    python.write_text('#!/bin/sh\nif [ "$1" = -m ]; then sleep 1000 & echo $! >>'
                      f' {stray}; fi\nexec {sys.executable} "$@"\n')
    python.chmod(0o755)
    port = _free_port_block(1)
    proc = _serve(tmp_path, 1, port, PYTHON=str(python), BEZIQUE_HEALTH_EVERY="5",
                  BEZIQUE_HEALTH_TIMEOUT="5", BEZIQUE_HEALTH_MISSES="2",
                  BEZIQUE_READY_SECONDS="600")
    serve = tmp_path / "serve"
    try:
        deadline = time.monotonic() + 120
        while not (serve / "ready").exists():
            assert proc.poll() is None and time.monotonic() < deadline, proc.stderr
            time.sleep(0.3)
        hung = int((serve / "streamlit-1.pid").read_text())
        os.kill(hung, signal.SIGSTOP)
        deadline = time.monotonic() + 180
        while not (int((serve / "streamlit-1.pid").read_text()) != hung
                   and _answers(port + 1)):
            assert time.monotonic() < deadline, "the hung process was not restarted"
            time.sleep(0.3)
        assert "did not answer its health check" in (serve / "supervisor.log").read_text()
        assert not _running(hung)
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.communicate(timeout=60)
    strays = [int(pid) for pid in stray.read_text().split()]
    assert len(strays) == 2 and not [pid for pid in strays if _running(pid)]


def _running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_streamlit_run_listens_on_loopback_only() -> None:
    """m7: the README's first command serves this computer, not the network."""
    import tomllib

    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text())
    assert config["server"]["address"] == "127.0.0.1"


def test_the_cookie_endpoint_sets_a_granted_token_once_and_only_same_site() -> None:
    """F1: the learner's cookie is set by the server, HttpOnly, for a one-time code."""
    from app_pages import cookie_route
    from puzzles import identity as ident

    def post(code: str, **headers: str) -> tuple[int, str]:
        scope = {"type": "http", "method": "POST", "path": ident.COOKIE_PATH,
                 "scheme": "http", "query_string": b"", "server": ("127.0.0.1", 8500),
                 "headers": [(k.replace("_", "-").encode(), v.encode())
                             for k, v in {"host": "127.0.0.1:8500", **headers}.items()]}

        async def receive() -> dict[str, object]:
            return {"type": "http.request", "body": code.encode(), "more_body": False}

        from starlette.requests import Request

        response = asyncio.run(cookie_route.set_cookie(Request(scope, receive)))
        return response.status_code, response.headers.get("set-cookie", "")

    token = ident.new_token()
    code = ident.grant_cookie(token, 3600)
    assert post(code, origin="http://evil.example", sec_fetch_site="cross-site")[0] == 403
    status, cookie = post(code, origin="http://127.0.0.1:8500", sec_fetch_site="same-origin")
    assert status == 204 and cookie.startswith(f"{ident.COOKIE}={token};")
    assert "HttpOnly" in cookie and "Max-Age=3600" in cookie and "SameSite=lax" in cookie
    assert post(code, origin="http://127.0.0.1:8500")[0] == 410   # once only
    assert post("made-up")[0] == 410
    secure = ident.grant_cookie(token, 60)
    assert "Secure" in post(secure, origin="https://127.0.0.1:8500")[1]
