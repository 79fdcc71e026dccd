"""A quiet end to a parallel test run: each worker collects its garbage and freezes what
is left while it still reports, so that nothing heavy runs after it has reported.

pytest-xdist's controller ends a worker as soon as the worker says it has finished
(execnet's ``GATEWAY_TERMINATE``), and execnet sends the worker a SIGINT when its work
has not ended five seconds later. What a worker still does then is pytest's own last
garbage collection (its unraisable-exception plugin, in ``pytest_unconfigure``), which
walks every object the run left alive (the engine's caches after half the suite):
seconds on a loaded machine. The SIGINT then lands in whatever Python code runs inside
that collection (hypothesis's gc callback, a weakref callback), and the run prints a
``PytestUnraisableExceptionWarning`` with a ``KeyboardInterrupt`` traceback just before
its green summary. Collected here, inside ``pytest_sessionfinish`` (before xdist's
wrapper sends "finished"), anything the collection finds is still reported as the run's
own warning; frozen (:func:`gc.freeze`), the objects left are no longer walked by the
last collection, which then takes no time.

Imported by ``tests/conftest.py`` (a hook is found by its name there)."""

from __future__ import annotations

import gc

import pytest


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    gc.collect()
    gc.freeze()
