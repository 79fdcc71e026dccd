"""A child process that runs one job at a time under a time limit and a memory cap.

The solver is a pure-Python search with a growing table, so the only robust bound on
both its time and its memory is a separate process: the parent waits ``timeout``
seconds for an answer, and the child's address space is capped (``RLIMIT_AS``).
A job that runs out of either is answered with :class:`WorkerFailure` and the child
is replaced, so the next job starts afresh.

The child is ``python -m engine.cli.worker MODULE:FUNCTION MB``, talking over
its stdin and stdout; unlike multiprocessing's spawn it never re-imports the caller's
main script, so any program may use it."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from collections.abc import Callable
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from engine.errors import BeziqueError

START_TIMEOUT = 120.0   # s for a fresh interpreter to import the engine (and compile the
                        # solver's kernel on the first run after an install)
DEFAULT_TIMEOUT = 60.0  # s: a four-handed 9-trick play-off: ~0.3 s compiled, ~40 s pure
DEFAULT_MEMORY = 2048   # MB: the largest real play-offs peak under 1 GB


class WorkerFailure(BeziqueError):
    """A job ran out of time or memory, or the worker stopped."""


def _address_space() -> int:
    """Bytes of address space this process holds now (0 where /proc cannot tell)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            pages = int(statm.read().split()[0])
    except (OSError, ValueError, IndexError):  # not Linux: the cap counts from zero
        return 0
    return pages * os.sysconf("SC_PAGE_SIZE")


def _cap_memory(megabytes: int) -> None:
    """Cap the address space at what the loaded engine holds now plus ``megabytes``:
    the compiled kernel's loader alone reserves some 250 MB of address space, which
    must not count against the memory a search may use."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not on POSIX: no cap
        return
    limit = _address_space() + megabytes * 1024 * 1024
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    try:
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    except (ValueError, OSError):  # pragma: no cover - the platform refuses
        pass


def _serve(function: Callable[[Any], Any], megabytes: int) -> None:
    """The child's loop: jobs in on fd 0, replies out on the original fd 1 (anything
    the job prints goes to stderr, so it cannot corrupt the replies)."""
    replies = Connection(os.dup(1), readable=False)
    os.dup2(2, 1)
    jobs = Connection(os.dup(0), writable=False)
    _cap_memory(megabytes)
    replies.send(("ready", None))
    while True:
        try:
            job = jobs.recv()
        except (EOFError, OSError):
            return
        try:
            reply: tuple[str, Any] = ("ok", function(job))
        except MemoryError:
            reply = ("memory", None)
        except Exception as exc:  # noqa: BLE001 - reported as that job's error line
            reply = ("crash", f"{type(exc).__name__}: {exc}")
        replies.send(reply)


def _name_of(function: Callable[[Any], Any]) -> str:
    return f"{function.__module__}:{function.__qualname__}"


class Worker:
    """``run(job)`` returns ``function(job)`` computed in the child, or raises
    :class:`WorkerFailure`. ``function`` must be importable by module and name."""

    def __init__(self, function: Callable[[Any], Any], timeout: float,
                 max_memory_mb: int) -> None:
        self.function = _name_of(function)
        self.timeout = timeout
        self.max_memory_mb = max_memory_mb
        self._process: subprocess.Popen[bytes] | None = None
        self._jobs: Connection | None = None
        self._replies: Connection | None = None
        self._broken = ""

    def _start(self) -> tuple[Connection, Connection]:
        if self._broken:
            raise WorkerFailure(self._broken)
        env = dict(os.environ)
        root = str(Path(__file__).resolve().parents[2])   # where the engine package is
        env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH")) if p)
        process = subprocess.Popen(
            [sys.executable, "-m", "engine.cli.worker", self.function,
             str(self.max_memory_mb)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
        assert process.stdin is not None and process.stdout is not None
        self._process = process
        self._jobs = Connection(os.dup(process.stdin.fileno()), readable=False)
        self._replies = Connection(os.dup(process.stdout.fileno()), writable=False)
        process.stdin.close()
        process.stdout.close()
        try:
            ready = self._replies.poll(START_TIMEOUT) and self._replies.recv()
        except (EOFError, OSError):
            ready = None
        if not ready:
            self.stop()
            self._broken = "the solver process did not start"
            raise WorkerFailure(self._broken)
        return self._jobs, self._replies

    def stop(self) -> None:
        for conn in (self._jobs, self._replies):
            if conn is not None:
                conn.close()
        if self._process is not None:
            if self._process.poll() is None:
                self._process.kill()
            self._process.wait()
        self._process = self._jobs = self._replies = None

    def run(self, job: Any) -> Any:
        if self._jobs is not None and self._replies is not None:
            jobs, replies = self._jobs, self._replies
        else:
            jobs, replies = self._start()
        try:
            jobs.send(job)
            if not replies.poll(self.timeout):
                self.stop()
                raise WorkerFailure(f"no answer within {self.timeout:g} s (--timeout)")
            status, value = replies.recv()
        except (EOFError, OSError):
            self.stop()
            raise WorkerFailure(f"the search stopped; it may need more than "
                                f"{self.max_memory_mb} MB (--max-memory)") from None
        if status == "memory":
            self.stop()
            raise WorkerFailure(f"the search needs more than {self.max_memory_mb} MB "
                                f"(--max-memory)")
        if status == "crash":
            raise WorkerFailure(f"internal error: {value}")
        return value

    def __enter__(self) -> Worker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def main(argv: list[str]) -> None:
    module, _, name = argv[0].partition(":")
    function: Any = importlib.import_module(module)
    warm_up = getattr(function, "warm_up", None)
    if callable(warm_up):  # one-time loading not charged to the first job's --timeout
        warm_up()
    for part in name.split("."):
        function = getattr(function, part)
    _serve(function, int(argv[1]))


if __name__ == "__main__":
    main(sys.argv[1:])
