"""The progress store's two databases: a SQLite file (the default) and PostgreSQL
(a server several app processes or hosts can share).

A :class:`Backend` hides what differs: connecting, the ``?`` placeholders, the
column types of the one schema, where the schema version is kept, how a write
transaction takes its lock, and what a driver error means for the learner
(:func:`Backend.diagnose`). The store's SQL is written once, in the SQLite dialect
that both understand (``ON CONFLICT``, ``RETURNING``).

Every error a backend raises is built by :meth:`Backend.error`, which masks the
database's credentials (:func:`puzzles.dsn.redact`): no message, page or log line
shows a password, even one the driver echoes.
"""

from __future__ import annotations

import atexit
import logging
import os
import re
import sqlite3
import threading
import time
import weakref
from collections import deque
from pathlib import Path
from typing import Any

from puzzles.dsn import is_conninfo, masked, redact, userinfo_problem

BUSY_TIMEOUT = 10.0   # seconds a write waits for another writer before giving up
CONNECT_TIMEOUT = 10  # seconds to reach a PostgreSQL server (the URL's connect_timeout wins)
MAX_CONNECTIONS = 20  # PostgreSQL connections one process may hold for one target
MAX_IDLE = 60.0       # seconds an unused connection beyond the first is kept
WAIT_SLICE = 0.1      # seconds between checks for a failed connection while waiting


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
# SQLAlchemy's names of the same PostgreSQL URL (its driver after "+"): read as libpq's.
DRIVER_SCHEMES = ("postgresql+psycopg://", "postgresql+psycopg2://")
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:")
_CONNINFO_START = re.compile(r"\w+\s*=")
FORMS = ("a path, sqlite:///PATH, postgresql://USER:PASSWORD@HOST:PORT/DB (also "
         "postgresql+psycopg://…) or a libpq conninfo (host=… dbname=…)")


def is_url(target: object) -> bool:
    return isinstance(target, str) and target.startswith(URL_SCHEMES + DRIVER_SCHEMES)


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

    def check(self) -> None:
        """Checks made before anything is read (SQLite: the file's integrity)."""

    def tables(self) -> list[str]:
        """The names of the tables in the store's database (or schema)."""
        raise NotImplementedError

    def columns(self, table: str) -> list[str]:
        """The names of the columns of ``table`` (a migration adds only missing ones)."""
        raise NotImplementedError

    def close(self) -> None:
        self.conn.close()

    def hide(self, text: str) -> str:
        """``text`` fit to show: without the database's credentials."""
        return text

    def error(self, kind: type[ProgressStoreError], message: str,
              cause: BaseException | None = None) -> ProgressStoreError:
        """The store's error of ``kind``, its text masked. It is chained to the
        driver's ``cause`` only when that text holds no credential either, so no
        traceback in a log can show one."""
        error = kind(self.hide(message))
        if cause is not None and self.hide(str(cause)) == str(cause):
            error.__cause__ = cause
        error.__suppress_context__ = True
        return error

    def _closed(self) -> ProgressStoreError:
        return self.error(ProgressStoreError, f"the progress store {self.location} was closed")

    # --- messages shared by both ------------------------------------------------------

    def _busy(self, exc: BaseException) -> ProgressStoreError:
        return self.error(
            ProgressStoreBusy,
            f"the progress store {self.location} is busy: another program kept it locked "
            f"for more than {BUSY_TIMEOUT:g} s ({exc}); nothing was lost — try again", exc)

    def _read_only(self, exc: BaseException) -> ProgressStoreError:
        return self.error(
            ProgressStoreReadOnly,
            f"the progress store {self.location} is read-only: it can be read but not "
            f"written ({exc}); check its permissions — your saved progress is intact, but "
            "new results are not saved", exc)

    def _schema(self, exc: BaseException) -> ProgressStoreError:
        return self.error(
            ProgressStoreCorrupted,
            f"the progress store {self.location} is missing part of its tables ({exc}); "
            "it was left untouched — restore a backup or move it away to start afresh", exc)

    def damaged(self, exc: BaseException) -> ProgressStoreError:
        """A value read back that the program cannot use (bad text, number or JSON)."""
        return self.error(
            ProgressStoreCorrupted,
            f"the progress store {self.location} holds data this program cannot use "
            f"({type(exc).__name__}: {exc}); it was left untouched — restore a backup or "
            "move it away to start afresh", exc)

    def foreign(self, tables: list[str]) -> ProgressStoreError:
        """A database with tables but no store version: another program's data."""
        shown = ", ".join(tables[:5]) + (", …" if len(tables) > 5 else "")
        return self.error(
            ProgressStoreCorrupted,
            f"the progress store {self.location} already holds a database that is not a "
            f"progress store (tables: {shown}); it was left untouched — point the store at "
            "a new file or an empty database")

    def _failed(self, exc: BaseException) -> ProgressStoreError:
        return self.error(ProgressStoreError,
                          f"the progress store {self.location} failed: {exc}", exc)


class SQLiteBackend(Backend):
    kind = "sqlite"

    def __init__(self, path: Path) -> None:
        self.path = path
        self.location = str(path)
        self.errors = (sqlite3.Error, UnicodeDecodeError)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise self.error(ProgressStoreUnavailable,
                             f"cannot open the progress file {path}: {exc}", exc) from None
        try:
            # isolation_level=None: the store issues BEGIN/COMMIT itself.
            self.conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT, isolation_level=None,
                                        check_same_thread=False)
        except sqlite3.Error as exc:
            raise self._cannot_open(exc) from None

    def execute(self, sql: str, params: tuple[Any, ...] | list[Any] = ()) -> Any:
        return self.conn.execute(sql, params)

    def executemany(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        self.conn.executemany(sql, rows)

    def check(self) -> None:
        check = self.conn.execute("PRAGMA quick_check").fetchone()
        if check is None or check[0] != "ok":
            raise self.error(
                ProgressStoreCorrupted,
                f"the progress file {self.path} is corrupted (integrity check: {check}); "
                "it was left untouched — move it away to start afresh")

    def tables(self) -> list[str]:
        return [row[0] for row in self.conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' "
            "AND name NOT LIKE 'sqlite!_%' ESCAPE '!' ORDER BY name")]

    def columns(self, table: str) -> list[str]:
        return [row[1] for row in self.conn.execute(
            "SELECT * FROM pragma_table_info(?)", (table,))]

    def prepare(self) -> None:
        self._wal()
        self.conn.execute("PRAGMA synchronous=NORMAL")
        self.conn.execute("PRAGMA foreign_keys=ON")

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
        if name == "SQLITE_READONLY_DIRECTORY" and _in_wal_mode(self.path):
            # A WAL file needs its -wal and -shm files even to be read.
            return self.error(
                ProgressStoreUnavailable,
                f"cannot use the progress file {self.path} ({exc}): it is in WAL mode, so "
                f"SQLite must create {self.path.name}-wal and {self.path.name}-shm beside "
                f"it even to read it, and its folder {self.path.parent} may not be "
                "written; let this program write that folder — the file was left untouched",
                exc)
        if name.startswith(("SQLITE_READONLY", "SQLITE_PERM", "SQLITE_AUTH")) \
                or "readonly" in text or "read-only" in text:
            return self._read_only(exc)
        if name.startswith("SQLITE_CANTOPEN") or "unable to open" in text:
            return self._cannot_open(exc)
        if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")) or "malformed" in text \
                or "not a database" in text:
            return self.error(
                ProgressStoreCorrupted,
                f"the progress file {self.path} is corrupted or is not a SQLite database "
                f"({exc}); it was left untouched — move it away to start afresh", exc)
        if "no such table" in text or "no such column" in text or "has no column" in text:
            return self._schema(exc)
        if "decode" in text:
            return self.damaged(exc)
        return self._failed(exc)

    def _cannot_open(self, exc: BaseException) -> ProgressStoreError:
        """Why SQLite could not open the file, from what this process may do there."""
        path, folder = self.path, self.path.parent
        if not os.access(folder, os.X_OK):
            problem = f"its folder {folder} cannot be entered (permissions)"
        elif os.access(path, os.F_OK) and not os.access(path, os.R_OK):
            problem = "the file cannot be read: its permissions deny this program"
        elif not _writable(path):
            return self._read_only(exc)   # e.g. no journal file in a read-only folder
        else:
            problem = "check that its directory exists and may be written"
        return self.error(
            ProgressStoreUnavailable,
            f"cannot open the progress file {path} ({exc}): {problem}; the file was left "
            "untouched", exc)


def _in_wal_mode(path: Path) -> bool:
    """The file's header says WAL (its write version, byte 18, is 2)."""
    try:
        with path.open("rb") as file:
            header = file.read(20)
    except OSError:
        return False
    return len(header) == 20 and header[18] == 2


def reset(conn: Any) -> None:
    """Session settings back to the connection's own, then the store's lock wait: a
    lock wait (another writer) gives up like SQLite's busy timeout. One round trip,
    which also proves a kept connection is alive (the pool's check on every loan)."""
    conn.execute(f"RESET ALL; SET lock_timeout = '{int(BUSY_TIMEOUT * 1000)}ms'")


class Pools:
    """The PostgreSQL connections of this process: one ``psycopg_pool`` pool per target.

    The app opens a store for each thing it saves or shows (a puzzle answered, a
    lesson passed), and a new connection costs a server process, authentication and
    cold catalog caches: about 35 ms for open, one read and close on loopback, against
    a few ms with a kept one (``scripts/bench_store.py``). A store borrows a connection
    checked by :func:`reset` (so a server restart or a setting left behind is never
    inherited) and gives it back when closed, or when it is garbage-collected unclosed
    (a page that raised); a connection given back inside a transaction is rolled back.
    Up to :data:`MAX_CONNECTIONS` per target; those unused for :data:`MAX_IDLE` seconds
    are closed, one at a time, down to none. ``keep=False`` makes a new connection for
    each store (``NullConnectionPool``: benchmarks).

    After a fork the child starts afresh and never touches its parent's pools, whose
    sockets and threads are the parent's (closing them would end the parent's
    sessions; psycopg leaves a connection it did not open alone when collected)."""

    def __init__(self, keep: bool = True) -> None:
        self.keep = keep
        self._pools: dict[str, Any] = {}
        self._lock = threading.Lock()
        self._pid = os.getpid()
        self._inherited: list[dict[str, Any]] = []
        self._dropped: deque[tuple[Any, Any]] = deque()   # (pool, connection) to give back

    def _mine(self) -> None:
        if self._pid != os.getpid():
            self._inherited.append(self._pools)
            self._pools, self._dropped = {}, deque()
            self._lock, self._pid = threading.Lock(), os.getpid()

    def pool(self, target: str) -> Any:
        """The pool of ``target``, made and opened on first use."""
        from psycopg.conninfo import conninfo_to_dict
        from psycopg_pool import ConnectionPool, NullConnectionPool

        self._mine()
        with self._lock:
            pool = self._pools.get(target)
            if pool is None:
                kwargs: dict[str, Any] = {"autocommit": True}
                if "connect_timeout" not in conninfo_to_dict(target):
                    kwargs["connect_timeout"] = CONNECT_TIMEOUT
                kind = ConnectionPool if self.keep else NullConnectionPool
                pool = kind(target, kwargs=kwargs, min_size=0, max_size=MAX_CONNECTIONS,
                            check=reset, max_idle=MAX_IDLE, timeout=BUSY_TIMEOUT,
                            reconnect_timeout=0, open=True)
                self._pools[target] = pool
                HIDE_IN_LOGS.targets.add(target)
        return pool

    def borrow(self, target: str) -> Any:
        """A checked connection to ``target``. Raises psycopg's error when the server
        cannot be reached, ``PoolTimeout`` when every connection stayed in use for
        ``BUSY_TIMEOUT`` seconds."""
        import psycopg
        from psycopg_pool import PoolTimeout

        self.give_back_dropped()
        pool = self.pool(target)
        deadline = time.monotonic() + BUSY_TIMEOUT
        failures = _failures(pool)
        while True:
            try:
                return pool.getconn(timeout=WAIT_SLICE)
            except PoolTimeout:
                pass
            # psycopg_pool retries a failed connection in the background while its
            # clients wait out their timeout; a store says at once why it cannot
            # connect, from one attempt of its own.
            if _failures(pool) > failures or time.monotonic() > deadline:
                psycopg.connect(target, **pool.kwargs).close()
                if time.monotonic() > deadline:
                    raise PoolTimeout(f"every connection stayed in use for {BUSY_TIMEOUT:g} s")
                failures = _failures(pool)   # the server is back: wait on

    def dropped(self, pool: Any, conn: Any) -> None:
        """A store was collected unclosed: its connection goes back at the next
        borrow. (Giving it back here, inside the garbage collector, could wait for a
        lock the interrupted thread holds.)"""
        self._dropped.append((pool, conn))

    def give_back_dropped(self) -> None:
        while True:
            try:
                pool, conn = self._dropped.popleft()
            except IndexError:
                return
            pool.putconn(conn)

    def stats(self, target: str) -> dict[str, int]:
        """psycopg_pool's counters for ``target`` (``connections_num``: made,
        ``requests_num``: lent, ``pool_available``: idle), empty when there is none."""
        self._mine()
        pool = self._pools.get(target)
        return {} if pool is None else dict(pool.get_stats())

    def idle(self, target: str | None = None) -> int:
        self._mine()
        return sum(pool.get_stats().get("pool_available", 0)
                   for url, pool in list(self._pools.items()) if target in (None, url))

    def close(self, target: str | None = None) -> None:
        """Close the pool of ``target`` (every pool when None): its idle connections
        now, those lent when they come back (tests; a process about to end)."""
        self._mine()
        self.give_back_dropped()
        with self._lock:
            closing = [self._pools.pop(url) for url in list(self._pools)
                       if target in (None, url)]
        for pool in closing:
            pool.close()


def _failures(pool: Any) -> int:
    return int(pool.get_stats().get("connections_errors", 0))


class _HideInLogs(logging.Filter):
    """Masks the credentials of every target this process has connected to in
    psycopg's own log records (psycopg_pool logs why a connection failed)."""

    def __init__(self) -> None:
        super().__init__()
        self.targets: set[str] = set()

    def filter(self, record: logging.LogRecord) -> bool:
        text = original = record.getMessage()
        for target in list(self.targets):
            text = redact(text, target)
        if text != original:
            record.msg, record.args = text, ()
        return True


HIDE_IN_LOGS = _HideInLogs()
for _name in ("psycopg", "psycopg.pool"):
    logging.getLogger(_name).addFilter(HIDE_IN_LOGS)
POOLS = Pools()
atexit.register(lambda: POOLS.close())   # say goodbye to the server (the current POOLS)


class PostgresBackend(Backend):
    kind = "postgresql"

    def __init__(self, target: str, pools: Pools | None = None) -> None:
        self.location = masked(target)
        self.target = target
        self.pools = POOLS if pools is None else pools
        self.conn = None
        try:
            import psycopg
            import psycopg_pool
        except ImportError as exc:
            raise self.error(
                ProgressStoreUnavailable,
                f"the progress store {self.location} is a PostgreSQL database, which needs "
                "the psycopg and psycopg-pool packages: pip install 'psycopg[binary]' "
                "psycopg-pool", exc) from None
        self.errors = (psycopg.Error, UnicodeDecodeError)
        problem = userinfo_problem(target)
        if problem:   # never hand libpq a URL it would misread into a host name
            raise self.error(ProgressStoreUnavailable,
                             f"cannot use the progress database URL {self.location}: {problem}")
        try:
            self.pool = self.pools.pool(target)
            self.conn = self.pools.borrow(target)
        except psycopg_pool.PoolTimeout as exc:   # before psycopg.Error, its base class
            raise self.error(
                ProgressStoreBusy,
                f"the progress database {self.location} is busy: {exc} (at most "
                f"{MAX_CONNECTIONS} per process); nothing was lost — try again", exc) from None
        except psycopg.Error as exc:
            raise self.error(
                ProgressStoreUnavailable,
                f"cannot reach the progress database {self.location}: {str(exc).strip()}",
                exc) from None
        self._give_back = weakref.finalize(self, self.pools.dropped, self.pool, self.conn)
        self._give_back.atexit = False

    def hide(self, text: str) -> str:
        return redact(text, self.target)

    def close(self) -> None:
        """Give the connection back to the pool; the store cannot use it any more."""
        conn, self.conn = self.conn, None
        if conn is not None:
            self._give_back.detach()
            self.pool.putconn(conn)

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

    def tables(self) -> list[str]:
        return [row[0] for row in self.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() "
            "ORDER BY tablename")]

    def columns(self, table: str) -> list[str]:
        return [row[0] for row in self.execute(
            "SELECT column_name FROM information_schema.columns WHERE "
            "table_schema = current_schema() AND table_name = ?", (table,))]

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
            return self.error(
                ProgressStoreUnavailable,
                f"lost the progress database {self.location}: {str(exc).strip()}", exc)
        return self._failed(exc)


def _writable(path: Path) -> bool:
    """The file (when it exists) and its folder may be written by this process."""
    return (not os.access(path, os.F_OK) or os.access(path, os.W_OK)) \
        and os.access(path.parent, os.W_OK)


def connect(target: str | os.PathLike[str]) -> Backend:
    """A path or ``sqlite:///PATH`` opens a SQLite file; ``postgresql://…`` or a libpq
    ``key=value`` string (``host=… dbname=…``) a server. Anything else is refused
    (:func:`database_target`) before a file is made or a server is asked."""
    kind, place = database_target(target)
    if kind == "sqlite":
        return SQLiteBackend(Path(place))
    return PostgresBackend(place)


def database_target(target: str | os.PathLike[str]) -> tuple[str, str]:
    """``("sqlite", path)`` or ``("postgresql", the target libpq is given)``, else
    :class:`ProgressStoreUnavailable` saying why in words that never quote the target:
    a target that is almost a URL or a conninfo (a stray word, a leading space, a
    scheme in capitals) must not become a file named with its password, nor show
    that password where a pattern cannot find it to mask it."""
    text = os.fspath(target)
    if isinstance(text, bytes):
        text = os.fsdecode(text)
    if not text.strip():
        raise _refused("it is empty")
    if text != text.strip():
        raise _refused("it begins or ends with a space")
    if any(ord(c) < 32 or ord(c) == 127 for c in text):
        raise _refused("it holds a control character (a tab or a line break)")
    if text.startswith(DRIVER_SCHEMES):
        text = "postgresql://" + text.split("://", 1)[1]
    if text.startswith("sqlite://"):
        return "sqlite", text.removeprefix("sqlite://").removeprefix("/") or "progress.sqlite3"
    if text.startswith(URL_SCHEMES):
        if " " in text:
            raise _refused("a URL cannot hold a space: write it as %20")
        problem = userinfo_problem(text)
        if problem:   # never hand libpq a URL it would misread into a host name
            raise _refused(problem)
        _check_libpq(text, "libpq cannot read it as a URL")
        return "postgresql", text
    if _SCHEME.match(text):
        scheme = text.split(":", 1)[0]
        known = scheme.casefold() in ("postgresql", "postgres", "sqlite") \
            or scheme.casefold().startswith("postgresql+")
        raise _refused(f"its scheme {scheme}: is not one this program reads (write it in "
                       "small letters, followed by //)" if known else
                       "it begins like a URL of a kind this program does not read")
    if _CONNINFO_START.match(text):
        if not is_conninfo(text):
            raise _refused("it begins like a libpq conninfo, but not every word is key=value")
        _check_libpq(text, "libpq cannot read it as a conninfo")
        return "postgresql", text
    return "sqlite", text


def _refused(reason: str) -> ProgressStoreUnavailable:
    return ProgressStoreUnavailable(
        f"the progress store's target (BEZIQUE_DATABASE_URL, BEZIQUE_PROGRESS_DB or the "
        f"path given) cannot be used: {reason}; write {FORMS}")


def _check_libpq(target: str, reason: str) -> None:
    """libpq's own parse of ``target`` (without psycopg, PostgresBackend says what is
    missing). Its message quotes the target, so only ``reason`` is kept."""
    try:
        from psycopg import ProgrammingError
        from psycopg.conninfo import conninfo_to_dict
    except ImportError:
        return
    try:
        conninfo_to_dict(target)
    except ProgrammingError:
        raise _refused(reason) from None
