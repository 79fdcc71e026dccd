"""Check kinds answered by playing a small arranged deal on the engine.

Three kinds of :mod:`lessons.checks` whose answer is not a table look-up but the
result of real engine actions on a :class:`engine.rules.deal.Deal` built with
:meth:`Deal.arranged` (the learner is one player of a two-player deal, the other
player's cards are filler the learner never needs to see):

``carte_blanche``   ``hand`` (the learner's dealt cards), optional ``dealer`` (bool:
                    the learner dealt), ``other`` (the opponent's dealt cards),
                    ``drawn`` (cards the learner draws after claiming, one per trick
                    won), ``options`` (``[[id, choice]]``, named options) → options
                    ``yes:N`` ("yes, it scores N"), ``no:court``, ``no:none`` (the game
                    pays nothing for it), ``no:once`` (it counts once), ``no:first``
                    (another hand came first). The answer is whether the engine's
                    legal actions offer the claim (or, with ``drawn``, whether the
                    draw scores again) and the points of the event it causes.
``pending_order``   ``hand`` (the learner's cards after winning a trick, before
                    drawing), ``turn_up``, optional ``lead`` (the card that won the
                    trick) → options are pairs "score A now, B waits" over the
                    declarations the engine offers; answer (several): the pairs where,
                    after declaring A, the engine's legal actions still let B be
                    announced to score later (001 §03, Cady).
``dix_points``      ``hand``, ``turn_up``, ``steps`` (the learner's moves: ``lead X``,
                    ``lead X lose``, ``follow X``, ``follow X lose``, ``exchange X``,
                    ``show X``; the opponent's answers and the draws are filled in),
                    optional ``dealer``, ``options`` → options are point values; the
                    answer is the sum of the learner's dix events the deal emitted.

Nothing here decides a rule: who may claim, what a seven scores and which meld may
wait are read from the events and legal actions of the deal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.errors import BeziqueError, IllegalActionError
from engine.notation.actions import Action, ActionType
from engine.notation.cards import Card, Rank, card_text, parse_card
from engine.rules.deal import DECLARE, LEAD, Deal, is_court
from engine.rules.melds import display_order
from engine.rules.profile import Profile, apply_option, find_option
from engine.rules.tricks import trick_best
from engine.text.explain import Event, meld_name, points_ru
from engine.text.sentences import capital_first
from lessons import mistakes
from lessons._loader import Check

ME_ELDER, ME_DEALER = 1, 0   # seats: the dealer is player 0, the elder hand player 1

_TEXT: dict[str, tuple[str, str]] = {
    "yes": ("Yes: it scores {points}", "Да: {points}"),
    "no_court": ("No: {card} is a court card", "Нет: {card} — фигура"),
    "no_none": ("No: this game pays nothing for it", "Нет: в этой игре за него ничего не дают"),
    "no_once": ("No: carte blanche counts only once a deal",
                "Нет: карт-бланш засчитывается один раз за сдачу"),
    "no_first": ("No: the other player's hand counts first",
                 "Нет: первой засчитывается рука соперника"),
    "why_yes_court": ("{card} is a court card, so there is no carte blanche.",
                      "{card} — фигура, значит, карт-бланша нет."),
    "why_yes_none": ("This game has no carte blanche: such a hand scores nothing.",
                     "В этой игре карт-бланша нет: такая рука ничего не приносит."),
    "why_yes_first": ("Only the deal's first hand without court cards scores, and the "
                      "opponent's counts first.",
                      "Очки получает только первая рука без фигур в сдаче, а первой "
                      "считается рука соперника."),
    "why_yes_once": ("Here carte blanche scores once a deal: a later plain card brings "
                     "nothing.", "Здесь карт-бланш засчитывается раз за сдачу: карта, "
                     "пришедшая потом из колоды, ничего не добавляет, даже если это не "
                     "фигура."),
    "not_value": ("It does not score {points}.", "{points} он не приносит."),
    "why_points": ("It scores {points} in this game, not {value}.",
                   "В этой игре он приносит {points}, а не {value}."),
    "why_not_court": ("{card} is no court card: only kings, queens and jacks are.",
                      "{card} — не фигура: фигуры — это короли, дамы и валеты."),
    "why_no_court_card": ("The hand holds no king, queen or jack.",
                          "В руке нет ни королей, ни дам, ни валетов."),
    "why_pays": ("This game pays carte blanche: {points}.",
                 "В этой игре карт-бланш засчитывается: {points}."),
    "why_repeats": ("Here the privilege goes on while the drawn cards are not court "
                    "cards.", "Здесь право сохраняется, пока из колоды приходят не фигуры."),
    "why_not_first": ("No other hand without court cards came before this one.",
                      "Другой руки без фигур раньше этой не было."),
    "why_pays_none": ("This game pays nothing for a hand without court cards.",
                      "В этой игре за руку без фигур ничего не дают."),
    "why_has_court": ("The hand holds {card}, a court card.", "В руке есть фигура: {card}."),
    "why_first_taken": ("The opponent's hand without court cards counts first (002): "
                        "only the first one of the deal scores.",
                        "Рука соперника без фигур засчитывается первой (002): очки "
                        "получает только первая такая рука в сдаче."),
    "why_no_repeat": ("Carte blanche counts once a deal in this game: a second hand without "
                      "court cards scores nothing.",
                      "В этой игре карт-бланш засчитывается один раз за сдачу: вторая "
                      "рука без фигур ничего не приносит."),
    "pair": ("Score the {now} now, let the {later} wait", "Записать сейчас: {now}; ждёт: {later}"),
    "pair_short": ("Once the {now} is scored, the {later} can no longer wait.",
                   "Порядок «{now}» сейчас, «{later}» потом не допускается."),
    "meld_cards": ("{meld} ({cards})", "«{meld}» ({cards})"),
    "pair_ok": ("Score the {now} now, and the {later} may still be laid out to wait for "
                "a later trick:", "Порядок «{now}» сейчас, «{later}» потом допустим."),
    # One reason per order, in terms of it: the meld names carry their cards where two
    # declarations share a name.
    "why_pair_no": ("Once you have scored the {now}, the {later} can no longer wait: {why}",
                    "Если сначала записать комбинацию {now}, то комбинация {later} ждать "
                    "уже не может: {why}"),
    "why_pair_ok": ("You left out this order: after scoring the {now}, you may still lay "
                    "out the {later} to wait for a later trick ({events})",
                    "Вы пропустили этот порядок: если сначала записать комбинацию {now}, "
                    "комбинацию {later} всё ещё можно выложить в ожидании следующей "
                    "взятки ({events})"),
    "pair_no": ("Once the {now} is scored, the {later} cannot wait: {why}.",
                "Порядок «{now}» сейчас, «{later}» потом недопустим: {why}."),
    "total": ("Total: {points}.", "Итого: {points}."),
    "nothing": ("{step}: nothing for the seven here.", "{step}: за семёрку здесь ничего."),
    "dix_zero": ("{value} is too few: here the sevens of trumps scored {moments}.",
                 "{value} — неверно: семёрка здесь всё же приносит очки {moments}."),
    "dix_other": ("{value} would be right under another reading of the sources, where the "
                  "sevens of trumps score {alt}; in this game they score {moments}.",
                  "{value} — так вышло бы по правилам, где козырная семёрка приносит очки "
                  "{alt}; здесь она приносит их {moments}."),
    # The other reading gives the seven nothing at all.
    "dix_other_never": ("{value} would be right under another reading of the sources, where "
                        "the sevens of trumps never score; in this game they score {moments}.",
                        "{value} — так вышло бы по правилам, где козырная семёрка не "
                        "приносит очков; здесь она приносит их {moments}."),
    "dix_none_alt": ("{value} would need the seven to score {alt}; here it brings nothing.",
                     "{value} — это если бы семёрка приносила очки {alt}; здесь она "
                     "ничего не даёт."),
    "dix_twice": ("{value} pays one seven twice: each seven of trumps scores at most once.",
                  "{value} — одна семёрка засчитана дважды: каждая козырная семёрка "
                  "приносит очки не больше одного раза."),
    "dix_off": ("{value} is {diff} away from what the seven brought.",
                "{value} отличается от заработанного семёркой на {diff}."),
    "never": ("at no moment", "ни в какой момент"),
    "step_lead": ("Leading {card}", "Ход картой {card}"),
    "step_follow": ("Answering with {card}", "Ответ картой {card}"),
    "step_show": ("Showing {card}", "Показ {card}"),
    "step_exchange": ("Exchanging {card}", "Обмен {card}"),
}
_MOMENTS: dict[str, tuple[str, str]] = {
    "dix.turn_up": ("when turned up", "при открытии козыря"),
    "dix.show": ("when shown", "при показе"),
    "dix.exchange": ("when exchanged", "при обмене"),
    "dix.first_play": ("when first played", "когда ею впервые ходят"),
    "dix.trick_win": ("when it wins a trick", "когда она берёт взятку"),
    "dix.capture": ("when captured", "при взятии"),
    "deal.bonus_seven": ("when turned up", "при открытии козыря"),
}


def _t(key: str, lang: str, **params: object) -> str:
    if lang == "ru":
        for name in ("points",):
            if name in params:
                params[name] = points_ru(str(params[name]))
    return _TEXT[key][1 if lang == "ru" else 0].format(**params)


def _cap(text: str) -> str:
    """An engine step ("no king, queen or jack...") as a sentence of its own."""
    text = text.strip()
    if not text:
        return text
    return capital_first(text) + ("" if text.endswith((".", ")")) else ".")


def _ids(tokens: Sequence[str]) -> list[int]:
    return [parse_card(t).id for t in tokens]


def _say(why: mistakes.Reasons, option: str, key: str, lang: str, *, keep: bool = False,
         **params: object) -> None:
    """Give ``option`` the reason ``key`` (its text, and the mistake's name)."""
    why.put(option, key, _t(key, lang, **params), keep=keep)


def with_options(profile: Profile, options: Sequence[Sequence[str]]) -> Profile:
    """``profile`` with a check's ``options`` (pairs of option id and choice) applied."""
    for option_id, choice in options:
        profile = apply_option(profile, option_id, choice)
    return profile


def _filler(profile: Profile, used: set[int], trump: int | None) -> list[int]:
    """The opponent's hand when the check does not give it: one jack (so it is never
    a carte blanche), an ace of trumps if one is free (so that he can take a trick
    the check says the learner loses) and the lowest plain cards left, no seven of
    trumps."""
    free = [c for c in profile.deck_ids() if c not in used]
    jack = next(c for c in free if c % 8 == Rank.JACK and (c % 32) // 8 != trump)
    top = [c for c in free if trump is not None and c % 32 == trump * 8 + Rank.ACE][:1]
    low = sorted((c for c in free if c != jack and not is_court(c) and c % 8 <= Rank.NINE
                  and (trump is None or (c % 32) // 8 != trump)),
                 key=lambda c: (c % 8, c))
    need = profile.hand_size - 1 - len(top)
    if len(low) < need:   # short packs (004's jokers' game): plain cards of any rank too
        low += sorted((c for c in free if c != jack and c not in low and c not in top
                       and (trump is None or (c % 32) // 8 != trump)),
                      key=lambda c: (c % 8, c))
    return [jack, *top, *low[:need]]


def arrange(profile: Profile, hand: Sequence[str], *, dealer: bool = False,
            other: Sequence[str] | None = None, turn_up: str | None = None,
            draws: Sequence[str] = ()) -> tuple[Deal, int]:
    """A two-player deal with the learner's ``hand`` dealt; returns it and the
    learner's seat. Without ``turn_up`` a variant that turns one gets a plain nine.
    ``draws``: the cards the learner draws after his next tricks won (he draws first,
    so the opponent's draws come in between)."""
    if profile.players != 2:
        raise ValueError("these checks arrange two-player deals")
    me = ME_DEALER if dealer else ME_ELDER
    mine = _ids(hand)
    used = set(mine) | set(_ids(draws))
    up: int | None = None
    if profile.turn_up:
        if turn_up is not None:
            up = parse_card(turn_up).id
        else:
            up = next(c for c in profile.deck_ids() if c not in used and c % 8 == Rank.NINE
                      and c not in _ids(other or ()))
        used.add(up)
    trump = None if up is None else (up % 32) // 8
    theirs = _ids(other) if other is not None else _filler(profile, used, trump)
    hands = [theirs, mine] if me == ME_ELDER else [mine, theirs]
    spare = iter(c for c in _filler(profile, used | set(theirs), None)[1:])
    stock: list[int] = []
    for card in _ids(draws):
        stock += [card, next(spare)]
    return Deal.arranged(profile, hands, up, stock, dealer=0), me


def _opponent_card(deal: Deal, want_leader_wins: bool, lead: int | None) -> int:
    """The opponent's card, chosen among the engine's legal plays so that the trick
    goes the way the check says; plain low cards first, never a seven of trumps."""
    plays = [a.card for a in deal.legal_actions() if a.type is ActionType.PLAY]

    def fits(card: int) -> bool:
        if lead is None:
            return True
        return (trick_best([lead, card], deal.trump) == 0) == want_leader_wins

    def order(card: int) -> tuple[bool, bool, int, int]:
        return (deal.is_trump_seven(card), (card % 32) // 8 == deal.trump, card % 8, card)

    fitting = sorted((c for c in plays if fits(c)), key=order)
    if not fitting:
        raise ValueError("the opponent has no card that lets the trick go as the check says")
    return fitting[0]


def _finish_turn(deal: Deal) -> None:
    """Declarations are over: whoever won the trick ends them by drawing."""
    if deal.phase == DECLARE:
        deal.apply(Action(ActionType.DRAW))


def play_trick(deal: Deal, me: int, card: int, *, lead: bool, win: bool) -> list[Event]:
    """The learner plays ``card`` to a trick that he wins or loses, as asked; the
    opponent's card is filled in. Returns the events."""
    _finish_turn(deal)
    events: list[Event] = []
    if lead:
        if deal.to_move != me or deal.phase != LEAD:
            raise ValueError("the learner is not on lead here")
        events += deal.apply(Action.play(card))
        events += deal.apply(Action.play(_opponent_card(deal, win, card)))
    else:
        if deal.to_move == me:
            raise ValueError("the learner is on lead here, not answering")
        plays = [a.card for a in deal.legal_actions() if a.type is ActionType.PLAY]
        fitting = [c for c in plays if (trick_best([c, card], deal.trump) == 1) == win
                   and not deal.is_trump_seven(c)]
        if not fitting:
            raise ValueError("the opponent has no card to lead that fits the check")
        fitting.sort(key=lambda c: ((c % 32) // 8 == deal.trump, c % 8, c))
        events += deal.apply(Action.play(fitting[0]))
        events += deal.apply(Action.play(card))
    if deal.phase == DECLARE and deal.to_move != me:
        events += deal.apply(Action(ActionType.DRAW))
    return events


# --- carte blanche --------------------------------------------------------------------

def _blanche_offered(deal: Deal, me: int) -> bool:
    return Action(ActionType.CARTE_BLANCHE) in deal.legal_actions() and deal.to_move == me


def _to_my_first_card(deal: Deal, me: int) -> None:
    """The learner's first chance to claim: at once as elder hand; as dealer, when
    answering the first card led."""
    if deal.to_move != me:
        deal.apply(Action.play(_opponent_card(deal, True, None)))


def carte_blanche(check: Check, lang: str, profile: Profile) -> dict[str, Any]:
    p = check.params
    profile = with_options(profile, p.get("options", ()))
    deal, me = arrange(profile, p["hand"], dealer=bool(p.get("dealer")), other=p.get("other"),
                       draws=p.get("drawn", ()))
    _to_my_first_card(deal, me)
    hand_ids = _ids(p["hand"])
    drawn = _ids(p.get("drawn", ()))
    explanation: list[str] = []
    rules: list[str] = ["meld.carte_blanche"]
    refusal = ""
    if _blanche_offered(deal, me):
        claim = deal.apply(Action(ActionType.CARTE_BLANCHE))
        points = sum(e.points for e in claim if e.player == me)
        for event in claim:
            explanation += [_cap(x) for x in event.explain(lang)[:-1]]  # not the running score
        answer = f"yes:{points}"
    else:
        try:
            deal.apply(Action(ActionType.CARTE_BLANCHE))
        except IllegalActionError as exc:
            refusal = _cap(exc.explain(lang))
        answer = ""
    subject = hand_ids
    if drawn and answer:
        # The question is the drawn card(s): after each trick won, the draw.
        subject = drawn
        explanation_draw: list[str] = []
        got = 0
        ended = False
        for _ in drawn:
            plain = sorted(c for c in deal.hands[me] if not is_court(c))
            events = play_trick(deal, me, plain[-1], lead=True, win=True)
            events += deal.apply(Action(ActionType.DRAW))
            for event in events:
                if event.player == me and event.rule_id == "carte_blanche.repeat":
                    lines = event.explain(lang)[:-1] if event.points else event.explain(lang)
                    explanation_draw += [_cap(x) for x in lines]
                    got += event.points
                    ended = ended or not event.points
        explanation += explanation_draw
        rules.append("carte_blanche.repeat")
        if got:
            answer = f"yes:{got}"
        elif ended:
            answer = "no:court"
        else:
            answer = "no:once"
            explanation.append(_t("why_no_repeat", lang))
    elif not answer:
        court = next((c for c in hand_ids if is_court(c)), None)
        if profile.declaring.carte_blanche <= 0:
            answer = "no:none"
            explanation.append(_t("why_pays_none", lang))
        elif court is not None:
            answer = "no:court"
            explanation.append(_t("why_has_court", lang, card=card_text(court, lang)))
        else:
            answer = "no:first"
            explanation.append(_t("why_first_taken", lang))
            if refusal:   # the engine's own words on when a claim is in time
                explanation.append(refusal)
    # The options: the yes at every value a source pays, and the usual wrong reasons.
    values = {profile.declaring.carte_blanche} | {
        with_options(profile, [("carte_blanche", c.name)]).declaring.carte_blanche
        for c in find_option("carte_blanche").choices}
    values.discard(0)
    options = [f"yes:{v}" for v in sorted(values)]
    court = next((c for c in subject if is_court(c)), None)
    decoy = court if court is not None else next(
        (c for c in sorted(subject, key=lambda c: -(c % 8)) if c % 8 >= Rank.TEN), None)
    if decoy is not None:
        options.append("no:court")
    options.append("no:none")
    if drawn or profile.declaring.carte_blanche_timing == "first_appearance":
        options.append("no:once" if drawn else "no:first")
    if answer not in options:
        options.append(answer)
    labels = []
    for option in options:
        if option.startswith("yes:"):
            labels.append(_t("yes", lang, points=option[4:]))
        elif option == "no:court":
            labels.append(_t("no_court", lang, card=card_text(
                decoy if decoy is not None else subject[0], lang)))
        else:
            labels.append(_t(option.replace(":", "_"), lang))
    why = mistakes.Reasons()
    for option in options:
        if option == answer:
            continue
        if option.startswith("yes:") and answer.startswith("yes:"):
            _say(why, option, "why_points", lang, points=answer[4:], value=option[4:])
        elif option.startswith("yes:"):
            why.put(option, "not_value", _t("not_value", lang, points=option[4:]) + " " + (
                _t("why_yes_court", lang, card=card_text(court, lang))
                if answer == "no:court" and court is not None
                else _t(answer.replace("no:", "why_yes_"), lang)))
        elif option == "no:court":
            why.put(option, "why_not_court",
                    _t("why_not_court", lang, card=card_text(decoy, lang))
                    if decoy is not None and not is_court(decoy)
                    else _t("why_no_court_card", lang))
        elif option == "no:none":
            _say(why, option, "why_pays", lang, points=profile.declaring.carte_blanche)
        elif option == "no:once":
            _say(why, option, "why_repeats", lang)
        elif option == "no:first":
            _say(why, option, "why_not_first", lang)
    shown = {"hand": tuple(p["hand"])}
    if drawn:
        shown["drawn"] = tuple(p["drawn"])
    return {"options": tuple(options), "labels": tuple(labels), "answer": (answer,),
            "multiple": False, "explanation": tuple(e for e in explanation if e),
            "rules": tuple(rules), "cards": shown, "why": why, "mistakes": why.names}


# --- which declaration now, which waits (Cady) ------------------------------------------

def _meld_text(action: Action, lang: str, among: Sequence[Action]) -> str:
    """The meld's name; its cards too when another declaration has the same name."""
    name = meld_name(action.meld, lang)
    if sum(1 for a in among if a.meld == action.meld) < 2:
        return f"«{name}»" if lang == "ru" else name
    cards = " ".join(card_text(c, lang) for c in sorted(action.cards, key=display_order))
    return _t("meld_cards", lang, meld=name, cards=cards)


def win_and_declare(profile: Profile, hand: Sequence[str], turn_up: str,
                    lead: str | None = None) -> tuple[Deal, int]:
    """The learner (elder hand) has just won a trick and holds ``hand``: a deal in its
    declaring phase. Without ``lead``, the trick was won with the first trump ace or
    ten not in the hand."""
    trump = parse_card(turn_up).suit
    mine = _ids(hand)
    if lead is None:
        lead_id = next(Card(trump, rank, copy).id for rank in (Rank.ACE, Rank.TEN)
                       for copy in range(1, profile.packs + 1)
                       if Card(trump, rank, copy).id not in mine
                       and Card(trump, rank, copy).id != parse_card(turn_up).id)
    else:
        lead_id = parse_card(lead).id
    cards = [str(Card.from_id(lead_id)), *hand]
    deal, me = arrange(profile, cards, turn_up=turn_up)
    play_trick(deal, me, lead_id, lead=True, win=True)
    if deal.phase != DECLARE or deal.to_move != me:
        raise ValueError("the learner did not win the trick")
    return deal, me


def pending_order(check: Check, lang: str, profile: Profile) -> dict[str, Any]:
    p = check.params
    profile = with_options(profile, p.get("options", ()))
    deal, me = win_and_declare(profile, p["hand"], p["turn_up"], p.get("lead"))
    declarable = [a for a in deal.legal_actions() if a.type is ActionType.DECLARE]
    options: list[str] = []
    labels: list[str] = []
    answer: list[str] = []
    explanation: list[str] = []
    why: dict[str, str] = {}
    missed: dict[str, str] = {}
    for now in declarable:
        for later in declarable:
            if later == now:
                continue
            value = f"{now}|{later}"
            options.append(value)
            labels.append(_t("pair", lang, now=_meld_text(now, lang, declarable),
                             later=_meld_text(later, lang, declarable)))
            trial, _ = win_and_declare(profile, p["hand"], p["turn_up"], p.get("lead"))
            trial.apply(now)
            waiting = Action(ActionType.ANNOUNCE, later.cards, later.meld)
            names = {"now": meld_name(now.meld, lang), "later": meld_name(later.meld, lang)}
            shown = {"now": _meld_text(now, lang, declarable),
                     "later": _meld_text(later, lang, declarable)}
            if waiting in trial.legal_actions():
                events = trial.apply(waiting)
                answer.append(value)
                line = _t("pair_ok", lang, **names)
                said = "; ".join(s for e in events for s in e.explain(lang))
                # Russian: a sentence of its own after the verdict, not a third colon
                explanation.append(line + " " + (_cap(said) if lang == "ru" else said))
                missed[value] = _t("why_pair_ok", lang, events=said, **shown)
            else:
                try:
                    trial.apply(waiting)
                    reason = ""
                except IllegalActionError as exc:
                    reason = exc.explain(lang)
                explanation.append(_t("pair_no", lang, why=reason, **names))
                why[value] = (_t("why_pair_no", lang, why=reason, **shown) if reason
                              else _t("pair_short", lang, **names))
    if not 2 <= len(options) <= 8:
        raise ValueError(f"check {check.id}: {len(options)} orders; a check needs 2 to 8")
    return {"options": tuple(options), "labels": tuple(labels), "answer": tuple(answer),
            "multiple": True, "explanation": tuple(explanation),
            "rules": ("cady.pending", "declare.one_per_trick"),
            "cards": {"hand": tuple(p["hand"]), "trump": parse_card(p["turn_up"]).suit.letter,
                      "turn_up": (p["turn_up"],)},
            "why": why, "missed": missed}


# --- the seven of trumps ----------------------------------------------------------------

def _dix_events(me: int, events: Sequence[Event]) -> list[Event]:
    return [e for e in events if e.player == me and (
        e.rule_id.startswith("dix.") or e.rule_id == "deal.bonus_seven")]


Played = list[tuple[str, list[Event]]]


def run_dix(profile: Profile, p: Mapping[str, Any]) -> tuple[Deal, int, Played]:
    """Play the learner's ``steps`` on an arranged deal; each step with its events."""
    deal, me = arrange(profile, p["hand"], dealer=bool(p.get("dealer")), turn_up=p["turn_up"])
    done: list[tuple[str, list[Event]]] = [("deal", list(deal.events))]
    for text in p["steps"]:
        words = text.split()
        verb, card = words[0], parse_card(words[1]).id
        win = not (len(words) > 2 and words[2] == "lose")
        if verb in ("lead", "follow"):
            events = play_trick(deal, me, card, lead=verb == "lead", win=win)
        elif verb in ("show", "exchange"):
            if deal.phase != DECLARE or deal.to_move != me:
                raise ValueError(f"{text}: the learner has not just won a trick")
            events = deal.apply(Action.parse(text))
        else:
            raise ValueError(f"unknown step {text!r}")
        done.append((text, events))
    return deal, me, done


def _moments(events: Sequence[Event], lang: str) -> str:
    names = [_MOMENTS.get(e.rule_id, ("", ""))[1 if lang == "ru" else 0]
             for e in events if e.points]
    names = [n for n in names if n]
    if len(names) > 1:   # "when exchanged and when first played" / «при обмене и …»
        return ", ".join(names[:-1]) + (" и " if lang == "ru" else " and ") + names[-1]
    return ", ".join(names) or _t("never", lang)


def _step_name(text: str, lang: str) -> str:
    verb, card = text.split()[:2]
    return _t(f"step_{verb}", lang, card=card_text(card, lang))


def dix_points(check: Check, lang: str, profile: Profile) -> dict[str, Any]:
    p = check.params
    profile = with_options(profile, p.get("options", ()))
    deal, me, done = run_dix(profile, p)
    explanation: list[str] = []
    paid: list[Event] = []
    for text, events in done:
        mine = _dix_events(me, events)
        paid += mine
        for event in mine:
            explanation.append(_cap(event.explain(lang)[0]))
        involves = text != "deal" and deal.is_trump_seven(parse_card(text.split()[1]).id)
        if involves and not any(e.points for e in mine):
            explanation.append(_t("nothing", lang, step=_step_name(text, lang)))
    total = sum(e.points for e in paid)
    explanation.append(_t("total", lang, points=total))
    moments = _moments(paid, lang)
    why = mistakes.Reasons()
    values = {total}
    # The other readings of the sources, played on the same moves.
    option_ids = {o for o, _ in p.get("options", ())}
    if "dix" not in option_ids:
        for choice in find_option("dix").choices:
            try:
                other = apply_option(profile, "dix", choice.name)
                _, other_me, other_done = run_dix(other, p)
            except (ValueError, BeziqueError):   # these moves are not legal that way
                continue
            alt = [e for _, evs in other_done for e in _dix_events(other_me, evs)]
            value = sum(e.points for e in alt)
            if value != total and str(value) not in why:
                values.add(value)
                key = "dix_none_alt" if not total else "dix_other" if value else \
                    "dix_other_never"
                why.put(str(value), key, _t(key, lang, value=value,
                                            alt=_moments(alt, lang), moments=moments))
    each = max(profile.dix.points, 10)
    if total:
        values.add(0)
        _say(why, "0", "dix_zero", lang, value=0, moments=moments, keep=True)
        values.add(total + each)
        _say(why, str(total + each), "dix_twice", lang, value=total + each, keep=True)
    else:
        values.add(each)
    for value in sorted(values):
        _say(why, str(value), "dix_off", lang, value=value, diff=abs(value - total), keep=True)
    why.drop(str(total))
    options = tuple(str(v) for v in sorted(values))
    return {"options": options, "labels": options, "answer": (str(total),),
            "multiple": False, "explanation": tuple(explanation),
            "rules": tuple(dict.fromkeys([e.rule_id for e in paid] or ["dix.show"])),
            "cards": {"hand": tuple(p["hand"]), "turn_up": (p["turn_up"],),
                      "trump": parse_card(p["turn_up"]).suit.letter},
            "why": why, "mistakes": why.names}


EVALUATORS = {"carte_blanche": carte_blanche, "pending_order": pending_order,
              "dix_points": dix_points}

__all__ = ["EVALUATORS", "arrange", "carte_blanche", "dix_points", "pending_order",
           "play_trick", "run_dix", "win_and_declare"]
