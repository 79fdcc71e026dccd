"""The trainer: picking puzzles, checking answers, hint ladders, credit, and the
endgame play-out against the solver. Pages call these functions; all state they
keep is plain data (dicts and lists) fit for ``st.session_state``.

Credit: a correct answer scores :data:`HINT_CREDIT` by the number of hints taken
(1.0, 0.5, 0.25, then 0 once the cards are shown); a wrong answer scores 0.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

from engine.errors import BeziqueError, PositionError
from engine.notation.cards import card_text, parse_card
from engine.rules.meld_query import query
from engine.rules.profile import load_profile
from engine.solver import paranoid_reply
from engine.text.explain import meld_name, points_ru
from puzzles import bank, card_loss, drills, endgame, ladder, meld_bank, srs
from puzzles.i18n import rule_name, suit_name, suit_to_play, theme_name, tr
from puzzles.store import AttemptResult, ProgressStore

HINT_CREDIT = (1.0, 0.5, 0.25, 0.0)


def credit(correct: bool, hints: int) -> float:
    if not correct:
        return 0.0
    return HINT_CREDIT[min(max(hints, 0), len(HINT_CREDIT) - 1)]


def hint_cost(hints: int) -> tuple[float, float]:
    """What a right answer counts now, with ``hints`` taken, and after one more hint:
    what the hint button says before the hint is taken."""
    return credit(True, hints), credit(True, hints + 1)


def show_card(token: str, lang: str = "en") -> str:
    """A card for people: ``Q♠`` (``Д♠`` in Russian), copy marks dropped."""
    return card_text(parse_card(token), lang)


def show_cards(tokens: Iterable[str], lang: str = "en") -> str:
    return " ".join(show_card(t, lang) for t in tokens)


def position_cards(tokens: Iterable[str], position: Mapping[str, Any], lang: str = "en") -> str:
    """Cards a meld position's words name (its question, history and hints) as the card
    table beside them draws them: a copy mark only where a kind repeats among the hand
    and the table (:func:`engine.notation.cards.copies_in_question`, the table's rule),
    e.g. "K♠#1 Q♠" when both K♠ lie there and only the first has scored."""
    shown = [*position.get("hand", ()), *position.get("table", ())]
    return " ".join(card_text(token, lang, among=shown) for token in tokens)


# --- choosing a puzzle ---------------------------------------------------------------

def fresh_instance(record: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    if record.get("type") in ("capture", "capture_best") or record["kind"] == "stock":
        # stock play: a deal's save (deck order and actions) is served as it is
        # 000: the bezique's cards and the trump suit are not symmetric under a suit
        # permutation (Q♠ J♦ stay the pair), so a review serves the puzzle as it is.
        return dict(record)
    if record["kind"] == "meld":
        return meld_bank.fresh_instance(record, rng)
    return endgame.fresh_instance(record, rng)


# The record types the trainer pages present; "capture" and "capture_best" are
# Fildinski's own (000, :mod:`puzzles.capture_trainer`).
PRESENTED = {"meld": ("spot", "best", "legal", "capture"),
             "endgame": ("best", "value", "capture_best"),
             "stock": ("lead", "follow", "win_or_let_go", "declare", "exchange")}


def _served(item: str, kind: str, pool: Sequence[Mapping[str, Any]],
            by_id: Mapping[str, Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The puzzles of ``pool`` a due review ``item`` is served as: its own puzzle, or
    for a weak meld kind every meld puzzle with that meld (empty: not served here)."""
    prefix, _, name = item.partition(":")
    if prefix == "puzzle" and name in by_id:
        return [by_id[name]]
    if prefix == "meld" and kind == "meld":
        return [r for r in pool if name in r.get("melds", [])]
    return []


def due_reviews(store: ProgressStore, learner: str, kind: str, variant: str,
                at: datetime | None = None) -> list[str]:
    """The due reviews (spaced repetition, :mod:`puzzles.srs`) that the trainer of
    ``kind`` serves for ``variant``: what Home's "Today's review" counts for it."""
    pool = [r for r in bank.load_for(kind, variant) if r.get("type") in PRESENTED.get(kind, ())]
    by_id = {r["id"]: r for r in pool}
    return [item for item in srs.due(store, learner, at) if _served(item, kind, pool, by_id)]


def _due_puzzle(store: ProgressStore, learner: str, kind: str, rng: random.Random,
                pool: Sequence[Mapping[str, Any]], at: datetime | None) -> dict[str, Any] | None:
    by_id = {r["id"]: r for r in pool}
    for item in srs.due(store, learner, at):
        fits = _served(item, kind, pool, by_id)
        if fits:
            return dict(fresh_instance(rng.choice(fits), rng), review=item)
    return None


def due_puzzle(store: ProgressStore, learner: str, kind: str, rng: random.Random,
               variant: str, types: Sequence[str] | None = None,
               at: datetime | None = None,
               avoid: Collection[str] = ()) -> dict[str, Any] | None:
    """The first due review of ``kind`` for ``variant``, of any of ``types`` (all the
    trainer's by default), as a fresh instance with ``review`` set; None when none is
    due. The Meld trainer asks this before its question of the moment, so that a due
    review of another question comes back by itself; never one of the puzzles ``avoid``
    names (the one just shown: see :func:`pick`)."""
    wanted = PRESENTED.get(kind, ()) if types is None else types
    pool = [r for r in bank.load_for(kind, variant)
            if r.get("type") in wanted and r["id"] not in avoid]
    return _due_puzzle(store, learner, kind, rng, pool, at)


def pick(store: ProgressStore, learner: str, kind: str, rng: random.Random,
         types: Sequence[str] | None = None, at: datetime | None = None,
         records: Sequence[Mapping[str, Any]] | None = None,
         variant: str = "two-handed", climb: bool = True,
         avoid: Collection[str] = ()) -> dict[str, Any] | None:
    """The next puzzle of ``variant`` (two-handed where it has no bank): a due drill
    from the learner's own games that is an endgame puzzle (unfiltered endgames only;
    :mod:`puzzles.drills`), then a due review (as a fresh suit-permuted instance,
    with ``review`` set), else an unseen puzzle from the learner's rating bucket for
    the kind (:func:`puzzles.ladder.choose`; ``climb``: no difficulty was chosen, so
    endgames grow with the rating). The puzzles ``avoid`` names (the one just shown)
    are served only when nothing else is left: a puzzle just missed falls due a minute
    later (FSRS's first learning step) and would else come back at the next click; it
    comes back at a later pick, by its schedule."""
    wanted = PRESENTED.get(kind, ()) if types is None else types
    if kind == "endgame" and records is None:
        own = drills.due_endgame(store, learner, variant, at)
        if own is not None and own["type"] in wanted and own.get("id") not in avoid:
            return own
    pool = [r for r in (records if records is not None else bank.load_for(kind, variant))
            if r.get("type") in wanted]
    pool = [r for r in pool if r["id"] not in avoid] or pool
    if not pool:
        return None
    by_id = {r["id"]: r for r in pool}
    due = _due_puzzle(store, learner, kind, rng, pool, at)
    if due is not None:
        return due
    nothing = kind != "meld" or ladder.nothing_allowed(
        store.attempts(learner), lambda pid: by_id.get(pid) or bank.by_id(pid))
    chosen = ladder.choose(pool, store.rating(learner, f"kind:{kind}").rating, rng,
                           seen=store.seen(learner), climb=climb, nothing=nothing)
    return None if chosen is None else dict(chosen)


def replay(puzzle_id: str, rng: random.Random) -> dict[str, Any] | None:
    """A failed puzzle again, as a fresh instance."""
    record = bank.by_id(puzzle_id)
    return None if record is None else fresh_instance(record, rng)


def submit(store: ProgressStore, learner: str, record: Mapping[str, Any], correct: bool,
           hints: int, seconds: float | None = None,
           scopes: Mapping[str, float] | None = None,
           at: datetime | None = None) -> AttemptResult:
    """Record an attempt (ratings, progress) and its spaced-repetition reviews (a
    drill's own schedule item for a drill, :mod:`puzzles.drills`)."""
    score = credit(correct, hints)
    result = store.record_attempt(learner, record, score, hints, correct, seconds, scopes, at)
    if record.get("drill"):
        srs.review_card(store, learner, str(record["drill"]), srs.grade(score), at)
    else:
        srs.review(store, learner, f"puzzle:{record['id']}", score, at)
    for scope, value in (scopes or {}).items():
        if scope.startswith("meld:"):
            srs.review(store, learner, scope, value if hints == 0 else min(value, score), at)
    return result


# --- meld questions ---------------------------------------------------------------------

def meld_options(record: Mapping[str, Any]) -> list[str]:
    """What the learner chooses from: meld kinds (spot, best) or verdicts (legal)."""
    if record["type"] == "spot":
        return [m.kind for m in load_profile(record["variant"]).melds
                if m.pattern != "carte_blanche"]
    if record["type"] == "best":
        return sorted(record["answer"]["values"])
    return ["legal", *meld_refusal_rules()]


def meld_refusal_rules() -> list[str]:
    from puzzles.meld import REFUSAL_RULES

    return list(REFUSAL_RULES)


def option_label(record: Mapping[str, Any], option: str, lang: str) -> str:
    if record["type"] == "legal":
        if option == "legal":
            return tr(lang, "a.legal")
        return tr(lang, "a.refused", rule=rule_name(option, lang))
    return meld_name(option, lang)


def check_meld(record: Mapping[str, Any], given: Any) -> tuple[bool, dict[str, float]]:
    """(correct, per-meld-kind scores) for an answer: a list of kinds (spot), one
    kind (best) or ``"legal"`` / a rule id (legal)."""
    answer = record["answer"]
    if record["type"] == "spot":
        chosen = set(given or [])
        truth = set(answer)
        scopes = {f"meld:{k}": float((k in chosen) == (k in truth)) for k in chosen | truth}
        return chosen == truth, scopes
    if record["type"] == "best":
        ok = given == answer["meld"]
        return ok, {f"meld:{answer['meld']}": float(ok)}
    ok = (given == "legal") if answer["legal"] else (given == answer["rule"])
    return ok, {f"meld:{record['question']['meld']}": float(ok)}


def answer_text(record: Mapping[str, Any], lang: str) -> str:
    answer = record["answer"]
    if record["type"] == "spot":
        return ", ".join(meld_name(k, lang) for k in answer) or tr(lang, "a.none")
    if record["type"] == "best":
        return meld_name(answer["meld"], lang)
    return option_label(record, "legal" if answer["legal"] else answer["rule"], lang)


def meld_explanation(record: Mapping[str, Any], lang: str) -> list[str]:
    """The engine's explanation in the learner's language, for this instance, in
    its current wording (never the bank's stored English text)."""
    return meld_bank.explanation_lines(record, lang)


def _first_declaration(record: Mapping[str, Any]) -> dict[str, Any] | None:
    q = query(dict(record["position"]))
    if record["type"] == "best":
        wanted = record["answer"]["meld"]
        return next((d for d in q["declarations"] if d["meld"] == wanted), None)
    return q["declarations"][0] if q["declarations"] else None


def meld_hints(record: Mapping[str, Any], lang: str) -> list[str]:
    """The hint ladder: that a meld exists, its suit, then its cards."""
    kind = record["type"]
    if kind == "legal":
        q = record["question"]
        used = {c for h in record["position"]["history"] for c in h["cards"]}
        reused = [c for c in q["cards"] if c in used]
        second = (tr(lang, "hint.reused",
                     cards=position_cards(reused, record["position"], lang)) if reused
                  else tr(lang, "hint.fresh"))
        rule = record["answer"]["rule"]
        third = tr(lang, "hint.rule", rule=rule_name(rule, lang) if not record["answer"]
                   ["legal"] else tr(lang, "a.legal"))
        return [tr(lang, "hint.history"), second, third]
    first = _first_declaration(record)
    if first is None:   # as many steps as a puzzle with melds, none saying "nothing"
        return [tr(lang, "hint.walk"), tr(lang, "hint.count"), tr(lang, "hint.scored")]
    suit = parse_card(first["cards"][0]).suit.letter
    opener = (tr(lang, "hint.turns", turns=record["context"]["turns"]) if kind == "best"
              else tr(lang, "hint.walk"))
    return [opener, tr(lang, "hint.suit", suit=suit_name(suit, lang)),
            tr(lang, "hint.cards", cards=position_cards(first["cards"], record["position"],
                                                         lang))]


# --- endgame play-out --------------------------------------------------------------------

def endgame_start(record: Mapping[str, Any]) -> dict[str, Any]:
    """A play-out state: the learner is the player to move in the puzzle."""
    position = endgame.position_of(record["position"])
    return {"position": position.to_dict(), "me": position.to_move, "played": [],
            "points": [0] * position.players, "status": "playing", "message": None,
            "lost": 0}


SEAT_KEYS = {1: "e.left", 2: "e.partner", 3: "e.right"}


def seat_name(me: int, seat: int, players: int, lang: str) -> str:
    """Another seat as the learner sees it: the opponent, or in a four-handed
    game the left-hand opponent (next to play after you), partner or right-hand
    opponent."""
    if players == 2:
        return tr(lang, "e.opponent_short")
    if players == 3:
        return tr(lang, "e.left" if (seat - me) % 3 == 1 else "e.right")
    return tr(lang, SEAT_KEYS[(seat - me) % players])


def other_seats(state: Mapping[str, Any]) -> list[int]:
    """The other seats in play order after the learner."""
    players = len(state["points"])
    return [(state["me"] + i) % players for i in range(1, players)]


def table_text(state: Mapping[str, Any], lang: str) -> str:
    """The cards on the current trick, each with who played it."""
    pos = state["position"]
    if not pos or not pos["trick"]:
        return ""
    players = len(state["points"])
    if players == 2:
        return show_cards(pos["trick"], lang)
    me, leader = state["me"], pos["leader"]
    return ", ".join(
        f"{show_card(face, lang)} ({seat_name(me, (leader + i) % players, players, lang)})"
        for i, face in enumerate(pos["trick"]))


def _taker(winner: int | None, me: int, players: int, lang: str) -> str:
    """'… takes the trick' when a four-card trick was just completed, else ''."""
    if winner is None or players == 2:
        return ""
    if winner == me:
        return tr(lang, "e.you_take")
    return tr(lang, "e.takes", who=seat_name(me, winner, players, lang))


def side_points(state: Mapping[str, Any]) -> int:
    """What the learner's side has taken so far (the partner's tricks count)."""
    me, n = state["me"], len(state["points"])
    return sum(p for seat, p in enumerate(state["points"])
               if endgame.side_of(seat, n) == endgame.side_of(me, n))


def endgame_legal(state: Mapping[str, Any]) -> list[str]:
    """Faces the learner may play now (hand order)."""
    solution = endgame.solution_of(state["position"])
    return [face for face, _v in solution.moves]


def _apply(state: dict[str, Any], face: str) -> int | None:
    """Play ``face``; the trick's winner when it completes the trick."""
    position = endgame.position_of(state["position"])
    scored = endgame.trick_points(position, face)
    if scored is not None:
        state["points"][scored[0]] += scored[1]
    state["played"].append([position.to_move, face])
    after = endgame.play_card(position, face)
    if after is None:
        state["status"] = "solved" if state["status"] == "playing" else state["status"]
        state["position"] = None
    else:
        state["position"] = after.to_dict()
    return None if scored is None else scored[0]


def wrong_card_reasons(solution: Any, face: str, lang: str = "en", other: str = "") -> list[str]:
    """Why ``face`` loses, in the learner's terms: a heading, then the solver's line after
    that card against its best line, the cards and the last trick that change hands named
    (:func:`puzzles.card_loss.loss_lines`; ``other`` names the one opponent). Empty when
    ``face`` is best."""
    values = solution.values
    if face not in values or values[face] >= solution.value or solution.refutation(
            face) is None:
        return []
    kind, loss = solution.scale.loss_split(solution.value, values[face])
    heading = "e.why_card" if kind == "points" else f"e.why_card_{kind}"
    shown = points_ru(loss) if lang == "ru" and kind != "last_trick" else loss
    lines = [tr(lang, heading, card=show_card(face, lang), loss=shown,
                best=show_card(solution.line[0], lang))]
    lines += card_loss.loss_lines(solution, face, lang, other)
    return lines if len(lines) > 1 else []


def endgame_play(state: Mapping[str, Any], face: str, lang: str = "en") -> dict[str, Any]:
    """The learner plays ``face``: a card that loses points ends the puzzle with
    the solver's refutation; otherwise the engine answers with its best card."""
    new: dict[str, Any] = {**state, "played": [list(p) for p in state["played"]],
                           "points": list(state["points"])}
    if new["status"] != "playing" or new["position"] is None:
        return new
    try:
        position = endgame.position_of(new["position"])
        solution = endgame.solution_of(new["position"], explain=True)
    except BeziqueError as exc:
        new["message"] = tr(lang, "error", error=str(exc))
        return new
    values = solution.values
    if face not in values:
        new["message"] = tr(lang, "error", error=f"{face} may not be played now")
        return new
    if values[face] < solution.value:
        ref = solution.refutation(face)
        new["status"] = "failed"
        new["lost"] = solution.value - values[face]
        new["message"] = (ref.text(lang) if ref is not None else
                          tr(lang, "e.wrong_card", card=show_card(face, lang),
                             loss=solution.scale.loss_split(solution.value, values[face])[1],
                             why=""))
        new["best"] = list(solution.best)
        return new
    me, players = new["me"], position.players
    replies: list[str] = []
    taken = _taker(_apply(new, face), me, players, lang)
    if taken:
        replies.append(taken)
    new["message"] = None
    while new["position"] is not None:
        position = endgame.position_of(new["position"])
        if position.to_move == me:
            break
        if players == 3:
            # Three each for himself: both others play against the learner (paranoid).
            reply = paranoid_reply(position, me)
        else:
            reply = endgame.solution_of(new["position"]).line[0]
        replies.append(f"{seat_name(me, position.to_move, players, lang)} "
                       f"{show_card(reply, lang)}")
        taken = _taker(_apply(new, reply), me, players, lang)
        if taken:
            replies[-1] += f" ({taken})"
        if position.players == 2:
            new["message"] = tr(lang, "e.reply", card=show_card(reply, lang))
        else:
            new["message"] = tr(lang, "e.replies", plays=", ".join(replies))
    if new["position"] is None and new["status"] == "solved":
        new["message"] = tr(lang, "e.solved", points=side_points(new))
    return new


def endgame_hints(record: Mapping[str, Any], state: Mapping[str, Any], lang: str) -> list[str]:
    """Theme, then the suit of a best card, then the card (for the current position)."""
    themes = [t for t in record.get("themes", []) if t not in ("long", "short", "full_value")]
    first = tr(lang, "hint.theme", theme=theme_name(themes[0], lang)) if themes else \
        tr(lang, "hint.theme", theme=theme_name(record["type"], lang))
    pos = state.get("position") or record["position"]
    try:
        solution = endgame.solution_of(pos)
    except PositionError:
        return [first]
    best = solution.best[0]
    return [first, tr(lang, "hint.card_suit", suit=suit_to_play(best[1], lang)),
            tr(lang, "hint.card", card=show_card(best, lang))]


def endgame_line_text(record: Mapping[str, Any], lang: str) -> str:
    """The best line, tricks separated by commas."""
    seats = len(record["position"]["hands"])
    faces = [show_card(f, lang) for f in record["line"]]
    groups, size = [], seats - len(record["position"].get("trick", []))
    while faces:
        groups.append(" ".join(faces[:size]))
        faces, size = faces[size:], seats
    return tr(lang, "e.line", line=", ".join(groups))
