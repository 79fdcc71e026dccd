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
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
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


MAX_LINE = 1_000_000       # bytes of one record's line
MAX_TEXT = 64_000_000      # bytes of a bank's text (after gzip): a gzip bomb stops here
MAX_LINES = 1_000_000      # lines of a bank, blank ones included (a bomb of newlines)
_BOM = b"\xef\xbb\xbf"      # a UTF-8 byte order mark some editors put at the start


@dataclass(frozen=True, slots=True)
class Line:
    """One non-blank line of a bank: its JSON value, or why it is not one (a
    ``problem`` such as "not valid JSON: ...")."""

    number: int
    value: Any = None
    problem: str = ""


def lines(path: str | os.PathLike[str]) -> Iterator[Line]:
    """Every non-blank line of a bank, as the app reads it: JSON Lines (one record a
    line), gzip-compressed when the name ends in ``.gz``, UTF-8, a byte order mark at
    the start ignored. A line that is not one JSON value (too long, not UTF-8, not
    JSON) comes with its ``problem``; a file that cannot be read through (missing,
    not gzip, cut short, a failed read, more than :data:`MAX_TEXT` bytes or
    :data:`MAX_LINES` lines) raises
    :class:`BankError` where it stops."""
    try:
        with _open_bytes(path) as handle:
            number = size = 0
            while True:
                raw = handle.readline(MAX_LINE + 1)
                if not raw:
                    return
                number += 1
                if number > MAX_LINES:
                    raise BankError(f"puzzle bank {path} holds more than {MAX_LINES:,} lines: "
                                    "not a bank")
                size += len(raw)
                long = len(raw) > MAX_LINE and not raw.endswith(b"\n")
                while long and raw and not raw.endswith(b"\n") and size <= MAX_TEXT:
                    raw = handle.readline(1 << 16)   # skip the rest of the line
                    size += len(raw)
                if size > MAX_TEXT:
                    raise BankError(f"puzzle bank {path} holds more than {MAX_TEXT:,} bytes "
                                    "of text: not a bank")
                if long:
                    yield Line(number, problem=f"longer than {MAX_LINE:,} bytes")
                    continue
                if number == 1:
                    raw = raw.removeprefix(_BOM)
                if raw.strip():
                    yield _parsed(number, raw)
    except OSError as exc:
        raise BankError(f"cannot read puzzle bank {path}: {exc.strerror or exc}") from exc
    except (gzip.BadGzipFile, EOFError, zlib.error) as exc:
        raise BankError(f"puzzle bank {path} is not a complete gzip file: {exc}") from exc


def _open_bytes(path: str | os.PathLike[str]) -> gzip.GzipFile | io.BufferedReader:
    if os.path.isdir(path):
        raise IsADirectoryError(errno.EISDIR, "Is a directory", str(path))
    return gzip.open(path, "rb") if compressed(path) else open(path, "rb")


def _parsed(number: int, raw: bytes) -> Line:
    from engine.errors import json_problem

    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return Line(number, problem=f"not UTF-8 text (byte 0x{raw[exc.start]:02x} at column "
                                    f"{exc.start + 1})")
    try:
        return Line(number, json.loads(text))
    except (ValueError, RecursionError) as exc:
        return Line(number, problem=f"not valid JSON: {json_problem(exc)}")


def read(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """The records of a bank (see :func:`lines`); :class:`BankError` at the first
    line that is not a well-formed record."""
    records = []
    for line in lines(path):
        problem = line.problem or malformed(line.value)
        if problem:
            raise BankError(f"{path}:{line.number}: {problem}")
        records.append(line.value)
    return records


@dataclass(frozen=True, slots=True)
class Kind:
    """What the bank knows of one kind of puzzle: the id prefix, the fields its
    records need with their JSON types (checked before a record reaches the engine,
    so a damaged record is reported, not a traceback), and how a record of it is
    re-checked against the engine (a list of problems, empty when it agrees). A new
    kind of puzzle is one more entry of :data:`KINDS`."""

    prefix: str
    fields: Mapping[str, type | tuple[type, ...]]
    verify: Callable[[Mapping[str, Any]], list[str]]


def _verify_meld(record: Mapping[str, Any]) -> list[str]:
    from puzzles import capture_bank, meld_bank

    if record["type"] == "capture":   # 000: what a won trick scores
        return capture_bank.verify(record)
    return meld_bank.verify(record)


def _verify_endgame(record: Mapping[str, Any]) -> list[str]:
    from puzzles import capture_endgame, endgame

    if record["type"] == "capture_best":   # 000: the play-off where captures score
        return capture_endgame.verify(record)
    return endgame.verify(record)


def _verify_stock(record: Mapping[str, Any]) -> list[str]:
    from puzzles import stock_bank

    return stock_bank.verify(record)


KINDS: dict[str, Kind] = {
    "meld": Kind("m", {"type": str, "position": dict, "context": dict,
                       "answer": (dict, list, type(None))}, _verify_meld),
    "endgame": Kind("e", {"type": str, "position": dict, "value": int, "best": list},
                    _verify_endgame),
    # stock play: one move clearly best while the stock lasts (puzzles.stock_bank)
    "stock": Kind("s", {"type": str, "position": dict, "seat": int, "answer": str,
                        "accepted": list, "options": list, "why": list, "judged": dict},
                  _verify_stock),
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
    kind = KINDS.get(record["kind"]) if isinstance(record["kind"], str) else None
    if kind is None:
        return f"unknown kind {record['kind']!r}"
    fields = kind.fields
    missing = [k for k in fields if k not in record]
    if missing:
        return f"missing {', '.join(missing)}"
    for name, types in fields.items():
        if not isinstance(record[name], types) or isinstance(record[name], bool):
            return f"field {name!r} has the wrong type"
    if record["kind"] == "meld" and record["type"] == "legal" and not isinstance(
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


def retexted(records: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The records with their stored explanations in the engine's current wording
    (after its sentences change; for stock records their reasons and the themes they
    decide, :func:`puzzles.stock_bank.with_current_text`); everything else kept.
    Endgame records store none."""
    from puzzles import capture_bank, meld_bank, stock_bank

    out = []
    for rec in records:
        if rec.get("kind") == "stock":
            out.append(stock_bank.with_current_text(rec))
        elif rec.get("kind") != "meld":
            out.append(dict(rec))
        elif rec.get("type") == "capture":
            out.append(capture_bank.with_current_text(rec))
        else:
            out.append(meld_bank.with_current_text(rec))
    return out


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


def shipped() -> list[Path]:
    """Every shipped bank file, of every kind and variant."""
    return [path_for(kind, variant) for kind in KINDS for variant in variants(kind)]


def by_id(puzzle_id: str, variant: str | None = None) -> dict[str, Any] | None:
    """A shipped puzzle by id, in one variant's bank or (``None``) in any."""
    kind = next((name for name, k in KINDS.items() if puzzle_id.startswith(f"{k.prefix}-")),
                None)
    if kind is None:
        return None
    for name in [variant] if variant else variants(kind):
        for rec in _load(kind, name):
            if rec["id"] == puzzle_id:
                return rec
    return None


def verify(record: Mapping[str, Any]) -> list[str]:
    """Re-check one well-formed record (:func:`malformed` says "") against the engine:
    the melds query, the capture scoring or the solver, as its kind says."""
    name = record.get("kind")
    kind = KINDS.get(name) if isinstance(name, str) else None
    if kind is None:
        return [f"{record.get('id')}: unknown kind {record.get('kind')!r}"]
    return kind.verify(record)
