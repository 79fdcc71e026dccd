"""Findings F14–F16 of the reliability review: every failure of the progress file
reaches the caller as ProgressStoreError with the right diagnosis (read-only is not
"corrupted"), and the app pages show it instead of a traceback. Temporary files only."""

from __future__ import annotations

import os
import random
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from app_pages.store_text import plain
from puzzles.store import ProgressStore, ProgressStoreError, open_store

PUZZLE = {"id": "m-test", "kind": "meld", "type": "spot", "rating": 1300,
          "themes": ["spot_all", "bezique"], "melds": ["bezique"]}


def use(store: ProgressStore) -> None:
    """What the pages do: read every kind of row, then write."""
    store.learners()
    store.rating("guest")
    store.ratings("guest")
    store.attempts("guest")
    store.timed_runs("guest")
    store.srs_items("guest")
    store.lesson_progress("guest")
    store.record_attempt("guest", PUZZLE, 1.0)
    store.record_timed_run("guest", 3.0, 2, 3, ["QS"])


def filled(path: Path, journal: str = "wal") -> Path:
    with open_store(path) as store:
        use(store)
    con = sqlite3.connect(path)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.execute(f"PRAGMA journal_mode={journal}")
    con.close()
    return path


def edited(path: Path, *statements: str) -> Path:
    con = sqlite3.connect(path)
    for statement in statements:
        con.execute(statement)
    con.commit()
    con.close()
    return path


def read_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every connection opens its file read-only, as for a file without write
    permission (root ignores chmod, so permissions cannot simulate it here)."""
    real: Callable[..., Any] = sqlite3.connect

    def connect(path: Any, *args: Any, **kwargs: Any) -> sqlite3.Connection:
        return real(f"file:{path}?mode=ro", *args, uri=True, **kwargs)
    monkeypatch.setattr(sqlite3, "connect", connect)


def failure(path: Path) -> ProgressStoreError | None:
    try:
        with open_store(path) as store:
            use(store)
    except ProgressStoreError as exc:
        return exc
    return None


# --- F14: a damaged file raises the store's error, whatever is damaged ---------------------

def test_f14_damaged_files_raise_progress_store_error(tmp_path: Path) -> None:
    data = filled(tmp_path / "base.sqlite3", "delete").read_bytes()
    rng = random.Random(14)
    refused = 0
    for index in range(300):
        damaged = bytearray(data)
        for _ in range(rng.randint(1, 20)):
            damaged[rng.randrange(len(damaged))] = rng.randrange(256)
        path = tmp_path / f"damaged{index}.sqlite3"
        path.write_bytes(bytes(damaged))
        refused += failure(path) is not None   # any other exception fails the test
    assert refused > 20


def test_f14_text_that_is_not_utf8(tmp_path: Path) -> None:
    path = edited(filled(tmp_path / "p.sqlite3"),
                  "UPDATE learners SET name = CAST(x'ff41' AS TEXT)")
    exc = failure(path)
    assert exc is not None and "move it away" in str(exc)


# --- F15: read-only is diagnosed as read-only ---------------------------------------------

@pytest.mark.parametrize("journal", ["wal", "delete"])
def test_f15_a_read_only_file_is_not_called_corrupted(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, journal: str) -> None:
    path = filled(tmp_path / "p.sqlite3", journal)
    read_only(monkeypatch)
    exc = failure(path)
    assert exc is not None and "read-only" in str(exc)
    assert "corrupted" not in str(exc) and "move it away" not in str(exc)


TRY_WRITE = """
import sys
from puzzles.store import ProgressStoreError, open_store
try:
    with open_store(sys.argv[1]) as store:
        store.record_attempt("guest", {"id": "m-1", "kind": "meld", "type": "spot",
                                       "rating": 1500, "themes": []}, 1.0)
except ProgressStoreError as exc:
    print(exc)
"""


def test_f15_real_permissions(tmp_path: Path) -> None:
    """The same with real permissions: a read-only file (WAL and DELETE mode) and a
    read-only folder. Root ignores permissions, so it drops CAP_DAC_OVERRIDE."""
    prefix: list[str] = []
    if os.geteuid() == 0:
        if not shutil.which("setpriv"):
            pytest.skip("running as root without setpriv")
        prefix = ["setpriv", "--inh-caps=-dac_override", "--bounding-set=-dac_override"]
    (tmp_path / "folder").mkdir()
    paths = [filled(tmp_path / "wal.sqlite3"), filled(tmp_path / "delete.sqlite3", "delete"),
             filled(tmp_path / "folder" / "p.sqlite3", "delete")]
    for path in paths[:2]:
        path.chmod(0o444)
    (tmp_path / "folder").chmod(0o555)
    try:
        for path in paths:
            done = subprocess.run([*prefix, sys.executable, "-c", TRY_WRITE, str(path)],
                                  capture_output=True, text=True, timeout=60,
                                  cwd=Path(__file__).resolve().parents[1])
            assert "Traceback" not in done.stderr, done.stderr
            assert "read-only" in done.stdout and "corrupted" not in done.stdout, done.stdout
    finally:
        (tmp_path / "folder").chmod(0o755)


# --- F16: missing tables and damaged values -----------------------------------------------

@pytest.mark.parametrize("statement, words", [
    ("DROP TABLE ratings", "missing part of its tables"),
    ("UPDATE ratings SET rating = 'abc'", "cannot use"),
    ("UPDATE timed_runs SET misses = 'not json'", "cannot use"),
])
def test_f16_damaged_schema_or_values(tmp_path: Path, statement: str, words: str) -> None:
    path = edited(filled(tmp_path / "p.sqlite3"), statement)
    exc = failure(path)
    assert exc is not None and words in str(exc)


# --- the pages show the message -----------------------------------------------------------

PAGES = ["progress", "meld_trainer", "endgame"]


@pytest.mark.parametrize("state", ["no ratings table", "read-only"])
def test_pages_show_a_store_failure_instead_of_crashing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, state: str) -> None:
    from streamlit.testing.v1 import AppTest

    path = filled(tmp_path / "p.sqlite3", "delete")
    if state == "read-only":
        read_only(monkeypatch)
    else:
        edited(path, "DROP TABLE ratings")
    monkeypatch.setenv("BEZIQUE_PROGRESS_DB", str(path))
    app = str(Path(__file__).resolve().parents[1] / "app.py")
    for page in PAGES:
        at = AppTest.from_file(app, default_timeout=60)
        at.switch_page(f"app_pages/{page}.py")
        at.run()
        assert not at.exception, (page, [e.value for e in at.exception])
        shown = " ".join(e.value for e in at.error)
        if state == "read-only":
            # The store opens a current read-only file without writing, so the pages
            # that only read show the progress; a write reports read-only (see
            # tests/test_store_faults.py). Whatever is shown must not say "corrupted".
            assert "corrupted" not in shown, page
            continue
        assert plain(str(path)) in shown, page   # its markdown marks escaped
        assert "read-only" not in shown, page
