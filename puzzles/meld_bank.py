"""Build and re-verify meld puzzle records (one JSON Lines row each).

A record::

    {"id": "m-…", "kind": "meld", "type": "spot" | "best" | "legal",
     "variant": "two-handed", "themes": [...], "melds": [...], "rating": 1234,
     "position": {<a ``bezique melds`` request>},
     "context": {"stock": 12, "turns": 3},
     "question": {"meld": ..., "cards": [...]},     # "legal" only
     "answer": ..., "explanation": [...], "source": {"deal": 123}}

``answer`` is a sorted list of meld kinds (spot), ``{"meld", "total", "values"}``
(best) or ``{"legal", "rule"}`` (legal). The initial rating is a difficulty
estimate (see :func:`difficulty`).
``explanation`` is the engine's English account (:func:`explanation_lines`), kept so a
bank reads on its own; the app words it afresh in the learner's language, and
:func:`verify` reports stored text the engine no longer says (``bezique puzzles text``
rewrites it).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.rules.meld_query import query
from engine.text.explain import meld_name
from puzzles import difficulty as puzzle_difficulty
from puzzles import meld, themes
from puzzles.i18n import tr
from puzzles.ids import puzzle_id
from puzzles.permute import permute_meld_position, shuffled
from puzzles.simulate import DeclareSpot


def question_of(record: Mapping[str, Any]) -> dict[str, Any]:
    """What the id hashes: the position and exactly what is asked."""
    return {"kind": "meld", "type": record["type"], "position": record["position"],
            "question": record.get("question"), "turns": record["context"].get("turns")}


def difficulty(record: Mapping[str, Any]) -> int:
    """Initial rating: the difficulty model (:mod:`puzzles.difficulty`)."""
    return puzzle_difficulty.rating(record)


def explanation_lines(record: Mapping[str, Any], lang: str = "en") -> list[str]:
    """The engine's explanation of a record's answer, in ``lang``, as it words it now.

    The app shows this (in the learner's language) and a bank stores it in English:
    both come from here, so ``verify`` can tell stored text that the engine's
    sentences have since outgrown."""
    if record["type"] == "best":
        return meld.explain_best(record["answer"], record["context"]["turns"], lang)
    q = query(dict(record["position"]), lang)
    if record["type"] == "legal":
        asked = record["question"]
        # The question's own card set: a kind may be listed with other cards too.
        for d in q["declarations"]:
            if d["meld"] == asked["meld"] and list(d["cards"]) == list(asked["cards"]):
                return list(d["explanation"])
        for r in q["refused"]:
            if r["meld"] == asked["meld"] and list(r["cards"]) == list(asked["cards"]):
                return [r["why"]]
        return []   # the engine no longer lists it: verify reports that
    lines = [line for d in q["declarations"] for line in d["explanation"]]
    lines += [f"{meld_name(r['meld'], lang)}: {r['why']}" for r in q["refused"]]
    return lines or [tr(lang, "x.none")]


def with_current_text(record: Mapping[str, Any]) -> dict[str, Any]:
    """The record with its stored explanation in the engine's current English
    wording; every other field kept (``bezique puzzles text``)."""
    return dict(record, explanation=explanation_lines(record))


def _finish(record: dict[str, Any]) -> dict[str, Any]:
    record["explanation"] = explanation_lines(record)
    record["themes"] = themes.derive(record)
    record["rating"] = difficulty(record)
    record["id"] = puzzle_id("m", question_of(record))
    order = ("id", "kind", "type", "variant", "themes", "melds", "rating", "position",
             "context", "question", "answer", "explanation", "source")
    return {k: record[k] for k in order if k in record}


def _base(spot_pos: Mapping[str, Any], kind: str, stock: int) -> dict[str, Any]:
    return {"kind": "meld", "type": kind, "variant": spot_pos["variant"],
            "position": dict(spot_pos),
            "context": {"stock": stock, "turns": meld.turns_for(stock)}}


def spot_record(position: Mapping[str, Any], stock: int, deal: int) -> dict[str, Any]:
    answer = meld.spot_answer(position)
    rec = _base(position, "spot", stock)
    rec.update(melds=answer, answer=answer, source={"deal": deal})
    return _finish(rec)


def best_record(position: Mapping[str, Any], stock: int, deal: int) -> dict[str, Any] | None:
    turns = meld.turns_for(stock)
    answer = meld.best_answer(position, turns)
    if answer is None:
        return None
    rec = _base(position, "best", stock)
    rec.update(melds=sorted(answer["values"]), answer=answer, source={"deal": deal})
    return _finish(rec)


def legal_records(position: Mapping[str, Any], stock: int, deal: int) -> list[dict[str, Any]]:
    """One question per declaration ``query`` lists (legal) and per refusal."""
    q = query(dict(position))
    out = []
    asked = [(d["meld"], d["cards"], True, d["rule"]) for d in q["declarations"]]
    asked += [(r["meld"], r["cards"], False, r["rule"]) for r in q["refused"]]
    for kind, cards, legal, rule in asked:
        rec = _base(position, "legal", stock)
        rec.update(melds=[kind], question={"meld": kind, "cards": list(cards)},
                   answer={"legal": legal, "rule": rule}, source={"deal": deal})
        out.append(_finish(rec))
    return out


def records_from(spot: DeclareSpot) -> dict[str, list[dict[str, Any]]]:
    pos, stock, deal = spot.position, spot.stock, spot.deal_seed
    best = best_record(pos, stock, deal)
    return {"spot": [spot_record(pos, stock, deal)], "best": [best] if best else [],
            "legal": legal_records(pos, stock, deal)}


# --- verification -------------------------------------------------------------------

def solve(record: Mapping[str, Any]) -> Any:
    """The engine's answer to a record's question (for its own position)."""
    pos = record["position"]
    if record["type"] == "spot":
        return meld.spot_answer(pos)
    if record["type"] == "best":
        return meld.best_answer(pos, record["context"]["turns"])
    q = record["question"]
    return meld.legal_answer(pos, q["meld"], q["cards"])


def verify(record: Mapping[str, Any]) -> list[str]:
    """Problems with a record (empty when the engine agrees with it)."""
    problems = []
    try:
        got = solve(record)
    except ValueError as exc:
        return [f"{record.get('id')}: engine refused the position: {exc}"]
    if got != record["answer"]:
        problems.append(f"{record['id']}: answer {record['answer']!r} but engine says {got!r}")
    if record["type"] == "legal":
        q = query(dict(record["position"]))
        listed = q["declarations"] if record["answer"]["legal"] else q["refused"]
        if not any(d["meld"] == record["question"]["meld"] and d["rule"] == record["answer"]
                   ["rule"] for d in listed):
            problems.append(f"{record['id']}: query() does not list this declaration")
    if puzzle_id("m", question_of(record)) != record["id"]:
        problems.append(f"{record['id']}: id does not match the position")
    if not problems and record.get("explanation") != explanation_lines(record):
        problems.append(f"{record['id']}: stale explanation text (the engine words it "
                        f"differently now: bezique puzzles text FILE)")
    return problems


def _structure(record: Mapping[str, Any], answer: Any) -> Any:
    if record["type"] == "best":
        return None if answer is None else (answer["meld"], answer["total"])
    return answer


def fresh_instance(record: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """A suit-permuted copy whose engine answer keeps the original's structure
    (same meld kinds, same verdict and rule); the original if none does."""
    want = _structure(record, record["answer"])
    for perm in shuffled(rng):
        pos = permute_meld_position(record["position"], perm)
        copy = dict(record, position=pos)
        if record["type"] == "legal":
            q = record["question"]
            from puzzles.permute import permute_card

            copy["question"] = {"meld": q["meld"],
                                "cards": [permute_card(t, perm) for t in q["cards"]]}
        try:
            got = solve(copy)
        except ValueError:
            continue
        if _structure(record, got) == want:
            copy["answer"] = got
            copy["permutation"] = perm
            copy["explanation"] = explanation_lines(copy)
            return copy
    return dict(record, permutation="SHDC")
