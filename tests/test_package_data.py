"""Every data file a package reads ships with it: a wheel (``pip install .``, not only
an editable install) carries each file under the packages that pyproject's
``package-data`` patterns match."""

from __future__ import annotations

import subprocess
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_tracked_data_file_is_package_data() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]
    tracked = subprocess.run(["git", "ls-files", *patterns], cwd=ROOT, check=True,
                             capture_output=True, text=True).stdout.split()
    missing = []
    for name in tracked:
        path = Path(name)
        if path.suffix == ".py" or "__pycache__" in path.parts:
            continue
        package = path.parts[0]
        inside = path.relative_to(package)
        if not any(inside.match(p) or (p.startswith("**/") and inside.match(p[3:]))
                   for p in patterns[package]):
            missing.append(name)
    assert missing == []
