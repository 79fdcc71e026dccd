"""The trainer side of Fildinski's own puzzles (000): "what does this capture
score?" (meld bank, type ``capture``) and the play-off where captures keep
scoring (endgame bank, type ``capture_best``). Pages call these functions; the
answers come from the records, which the engine's capture scoring verified
(:mod:`puzzles.capture_bank`, :mod:`puzzles.capture_endgame`).

The learner answers a capture puzzle with the combinations scored (a kind may
score twice in one capture, e.g. two marriages: the option ``marriage*2``) and
the capture's total.

    >>> options = capture_options({"variant": "fildinski"})
    >>> "bezique" in options and "marriage*2" in options
    True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from engine.rules.meld_query import capture_query
from engine.rules.profile import load_profile
from engine.text.explain import meld_name
from puzzles.i18n import tr

TWICE = "*2"


def is_capture(record: Mapping[str, Any] | None) -> bool:
    return record is not None and record.get("type") in ("capture", "capture_best")


def capture_options(record: Mapping[str, Any]) -> list[str]:
    """Every combination kind of the variant, once and twice (``kind*2``)."""
    kinds = [m.kind for m in load_profile(record["variant"]).melds
             if m.pattern != "carte_blanche"]
    return [*kinds, *(k + TWICE for k in kinds)]


def option_label(option: str, lang: str) -> str:
    if option.endswith(TWICE):
        return tr(lang, "c.twice", meld=meld_name(option[:-len(TWICE)], lang))
    return meld_name(option, lang)


def chosen_kinds(options: Iterable[str]) -> Counter[str]:
    """The multiset of kinds an answer names (``kind*2`` counts two)."""
    counts: Counter[str] = Counter()
    for option in options:
        kind = option.removesuffix(TWICE)
        counts[kind] = max(counts[kind], 2 if option.endswith(TWICE) else 1)
    return counts


def check_capture(record: Mapping[str, Any], options: Iterable[str] | None,
                  total: Any) -> tuple[bool, dict[str, float]]:
    """(correct, per-kind scores): right when the combinations named are exactly those
    scored (with their number) and the total is the capture's total."""
    truth = Counter(m["meld"] for m in record["answer"]["melds"])
    given = chosen_kinds(options or [])
    scopes = {f"meld:{k}": float(given[k] == truth[k]) for k in set(given) | set(truth)}
    try:
        total_ok = int(total) == int(record["answer"]["total"])
    except (TypeError, ValueError):
        total_ok = False
    return given == truth and total_ok, scopes


def answer_text(record: Mapping[str, Any], lang: str) -> str:
    answer = record["answer"]
    melds = ", ".join(f"{meld_name(m['meld'], lang)} ({m['points']})" for m in answer["melds"])
    return tr(lang, "c.answer_sevens" if answer.get("sevens") else "c.answer",
              melds=melds or tr(lang, "a.none"), brisques=answer["brisques"],
              sevens=answer.get("sevens", 0), total=answer["total"])


def explanation(record: Mapping[str, Any], lang: str) -> list[str]:
    """The engine's reasons, step by step, in the learner's language."""
    result = capture_query(dict(record["position"]), lang)
    lines = [tr(lang, "c.brisques", points=result["brisques"])]
    if result["laid_out"]:
        lines.append(tr(lang, "c.laid_out", count=len(result["laid_out"])))
    lines += ["; ".join(d["explanation"]) for d in result["declarations"]]
    lines += ["; ".join(s["explanation"]) for s in result["sevens"]]
    lines.append(tr(lang, "c.total", total=result["total"]))
    return lines


def hints(record: Mapping[str, Any], lang: str) -> list[str]:
    """How many combinations, then the brisques, then the first combination's kind."""
    melds = record["answer"]["melds"]
    ladder = [tr(lang, "c.hint_count", count=len(melds)),
              tr(lang, "c.brisques", points=record["answer"]["brisques"])]
    if melds:
        ladder.append(tr(lang, "c.hint_first", meld=meld_name(melds[0]["meld"], lang)))
    return ladder


# --- the play-off where captures keep scoring ------------------------------------------

def best_moves(record: Mapping[str, Any]) -> list[str]:
    """The cards the learner may choose from (the legal ones), hand order."""
    return sorted(record["moves"])


def check_best(record: Mapping[str, Any], face: str | None) -> bool:
    return face in record["best"]


def move_lines(record: Mapping[str, Any], lang: str, show: Any) -> list[str]:
    """Each legal card's value with best play after it (the solver's figures), best first."""
    moves = sorted(record["moves"].items(), key=lambda kv: -kv[1])
    return [tr(lang, "c.move_value", card=show(face), value=value) for face, value in moves]
