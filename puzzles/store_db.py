"""The progress store's two databases: a SQLite file (the default) and PostgreSQL
(a server several app processes or hosts can share).

A :class:`Backend` hides what differs: connecting, the ``?`` placeholders, the
column types of the one schema, where the schema version is kept, how a write
transaction takes its lock, and what a driver error means for the learner
(:func:`Backend.diagnose`). The store's SQL is written once, in the SQLite dialect
that both understand (``ON CONFLICT``, ``RETURNING``).
"""

from __future__ import annotations

import atexit
import os
import re
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

BUSY_TIMEOUT = 10.0   # seconds a write waits for another writer before giving up
POOL_SIZE = 4         # idle PostgreSQL connections a process keeps for the next store


class ProgressStoreError(ValueError):
    """The progress store cannot be used (corrupted, newer schema, unwritable, busy)."""


class ProgressStoreCorrupted(ProgressStoreError):
    """Not a database, damaged pages, tables missing at its version, unreadable values."""


class ProgressStoreReadOnly(ProgressStoreError):
    """The store can be read but not written (file, directory or role permissions)."""


class ProgressStoreBusy(ProgressStoreError):
    """Another program held the write lock too long; nothing was lost, try again."""


class ProgressStoreUnavailable(ProgressStoreError):
    """The store cannot be opened at all (missing directory, server down, bad URL)."""


URL_SCHEMES = ("postgresql://", "postgres://", "sqlite://")


def is_url(target: object) -> bool:
    return isinstance(target, str) and target.startswith(URL_SCHEMES)


def masked(url: str) -> str:
    """The URL without its password, fit to show."""
    return re.sub(r"(://[^:/@]*):[^@/]*@", r"\1:***@", url)


class Backend:
    kind = ""
    location = ""          # what messages show: a path or a URL without password
    conn: Any
    errors: tuple[type[BaseException], ...] = ()

    def execute(self, sql: str, params: tuple[Any, ...] | list[Any] = ()) -> Any:
        raise NotImplementedError

    def executemany(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        raise NotImplementedError

    def prepare(self) -> None:
        """Settings and checks made once per connection, before the version is read."""

    def begin(self) -> None:
        raise NotImplementedError

    def version(self) -> int:
        raise NotImplementedError

    def set_version(self, number: int) -> None:
        raise NotImplementedError

    def ddl(self, statement: str) -> str:
        return statement

    def diagnose(self, exc: BaseException) -> ProgressStoreError:
        raise NotImplementedError

    def close(self) -> None:
        self.conn.close()

    def _closed(self) -> ProgressStoreError:
        return ProgressStoreError(f"the progress store {self.location} was closed")

    # --- messages shared by both ------------------------------------------------------

    def _busy(self, exc: BaseException) -> ProgressStoreError:
        return ProgressStoreBusy(
            f"the progress store {self.location} is busy: another program kept it locked "
            f"for more than {BUSY_TIMEOUT:g} s ({exc}); nothing was lost — try again")

    def _read_only(self, exc: BaseException) -> ProgressStoreError:
        return ProgressStoreReadOnly(
            f"the progress store {self.location} is read-only: it can be read but not "
            f"written ({exc}); check its permissions — your saved progress is intact, but "
            "new results are not saved")

    def _schema(self, exc: BaseException) -> ProgressStoreError:
        return ProgressStoreCorrupted(
            f"the progress store {self.location} is missing part of its tables ({exc}); "
            "it was left untouched — restore a backup or move it away to start afresh")

    def damaged(self, exc: BaseException) -> ProgressStoreError:
        """A value read back that the program cannot use (bad text, number or JSON)."""
        return ProgressStoreCorrupted(
            f"the progress store {self.location} holds data this program cannot use "
            f"({type(exc).__name__}: {exc}); it was left untouched — restore a backup or "
            "move it away to start afresh")

    def _failed(self, exc: BaseException) -> ProgressStoreError:
        return ProgressStoreError(f"the progress store {self.location} failed: {exc}")


class SQLiteBackend(Backend):
    kind = "sqlite"

    def __init__(self, path: Path) -> None:
        self.path = path
        self.location = str(path)
        self.errors = (sqlite3.Error, UnicodeDecodeError)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            # isolation_level=None: the store issues BEGIN/COMMIT itself.
            self.conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT, isolation_level=None,
                                        check_same_thread=False)
        except (OSError, sqlite3.Error) as exc:
            raise ProgressStoreUnavailable(
                f"cannot open the progress file {path}: {exc}") from exc

    def execute(self, sql: str, params: tuple[Any, ...] | list[Any] = ()) -> Any:
        return self.conn.execute(sql, params)

    def executemany(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        self.conn.executemany(sql, rows)

    def prepare(self) -> None:
        conn = self.conn
        check = conn.execute("PRAGMA quick_check").fetchone()
        if check is None or check[0] != "ok":
            raise ProgressStoreCorrupted(
                f"the progress file {self.path} is corrupted (integrity check: {check}); "
                "it was left untouched — move it away to start afresh")
        self._wal()
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.execute("PRAGMA foreign_keys=ON")

    def _wal(self) -> None:
        """Switch to WAL. The switch needs the file to itself and SQLite refuses it at
        once (no busy wait) while another connection opens the file, so retry."""
        deadline = time.monotonic() + BUSY_TIMEOUT
        while True:
            try:
                if self.conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                    self.conn.execute("PRAGMA journal_mode=WAL")
                return
            except sqlite3.OperationalError as exc:
                diagnosis = self.diagnose(exc)
                if isinstance(diagnosis, ProgressStoreReadOnly):
                    return   # a read-only file keeps its journal mode and can be read
                if not isinstance(diagnosis, ProgressStoreBusy) \
                        or time.monotonic() > deadline:
                    raise
            time.sleep(0.01)

    def begin(self) -> None:
        # IMMEDIATE: take the one write lock before reading, so what a transaction
        # reads is still true when it writes.
        self.conn.execute("BEGIN IMMEDIATE")

    def version(self) -> int:
        return int(self.conn.execute("PRAGMA user_version").fetchone()[0])

    def set_version(self, number: int) -> None:
        self.conn.execute(f"PRAGMA user_version = {int(number)}")

    def diagnose(self, exc: BaseException) -> ProgressStoreError:
        if isinstance(exc, UnicodeDecodeError):
            return self.damaged(exc)
        name = str(getattr(exc, "sqlite_errorname", "") or "")
        text = str(exc).lower()
        if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "is locked" in text:
            return self._busy(exc)
        if name.startswith(("SQLITE_READONLY", "SQLITE_PERM", "SQLITE_AUTH")) \
                or "readonly" in text or "read-only" in text:
            return self._read_only(exc)
        if name.startswith("SQLITE_CANTOPEN") or "unable to open" in text:
            if not _writable(self.path):
                return self._read_only(exc)   # e.g. no journal file in a read-only folder
            return ProgressStoreUnavailable(
                f"cannot open the progress file {self.path} ({exc}): check that its "
                "directory exists and may be written; the file was left untouched")
        if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")) or "malformed" in text \
                or "not a database" in text:
            return ProgressStoreCorrupted(
                f"the progress file {self.path} is corrupted or is not a SQLite database "
                f"({exc}); it was left untouched — move it away to start afresh")
        if "no such table" in text or "no such column" in text or "has no column" in text:
            return self._schema(exc)
        if "decode" in text:
            return self.damaged(exc)
        return self._failed(exc)


class ConnectionPool:
    """The PostgreSQL connections one process keeps open between stores.

    The app opens a store for each thing it saves or shows (a puzzle answered, a
    lesson passed), and a new connection costs a server process, authentication and
    cold catalog caches: about 35 ms for open, one read and close on loopback, against
    a few ms with a kept one (``scripts/bench_store.py``). A store takes an idle
    connection for its URL, checks it with the statement that resets its session (so
    a server restart or a setting left behind is never inherited), and gives it back
    when closed; at most ``size`` wait, the longest unused closed first. A connection
    in a transaction, broken or closed is not kept. After a fork the child drops the
    parent's connections without touching them: their sockets are the parent's.
    (psycopg_pool would add background threads and a lifecycle for this one list.)"""

    def __init__(self, size: int = POOL_SIZE) -> None:
        self.size = size
        self._idle: list[tuple[str, Any]] = []    # (url, connection), oldest first
        self._lock = threading.Lock()
        self._pid = os.getpid()
        self.opened = 0       # new connections made (for tests and benchmarks)
        self.reused = 0       # idle ones handed out again

    def _mine(self) -> None:
        if self._pid != os.getpid():
            self._idle, self._pid = [], os.getpid()

    def take(self, url: str) -> Any | None:
        """An idle connection to ``url`` that answers, reset; None when there is none."""
        while True:
            with self._lock:
                self._mine()
                found = next((i for i in range(len(self._idle) - 1, -1, -1)
                              if self._idle[i][0] == url), None)
                if found is None:
                    return None
                conn = self._idle.pop(found)[1]
            try:
                reset(conn)
            except Exception:  # noqa: BLE001 - a dead connection: drop it, try the next
                _close_quietly(conn)
                continue
            self.reused += 1
            return conn

    def give(self, url: str, conn: Any) -> None:
        """Keep ``conn`` for the next store of ``url``, or close it."""
        from psycopg.pq import TransactionStatus

        if conn.closed or conn.broken or \
                conn.info.transaction_status != TransactionStatus.IDLE:
            _close_quietly(conn)
            return
        with self._lock:
            self._mine()
            self._idle.append((url, conn))
            surplus = self._idle[:max(0, len(self._idle) - self.size)]
            del self._idle[:len(surplus)]
        for _, old in surplus:
            _close_quietly(old)

    def clear(self) -> None:
        """Close every idle connection (tests; a process about to end)."""
        with self._lock:
            self._mine()
            idle, self._idle = self._idle, []
        for _, conn in idle:
            _close_quietly(conn)

    def idle(self, url: str | None = None) -> int:
        with self._lock:
            self._mine()
            return sum(1 for u, _ in self._idle if url is None or u == url)


POOL = ConnectionPool()
atexit.register(lambda: POOL.clear())   # say goodbye to the server (the current POOL)


def reset(conn: Any) -> None:
    """Session settings back to the connection's own, then the store's lock wait: a
    lock wait (another writer) gives up like SQLite's busy timeout. One round trip,
    which also proves a kept connection is alive."""
    conn.execute(f"RESET ALL; SET lock_timeout = '{int(BUSY_TIMEOUT * 1000)}ms'")


def _close_quietly(conn: Any) -> None:
    try:
        conn.close()
    except Exception:  # noqa: BLE001, S110 - it is being thrown away
        pass


class PostgresBackend(Backend):
    kind = "postgresql"

    def __init__(self, url: str, pool: ConnectionPool | None = None) -> None:
        self.location = masked(url)
        self.url = url
        self.pool = POOL if pool is None else pool
        try:
            import psycopg
        except ImportError as exc:
            raise ProgressStoreUnavailable(
                f"the progress store {self.location} is a PostgreSQL database, which needs "
                "the psycopg package: pip install 'psycopg[binary]'") from exc
        self.errors = (psycopg.Error, UnicodeDecodeError)
        self.conn = self.pool.take(url)
        if self.conn is not None:
            return
        try:
            self.conn = psycopg.connect(url, autocommit=True, connect_timeout=10)
            self.pool.opened += 1
            reset(self.conn)
        except psycopg.Error as exc:
            if self.conn is not None:
                _close_quietly(self.conn)
            raise ProgressStoreUnavailable(
                f"cannot reach the progress database {self.location}: "
                f"{masked(str(exc)).strip()}") from exc

    def close(self) -> None:
        """Give the connection back to the pool; the store cannot use it any more."""
        conn, self.conn = self.conn, None
        if conn is not None:
            self.pool.give(self.url, conn)

    def execute(self, sql: str, params: tuple[Any, ...] | list[Any] = ()) -> Any:
        if self.conn is None:
            raise self._closed()
        return self.conn.execute(sql.replace("?", "%s"), params)

    def executemany(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        if self.conn is None:
            raise self._closed()
        with self.conn.cursor() as cursor:
            cursor.executemany(sql.replace("?", "%s"), rows)

    def begin(self) -> None:
        # One writer at a time per schema, as with SQLite: every read-modify-write
        # (ratings, SRS cards, migrations) sees the last committed state.
        self.execute("BEGIN; SELECT pg_advisory_xact_lock(hashtext('bezique:' || "
                          "current_schema()))")

    def version(self) -> int:
        # pg_tables is read with this statement's snapshot; to_regclass would consult
        # the catalog cache, which can miss a table another process just committed.
        if self.execute("SELECT 1 FROM pg_tables WHERE schemaname = current_schema()"
                        " AND tablename = 'bezique_schema'").fetchone() is None:
            return 0
        row = self.execute("SELECT version FROM bezique_schema").fetchone()
        return 0 if row is None else int(row[0])

    def set_version(self, number: int) -> None:
        self.execute("CREATE TABLE IF NOT EXISTS bezique_schema (version INTEGER NOT NULL)")
        self.execute("DELETE FROM bezique_schema")
        self.execute("INSERT INTO bezique_schema(version) VALUES (?)", (int(number),))

    def ddl(self, statement: str) -> str:
        # The one schema in PostgreSQL's types: REAL is 4 bytes there, ratings need 8.
        statement = statement.replace(
            "INTEGER PRIMARY KEY", "INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY")
        return re.sub(r"\bREAL\b", "DOUBLE PRECISION", statement)

    def diagnose(self, exc: BaseException) -> ProgressStoreError:
        import psycopg
        from psycopg import errors as pg

        if isinstance(exc, UnicodeDecodeError | psycopg.DataError):
            return self.damaged(exc)
        if isinstance(exc, pg.LockNotAvailable | pg.DeadlockDetected |
                      pg.SerializationFailure | pg.QueryCanceled):
            return self._busy(exc)
        if isinstance(exc, pg.InsufficientPrivilege | pg.ReadOnlySqlTransaction):
            return self._read_only(exc)
        if isinstance(exc, pg.UndefinedTable | pg.UndefinedColumn):
            return self._schema(exc)
        if isinstance(exc, psycopg.OperationalError | psycopg.InterfaceError):
            return ProgressStoreUnavailable(
                f"lost the progress database {self.location}: {masked(str(exc)).strip()}")
        return self._failed(exc)


def _writable(path: Path) -> bool:
    """The file (when it exists) and its folder may be written by this process."""
    return (not path.exists() or os.access(path, os.W_OK)) \
        and os.access(path.parent, os.W_OK)


def connect(target: str | os.PathLike[str]) -> Backend:
    """A path or ``sqlite:///PATH`` opens a SQLite file; ``postgresql://…`` a server."""
    if is_url(target):
        url = str(target)
        if url.startswith("sqlite://"):
            return SQLiteBackend(Path(url.removeprefix("sqlite://").removeprefix("/")
                                      or "progress.sqlite3"))
        return PostgresBackend(url)
    return SQLiteBackend(Path(target))
