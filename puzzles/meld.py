"""Meld puzzles: questions about a ``bezique melds`` position, answered by the engine.

Every answer here comes from :mod:`engine.rules.melds` (``query`` and the verdicts it is
built from); this module never restates a rule. Three question types:

``spot``
    "Spot every legal declaration": the answer is the set of meld kinds in
    ``query(position)["declarations"]``.
``best``
    "Which declaration now?" — under one scored declaration per trick won (Cady's
    rule: extra exposed melds only *wait*, so they score on a later trick too),
    the reuse classes and the end of the stock. The evaluation, stated in the
    puzzle: *you will win every trick until the stock runs out, which gives*
    ``turns`` *declaration turns, this one included* (``turns = stock // 2``,
    capped at :data:`MAX_TURNS`), *and you keep the cards you hold now*. The value
    of a choice is its points plus the most the remaining turns can add, found by
    searching every order of the engine's legal declarations on the hypothetical
    history after each choice. Ties go to the choice that scores more *now* (a
    trick may be lost, the stock may run out). The puzzle is kept only when the
    best meld kind is unique.
``legal``
    "Is this legal, and why?": a given declaration; the answer is legal/refused
    and the rule id ``query`` reports (``meld.KIND`` when legal, e.g.
    ``reuse.same_class`` when refused).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from engine.errors import PositionError
from engine.notation.cards import Card, Suit, parse_card
from engine.rules.meld_query import query
from engine.rules.melds import (
    ScoredMeld,
    Verdict,
    all_verdicts,
    candidate_sets,
    check_reuse,
    fixes_trump,
    judge,
)
from engine.rules.profile import Profile, load_profile
from engine.rules.tricks import suit_of
from engine.text.explain import meld_name

MAX_TURNS = 3
TYPES = ("spot", "best", "legal")
REFUSAL_RULES = ("reuse.same_class", "reuse.partner_swap")


@dataclass(frozen=True, slots=True)
class Parsed:
    profile: Profile
    trump: int | None
    holding: frozenset[int]
    history: tuple[ScoredMeld, ...]


def parse(position: Mapping[str, Any]) -> Parsed:
    """Validate with ``query`` (it raises :class:`PositionError` on bad input)
    and return the position as engine values."""
    query(dict(position))
    profile = load_profile(position.get("variant", "two-handed"))
    trump_text = position.get("trump")
    trump = None if trump_text is None else int(Suit.parse(trump_text))
    holding = frozenset(parse_card(t).id for t in [*position.get("hand", []),
                                                   *position.get("table", [])])
    history = tuple(ScoredMeld(h["meld"], frozenset(parse_card(t).id for t in h["cards"]))
                    for h in position.get("history", []))
    return Parsed(profile, trump, holding, history)


def _played(p: Parsed, history: Sequence[ScoredMeld]) -> frozenset[int]:
    # The same convention as engine.rules.meld_query.query: scored cards no longer held.
    return frozenset(c for h in history for c in h.cards) - p.holding


def _twin_pool(p: Parsed, history: Sequence[ScoredMeld]) -> frozenset[int]:
    """The holding with at most as many *twins* as one meld can use: twins are
    held copies of one kind that belong to the same earlier melds, so swapping
    them changes nothing; every declaration from the whole holding is a swap of
    twins away from one from this pool (same kind, legality and points)."""
    most = max(spec.count for spec in p.profile.melds)
    groups: dict[tuple[int, frozenset[int]], int] = {}
    keep = []
    for card in sorted(p.holding):
        melds = frozenset(i for i, h in enumerate(history) if card in h.cards)
        key = (card % 32, melds)
        if groups.get(key, 0) < most:
            groups[key] = groups.get(key, 0) + 1
            keep.append(card)
    return frozenset(keep)


def legal_options(p: Parsed, history: Sequence[ScoredMeld] | None = None) -> list[Verdict]:
    """Every legal declaration (kind and card set) on ``history`` (default: the
    position's own), in the engine's order, without duplicates. Verdicts come
    without explanation steps: the search only needs legality and points."""
    hist = p.history if history is None else tuple(history)
    seen: set[tuple[str, tuple[int, ...]]] = set()
    out: list[Verdict] = []
    for v in all_verdicts(p.profile, p.trump, _twin_pool(p, hist), hist, _played(p, hist),
                          explain=False):
        key = (v.spec.kind, tuple(sorted(v.cards)))
        if v.legal and key not in seen:
            seen.add(key)
            out.append(v)
    return out


def after(p: Parsed, v: Verdict) -> Parsed:
    """The position once ``v`` is declared: trumps as the engine's deal fixes them
    (the first marriage, or sequence, names trumps for the rest of the deal)."""
    if fixes_trump(v.spec, p.trump, p.profile.declaring.trump_from):
        return replace(p, trump=suit_of(min(v.cards)))
    return p


def spot_answer(position: Mapping[str, Any]) -> list[str]:
    return sorted({d["meld"] for d in query(dict(position))["declarations"]})


# --- "which declaration now?" ------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Choice:
    meld: str
    cards: tuple[int, ...]
    points: int
    total: int                  # points now + best continuation
    plan: tuple[tuple[str, int], ...]  # the continuation: (meld, points) per later turn


def canonical_state(p: Parsed, history: Sequence[ScoredMeld]
                    ) -> tuple[frozenset[int], frozenset[ScoredMeld]]:
    """The holding and ``history`` with the copies of each kind renumbered.

    Copies of one kind are interchangeable: the declarations open later depend
    only on which copies are held and which earlier melds each belongs to. The
    copies in play are sorted by that (held, kinds of their melds, then id) and
    given the kind's lowest ids, so histories that differ by an exchange of
    identical copies usually share one form. The result is a renumbering of the
    real state, so it always has the same continuation (sound for a memo key).
    """
    holding = p.holding
    melds_of: dict[int, list[str]] = {}
    for h in history:
        kind = h.kind
        for c in h.cards:
            melds_of.setdefault(c, []).append(kind)
    by_kind: dict[int, list[int]] = {}
    for c in holding | melds_of.keys():
        by_kind.setdefault(c & 31, []).append(c)
    relabel: dict[int, int] = {}
    for card_kind, cards in by_kind.items():
        if len(cards) > 1:
            cards.sort(key=lambda c: (c not in holding, sorted(melds_of.get(c, ())), c))
        for i, c in enumerate(cards):
            relabel[c] = card_kind + 32 * i
    return (frozenset([relabel[c] for c in holding]),
            frozenset([ScoredMeld(h.kind, frozenset([relabel[c] for c in h.cards]))
                       for h in history]))


Memo = dict[tuple[Any, ...], tuple[int, tuple[tuple[str, int], ...]]]


def _last_turn(p: Parsed, history: tuple[ScoredMeld, ...]
               ) -> tuple[int, tuple[tuple[str, int], ...]]:
    """The best single declaration on ``history``: the melds are tried from the
    most points down (profile order among equals, as the engine lists them),
    and the first legal card set ends the search."""
    pool = _twin_pool(p, history)
    played = _played(p, history)
    specs = [spec for spec in p.profile.melds
             if spec.pattern != "carte_blanche" and spec.points > 0]
    for points in sorted({spec.points for spec in specs}, reverse=True):
        for spec in specs:
            if spec.points != points:
                continue
            for cards in candidate_sets(p.profile, spec, p.trump, pool):
                if check_reuse(p.profile, spec, cards, history, played, explain=False)[0]:
                    return points, ((spec.kind, points),)
    return 0, ()


def _richest(p: Parsed, memo: Memo) -> int:
    """Most points one declaration can score from the holding (any card set
    that forms a meld, legal or not): a bound on every later turn."""
    found = memo.get(("richest", p.trump))
    if found is None:
        pool = sorted(p.holding)
        top = max((spec.points for spec in p.profile.melds if spec.pattern != "carte_blanche"
                   and next(iter(candidate_sets(p.profile, spec, p.trump, pool)), None)),
                  default=0)
        memo[("richest", p.trump)] = found = (top, ())
    return found[0]


def _continuation(p: Parsed, history: tuple[ScoredMeld, ...], turns: int, memo: Memo
                  ) -> tuple[int, tuple[tuple[str, int], ...]]:
    if turns <= 0:
        return 0, ()
    key = (*canonical_state(p, history), p.trump, turns)
    if key in memo:
        return memo[key]
    if turns == 1:
        memo[key] = found = _last_turn(p, history)
        return found
    best: tuple[int, tuple[tuple[str, int], ...]] = (0, ())
    best_index = -1
    most = _richest(p, memo) * (turns - 1)
    options = list(enumerate(legal_options(p, history)))
    # Richest declarations first, so the bound below prunes early; among equal
    # totals the first in the engine's order wins, as if scanned in that order.
    options.sort(key=lambda iv: -iv[1].points)
    for index, v in options:
        top = v.points + most
        if top < best[0] or (top == best[0] and index > best_index):
            continue  # cannot beat the best found
        rest, plan = _continuation(after(p, v),
                                   (*history, ScoredMeld(v.spec.kind, frozenset(v.cards))),
                                   turns - 1, memo)
        total = v.points + rest
        if total > best[0] or (total == best[0] and total > 0 and index < best_index):
            best = (total, ((v.spec.kind, v.points), *plan))
            best_index = index
    memo[key] = best
    return best


def choices(position: Mapping[str, Any], turns: int) -> list[Choice]:
    """Every legal declaration now with its value over ``turns`` turns, best first."""
    p = parse(position)
    memo: Memo = {}
    out = []
    for v in legal_options(p):
        history = (*p.history, ScoredMeld(v.spec.kind, frozenset(v.cards)))
        rest, plan = _continuation(after(p, v), history, turns - 1, memo)
        out.append(Choice(v.spec.kind, tuple(sorted(v.cards)), v.points, v.points + rest, plan))
    out.sort(key=lambda c: (-c.total, -c.points, c.meld, c.cards))
    return out


def best_answer(position: Mapping[str, Any], turns: int) -> dict[str, Any] | None:
    """The unique best meld kind, or ``None`` when there is no real choice or a tie."""
    ranked = choices(position, turns)
    if len({c.meld for c in ranked}) < 2:
        return None
    top = (ranked[0].total, ranked[0].points)
    best_kinds = {c.meld for c in ranked if (c.total, c.points) == top}
    if len(best_kinds) != 1:
        return None
    by_kind: dict[str, Choice] = {}
    for c in ranked:
        by_kind.setdefault(c.meld, c)
    return {
        "meld": ranked[0].meld,
        "total": ranked[0].total,
        "values": {k: {"now": c.points, "total": c.total, "plan": [m for m, _ in c.plan]}
                   for k, c in by_kind.items()},
    }


def turns_for(stock: int) -> int:
    """Declaration turns left, this one included, if every trick is won."""
    return max(1, min(MAX_TURNS, stock // 2))


# --- "is this legal?" ---------------------------------------------------------------

def legal_answer(position: Mapping[str, Any], meld: str, cards: Sequence[str]) -> dict[str, Any]:
    """Legal or refused, with the rule id (the engine's verdict on these cards)."""
    p = parse(position)
    if not p.profile.has_meld(meld):
        raise PositionError(f"unknown meld {meld!r}")
    ids = [parse_card(t).id for t in cards]
    if not set(ids) <= p.holding:
        raise PositionError("the declaration uses a card the player does not hold")
    v = judge(p.profile, p.profile.meld(meld), p.trump, ids, p.history, _played(p, p.history))
    return {"legal": v.legal, "rule": v.rule_id}


# --- explanations, in either language -----------------------------------------------

def explain(position: Mapping[str, Any], lang: str = "en") -> dict[str, list[str]]:
    """For each meld kind the engine considers: its verdict's steps, rendered."""
    p = parse(position)
    out: dict[str, list[str]] = {}
    refused: dict[str, list[str]] = {}
    for v in all_verdicts(p.profile, p.trump, p.holding, p.history, _played(p, p.history)):
        lines = [s.render(lang) for s in v.steps]
        if v.legal:
            out.setdefault(v.spec.kind, lines)
        else:
            refused.setdefault(v.spec.kind, lines)
    for kind, lines in refused.items():
        out.setdefault(kind, lines)
    return out


def explain_best(answer: Mapping[str, Any], turns: int, lang: str = "en") -> list[str]:
    """Why the best choice is best: each kind's value over the turns left."""
    lines = []
    ru = lang == "ru"
    lines.append(f"Ходов с объявлением до конца колоды: {turns}." if ru else
                  f"Declaration turns left before the stock runs out: {turns}.")
    for kind, value in sorted(answer["values"].items(), key=lambda kv: -kv[1]["total"]):
        plan = ", ".join(meld_name(m, lang) for m in value["plan"])
        then = (f", затем {plan}" if ru else f", then {plan}") if plan else ""
        lines.append(f"{meld_name(kind, lang)}: {value['now']}{then} = {value['total']}")
    return lines


def cards_text(cards: Sequence[int]) -> list[str]:
    return [str(Card.from_id(c)) for c in cards]


@lru_cache(maxsize=4096)
def _kinds_cached(text: str) -> tuple[str, ...]:
    import json

    return tuple(spot_answer(json.loads(text)))
