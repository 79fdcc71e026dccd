"""A child process that runs one job at a time under a time limit and a memory cap.

The solver is a pure-Python search with a growing table, so the only robust bound on
both its time and its memory is a separate process: the parent waits ``timeout``
seconds for an answer, and the child's address space is capped (``RLIMIT_AS``).
A job that runs out of either is answered with :class:`WorkerFailure` and the child
is replaced, so the next job starts afresh."""

from __future__ import annotations

import argparse
import multiprocessing
import multiprocessing.connection
from collections.abc import Callable
from typing import Any

from engine.errors import BeziqueError

START_TIMEOUT = 120.0   # s for a fresh interpreter to import the engine
DEFAULT_TIMEOUT = 60.0  # s: a full four-handed 9-trick play-off takes up to ~40 s
DEFAULT_MEMORY = 2048   # MB: the largest real play-offs peak under 1 GB


def seconds_arg(text: str) -> float:
    """``--timeout``: seconds, more than 0 and at most a day."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0 < value <= 86_400:
        raise argparse.ArgumentTypeError("must be more than 0 and at most 86400")
    return value


def megabytes_arg(text: str) -> int:
    """``--max-memory``: whole megabytes, at least 100."""
    if not (text.isascii() and text.isdigit()) or not 100 <= int(text) <= 1_000_000:
        raise argparse.ArgumentTypeError("must be a whole number of MB from 100 to 1000000")
    return int(text)


class WorkerFailure(BeziqueError):
    """A job ran out of time or memory, or the worker stopped."""


def _cap_memory(megabytes: int) -> None:
    try:
        import resource
    except ImportError:  # pragma: no cover - not on POSIX: no cap
        return
    limit = megabytes * 1024 * 1024
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    try:
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    except (ValueError, OSError):  # pragma: no cover - the platform refuses
        pass


def _serve(conn: multiprocessing.connection.Connection,
           function: Callable[[Any], Any], megabytes: int) -> None:
    _cap_memory(megabytes)
    conn.send(("ready", None))
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        try:
            reply: tuple[str, Any] = ("ok", function(job))
        except MemoryError:
            reply = ("memory", None)
        except Exception as exc:  # noqa: BLE001 - reported as that job's error line
            reply = ("crash", f"{type(exc).__name__}: {exc}")
        conn.send(reply)


class Worker:
    """``run(job)`` returns ``function(job)`` computed in the child, or raises
    :class:`WorkerFailure`. ``function`` must be a module-level function."""

    def __init__(self, function: Callable[[Any], Any], timeout: float,
                 max_memory_mb: int) -> None:
        self.function = function
        self.timeout = timeout
        self.max_memory_mb = max_memory_mb
        self._process: Any = None
        self._conn: multiprocessing.connection.Connection | None = None

    def _start(self) -> multiprocessing.connection.Connection:
        context = multiprocessing.get_context("spawn")
        parent, child = context.Pipe()
        process = context.Process(target=_serve, args=(child, self.function,
                                                       self.max_memory_mb), daemon=True)
        process.start()
        child.close()
        self._process, self._conn = process, parent
        if not parent.poll(START_TIMEOUT):
            self.stop()
            raise WorkerFailure("the solver process did not start")
        try:
            parent.recv()
        except (EOFError, OSError):
            self.stop()
            raise WorkerFailure("the solver process did not start") from None
        return parent

    def stop(self) -> None:
        if self._conn is not None:
            self._conn.close()
        if self._process is not None:
            if self._process.is_alive():
                self._process.kill()
            self._process.join()
        self._process = self._conn = None

    def run(self, job: Any) -> Any:
        conn = self._conn or self._start()
        try:
            conn.send(job)
            if not conn.poll(self.timeout):
                self.stop()
                raise WorkerFailure(f"no answer within {self.timeout:g} s (--timeout)")
            status, value = conn.recv()
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
