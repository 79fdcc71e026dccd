"""Where the store's tests keep their data: a temporary SQLite file, and a fresh
schema in the PostgreSQL database that ``$BEZIQUE_TEST_DATABASE_URL`` names
(``.ci/run`` starts one); without it the PostgreSQL cases skip, saying why.
Never the learner's own store."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

PG_ENV = "BEZIQUE_TEST_DATABASE_URL"
BACKENDS = ["sqlite", "postgresql"]


def pg_admin_url() -> str:
    """The test server's URL, or skip with the reason."""
    url = os.environ.get(PG_ENV, "")
    if not url:
        pytest.skip(f"PostgreSQL store tests skipped: {PG_ENV} is not set (.ci/run sets it)")
    try:
        import psycopg
    except ImportError:
        pytest.skip("PostgreSQL store tests skipped: psycopg is not installed")
    try:
        psycopg.connect(url, connect_timeout=5).close()
    except psycopg.Error as exc:
        pytest.skip(f"PostgreSQL store tests skipped: cannot connect ({exc})")
    return url


def with_schema(url: str, schema: str) -> str:
    """The URL whose connections use ``schema`` (libpq's ``options`` parameter)."""
    return f"{url}{'&' if '?' in url else '?'}options=-csearch_path%3D{schema}"


class Places:
    """Fresh, empty stores of one backend: ``new()`` gives a path or URL."""

    def __init__(self, backend: str, tmp_path: Path) -> None:
        self.backend = backend
        self.tmp_path = tmp_path
        self.schemas: list[str] = []
        self.count = 0
        self.admin = pg_admin_url() if backend == "postgresql" else ""

    def new(self, name: str = "p") -> str:
        self.count += 1
        if self.backend == "sqlite":
            return str(self.tmp_path / f"{name}-{self.count}.sqlite3")
        import psycopg

        schema = f"t_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(self.admin, autocommit=True) as conn:
            conn.execute(f"CREATE SCHEMA {schema}")
        self.schemas.append(schema)
        return with_schema(self.admin, schema)

    def cleanup(self) -> None:
        if not self.schemas:
            return
        import psycopg

        from puzzles import store_db

        for schema in self.schemas:   # each URL has its pool: close it with its schema
            store_db.POOLS.close(with_schema(self.admin, schema))
        with psycopg.connect(self.admin, autocommit=True) as conn:
            for schema in self.schemas:
                conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")


def places_fixture(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Places]:
    places = Places(request.param, tmp_path)
    yield places
    places.cleanup()

