"""The development checks (docs/development.md), run as tests so a lapse fails CI
rather than waiting for someone to run them by hand (mypy once slipped on
puzzles/meld.py)."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("package", ["engine", "lessons"])
def test_package_is_mypy_strict_clean(package: str, tmp_path: Path) -> None:
    """engine/ by the project's rule; lessons/ too, since the checks' answers and reasons
    are built there (two errors had crept into lessons/checks.py)."""
    api = pytest.importorskip("mypy.api", reason="mypy is in the test extras")
    out, err, status = api.run(["--strict", "--cache-dir", str(tmp_path / "cache"),
                                str(ROOT / package)])
    assert status == 0, out + err


def test_ruff_is_clean() -> None:
    ruff = shutil.which("ruff") or shutil.which("ruff", path=str(Path(sys.executable).parent))
    if ruff is None:
        pytest.skip("ruff is in the test extras")
    result = subprocess.run([ruff, "check", str(ROOT)], capture_output=True, text=True,
                            cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
