"""Every store failure reaches the caller as ProgressStoreError with the right
diagnosis (reliability review F12, F14-F16): a busy or read-only store is never
called corrupted, and no driver exception escapes a public method."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from _store_backends import BACKENDS, Places, places_fixture

from puzzles import store_db
from puzzles.store import (
    ProgressStoreBusy,
    ProgressStoreCorrupted,
    ProgressStoreError,
    ProgressStoreReadOnly,
    ProgressStoreUnavailable,
    open_store,
)

ROOT = Path(__file__).parent.parent
PUZZLE = {"id": "m-test", "kind": "meld", "type": "spot", "rating": 1300, "themes": ["t"]}
places = pytest.fixture(params=BACKENDS)(places_fixture)


def _not_corrupted(exc: ProgressStoreError) -> None:
    assert not isinstance(exc, ProgressStoreCorrupted)
    assert "corrupt" not in str(exc) and "move it away" not in str(exc)


def _old_delete_mode_file(path: Path) -> None:
    """A store at schema version 3 in rollback-journal mode (as older programs left it)."""
    with open_store(path) as store:
        store.set_setting("ann", "k", "v")
        store.conn.execute("DROP TABLE lesson_progress")
        store.conn.execute("PRAGMA user_version = 3")
        store.conn.execute("PRAGMA journal_mode = DELETE")


def test_opening_a_locked_file_is_busy_not_corrupted(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """F12/F15: a lock held by another program used to be reported as corruption."""
    path = tmp_path / "old.sqlite3"
    _old_delete_mode_file(path)
    monkeypatch.setattr(store_db, "BUSY_TIMEOUT", 0.2)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    with pytest.raises(ProgressStoreBusy) as info:
        open_store(path)
    _not_corrupted(info.value)
    assert str(path) in str(info.value) and "try again" in str(info.value)
    holder.execute("ROLLBACK")
    holder.close()
    with open_store(path) as store:      # nothing was lost, and it migrates now
        assert store.setting("ann", "k") == "v" and store.lesson_progress("ann") == {}


def test_a_write_while_another_writer_holds_the_lock_is_busy(
        places: Places, monkeypatch: pytest.MonkeyPatch) -> None:
    """A raw OperationalError used to escape record_attempt."""
    target = places.new()
    monkeypatch.setattr(store_db, "BUSY_TIMEOUT", 0.2)
    with open_store(target) as store, open_store(target) as other:
        store.learner_id("ann")
        with other.transaction():
            with pytest.raises(ProgressStoreBusy) as info:
                store.record_attempt("ann", PUZZLE, 1.0)
            _not_corrupted(info.value)
        assert store.attempts("ann") == []
        store.record_attempt("ann", PUZZLE, 1.0)     # the lock is free again
        assert len(store.attempts("ann")) == 1


READ_ONLY = """
import json, sys
from puzzles.store import open_store
def outcome(action):
    try:
        action()
        return "ok"
    except Exception as exc:
        return type(exc).__name__ + ": " + str(exc)
result = {}
for target in sys.argv[1:]:
    store = []
    opened = outcome(lambda: store.append(open_store(target)))
    read = outcome(lambda: store[0].setting("ann", "k")) if store else "-"
    write = outcome(lambda: store[0].set_setting("ann", "k", "w")) if store else "-"
    result[target] = [opened, read, write]
print(json.dumps(result))
"""


def _as_unprivileged(script: str, *args: str) -> dict[str, list[str]]:
    """Run ``script`` where file permissions apply: root drops CAP_DAC_OVERRIDE."""
    command = [sys.executable, "-c", script, *args]
    if os.geteuid() == 0:
        if shutil.which("setpriv") is None:
            pytest.skip("running as root without setpriv: permissions cannot apply")
        command = ["setpriv", "--bounding-set=-dac_override,-dac_read_search", "--",
                   *command]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=60,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    return dict(json.loads(done.stdout))


def test_read_only_files_and_directories_are_not_called_corrupted(tmp_path: Path) -> None:
    """F15: a read-only WAL file crashed on its first write; a read-only rollback-mode
    file or a read-only directory was called corrupted. Now a read-only file opens for
    reading and refuses writes as read-only; nothing says "corrupted"."""
    wal_file = tmp_path / "a" / "wal.sqlite3"
    with open_store(wal_file) as store:
        store.set_setting("ann", "k", "v")
    old_file = tmp_path / "b" / "old.sqlite3"
    _old_delete_mode_file(old_file)
    current = tmp_path / "c" / "current.sqlite3"
    with open_store(current) as store:
        store.set_setting("ann", "k", "v")
        store.conn.execute("PRAGMA journal_mode = DELETE")
    in_ro_dir = tmp_path / "d" / "p.sqlite3"
    with open_store(in_ro_dir) as store:
        store.set_setting("ann", "k", "v")
    for path in (wal_file, old_file, current):
        path.chmod(0o444)
    in_ro_dir.parent.chmod(0o555)
    try:
        result = _as_unprivileged(READ_ONLY, *map(str, (wal_file, old_file, current,
                                                         in_ro_dir)))
    finally:
        in_ro_dir.parent.chmod(0o755)
    for outcomes in result.values():
        assert all("Corrupted" not in o and "move it away" not in o for o in outcomes)
        assert all(o in ("ok", "-") or o.startswith("ProgressStore") for o in outcomes)
    assert result[str(wal_file)][:2] == ["ok", "ok"]
    assert result[str(wal_file)][2].startswith("ProgressStoreReadOnly")
    assert result[str(current)][:2] == ["ok", "ok"]
    assert result[str(current)][2].startswith("ProgressStoreReadOnly")
    # An old file needs a migration, which is a write: refused as read-only.
    assert result[str(old_file)][0].startswith("ProgressStoreReadOnly")
    assert result[str(in_ro_dir)][0].startswith(("ProgressStoreReadOnly",
                                                 "ProgressStoreUnavailable", "ok"))


def test_read_only_postgres_session_is_read_only(tmp_path: Path) -> None:
    places = Places("postgresql", tmp_path)
    try:
        target = places.new()
        with open_store(target) as store:
            store.set_setting("ann", "k", "v")
        read_only = target + "%20-cdefault_transaction_read_only%3Don"
        with open_store(read_only) as store:
            assert store.setting("ann", "k") == "v"
            with pytest.raises(ProgressStoreReadOnly) as info:
                store.record_attempt("ann", PUZZLE, 1.0)
            _not_corrupted(info.value)
    finally:
        places.cleanup()


def test_missing_table_is_a_clear_error(places: Places) -> None:
    """F16: a table missing at the current version raised a raw OperationalError."""
    target = places.new()
    with open_store(target) as store:
        store.record_attempt("ann", PUZZLE, 1.0)
        store.conn.execute("DROP TABLE attempt_scopes")
        with pytest.raises(ProgressStoreCorrupted, match="missing part of its tables"):
            store.record_attempt("ann", PUZZLE, 1.0)
        with pytest.raises(ProgressStoreCorrupted, match="missing part of its tables"):
            store.accuracy("ann", "theme:")
        assert len(store.attempts("ann")) == 1      # the failed write left nothing


def test_unreadable_values_are_clear_errors(tmp_path: Path) -> None:
    """F14/F16: text that is not UTF-8, a rating that is not a number, misses that are
    not JSON: each is the store's own error, naming the store."""
    path = tmp_path / "p.sqlite3"
    with open_store(path) as store:
        store.record_attempt("ann", PUZZLE, 1.0)
        store.record_timed_run("ann", 3.0, 1, 2, ["x"])
        store.conn.execute("UPDATE ratings SET rating = 'abc' WHERE scope = 'overall'")
        store.conn.execute("UPDATE timed_runs SET misses = 'not json'")
        with pytest.raises(ProgressStoreCorrupted, match="cannot use"):
            store.rating("ann")
        with pytest.raises(ProgressStoreCorrupted, match="cannot use"):
            store.record_attempt("ann", PUZZLE, 1.0)
        with pytest.raises(ProgressStoreCorrupted, match="cannot use") as info:
            store.timed_runs("ann")
        assert str(path) in str(info.value)
        with pytest.raises(ValueError, match="score must be") as bad_score:
            store.record_attempt("ann", PUZZLE, 2.0)    # the caller's error stays its own
        assert not isinstance(bad_score.value, ProgressStoreError)
        store.conn.execute("UPDATE learners SET name = CAST(x'ff41' AS TEXT)")
        with pytest.raises(ProgressStoreCorrupted):
            store.learners()


def test_garbage_file_is_still_called_corrupted(tmp_path: Path) -> None:
    path = tmp_path / "bad.sqlite3"
    path.write_bytes(b"this is not a database at all" * 100)
    with pytest.raises(ProgressStoreCorrupted, match="corrupted") as info:
        open_store(path)
    assert "move it away" in str(info.value)


def test_unreachable_server_is_unavailable_and_hides_the_password() -> None:
    pytest.importorskip("psycopg")
    with pytest.raises(ProgressStoreUnavailable) as info:
        open_store("postgresql://ann:s3cret@127.0.0.1:9/none?connect_timeout=2")
    assert "s3cret" not in str(info.value) and "127.0.0.1" in str(info.value)


def test_missing_directory_that_cannot_be_made_is_unavailable(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(ProgressStoreUnavailable) as info:
        open_store(blocker / "sub" / "p.sqlite3")
    _not_corrupted(info.value)


# --- N9: diagnoses that say what is wrong -------------------------------------------------

def test_a_wal_file_in_a_read_only_folder_is_not_called_readable(tmp_path: Path) -> None:
    """N9: SQLite must create the -wal and -shm files even to read a WAL file, so in a
    read-only folder every call failed while the store said "it can be read"."""
    path = tmp_path / "ro" / "p.sqlite3"
    with open_store(path) as store:
        store.set_setting("ann", "k", "v")
    path.parent.chmod(0o555)
    try:
        opened, read, write = _as_unprivileged(READ_ONLY, str(path))[str(path)]
    finally:
        path.parent.chmod(0o755)
    assert opened.startswith("ProgressStoreUnavailable"), opened
    assert "WAL" in opened and str(path.parent) in opened and "write" in opened
    assert "can be read" not in opened and (read, write) == ("-", "-")


def test_a_file_that_cannot_be_read_says_so(tmp_path: Path) -> None:
    """N9: a mode-000 file was told to "check that its directory exists"."""
    path = tmp_path / "p.sqlite3"
    with open_store(path) as store:
        store.set_setting("ann", "k", "v")
    path.chmod(0o000)
    try:
        opened = _as_unprivileged(READ_ONLY, str(path))[str(path)][0]
    finally:
        path.chmod(0o644)
    assert opened.startswith("ProgressStoreUnavailable"), opened
    assert "cannot be read" in opened and "permissions" in opened
    assert "directory exists" not in opened and "can be read" not in opened


def test_another_programs_sqlite_database_is_refused_untouched(tmp_path: Path) -> None:
    """N9: a foreign SQLite file silently got the store's tables (and WAL mode)."""
    path = tmp_path / "notes.sqlite3"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
    con.execute("INSERT INTO notes(text) VALUES ('keep me')")
    con.commit()
    con.close()
    before = path.read_bytes()
    with pytest.raises(ProgressStoreCorrupted) as info:
        open_store(path)
    assert "not a progress store" in str(info.value) and "notes" in str(info.value)
    assert "left untouched" in str(info.value)
    assert path.read_bytes() == before and not Path(f"{path}-wal").exists()


def test_another_programs_postgres_schema_is_refused_untouched(tmp_path: Path) -> None:
    places = Places("postgresql", tmp_path)
    try:
        target = places.new()
        import psycopg

        with psycopg.connect(target, autocommit=True) as conn:
            conn.execute("CREATE TABLE notes (text TEXT)")
        with pytest.raises(ProgressStoreCorrupted, match="not a progress store.*notes"):
            open_store(target)
        with psycopg.connect(target, autocommit=True) as conn:
            tables = [r[0] for r in conn.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")]
        assert tables == ["notes"]
    finally:
        places.cleanup()
