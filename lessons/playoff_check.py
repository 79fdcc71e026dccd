"""The ``best_playoff_card`` check: "which card takes the most points from here?"

A play-off position (both hands known, the trump, who leads, the card already led,
if any) is solved by :func:`engine.solver.solve`. The options are the learner's legal
cards (one per face: identical copies play alike); the answer is the card(s) of the
highest value; every worse card gets an explanation in terms of that card: how much
it loses, what the other player answers, who takes each trick after it, and what
changes against the best card (the last trick, aces and tens), from the solver's own
lines. Where tricks score by themselves (002's points per trick, 004's card values)
the best card's worth is told trick by trick, at the engine's trick values. Nothing
about the answer is typed in a lesson.

Params: ``position`` (a ``bezique solve`` request: ``trump``, ``leader``, ``hands``,
optional ``trick``; the variant is the check's: two hands, or four in partnerships),
optional ``players`` (names by seat in the lesson's language; without them the others
are "the opponent", or the left-hand opponent, the partner and the right-hand
opponent). The learner is the player to move; four-handed, the values are the side's.
"""

from __future__ import annotations

from engine.notation.cards import card_text, parse_card
from engine.rules.profile import Profile
from engine.solver import Position, Solution, solve
from engine.text.explain import points_ru
from engine.text.sentences import as_sentence
from lessons._loader import Check, plain
from lessons.check_result import CheckResult

_TEXT: dict[str, tuple[str, str]] = {
    "opponent": ("the opponent", "соперник"),
    # Four-handed: the seats around the learner, when the check names nobody.
    "left": ("your left-hand opponent", "соперник слева"),
    "partner": ("your partner", "партнёр"),
    "right": ("your right-hand opponent", "соперник справа"),
    "values_side": ("With best play all round, each card takes for your side: {values}.",
                    "При лучшей игре всех четверых каждая карта приносит вашей паре: "
                    "{values}."),
    # Three each for himself: the least a card makes sure of when both others play
    # against the learner (the paranoid value the three-handed lesson explains).
    "values_paranoid": ("With both others playing against you, each card makes sure of: "
                        "{values}.",
                        "Даже если оба соперника играют против вас, каждая карта "
                        "гарантирует: {values}."),
    "you": ("you", "вы"),
    "loses": ("With {card} you take {value} instead of {best}: {loss} less.",
              "{With}, вы возьмёте {value} вместо {best}: на {loss} меньше."),
    "loses_paranoid": ("With {card} you make sure of only {value} instead of {best}: {loss} "
                       "less.",
                       "{With}, вы гарантируете себе только {value} вместо {best}: на {loss} "
                       "меньше."),
    "loses_side": ("With {card} your side takes {value} instead of {best}: {loss} less.",
                   "{With}, ваша пара возьмёт {value} вместо {best}: на {loss} меньше."),
    # Russian: leading a card, or laying it on the card led.
    "with_lead": ("With {card}", "Пойдя с {card}"),
    "with_follow": ("With {card}", "Положив {card}"),
    "answers_takes": ("{name} answers {reply} and takes the trick.",
                      "{name_cap} отвечает {reply} и берёт взятку."),
    "answers_gives": ("{name} answers {reply} and leaves you the trick.",
                      "{name_cap} отвечает {reply} и отдаёт вам взятку."),
    "follow_lost": ("{name_cap} keeps the trick and leads {reply}.",
                    "{name_cap} берёт взятку и ходит {reply}."),
    "follow_won": ("You take the trick, but {name} answers your {own} with {reply}.",
                   "Вы берёте взятку, но на вашу карту {own} {name} отвечает {reply}."),
    "last_only": ("It is the last trick.", "Это последняя взятка."),
    "play": ("How it goes: {tricks}.", "Как пойдёт игра: {tricks}."),
    "trick_you": ("{cards}: you take it", "{cards}: берёте вы"),
    "trick_them": ("{cards}: {name} takes it", "{cards}: берёт {name}"),
    "values": ("With best play by both, each card takes: {values}.",
               "При лучшей игре обеих сторон каждая карта приносит: {values}."),
    "best": ("Best: {cards}, worth {value} (aces and tens {each} each, the last trick "
             "{last}).",
             "Лучше всего: {cards}, это {value} (туз или десятка — по {each}, последняя "
             "взятка — {last})."),
    "line": ("Best play: {tricks}.", "Лучшая игра: {tricks}."),
    # Where tricks score by themselves (002's points per trick, 004's card values), the
    # best card's worth told trick by trick instead of in aces and tens.
    "best_tricks": ("Best: {cards}, worth {value}: {parts}.",
                    "Лучше всего: {cards}, это {value}: {parts}."),
    "trick_part": ("the trick {cards} {points}", "взятка {cards} — {points}"),
    "last_part": ("the last trick {points} more", "последняя взятка — ещё {points}"),
    # Where brisques only break a tie (Rubicon and its kin): the last trick first.
    "tb_values": ("With best play by both, each card brings: {values}. Brisques count here "
                  "only to break a tie.",
                  "При лучшей игре обеих сторон каждая карта приносит: {values}. Бриски "
                  "здесь идут в счёт только при равенстве."),
    "tb_values_side": ("With best play all round, each card brings your side: {values}. "
                       "Brisques count here only to break a tie.",
                       "При лучшей игре всех четверых каждая карта приносит вашей паре: "
                       "{values}. Бриски здесь идут в счёт только при равенстве."),
    "tb_with_last": ("{card}: the last trick ({last}) and {brisques} in brisques",
                     "{card}: последняя взятка ({last}), бриски — {brisques}"),
    "tb_no_last": ("{card}: no last trick, {brisques} in brisques",
                   "{card}: без последней взятки, бриски — {brisques}"),
    "tb_best_last": ("Best: {cards}, which wins the last trick ({last}).",
                     "Лучше всего: {cards} — эта карта берёт последнюю взятку ({last})."),
    "tb_best_brisques": ("Best: {cards}. The last trick is lost whatever you play; this "
                         "card keeps the most brisques ({brisques}) for a tie.",
                         "Лучше всего: {cards}. Последнюю взятку не взять, что ни играй; "
                         "эта карта сохраняет больше всего брисок ({brisques}) на случай "
                         "равенства."),
    "tb_loses_last": ("{With} you lose the last trick ({last}).",
                      "{With}, вы потеряете последнюю взятку ({last})."),
    "tb_loses_last_side": ("{With} your side loses the last trick ({last}).",
                           "{With}, ваша пара потеряет последнюю взятку ({last})."),
    "tb_loses_brisques": ("{With} you still take what the best card takes of the last "
                          "trick, but {loss} less in brisques, which break a tie.",
                          "{With}, с последней взяткой ничего не меняется, но брисок будет "
                          "на {loss} меньше, а они решают при равенстве."),
}


def _t(key: str, lang: str, **params: object) -> str:
    return _TEXT[key][1 if lang == "ru" else 0].format(**params)


def _pts(value: int, lang: str) -> str:
    return points_ru(str(value)) if lang == "ru" else str(value)


def _seat_names(position: Position, me: int, names: list[str], lang: str) -> list[str]:
    """Who sits where, by seat: the check's ``players``, else "the opponent" (two
    hands) or the learner's left-hand opponent, partner and right-hand opponent."""
    n = position.players
    if len(names) == n:
        return [str(x) for x in names]
    around = {2: ["opponent"], 3: ["left", "right"]}.get(n, ["left", "partner", "right"])
    seats = [_t("you", lang)] * n
    for i, key in enumerate(around, start=1):
        seats[(me + i) % n] = _t(key, lang)
    return seats


def _tricks_words(position: Position, plays: list[tuple[int, str]], me: int,
                  seats: list[str], lang: str) -> str:
    """``you 10♥, Boris A♥: Boris takes; Boris 7♠, you 9♠: you take`` for a line of
    (player, face)."""
    from puzzles.endgame import tricks_of

    parts = []
    for trick in tricks_of(position, plays):
        cards = ", ".join(f"{_t('you', lang) if trick.seat(i) == me else seats[trick.seat(i)]} "
                          f"{card_text(kind, lang)}" for i, kind in enumerate(trick.cards))
        key = "trick_you" if trick.winner == me else "trick_them"
        parts.append(_t(key, lang, cards=cards, name=seats[trick.winner]))
    return "; ".join(parts)


def _why(solution: Solution, face: str, me: int, seats: list[str], lang: str) -> str:
    """Why ``face`` is worse than the best card: the loss, the answer, the line."""
    from puzzles.trainer import wrong_card_reasons

    position = solution.position
    ref = solution.refutation(face)
    value = solution.values[face]
    show = card_text(parse_card(face), lang)
    side = position.players == 4   # partners: the values are the side's
    loses = {3: "loses_paranoid", 4: "loses_side"}.get(position.players, "loses")
    opening = _t("with_follow" if position.trick else "with_lead", lang, card=show)
    if solution.objective == "points":
        words = [_t(loses, lang, card=show, With=opening, value=_pts(value, lang),
                    best=solution.value, loss=_pts(solution.value - value, lang))]
    else:   # the search's weighted values are never shown: the last trick, or brisques
        kind, loss = solution.scale.loss_split(solution.value, value)
        key = "tb_loses_brisques" if kind != "last_trick" else (
            "tb_loses_last_side" if side else "tb_loses_last")
        words = [_t(key, lang, With=opening, last=_pts(loss, lang), loss=_pts(loss, lang))]
    if ref is None:   # cannot happen for a worse card; the loss still says it all
        return " ".join(words)
    reply = card_text(parse_card(ref.reply), lang) if ref.reply else ""
    name = seats[(me + 1) % position.players]
    cap = name[:1].upper() + name[1:]
    plays = [(me, face), *zip(ref.line_players, ref.line, strict=False)]
    # With one opponent, his answer first; with three others, the line says who takes what.
    if position.players == 2:
        if not position.trick:
            took = _winner(position, plays) != me
            words.append(_t("answers_takes" if took else "answers_gives", lang, name=name,
                            name_cap=cap, reply=reply))
        elif not reply:
            words.append(_t("last_only", lang))
        elif _winner(position, plays) != me:
            words.append(_t("follow_lost", lang, name_cap=cap, reply=reply))
        else:
            own = card_text(parse_card(ref.line[0]), lang)
            words.append(_t("follow_won", lang, name=name, own=own, reply=reply))
    words.append(_t("play", lang, tricks=_tricks_words(position, plays, me, seats, lang)))
    other = name if position.players == 2 else ""
    words += wrong_card_reasons(solution, face, lang, other)[1:]
    return " ".join(words)


def _tiebreak_value(solution: Solution, label: str, value: int, lang: str) -> str:
    """A card's worth where brisques only break a tie: the last trick, then brisques."""
    last, brisques = solution.scale.breakdown(value)
    return _t("tb_with_last" if last else "tb_no_last", lang, card=label,
              last=_pts(last, lang), brisques=_pts(brisques, lang))


def _winner(position: Position, plays: list[tuple[int, str]]) -> int:
    """Who takes the first trick of a line."""
    from puzzles.endgame import tricks_of

    return tricks_of(position, plays)[0].winner


def _best_by_tricks(profile: Profile, position: Position, line: list[tuple[int, str]],
                    me: int, cards: str, value: int, lang: str
                    ) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    """The best card's worth where tricks score by themselves: each trick the learner
    takes on the best line at the engine's :func:`trick_value`, then the last trick;
    the engine's own account of each bonus, and the rules that price them."""
    from engine.rules.trick_scoring import trick_extras, trick_value
    from puzzles.endgame import tricks_of

    tricks = tricks_of(position, line)
    parts, rules, said = [], ["playoff.must_win"], []
    for trick in tricks:
        if trick.winner != me:
            continue
        ids = list(trick.cards)   # kinds: the first copy's ids, the same ranks
        for rule, _points, steps in trick_extras(profile, ids, playoff=True):
            rules.append(rule)
            said += [as_sentence(s.render(lang)) for s in steps]
        shown = " ".join(card_text(kind, lang) for kind in trick.cards)
        parts.append(_t("trick_part", lang, cards=shown,
                        points=_pts(trick_value(profile, ids, playoff=True), lang)))
    if profile.scoring.points_per_trick:
        rules.append("score.per_trick")
    if tricks and tricks[-1].winner == me:
        parts.append(_t("last_part", lang, points=_pts(profile.scoring.last_trick_bonus, lang)))
        rules.append("score.last_trick")
    return (_t("best_tricks", lang, cards=cards, value=_pts(value, lang),
               parts=", ".join(parts)), tuple(said), tuple(dict.fromkeys(rules)))


def best_playoff_card(check: Check, lang: str, profile: Profile) -> CheckResult:
    data = plain(check.params["position"])
    position = Position.from_dict(data, profile)
    solution = solve(position, explain=True)
    me = solution.to_move
    seats = _seat_names(position, me, list(check.params.get("players", ())), lang)
    options = tuple(face for face, _v in solution.moves)
    labels = tuple(card_text(parse_card(face), lang) for face in options)
    answer = tuple(solution.best)
    why = {face: _why(solution, face, me, seats, lang) for face in options
           if face not in answer}
    if solution.objective == "points":
        values = ", ".join(f"{label} {_pts(v, lang)}"
                           for label, (_f, v) in zip(labels, solution.moves, strict=True))
    else:
        values = "; ".join(_tiebreak_value(solution, label, v, lang)
                           for label, (_f, v) in zip(labels, solution.moves, strict=True))
    scoring = profile.scoring
    best_line = list(zip(solution.line_players, solution.line, strict=False))
    cards_named = ", ".join(card_text(parse_card(f), lang) for f in answer)
    rules: tuple[str, ...] = ("playoff.must_win", "score.brisque", "score.last_trick")
    said: tuple[str, ...] = ()
    if solution.objective != "points":
        last, brisques = solution.breakdown()
        best = (_t("tb_best_last", lang, cards=cards_named, last=_pts(last, lang)) if last
                else _t("tb_best_brisques", lang, cards=cards_named,
                        brisques=_pts(brisques, lang)))
    elif scoring.brisque_points:
        best = _t("best", lang, cards=cards_named, value=_pts(solution.value, lang),
                  each=scoring.brisque_points, last=scoring.last_trick_bonus)
    else:
        best, said, rules = _best_by_tricks(profile, position, best_line, me, cards_named,
                                      solution.value, lang)
    heads = {2: "values", 3: "values_paranoid", 4: "values_side"}
    head = heads[position.players] if solution.objective == "points" else (
        "tb_values_side" if position.players == 4 else "tb_values")
    explanation = (
        _t(head, lang, values=values), best,
        *said, _t("line", lang, tricks=_tricks_words(position, best_line, me, seats, lang)),
    )
    hands = data["hands"]
    cards = {"trump": data.get("trump"), "hand": tuple(hands[me]),
             "trick": tuple(data.get("trick", ()))}
    if position.players == 2:   # the one opponent's cards are drawn too
        cards["opponent"] = tuple(hands[1 - me])
    return CheckResult(check.id, check.kind, check.prompt, options, labels, answer,
                       len(answer) > 1, explanation, rules, cards, why)


__all__ = ["best_playoff_card"]
