"""The check kind ``best_declaration``: you have just won a trick; which meld do you declare?

One declaration is scored after a trick won, so a hand that holds several melds asks
for a choice. Params: ``query`` (a ``bezique melds`` request: the hand after the trick,
the cards on the table, the melds scored before, the trump suit if fixed; the variant
is the request's).

The options are every declaration the engine offers for that request and every one it
refuses (a card scored before in the same class, no trumps fixed yet), each with its
cards. The answer is the offered declaration that scores most; a tie at the top, or a
single option, is an error of the check, not a question. Each wrong option's reason
says what it scores and how much less that is, or gives the engine's refusal; the
explanation is the engine's own account of the answer, so the fact the lesson teaches
(what the meld is worth, with its source) stays the point of the check.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.notation.cards import card_text, parse_card
from engine.rules.meld_query import query
from engine.rules.melds import display_order
from engine.rules.profile import Profile
from engine.text.explain import meld_name, points_ru, verb_forms
from lessons._loader import Check, plain
from lessons.check_result import CheckResult
from lessons.sentences import as_sentence

_TEXT: dict[str, tuple[str, str]] = {
    "label": ("{meld} ({cards})", "«{meld}» ({cards})"),
    "best": ("Declare the {option}: {points}, the most this hand scores now.",
             "Объявить стоит комбинацию {option}: {points}, больше всего, что даёт эта "
             "рука сейчас."),
    "less": ("The {option} score{meld_s} {points}, {diff} less than the {best}.",
             "Комбинация {option} даёт {points}, на {diff} меньше, чем {best}."),
    "refused": ("The {option} cannot be declared: {why}",
                "Комбинацию {option} объявить нельзя: {why}"),
}


def _t(key: str, lang: str, **params: object) -> str:
    if lang == "ru":
        for name in ("points", "diff"):
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


def best_declaration(check: Check, lang: str, profile: Profile) -> CheckResult:
    request = plain(check.params["query"])
    result = query(request, lang)
    offered = list(result["declarations"])
    refused = [r for r in result["refused"] if r.get("cards")]
    if not offered:
        raise ValueError(f"check {check.id}: the hand declares nothing")
    top = max(int(d["points"]) for d in offered)
    best = [d for d in offered if int(d["points"]) == top]
    if len(best) != 1:
        raise ValueError(f"check {check.id}: {len(best)} declarations score {top}; "
                         "a check needs one best")
    entries = [*offered, *refused]
    if len(entries) < 2:
        raise ValueError(f"check {check.id}: one declaration only; a check needs a choice")
    answer = best[0]
    # The options in the order of the profile's meld table, never by their points.
    order = {m.kind: i for i, m in enumerate(profile.melds)}
    entries.sort(key=lambda e: (order.get(str(e["meld"]), len(order)), _key(e)))
    labels = {_key(e): _label(e, lang) for e in entries}
    named = labels[_key(answer)]
    explanation = _engine_lines(answer.get("explanation", []))
    explanation.append(_t("best", lang, option=named, points=top))
    why: dict[str, str] = {}
    rules = [str(answer.get("rule", f"meld.{answer['meld']}"))]
    for entry in entries:
        key = _key(entry)
        if entry is answer:
            continue
        if "why" in entry:
            why[key] = _t("refused", lang, option=labels[key], why=entry["why"])
            rules.append(str(entry.get("rule", f"meld.{entry['meld']}")))
            continue
        points = int(entry["points"])
        why[key] = _t("less", lang, option=labels[key], points=points,
                      diff=top - points, best=named,
                      **verb_forms(meld_name(str(entry["meld"]), lang), lang))
    return CheckResult(
        check.id, check.kind, check.prompt, tuple(labels), tuple(labels.values()),
        (_key(answer),), False, tuple(explanation), tuple(dict.fromkeys(rules)),
        {"trump": request.get("trump"), "hand": tuple(request.get("hand", ())),
         "table": tuple(request.get("table", ()))}, why)


__all__ = ["best_declaration"]
