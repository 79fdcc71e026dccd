"""Engine text fitted into sentences (checks, hints, the score pad): a capital at the
start, a sentence continued after a colon, a line made a sentence of its own."""

from __future__ import annotations

from collections.abc import Iterable

# Marks that may open a sentence before its first word: «безик» — 40 очков.
_OPENERS = "«\"'(„“"


def capital_first(text: str) -> str:
    """``text`` with its first letter a capital: "bezique" → "Bezique", and past an
    opening quote: ««безик» — 40» → ««Безик» — 40»."""
    start = len(text) - len(text.lstrip(_OPENERS))
    return text[:start] + text[start:start + 1].upper() + text[start + 1:]


def lower_first(text: str) -> str:
    """A sentence continued after a colon: "Both cards..." → "both cards..." (a card
    such as "Q♥" at the start stays as it is)."""
    start = len(text) - len(text.lstrip(_OPENERS))   # past an opening quote: «безик»
    if len(text) > start + 1 and text[start].isupper() and text[start + 1].islower():
        return text[:start] + text[start].lower() + text[start + 1:]
    return text


def continued(text: str, keep: Iterable[str] = ()) -> str:
    """A sentence continued after a verdict's colon: its first word in lower case
    ("Both cards..." → "both cards...", «У вас...» → «у вас...»), unless it is a card
    ("Q♥", "10♣") or a name in ``keep`` ("Anna")."""
    word = text.split(" ", 1)[0].rstrip(",:;.")
    rest = word[1:]
    if not word[:1].isupper() or word in set(keep) or (rest and not (
            rest.isalpha() and rest.islower())):
        return text
    return text[0].lower() + text[1:]


def as_sentence(text: str) -> str:
    """An engine step or explanation line as a sentence of its own."""
    text = text.strip()
    if not text:
        return text
    return capital_first(text) + ("" if text.endswith((".", "!", "?", ")")) else ".")


__all__ = ["as_sentence", "capital_first", "continued", "lower_first"]
