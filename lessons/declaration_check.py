"""The check kind ``best_declaration``: you have just won a trick; which meld do you declare?

One declaration is scored after a trick won, so a hand that holds several melds asks
for a choice. Params:

``query``   a ``bezique melds`` request: the hand after the trick, the cards on the
            table, the melds scored before, the trump suit if fixed (the variant is
            the request's);
``judge``   how the choice is judged, always stated:

            * ``"now"``: the offered declaration that scores most on this trick. The
              prompt asks exactly that ("which scores the most on this trick?"), never
              "what do you declare?", since the sources often advise otherwise;
            * ``"deal"``: the declaration that starts the route scoring most over the
              rest of the deal, when the player wins ``tricks`` tricks (this one
              included, at least 2) while the stock lasts and keeps the cards held:
              one declaration per trick won, each judged by the engine's meld rules
              with the melds before it in the history (:mod:`lessons.declaration_plan`).
              This is how the sources' advice to wait is asked (003 'козыри': the
              marriage first, the sequence later; 001 §03: single beziques before the
              double).

The options are every declaration the engine offers for that request and every one it
refuses (a card scored before in the same class, no trumps fixed yet), each with its
cards. A tie at the top, or a single option, is an error of the check, not a question.
Each wrong option's reason is aimed at its mistake (:mod:`lessons.mistakes`): with
``now``, what it scores and how much less; with ``deal``, for the biggest meld now,
which later meld it shuts out and the engine's reason, for another start its route and
total; for a refused one, the engine's refusal. The explanation is the engine's own
account of the answer, so the fact the lesson teaches stays the point of the check.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.notation.cards import card_text, parse_card
from engine.rules.meld_query import query
from engine.rules.melds import display_order
from engine.rules.profile import Profile, load_profile
from engine.text.explain import meld_name, points_ru, verb_forms
from engine.text.sentences import as_sentence, lower_first
from lessons import mistakes
from lessons._loader import Check, plain
from lessons.check_result import CheckResult
from lessons.declaration_plan import Route, routes_by_first, shut_out

JUDGES = ("now", "deal")

_TEXT: dict[str, tuple[str, str]] = {
    "label": ("{meld} ({cards})", "«{meld}» ({cards})"),
    "best": ("Declare the {option}: {points}, the most this hand scores on this trick.",
             "Объявить стоит комбинацию {option}: {points}, больше всего, что даёт эта "
             "рука за эту взятку."),
    "less": ("The {option} score{meld_s} {points}, {diff} less than the {best}.",
             "Комбинация {option} даёт {points}, на {diff} меньше, чем {best}."),
    "refused": ("The {option} cannot be declared: {why}",
                "Комбинацию {option} объявить нельзя: {why}"),
    # judge = "deal": the route over the tricks still to win
    "best_route": ("Best over {n}: {route}; {total} in all.",
                   "Лучше всего за {n}: {route}; всего {total}."),
    "first": ("the {meld} now ({points})", "сейчас «{meld}» ({points})"),
    "then": ("then the {meld} ({points})", "затем «{meld}» ({points})"),
}


def _t(key: str, lang: str, **params: object) -> str:
    if lang == "ru":
        for name in ("points", "diff", "total"):
            if name in params:
                params[name] = points_ru(str(params[name]))
    return _TEXT[key][1 if lang == "ru" else 0].format(**params)


def _key(entry: Mapping[str, Any]) -> str:
    return " ".join([str(entry["meld"]), *sorted(str(c) for c in entry["cards"])])


def _label(entry: Mapping[str, Any], lang: str) -> str:
    cards = sorted((parse_card(str(c)).id for c in entry["cards"]), key=display_order)
    return _t("label", lang, meld=meld_name(str(entry["meld"]), lang),
              cards=" ".join(card_text(c, lang) for c in cards))


def _engine_lines(lines: Sequence[str]) -> list[str]:
    return [as_sentence(line) for line in lines if line.strip()]


def _continued(text: str) -> str:
    """An engine sentence after a colon: lower case first, a full stop last."""
    text = lower_first(text.strip())
    return text if text.endswith((".", "!", "?")) else text + "."


def route_words(route: Route, lang: str) -> str:
    """"the trump marriage now (40), then the trump sequence (250)"."""
    return ", ".join(_t("first" if i == 0 else "then", lang, meld=meld_name(step.meld, lang),
                        points=step.points) for i, step in enumerate(route.steps))


def _judge(check: Check) -> tuple[str, int]:
    judge = check.params.get("judge")
    if judge not in JUDGES:
        raise ValueError(f"check {check.id}: judge is one of {', '.join(JUDGES)}, "
                         f"not {judge!r}")
    tricks = int(check.params.get("tricks", 1))
    if judge == "deal" and tricks < 2:
        raise ValueError(f"check {check.id}: a deal judged over {tricks} trick is a "
                         "question of now; give tricks >= 2")
    if judge == "now" and "tricks" in check.params:
        raise ValueError(f"check {check.id}: tricks belongs to judge = \"deal\"")
    return str(judge), tricks


def best_declaration(check: Check, lang: str, _profile: Profile) -> CheckResult:
    judge, tricks = _judge(check)
    request = plain(check.params["query"])
    result = query(request, lang)
    offered = list(result["declarations"])
    refused = [r for r in result["refused"] if r.get("cards")]
    if not offered:
        raise ValueError(f"check {check.id}: the hand declares nothing")
    entries = [*offered, *refused]
    if len(entries) < 2:
        raise ValueError(f"check {check.id}: one declaration only; a check needs a choice")
    # The request's own game, as the query reads it (not the lesson's variant).
    meld_profile = load_profile(str(request.get("variant", "two-handed")))
    now_top = max(int(d["points"]) for d in offered)
    routes: dict[str, Route] = {}
    if judge == "deal":
        routes = routes_by_first(request, tricks, meld_profile)
        worth = {_key(d): routes[_key(d)].points for d in offered}
    else:
        worth = {_key(d): int(d["points"]) for d in offered}
    top = max(worth.values())
    best = [d for d in offered if worth[_key(d)] == top]
    if len(best) != 1:
        raise ValueError(f"check {check.id}: {len(best)} declarations score {top}; "
                         "a check needs one best")
    answer = best[0]
    # The options in the order of the profile's meld table, never by their points.
    order = {m.kind: i for i, m in enumerate(meld_profile.melds)}
    entries.sort(key=lambda e: (order.get(str(e["meld"]), len(order)), _key(e)))
    labels = {_key(e): _label(e, lang) for e in entries}
    named = labels[_key(answer)]
    explanation = _engine_lines(answer.get("explanation", []))
    rules = [str(answer.get("rule", f"meld.{answer['meld']}"))]
    if judge == "deal":
        route = routes[_key(answer)]
        for step in route.steps[1:]:   # the engine's word on each later meld's cards
            explanation += _engine_lines(step.explanation(lang)[1:-1])
            rules.append(step.verdict.rule_id)
        explanation.append(_t("best_route", lang, n=mistakes.tricks_words(tricks, lang),
                              route=route_words(route, lang), total=top))
    else:
        explanation.append(_t("best", lang, option=named, points=top))
    slips: list[mistakes.Slip] = []
    for entry in entries:
        key = _key(entry)
        if entry is answer:
            continue
        if "why" in entry:
            slips.append(mistakes.Slip("refused", key, _t(
                "refused", lang, option=labels[key], why=entry["why"])))
            rules.append(str(entry.get("rule", f"meld.{entry['meld']}")))
        elif judge == "deal":
            slips.append(_deal_slip(request, meld_profile, routes, key, _key(answer), labels,
                                    now_top, tricks, lang))
        else:
            points = int(entry["points"])
            slips.append(mistakes.Slip("less", key, _t(
                "less", lang, option=labels[key], points=points, diff=top - points,
                best=named, **verb_forms(meld_name(str(entry["meld"]), lang), lang))))
    why, names = mistakes.collect(slips, _key(answer))
    return CheckResult(
        check.id, check.kind, check.prompt, tuple(labels), tuple(labels.values()),
        (_key(answer),), False, tuple(dict.fromkeys(explanation)), tuple(dict.fromkeys(rules)),
        {"trump": request.get("trump"), "hand": tuple(request.get("hand", ())),
         "table": tuple(request.get("table", ()))}, why, mistakes=names)


def _deal_slip(request: Mapping[str, Any], profile: Profile, routes: Mapping[str, Route],
               key: str, best_key: str, labels: Mapping[str, str], now_top: int,
               tricks: int, lang: str) -> mistakes.Slip:
    """Why starting with ``key`` scores less over the tricks to come: the biggest meld
    now with the later meld it shuts out (the engine's refusal), or its route."""
    route, best = routes[key], routes[best_key]
    first = route.steps[0]
    words = {"option": labels[key], "best": labels[best_key], "points": first.points,
             "total": route.points, "diff": best.points - route.points,
             "n": mistakes.tricks_words(tricks, lang), "route": route_words(route, lang)}
    if first.points == now_top:
        closed = shut_out(request, route, best, profile)
        if closed:
            verdict = closed[0]
            return mistakes.Slip("greedy", key, mistakes.text(
                "greedy", lang, lost=mistakes.lost(meld_name(verdict.spec.kind, lang), lang),
                why=_continued(verdict.steps[-1].render(lang)), **words))
        return mistakes.Slip("greedy", key, mistakes.text("greedy_short", lang, **words))
    return mistakes.Slip("weaker_start", key, mistakes.text("weaker_start", lang, **words))


__all__ = ["JUDGES", "best_declaration", "route_words"]
