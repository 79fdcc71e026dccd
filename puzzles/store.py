"""The progress store: every learner's attempts, ratings and review schedule, in one
SQLite file (the default) or one PostgreSQL database that several app processes share.

* Location: the ``path`` argument (a path, ``sqlite:///PATH`` or ``postgresql://…``),
  else ``$BEZIQUE_DATABASE_URL``, else ``$BEZIQUE_PROGRESS_DB``, else
  ``$XDG_DATA_HOME/bezique/progress.sqlite3`` (``~/.local/share/bezique/...``).
* Schema: :data:`MIGRATIONS`, applied in order inside one write transaction, the
  version kept in ``PRAGMA user_version`` (SQLite) or table ``bezique_schema``.
* Writes: each public write is one transaction that first takes the write lock
  (``BEGIN IMMEDIATE`` in WAL mode; an advisory lock in PostgreSQL) and only then
  reads what it updates, so concurrent attempts never overwrite each other and a
  killed process loses nothing it had committed.
* Failures raise :class:`ProgressStoreError` naming the store, of a subtype that says
  what is wrong: :class:`ProgressStoreCorrupted` (never replaced silently),
  :class:`ProgressStoreReadOnly`, :class:`ProgressStoreBusy`,
  :class:`ProgressStoreUnavailable`. A driver exception never escapes a public method,
  and no message shows the database's credentials. A database that already holds
  another program's tables is refused (corrupted) and never written into.
* Lessons: ``lesson_progress`` keeps, per learner and lesson, the ids of the checks
  answered right (a JSON list) and ``completed_at`` once every check is passed or a
  lesson without checks was marked as read.
* Score pads: ``score_pads`` keeps, per learner, the games kept on paper
  (:mod:`engine.rules.scorepad`) as their JSON, to resume them.
* Identities: a learner is named by a key, ``learners.name``: a name typed on the
  learner's own machine (``guest``, the default learner, ``Anna``), or an opaque key
  starting with ``#`` for a browser's or an account's learner (:func:`is_named`).
  ``browsers`` maps the SHA-256 of a browser's secret token to its learner, until the
  token's end (``expires``: :data:`BROWSER_DAYS` after an anonymous browser's last
  visit, :data:`SIGNED_IN_DAYS` after a sign-in); ``accounts`` maps a login (local or
  OpenID Connect) to its learner, with the password's Argon2 hash; ``sign_in_failures``
  counts the wrong passwords of a login, known or not (:mod:`puzzles.accounts`).
  Anonymous learners that recorded nothing are forgotten after
  :data:`EMPTY_LEARNER_DAYS` (:meth:`ProgressStore.prune_browsers`).
  Every progress query is filtered by the learner's id, found from the key.
* ``scope`` names a rating: ``overall``, ``theme:NAME``,
* Saved games: ``saved_games`` keeps each game played on the Play page as its engine
  save (JSON), rewritten at every action, so that a learner finds it again at the
  same move after a server restart or on another device. Pruned whenever a game is
  started: each learner keeps the :data:`GAMES_KEPT` most recently played games, and
  any game not played for :data:`GAME_DAYS_KEPT` days is removed. Each save counts a
  ``version``, so that a tab behind another cannot overwrite its moves (GameMovedOn).
  Each keeps its ``result`` as the app summarises it (who won, the scores) for the
  Game log's list, which reads every game of a learner but none of their saves
  (:meth:`ProgressStore.game_list`).
  ``meld:KIND``, ``kind:meld`` / ``kind:endgame``.
* Drills: ``drills`` keeps a learner's own puzzles, decisions of their games that the
  review of a hand flagged (:mod:`puzzles.drills`): the position as the deal's save,
  the seat, the move played and the better one; scheduled in ``srs`` like review cards.
"""

from __future__ import annotations

import functools
import json
import os
import re
import secrets
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from puzzles.glicko2 import Rating, new_learner
from puzzles.store_db import (
    Backend,
    ProgressStoreBusy,
    ProgressStoreCorrupted,
    ProgressStoreError,
    ProgressStoreReadOnly,
    ProgressStoreUnavailable,
    connect,
    database_target,
    is_url,
)

__all__ = ["ProgressStore", "ProgressStoreError", "ProgressStoreCorrupted",
           "ProgressStoreReadOnly", "ProgressStoreBusy", "ProgressStoreUnavailable",
           "AttemptResult", "LessonProgress", "Account", "AccountTaken", "Browser",
           "GameMovedOn", "SavedGame", "GameEntry", "BROWSER_DAYS", "SIGNED_IN_DAYS",
           "GAMES_KEPT", "GAME_DAYS_KEPT", "open_store", "default_path", "default_location",
           "store_kind",
           "clean_name", "is_named", "now_utc", "MIGRATIONS", "SCHEMA_VERSION",
           "DEFAULT_LEARNER", "KEY_PREFIX"]

ENV_VAR = "BEZIQUE_PROGRESS_DB"
URL_ENV_VAR = "BEZIQUE_DATABASE_URL"
PUZZLE_RD = 200.0   # a bank puzzle starts at its difficulty estimate with this deviation

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (  # 1: learners, attempts, ratings
        """CREATE TABLE learners (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE,
               created TEXT NOT NULL)""",
        """CREATE TABLE attempts (id INTEGER PRIMARY KEY,
               learner_id INTEGER NOT NULL REFERENCES learners(id),
               puzzle_id TEXT NOT NULL, kind TEXT NOT NULL, type TEXT NOT NULL,
               score REAL NOT NULL, hints INTEGER NOT NULL, correct INTEGER NOT NULL,
               seconds REAL, at TEXT NOT NULL, rating_before REAL, rating_after REAL,
               puzzle_rating REAL)""",
        "CREATE INDEX attempts_by_learner ON attempts(learner_id, at)",
        """CREATE TABLE attempt_scopes (attempt_id INTEGER NOT NULL REFERENCES attempts(id),
               scope TEXT NOT NULL, score REAL NOT NULL)""",
        "CREATE INDEX attempt_scopes_by_attempt ON attempt_scopes(attempt_id)",
        """CREATE TABLE ratings (learner_id INTEGER NOT NULL REFERENCES learners(id),
               scope TEXT NOT NULL, rating REAL NOT NULL, rd REAL NOT NULL,
               volatility REAL NOT NULL, games INTEGER NOT NULL, updated TEXT NOT NULL,
               PRIMARY KEY (learner_id, scope))""",
        """CREATE TABLE puzzle_ratings (puzzle_id TEXT PRIMARY KEY, rating REAL NOT NULL,
               rd REAL NOT NULL, volatility REAL NOT NULL, games INTEGER NOT NULL)""",
    ),
    (  # 2: spaced repetition and settings
        """CREATE TABLE srs (learner_id INTEGER NOT NULL REFERENCES learners(id),
               item TEXT NOT NULL, card TEXT NOT NULL, due TEXT NOT NULL,
               lapses INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (learner_id, item))""",
        """CREATE TABLE settings (learner_id INTEGER NOT NULL REFERENCES learners(id),
               key TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (learner_id, key))""",
    ),
    (  # 3: timed recognition runs
        """CREATE TABLE timed_runs (id INTEGER PRIMARY KEY,
               learner_id INTEGER NOT NULL REFERENCES learners(id), at TEXT NOT NULL,
               seconds REAL NOT NULL, score INTEGER NOT NULL, total INTEGER NOT NULL,
               misses TEXT NOT NULL)""",
    ),
    (  # 4: lessons passed (the Rules page's curriculum)
        """CREATE TABLE lesson_progress (learner_id INTEGER NOT NULL REFERENCES learners(id),
               lesson_id TEXT NOT NULL, completed_at TEXT,
               checks_passed TEXT NOT NULL DEFAULT '[]',
               PRIMARY KEY (learner_id, lesson_id))""",
    ),
    (  # 5: score pads of games played with real cards (engine.rules.scorepad, as JSON);
       # IF NOT EXISTS: a store rolled back to an older version keeps its pads
        """CREATE TABLE IF NOT EXISTS score_pads (id INTEGER PRIMARY KEY,
               learner_id INTEGER NOT NULL REFERENCES learners(id),
               title TEXT NOT NULL, variant TEXT NOT NULL, pad TEXT NOT NULL,
               created TEXT NOT NULL, updated TEXT NOT NULL)""",
        "CREATE INDEX IF NOT EXISTS score_pads_by_learner ON score_pads(learner_id, updated)",
    ),
    (  # 6: who a learner is: browsers by the hash of their token, and accounts (a
       # provider's login: a local name folded to lower case, or an OIDC issuer|subject);
       # IF NOT EXISTS, as in 5: a store set back to an older version keeps them
        """CREATE TABLE IF NOT EXISTS browsers (token_hash TEXT PRIMARY KEY,
               learner_id INTEGER NOT NULL REFERENCES learners(id), created TEXT NOT NULL)""",
        """CREATE TABLE IF NOT EXISTS accounts (id INTEGER PRIMARY KEY,
               learner_id INTEGER NOT NULL UNIQUE REFERENCES learners(id),
               provider TEXT NOT NULL, login TEXT NOT NULL, display TEXT NOT NULL,
               secret TEXT, failures INTEGER NOT NULL DEFAULT 0, failed_at TEXT,
               created TEXT NOT NULL, UNIQUE (provider, login))""",
    ),
    (  # 7: games played on the Play page, saved at every action to be resumed (their
       # engine save as JSON: deals, actions, options); pruned by save_game
        """CREATE TABLE IF NOT EXISTS saved_games (id INTEGER PRIMARY KEY,
               learner_id INTEGER NOT NULL REFERENCES learners(id),
               variant TEXT NOT NULL, level TEXT NOT NULL, moves INTEGER NOT NULL,
               finished INTEGER NOT NULL, game TEXT NOT NULL,
               created TEXT NOT NULL, updated TEXT NOT NULL)""",
        "CREATE INDEX IF NOT EXISTS saved_games_by_learner ON saved_games(learner_id, updated)",
        "CREATE INDEX IF NOT EXISTS saved_games_by_updated ON saved_games(updated)",
    ),
    (  # 8: drills, a learner's own puzzles from the review of a hand: the position (the
       # deal's save up to the decision), the seat, the move played and the better one
        """CREATE TABLE IF NOT EXISTS drills (id INTEGER PRIMARY KEY,
               learner_id INTEGER NOT NULL REFERENCES learners(id),
               variant TEXT NOT NULL, seat INTEGER NOT NULL, position TEXT NOT NULL,
               played TEXT NOT NULL, better TEXT NOT NULL, created TEXT NOT NULL)""",
        "CREATE INDEX IF NOT EXISTS drills_by_learner ON drills(learner_id, variant)",
    ),
    (  # 9: a browser's token ends (expires, ISO time; see open_browser); a saved game
       # counts its saves (version: a stale tab cannot overwrite a newer save); wrong
       # passwords are counted per login, known or not, so that a lock says nothing of
       # which names exist (the accounts' own failures, failed_at are no longer used).
       # Adding a column that exists is skipped, so the step can run again.
        "ALTER TABLE browsers ADD COLUMN expires TEXT",
        "CREATE INDEX IF NOT EXISTS browsers_by_learner ON browsers(learner_id)",
        # prune_browsers asks every learner table whether a learner has rows there
        "CREATE INDEX IF NOT EXISTS timed_runs_by_learner ON timed_runs(learner_id)",
        "ALTER TABLE saved_games ADD COLUMN version INTEGER NOT NULL DEFAULT 0",
        """CREATE TABLE IF NOT EXISTS sign_in_failures (provider TEXT NOT NULL,
               login TEXT NOT NULL, failures INTEGER NOT NULL, failed_at TEXT NOT NULL,
               PRIMARY KEY (provider, login))""",
        """INSERT INTO sign_in_failures(provider, login, failures, failed_at)
               SELECT provider, login, failures, failed_at FROM accounts
               WHERE failures > 0 AND failed_at IS NOT NULL ON CONFLICT DO NOTHING""",
    ),
    (  # 10: a saved game's result as the Game log lists it (the app's short JSON: who
       # won, or the deal being played, and the scores), written with every save.
       # Adding a column that exists is skipped, so the step can run again.
        "ALTER TABLE saved_games ADD COLUMN result TEXT NOT NULL DEFAULT ''",
    ),
)
SCHEMA_VERSION = len(MIGRATIONS)
MAX_NAME = 40
DEFAULT_LEARNER = "guest"   # the key of the one learner of an own machine, by default
KEY_PREFIX = "#"            # opaque learner keys; a typed name cannot start with it
MAX_PAD = 2_000_000   # characters of one stored score pad
MAX_GAME = 1_000_000  # characters of one saved game (an uploaded game log's limit too)
MAX_DRILL = 100_000   # characters of one drill's position (a deal's save)
GAMES_KEPT = 20       # saved games kept per learner, the most recently played
GAME_DAYS_KEPT = 30   # days a saved game is kept after it was last played
MAX_RESULT = 400      # characters of a saved game's result (the app's summary)
BROWSER_DAYS = 180    # an anonymous browser's token lives this long after its last visit
SIGNED_IN_DAYS = 14   # a signed-in browser's token lives this long after the sign-in
EMPTY_LEARNER_DAYS = 2  # an anonymous learner with nothing recorded is forgotten after this
FAILURES_KEPT = timedelta(days=1)   # wrong passwords are forgotten a day after the last
# Every table that holds something of a learner's own (an empty learner has none).
LEARNER_TABLES = ("attempts", "ratings", "srs", "settings", "timed_runs", "lesson_progress",
                  "score_pads", "saved_games", "drills", "accounts")


def default_path() -> Path:
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "bezique" / "progress.sqlite3"


def default_location() -> str | Path:
    """``$BEZIQUE_DATABASE_URL`` when set (a shared server), else :func:`default_path`
    (``$BEZIQUE_PROGRESS_DB`` may hold a URL too)."""
    env = os.environ.get(ENV_VAR, "")
    return os.environ.get(URL_ENV_VAR) or (env if is_url(env) else default_path())


def store_kind(target: str | os.PathLike[str] | None = None) -> str:
    """What the progress store at ``target`` (else :func:`default_location`) is:
    ``"sqlite"`` or ``"postgresql"``; ``""`` when the address itself is refused."""
    try:
        return database_target(default_location() if target is None else target)[0]
    except ProgressStoreError:
        return ""


def now_utc() -> datetime:
    return datetime.now(UTC)


def _iso(moment: datetime | None) -> str:
    return (moment or now_utc()).astimezone(UTC).isoformat(timespec="seconds")


def clean_name(name: str) -> str:
    text = " ".join(str(name).split())[:MAX_NAME]
    return text or DEFAULT_LEARNER


def is_named(key: str) -> bool:
    """Whether a learner's key is a name a person typed (not a browser's or an
    account's opaque key)."""
    return not key.startswith(KEY_PREFIX)


class AccountTaken(ProgressStoreError):
    """An account with this login (a name, whatever its case) already exists."""


@dataclass(frozen=True, slots=True)
class Account:
    """A login and the learner it keeps. ``secret``: the password's hash (local
    accounts); ``failures``: wrong passwords since the last sign-in, the last at
    ``failed_at`` (ISO time)."""

    learner: str
    provider: str
    login: str
    display: str
    secret: str | None
    failures: int
    failed_at: str | None


@dataclass(frozen=True, slots=True)
class Browser:
    """A browser as its token names it: its learner, the token's end (ISO time),
    whether the learner has an account, and whether the end was just moved on (the
    browser's cookie is then sent again with the new lifetime)."""

    learner: str
    expires: str
    signed_in: bool
    renewed: bool


def _ended(expires: str, now: datetime) -> bool:
    return datetime.fromisoformat(expires) <= now


def _account(row: Sequence[Any]) -> Account:
    return Account(row[0], row[1], row[2], row[3], row[4], int(row[5]), row[6])


@dataclass(frozen=True, slots=True)
class AttemptResult:
    attempt_id: int
    score: float
    before: Rating
    after: Rating
    puzzle_before: Rating
    puzzle_after: Rating


P = ParamSpec("P")
T = TypeVar("T")


_ADD_COLUMN = re.compile(r"ALTER TABLE (?P<table>\w+) ADD COLUMN (?P<column>\w+)")

# What damaged values read back cause: text that is not a number or not JSON, a
# number out of range. (A public method's own argument checks run before the guard.)
_DATA_ERRORS = (TypeError, ValueError, ArithmeticError)


def _guarded(method: Callable[P, T]) -> Callable[P, T]:
    """A driver error inside a public method becomes the store's own error, with the
    diagnosis the backend makes of it (busy, read-only, corrupted, unreachable); a
    stored value the program cannot use is reported as damaged data."""

    @functools.wraps(method)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> T:
        store = args[0]
        assert isinstance(store, ProgressStore)
        try:
            return method(*args, **kwargs)
        except ProgressStoreError:
            raise
        except store._db.errors as exc:
            # The backend chains its error to exc unless exc's text shows a secret.
            diagnosis = store._db.diagnose(exc)
            raise diagnosis from diagnosis.__cause__
        except _DATA_ERRORS as exc:
            diagnosis = store._db.damaged(exc)
            raise diagnosis from diagnosis.__cause__

    return wrapper


def _rating(row: Sequence[Any] | None, default: Rating) -> Rating:
    if row is None:
        return default
    return Rating(float(row[0]), float(row[1]), float(row[2]))


class ProgressStore:
    """A connection to one progress store. Use as a context manager or call close()."""

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        target = path if path is not None else default_location()
        self._db: Backend = connect(target)
        self.kind = self._db.kind              # "sqlite" or "postgresql"
        # What the app shows as the store's place: the file, or the URL sans password.
        self.path: Path | str = (Path(self._db.location) if self.kind == "sqlite"
                                 else self._db.location)
        self.conn = self._db.conn
        self._depth = 0
        try:
            self._check_and_migrate()
        except ProgressStoreError:
            self._db.close()
            raise
        except self._db.errors as exc:
            self._db.close()
            diagnosis = self._db.diagnose(exc)
            raise diagnosis from diagnosis.__cause__

    def _check_and_migrate(self) -> None:
        db = self._db
        db.check()
        version = db.version()
        # Creation commits the tables and the version together, so tables without a
        # version are another program's: refused before anything is written. (The
        # version is read again: another process may have committed in between.)
        if version == 0 and (tables := db.tables()) and db.version() == 0:
            raise db.foreign(tables)
        db.prepare()
        if self._current(version):
            return
        # Creation and every migration in one write transaction; the version is read
        # again under the lock, since another process may have migrated meanwhile.
        with self.transaction():
            version = db.version()
            if self._current(version):
                return
            for number in range(version, SCHEMA_VERSION):
                for statement in MIGRATIONS[number]:
                    added = _ADD_COLUMN.match(statement)
                    if added is None or added["column"] not in db.columns(added["table"]):
                        db.execute(db.ddl(statement))
                db.set_version(number + 1)

    def _current(self, version: int) -> bool:
        if version > SCHEMA_VERSION:
            raise self._db.error(
                ProgressStoreError,
                f"the progress store {self._db.location} has schema version {version}, "
                f"newer than this program's {SCHEMA_VERSION}; update the program")
        return version == SCHEMA_VERSION

    @contextmanager
    def transaction(self) -> Iterator[Any]:
        """One atomic write: committed on success, rolled back on any error. It holds
        the write lock from its start, so reads inside it see the last committed
        state until it commits. Nested calls join the outer transaction."""
        if self._depth:
            self._depth += 1
            try:
                yield self.conn
            finally:
                self._depth -= 1
            return
        db = self._db
        try:
            db.begin()
        except db.errors as exc:
            self._rollback_quietly()
            diagnosis = db.diagnose(exc)
            raise diagnosis from diagnosis.__cause__
        self._depth = 1
        done = False
        try:
            yield self.conn
            done = True
        finally:
            self._depth = 0
            if not done:   # the block raised (or its generator was closed): undo it all
                self._rollback_quietly()
        try:
            db.execute("COMMIT")
        except db.errors as exc:
            self._rollback_quietly()
            diagnosis = db.diagnose(exc)
            raise diagnosis from diagnosis.__cause__

    def _rollback_quietly(self) -> None:
        try:
            self._db.execute("ROLLBACK")
        except self._db.errors:
            pass  # no transaction left to roll back (BEGIN failed, connection lost)

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> ProgressStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    @_guarded
    def schema_version(self) -> int:
        return self._db.version()

    def _x(self, sql: str, params: Sequence[Any] = ()) -> Any:
        return self._db.execute(sql, tuple(params))

    # --- learners -------------------------------------------------------------------

    @_guarded
    def learner_id(self, name: str, create: bool = True) -> int:
        name = clean_name(name)
        row = self._x("SELECT id FROM learners WHERE name = ?", (name,)).fetchone()
        if row is not None:
            return int(row[0])
        if not create:
            raise ProgressStoreError(f"no learner named {name!r}")
        with self.transaction():
            self._x("INSERT INTO learners(name, created) VALUES (?, ?) "
                    "ON CONFLICT(name) DO NOTHING", (name, _iso(None)))
        return self.learner_id(name, create=False)

    @_guarded
    def learners(self) -> list[str]:
        return [r[0] for r in self._x("SELECT name FROM learners ORDER BY name")]

    def _new_learner(self, at: datetime | None = None) -> tuple[int, str]:
        """A learner with a fresh opaque key (inside the caller's transaction)."""
        key = KEY_PREFIX + secrets.token_hex(12)
        learner_id = int(self._x("INSERT INTO learners(name, created) VALUES (?, ?) "
                                 "RETURNING id", (key, _iso(at))).fetchone()[0])
        return learner_id, key

    # --- identities: browsers and accounts ----------------------------------------------

    _BROWSER = ("SELECT l.name, b.expires, a.id IS NOT NULL FROM browsers b "
                "JOIN learners l ON l.id = b.learner_id "
                "LEFT JOIN accounts a ON a.learner_id = b.learner_id WHERE b.token_hash = ?")

    @_guarded
    def browser_learner(self, token_hash: str, at: datetime | None = None) -> str:
        """The key of the learner of the browser whose token hashes to ``token_hash``
        (:meth:`open_browser`)."""
        return self.open_browser(token_hash, at).learner

    @_guarded
    def open_browser(self, token_hash: str, at: datetime | None = None) -> Browser:
        """The browser whose token hashes to ``token_hash``. A token never seen, or past
        its end, is a new browser with a new learner of its own. An anonymous browser's
        token lives :data:`BROWSER_DAYS` after its last visit (its end is moved on at
        most once a day: ``renewed``); a signed-in one's ends :data:`SIGNED_IN_DAYS`
        after the sign-in (:meth:`attach_browser`), and one signed in before tokens had
        an end (migration 9) has ended."""
        now = at or now_utc()
        row = self._x(self._BROWSER, (token_hash,)).fetchone()
        if row is not None and not self._browser_due(row, now):
            return Browser(str(row[0]), str(row[1]), bool(row[2]), renewed=False)
        with self.transaction():
            row = self._x(self._BROWSER, (token_hash,)).fetchone()   # another tab's?
            if row is not None and not self._browser_due(row, now):
                return Browser(str(row[0]), str(row[1]), bool(row[2]), renewed=False)
            expires = _iso(now + timedelta(days=BROWSER_DAYS))
            if row is not None and not row[2] and (row[1] is None or not _ended(row[1], now)):
                self._x("UPDATE browsers SET expires = ? WHERE token_hash = ?",
                        (expires, token_hash))
                return Browser(str(row[0]), expires, False, renewed=True)
            self._x("DELETE FROM browsers WHERE token_hash = ?", (token_hash,))
            learner_id, key = self._new_learner(now)
            self._x("INSERT INTO browsers(token_hash, learner_id, created, expires) "
                    "VALUES (?, ?, ?, ?)", (token_hash, learner_id, _iso(now), expires))
            return Browser(key, expires, False, renewed=True)

    @staticmethod
    def _browser_due(row: Sequence[Any], now: datetime) -> bool:
        """Whether a browser's row must change: it has ended (a signed-in one without
        an end has), or an anonymous one's end was last moved more than a day ago."""
        expires, signed_in = row[1], bool(row[2])
        if expires is None or _ended(expires, now):   # an anonymous one is kept, renewed
            return True
        left = datetime.fromisoformat(expires) - now
        return not signed_in and left < timedelta(days=BROWSER_DAYS - 1)

    @_guarded
    def attach_browser(self, token_hash: str, learner: str, at: datetime | None = None) -> str:
        """From now on the browser is ``learner``'s (a sign-in, with a new token), for
        :data:`SIGNED_IN_DAYS`. Returns the token's end (ISO time)."""
        expires = _iso((at or now_utc()) + timedelta(days=SIGNED_IN_DAYS))
        with self.transaction():
            self._x("INSERT INTO browsers(token_hash, learner_id, created, expires) "
                    "VALUES (?, ?, ?, ?) ON CONFLICT(token_hash) DO UPDATE SET "
                    "learner_id = excluded.learner_id, expires = excluded.expires",
                    (token_hash, self.learner_id(learner, create=False), _iso(at), expires))
        return expires

    @_guarded
    def detach_browser(self, token_hash: str) -> str:
        """Give the browser a new, empty learner (a sign-out: the account's record is
        no longer reachable from it). Returns the new learner's key."""
        expires = _iso(now_utc() + timedelta(days=BROWSER_DAYS))
        with self.transaction():
            learner_id, key = self._new_learner()
            self._x("INSERT INTO browsers(token_hash, learner_id, created, expires) "
                    "VALUES (?, ?, ?, ?) ON CONFLICT(token_hash) DO UPDATE SET "
                    "learner_id = excluded.learner_id, expires = excluded.expires",
                    (token_hash, learner_id, _iso(None), expires))
            return key

    @_guarded
    def forget_browser(self, token_hash: str) -> None:
        """The token names nobody any more (a sign-out, or a token replaced)."""
        with self.transaction():
            self._x("DELETE FROM browsers WHERE token_hash = ?", (token_hash,))

    @_guarded
    def forget_browsers(self, learner: str) -> int:
        """Every browser of ``learner`` forgets it ("sign out everywhere", a new
        password). Returns how many were."""
        with self.transaction():
            return len(self._x("DELETE FROM browsers WHERE learner_id = ? RETURNING 1",
                               (self.learner_id(learner),)).fetchall())

    @_guarded
    def prune_browsers(self, at: datetime | None = None) -> int:
        """Forget the tokens past their end, then the anonymous learners that recorded
        nothing (:data:`LEARNER_TABLES`) and were made more than
        :data:`EMPTY_LEARNER_DAYS` ago, with their browsers: each visit without a cookie
        makes one. (A browser that comes back is a new one, and had nothing to lose.)
        Returns how many learners were forgotten."""
        now = at or now_utc()
        cutoff = _iso(now - timedelta(days=EMPTY_LEARNER_DAYS))
        unused = " AND ".join(f"NOT EXISTS (SELECT 1 FROM {table} t WHERE t.learner_id = l.id)"
                              for table in LEARNER_TABLES)
        with self.transaction():
            self._x("DELETE FROM browsers WHERE expires < ?", (_iso(now),))
            empty = [row[0] for row in self._x(
                f"SELECT l.id FROM learners l WHERE l.name LIKE ? AND l.created < ? "
                f"AND {unused}", (KEY_PREFIX + "%", cutoff))]
            for learner_id in empty:
                self._x("DELETE FROM browsers WHERE learner_id = ?", (learner_id,))
                self._x("DELETE FROM learners WHERE id = ?", (learner_id,))
        return len(empty)

    _ACCOUNT = ("SELECT l.name, a.provider, a.login, a.display, a.secret, "
                "COALESCE(f.failures, 0), f.failed_at FROM accounts a "
                "JOIN learners l ON l.id = a.learner_id LEFT JOIN sign_in_failures f "
                "ON f.provider = a.provider AND f.login = a.login ")

    @_guarded
    def account(self, provider: str, login: str) -> Account | None:
        row = self._x(self._ACCOUNT + "WHERE a.provider = ? AND a.login = ?",
                      (provider, login)).fetchone()
        return None if row is None else _account(row)

    @_guarded
    def account_of(self, learner: str) -> Account | None:
        """The account that keeps ``learner``'s record, if any."""
        row = self._x(self._ACCOUNT + "WHERE l.name = ?", (clean_name(learner),)).fetchone()
        return None if row is None else _account(row)

    @_guarded
    def create_account(self, provider: str, login: str, display: str, secret: str | None,
                       learner: str) -> Account:
        """An account keeping ``learner``'s record (so far anonymous: its progress stays).
        Raises :class:`AccountTaken` when the login exists, or the learner has one."""
        with self.transaction():
            learner_id = self.learner_id(learner)
            taken = self._x("SELECT 1 FROM accounts WHERE (provider = ? AND login = ?) "
                            "OR learner_id = ?", (provider, login, learner_id)).fetchone()
            if taken is not None:
                raise AccountTaken(f"the account {display!r} exists already")
            self._x("INSERT INTO accounts(learner_id, provider, login, display, secret, "
                    "created) VALUES (?, ?, ?, ?, ?, ?)",
                    (learner_id, provider, login, display[:MAX_NAME], secret, _iso(None)))
        return Account(clean_name(learner), provider, login, display[:MAX_NAME], secret, 0,
                       None)

    @_guarded
    def try_sign_in(self, provider: str, login: str, lock: Callable[[int, str | None], float],
                    at: datetime | None = None) -> tuple[Account | None, float]:
        """Count one more attempt at ``login`` (known or not) before its password is
        checked, in one write transaction, so that however many attempts arrive
        together each sees the ones before it. ``lock(failures, failed_at)`` is how
        many seconds the login must still wait; when it is above 0 nothing is counted
        and ``(None, wait)`` returned, else ``(the account or None, 0.0)``. A right
        password takes the count back (:meth:`note_sign_in`)."""
        when = _iso(at)
        with self.transaction():
            self._x("DELETE FROM sign_in_failures WHERE failed_at < ?",
                    (_iso((at or now_utc()) - FAILURES_KEPT),))
            row = self._x("SELECT failures, failed_at FROM sign_in_failures "
                          "WHERE provider = ? AND login = ?", (provider, login)).fetchone()
            wait = lock(*(row or (0, None)))
            if wait > 0:
                return None, wait
            self._count_failure(provider, login, when)
            return self.account(provider, login), 0.0

    def _count_failure(self, provider: str, login: str, when: str) -> int:
        return int(self._x(
            "INSERT INTO sign_in_failures(provider, login, failures, failed_at) "
            "VALUES (?, ?, 1, ?) ON CONFLICT(provider, login) DO UPDATE SET "
            "failures = sign_in_failures.failures + 1, failed_at = excluded.failed_at "
            "RETURNING failures", (provider, login, when)).fetchone()[0])

    @_guarded
    def note_sign_in(self, provider: str, login: str, failed: bool,
                     secret: str | None = None, at: datetime | None = None) -> int:
        """Count a wrong password (``failed``) or clear the count after a right one,
        storing a renewed ``secret`` when given. Returns the failures counted."""
        with self.transaction():
            if failed:
                return self._count_failure(provider, login, _iso(at))
            self._x("DELETE FROM sign_in_failures WHERE provider = ? AND login = ?",
                    (provider, login))
            if secret is not None:
                self._x("UPDATE accounts SET secret = ? WHERE provider = ? AND login = ?",
                        (secret, provider, login))
            return 0

    # --- ratings --------------------------------------------------------------------

    @_guarded
    def rating(self, learner: str, scope: str = "overall") -> Rating:
        row = self._x(
            "SELECT rating, rd, volatility FROM ratings WHERE learner_id = ? AND scope = ?",
            (self.learner_id(learner), scope)).fetchone()
        return _rating(row, new_learner())

    @_guarded
    def ratings(self, learner: str) -> list[dict[str, Any]]:
        rows = self._x(
            "SELECT scope, rating, rd, volatility, games FROM ratings WHERE learner_id = ? "
            "ORDER BY scope", (self.learner_id(learner),))
        return [dict(zip(("scope", "rating", "rd", "volatility", "games"), r, strict=True))
                for r in rows]

    @_guarded
    def puzzle_rating(self, puzzle_id: str, initial: float = 1500.0) -> Rating:
        row = self._x("SELECT rating, rd, volatility FROM puzzle_ratings "
                      "WHERE puzzle_id = ?", (puzzle_id,)).fetchone()
        return _rating(row, Rating(initial, PUZZLE_RD))

    # --- attempts -------------------------------------------------------------------

    def record_attempt(self, learner: str, puzzle: Mapping[str, Any], score: float,
                       hints: int = 0, correct: bool | None = None,
                       seconds: float | None = None,
                       scopes: Mapping[str, float] | None = None,
                       at: datetime | None = None) -> AttemptResult:
        """Record one attempt and update, in one transaction, the learner's overall,
        per-kind, per-theme and per-meld ratings and the puzzle's rating.

        ``scopes`` gives scores for extra scopes (``meld:bezique`` → 0.0 when the
        learner missed the bezique); every theme of the puzzle gets ``score``.
        Every rating is read inside the write transaction, so each update starts
        from the previous committed one, whatever other processes do.
        """
        if not 0.0 <= score <= 1.0:
            raise ValueError(f"score must be between 0 and 1, not {score}")
        items: dict[str, float] = {f"kind:{puzzle.get('kind', '')}": score}
        items.update({f"theme:{t}": score for t in puzzle.get("themes", [])})
        items.update(dict(scopes or {}))
        return self._record_attempt(learner, puzzle, score, hints, correct, seconds, items,
                                    _iso(at), str(puzzle["id"]))

    @_guarded
    def _record_attempt(self, learner: str, puzzle: Mapping[str, Any], score: float,
                        hints: int, correct: bool | None, seconds: float | None,
                        items: dict[str, float], when: str, pid: str) -> AttemptResult:
        from puzzles.glicko2 import duel

        with self.transaction():
            learner_id = self.learner_id(learner)
            puzzle_before = self.puzzle_rating(pid, float(puzzle.get("rating", 1500)))
            olds = {row[0]: _rating(row[1:], new_learner()) for row in self._x(
                "SELECT scope, rating, rd, volatility FROM ratings WHERE learner_id = ?",
                (learner_id,))}
            before = olds.get("overall", new_learner())
            after, puzzle_after = duel(before, puzzle_before, score)
            news = [("overall", after)] + [
                (scope, duel(olds.get(scope, new_learner()), puzzle_before, item_score)[0])
                for scope, item_score in items.items()]
            self._db.executemany(
                "INSERT INTO ratings(learner_id, scope, rating, rd, volatility, games, "
                "updated) VALUES (?, ?, ?, ?, ?, 1, ?) ON CONFLICT(learner_id, scope) DO "
                "UPDATE SET rating = excluded.rating, rd = excluded.rd, "
                "volatility = excluded.volatility, games = ratings.games + 1, "
                "updated = excluded.updated",
                [(learner_id, scope, new.rating, new.rd, new.volatility, when)
                 for scope, new in news])
            self._x(
                "INSERT INTO puzzle_ratings(puzzle_id, rating, rd, volatility, games) "
                "VALUES (?, ?, ?, ?, 1) ON CONFLICT(puzzle_id) DO UPDATE SET "
                "rating = excluded.rating, rd = excluded.rd, "
                "volatility = excluded.volatility, games = puzzle_ratings.games + 1",
                (pid, puzzle_after.rating, puzzle_after.rd, puzzle_after.volatility))
            attempt_id = int(self._x(
                "INSERT INTO attempts(learner_id, puzzle_id, kind, type, score, hints, correct,"
                " seconds, at, rating_before, rating_after, puzzle_rating) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (learner_id, pid, str(puzzle.get("kind", "")), str(puzzle.get("type", "")),
                 score, hints, int(score > 0 if correct is None else correct), seconds, when,
                 before.rating, after.rating, puzzle_before.rating)).fetchone()[0])
            self._db.executemany("INSERT INTO attempt_scopes(attempt_id, scope, score) "
                                 "VALUES (?, ?, ?)",
                                 [(attempt_id, s, v) for s, v in items.items()])
        return AttemptResult(attempt_id, score, before, after, puzzle_before, puzzle_after)

    @_guarded
    def attempts(self, learner: str, limit: int = 10_000) -> list[dict[str, Any]]:
        names = ("id", "puzzle_id", "kind", "type", "score", "hints", "correct", "seconds",
                 "at", "rating_before", "rating_after", "puzzle_rating")
        rows = self._x(
            f"SELECT {', '.join(names)} FROM attempts WHERE learner_id = ? "
            "ORDER BY id LIMIT ?", (self.learner_id(learner), limit))
        return [dict(zip(names, r, strict=True)) for r in rows]

    @_guarded
    def accuracy(self, learner: str, prefix: str) -> list[dict[str, Any]]:
        """Attempts and mean score per scope starting with ``prefix`` (``theme:``)."""
        rows = self._x(
            "SELECT s.scope, COUNT(*), AVG(s.score) FROM attempt_scopes s "
            "JOIN attempts a ON a.id = s.attempt_id WHERE a.learner_id = ? AND s.scope LIKE ? "
            "GROUP BY s.scope ORDER BY s.scope", (self.learner_id(learner), prefix + "%"))
        return [{"name": scope[len(prefix):], "attempts": int(n), "accuracy": avg}
                for scope, n, avg in rows]

    @_guarded
    def failed_puzzles(self, learner: str) -> list[str]:
        """Puzzles whose latest attempt scored under one half, most recent first."""
        rows = self._x(
            "SELECT puzzle_id, score FROM attempts WHERE id IN (SELECT MAX(id) FROM attempts "
            "WHERE learner_id = ? GROUP BY puzzle_id) ORDER BY id DESC",
            (self.learner_id(learner),))
        return [pid for pid, score in rows if score < 0.5]

    @_guarded
    def seen(self, learner: str) -> set[str]:
        rows = self._x("SELECT DISTINCT puzzle_id FROM attempts WHERE learner_id = ?",
                       (self.learner_id(learner),))
        return {r[0] for r in rows}

    # --- settings and spaced repetition -----------------------------------------------

    @_guarded
    def setting(self, learner: str, key: str, default: str = "") -> str:
        row = self._x("SELECT value FROM settings WHERE learner_id = ? AND key = ?",
                      (self.learner_id(learner), key)).fetchone()
        return str(row[0]) if row else default

    @_guarded
    def set_setting(self, learner: str, key: str, value: str) -> None:
        with self.transaction():
            self._x("INSERT INTO settings(learner_id, key, value) VALUES (?, ?, ?) "
                    "ON CONFLICT(learner_id, key) DO UPDATE SET value = excluded.value",
                    (self.learner_id(learner), key, value))

    @_guarded
    def srs_card(self, learner: str, item: str) -> str | None:
        row = self._x("SELECT card FROM srs WHERE learner_id = ? AND item = ?",
                      (self.learner_id(learner), item)).fetchone()
        return None if row is None else str(row[0])

    @_guarded
    def put_srs_card(self, learner: str, item: str, card: str, due: datetime,
                     lapse: bool) -> None:
        with self.transaction():
            self._x(
                "INSERT INTO srs(learner_id, item, card, due, lapses) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT(learner_id, item) DO UPDATE SET card = excluded.card, "
                "due = excluded.due, lapses = srs.lapses + excluded.lapses",
                (self.learner_id(learner), item, card, _iso(due), int(lapse)))

    @_guarded
    def update_srs_card(self, learner: str, item: str,
                        review: Callable[[str | None], tuple[str, datetime, bool] | None]
                        ) -> datetime | None:
        """Read-modify-write of one SRS card in one write transaction: ``review`` gets
        the stored card (or None) and returns ``(card, due, lapse)`` to store, or None
        to store nothing. Returns the due time stored."""
        with self.transaction():
            new = review(self.srs_card(learner, item))
            if new is None:
                return None
            card, due, lapse = new
            self.put_srs_card(learner, item, card, due, lapse)
            return due

    @_guarded
    def delete_srs_card(self, learner: str, item: str) -> None:
        """Take one item out of the learner's schedule (a drill the learner declined)."""
        with self.transaction():
            self._x("DELETE FROM srs WHERE learner_id = ? AND item = ?",
                    (self.learner_id(learner), item))

    @_guarded
    def srs_items(self, learner: str) -> list[dict[str, Any]]:
        rows = self._x("SELECT item, due, lapses FROM srs WHERE learner_id = ? "
                       "ORDER BY due", (self.learner_id(learner),))
        return [{"item": i, "due": d, "lapses": n} for i, d, n in rows]

    @_guarded
    def due_items(self, learner: str, at: datetime | None = None) -> list[str]:
        rows = self._x("SELECT item FROM srs WHERE learner_id = ? AND due <= ? "
                       "ORDER BY due", (self.learner_id(learner), _iso(at)))
        return [r[0] for r in rows]

    # --- timed runs -------------------------------------------------------------------

    @_guarded
    def record_timed_run(self, learner: str, seconds: float, score: int, total: int,
                         misses: Sequence[Any], at: datetime | None = None) -> None:
        with self.transaction():
            self._x("INSERT INTO timed_runs(learner_id, at, seconds, score, total, misses)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    (self.learner_id(learner), _iso(at), seconds, score, total,
                     json.dumps(list(misses), ensure_ascii=False)))

    @_guarded
    def timed_runs(self, learner: str) -> list[dict[str, Any]]:
        rows = self._x("SELECT at, seconds, score, total, misses FROM timed_runs "
                       "WHERE learner_id = ? ORDER BY id", (self.learner_id(learner),))
        return [{"at": a, "seconds": s, "score": sc, "total": t, "misses": _misses(m)}
                for a, s, sc, t, m in rows]

    # --- lessons ----------------------------------------------------------------------

    @_guarded
    def lesson_progress(self, learner: str) -> dict[str, LessonProgress]:
        """Every lesson the learner has started, by lesson id (reading adds no learner)."""
        rows = self._x(
            "SELECT p.lesson_id, p.completed_at, p.checks_passed FROM lesson_progress p "
            "JOIN learners l ON l.id = p.learner_id WHERE l.name = ?", (clean_name(learner),))
        return {lesson: LessonProgress(lesson, _check_ids(passed), done)
                for lesson, done, passed in rows}

    @_guarded
    def pass_lesson_check(self, learner: str, lesson_id: str, check_id: str,
                          required: Iterable[str], at: datetime | None = None
                          ) -> LessonProgress:
        """Record a check answered right; the lesson is complete once every id of
        ``required`` (the lesson's checks) has been passed. One transaction."""
        with self.transaction() as conn:
            learner_id = self.learner_id(learner)
            row = self._x("SELECT completed_at, checks_passed FROM lesson_progress "
                          "WHERE learner_id = ? AND lesson_id = ?",
                          (learner_id, lesson_id)).fetchone()
            done, passed = (row[0], _check_ids(row[1])) if row else (None, frozenset())
            passed |= {check_id}
            if done is None and set(required) <= passed:
                done = _iso(at)
            self._put_lesson(conn, learner_id, lesson_id, done, passed)
        return LessonProgress(lesson_id, passed, done)

    @_guarded
    def mark_lesson_read(self, learner: str, lesson_id: str,
                         at: datetime | None = None) -> LessonProgress:
        """Complete a lesson (one without checks) by the learner's word."""
        with self.transaction() as conn:
            learner_id = self.learner_id(learner)
            row = self._x("SELECT completed_at, checks_passed FROM lesson_progress "
                          "WHERE learner_id = ? AND lesson_id = ?",
                          (learner_id, lesson_id)).fetchone()
            passed = _check_ids(row[1]) if row else frozenset()
            done = (row[0] if row else None) or _iso(at)
            self._put_lesson(conn, learner_id, lesson_id, done, passed)
        return LessonProgress(lesson_id, passed, done)

    def _put_lesson(self, conn: Any, learner_id: int, lesson_id: str,
                    done: str | None, passed: frozenset[str]) -> None:
        self._x(
            "INSERT INTO lesson_progress(learner_id, lesson_id, completed_at, checks_passed) "
            "VALUES (?, ?, ?, ?) ON CONFLICT(learner_id, lesson_id) DO UPDATE SET "
            "completed_at = excluded.completed_at, checks_passed = excluded.checks_passed",
            (learner_id, lesson_id, done, json.dumps(sorted(passed))))

    # --- score pads ---------------------------------------------------------------------

    @_guarded
    def save_score_pad(self, learner: str, pad: str, variant: str, title: str,
                       pad_id: int | None = None, at: datetime | None = None) -> int:
        """Store a score pad (its JSON text) for ``learner``: a new one, or over the
        learner's pad ``pad_id``. Returns the pad's id."""
        if len(pad) > MAX_PAD:
            raise ProgressStoreError(f"a score pad is limited to {MAX_PAD} characters")
        when = _iso(at)
        with self.transaction():
            learner_id = self.learner_id(learner)
            if pad_id is not None:
                updated = self._x(
                    "UPDATE score_pads SET pad = ?, variant = ?, title = ?, updated = ? "
                    "WHERE id = ? AND learner_id = ? RETURNING id",
                    (pad, variant, title[:MAX_NAME * 3], when, pad_id, learner_id)).fetchone()
                if updated is None:
                    raise ProgressStoreError(f"{clean_name(learner)} has no score pad {pad_id}")
                return pad_id
            return int(self._x(
                "INSERT INTO score_pads(learner_id, title, variant, pad, created, updated) "
                "VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
                (learner_id, title[:MAX_NAME * 3], variant, pad, when, when)).fetchone()[0])

    @_guarded
    def score_pads(self, learner: str) -> list[dict[str, Any]]:
        """The learner's score pads, the latest change first: id, title, variant, times."""
        rows = self._x(
            "SELECT p.id, p.title, p.variant, p.created, p.updated FROM score_pads p "
            "JOIN learners l ON l.id = p.learner_id WHERE l.name = ? "
            "ORDER BY p.updated DESC, p.id DESC", (clean_name(learner),))
        return [dict(zip(("id", "title", "variant", "created", "updated"), r, strict=True))
                for r in rows]

    @_guarded
    def score_pad(self, learner: str, pad_id: int) -> str:
        """The JSON text of one of the learner's score pads."""
        row = self._x(
            "SELECT p.pad FROM score_pads p JOIN learners l ON l.id = p.learner_id "
            "WHERE l.name = ? AND p.id = ?", (clean_name(learner), pad_id)).fetchone()
        if row is None:
            raise ProgressStoreError(f"{clean_name(learner)} has no score pad {pad_id}")
        return str(row[0])

    @_guarded
    def delete_score_pad(self, learner: str, pad_id: int) -> None:
        with self.transaction():
            self._x("DELETE FROM score_pads WHERE id = ? AND learner_id = ?",
                    (pad_id, self.learner_id(learner)))

    # --- saved games (the Play page) -----------------------------------------------------

    @_guarded
    def save_game(self, learner: str, game: str, variant: str, level: str, moves: int,
                  finished: bool, game_id: int | None = None,
                  at: datetime | None = None, version: int | None = None,
                  result: str = "") -> int:
        """Store a game's save (its JSON text) for ``learner``, over the learner's game
        ``game_id`` when it is still kept, else as a new game (which prunes, see
        :meth:`prune_games`), with its ``result`` as the app lists it. One transaction.
        Returns the game's id.

        Each save over a game counts one more ``version`` (a new game is version 0).
        Given the ``version`` the caller last read or wrote, a game saved since by
        someone else (another tab of the learner) is not overwritten:
        :class:`GameMovedOn` is raised instead."""
        if len(game) > MAX_GAME:
            raise ProgressStoreError(f"a saved game is limited to {MAX_GAME} characters")
        if len(result) > MAX_RESULT:
            raise ProgressStoreError(f"a game's result is limited to {MAX_RESULT} characters")
        when = _iso(at)
        row = (variant[:MAX_NAME * 3], level[:MAX_NAME], int(moves), int(bool(finished)), game,
               result)
        with self.transaction():
            learner_id = self.learner_id(learner)
            same = "" if version is None else " AND version = ?"
            if game_id is not None and self._x(
                    "UPDATE saved_games SET variant = ?, level = ?, moves = ?, finished = ?, "
                    "game = ?, result = ?, updated = ?, version = version + 1 WHERE id = ? "
                    f"AND learner_id = ?{same} RETURNING id",
                    (*row, when, game_id, learner_id,
                     *(() if version is None else (version,)))).fetchone() is not None:
                return game_id
            if game_id is not None and version is not None and self._x(
                    "SELECT 1 FROM saved_games WHERE id = ? AND learner_id = ?",
                    (game_id, learner_id)).fetchone() is not None:
                raise GameMovedOn(f"the saved game {game_id} was saved since version {version}")
            new_id = int(self._x(
                "INSERT INTO saved_games(learner_id, variant, level, moves, finished, game, "
                "result, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (learner_id, *row, when, when)).fetchone()[0])
            self.prune_games(learner, at)
            return new_id

    @_guarded
    def prune_games(self, learner: str | None = None, at: datetime | None = None) -> int:
        """Remove every game not played for :data:`GAME_DAYS_KEPT` days and, for
        ``learner`` (every learner when None), the games beyond the :data:`GAMES_KEPT`
        most recently played. Returns how many were removed."""
        cutoff = _iso((at or now_utc()) - timedelta(days=GAME_DAYS_KEPT))
        with self.transaction():
            removed = len(self._x("DELETE FROM saved_games WHERE updated < ? RETURNING id",
                                  (cutoff,)).fetchall())
            owners = ([self.learner_id(learner)] if learner is not None else
                      [r[0] for r in self._x("SELECT DISTINCT learner_id FROM saved_games")])
            for learner_id in owners:
                removed += len(self._x(
                    "DELETE FROM saved_games WHERE learner_id = ? AND id NOT IN (SELECT id "
                    "FROM saved_games WHERE learner_id = ? ORDER BY updated DESC, id DESC "
                    "LIMIT ?) RETURNING id", (learner_id, learner_id, GAMES_KEPT)).fetchall())
        return removed

    @_guarded
    def latest_game(self, learner: str) -> SavedGame | None:
        """The learner's most recently played game (finished or not), or None."""
        row = self._x(
            f"SELECT {_GAME_COLUMNS} FROM saved_games g JOIN learners l ON "
            "l.id = g.learner_id WHERE l.name = ? ORDER BY g.updated DESC, g.id DESC LIMIT 1",
            (clean_name(learner),)).fetchone()
        return None if row is None else _saved_game(row)

    @_guarded
    def saved_game(self, learner: str, game_id: int) -> SavedGame | None:
        """One of the learner's saved games, or None when it is not kept."""
        row = self._x(
            f"SELECT {_GAME_COLUMNS} FROM saved_games g JOIN learners l ON "
            "l.id = g.learner_id WHERE l.name = ? AND g.id = ?",
            (clean_name(learner), game_id)).fetchone()
        return None if row is None else _saved_game(row)

    @_guarded
    def game_list(self, learner: str) -> list[GameEntry]:
        """The learner's saved games without their saves (the Game log's list), the
        most recently played first."""
        rows = self._x(
            "SELECT g.id, g.variant, g.level, g.moves, g.finished, g.result, g.created, "
            "g.updated FROM saved_games g JOIN learners l ON l.id = g.learner_id "
            "WHERE l.name = ? ORDER BY g.updated DESC, g.id DESC", (clean_name(learner),))
        return [GameEntry(int(r[0]), str(r[1]), str(r[2]), int(r[3]), bool(r[4]), str(r[5]),
                          str(r[6]), str(r[7])) for r in rows]

    @_guarded
    def saved_games(self, learner: str) -> list[SavedGame]:
        """The learner's saved games, the most recently played first."""
        rows = self._x(
            f"SELECT {_GAME_COLUMNS} FROM saved_games g JOIN learners l ON "
            "l.id = g.learner_id WHERE l.name = ? ORDER BY g.updated DESC, g.id DESC",
            (clean_name(learner),))
        return [_saved_game(row) for row in rows]

    # --- drills (the review of a hand) ---------------------------------------------------

    @_guarded
    def save_drill(self, learner: str, variant: str, seat: int, position: str, played: str,
                   better: str, at: datetime | None = None) -> int:
        """Keep a position for ``learner`` to drill; the same position and seat is kept
        once. Returns the drill's id."""
        if len(position) > MAX_DRILL:
            raise ProgressStoreError(f"a drill's position is limited to {MAX_DRILL} characters")
        with self.transaction():
            learner_id = self.learner_id(learner)
            row = self._x("SELECT id FROM drills WHERE learner_id = ? AND position = ? "
                          "AND seat = ?", (learner_id, position, seat)).fetchone()
            if row is not None:
                return int(row[0])
            return int(self._x(
                "INSERT INTO drills(learner_id, variant, seat, position, played, better, "
                "created) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (learner_id, variant[:MAX_NAME * 3], int(seat), position, played[:200],
                 better[:200], _iso(at))).fetchone()[0])

    @_guarded
    def drills(self, learner: str, variant: str | None = None) -> list[dict[str, Any]]:
        """The learner's drills (of ``variant`` only, when given), the oldest first."""
        which = "" if variant is None else " AND d.variant = ?"
        rows = self._x(
            "SELECT d.id, d.variant, d.seat, d.position, d.played, d.better, d.created "
            "FROM drills d JOIN learners l ON l.id = d.learner_id WHERE l.name = ?"
            f"{which} ORDER BY d.id",
            (clean_name(learner), *([] if variant is None else [variant])))
        return [dict(zip(("id", "variant", "seat", "position", "played", "better",
                          "created"), r, strict=True)) for r in rows]


_GAME_COLUMNS = ("g.id, g.variant, g.level, g.moves, g.finished, g.game, g.created, "
                 "g.updated, g.version, g.result")


class GameMovedOn(ProgressStoreError):
    """A save over a game that was saved since the version the caller had (the
    learner's other tab played on): nothing was written."""


@dataclass(frozen=True, slots=True)
class SavedGame:
    """A game of the Play page as the store keeps it: ``game`` is the engine's save
    (:meth:`engine.rules.game.Game.dumps`), ``moves`` its actions over all deals."""

    id: int
    variant: str
    level: str
    moves: int
    finished: bool
    game: str
    created: str
    updated: str
    version: int = 0   # saves over it since it was made
    result: str = ""   # as the app summarises it (:meth:`ProgressStore.save_game`)


def _saved_game(row: Sequence[Any]) -> SavedGame:
    return SavedGame(int(row[0]), str(row[1]), str(row[2]), int(row[3]), bool(row[4]),
                     str(row[5]), str(row[6]), str(row[7]), int(row[8]), str(row[9]))


@dataclass(frozen=True, slots=True)
class GameEntry:
    """A saved game as the Game log lists it: a :class:`SavedGame` without its save."""

    id: int
    variant: str
    level: str
    moves: int
    finished: bool
    result: str
    created: str
    updated: str


@dataclass(frozen=True, slots=True)
class LessonProgress:
    """One learner's state in one lesson."""

    lesson_id: str
    checks_passed: frozenset[str]
    completed_at: str | None    # ISO time, None while incomplete

    @property
    def complete(self) -> bool:
        return self.completed_at is not None


def _misses(text: str) -> list[Any]:
    """A timed run's stored misses: a JSON list (else ValueError: damaged data)."""
    value = json.loads(text)
    if not isinstance(value, list):
        raise ValueError(f"a timed run's misses are not a list: {text[:40]!r}")
    return value


def _json_list(text: str) -> list[Any]:
    """A stored JSON list; anything unreadable reads as empty."""
    try:
        value = json.loads(text)
    except (TypeError, ValueError):
        return []
    return value if isinstance(value, list) else []


def _check_ids(text: str) -> frozenset[str]:
    """The stored JSON list of check ids; anything else reads as none passed."""
    return frozenset(str(v) for v in _json_list(text))


def open_store(path: str | os.PathLike[str] | None = None) -> ProgressStore:
    """Open (creating and migrating if needed) the progress store: a path or URL,
    else :func:`default_location`."""
    return ProgressStore(path)
