"""Interactive checks: the lesson stores the question, the engine supplies the answer.

A check is data (:class:`lessons.Check`): a ``kind`` and its ``params``. Nothing
in a lesson file says what the right answer is; :func:`evaluate_check` computes
the options, the correct answer and the explanation from the engine every time.

Kinds and their params:

``trick_winner``        ``lead``, ``follow``, ``trump``, ``phase`` ("stock" | "playoff")
                        → options ``leader`` / ``follower``; answer from
                        :func:`engine.tricks.trick_winner`.
``playoff_legal``       ``hand`` (cards), ``lead``, ``trump`` → options are the hand's
                        cards; answer (several) from :func:`engine.tricks.playoff_legal`.
``meld_score``          ``query`` (a ``bezique melds`` request), ``meld`` (kind) →
                        options are point values; answer from :func:`engine.melds.query`.
``legal_declarations``  ``query`` → options are the profile's meld kinds; answer (several)
                        from :func:`engine.melds.query`.
``brisque_points``      ``cards`` captured, optional ``last_trick`` (bool) → options are
                        point values; answer from :func:`engine.tricks.is_brisque` and the
                        profile's ``scoring`` fields.
``trick_points``        ``cards`` of one trick, optional ``last_trick`` → options are point
                        values; answer from :func:`engine.trick_scoring.trick_value`
                        (002's points per trick and ace/ten bonus, 004's card values).
``fine``                ``infraction`` (a field of the profile's ``penalties``) → options
                        are the profile's fines and "all"; the answer is what the engine
                        takes when the infraction is committed in table-rules mode.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from engine.cards import Card, Suit, parse_card
from engine.profile import Profile, load_profile
from lessons._loader import Check, _plain

KINDS = ("trick_winner", "playoff_legal", "meld_score", "legal_declarations",
         "brisque_points", "trick_points", "fine")

_SUITS = {"S": ("spades", "пики"), "H": ("hearts", "черви"), "D": ("diamonds", "бубны"),
          "C": ("clubs", "трефы")}
_MELDS = {
    "marriage": ("marriage", "марьяж"), "trump_marriage": ("trump marriage", "козырный марьяж"),
    "trump_sequence": ("trump sequence", "козырная секвенция"),
    "sequence": ("sequence", "секвенция"), "bezique": ("bezique", "безик"),
    "double_bezique": ("double bezique", "двойной безик"),
    "four_aces": ("four aces", "четыре туза"), "four_kings": ("four kings", "четыре короля"),
    "four_queens": ("four queens", "четыре дамы"), "four_jacks": ("four jacks", "четыре валета"),
    "four_tens": ("four tens", "четыре десятки"), "carte_blanche": ("carte blanche", "карт-бланш"),
}

_TEXT: dict[str, tuple[str, str]] = {
    "leader": ("the leader ({card})", "ведущий ({card})"),
    "follower": ("the follower ({card})", "отвечающий ({card})"),
    "identical": ("{lead} and {follow} are identical cards: the card led wins.",
                  "{lead} и {follow} — одинаковые карты: выигрывает карта хода."),
    "higher": ("Both cards are {suit}; {winner} ranks above {loser}, so it wins.",
               "Обе карты — {suit}; {winner} старше, чем {loser}, поэтому она берёт."),
    "follow_trumps": ("{follow} is a trump and {lead} is not: the trump wins.",
                      "{follow} — козырь, а {lead} нет: козырь берёт."),
    "off_suit": ("{follow} neither follows {suit} nor is a trump, so the card led ({lead}) "
                 "wins.",
                 "{follow} не в масть ({suit}) и не козырь, поэтому берёт карта хода "
                 "({lead})."),
    "stock_free": ("While the stock lasts the follower may play any card.",
                   "Пока есть колода, отвечать можно любой картой."),
    "must_win": ("You hold {suit} that beat {lead}: you must follow suit and win.",
                 "У вас есть {suit} старше {lead}: нужно ответить в масть и перебить."),
    "follow_suit": ("You hold {suit} but none beats {lead}: play any of them.",
                    "У вас есть {suit}, но старше {lead} нет: кладите любую карту этой масти."),
    "must_trump": ("You have no {suit} but you hold trumps: you must trump.",
                   "Масти {suit} у вас нет, а козыри есть: нужно козырять."),
    "free": ("You have neither {suit} nor a trump to play: any card may go.",
             "Нет ни масти {suit}, ни козыря, которым можно ответить: сносите любую карту."),
    "refused": ("Refused: {why}", "Отказано: {why}"),
    "not_formed": ("These cards do not form a {meld}.", "Эти карты не образуют {meld}."),
    "brisques": ("{count} brisque(s) (aces and tens) × {each} = {points}.",
                 "Брисок (тузов и десяток): {count} × {each} = {points}."),
    "last": ("The last trick adds {points}.", "Последняя взятка добавляет {points}."),
    "total": ("Total: {points}.", "Итого: {points}."),
    "per_trick": ("The trick itself scores {points}.", "Сама взятка даёт {points}."),
    "all_points": ("all the offender's points", "все очки нарушителя"),
}


@dataclass(frozen=True)
class CheckResult:
    """What the app shows and marks. ``answer`` holds option values; ``multiple`` says
    whether several options are correct together."""

    check_id: str
    kind: str
    prompt: str
    options: tuple[str, ...]
    labels: tuple[str, ...]
    answer: tuple[str, ...]
    multiple: bool
    explanation: tuple[str, ...]
    rules: tuple[str, ...]


def _face(card: Card) -> str:
    """``10♠`` rather than ``T♠``: how a player writes a card."""
    return card.pretty.split("#")[0].replace("T", "10")


def _t(key: str, lang: str, **params: object) -> str:
    return _TEXT[key][1 if lang == "ru" else 0].format(**params)


def _suit_name(suit: Suit, lang: str) -> str:
    return _SUITS[suit.letter][1 if lang == "ru" else 0]


def meld_label(kind: str, lang: str) -> str:
    names = _MELDS.get(kind)
    if names is None:
        return kind.replace("_", " ")
    return names[1 if lang == "ru" else 0]


def _melds_module() -> Any:
    return importlib.import_module("engine.melds")


def _trick_winner(check: Check, lang: str) -> CheckResult:
    from engine.tricks import trick_winner

    p = check.params
    lead, follow = parse_card(p["lead"]), parse_card(p["follow"])
    trump = Suit.parse(p["trump"])
    winner = trick_winner(lead.kind, follow.kind, int(trump))
    names = {"lead": _face(lead), "follow": _face(follow)}
    if lead.kind == follow.kind:
        reason, rule, expected = _t("identical", lang, **names), "play.identical_leader_wins", 0
    elif lead.suit == follow.suit:
        hi, lo = (follow, lead) if follow.rank > lead.rank else (lead, follow)
        reason = _t("higher", lang, suit=_suit_name(lead.suit, lang),
                    winner=_face(hi), loser=_face(lo))
        rule, expected = "play.trick_winner", 1 if hi is follow else 0
    elif follow.suit == trump:
        reason, rule, expected = _t("follow_trumps", lang, **names), "play.trick_winner", 1
    else:
        reason = _t("off_suit", lang, suit=_suit_name(lead.suit, lang), **names)
        rule, expected = "play.trick_winner", 0
    if expected != winner:
        raise RuntimeError(f"check {check.id}: engine and explanation disagree")
    explanation = [reason]
    rules = [rule]
    if p.get("phase", "stock") == "stock":
        explanation.append(_t("stock_free", lang))
        rules.append("play.stock_any_card")
    options = ("leader", "follower")
    labels = (_t("leader", lang, card=names["lead"]), _t("follower", lang, card=names["follow"]))
    return CheckResult(check.id, check.kind, check.prompt, options, labels,
                       (options[winner],), False, tuple(explanation), tuple(rules))


def _playoff_legal(check: Check, lang: str, profile: Profile) -> CheckResult:
    from engine.tricks import playoff_legal, playoff_obligation

    p = check.params
    hand = [parse_card(t) for t in p["hand"]]
    lead = parse_card(p["lead"])
    trump = Suit.parse(p["trump"])
    ids = [c.id for c in hand]
    legal = set(playoff_legal(ids, lead.id, int(trump), profile.playoff))
    rule = playoff_obligation(ids, lead.id, int(trump), profile.playoff)
    key = {"playoff.must_win": "must_win", "playoff.follow_suit": "follow_suit",
           "playoff.must_trump": "must_trump", "": "free"}[rule]
    options = tuple(str(c) for c in hand)
    labels = tuple(_face(c) for c in hand)
    answer = tuple(str(c) for c in hand if c.id in legal)
    text = _t(key, lang, suit=_suit_name(lead.suit, lang), lead=_face(lead))
    return CheckResult(check.id, check.kind, check.prompt, options, labels, answer, True,
                       (text,), (rule or "playoff.must_trump",))


def _query(check: Check, lang: str = "en") -> tuple[dict[str, Any], Profile]:
    request = _plain(check.params["query"])
    result = _melds_module().query(request, lang)
    return result, load_profile(request.get("variant", check.variant))


def _meld_score(check: Check, lang: str) -> CheckResult:
    result, profile = _query(check, lang)
    kind = check.params["meld"]
    explanation: list[str] = []
    points = 0
    rules: list[str] = []
    for d in result["declarations"]:
        if d["meld"] == kind:
            points = int(d["points"])
            explanation.extend(d.get("explanation", []))
            rules.append(d.get("rule", f"meld.{kind}"))
            break
    else:
        for r in result["refused"]:
            if r["meld"] == kind:
                explanation.append(_t("refused", lang, why=r["why"]))
                rules.append(r.get("rule", f"meld.{kind}"))
                break
        else:
            explanation.append(_t("not_formed", lang, meld=meld_label(kind, lang)))
            rules.append(f"meld.{kind}")
    values = {points, 0}
    others = sorted({m.points for m in profile.melds} - values, key=lambda v: abs(v - points))
    values.update(others[:2])
    options = tuple(str(v) for v in sorted(values))
    return CheckResult(check.id, check.kind, check.prompt, options, options, (str(points),),
                       False, tuple(explanation), tuple(rules))


def _legal_declarations(check: Check, lang: str) -> CheckResult:
    result, profile = _query(check, lang)
    declared = {d["meld"]: d for d in result["declarations"]}
    refused = {r["meld"]: r for r in result["refused"]}
    options = tuple(m.kind for m in profile.melds if m.pattern != "carte_blanche")
    labels = tuple(meld_label(k, lang) for k in options)
    answer = tuple(k for k in options if k in declared)
    explanation: list[str] = []
    rules: list[str] = []
    for kind in options:
        if kind in declared:
            explanation.append("; ".join(declared[kind].get("explanation", [])))
            rules.append(declared[kind].get("rule", f"meld.{kind}"))
        elif kind in refused:
            explanation.append(f"{meld_label(kind, lang)}: "
                               + _t("refused", lang, why=refused[kind]["why"]))
            rules.append(refused[kind].get("rule", f"meld.{kind}"))
    return CheckResult(check.id, check.kind, check.prompt, options, labels, answer, True,
                       tuple(e for e in explanation if e), tuple(rules))


def _brisque_points(check: Check, lang: str, profile: Profile) -> CheckResult:
    from engine.tricks import is_brisque

    cards = [parse_card(t) for t in check.params["cards"]]
    count = sum(1 for c in cards if is_brisque(c.id))
    each = profile.scoring.brisque_points
    points = count * each
    explanation = [_t("brisques", lang, count=count, each=each, points=points)]
    rules = ["score.brisque"]
    if check.params.get("last_trick"):
        points += profile.scoring.last_trick_bonus
        explanation.append(_t("last", lang, points=profile.scoring.last_trick_bonus))
        explanation.append(_t("total", lang, points=points))
        rules.append("score.last_trick")
    step = each or 10
    values = {points, max(points - step, 0), points + step, points + 2 * step}
    options = tuple(str(v) for v in sorted(values))
    return CheckResult(check.id, check.kind, check.prompt, options, options, (str(points),),
                       False, tuple(explanation), tuple(rules))


def _trick_points(check: Check, lang: str, profile: Profile) -> CheckResult:
    from engine.trick_scoring import trick_extras, trick_value

    cards = [parse_card(t).id for t in check.params["cards"]]
    points = trick_value(profile, cards)
    explanation, rules = [], []
    if profile.scoring.points_per_trick:
        explanation.append(_t("per_trick", lang, points=profile.scoring.points_per_trick))
        rules.append("score.per_trick")
    for rule_id, _, steps in trick_extras(profile, cards):
        explanation.extend(s.render(lang) for s in steps)
        rules.append(rule_id)
    if check.params.get("last_trick"):
        points += profile.scoring.last_trick_bonus
        explanation.append(_t("last", lang, points=profile.scoring.last_trick_bonus))
        rules.append("score.last_trick")
    explanation.append(_t("total", lang, points=points))
    step = 10
    values = {points, max(points - step, 0), points + step, points + 2 * step}
    options = tuple(str(v) for v in sorted(values))
    return CheckResult(check.id, check.kind, check.prompt, options, options, (str(points),),
                       False, tuple(explanation), tuple(rules))


def _fine(check: Check, lang: str, profile: Profile) -> CheckResult:
    from engine.penalties import example

    table = profile.with_options(infractions="penalise")
    deal, action = example(table, check.params["infraction"], int(check.params.get("seed", 0)))
    player = deal.to_move
    events = deal.apply(action)
    penalty = next(e for e in events if e.type == "penalty")
    wiped = deal.prior_totals[player] + deal.scores[player] == 0 and (
        check.params["infraction"] == "false_declaration_all")
    answer = "all" if wiped else str(-penalty.points)
    fines = profile.penalties
    values = {str(v) for v in (fines.declare_before_win, fines.not_following,
                               fines.play_before_draw, fines.extra_card) if v}
    values |= {"all", "0"}
    options = tuple(sorted(values, key=lambda v: (v == "all", int(v) if v != "all" else 0)))
    labels = tuple(_t("all_points", lang) if v == "all" else v for v in options)
    return CheckResult(check.id, check.kind, check.prompt, options, labels, (answer,), False,
                       tuple(penalty.explain(lang)), (penalty.rule_id,))


def evaluate_check(check: Check, lang: str = "en") -> CheckResult:
    """Options, the correct answer and an explanation, all computed by the engine."""
    profile = load_profile(check.variant)
    if check.kind == "trick_winner":
        return _trick_winner(check, lang)
    if check.kind == "playoff_legal":
        return _playoff_legal(check, lang, profile)
    if check.kind == "meld_score":
        return _meld_score(check, lang)
    if check.kind == "legal_declarations":
        return _legal_declarations(check, lang)
    if check.kind == "brisque_points":
        return _brisque_points(check, lang, profile)
    if check.kind == "trick_points":
        return _trick_points(check, lang, profile)
    if check.kind == "fine":
        return _fine(check, lang, profile)
    raise ValueError(f"unknown check kind {check.kind!r}; known: {', '.join(KINDS)}")


def mark_check(check: Check, response: str | Iterable[str], lang: str = "en"
               ) -> tuple[bool, CheckResult]:
    """Mark a learner's response (one option value, or several for multi-answer checks)."""
    result = evaluate_check(check, lang)
    chosen = {response} if isinstance(response, str) else set(response)
    return chosen == set(result.answer), result


def needs_melds_engine(check: Check) -> bool:
    return check.kind in ("meld_score", "legal_declarations")


__all__ = ["KINDS", "CheckResult", "evaluate_check", "mark_check", "meld_label",
           "needs_melds_engine"]
