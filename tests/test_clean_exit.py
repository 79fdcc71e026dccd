"""The README's test command ends quietly (app review 3): a worker of the parallel run
freezes what its tests left alive before it reports, so that pytest's last garbage
collection, which runs after the report, when execnet may interrupt it, walks nothing
of it (tests/clean_exit.py). A small run in a subprocess, one worker, a large heap."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent
HEAP = 200_000

CONFTEST = '''
import gc, os
import pytest

pytest_plugins = ["clean_exit"]


# Innermost around the session's end: after clean_exit's hook, before xdist reports the
# worker finished (a probe in pytest_unconfigure ran after that report, where a loaded
# machine's worker could be ended before it wrote).
@pytest.hookimpl(wrapper=True, trylast=True)
def pytest_sessionfinish(session):
    result = yield
    if os.environ.get("PYTEST_XDIST_WORKER"):   # what the worker's last collection walks
        with open(os.environ["CLEAN_EXIT_OUT"], "w") as out:
            out.write(f"{gc.get_freeze_count()} {len(gc.get_objects())}")
    return result
'''

TEST = f'''
HEAP = [[n] for n in range({HEAP})]   # what a run's caches leave alive


def test_something():
    assert len(HEAP) == {HEAP}
'''


def test_a_worker_leaves_nothing_for_the_last_collection_to_walk(tmp_path: Path) -> None:
    (tmp_path / "conftest.py").write_text(CONFTEST)
    (tmp_path / "test_heap.py").write_text(TEST)
    out = tmp_path / "walked.txt"
    env = {key: value for key, value in os.environ.items()   # not this run's worker
           if not key.startswith("PYTEST_")}
    env |= {"CLEAN_EXIT_OUT": str(out),
            "PYTHONPATH": os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")])}
    run = subprocess.run([sys.executable, "-m", "pytest", "-n", "1", "-p", "no:cacheprovider",
                          "-p", "no:randomly", str(tmp_path)], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "1 passed" in run.stdout.splitlines()[-1]
    frozen, walked = map(int, out.read_text().split())
    assert frozen > HEAP and walked < HEAP // 4, (frozen, walked)
