"""Input records and output lines shared by the commands that answer line by line
(``melds``, ``solve``, ``puzzles verify``).

One error discipline: every input record gets exactly one output line, an answer or
``{"error": ...}``, whatever it holds (bad UTF-8, an over-long line, deep nesting,
lone surrogates, wrong types); the caller exits 1 when any record failed.

Records are read line by line from bytes, so memory stays bounded by
:data:`MAX_RECORD` whatever the input size. A record is one line, except a JSON
value whose first line leaves a bracket open: its following lines (indented, blank, or
closing it with ``}`` or ``]``) belong to it, so one pretty-printed object, or
several one after the other, read as one record each; any other line starts a new
record.
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, Any

MAX_RECORD = 1_000_000   # bytes per line, and per record spread over several lines
_CHUNK = 1 << 16
# A JSON string literal; removed before counting brackets.
_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')


@dataclass(frozen=True, slots=True)
class Record:
    """One input record: its text, or why it cannot be read (``error``)."""

    line: int             # number of its first line (1-based)
    text: str = ""
    error: str = ""


def _depth_change(line: str) -> int:
    bare = _STRING.sub("", line)
    return bare.count("{") + bare.count("[") - bare.count("}") - bare.count("]")


_BOM = "\ufeff"   # a UTF-8 byte order mark some editors put at the start of a file


def _physical_lines(stream: IO[Any], limit: int) -> Iterator[tuple[int, str, str]]:
    """(number, text, problem) per line; ``problem`` says why a line cannot be used:
    longer than ``limit`` bytes, not UTF-8, or a read that failed (the last line
    then). A byte order mark at the start is dropped."""
    binary = not hasattr(stream, "encoding")
    newline = b"\n" if binary else "\n"
    number = 0
    while True:
        try:
            raw = stream.readline(limit + 1)
            if len(raw) > limit and not raw.endswith(newline):
                while raw and not raw.endswith(newline):   # skip the rest, a chunk at a time
                    raw = stream.readline(_CHUNK)
                yield number + 1, "", f"line {number + 1} is longer than {limit} bytes"
                number += 1
                continue
        except OSError as exc:   # the file opened, but a read failed (EIO, a lost mount)
            yield number + 1, "", f"line {number + 1}: cannot read the input: " \
                                  f"{exc.strerror or exc}"
            return
        if not raw:
            return
        number += 1
        if binary:
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                yield number, "", (f"line {number} is not UTF-8 text "
                                   f"(byte 0x{raw[exc.start]:02x} at column {exc.start + 1})")
                continue
        else:
            text = raw
        if number == 1 and text.startswith(_BOM):
            text = text[1:]
        yield number, text, ""


def read_records(stream: IO[Any], comments: bool = False,
                 limit: int = MAX_RECORD) -> Iterator[Record]:
    """Records of ``stream`` (binary, or text). With ``comments``, lines starting
    with ``#`` are skipped. Blank lines are skipped."""
    held: list[str] = []      # lines of an unfinished multi-line JSON value
    start = depth = size = 0

    def unfinished() -> Record:
        last = start + len(held) - 1
        where = f"line {start}" if last == start else f"lines {start}-{last}"
        return Record(start, error=f"{where}: not valid JSON (a '{{' or '[' is not closed)")

    for number, text, problem in _physical_lines(stream, limit):
        if not problem and held:
            if text[:1] in (" ", "\t", "\r", "\n", "}", "]"):   # indented, blank or closing
                held.append(text)
                depth += _depth_change(text)
                size += len(text)
                if size > limit:
                    yield Record(start, error=f"line {start}: a record longer than "
                                              f"{limit} bytes")
                    held, depth = [], 0
                elif depth <= 0:
                    yield Record(start, "".join(held).strip())
                    held, depth = [], 0
                continue
        if held:
            yield unfinished()
            held, depth = [], 0
        if problem:
            yield Record(number, error=problem)
            continue
        stripped = text.strip()
        if not stripped or (comments and stripped.startswith("#")):
            continue
        if stripped[0] in "{[":
            change = _depth_change(stripped)
            if change > 0:
                held, start, depth, size = [text], number, change, len(text)
                continue
        yield Record(number, stripped)
    if held:
        yield unfinished()


def parse_json(record: Record) -> Any:
    """The record's JSON value; :class:`~engine.errors.BeziqueError` when it is not
    JSON, is nested too deeply, or is not readable at all."""
    from engine.errors import BeziqueError, json_problem

    if record.error:
        raise BeziqueError(record.error)
    try:
        return json.loads(record.text)
    except RecursionError:
        raise BeziqueError(f"line {record.line}: JSON nested too deeply") from None
    except ValueError as exc:
        raise BeziqueError(f"line {record.line} is not valid JSON: {json_problem(exc)}"
                           ) from None


def dumps(answer: Any) -> str:
    """One output line. Text that the output cannot encode (lone surrogates echoed
    from the input) is written as JSON escapes instead of failing."""
    text = json.dumps(answer, ensure_ascii=False)
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        text = json.dumps(answer, ensure_ascii=True)
    return text


def printable(text: str) -> str:
    """``text`` with anything the output cannot encode written as escapes."""
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text


def emit(answer: Any) -> None:
    print(dumps(answer), flush=True)


def open_input(name: str) -> IO[Any]:
    """The binary stream for a file name or ``-`` (stdin); ``OSError`` when it
    cannot be opened."""
    if name == "-":
        return getattr(sys.stdin, "buffer", sys.stdin)
    if os.path.isdir(name):
        raise IsADirectoryError(21, "Is a directory", name)
    return open(name, "rb")


def cannot_read(name: str, exc: OSError) -> dict[str, str]:
    return {"error": f"cannot read {name}: {exc.strerror or exc}"}


def nothing_read(name: str) -> dict[str, str]:
    """The one line for an input that holds no record (empty, blank lines, a byte
    order mark only, ``/dev/null``): the command then exits 1."""
    where = "the standard input" if name == "-" else name
    return {"error": f"no request: {where} is empty"}
