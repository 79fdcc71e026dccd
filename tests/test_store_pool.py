"""The PostgreSQL connections a process keeps between stores (store_db.ConnectionPool).

A store closed gives its connection back; the next store of the same URL takes it,
reset (settings left behind are gone, a dead one is replaced); a connection in a
transaction is never kept; at most POOL_SIZE wait. SQLite files are opened afresh
each time (a file moved away is never read through an old connection). The
PostgreSQL cases skip without ``$BEZIQUE_TEST_DATABASE_URL``."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from _store_backends import BACKENDS, Places, places_fixture

from puzzles import store_db
from puzzles.store import ProgressStoreError, open_store

places = pytest.fixture(params=BACKENDS)(places_fixture)


@pytest.fixture
def pool(monkeypatch: pytest.MonkeyPatch) -> Iterator[store_db.ConnectionPool]:
    fresh = store_db.ConnectionPool()
    monkeypatch.setattr(store_db, "POOL", fresh)
    yield fresh
    fresh.clear()


@pytest.fixture
def pg(tmp_path: Path) -> Iterator[Places]:
    found = Places("postgresql", tmp_path)
    yield found
    found.cleanup()


def _backend_pid(store: object) -> int:
    return int(store.conn.execute("SELECT pg_backend_pid()").fetchone()[0])  # type: ignore[attr-defined]


def test_a_closed_store_gives_its_connection_to_the_next(pg: Places, pool) -> None:
    url = pg.new()
    with open_store(url) as store:
        store.set_setting("ann", "k", "v")
        first = _backend_pid(store)
    assert pool.idle(url) == 1
    with open_store(url) as store:
        assert _backend_pid(store) == first and store.setting("ann", "k") == "v"
    assert (pool.opened, pool.reused) == (1, 1)


def test_stores_of_different_urls_never_share_a_connection(pg: Places, pool) -> None:
    one, two = pg.new(), pg.new()          # two schemas: two URLs
    with open_store(one) as store:
        store.set_setting("ann", "k", "one")
    with open_store(two) as store:         # not the connection kept for `one`
        assert store.setting("ann", "k") == ""
        store.set_setting("ann", "k", "two")
    with open_store(one) as store:
        assert store.setting("ann", "k") == "one"
    assert pool.opened == 2


def test_settings_left_behind_are_reset(pg: Places, pool) -> None:
    url = pg.new()
    with open_store(url) as store:
        schema = store.conn.execute("SHOW search_path").fetchone()[0]
        store.conn.execute("SET search_path TO public")
        store.conn.execute("SET lock_timeout = '1ms'")
    with open_store(url) as store:
        assert pool.reused == 1
        assert store.conn.execute("SHOW search_path").fetchone()[0] == schema
        assert store.conn.execute("SHOW lock_timeout").fetchone()[0] == \
            f"{int(store_db.BUSY_TIMEOUT)}s"


def test_a_connection_inside_a_transaction_is_not_kept(pg: Places, pool) -> None:
    url = pg.new()
    with open_store(url) as store:
        store.conn.execute("BEGIN")
        store.conn.execute("SELECT 1")
    assert pool.idle(url) == 0


def test_a_dead_kept_connection_is_replaced(pg: Places, pool) -> None:
    import psycopg

    url = pg.new()
    with open_store(url) as store:
        store.set_setting("ann", "k", "v")
        dead = _backend_pid(store)
    with psycopg.connect(pg.admin, autocommit=True) as admin:   # as a server restart does
        admin.execute("SELECT pg_terminate_backend(%s)", (dead,))
    with open_store(url) as store:
        assert store.setting("ann", "k") == "v" and _backend_pid(store) != dead
    assert (pool.opened, pool.reused) == (2, 0)


def test_at_most_pool_size_connections_wait(pg: Places, pool) -> None:
    url = pg.new()
    stores = [open_store(url) for _ in range(store_db.POOL_SIZE + 2)]
    conns = [s.conn for s in stores]
    for store in stores:
        store.close()
    assert pool.idle() == store_db.POOL_SIZE
    assert [c.closed for c in conns] == [True, True] + [False] * store_db.POOL_SIZE
    pool.clear()
    assert pool.idle() == 0 and all(c.closed for c in conns)


def test_a_closed_store_cannot_use_the_connection_it_gave_back(pg: Places, pool) -> None:
    url = pg.new()
    store = open_store(url)
    store.close()
    store.close()                           # twice: still one connection kept
    assert pool.idle(url) == 1
    with open_store(url) as other:
        with pytest.raises(ProgressStoreError, match="was closed"):
            store.set_setting("ann", "k", "stale")
        assert other.setting("ann", "k") == ""


def test_a_forked_child_does_not_take_its_parents_connections(pg: Places, pool) -> None:
    url = pg.new()
    with open_store(url):
        pass
    pid = os.fork()
    if pid == 0:   # the child: it must neither use nor close the parent's socket
        os._exit(0 if pool.idle() == 0 and pool.take(url) is None else 1)
    _, status = os.waitpid(pid, 0)
    assert os.WEXITSTATUS(status) == 0
    with open_store(url) as store:          # the parent's connection still works
        assert pool.reused == 1 and store.setting("ann", "k") == ""


def test_sqlite_files_are_opened_afresh(tmp_path: Path, pool) -> None:
    path = tmp_path / "progress.sqlite3"
    with open_store(path) as store:
        store.set_setting("ann", "k", "v")
    path.rename(tmp_path / "moved.sqlite3")
    with open_store(path) as store:         # a new, empty file: no old connection
        assert store.setting("ann", "k") == ""
    assert (pool.opened, pool.reused, pool.idle()) == (0, 0, 0)


def test_every_backend_works_through_many_opens(places: Places, pool) -> None:
    target = places.new()
    for n in range(12):
        with open_store(target) as store:
            store.set_setting("ann", "n", str(n))
    with open_store(target) as store:
        assert store.setting("ann", "n") == "11"
    if places.backend == "postgresql":
        assert pool.opened == 1 and pool.reused == 12


def test_threads_share_the_pool_without_sharing_a_connection(pg: Places, pool) -> None:
    """Streamlit runs each session's script in its own thread."""
    url = pg.new()
    with open_store(url) as store:
        store.learner_id("ann")
    failures: list[BaseException] = []
    in_use: set[int] = set()
    lock = threading.Lock()

    def work(n: int) -> None:
        try:
            for k in range(10):
                with open_store(url) as store:
                    pid = _backend_pid(store)
                    with lock:
                        assert pid not in in_use   # no two stores on one connection
                        in_use.add(pid)
                    store.set_setting("ann", f"t{n}", str(k))
                    with lock:
                        in_use.discard(pid)
        except BaseException as exc:  # noqa: BLE001 - reported below
            failures.append(exc)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert failures == []
    with open_store(url) as store:
        assert [store.setting("ann", f"t{n}") for n in range(6)] == ["9"] * 6
    assert pool.idle() <= store_db.POOL_SIZE and pool.reused > 0
    assert pool.opened <= 6 + 1
