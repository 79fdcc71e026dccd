"""The Play page's computer moves and hints, worked out in a pool of worker processes
(:class:`app_pages.worker_pool.WorkerPool`) instead of on the page's thread: served to a
class, every learner's page is a thread of one server process, and one learner's expert
searching there would stall the others' pages.

The game is deferred (:class:`app_pages.session.PlaySession` with ``defer``): it stops
where the computer must move and hands out a :class:`~app_pages.session.MachineTurn`
(the position's save, the seat, a copy of the bot with its RNG and memory), which a
worker answers with the computer's moves up to the learner's next decision and the bot
moved on (:func:`~app_pages.session.play_turn`). The page makes the moves through the
one apply function, so they are checked again, and they are the same as when the page
worked them out itself.

* A click's own run waits up to :data:`GRACE_SECONDS` for the answers (a club player's
  move is drawn with the click). Past that the page is drawn with the computer
  thinking, and a fragment looks again every :data:`POLL_SECONDS`, then redraws the
  page with the move; past :data:`SLOW_SECONDS` it says the computer is thinking longer.
  The page stays usable meanwhile: undo, a new game, another page.
* A job is tied to the table's token when it was asked for
  (:func:`app_pages.play_parts.table_token`): an answer for a table that changed
  since (an undo, a new game, the game taken up from another tab) is dropped.
* A tab has one job at a time (the computer's reply, or a hint on the learner's turn),
  so a saturated pool queues at most one job per open tab, first come first served;
  it never starts more workers.
* No pool (``BEZIQUE_BOT_WORKERS=0``), or a worker that died or failed: the page works
  the job out itself, as before.

``BEZIQUE_BOT_WORKERS`` sets the number of worker processes of each app process
(default: one per CPU the process may use; ``scripts/serve.sh`` divides the CPUs among
its processes).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from concurrent.futures import Future, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

import streamlit as st

from app_pages.session import MachineTurn, PlaySession, hint_at, play_turn
from app_pages.worker_pool import WorkerPool, cores
from engine.bots.coach import Hint
from engine.errors import BeziqueError

log = logging.getLogger("bezique.bots")
WORKERS_ENV = "BEZIQUE_BOT_WORKERS"
WORKER_NICE = 0        # the pages' own priority: the learner waits for this move
GRACE_SECONDS = 0.3    # a click's run waits this long for the computer's answers
POLL_SECONDS = 0.5     # the page looks again this often while the computer thinks
SLOW_SECONDS = 3.0     # past this the page says the computer is thinking longer
MOVE = "play_move_job"   # session: the computer's move being worked out (a Job)
HINT = "play_hint_job"   # session: the hint being worked out (a Job)

POOL = WorkerPool("bot", WORKERS_ENV, cores, WORKER_NICE)


@dataclass(frozen=True)
class Job:
    """A job handed to the pool: ``fn(*args)``, asked for at the table ``token``."""

    token: str
    future: Future[Any]
    started: float
    fn: Callable[..., Any]
    args: tuple[Any, ...]

    def answer(self) -> Any:
        """The worker's answer; worked out here when the worker died or failed (here an
        error reaches the app's one boundary)."""
        error = self.future.exception()
        if error is None:
            return self.future.result()
        if isinstance(error, BrokenProcessPool):   # a worker died (memory): new ones next
            POOL.drop_broken(error)
        else:
            log.warning("a bot worker failed (%r); the job is worked out in the page", error)
        return self.fn(*self.args)


def _start(key: str, token: str, fn: Callable[..., Any], *args: Any) -> Job:
    """Hand ``fn(*args)`` to the pool (with no pool, work it out now) as this tab's
    ``key`` job."""
    future = POOL.submit(fn, *args)
    if future is None:
        future = Future()
        future.set_result(fn(*args))
    job = Job(token, future, time.monotonic(), fn, args)
    st.session_state[key] = job
    return job


def _current(key: str, token: str) -> Job | None:
    """This tab's ``key`` job, unless it was asked for at another table (then it is
    dropped, and withdrawn if it has not started)."""
    job: Job | None = st.session_state.get(key)
    if job is not None and job.token != token:
        job.future.cancel()
        st.session_state[key] = None
        return None
    return job


def _ready(job: Job, until: float) -> bool:
    if not job.future.done():
        wait([job.future], timeout=max(0.0, until - time.monotonic()))
    return job.future.done()


def advance(s: PlaySession, token: Callable[[PlaySession], str],
            grace: float = GRACE_SECONDS) -> None:
    """Apply the computer's moves that are worked out, and hand out the next one,
    waiting up to ``grace`` seconds in all for answers. ``token``: the table's token
    of a game (:func:`app_pages.play_parts.table_token`)."""
    if POOL.size() == 0:   # no workers: the page moves for the computer, as it did
        st.session_state[MOVE] = None
        s.run_machine()
        return
    until = time.monotonic() + grace
    while True:
        job = _current(MOVE, token(s))
        if job is None:
            turn = s.machine_turn()
            if turn is None:
                return
            job = _start(MOVE, token(s), play_turn, turn)
        if not _ready(job, until):
            return
        st.session_state[MOVE] = None
        _apply(s, job)


def _apply(s: PlaySession, job: Job) -> None:
    turn: MachineTurn = job.args[0]
    actions, player = job.answer()
    try:
        s.machine_moved(turn, actions, player)
    except BeziqueError as exc:   # not legal there: a fault of the worker's, not the game's
        log.warning("a bot worker's moves %r were refused (%s); worked out in the page",
                    actions, exc)
        s.machine_moved(turn, *play_turn(turn))


def ask_hint(s: PlaySession, token: str, lang: str) -> None:
    """Start working out a hint for the learner's move (:func:`take_hint` shows it)."""
    if s.human_to_move:
        _start(HINT, token, hint_at, s.deal.dumps(), s.human, lang)


def take_hint(token: str, grace: float = GRACE_SECONDS) -> Hint | None:
    """The hint asked for at this table, once worked out (waiting up to ``grace``
    seconds for it), else None."""
    job = _current(HINT, token)
    if job is None or not _ready(job, time.monotonic() + grace):
        return None
    st.session_state[HINT] = None
    hint: Hint = job.answer()
    return hint


def _held(token: str) -> list[tuple[str, Job]]:
    held = [(kind, st.session_state.get(key)) for kind, key in (("move", MOVE), ("hint", HINT))]
    return [(kind, job) for kind, job in held if job is not None and job.token == token]


def waiting(token: str) -> tuple[str, float] | None:
    """What the page waits for at this table, ``move`` or ``hint``, and for how many
    seconds; None when nothing was asked for. An answer that is in but not yet taken
    counts: the page must look again (:func:`answered`)."""
    for kind, job in _held(token):
        return kind, time.monotonic() - job.started
    return None


def answered(token: str) -> bool:
    """Whether an answer asked for at this table is in, to be taken by a page run."""
    return any(job.future.done() for _kind, job in _held(token))


__all__ = ["GRACE_SECONDS", "POLL_SECONDS", "POOL", "SLOW_SECONDS", "WORKERS_ENV", "Job",
           "advance", "answered", "ask_hint", "take_hint", "waiting"]
