"""The shipped puzzle banks: JSON Lines files next to this module.

``puzzles/meld-two-handed.jsonl`` and ``puzzles/endgame-two-handed.jsonl`` hold one
record per line (see :mod:`puzzles.meld_bank` and :mod:`puzzles.endgame`); a bank
named ``*.jsonl.gz`` is the same text gzip-compressed (the compact form new banks
ship in). Load them with :func:`load` (read on first use, then cached); re-check
them against the engine with :func:`verify`. A record's themes are kept to the
documented list (:func:`puzzles.themes.documented`) when it is read.
"""

from __future__ import annotations

import errno
import gzip
import io
import json
import os
import stat
import tempfile
import zlib
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import IO, Any

HERE = Path(__file__).parent
REQUIRED = ("id", "kind", "variant", "themes", "rating", "position")


class BankError(ValueError):
    """A bank file is missing or malformed."""


SUFFIXES = (".jsonl.gz", ".jsonl")


def path_for(kind: str, variant: str = "two-handed") -> Path:
    """The bank of a kind and variant: the compressed one when it exists."""
    for suffix in SUFFIXES:
        path = HERE / f"{kind}-{variant}{suffix}"
        if path.exists():
            return path
    return HERE / f"{kind}-{variant}.jsonl"


def compressed(path: str | os.PathLike[str]) -> bool:
    return str(path).endswith(".gz")


def _open_text(path: str | os.PathLike[str], mode: str = "r") -> IO[str]:
    if compressed(path):
        # Literal modes: mypy then knows gzip gives a text stream.
        if mode == "w":
            return gzip.open(path, "wt", encoding="utf-8")
        if mode == "a":
            return gzip.open(path, "at", encoding="utf-8")
        return gzip.open(path, "rt", encoding="utf-8")
    return open(path, mode, encoding="utf-8")


def read(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    records = []
    try:
        with _open_text(path) as handle:
            for number, line in enumerate(handle, 1):
                if not line.strip():
                    continue
                try:
                    rec = json.loads(line)
                except (ValueError, RecursionError) as exc:
                    raise BankError(f"{path}:{number}: not valid JSON: {exc}") from exc
                problem = malformed(rec)
                if problem:
                    raise BankError(f"{path}:{number}: {problem}")
                records.append(rec)
    except OSError as exc:
        raise BankError(f"cannot read puzzle bank {path}: {exc.strerror}") from exc
    except UnicodeDecodeError as exc:
        raise BankError(f"puzzle bank {path} is not UTF-8 text: {exc.reason}") from exc
    except (gzip.BadGzipFile, EOFError, zlib.error) as exc:
        raise BankError(f"puzzle bank {path} is not a complete gzip file: {exc}") from exc
    return records


# The fields each kind of record needs, with their JSON types (checked before a
# record reaches the engine, so a damaged record is reported, not a traceback).
_FIELDS: dict[str, dict[str, type | tuple[type, ...]]] = {
    "meld": {"type": str, "position": dict, "context": dict, "answer": (dict, list, type(None))},
    "endgame": {"type": str, "position": dict, "value": int, "best": list},
}


def malformed(record: Any) -> str:
    """Why ``record`` is not a well-formed bank record ("" when it is)."""
    if not isinstance(record, dict):
        return "a record must be a JSON object"
    missing = [k for k in REQUIRED if k not in record]
    if missing:
        return f"missing {', '.join(missing)}"
    if not isinstance(record["id"], str):
        return "'id' must be a string"
    kind = record["kind"]
    fields = _FIELDS.get(kind) if isinstance(kind, str) else None
    if fields is None:
        return f"unknown kind {kind!r}"
    missing = [k for k in fields if k not in record]
    if missing:
        return f"missing {', '.join(missing)}"
    for name, types in fields.items():
        if not isinstance(record[name], types) or isinstance(record[name], bool):
            return f"field {name!r} has the wrong type"
    if kind == "meld" and record["type"] == "legal" and not isinstance(
            record.get("question"), dict):
        return "a 'legal' meld record needs a 'question' object"
    return ""


def output_target(path: str | os.PathLike[str]) -> Path:
    """The file :func:`write` replaces for ``path`` (a symbolic link is followed), or
    ``OSError`` when it may not be written: an existing folder, device or pipe is
    never replaced by a file, and the folder must exist and be writable."""
    target = Path(os.path.realpath(path))
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        mode = None
    if mode is not None and not stat.S_ISREG(mode):
        raise OSError(errno.EEXIST, "not a regular file (a folder, a device or a pipe), "
                      "so it is not replaced", str(path))
    if not target.parent.is_dir():
        raise FileNotFoundError(errno.ENOENT, f"its folder {target.parent} does not exist",
                                str(path))
    if not os.access(target.parent, os.W_OK | os.X_OK):
        raise PermissionError(errno.EACCES, f"its folder {target.parent} may not be written",
                              str(path))
    return target


def write(records: Iterable[Mapping[str, Any]], path: str | os.PathLike[str]) -> int:
    """Write the records to ``path`` atomically: into a new temporary file of the same
    folder, renamed over the target at the end and removed on any failure. An
    existing file keeps its permissions. ``OSError`` when it cannot be written."""
    target = output_target(path)
    if target.exists():
        mode = stat.S_IMODE(os.stat(target).st_mode)
    else:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    handle, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp",
                                   dir=target.parent)
    count = 0
    replaced = False
    try:
        with open(handle, "wb") as raw:
            # mtime 0: the same records always give the same bytes
            out: IO[str] = (io.TextIOWrapper(gzip.GzipFile(fileobj=raw, mode="wb", mtime=0),
                                             encoding="utf-8")
                            if compressed(target) else io.TextIOWrapper(raw, encoding="utf-8"))
            with out:
                for rec in records:
                    out.write(json.dumps(rec, ensure_ascii=False, sort_keys=False) + "\n")
                    count += 1
        os.chmod(tmp, mode)
        os.replace(tmp, target)
        replaced = True
    finally:   # whatever stopped the write (an error, Ctrl-C), no stray file is left
        if not replaced:
            os.unlink(tmp)
    return count


def rerated(records: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The records with the starting rating the difficulty model gives them now
    (after a new fit: ``scripts/calibrate_puzzles.py --fit``); everything else kept."""
    from puzzles import difficulty

    return [dict(rec, rating=difficulty.rating(rec)) for rec in records]


@cache
def _load(kind: str, variant: str) -> tuple[dict[str, Any], ...]:
    from puzzles.themes import documented

    path = path_for(kind, variant)
    records = read(path) if path.exists() else []
    for rec in records:
        rec["themes"] = documented(rec)
    return tuple(records)


def load(kind: str, variant: str = "two-handed") -> list[dict[str, Any]]:
    """The shipped puzzles of a kind (``meld`` or ``endgame``); read once per process.
    Records are shared: copy before changing one."""
    return list(_load(kind, variant))


def variants(kind: str) -> list[str]:
    """The variants with a shipped bank of this kind."""
    return sorted({p.name[len(kind) + 1:].removesuffix(".gz").removesuffix(".jsonl")
                   for suffix in SUFFIXES for p in HERE.glob(f"{kind}-*{suffix}")})


def load_for(kind: str, variant: str) -> list[dict[str, Any]]:
    """The puzzles of a variant, else those of the nearest variant it extends
    (four-handed Fildinski: Fildinski's), else the two-handed ones."""
    from engine.rules.profile import variant_lineage, variant_names

    for name in variant_lineage(variant) if variant in variant_names() else (variant,):
        found = load(kind, name)
        if found:
            return found
    return load(kind)


def by_id(puzzle_id: str, variant: str | None = None) -> dict[str, Any] | None:
    """A shipped puzzle by id, in one variant's bank or (``None``) in any."""
    kind = "meld" if puzzle_id.startswith("m-") else "endgame"
    for name in [variant] if variant else variants(kind):
        for rec in _load(kind, name):
            if rec["id"] == puzzle_id:
                return rec
    return None


def verify(record: Mapping[str, Any]) -> list[str]:
    """Re-check one record against the engine (melds query or solver)."""
    if record.get("kind") == "meld" and record.get("type") == "capture":
        from puzzles import capture_bank

        return capture_bank.verify(record)
    if record.get("kind") == "meld":
        from puzzles import meld_bank

        return meld_bank.verify(record)
    if record.get("kind") == "endgame" and record.get("type") == "capture_best":
        from puzzles import capture_endgame

        return capture_endgame.verify(record)
    if record.get("kind") == "endgame":
        from puzzles import endgame

        return endgame.verify(record)
    return [f"{record.get('id')}: unknown kind {record.get('kind')!r}"]
