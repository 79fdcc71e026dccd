"""The check kind ``fined_move``: under table rules, which of these moves is fined?

With table rules on (the ``infractions = "penalise"`` option, :mod:`engine.rules.penalties`)
a move that breaks a rule is carried out as far as the rules let it and fined, or
refused when the source names no fine for it. The check puts the learner in a position
and offers a few moves; each is applied to its own copy of the deal, and the events
say which one is fined, by how much, and under which source's rule. Nothing about the
answer is typed in a lesson.

Params:

``position``  a play-off (as for ``best_playoff_card``: ``trump``, ``leader``, ``hands``,
              optional ``trick``), arranged by :meth:`engine.rules.deal.Deal.arranged_playoff`;
``hand``, ``turn_up``, optional ``steps``, ``dealer``
              or a deal while the stock lasts: the learner's dealt cards and his moves
              before the question, played as for ``dix_points``
              (:func:`lessons.check_kinds_play.run_dix`);
``moves``     the moves offered, in the engine's action notation (``draw``,
              ``play 9C#1``, ``declare marriage KH#1 QH#1``, ``exchange 7S#1``);
``ask``       ``"fined"`` (the default: the move that costs a fine) or ``"free"`` (the
              move that costs none); a check needs exactly one such move;
``players``   optional names by seat in the lesson's language.

The learner is the player to move. The explanation gives the engine's own account of
every fine (what it is, the source) and whose score pays it; each wrong option's
reason says what that move does: an ordinary move, a fined one, or one refused.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.errors import IllegalActionError
from engine.notation.actions import Action, ActionType
from engine.notation.cards import Card, Suit, card_text
from engine.rules.deal import FOLLOW, Deal
from engine.rules.melds import display_order
from engine.rules.profile import Profile
from engine.solver import Position
from engine.text.explain import Event, meld_accusative, points_ru
from engine.text.sentences import as_sentence, capital_first
from lessons._loader import Check, plain
from lessons.check_kinds_play import run_dix
from lessons.check_result import CheckResult

_TEXT: dict[str, tuple[str, str]] = {
    "opponent": ("your opponent", "соперник"),
    # The move as an option (imperative) and as the subject of a sentence.
    "draw": ("Draw a card from the stock", "Взять карту из колоды"),
    "draw_ing": ("drawing a card from the stock", "Взять карту из колоды"),
    "lead": ("Lead {card}", "Пойти картой {card}"),
    "lead_ing": ("leading {card}", "Пойти картой {card}"),
    "follow": ("Play {card}", "Ответить картой {card}"),
    "follow_ing": ("playing {card}", "Ответить картой {card}"),
    "declare": ("Declare the {meld} {cards}", "Объявить {meld} {cards}"),
    "declare_ing": ("declaring the {meld} {cards}", "Объявить {meld} {cards}"),
    "exchange": ("Exchange {card} for the turn-up", "Обменять {card} на открытую карту"),
    "exchange_ing": ("exchanging {card} for the turn-up", "Обменять {card} на открытую карту"),
    "show": ("Show {card}", "Показать {card}"),
    "show_ing": ("showing {card}", "Показать {card}"),
    # Reasons, each in terms of its option.
    "free": ("{move} is an ordinary move here: no fine{scores}.",
             "{move} — обычный ход: штрафа нет{scores}."),
    "scores": (" (it scores {points})", " (это {points})"),
    "fined": ("{move} is fined: {step} ({source}).", "{move} — нарушение: {step} ({source})."),
    "refused": ("{move} is not fined but refused, even under table rules: {why}.",
                "{move} нельзя даже по правилам стола, и штрафа за это нет: {why}."),
    # The explanation.
    "fine_line": ("{step} ({source}).", "{step} ({source})."),
    "payer": ("The fine comes off your own score ({before} → {after}); {name} gains "
              "nothing from it.",
              "Штраф вычитается из ваших собственных очков ({before} → {after}); {name} "
              "от этого ничего не получает."),
    "paid": ("The fine comes off your score ({before} → {after}) and goes to {name} "
             "({points}).",
             "Штраф вычитается из ваших очков ({before} → {after}) и достаётся: {name} "
             "({points})."),
    "answer_free": ("{move} breaks no rule: no fine.", "{move} — по правилам: штрафа нет."),
}


def _t(key: str, lang: str, **params: object) -> str:
    return _TEXT[key][1 if lang == "ru" else 0].format(**params)


def _pts(value: int, lang: str) -> str:
    return points_ru(str(value)) if lang == "ru" else str(value)


@dataclass(frozen=True)
class _Outcome:
    """One move applied to its own copy of the deal."""

    events: tuple[Event, ...] = ()
    refusal: str = ""

    @property
    def fines(self) -> tuple[Event, ...]:
        return tuple(e for e in self.events if e.type == "penalty")


def _position(profile: Profile, data: Mapping[str, Any]) -> Deal:
    """A play-off deal at ``data`` (a ``bezique solve`` position), the trick's cards
    played by their owners."""
    position = Position.from_dict(data, profile)
    n = profile.players
    hands = [[c.id for c in hand] for hand in position.hands]
    for i, card in enumerate(position.trick):
        hands[(position.leader + i) % n].append(card.id)
    if position.trump is None:
        raise ValueError("a play-off for a fine needs a trump suit")
    deal = Deal.arranged_playoff(profile, hands, int(position.trump), position.leader)
    for card in position.trick:
        deal.apply(Action.play(card.id))
    return deal


def _start(profile: Profile, params: Mapping[str, Any]) -> Deal:
    if "position" in params:
        return _position(profile, params["position"])
    deal, me, _done = run_dix(profile, {**params, "steps": params.get("steps", [])})
    if deal.to_move != me:
        raise ValueError("the steps leave the opponent to move, not the learner")
    return deal


def _cards(cards: Sequence[int], lang: str) -> str:
    return " ".join(card_text(c, lang) for c in sorted(cards, key=display_order))


def _move(action: Action, phase: str, lang: str, *, subject: bool = False) -> str:
    """The move in words: an option's label, or (``subject``) a sentence's subject."""
    kind = action.type
    if kind is ActionType.DRAW:
        key, params = "draw", {}
    elif kind is ActionType.PLAY:
        key = "follow" if phase == FOLLOW else "lead"
        params = {"card": card_text(action.card, lang)}
    elif kind is ActionType.DECLARE:
        key = "declare"
        params = {"meld": meld_accusative(action.meld, lang), "cards": _cards(action.cards, lang)}
    elif kind is ActionType.EXCHANGE_SEVEN:
        key, params = "exchange", {"card": card_text(action.card, lang)}
    elif kind is ActionType.SHOW_SEVEN:
        key, params = "show", {"card": card_text(action.card, lang)}
    else:
        raise ValueError(f"a fined_move check cannot offer {action}")
    return _t(f"{key}_ing" if subject else key, lang, **params)


def _step(event: Event, lang: str) -> str:
    """The engine's account of a fine, without the running score (the last step)."""
    return "; ".join(event.explain(lang)[:-1])


def fined_move(check: Check, lang: str, profile: Profile) -> CheckResult:
    params = plain(check.params)
    table = profile.with_options(infractions="penalise")
    deal = _start(table, params)
    me, phase = deal.to_move, deal.phase
    actions = [Action.parse(str(text)) for text in params["moves"]]
    options = tuple(str(a) for a in actions)
    if len(set(options)) != len(options) or len(options) < 2:
        raise ValueError(f"check {check.id}: a check needs two or more different moves")
    outcomes: dict[str, _Outcome] = {}
    refusals: dict[str, str] = {}
    for value, action in zip(options, actions, strict=True):
        trial = deal.copy()
        try:
            outcomes[value] = _Outcome(events=tuple(trial.apply(action)))
        except IllegalActionError as exc:
            outcomes[value] = _Outcome(refusal=exc.rule_id)
            refusals[value] = exc.explain(lang)
    ask = str(params.get("ask", "fined"))
    if ask not in ("fined", "free"):
        raise ValueError(f"check {check.id}: ask is 'fined' or 'free', not {ask!r}")
    fined = [v for v in options if outcomes[v].fines]
    free = [v for v in options if not outcomes[v].fines and not outcomes[v].refusal]
    answer = fined if ask == "fined" else free
    if len(answer) != 1:
        raise ValueError(f"check {check.id}: {len(answer)} moves are {ask}; a check needs one")
    names = list(params.get("players", ()))
    name = str(names[1 - me]) if len(names) == 2 else _t("opponent", lang)
    labels = tuple(_move(a, phase, lang) for a in actions)
    subjects = {v: capital_first(_move(a, phase, lang, subject=True))
                for v, a in zip(options, actions, strict=True)}
    why: dict[str, str] = {}
    for value in options:
        if value in answer:
            continue
        outcome = outcomes[value]
        if value in refusals:
            why[value] = _t("refused", lang, move=subjects[value], why=refusals[value])
        elif outcome.fines:
            event = outcome.fines[0]
            why[value] = _t("fined", lang, move=subjects[value], step=_step(event, lang),
                            source=event.cited(lang))
        else:
            gained = sum(e.points for e in outcome.events if e.player == me)
            scores = _t("scores", lang, points=_pts(gained, lang)) if gained > 0 else ""
            why[value] = _t("free", lang, move=subjects[value], scores=scores)
    explanation: list[str] = []
    if ask == "free":
        explanation.append(_t("answer_free", lang, move=subjects[answer[0]]))
    told: set[str] = set()   # one account per rule: two revokes read alike
    for value in fined:
        for event in outcomes[value].fines:
            if event.rule_id in told:
                continue
            told.add(event.rule_id)
            explanation.append(as_sentence(capital_first(_t(
                "fine_line", lang, step=_step(event, lang), source=event.cited(lang)))))
    first = outcomes[fined[0]] if fined else None
    if first is not None:
        before = deal.scores[me]
        lost = sum(e.points for e in first.fines if e.player == me)
        to_others = sum(e.points for e in first.fines if e.player != me)
        key = "paid" if to_others > 0 else "payer"
        explanation.append(_t(key, lang, before=before, after=before + lost, name=name,
                              points=_pts(to_others, lang)))
    rules = tuple(dict.fromkeys(e.rule_id for v in fined for e in outcomes[v].fines))
    cards: dict[str, Any] = {
        "hand": tuple(str(Card.from_id(c)) for c in sorted(deal.holding(me), key=display_order)),
        "trump": None if deal.trump is None else Suit(deal.trump).letter}
    if deal.turn_up is not None:
        cards["turn_up"] = (str(Card.from_id(deal.turn_up)),)
    if deal.trick:
        cards["trick"] = tuple(str(Card.from_id(c)) for c in deal.trick)
    return CheckResult(check.id, check.kind, check.prompt, options, labels, tuple(answer),
                       False, tuple(explanation), rules, cards, why)


__all__ = ["fined_move"]
