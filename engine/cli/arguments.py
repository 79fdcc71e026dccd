"""Argument types shared by the subcommands: each refuses a value out of its range
with argparse's one usage error line (exit status 2), so no command starts work on
a count, a time or a memory size it cannot honour."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from engine.rules.profile import variant_names


def seconds_arg(text: str) -> float:
    """A time in seconds: more than 0 and at most a day (so never ``nan`` or ``inf``)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0 < value <= 86_400:
        raise argparse.ArgumentTypeError("must be more than 0 and at most 86400")
    return value


def megabytes_arg(text: str) -> int:
    """``--max-memory``: whole megabytes, at least 100."""
    if not (text.isascii() and text.isdigit()) or not 100 <= int(text) <= 1_000_000:
        raise argparse.ArgumentTypeError("must be a whole number of MB from 100 to 1000000")
    return int(text)


def count_arg(low: int, high: int) -> Callable[[str], int]:
    """A whole number from ``low`` to ``high``."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be from {low} to {high}")
        return value

    return parse


def variant_help(default: str = "two-handed") -> str:
    """``--variant``'s help: the names it takes (the profiles in engine/variants)."""
    return f"the variant (default {default}); one of: {', '.join(variant_names())}"


def read_input(name: str, limit: int) -> bytes:
    """The bytes of file ``name`` (``-``: standard input), at most ``limit`` + 1 of them,
    so that a caller can tell a file larger than ``limit``; :class:`OSError` when it
    cannot be read."""
    if name == "-":
        return sys.stdin.buffer.read(limit + 1)
    with open(name, "rb") as handle:
        return handle.read(limit + 1)
