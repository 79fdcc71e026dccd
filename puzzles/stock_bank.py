"""Stock-play puzzle records (one JSON line each) and their re-verification.

A record keeps the position as the deal's save (:meth:`engine.rules.deal.Deal.to_json`:
the deck order and the actions so far, which replay to it exactly), the seat to move,
the answer, every other move with its cost, the cost's interval and the deal counts, the
reasons in the hint's words (as :class:`engine.bots.reasons.Reason` keys and parameters,
rendered in either language when shown), the themes, and the budget and seed the figures
rest on::

    {"id": "s-…", "kind": "stock", "type": "lead" | "follow" | "win_or_let_go" |
     "declare" | "exchange", "variant": "two-handed", "themes": ["stock_play", ...],
     "rating": 1500, "position": {<a deal save>}, "seat": 0, "stock": 22,
     "answer": "play 8H#1", "accepted": ["play 8H#1", "play 8H#2"],
     "why": [{"key": "keep_for", "meld": "four_kings", ...}],
     "options": [{"move": "play KH#1", "copies": [...], "cost": 58.3, "low": 31.2,
                  "high": 85.4, "better": 97, "equal": 15, "loses": {...} | null}, ...],
     "judged": {"deals": 120, "seed": 123, "z": 1.96},
     "source": {"game": 7, ...}}

``options`` lists every other distinct move, the cheapest first; ``cost`` is in points,
``better``/``equal`` count the deals of ``judged.deals`` where the answer did better /
as well. :func:`verify` refuses a record whose figures are not what the engine computes
again from its position, budget and seed (a tampered record), or whose answer does not
hold on :data:`CONFIRM_FACTOR` times the deals drawn by another seed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.bots.budget import save_seed
from engine.bots.reasons import CARD_PARAMS, Reason
from engine.errors import BeziqueError
from engine.notation.actions import Action
from engine.notation.cards import Card, parse_card
from engine.rules.deal import Deal
from puzzles.ids import puzzle_id
from puzzles.stock_judge import (
    MIN_COST,
    StockVerdict,
    Z,
    is_clear_only_move,
    judge_position,
)

KIND = "stock"
PREFIX = "s"
# The confirming search's deals as a multiple of the judged ones (the hand review's
# own factor: engine.bots.review.CONFIRM_FACTOR).
CONFIRM_FACTOR = 3
DIGITS = 1   # decimals kept of a cost or interval bound
# The most deals a record may ask its verifier to judge on (the confirmation searches
# CONFIRM_FACTOR times as many).
MAX_DEALS = 1000


def question_of(record: Mapping[str, Any]) -> dict[str, Any]:
    """What the id hashes: the position (the seat to move follows from it)."""
    return {"kind": KIND, "position": record["position"]}


def confirm_seed(record: Mapping[str, Any]) -> int:
    """The confirming search's seed: another than the judged one, from the position."""
    return save_seed(Deal.from_json(record["position"]).dumps(), "stock-confirm")


def record_for(deal: Deal, verdict: StockVerdict, source: Mapping[str, Any],
               rating: int | None = None) -> dict[str, Any]:
    """The bank record of ``verdict`` on ``deal`` (a position one move is clearly best
    in: :func:`puzzles.stock_judge.is_clear_only_move`)."""
    if not is_clear_only_move(verdict):
        raise BeziqueError("only a position with one clearly best move makes a stock puzzle")
    best = verdict.best
    rec: dict[str, Any] = {
        "kind": KIND, "type": verdict.question, "variant": verdict.variant,
        "themes": list(verdict.themes),
        "rating": initial_rating(verdict) if rating is None else rating,
        "position": deal.to_json(), "seat": verdict.seat, "stock": verdict.stock,
        "answer": str(best.action), "accepted": [str(a) for a in best.copies],
        "why": [reason_json(r) for r in verdict.why],
        "options": [option_json(o) for o in verdict.alternatives],
        "judged": {"deals": verdict.budget, "seed": verdict.seed, "z": verdict.z},
        "source": dict(source),
    }
    rec["id"] = puzzle_id(PREFIX, question_of(rec))
    return {"id": rec.pop("id"), **rec}


def option_json(option: Any) -> dict[str, Any]:
    return {"move": str(option.action), "copies": [str(a) for a in option.copies],
            "cost": round(option.loss, DIGITS), "low": round(option.low, DIGITS),
            "high": round(option.high, DIGITS), "better": option.better,
            "equal": option.equal,
            "loses": None if option.loses is None else reason_json(option.loses)}


def initial_rating(verdict: StockVerdict) -> int:
    """A first guess at the difficulty, until the difficulty model learns the kind: a
    close runner-up (a small cost) and many moves to choose from make a puzzle harder."""
    runner_up = verdict.alternatives[0].loss
    close = max(0.0, 60.0 - runner_up) * 5.0          # up to 300 for a cost near 10
    return int(round(1200 + close + 25 * (len(verdict.options) - 2)))


def reason_json(reason: Reason) -> dict[str, Any]:
    """A reason as plain data: its key and parameters, cards in the save's notation."""
    out: dict[str, Any] = {"key": reason.key}
    for name, value in reason.params:
        if name in CARD_PARAMS and isinstance(value, int):
            out[name] = str(Card.from_id(value))
        elif name == "cards" and isinstance(value, tuple):
            out[name] = [str(Card.from_id(c)) for c in value]
        else:
            out[name] = value
    return out


def reason_from_json(data: Mapping[str, Any]) -> Reason:
    """:func:`reason_json` read back (:class:`BeziqueError` on a malformed one)."""
    key = data.get("key")
    if not isinstance(key, str):
        raise BeziqueError("a reason needs a key")
    params: dict[str, object] = {}
    for name, value in data.items():
        if name == "key":
            continue
        if name in CARD_PARAMS and isinstance(value, str):
            params[name] = parse_card(value).id
        elif name == "cards" and isinstance(value, list):
            params[name] = tuple(parse_card(c).id for c in value)
        else:
            params[name] = value
    return Reason(key, **params)


def judged_again(record: Mapping[str, Any], deals: int | None = None,
                 seed: int | None = None) -> StockVerdict:
    """The record's position judged again: on its own budget and seed by default."""
    judged = record["judged"]
    deal = Deal.from_json(record["position"])
    return judge_position(deal, deal.to_move, judged["deals"] if deals is None else deals,
                          judged["seed"] if seed is None else seed, judged.get("z", Z))


def confirmed(record: Mapping[str, Any]) -> StockVerdict:
    """The confirming judgement: :data:`CONFIRM_FACTOR` times the deals, another seed."""
    return judged_again(record, CONFIRM_FACTOR * record["judged"]["deals"], confirm_seed(record))


def verify(record: Mapping[str, Any], confirm: bool = True) -> list[str]:
    """Problems with a stock record (empty when it holds): a position that does not
    replay, an id that does not match it, figures (answer, costs, intervals, deal
    counts, reasons, themes, question) that are not what the engine computes again on
    the record's budget and seed, and, with ``confirm``, an answer that is not still
    the one clearly best move on :data:`CONFIRM_FACTOR` times the deals drawn by
    another seed (:func:`confirm_seed`)."""
    rid = record.get("id")
    problem = _budget_problem(record.get("judged"))
    if problem:
        return [f"{rid}: {problem}"]
    try:
        deal = Deal.from_json(record["position"])
        if deal.to_move != record["seat"]:
            return [f"{rid}: the seat to move is player {deal.to_move + 1}, not "
                    f"{record['seat'] + 1}"]
        again = judged_again(record)
    except (BeziqueError, KeyError, TypeError, ValueError) as exc:
        return [f"{rid}: the position cannot be judged: {exc}"]
    problems = []
    if puzzle_id(PREFIX, question_of(record)) != rid:
        problems.append(f"{rid}: id does not match the position")
    if not is_clear_only_move(again, MIN_COST):
        problems.append(f"{rid}: no move is clearly best on its own deals")
    fresh = record_fields(again)
    for name, value in fresh.items():
        if record.get(name) != value:
            problems.append(f"{rid}: {name} is not what the engine finds "
                            f"({_short(record.get(name))} against {_short(value)})")
    if problems or not confirm:
        return problems
    check = confirmed(record)
    if check.best.action not in again.best.copies:
        problems.append(f"{rid}: on {check.deals} deals of another seed the best move is "
                        f"{check.best.action}, not {record['answer']}")
    elif not is_clear_only_move(check, MIN_COST):
        problems.append(f"{rid}: on {check.deals} deals of another seed the answer is not "
                        "clearly the only good move")
    return problems


def _budget_problem(judged: Any) -> str:
    """Why ``judged`` is not a budget a verifier may run ("" when it is): whole numbers,
    at most :data:`MAX_DEALS` deals (a record must not make the verifier search for
    hours), an interval width from 1 to 5 standard errors."""
    if not isinstance(judged, dict):
        return "'judged' must be an object"
    deals, seed, z = judged.get("deals"), judged.get("seed"), judged.get("z", Z)
    if not isinstance(deals, int) or isinstance(deals, bool) or not 2 <= deals <= MAX_DEALS:
        return f"'judged.deals' must be a whole number from 2 to {MAX_DEALS}"
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2 ** 64:
        return "'judged.seed' must be a whole number from 0 to 2**64 - 1"
    if not isinstance(z, (int, float)) or isinstance(z, bool) or not 1.0 <= z <= 5.0:
        return "'judged.z' must be a number from 1 to 5"
    return ""


def record_fields(verdict: StockVerdict) -> dict[str, Any]:
    """The fields of a record the verdict decides (what :func:`verify` compares)."""
    return {"type": verdict.question, "variant": verdict.variant,
            "themes": list(verdict.themes), "stock": verdict.stock,
            "answer": str(verdict.best.action),
            "accepted": [str(a) for a in verdict.best.copies],
            "why": [reason_json(r) for r in verdict.why],
            "options": [option_json(o) for o in verdict.alternatives]}


def _short(value: Any, limit: int = 80) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def answer_of(record: Mapping[str, Any]) -> list[Action]:
    """The moves the record accepts as its answer (the copies of one move)."""
    return [Action.parse(a) for a in record["accepted"]]


__all__ = ["CONFIRM_FACTOR", "KIND", "PREFIX", "answer_of", "confirm_seed", "confirmed",
           "initial_rating", "judged_again", "option_json", "question_of", "reason_from_json",
           "reason_json", "record_fields", "record_for", "verify"]
