"""The progress store: location, migrations, transactions, crash safety,
corruption reports, several learners, and spaced repetition with FSRS. The tests
that take ``places`` run on SQLite and on PostgreSQL (see ``_store_backends``)."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from _store_backends import BACKENDS, Places, places_fixture

from puzzles import srs
from puzzles.store import (
    ENV_VAR,
    SCHEMA_VERSION,
    URL_ENV_VAR,
    ProgressStoreError,
    default_location,
    default_path,
    open_store,
)
from puzzles.store_db import connect

PUZZLE = {"id": "m-test", "kind": "meld", "type": "spot", "rating": 1300,
          "themes": ["spot_all", "bezique"], "melds": ["bezique"]}
T0 = datetime(2025, 1, 1, 12, 0, tzinfo=UTC)
places = pytest.fixture(params=BACKENDS)(places_fixture)


def test_default_path_follows_env_and_xdg(monkeypatch: pytest.MonkeyPatch,
                                          tmp_path: Path) -> None:
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "x.sqlite3"))
    assert default_path() == tmp_path / "x.sqlite3"
    monkeypatch.delenv(ENV_VAR)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_path() == tmp_path / "bezique" / "progress.sqlite3"
    # A database URL, when set, wins over the file.
    monkeypatch.setenv(URL_ENV_VAR, "postgresql://u@host/db")
    assert default_location() == "postgresql://u@host/db"
    monkeypatch.delenv(URL_ENV_VAR)
    assert default_location() == default_path()
    monkeypatch.setenv(ENV_VAR, "postgresql://u@host/db")   # not mangled into a path
    assert default_location() == "postgresql://u@host/db"


def test_sqlite_url_names_a_file(tmp_path: Path) -> None:
    with open_store(f"sqlite:///{tmp_path}/u.sqlite3") as store:
        store.learner_id("ann")
        assert store.kind == "sqlite" and store.path == tmp_path / "u.sqlite3"
    assert (tmp_path / "u.sqlite3").exists()


def test_migration_from_version_3_on_each_backend(places: Places) -> None:
    target = places.new()
    with open_store(target) as store:
        store.set_setting("ann", "k", "v")
        store.conn.execute("DROP TABLE lesson_progress")
        store._db.set_version(3)
    with open_store(target) as store:
        assert store.schema_version == SCHEMA_VERSION
        assert store.setting("ann", "k") == "v" and store.lesson_progress("ann") == {}
        store.mark_lesson_read("ann", "history")
        assert store.lesson_progress("ann")["history"].complete


def test_migrations_and_wal(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    with open_store(path) as store:
        assert store.schema_version == SCHEMA_VERSION
        mode = store.conn.execute("PRAGMA journal_mode").fetchone()[0]
        assert mode == "wal"
    # An old file at version 1 is migrated forward, keeping its rows.
    old = tmp_path / "old.sqlite3"
    from puzzles.store import MIGRATIONS

    conn = sqlite3.connect(old)
    for statement in MIGRATIONS[0]:
        conn.execute(statement)
    conn.execute("INSERT INTO learners(name, created) VALUES ('ann', 'then')")
    conn.execute("PRAGMA user_version = 1")
    conn.commit()
    conn.close()
    with open_store(old) as store:
        assert store.schema_version == SCHEMA_VERSION and store.learners() == ["ann"]


def test_newer_schema_is_refused(places: Places) -> None:
    target = places.new("new")
    with open_store(target) as store:
        store._db.set_version(SCHEMA_VERSION + 5)
    with pytest.raises(ProgressStoreError, match="newer"):
        open_store(target)


def test_corrupted_file_is_reported_not_replaced(tmp_path: Path) -> None:
    path = tmp_path / "bad.sqlite3"
    junk = b"this is not a database at all" * 100
    path.write_bytes(junk)
    with pytest.raises(ProgressStoreError) as info:
        open_store(path)
    assert str(path) in str(info.value)
    assert path.read_bytes() == junk


def test_attempts_update_ratings_per_scope(places: Places) -> None:
    with open_store(places.new()) as store:
        win = store.record_attempt("ann", PUZZLE, 1.0, scopes={"meld:bezique": 1.0}, at=T0)
        assert win.after.rating > win.before.rating
        assert win.puzzle_after.rating < win.puzzle_before.rating == 1300
        # The puzzle's rating is shared by everyone using this file.
        assert store.puzzle_rating("m-test").rating == win.puzzle_after.rating
        store.record_attempt("bob", PUZZLE, 0.0, scopes={"meld:bezique": 0.0}, at=T0)
        assert store.learners() == ["ann", "bob"]
        assert store.rating("ann").rating > 1500 > store.rating("bob").rating
        assert store.rating("ann", "meld:bezique").rating > 1500
        assert store.rating("ann", "theme:spot_all").rating > 1500
        assert [a["score"] for a in store.attempts("ann")] == [1.0]
        assert store.failed_puzzles("bob") == ["m-test"] and store.failed_puzzles("ann") == []
        themes = {r["name"]: r["accuracy"] for r in store.accuracy("bob", "theme:")}
        assert themes == {"spot_all": 0.0, "bezique": 0.0}
        with pytest.raises(ValueError):
            store.record_attempt("ann", PUZZLE, 2.0)


def test_failed_write_rolls_back(places: Places) -> None:
    with open_store(places.new()) as store:
        store.learner_id("ann")
        with pytest.raises(RuntimeError), store.transaction() as conn:
            conn.execute("INSERT INTO learners(name, created) VALUES ('zed', 'now')")
            raise RuntimeError("boom")
        assert store.learners() == ["ann"]


WRITER = """
import sys
from puzzles.store import open_store
store = open_store(sys.argv[1])
puzzle = {"id": "m-x", "kind": "meld", "type": "spot", "rating": 1500, "themes": ["t"]}
n = 0
while True:
    store.record_attempt("ann", puzzle, (n % 2) * 1.0)
    n += 1
    print(n, flush=True)
"""


def test_killed_writer_loses_nothing_committed(places: Places) -> None:
    path = places.new("kill")
    proc = subprocess.Popen([sys.executable, "-c", WRITER, str(path)],
                            stdout=subprocess.PIPE, text=True, cwd=Path(__file__).parent.parent)
    assert proc.stdout is not None
    committed = 0
    deadline = time.monotonic() + 30
    while committed < 30 and time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        committed = int(line)
    proc.kill()
    proc.wait()
    assert committed >= 30
    with open_store(path) as store:
        attempts = store.attempts("ann")
        assert len(attempts) >= committed
        # Every committed attempt is whole: its scopes were written with it.
        n_scopes = store.conn.execute("SELECT COUNT(*) FROM attempt_scopes").fetchone()[0]
        assert n_scopes == 2 * len(attempts)


def test_spaced_repetition_is_on_by_default_and_schedules_failures(places: Places) -> None:
    """On for a learner who never chose (issue 53); an explicit "off" is kept."""
    with open_store(places.new()) as store:
        assert srs.enabled(store, "ann") and srs.enabled(store, "new-learner")
        srs.set_enabled(store, "ann", False)
        assert srs.review(store, "ann", "puzzle:m-test", 0.0, T0) is None  # off
        assert not srs.enabled(store, "ann")
        srs.set_enabled(store, "ann", True)
        assert srs.review(store, "ann", "puzzle:m-good", 1.0, T0) is None  # not failed
        due = srs.review(store, "ann", "puzzle:m-test", 0.0, T0)
        assert due is not None and T0 < due < T0 + timedelta(hours=1)
        assert srs.due(store, "ann", T0) == []
        assert srs.due(store, "ann", T0 + timedelta(hours=2)) == ["puzzle:m-test"]
        later = srs.review(store, "ann", "puzzle:m-test", 1.0, T0 + timedelta(hours=2))
        assert later is not None and later > T0 + timedelta(days=1)
        assert srs.due(store, "ann", T0 + timedelta(hours=3)) == []
        assert store.srs_items("ann")[0]["lapses"] == 1
        srs.set_enabled(store, "ann", False)
        assert srs.due(store, "ann", T0 + timedelta(days=999)) == []


def test_creation_and_migrations_are_one_transaction(places: Places,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """A migration that fails leaves the store as it was: on a new store, no table and
    version 0 (each migration used to commit on its own, leaving a half-made store)."""
    from puzzles import store as store_module

    target = places.new("atomic")
    broken = (*store_module.MIGRATIONS, ("CREATE TABLE extra (x INTEGER)", "NOT SQL AT ALL"))
    monkeypatch.setattr(store_module, "MIGRATIONS", broken)
    monkeypatch.setattr(store_module, "SCHEMA_VERSION", len(broken))
    with pytest.raises(ProgressStoreError):
        open_store(target)
    monkeypatch.undo()
    raw = connect(target)      # the store as left, before anything migrates it again
    try:
        assert raw.version() == 0
        assert raw.execute("SELECT 1 FROM sqlite_master" if raw.kind == "sqlite" else
                           "SELECT 1 FROM pg_tables WHERE schemaname = current_schema()"
                           ).fetchall() == []
    finally:
        raw.close()
    with open_store(target) as store:   # migrates afresh, from version 0
        assert store.schema_version == SCHEMA_VERSION and store.learners() == []
        tables = store.conn.execute(
            "SELECT 1 FROM sqlite_master WHERE name = 'extra'" if store.kind == "sqlite"
            else "SELECT 1 FROM pg_tables WHERE tablename = 'extra' "
                 "AND schemaname = current_schema()").fetchall()
        assert tables == []
