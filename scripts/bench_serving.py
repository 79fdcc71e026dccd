"""A worker killed under load: K learners play through nginx on N supervised Streamlit
processes (``scripts/serve.sh``); one process is killed (SIGKILL) mid-run.

    python scripts/bench_serving.py --processes 2 --sessions 20 --duration 60 --kill-at 20

Each session is its own learner (a learner cookie of its own) and reconnects as a browser does
when its connection drops; the game it finds must be the one it was playing (the same
move, or past it when the click in flight had been saved): the Play page resumes it from
the progress store. Reported: the actions that failed (their run never finished), the
sessions that lost their connection, the games kept and lost, the seconds from the kill
until every session played again and until serve.sh had the process back (its health
check answers), and the latency of the whole run. Exit 1 when a game was lost, a
session never played again or the process did not come back.

Bounded as scripts/load_test.py: loopback only, at most 50 sessions and 300 s, an alarm
over the whole run, the servers always stopped, a temporary progress store unless
``--store`` names one.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import sys
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from load_test import (  # noqa: E402
    MAX_DURATION,
    MAX_SESSIONS,
    RUN_TIMEOUT,
    Servers,
    Session,
    Stats,
    quantile,
    warm_up,
)


def healthy(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=1):
            return True
    except OSError:
        return False


def upstream(base: str, session: Session) -> int:
    """The port of the process nginx sends this browser to (0: not known)."""
    request = urllib.request.Request(base + "/", headers={"Cookie": session.cookie or ""})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return int(response.headers.get("X-Bezique-Upstream", ":0").rsplit(":", 1)[1])
    except (OSError, ValueError):
        return 0


async def back_up(servers: Servers, k: int, old_pid: int, killed: float) -> float | None:
    """Seconds from the kill until process ``k`` runs again and answers its health check."""
    while time.monotonic() - killed < 120:
        pid = servers.pids()[k - 1]
        if pid != old_pid and await asyncio.to_thread(healthy, servers.port + k):
            return time.monotonic() - killed
        await asyncio.sleep(0.2)
    return None


async def run(servers: Servers, sessions: int, duration: float, think: float, seed: int,
              kill_at: float, victim: int) -> dict[str, object]:
    stats = Stats()
    base = f"http://127.0.0.1:{servers.port}"
    started = time.monotonic()
    deadline = started + duration
    players = [Session(base, think, seed + i, stats, f"load-{seed + i}", reconnect=True)
               for i in range(sessions)]

    async def staggered(i: int, session: Session) -> None:
        await asyncio.sleep(i / sessions)   # a class arrives over a second
        await session.run(deadline)

    served_by: dict[str, int] = {}

    async def killer() -> tuple[float, float | None]:
        await asyncio.sleep(kill_at)
        for session in players:   # which process each browser reaches (nginx's header)
            served_by[session.learner] = await asyncio.to_thread(upstream, base, session)
        pid = servers.pids()[victim - 1]
        os.kill(pid, signal.SIGKILL)
        killed = time.monotonic()
        return killed, await back_up(servers, victim, pid, killed)

    kill_task = asyncio.create_task(killer())
    await asyncio.wait_for(asyncio.gather(*(staggered(i, s) for i, s in enumerate(players))),
                           duration + RUN_TIMEOUT + 60)
    killed, restarted = await kill_task
    affected = [s for s in players if s.recovered or s.lost_at is not None]
    never_back = [s.learner for s in players if s.lost_at is not None]
    back_after = [t - killed for t in stats.recovered if t >= killed]
    connection_errors = [e for e in stats.errors if not e.startswith("game lost")]
    return {
        "processes": servers.processes, "sessions": sessions, "duration_s": duration,
        "think_s": think, "killed_process": victim, "killed_at_s": round(kill_at, 1),
        "actions": len(stats.actions), "card_plays": stats.card_plays,
        "median_s": round(quantile(stats.actions, 0.5), 3),
        "p95_s": round(quantile(stats.actions, 0.95), 3),
        "sessions_on_killed_process": sum(
            1 for port in served_by.values() if port == servers.port + victim),
        "sessions_cut_off": len(affected), "reconnects": stats.lost_connections,
        "actions_failed": stats.failed_actions,
        "games_kept": stats.games_kept, "games_lost": stats.games_lost,
        "sessions_never_back": never_back,
        "all_playing_again_after_s": round(max(back_after), 2) if back_after else None,
        "first_playing_again_after_s": round(min(back_after), 2) if back_after else None,
        "process_back_after_s": None if restarted is None else round(restarted, 2),
        "restarts": servers.restarts(victim),
        "other_errors": len(connection_errors), "error_kinds": sorted(set(
            e[:100] for e in stats.errors)),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--processes", type=int, default=2)
    ap.add_argument("--sessions", type=int, default=20)
    ap.add_argument("--duration", type=float, default=60.0, help="seconds of clicking")
    ap.add_argument("--kill-at", type=float, default=None,
                    help="seconds into the run to kill a process (default: a third)")
    ap.add_argument("--kill", type=int, default=1, help="which process to kill (1..N)")
    ap.add_argument("--think", type=float, default=1.0)
    ap.add_argument("--port", type=int, default=8700)
    ap.add_argument("--store", help="progress store URL or path (default: a temporary file)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    if not 1 <= args.sessions <= MAX_SESSIONS:
        ap.error(f"--sessions must be 1..{MAX_SESSIONS}")
    if not 0 < args.duration <= MAX_DURATION:
        ap.error(f"--duration must be in (0, {MAX_DURATION:g}]")
    if not 2 <= args.processes <= 8 or not 1 <= args.kill <= args.processes:
        ap.error("--processes 2..8, --kill 1..N")
    kill_at = args.duration / 3 if args.kill_at is None else args.kill_at
    if not 0 < kill_at < args.duration - 10:
        ap.error("--kill-at must leave at least 10 s of the run after it")
    budget = int(args.duration + RUN_TIMEOUT + 300)
    signal.signal(signal.SIGALRM, lambda *_: (_ for _ in ()).throw(
        TimeoutError(f"bench over its {budget} s budget")))
    signal.alarm(budget)
    servers = Servers(args.processes, args.port, args.store)
    try:
        servers.wait_ready()
        asyncio.run(warm_up(args.port, args.processes, args.seed))
        row = asyncio.run(run(servers, args.sessions, args.duration, args.think, args.seed,
                              kill_at, args.kill))
    finally:
        servers.stop()
        signal.alarm(0)
    print(f"{row['sessions']} sessions on {row['processes']} processes, process "
          f"{row['killed_process']} killed at {row['killed_at_s']} s: {row['actions']} actions "
          f"(median {row['median_s']} s, p95 {row['p95_s']} s); "
          f"{row['sessions_on_killed_process']} sessions on it, {row['sessions_cut_off']} "
          f"cut off, {row['actions_failed']} actions failed, games kept "
          f"{row['games_kept']}, lost {row['games_lost']}; every session playing again "
          f"{row['all_playing_again_after_s']} s after the kill (first "
          f"{row['first_playing_again_after_s']} s); the process back after "
          f"{row['process_back_after_s']} s ({row['restarts']} restart)", flush=True)
    print(json.dumps(row, ensure_ascii=False), flush=True)
    ok = (row["games_lost"] == 0 and not row["sessions_never_back"]
          and row["process_back_after_s"] is not None)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
