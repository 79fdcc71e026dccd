"""Puzzle themes: the documented list (``puzzles/themes.toml``: id, name and one-line
description in English and Russian) and :func:`derive`, which finds a puzzle's themes
in the engine's results, never in hand-typed tags:

* meld puzzles: the verdicts of :func:`engine.rules.meld_query.query` (declarations,
  refusals and the rule each names), the ``best`` answer's values (computed by
  :mod:`puzzles.meld`) and the cards of the best choice;
* capture puzzles (000): :func:`engine.rules.captures.score_capture`'s answer;
* endgame puzzles: the solver's best line against the refutation of every worse
  card (:func:`puzzles.endgame.themes`), and for captures that keep scoring the
  search with and without combinations (:mod:`puzzles.capture_endgame`);
* drilled decisions from the learner's own games (:mod:`puzzles.drills`) the solver
  does not judge: the hint's reasons for the better move (:func:`from_reasons`, by
  each theme's ``reasons`` in the file).

Every puzzle gets at least one theme: its question's own (``spot_all``,
``which_now``, ``legality``, ``capture_score``, ``only_card``, ``full_value``,
``captures``, ``card_choice``). :func:`documented` keeps an older record's themes to the list.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from engine.notation.cards import is_joker, parse_card

THEMES_FILE = Path(__file__).with_name("themes.toml")
# The theme every puzzle of a (kind, type) carries: what its question practises.
BASE = {("meld", "spot"): "spot_all", ("meld", "best"): "which_now",
        ("meld", "legal"): "legality", ("meld", "capture"): "capture_score",
        ("endgame", "best"): "only_card", ("endgame", "value"): "full_value",
        ("endgame", "capture_best"): "captures", ("play", "drill"): "card_choice",
        # stock puzzles: every question (puzzles.stock_judge.QUESTIONS) practises one idea
        **{("stock", q): "stock_play"
           for q in ("lead", "follow", "win_or_let_go", "declare", "exchange")}}


@dataclass(frozen=True, slots=True)
class Theme:
    id: str
    kinds: tuple[str, ...]
    name: Mapping[str, str]          # language -> name
    description: Mapping[str, str]   # language -> one line
    reasons: tuple[str, ...] = ()    # hint reasons (engine.bots.reasons) that show it


@cache
def catalogue() -> dict[str, Theme]:
    """Every documented theme by id, in the file's order."""
    with open(THEMES_FILE, "rb") as handle:
        data = tomllib.load(handle)
    return {row["id"]: Theme(row["id"], tuple(row["kinds"]),
                             {"en": row["name_en"], "ru": row["name_ru"]},
                             {"en": row["description_en"], "ru": row["description_ru"]},
                             tuple(row.get("reasons", ())))
            for row in data["theme"]}


def name(theme: str, lang: str) -> str | None:
    found = catalogue().get(theme)
    return None if found is None else found.name["ru" if lang == "ru" else "en"]


def description(theme: str, lang: str) -> str:
    found = catalogue().get(theme)
    return "" if found is None else found.description["ru" if lang == "ru" else "en"]


def documented(record: Mapping[str, Any]) -> list[str]:
    """The record's themes that are on the list, its question's theme first (older
    banks also tagged meld kinds as themes; those live in ``melds``)."""
    known = catalogue()
    base = BASE.get((record.get("kind"), record.get("type")))   # type: ignore[arg-type]
    out = [base] if base else []
    out += [t for t in record.get("themes", ()) if t in known and t not in out]
    return out


# --- deriving themes from the engine's results ------------------------------------------

def _reuses(position: Mapping[str, Any]) -> bool:
    held = set(position["hand"]) | set(position["table"])
    return any(set(h["cards"]) & held for h in position["history"])


def _has_joker(cards: Sequence[str]) -> bool:
    return any(is_joker(parse_card(c).id) for c in cards)


def _refusal(rule: str) -> list[str]:
    """``refused`` and the rule's own theme where it has one (``reuse.same_class``)."""
    tail = rule.rsplit(".", 1)[-1]
    return ["refused", *([tail] if tail in catalogue() and tail not in BASE.values() else [])]


def _meld_themes(record: Mapping[str, Any]) -> list[str]:
    from engine.rules.meld_query import query
    from puzzles import meld

    pos, kind, answer = record["position"], record["type"], record["answer"]
    out: list[str] = []
    q = query(dict(pos))
    if kind == "spot":
        if not q["declarations"]:
            out.append("none")
        if q["refused"]:
            out.append("refused")
        if any(_has_joker(d["cards"]) for d in q["declarations"]):
            out.append("joker")
    elif kind == "best":
        values = answer["values"]
        greedy = max(values, key=lambda k: (values[k]["now"], k))
        if values[answer["meld"]]["now"] < values[greedy]["now"]:
            out.append("timing")
        ranked = meld.choices(pos, record["context"]["turns"])
        top = next(c for c in ranked if c.meld == answer["meld"])
        if any(c.meld != top.meld and set(c.cards) < set(top.cards) for c in ranked):
            out.append("sequence_first")   # the meld inside the best one scores later
        if record["context"]["turns"] == 1:
            out.append("stock_ending")
        if _has_joker(meld.cards_text(top.cards)):
            out.append("joker")
    else:
        if not answer["legal"]:
            out += _refusal(answer["rule"])
        if _has_joker(record["question"]["cards"]):
            out.append("joker")
    if _reuses(pos):
        out.append("reuse")
    return out


def _capture_themes(record: Mapping[str, Any]) -> list[str]:
    answer, pos = record["answer"], record["position"]
    out = [] if answer["melds"] else ["nothing"]
    if answer["brisques"]:
        out.append("brisques")
    if len(answer["melds"]) > 1:
        out.append("several")
    used = {c for h in pos["history"] for c in h["cards"]}
    if used & {c for m in answer["melds"] for c in m["cards"]}:
        out.append("reuse")   # a card scores again, in another kind or higher
    return out


def from_reasons(reason_keys: Sequence[str], base: str = BASE[("play", "drill")]) -> list[str]:
    """The themes a decision's reasons show (the keys of its hint's
    :class:`engine.bots.reasons.Reason`), ``base`` first."""
    out = [base]
    for key in reason_keys:
        out += [t.id for t in catalogue().values() if key in t.reasons]
    return list(dict.fromkeys(out))


def derive(record: Mapping[str, Any], solution: Any = None) -> list[str]:
    """The themes of a puzzle from the engine's results, its question's theme first.
    ``solution`` (an endgame's :class:`engine.solver.Solution` with refutations)
    saves solving the position again."""
    kind, kind_type = record["kind"], record["type"]
    out = [BASE[(kind, kind_type)]]
    if kind == "meld" and kind_type == "capture":
        out += _capture_themes(record)
    elif kind == "meld":
        out += _meld_themes(record)
    elif kind == "stock":   # found by the judge in the moves' effects (puzzles.stock_judge)
        out += record.get("themes", [])
    elif kind_type == "capture_best":
        from puzzles import capture_endgame

        out += capture_endgame.themes_of(record["position"])
    else:
        from engine.solver import Position, solve
        from puzzles.lines import themes as line_themes

        if solution is None:
            solution = solve(Position.from_dict(record["position"]), explain=True)
        out += line_themes(solution)
    return list(dict.fromkeys(t for t in out if t in catalogue()))
