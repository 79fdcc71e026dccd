"""Suite-wide settings: the tests never touch a learner's own progress database.

Every store opened without an explicit path (the app pages, the puzzle trainer, the
browser test's server, which inherits this environment) uses a file in a temporary
directory made for this pytest run."""

from __future__ import annotations

import logging
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from clean_exit import pytest_sessionfinish  # noqa: F401 - a hook: a quiet end of the run
from saved_games import forget_saved_games

_TMP = Path(tempfile.mkdtemp(prefix="bezique-tests-"))
TEST_DB = _TMP / "progress.sqlite3"


def pytest_configure(config: pytest.Config) -> None:
    # Set before any test module imports the app: puzzles.store reads the variable
    # each time it opens the store, and a server started by a test inherits it.
    os.environ["BEZIQUE_PROGRESS_DB"] = str(TEST_DB)
    # A database URL would take precedence over the file: never the learner's server.
    os.environ.pop("BEZIQUE_DATABASE_URL", None)
    # The app on one's own machine unless a test serves it (tests/test_identity.py).
    os.environ.pop("BEZIQUE_SERVED", None)
    # Decisions are judged when the review is asked for, unless a test starts a worker.
    os.environ["BEZIQUE_REVIEW_WORKERS"] = "0"
    # The Play page works out the computer's moves itself, unless a test starts workers.
    os.environ["BEZIQUE_BOT_WORKERS"] = "0"
    os.environ["XDG_DATA_HOME"] = str(_TMP / "xdg")
    os.environ["STREAMLIT_BROWSER_GATHER_USAGE_STATS"] = "false"


@pytest.fixture(autouse=True)
def page_failures() -> Iterator[list[logging.LogRecord]]:
    """What the app's error boundary logged during the test. The boundary turns a page's
    exception into a kind message, so AppTest sees no exception: every test fails when a
    page failed, unless it takes this fixture and empties the list (it meant to)."""
    records: list[logging.LogRecord] = []
    handler = logging.Handler(logging.ERROR)
    handler.emit = records.append   # type: ignore[method-assign]
    logger = logging.getLogger("bezique.app")
    logger.addHandler(handler)
    yield records
    logger.removeHandler(handler)
    assert not records, [r.getMessage() for r in records]


@pytest.fixture(autouse=True)
def no_saved_game() -> Iterator[None]:
    """Every test starts without a saved game: all of them play as the learner "guest",
    and the Play page resumes that learner's latest game (app_pages/play_parts.py)."""
    yield
    forget_saved_games(TEST_DB)


# --- the browser tests (tests/test_e2e_*.py): one app server and one Chromium a module;
# a module that needs another server (its own store, served mode) defines its own.

@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    from app_server import app_server

    with app_server() as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    from app_server import chromium

    with chromium() as launched:
        yield launched
