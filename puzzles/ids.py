"""Stable puzzle ids: a hash of the canonical question (position and what is asked)."""

from __future__ import annotations

import hashlib
import json
from typing import Any


def canonical(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def puzzle_id(prefix: str, question: Any) -> str:
    digest = hashlib.sha256(canonical(question).encode("utf-8")).hexdigest()
    return f"{prefix}-{digest[:12]}"
