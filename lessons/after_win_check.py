"""The check kind ``after_win``: you have just won a trick; what do you do now?

The learner (elder hand of a two-player deal arranged by
:func:`lessons.check_kinds_play.win_and_declare`) has won a trick with a trump ace or
ten and holds ``hand`` (the cards after the trick, before drawing); ``turn_up`` lies
under the stock. Params: ``hand``, ``turn_up``, optional ``lead`` (the card that won
the trick) and ``options`` (``[[id, choice]]``, named options of the variant).

The options are the things one might do before drawing, read from the deal:

* every set of scoring actions (declare a meld, exchange or show a seven of trumps,
  score a waiting meld) that the engine's legal actions let the learner take one
  after another, each set once whatever the order;
* every pair of scoring actions legal on their own whose combination the engine
  refuses (001: two melds after one trick; 002: a meld and the exchange, which is
  itself that trick's declaration), with the engine's own reason.

Showing a seven is left out where exchanging the same seven scores at least as much
(the events say so): the exchange does what the show does and brings the turn-up too.

The answer is the allowed set whose events score the most for the learner now; a tie
at the top is an error of the check, not a question. Each wrong option's reason says
what it scores and what it gives up against the answer (both from the events), or,
for a combination the rules refuse, the engine's refusal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.errors import IllegalActionError
from engine.notation.actions import Action, ActionType
from engine.notation.cards import card_text, parse_card
from engine.rules.deal import Deal
from engine.rules.melds import display_order
from engine.rules.profile import Profile, apply_option, find_option
from engine.text.citations import citation_text
from engine.text.explain import Event, meld_name, points_ru
from engine.text.sentences import as_sentence, capital_first, lower_first
from lessons import mistakes
from lessons._loader import Check
from lessons.check_kinds_play import win_and_declare, with_options
from lessons.check_result import CheckResult

SCORING = (ActionType.DECLARE, ActionType.EXCHANGE_SEVEN, ActionType.SHOW_SEVEN,
           ActionType.SCORE_PENDING)
# The order the parts of a choice are named in: the exchange first (the turn-up it
# brings may be part of the meld), then the melds, then a show.
_PART_ORDER = {ActionType.EXCHANGE_SEVEN: 0, ActionType.SCORE_PENDING: 1,
               ActionType.DECLARE: 2, ActionType.SHOW_SEVEN: 3}

_TEXT: dict[str, tuple[str, str]] = {
    "exchange": ("exchange the {card} for the {turn_up}", "обменять {card} на {turn_up}"),
    "show": ("show the {card}", "показать {card}"),
    "declare": ("declare the {meld} ({cards})", "объявить комбинацию «{meld}» ({cards})"),
    "pending": ("score the waiting {meld} ({cards})",
                "записать ожидавшую комбинацию «{meld}» ({cards})"),
    "n_exchange": ("the exchange of the {card} for the {turn_up}", "обмен {card} на {turn_up}"),
    "n_show": ("showing the {card}", "показ {card}"),
    "n_declare": ("the {meld} {cards}", "комбинация «{meld}» {cards}"),
    "n_pending": ("the waiting {meld} {cards}", "ожидавшая комбинация «{meld}» {cards}"),
    "declare_both": ("Declare the {meld} ({cards}) and the {meld2} ({cards2})",
                     "Объявить комбинации «{meld}» ({cards}) и «{meld2}» ({cards2})"),
    "only": ("Only {what}", "Только {what}"),
    "and": (" and ", " и "),
    "scored": ("{part} ({points})", "{part} ({points})"),
    "best": ("Best now: {plan}; {points} in all.",
             "Больше всего сейчас даёт такой ход: {plan}; всего {points}."),
    "less": ("{plan}: {points} now, {diff} less than the best choice; it gives up {lost}.",
             "{plan}: сейчас {points}, на {diff} меньше лучшего хода; упущено: {lost}."),
    "less_only": ("{plan}: {points} now, {diff} less than the best choice.",
                  "{plan}: сейчас {points}, на {diff} меньше лучшего хода."),
    "instead": ("{lost} for {got}", "{lost}, а взамен — {got}"),
    "why_not": ("Why not {plan}? {why}.", "Почему не {plan}? {why}."),
    "refused": ("{plan}: not allowed after one trick: {why}.",
                "{plan}: так после одной взятки нельзя: {why}."),
}


def _t(key: str, lang: str, **params: object) -> str:
    if lang == "ru" and "points" in params:
        params["points"] = points_ru(str(params["points"]))
    if lang == "ru" and "diff" in params:
        params["diff"] = points_ru(str(params["diff"]))
    return _TEXT[key][1 if lang == "ru" else 0].format(**params)


@dataclass(frozen=True)
class Choice:
    """One thing the learner may do before drawing: its actions in an order the engine
    accepts, the learner's events and points, or (``refused``) the engine's reason why
    the combination is not allowed."""

    actions: tuple[Action, ...]
    events: tuple[Event, ...] = ()
    points: int = 0
    refused: str = ""
    refused_rule: str = ""
    # A move legal only under another reading of an option the check sets: the source
    # whose rule the learner would be playing (lessons.mistakes "other_reading").
    reading: str = ""

    @property
    def key(self) -> str:
        return " + ".join(sorted(str(a) for a in self.actions))


def _fresh(profile: Profile, p: Mapping[str, Any]) -> tuple[Deal, int]:
    return win_and_declare(profile, p["hand"], p["turn_up"], p.get("lead"))


def _scoring(deal: Deal) -> list[Action]:
    return [a for a in deal.legal_actions() if a.type in SCORING]


def _explore(profile: Profile, p: Mapping[str, Any]) -> dict[frozenset[Action], Choice]:
    """Every set of scoring actions the engine lets the learner take in some order,
    with the events of the first order found."""
    found: dict[frozenset[Action], Choice] = {}

    def walk(done: tuple[Action, ...]) -> None:
        deal, me = _fresh(profile, p)
        events: list[Event] = []
        for action in done:
            events += deal.apply(action)
        if done:
            mine = tuple(e for e in events if e.player == me)
            found.setdefault(frozenset(done), Choice(done, mine, sum(e.points for e in mine)))
        for action in _scoring(deal):
            if action not in done and frozenset((*done, action)) not in found:
                walk((*done, action))

    walk(())
    return found


def _refusal(profile: Profile, p: Mapping[str, Any], first: Action, second: Action,
             lang: str) -> tuple[str, str] | None:
    """The engine's rule and reason for refusing ``second`` after ``first``, or None
    if it is allowed."""
    deal, _ = _fresh(profile, p)
    deal.apply(first)
    try:
        deal.apply(second)
    except IllegalActionError as exc:
        return exc.rule_id, exc.explain(lang)
    return None


def _ordered(actions: Sequence[Action]) -> tuple[Action, ...]:
    return tuple(sorted(actions, key=lambda a: (_PART_ORDER[a.type], str(a))))


def _choices(profile: Profile, p: Mapping[str, Any], lang: str) -> list[Choice]:
    found = _explore(profile, p)
    # A show that the exchange of the same seven matches or beats is left out.
    for actions, choice in list(found.items()):
        shows = [a for a in actions if a.type is ActionType.SHOW_SEVEN]
        for show in shows:
            swap = frozenset({a for a in actions if a != show}
                             | {Action(ActionType.EXCHANGE_SEVEN, show.cards)})
            if swap in found and found[swap].points >= choice.points:
                found.pop(actions, None)
    choices = list(found.values())
    deal, _ = _fresh(profile, p)
    first = [a for a in _scoring(deal) if a.type is not ActionType.SHOW_SEVEN]
    for i, a in enumerate(first):
        for b in first[i + 1:]:
            if frozenset((a, b)) in found or a.cards == b.cards or (
                    a.type is b.type is ActionType.EXCHANGE_SEVEN):   # one turn-up
                continue
            x, y = _ordered((a, b))
            why = _refusal(profile, p, x, y, lang)
            if why is None:   # the engine allows only the other order
                continue
            choices.append(Choice((x, y), refused=why[1], refused_rule=why[0]))
    return choices + _other_readings(profile, p, lang)


def _other_readings(profile: Profile, p: Mapping[str, Any], lang: str) -> list[Choice]:
    """The moves a player who knows another reading of the check's ``options`` would
    make (001's bezique pair at a table that plays 004's): legal under that reading,
    refused here, each with the engine's refusal and the reading's source."""
    deal, _ = _fresh(profile, p)
    here = set(_scoring(deal))
    found: list[Choice] = []
    for option_id, chosen in p.get("options", ()):
        for alt in find_option(option_id).choices:
            if alt.name == chosen:
                continue
            other, _ = _fresh(apply_option(profile, option_id, alt.name), p)
            for action in _scoring(other):
                if action in here or any(c.actions == (action,) for c in found):
                    continue
                trial = deal.copy()
                try:
                    trial.apply(action)
                except IllegalActionError as exc:
                    found.append(Choice((action,), refused=exc.explain(lang),
                                        refused_rule=exc.rule_id,
                                        reading=citation_text(alt.source, lang)))
    return found


def _cards(cards: Sequence[int], lang: str) -> str:
    return " ".join(card_text(c, lang) for c in sorted(cards, key=display_order))


def _part(action: Action, turn_up: str, lang: str, noun: bool = False) -> str:
    prefix = "n_" if noun else ""
    if action.type is ActionType.EXCHANGE_SEVEN:
        return _t(prefix + "exchange", lang, card=card_text(action.card, lang),
                  turn_up=card_text(turn_up, lang))
    if action.type is ActionType.SHOW_SEVEN:
        return _t(prefix + "show", lang, card=card_text(action.card, lang))
    key = "pending" if action.type is ActionType.SCORE_PENDING else "declare"
    return _t(prefix + key, lang, meld=meld_name(action.meld, lang),
              cards=_cards(action.cards, lang))


def _label(choice: Choice, turn_up: str, lang: str) -> str:
    melds = _ordered(choice.actions)
    if len(melds) == 2 and all(a.type is ActionType.DECLARE for a in melds):
        return _t("declare_both", lang, meld=meld_name(melds[0].meld, lang),
                  cards=_cards(melds[0].cards, lang), meld2=meld_name(melds[1].meld, lang),
                  cards2=_cards(melds[1].cards, lang))
    parts = [_part(a, turn_up, lang) for a in _ordered(choice.actions)]
    if len(parts) == 1:
        return _t("only", lang, what=parts[0])
    return capital_first(_TEXT["and"][1 if lang == "ru" else 0].join(parts))


def _part_points(choice: Choice, action: Action) -> int:
    """The learner's points from the events the action caused in this choice."""
    deal_points = 0
    cards = set(action.cards)
    for event in choice.events:
        if action.type in (ActionType.DECLARE, ActionType.SCORE_PENDING):
            if event.meld == action.meld and set(event.cards) == cards:
                deal_points += event.points
        elif event.rule_id.startswith("dix.") and set(event.cards) & cards:
            deal_points += event.points
    return deal_points


def _named(choice: Choice, actions: Sequence[Action], turn_up: str, lang: str) -> str:
    joiner = _TEXT["and"][1 if lang == "ru" else 0]
    return joiner.join(_t("scored", lang, part=_part(a, turn_up, lang, noun=True),
                          points=_part_points(choice, a)) for a in _ordered(actions))


def _engine_lines(events: Sequence[Event], lang: str) -> list[str]:
    lines: list[str] = []
    for event in events:
        for step, text in zip(event.steps, event.explain(lang), strict=True):
            if step.key != "running" and text:
                # Russian: a sentence, like the check's own lines around it
                lines.append(as_sentence(text) if lang == "ru" else capital_first(text))
    return lines


def after_win(check: Check, lang: str, profile: Profile) -> CheckResult:
    p = check.params
    profile = with_options(profile, p.get("options", ()))
    choices = _choices(profile, p, lang)
    allowed = [c for c in choices if not c.refused]
    if not allowed:
        raise ValueError(f"check {check.id}: nothing to declare after this trick")
    top = max(c.points for c in allowed)
    best = [c for c in allowed if c.points == top]
    if len(best) != 1:
        raise ValueError(f"check {check.id}: {len(best)} choices score {top}; "
                         "a check needs one best")
    if not 2 <= len(choices) <= 8:
        raise ValueError(f"check {check.id}: {len(choices)} choices; a check needs 2 to 8")
    answer = best[0]
    turn_up = p["turn_up"]
    # Shortest first, then in the order the parts are named: never by the points.
    choices.sort(key=lambda c: (len(c.actions), [(_PART_ORDER[a.type], str(a))
                                                 for a in _ordered(c.actions)]))
    labels = {c.key: _label(c, turn_up, lang) for c in choices}
    explanation = _engine_lines(answer.events, lang)
    explanation.append(_t("best", lang, plan=lower_first(labels[answer.key]), points=answer.points))
    for choice in choices:   # what the rules refuse to add to the answer (002: the exchange)
        if choice.refused and set(answer.actions) <= set(choice.actions):
            explanation.append(_t("why_not", lang, plan=lower_first(labels[choice.key]),
                                  why=capital_first(choice.refused)))
    why: dict[str, str] = {}
    names: dict[str, str] = {}
    for choice in choices:
        if choice is answer:
            continue
        plan = labels[choice.key]
        if choice.reading:
            why[choice.key] = mistakes.text("other_reading", lang, plan=plan,
                                            source=choice.reading, why=lower_first(choice.refused))
            names[choice.key] = "other_reading"
            continue
        if choice.refused:
            why[choice.key] = _t("refused", lang, plan=plan, why=choice.refused)
            names[choice.key] = "refused"
            continue
        lost_actions = [a for a in answer.actions if a not in choice.actions]
        extra = [a for a in choice.actions if a not in answer.actions]
        diff = answer.points - choice.points
        names[choice.key] = "less"
        if not lost_actions:   # it does all the answer does, and scores less for it
            why[choice.key] = _t("less_only", lang, plan=plan, points=choice.points,
                                 diff=diff)
            continue
        lost = _named(answer, lost_actions, turn_up, lang)
        if extra:
            lost = _t("instead", lang, lost=lost, got=_named(choice, extra, turn_up, lang))
        why[choice.key] = _t("less", lang, plan=plan, points=choice.points, diff=diff,
                             lost=lost)
    rules = tuple(dict.fromkeys([e.rule_id for e in answer.events if e.points]
                                + [c.refused_rule for c in choices] + ["dix.timing"]))
    return CheckResult(
        check.id, check.kind, check.prompt, tuple(c.key for c in choices),
        tuple(labels[c.key] for c in choices), (answer.key,), False, tuple(explanation),
        tuple(r for r in rules if r),
        {"hand": tuple(p["hand"]), "turn_up": (turn_up,),
         "trump": parse_card(turn_up).suit.letter}, why, mistakes=names)


__all__ = ["Choice", "after_win"]
