"""The PostgreSQL connections a process keeps between stores (store_db.Pools: one
psycopg_pool pool per URL).

A store closed gives its connection back; the next store of the same URL takes it,
reset (settings left behind are gone, a dead one is replaced); a connection given
back inside a transaction is rolled back; a store collected unclosed gives its
connection back too; at most MAX_CONNECTIONS per URL. SQLite files are opened afresh
each time (a file moved away is never read through an old connection). The
PostgreSQL cases skip without ``$BEZIQUE_TEST_DATABASE_URL``."""

from __future__ import annotations

import gc
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from _store_backends import BACKENDS, Places, places_fixture

from puzzles import store_db
from puzzles.store import ProgressStoreBusy, ProgressStoreError, open_store

places = pytest.fixture(params=BACKENDS)(places_fixture)


@pytest.fixture
def pool(monkeypatch: pytest.MonkeyPatch) -> Iterator[store_db.Pools]:
    fresh = store_db.Pools()
    monkeypatch.setattr(store_db, "POOLS", fresh)
    yield fresh
    fresh.close()


@pytest.fixture
def pg(tmp_path: Path) -> Iterator[Places]:
    found = Places("postgresql", tmp_path)
    yield found
    found.cleanup()


def _opened(pools: store_db.Pools, url: str) -> int:
    """Connections made for ``url`` so far."""
    return pools.stats(url).get("connections_num", 0)


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
    assert _opened(pool, url) == 1


def test_stores_of_different_urls_never_share_a_connection(pg: Places, pool) -> None:
    one, two = pg.new(), pg.new()          # two schemas: two URLs
    with open_store(one) as store:
        store.set_setting("ann", "k", "one")
    with open_store(two) as store:         # not the connection kept for `one`
        assert store.setting("ann", "k") == ""
        store.set_setting("ann", "k", "two")
    with open_store(one) as store:
        assert store.setting("ann", "k") == "one"
    assert (_opened(pool, one), _opened(pool, two)) == (1, 1)


def test_settings_left_behind_are_reset(pg: Places, pool) -> None:
    url = pg.new()
    with open_store(url) as store:
        schema = store.conn.execute("SHOW search_path").fetchone()[0]
        store.conn.execute("SET search_path TO public")
        store.conn.execute("SET lock_timeout = '1ms'")
    with open_store(url) as store:
        assert _opened(pool, url) == 1
        assert store.conn.execute("SHOW search_path").fetchone()[0] == schema
        assert store.conn.execute("SHOW lock_timeout").fetchone()[0] == \
            f"{int(store_db.BUSY_TIMEOUT)}s"


def test_a_connection_given_back_inside_a_transaction_is_rolled_back(pg: Places,
                                                                     pool) -> None:
    url = pg.new()
    with open_store(url) as store:
        store.conn.execute("BEGIN")
        store.conn.execute("INSERT INTO learners(name, created) VALUES ('zed', 'now')")
    with open_store(url) as store:
        assert store.learners() == []
        assert store.conn.info.transaction_status.name == "IDLE"


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
    # psycopg_pool replaces the dead one, and may grow by one while the store waits.
    assert 2 <= _opened(pool, url) <= 3


def test_at_most_max_connections_then_a_store_waits_and_is_busy(
        pg: Places, pool, monkeypatch: pytest.MonkeyPatch) -> None:
    url = pg.new()
    monkeypatch.setattr(store_db, "MAX_CONNECTIONS", 2)
    monkeypatch.setattr(store_db, "BUSY_TIMEOUT", 0.5)
    held = [open_store(url) for _ in range(2)]
    started = time.monotonic()
    with pytest.raises(ProgressStoreBusy, match="try again"):
        open_store(url)
    assert 0.4 < time.monotonic() - started < 5
    held.pop().close()
    with open_store(url) as store:            # a connection came back: no wait
        assert store.setting("ann", "k") == ""
    held[0].close()
    assert pool.idle(url) == 2 and _opened(pool, url) == 2
    pool.close()
    assert pool.idle() == 0


def test_a_store_collected_unclosed_gives_its_connection_back(pg: Places, pool) -> None:
    """A page that raises before closing its store must not leak a connection."""
    url = pg.new()
    store = open_store(url)
    first = _backend_pid(store)
    del store
    gc.collect()
    with open_store(url) as again:
        assert _backend_pid(again) == first
    assert _opened(pool, url) == 1


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
    with open_store(url) as store:
        parents = _backend_pid(store)
    pid = os.fork()
    if pid == 0:   # the child: it must neither use nor close the parent's socket
        ok = pool.idle() == 0
        with open_store(url) as store:        # a connection of its own
            ok = ok and _backend_pid(store) != parents
        os._exit(0 if ok else 1)
    _, status = os.waitpid(pid, 0)
    assert os.WEXITSTATUS(status) == 0
    with open_store(url) as store:          # the parent's connection still works
        assert _backend_pid(store) == parents and store.setting("ann", "k") == ""


def test_sqlite_files_are_opened_afresh(tmp_path: Path, pool) -> None:
    path = tmp_path / "progress.sqlite3"
    with open_store(path) as store:
        store.set_setting("ann", "k", "v")
    path.rename(tmp_path / "moved.sqlite3")
    with open_store(path) as store:         # a new, empty file: no old connection
        assert store.setting("ann", "k") == ""
    assert pool.idle() == 0 and pool.stats(str(path)) == {}


def test_every_backend_works_through_many_opens(places: Places, pool) -> None:
    target = places.new()
    for n in range(12):
        with open_store(target) as store:
            store.set_setting("ann", "n", str(n))
    with open_store(target) as store:
        assert store.setting("ann", "n") == "11"
    if places.backend == "postgresql":
        assert _opened(pool, target) == 1


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
    assert _opened(pool, url) <= 6 + 1
