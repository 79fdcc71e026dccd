"""Stock-play puzzle records (one JSON line each): finding them and verifying them.

A position becomes a puzzle in two steps (:func:`find_puzzle`), as the hand review flags
a decision and :func:`engine.bots.judgement.clearly_best` finds a clearly best move (the
same rule, deals and seeds; this adds the figures a puzzle shows): the *selection*
judges it on :data:`DEALS` deals of the unseen cards (seeded by the position:
:func:`judge_seed`; given up after :data:`SCREEN_DEALS` where some move is already close
to the best), and where one move is clearly best
(:func:`puzzles.stock_judge.is_clear_only_move`) the *confirmation* judges it again on
``CONFIRM_FACTOR`` times the deals drawn by another seed (:func:`confirm_seed`), with
intervals ``CONFIRM_Z`` standard errors wide (:mod:`engine.bots.judgement`: 3 and 3.0),
which must find the same move clearly best. The record's figures are the
confirmation's: the selection picked the position, so its own figures would overstate
the costs (the winner's curse).

A record keeps the position as the deal's save (:meth:`engine.rules.deal.Deal.to_json`:
the deck order and the actions so far, which replay to it exactly), the seat to move,
the answer, every other move with its cost, the cost's interval and the deal counts, the
reasons in the hint's words (:class:`engine.bots.reasons.Reason` keys and parameters,
rendered in either language when shown), the themes, and both budgets and seeds::

    {"id": "s-…", "kind": "stock", "type": "lead" | "follow" | "win_or_let_go" |
     "declare" | "exchange", "variant": "two-handed", "themes": ["stock_play", ...],
     "rating": 1500, "position": {<a deal save>}, "seat": 0, "stock": 22,
     "answer": "play 8H#1", "accepted": ["play 8H#1", "play 8H#2"],
     "why": [{"key": "keep_for", "meld": "four_kings", "cards": ["KH#1", ...], ...}],
     "options": [{"move": "play KH#1", "copies": [...], "cost": 58.3, "low": 31.2,
                  "high": 85.4, "better": 97, "equal": 15, "loses": {...} | null}, ...],
     "judged": {"deals": 120, "seed": 123, "z": 3.0, "screen": 40},
     "selected": {"deals": 40, "seed": 456, "z": 1.96, "screen": 12},
     "source": {"game": 7, ...}}

``options`` lists every other distinct move, the cheapest first; ``cost`` is in points,
``better``/``equal`` count the deals of ``judged.deals`` in which the answer did better /
as well. :func:`verify` judges the position again on ``judged`` (the confirmation) and
refuses a record whose figures are not what it finds (a tampered record) or whose
answer is not clearly the only good move there; by default it also re-runs the
selection, which must have picked the same answer. A stock bank is read like the others
(:func:`puzzles.bank.read`, gzip or not) and verified by :func:`puzzles.bank.verify`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeGuard

from engine.bots.budget import position_seed
from engine.bots.judgement import CONFIRM_FACTOR, CONFIRM_Z
from engine.bots.reasons import CARD_PARAMS, Reason
from engine.errors import BeziqueError
from engine.notation.actions import Action
from engine.notation.cards import Card, parse_card
from engine.rules.deal import Deal
from puzzles import difficulty
from puzzles.ids import puzzle_id
from puzzles.stock_judge import (
    MIN_COST,
    NO_LIMIT,
    StockVerdict,
    Z,
    clear_verdict,
    explained,
    is_clear_only_move,
    judge_position,
    themes_for,
)

KIND = "stock"
PREFIX = "s"
# The selection's deals of the unseen cards and its screen (scripts/bench_stock.py).
DEALS = 40
SCREEN_DEALS = 12
DIGITS = 1   # decimals kept of a cost or interval bound
# The most deals a record's selection may ask its verifier for (its confirmation:
# CONFIRM_FACTOR times as many).
MAX_DEALS = 1000


def question_of(record: Mapping[str, Any]) -> dict[str, Any]:
    """What the id hashes: the position (the seat to move follows from it)."""
    return {"kind": KIND, "position": record["position"]}


def judge_seed(deal: Deal) -> int:
    """The selection's seed, from the position (that of
    :func:`engine.bots.judgement.clearly_best`'s first estimate)."""
    return position_seed(deal, "best")


def confirm_seed(deal: Deal) -> int:
    """The confirmation's seed: another than the selection's, from the position (that of
    :func:`engine.bots.judgement.clearly_best`'s confirming estimate)."""
    return position_seed(deal, "best confirm")


def find_puzzle(deal: Deal, deals: int = DEALS, screen_deals: int | None = SCREEN_DEALS
                ) -> tuple[StockVerdict, StockVerdict] | None:
    """The selection's and the confirmation's verdicts on ``deal`` (the seat to move's
    decision) when one move is clearly best in both, the same move; else None. Raises
    :class:`BeziqueError` where there is nothing to judge (see
    :func:`puzzles.stock_judge.judge_position`)."""
    seat = deal.to_move
    # clear_verdict: judge_position's verdicts, their figures worked out only where
    # the position qualifies (most do not)
    selected = clear_verdict(deal, seat, deals, judge_seed(deal), screen_deals=screen_deals,
                             max_seconds=NO_LIMIT)
    if selected is None:
        return None
    check = clear_verdict(deal, seat, CONFIRM_FACTOR * deals, confirm_seed(deal),
                          CONFIRM_Z, screen_deals=deals, max_seconds=NO_LIMIT)
    return (selected, check) if check is not None and confirms(selected, check) else None


def confirms(selected: StockVerdict, check: StockVerdict) -> bool:
    """Whether ``check`` finds ``selected``'s move clearly the only good one."""
    return check.best.action in selected.best.copies and is_clear_only_move(check)


def record_for(deal: Deal, selected: StockVerdict, confirmed: StockVerdict,
               source: Mapping[str, Any], rating: int | None = None) -> dict[str, Any]:
    """The bank record of a position :func:`find_puzzle` accepted, with the
    confirmation's figures."""
    if not confirms(selected, confirmed):
        raise BeziqueError("only a position with one clearly best move makes a stock puzzle")
    rec: dict[str, Any] = {
        "kind": KIND, "type": confirmed.question, "variant": confirmed.variant,
        "themes": list(confirmed.themes),
        "rating": 1500 if rating is None else rating,
        "position": deal.to_json(), "seat": confirmed.seat, "stock": confirmed.stock,
        "answer": "", "accepted": [], "why": [], "options": [],
        "judged": {"deals": confirmed.budget, "seed": confirmed.seed, "z": confirmed.z,
                   "screen": confirmed.screen_deals},
        "selected": {"deals": selected.budget, "seed": selected.seed, "z": selected.z,
                     "screen": selected.screen_deals},
        "source": dict(source),
    }
    rec.update(record_fields(confirmed))
    if rating is None:
        rec["rating"] = difficulty.rating(rec)
    return {"id": puzzle_id(PREFIX, question_of(rec)), **rec}


def option_json(option: Any) -> dict[str, Any]:
    return {"move": str(option.action), "copies": [str(a) for a in option.copies],
            "cost": round(option.loss, DIGITS), "low": round(option.low, DIGITS),
            "high": round(option.high, DIGITS), "better": option.better,
            "equal": option.equal,
            "loses": None if option.loses is None else reason_json(option.loses)}


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


def judged_again(record: Mapping[str, Any], step: str = "judged") -> StockVerdict:
    """The record's position judged again as its ``step`` says (``judged``: the
    confirmation whose figures it keeps; ``selected``: the selection)."""
    budget = record[step]
    deal = Deal.from_json(record["position"])
    return judge_position(deal, deal.to_move, budget["deals"], budget["seed"],
                          budget.get("z", Z), screen_deals=budget.get("screen"),
                          max_seconds=NO_LIMIT)


def verify(record: Mapping[str, Any], reselect: bool = True) -> list[str]:
    """Problems with a stock record (empty when it holds): a position that does not
    replay, an id that does not match it, figures (answer, costs, intervals, deal
    counts, reasons, themes, question) that are not what the engine finds again on the
    record's ``judged`` budget and seed, an answer that is not clearly the only good
    move there and, with ``reselect``, a selection (``selected``: fewer deals, another
    seed) that did not pick the same answer."""
    rid = record.get("id")
    problem = _budget_problem(record.get("judged"), CONFIRM_FACTOR * MAX_DEALS) or (
        _budget_problem(record.get("selected"), MAX_DEALS) if reselect else "")
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
        problems.append(f"{rid}: on its {again.deals} deals no move is clearly best")
    for name, value in record_fields(again).items():
        if record.get(name) != value:
            problems.append(f"{rid}: {_difference(name, record.get(name), value)}")
    if problems or not reselect:
        return problems
    selected = judged_again(record, "selected")
    if not confirms(selected, again):
        problems.append(f"{rid}: the selection on {selected.deals} deals of another seed "
                        f"does not pick {record['answer']} as the only good move")
    return problems


def _budget_problem(budget: Any, most: int) -> str:
    """Why ``budget`` is not one a verifier may run ("" when it is): whole numbers, at
    most ``most`` deals (a record must not make the verifier search for hours), an
    interval width from 1 to 5 standard errors, a screen within the deals."""
    if not isinstance(budget, dict):
        return "a budget must be an object"
    deals, seed = budget.get("deals"), budget.get("seed")
    z, screen = budget.get("z", Z), budget.get("screen")
    if not _whole(deals) or not 2 <= deals <= most:
        return f"a budget's deals must be a whole number from 2 to {most}"
    if not _whole(seed) or not 0 <= seed < 2 ** 64:
        return "a budget's seed must be a whole number from 0 to 2**64 - 1"
    if not isinstance(z, (int, float)) or isinstance(z, bool) or not 1.0 <= z <= 5.0:
        return "a budget's z must be a number from 1 to 5"
    if screen is not None and (not _whole(screen) or not 1 <= screen <= deals):
        return "a budget's screen must be a whole number of its deals"
    return ""


def _whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def record_fields(verdict: StockVerdict) -> dict[str, Any]:
    """The fields of a record the verdict decides (what :func:`verify` compares)."""
    return {"type": verdict.question, "variant": verdict.variant,
            "themes": list(verdict.themes), "stock": verdict.stock,
            "answer": str(verdict.best.action),
            "accepted": [str(a) for a in verdict.best.copies],
            "why": [reason_json(r) for r in verdict.why],
            "options": [option_json(o) for o in verdict.alternatives]}


def with_current_text(record: Mapping[str, Any]) -> dict[str, Any]:
    """``record`` with its words as the engine now gives them (the reasons, what each
    other move gives up, the themes those decide), without searching again: after the
    hint's wording changes, :func:`verify` then finds them as stored. The answer, the
    figures, the id and the rating are kept. :class:`BeziqueError` when the position
    does not replay or a stored move is not legal in it."""
    try:
        deal = Deal.from_json(record["position"])
        best = Action.parse(record["answer"])
        others = [Action.parse(o["move"]) for o in record["options"]]
    except (BeziqueError, KeyError, TypeError, ValueError) as exc:
        raise BeziqueError(f"{record.get('id')}: the position cannot be read: {exc}") from exc
    legal = set(deal.legal_actions())
    if not others or not {best, *others} <= legal:
        raise BeziqueError(f"{record.get('id')}: its moves are not the position's")
    why, loses = explained(deal, best, others)
    options = [dict(o, loses=None if r is None else reason_json(r))
               for o, r in zip(record["options"], loses, strict=True)]
    return dict(record, themes=list(themes_for(deal, best, why, loses)),
                why=[reason_json(r) for r in why], options=options)


def _difference(name: str, stored: Any, found: Any) -> str:
    """One line on how a record's field differs from what the engine finds: for the
    other moves, the first move and figure that differ."""
    if name == "options" and isinstance(stored, list) and len(stored) == len(found):
        for mine, right in zip(stored, found, strict=True):
            if not isinstance(mine, dict):
                break
            for key, value in right.items():
                if mine.get(key) != value:
                    return (f"the {key} of {right['move']} is {_short(mine.get(key))}, but the "
                            f"engine finds {_short(value)}")
    return (f"{name} is not what the engine finds ({_short(stored)} against "
            f"{_short(found)})")


def _short(value: Any, limit: int = 80) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def answer_of(record: Mapping[str, Any]) -> list[Action]:
    """The moves the record accepts as its answer (the copies of one move)."""
    return [Action.parse(a) for a in record["accepted"]]


__all__ = ["DEALS", "KIND", "MAX_DEALS", "PREFIX", "SCREEN_DEALS",
           "answer_of", "confirm_seed", "confirms", "find_puzzle",
           "judge_seed", "judged_again", "option_json", "question_of", "reason_from_json",
           "reason_json", "record_fields", "record_for", "verify", "with_current_text"]
