"""Worker processes for the app's long computations (the bot's moves and hints, the
hand review), so that a search never holds the server process's interpreter: with
Streamlit every learner's page runs as a thread of one process, and one learner's
expert thinking on that thread would stall every other learner's page.

A :class:`WorkerPool` is a bounded pool of processes, one per app process, started
on its first job and sized once (``env`` overrides the default; ``0`` turns it off,
and the callers then work inline as before). A pool that is busy queues the jobs
(first come, first served); it never starts more workers than its size.

* **spawn**, not fork: the server runs threads, and a forked copy of them may
  deadlock; and while the workers start, a stand-in main module keeps them from
  running the app's script (:func:`_plain_main`).
* A worker ends with the app process that started it (:func:`watch_parent`):
  killed (``kill -9``, the OOM killer), that process cannot stop it, and a worker
  left behind would keep its memory, and multiprocessing's resource tracker, for good.
* A worker that dies breaks its pool (:class:`BrokenProcessPool`): the caller works
  that job out inline, one warning is logged, and the next job starts a new pool
  (:meth:`WorkerPool.drop_broken`).
* What crosses to a worker is plain data (a position's save, a seed, a budget, a
  bot's state) and a module-level function; the answer is checked again by the page
  (a bot's move goes through the one apply function).
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import sys
import threading
import time
import types
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from importlib.machinery import ModuleSpec
from typing import Any

log = logging.getLogger("bezique.workers")
PARENT_POLL = 1.0             # seconds between a worker's looks at its parent


def cores() -> int:
    """The CPUs this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:    # not Linux
        return max(1, os.cpu_count() or 1)


class WorkerPool:
    """Up to :meth:`size` worker processes running at ``nice`` (added to the app's),
    started on the first :meth:`submit`."""

    def __init__(self, name: str, env: str, default: Callable[[], int], nice: int) -> None:
        self.name = name
        self.env = env
        self.default = default
        self.nice = nice
        self._lock = threading.Lock()
        self._pool: ProcessPoolExecutor | None = None

    def size(self) -> int:
        """Worker processes: ``$env`` if set, else the default; 0 works inline."""
        raw = os.environ.get(self.env, "").strip()
        if not raw:
            return max(0, self.default())
        if raw.isdigit():
            return int(raw)
        log.warning("%s=%r is not a number of worker processes; the %s work in the page",
                    self.env, raw, self.name)
        return 0

    def executor(self) -> ProcessPoolExecutor | None:
        """The pool, started now if it is not running (None when its size is 0)."""
        with self._lock:
            size = self.size()
            if self._pool is None and size > 0:
                self._pool = ProcessPoolExecutor(
                    size, mp_context=multiprocessing.get_context("spawn"),
                    initializer=watch_parent, initargs=(os.getpid(), self.nice))
                with _plain_main():   # start the workers now, each one submit
                    for _ in range(size):
                        self._pool.submit(os.getpid)
            return self._pool

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future[Any] | None:
        """``fn(*args)`` in a worker; None when there is no pool or it has just broken
        (the caller works inline)."""
        pool = self.executor()
        if pool is None:
            return None
        try:
            return pool.submit(fn, *args)
        except BrokenProcessPool as exc:
            self.drop_broken(exc)
            return None

    def drop_broken(self, exc: BaseException) -> None:
        """After a job failed with ``exc`` (:class:`BrokenProcessPool`: a worker died):
        forget the pool if it is still the broken one, saying so once (the jobs of
        other learners find it broken too), so that the next job starts a new one."""
        with self._lock:
            pool = self._pool
            if pool is None:
                return
            try:
                pool.submit(os.getpid).cancel()   # a live pool: a new one already
                return
            except (BrokenProcessPool, RuntimeError):
                self._pool = None
        log.warning("a %s worker process stopped (%s); this job is worked out in the page, "
                    "and new workers start with the next one", self.name, exc)

    def drop(self) -> None:
        """Forget the pool (tests: the next job starts a new one)."""
        with self._lock:
            self._pool = None


@contextmanager
def _plain_main() -> Iterator[None]:
    """A stand-in main module while workers start. A spawned worker first runs its
    parent's main module again (as ``__mp_main__``) unless that module is a package's
    ``__main__``, and Streamlit makes the page run's script (``app.py``) the main
    module: every worker would run the whole app once, in bare mode, before its
    first job."""
    saved = sys.modules.get("__main__")
    stand_in = types.ModuleType("__main__")
    stand_in.__spec__ = ModuleSpec("app_pages.__main__", None)   # "nothing to run"
    sys.modules["__main__"] = stand_in
    try:
        yield
    finally:
        if sys.modules.get("__main__") is stand_in and saved is not None:
            sys.modules["__main__"] = saved


def watch_parent(parent: int, nice: int = 0) -> None:
    """In a worker, first thing: end as soon as ``parent`` (the app process) is no
    longer its parent, and run ``nice`` steps below the app. (Linux's
    PR_SET_PDEATHSIG would fire when the *thread* that made the worker ends, a page
    run's thread here, so the parent is watched instead.) Once the workers are gone,
    the resource tracker sees its last pipe close and ends."""
    if os.getppid() != parent:
        os._exit(0)
    threading.Thread(target=_watch, args=(parent,), name="parent-watch", daemon=True).start()
    if nice:
        try:
            os.nice(nice)   # a learner's click waits for a core; the worker can wait
        except OSError:
            pass


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_POLL)
    os._exit(0)   # no cleanup to wait for: the worker holds nothing of its own


__all__ = ["WorkerPool", "cores", "watch_parent"]
