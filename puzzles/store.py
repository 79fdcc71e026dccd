"""The progress store: one SQLite file holding every learner's attempts, ratings and
review schedule.

* Location: the ``path`` argument, else ``$BEZIQUE_PROGRESS_DB``, else
  ``$XDG_DATA_HOME/bezique/progress.sqlite3`` (``~/.local/share/bezique/...``).
* Schema: :data:`MIGRATIONS`, applied in order and recorded in ``PRAGMA user_version``.
* Writes: each public write is one transaction (``BEGIN IMMEDIATE`` … ``COMMIT``) in
  WAL mode, so a killed process loses nothing it had committed.
* A file that is not a readable SQLite database raises :class:`ProgressStoreError`
  naming the path; it is never replaced silently.
* Lessons: ``lesson_progress`` keeps, per learner and lesson, the ids of the checks
  answered right (a JSON list) and ``completed_at`` once every check is passed or a
  lesson without checks was marked as read.
* Several learners by name; ``scope`` names a rating: ``overall``, ``theme:NAME``,
  ``meld:KIND``, ``kind:meld`` / ``kind:endgame``.
"""

from __future__ import annotations

import functools
import json
import os
import sqlite3
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from puzzles.glicko2 import Rating

ENV_VAR = "BEZIQUE_PROGRESS_DB"
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
)
SCHEMA_VERSION = len(MIGRATIONS)
MAX_NAME = 40


class ProgressStoreError(ValueError):
    """The progress file cannot be used (corrupted, newer schema, unwritable)."""


def default_path() -> Path:
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "bezique" / "progress.sqlite3"


def now_utc() -> datetime:
    return datetime.now(UTC)


def _iso(moment: datetime | None) -> str:
    return (moment or now_utc()).astimezone(UTC).isoformat(timespec="seconds")


def clean_name(name: str) -> str:
    text = " ".join(str(name).split())[:MAX_NAME]
    return text or "guest"


@dataclass(frozen=True, slots=True)
class AttemptResult:
    attempt_id: int
    score: float
    before: Rating
    after: Rating
    puzzle_before: Rating
    puzzle_after: Rating


class ProgressStore:
    """A connection to one progress file. Use as a context manager or call close()."""

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.conn = sqlite3.connect(self.path, timeout=10, isolation_level=None,
                                        check_same_thread=False)
        except (OSError, sqlite3.Error) as exc:
            raise ProgressStoreError(f"cannot open the progress file {self.path}: {exc}") \
                from exc
        try:
            self._check_and_migrate()
        except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
            self.conn.close()
            raise diagnose(self.path, exc) from exc
        except ProgressStoreError:
            self.conn.close()
            raise

    def _check_and_migrate(self) -> None:
        conn = self.conn
        check = conn.execute("PRAGMA quick_check").fetchone()
        if check is None or check[0] != "ok":
            raise sqlite3.DatabaseError(f"integrity check failed: {check}")
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.execute("PRAGMA foreign_keys=ON")
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise ProgressStoreError(
                f"the progress file {self.path} has schema version {version}, newer than "
                f"this program's {SCHEMA_VERSION}; update the program")
        for number in range(version, SCHEMA_VERSION):
            with self.transaction():
                for statement in MIGRATIONS[number]:
                    conn.execute(statement)
                conn.execute(f"PRAGMA user_version = {number + 1}")

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One atomic write: committed on success, rolled back on any error."""
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            yield self.conn
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        self.conn.execute("COMMIT")

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> ProgressStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def schema_version(self) -> int:
        return int(self.conn.execute("PRAGMA user_version").fetchone()[0])

    # --- learners -------------------------------------------------------------------

    def learner_id(self, name: str, create: bool = True) -> int:
        name = clean_name(name)
        row = self.conn.execute("SELECT id FROM learners WHERE name = ?", (name,)).fetchone()
        if row is not None:
            return int(row[0])
        if not create:
            raise ProgressStoreError(f"no learner named {name!r}")
        with self.transaction() as conn:
            conn.execute("INSERT OR IGNORE INTO learners(name, created) VALUES (?, ?)",
                         (name, _iso(None)))
        return self.learner_id(name, create=False)

    def learners(self) -> list[str]:
        return [r[0] for r in self.conn.execute("SELECT name FROM learners ORDER BY name")]

    # --- ratings --------------------------------------------------------------------

    def rating(self, learner: str, scope: str = "overall") -> Rating:
        row = self.conn.execute(
            "SELECT rating, rd, volatility FROM ratings WHERE learner_id = ? AND scope = ?",
            (self.learner_id(learner), scope)).fetchone()
        return Rating(*row) if row else Rating()

    def ratings(self, learner: str) -> list[dict[str, Any]]:
        rows = self.conn.execute(
            "SELECT scope, rating, rd, volatility, games FROM ratings WHERE learner_id = ? "
            "ORDER BY scope", (self.learner_id(learner),))
        return [dict(zip(("scope", "rating", "rd", "volatility", "games"), r, strict=True))
                for r in rows]

    def puzzle_rating(self, puzzle_id: str, initial: float = 1500.0) -> Rating:
        row = self.conn.execute("SELECT rating, rd, volatility FROM puzzle_ratings "
                                "WHERE puzzle_id = ?", (puzzle_id,)).fetchone()
        return Rating(*row) if row else Rating(initial, PUZZLE_RD)

    def _put_rating(self, conn: sqlite3.Connection, learner_id: int, scope: str,
                    rating: Rating, at: str) -> None:
        conn.execute(
            "INSERT INTO ratings(learner_id, scope, rating, rd, volatility, games, updated) "
            "VALUES (?, ?, ?, ?, ?, 1, ?) ON CONFLICT(learner_id, scope) DO UPDATE SET "
            "rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility, "
            "games = games + 1, updated = excluded.updated",
            (learner_id, scope, rating.rating, rating.rd, rating.volatility, at))

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
        """
        from puzzles.glicko2 import duel

        if not 0.0 <= score <= 1.0:
            raise ValueError(f"score must be between 0 and 1, not {score}")
        learner_id = self.learner_id(learner)
        when = _iso(at)
        pid = str(puzzle["id"])
        puzzle_before = self.puzzle_rating(pid, float(puzzle.get("rating", 1500)))
        items: dict[str, float] = {f"kind:{puzzle.get('kind', '')}": score}
        items.update({f"theme:{t}": score for t in puzzle.get("themes", [])})
        items.update(dict(scopes or {}))
        before = self.rating(learner)
        after, puzzle_after = duel(before, puzzle_before, score)
        with self.transaction() as conn:
            self._put_rating(conn, learner_id, "overall", after, when)
            for scope, item_score in items.items():
                old = self.rating(learner, scope)
                new, _ = duel(old, puzzle_before, item_score)
                self._put_rating(conn, learner_id, scope, new, when)
            conn.execute(
                "INSERT INTO puzzle_ratings(puzzle_id, rating, rd, volatility, games) "
                "VALUES (?, ?, ?, ?, 1) ON CONFLICT(puzzle_id) DO UPDATE SET "
                "rating = excluded.rating, rd = excluded.rd, "
                "volatility = excluded.volatility, games = games + 1",
                (pid, puzzle_after.rating, puzzle_after.rd, puzzle_after.volatility))
            cursor = conn.execute(
                "INSERT INTO attempts(learner_id, puzzle_id, kind, type, score, hints, correct,"
                " seconds, at, rating_before, rating_after, puzzle_rating) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (learner_id, pid, str(puzzle.get("kind", "")), str(puzzle.get("type", "")),
                 score, hints, int(score > 0 if correct is None else correct), seconds, when,
                 before.rating, after.rating, puzzle_before.rating))
            attempt_id = int(cursor.lastrowid or 0)
            conn.executemany("INSERT INTO attempt_scopes(attempt_id, scope, score) "
                             "VALUES (?, ?, ?)",
                             [(attempt_id, s, v) for s, v in items.items()])
        return AttemptResult(attempt_id, score, before, after, puzzle_before, puzzle_after)

    def attempts(self, learner: str, limit: int = 10_000) -> list[dict[str, Any]]:
        names = ("id", "puzzle_id", "kind", "type", "score", "hints", "correct", "seconds",
                 "at", "rating_before", "rating_after", "puzzle_rating")
        rows = self.conn.execute(
            f"SELECT {', '.join(names)} FROM attempts WHERE learner_id = ? "
            "ORDER BY id LIMIT ?", (self.learner_id(learner), limit))
        return [dict(zip(names, r, strict=True)) for r in rows]

    def accuracy(self, learner: str, prefix: str) -> list[dict[str, Any]]:
        """Attempts and mean score per scope starting with ``prefix`` (``theme:``)."""
        rows = self.conn.execute(
            "SELECT s.scope, COUNT(*), AVG(s.score) FROM attempt_scopes s "
            "JOIN attempts a ON a.id = s.attempt_id WHERE a.learner_id = ? AND s.scope LIKE ? "
            "GROUP BY s.scope ORDER BY s.scope", (self.learner_id(learner), prefix + "%"))
        return [{"name": scope[len(prefix):], "attempts": n, "accuracy": avg}
                for scope, n, avg in rows]

    def failed_puzzles(self, learner: str) -> list[str]:
        """Puzzles whose latest attempt scored under one half, most recent first."""
        rows = self.conn.execute(
            "SELECT puzzle_id, score FROM attempts WHERE id IN (SELECT MAX(id) FROM attempts "
            "WHERE learner_id = ? GROUP BY puzzle_id) ORDER BY id DESC",
            (self.learner_id(learner),))
        return [pid for pid, score in rows if score < 0.5]

    def seen(self, learner: str) -> set[str]:
        rows = self.conn.execute("SELECT DISTINCT puzzle_id FROM attempts WHERE learner_id = ?",
                                 (self.learner_id(learner),))
        return {r[0] for r in rows}

    # --- settings and spaced repetition -----------------------------------------------

    def setting(self, learner: str, key: str, default: str = "") -> str:
        row = self.conn.execute("SELECT value FROM settings WHERE learner_id = ? AND key = ?",
                                (self.learner_id(learner), key)).fetchone()
        return str(row[0]) if row else default

    def set_setting(self, learner: str, key: str, value: str) -> None:
        learner_id = self.learner_id(learner)
        with self.transaction() as conn:
            conn.execute("INSERT INTO settings(learner_id, key, value) VALUES (?, ?, ?) "
                         "ON CONFLICT(learner_id, key) DO UPDATE SET value = excluded.value",
                         (learner_id, key, value))

    def srs_card(self, learner: str, item: str) -> str | None:
        row = self.conn.execute("SELECT card FROM srs WHERE learner_id = ? AND item = ?",
                                (self.learner_id(learner), item)).fetchone()
        return None if row is None else str(row[0])

    def put_srs_card(self, learner: str, item: str, card: str, due: datetime,
                     lapse: bool) -> None:
        learner_id = self.learner_id(learner)
        with self.transaction() as conn:
            conn.execute(
                "INSERT INTO srs(learner_id, item, card, due, lapses) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT(learner_id, item) DO UPDATE SET card = excluded.card, "
                "due = excluded.due, lapses = lapses + excluded.lapses",
                (learner_id, item, card, _iso(due), int(lapse)))

    def srs_items(self, learner: str) -> list[dict[str, Any]]:
        rows = self.conn.execute("SELECT item, due, lapses FROM srs WHERE learner_id = ? "
                                 "ORDER BY due", (self.learner_id(learner),))
        return [{"item": i, "due": d, "lapses": n} for i, d, n in rows]

    def due_items(self, learner: str, at: datetime | None = None) -> list[str]:
        rows = self.conn.execute("SELECT item FROM srs WHERE learner_id = ? AND due <= ? "
                                 "ORDER BY due", (self.learner_id(learner), _iso(at)))
        return [r[0] for r in rows]

    # --- timed runs -------------------------------------------------------------------

    def record_timed_run(self, learner: str, seconds: float, score: int, total: int,
                         misses: Sequence[Any], at: datetime | None = None) -> None:
        learner_id = self.learner_id(learner)
        with self.transaction() as conn:
            conn.execute("INSERT INTO timed_runs(learner_id, at, seconds, score, total, misses)"
                         " VALUES (?, ?, ?, ?, ?, ?)",
                         (learner_id, _iso(at), seconds, score, total,
                          json.dumps(list(misses), ensure_ascii=False)))

    def timed_runs(self, learner: str) -> list[dict[str, Any]]:
        rows = self.conn.execute("SELECT at, seconds, score, total, misses FROM timed_runs "
                                 "WHERE learner_id = ? ORDER BY id", (self.learner_id(learner),))
        return [{"at": a, "seconds": s, "score": sc, "total": t, "misses": json.loads(m)}
                for a, s, sc, t, m in rows]

    # --- lessons ----------------------------------------------------------------------

    def lesson_progress(self, learner: str) -> dict[str, LessonProgress]:
        """Every lesson the learner has started, by lesson id (reading adds no learner)."""
        rows = self.conn.execute(
            "SELECT p.lesson_id, p.completed_at, p.checks_passed FROM lesson_progress p "
            "JOIN learners l ON l.id = p.learner_id WHERE l.name = ?", (clean_name(learner),))
        return {lesson: LessonProgress(lesson, _check_ids(passed), done)
                for lesson, done, passed in rows}

    def pass_lesson_check(self, learner: str, lesson_id: str, check_id: str,
                          required: Iterable[str], at: datetime | None = None
                          ) -> LessonProgress:
        """Record a check answered right; the lesson is complete once every id of
        ``required`` (the lesson's checks) has been passed. One transaction."""
        learner_id = self.learner_id(learner)
        with self.transaction() as conn:
            row = conn.execute("SELECT completed_at, checks_passed FROM lesson_progress "
                               "WHERE learner_id = ? AND lesson_id = ?",
                               (learner_id, lesson_id)).fetchone()
            done, passed = (row[0], _check_ids(row[1])) if row else (None, frozenset())
            passed |= {check_id}
            if done is None and set(required) <= passed:
                done = _iso(at)
            self._put_lesson(conn, learner_id, lesson_id, done, passed)
        return LessonProgress(lesson_id, passed, done)

    def mark_lesson_read(self, learner: str, lesson_id: str,
                         at: datetime | None = None) -> LessonProgress:
        """Complete a lesson (one without checks) by the learner's word."""
        learner_id = self.learner_id(learner)
        with self.transaction() as conn:
            row = conn.execute("SELECT completed_at, checks_passed FROM lesson_progress "
                               "WHERE learner_id = ? AND lesson_id = ?",
                               (learner_id, lesson_id)).fetchone()
            passed = _check_ids(row[1]) if row else frozenset()
            done = (row[0] if row else None) or _iso(at)
            self._put_lesson(conn, learner_id, lesson_id, done, passed)
        return LessonProgress(lesson_id, passed, done)

    def _put_lesson(self, conn: sqlite3.Connection, learner_id: int, lesson_id: str,
                    done: str | None, passed: frozenset[str]) -> None:
        conn.execute(
            "INSERT INTO lesson_progress(learner_id, lesson_id, completed_at, checks_passed) "
            "VALUES (?, ?, ?, ?) ON CONFLICT(learner_id, lesson_id) DO UPDATE SET "
            "completed_at = excluded.completed_at, checks_passed = excluded.checks_passed",
            (learner_id, lesson_id, done, json.dumps(sorted(passed))))


@dataclass(frozen=True, slots=True)
class LessonProgress:
    """One learner's state in one lesson."""

    lesson_id: str
    checks_passed: frozenset[str]
    completed_at: str | None    # ISO time, None while incomplete

    @property
    def complete(self) -> bool:
        return self.completed_at is not None


def _check_ids(text: str) -> frozenset[str]:
    """The stored JSON list of check ids; anything else reads as none passed."""
    try:
        value = json.loads(text)
    except (TypeError, ValueError):
        return frozenset()
    return frozenset(str(v) for v in value) if isinstance(value, list) else frozenset()


def open_store(path: str | os.PathLike[str] | None = None) -> ProgressStore:
    """Open (creating and migrating if needed) the progress file."""
    return ProgressStore(path)


# --- failures reach the caller as ProgressStoreError, with the right diagnosis ----------
# (kept apart from the store's logic: a read-only or busy file must never be called
# corrupted, since that advice would make the learner throw away good data)

# sqlite3 errors, and what damaged cell values cause (bad JSON, text that is not
# UTF-8, a number that is text or out of range).
_FAILURES = (sqlite3.Error, ValueError, TypeError, ArithmeticError)


def _writable(path: Path) -> bool:
    """The file (when it exists) and its folder can be written."""
    return (not path.exists() or os.access(path, os.W_OK)) and os.access(path.parent, os.W_OK)


def diagnose(path: Path, exc: BaseException) -> ProgressStoreError:
    """The store error that says what is really wrong with ``path`` after ``exc``."""
    if isinstance(exc, ProgressStoreError):
        return exc
    text = str(exc).lower()
    if isinstance(exc, sqlite3.OperationalError) and (
            "readonly" in text or "read-only" in text
            or ("unable to open" in text and not _writable(path))):
        return ProgressStoreError(
            f"the progress file {path} cannot be written: the file or its folder is "
            f"read-only ({exc}); progress is not saved until its permissions allow writing")
    if "locked" in text or "busy" in text:
        return ProgressStoreError(
            f"the progress file {path} is busy: another program is writing to it ({exc}); "
            f"try again in a moment")
    if "already exists" in text:
        return ProgressStoreError(
            f"the progress file {path} was being set up by another program at the same "
            f"moment ({exc}); reload the page")
    if "disk" in text and ("full" in text or "i/o" in text):
        return ProgressStoreError(f"the progress file {path} cannot be written ({exc}); "
                                  f"check the disk")
    if "no such table" in text or "no such column" in text or "has no column" in text:
        return ProgressStoreError(
            f"the progress file {path} is missing part of its tables ({exc}); it was left "
            f"untouched — move it away to start afresh")
    corrupted = isinstance(exc, UnicodeDecodeError) or "integrity check" in text or (
        isinstance(exc, sqlite3.DatabaseError) and not isinstance(exc, sqlite3.OperationalError))
    if corrupted:
        return ProgressStoreError(
            f"the progress file {path} is corrupted or is not a SQLite database ({exc}); "
            f"it was left untouched — move it away to start afresh")
    return ProgressStoreError(
        f"the progress file {path} holds data this program cannot use "
        f"({type(exc).__name__}: {exc}); it was left untouched — move it away to start afresh")


def _guarded(method: Any) -> Any:
    @functools.wraps(method)
    def call(self: ProgressStore, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except ProgressStoreError:
            raise
        except _FAILURES as exc:
            raise diagnose(self.path, exc) from exc
    return call


def _guard_public_methods(cls: type) -> None:
    for name, value in list(vars(cls).items()):
        if not name.startswith("_") and name != "transaction" and callable(value):
            setattr(cls, name, _guarded(value))


_guard_public_methods(ProgressStore)
