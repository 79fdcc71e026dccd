"""The command line speaks to a player (review 2, defect 13): ``bezique --help``
describes the program (no ``double backticks``, no module paths), ``--variant``
lists the names it takes, and ``--lang ru`` prints one notation, Russian: event
names, seats and the card letters Т К Д В, never "trick P2 A♠#2 … а Т♠ нет"."""

from __future__ import annotations

import contextlib
import io
import re

import pytest

from engine.cli import main
from engine.rules.profile import variant_names
from engine.text.event_names import EVENT_NAMES


def run(*argv: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):
        main(list(argv))
    return out.getvalue()


def test_help_describes_the_program() -> None:
    text = run("--help")
    assert "``" not in text and "engine/" not in text and "register(" not in text
    assert "Bezique from the command line" in text
    assert "--help" in text.split("options:")[-1]


@pytest.mark.parametrize("command", ["play", "arena", "puzzles generate"])
def test_variant_help_lists_every_name(command: str) -> None:
    text = run(*command.split(), "--help")
    flat = re.sub(r"-?\n\s*", lambda m: "-" if m.group(0).startswith("-") else " ", text)
    for name in variant_names():
        assert name in flat, (command, name)


@pytest.mark.parametrize("variant", variant_names())
def test_the_russian_log_has_no_latin_letters(variant: str) -> None:
    text = run("play", "--variant", variant, "--seed", "1", "--lang", "ru", "--game")
    assert text
    assert not re.findall(r"[A-Za-z]", text), re.findall(r".*[A-Za-z].*", text)[:5]


@pytest.mark.parametrize("variant", variant_names())
def test_every_event_has_a_name(variant: str) -> None:
    text = run("play", "--variant", variant, "--seed", "2", "--game")
    heads = [m.group(1).strip() for m in re.finditer(r"^(.{17}) (?:P\d+|-) ", text, re.M)]
    english = {en for en, _ in EVENT_NAMES.values()}
    assert heads and set(heads) <= english, set(heads) - english
