"""Why a worse play-off card loses, in a card player's words: the cards and the last
trick it gives away and the cards it fails to win, each named, against the best card
("With 8♦, Boris wins your A♦ and the last trick (10); with A♦ you keep both.").

The cards that count are those that score when taken in the game being played
(:func:`puzzles.lines.scores_when_taken`): aces and tens, or every card with a value
in 004's card-point game. The facts come from the solver's two lines, walked by
:func:`puzzles.lines.facts`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from engine.notation.cards import Rank, card_text, parse_card
from engine.text.explain import ru_plural
from puzzles import lines

_TEXT: dict[str, tuple[str, str]] = {
    "lead": ("With {card}", "Пойдя с {card}"),
    "follow": ("With {card}", "Положив {card}"),
    "lose": ("{With}, {other} {wins} {what}; {with_best} {you_keep} {pron}.",
             "{With}, {you_give} {what}; {with_best}, {you_keep} {pron}."),
    "gain": ("{With} {you_miss} {their} {cards}; {with_best} {you_do}.",
             "{With}, {you_miss} {cards} {their}; {with_best}, {you_do}."),
    "tricks": ("{With} {you_take} {mine} of the {total} tricks; {with_best}, {best}.",
               "{With}, {you_take} {mine} из {total}; {with_best} — {best}."),
    "last": ("the last trick ({bonus})", "последнюю взятку ({bonus})"),
    "and": (" and ", " и "),
}

# Who does what, by the number of players: one opponent, each for himself, partners.
_WHO: dict[str, dict[int, tuple[str, str]]] = {
    "other": {2: ("the opponent", "противник"), 3: ("the other players", "соперники"),
              4: ("the other side", "другая пара")},
    "wins": {2: ("wins", ""), 3: ("win", ""), 4: ("wins", "")},
    "your": {2: ("your", ""), 3: ("your", ""), 4: ("your side's", "")},
    "you_keep": {2: ("you keep", "сохраните"), 3: ("you keep", "сохраните"),
                 4: ("your side keeps", "сохранит")},
    "you_give": {2: ("", "вы отдадите"), 3: ("", "вы отдадите"), 4: ("", "ваша пара отдаст")},
    "you_miss": {2: ("you do not win", "вы не заберёте"),
                 3: ("you do not win", "вы не заберёте"),
                 4: ("your side does not win", "ваша пара не заберёт")},
    "you_do": {2: ("you do", "заберёте"), 3: ("you do", "заберёте"), 4: ("it does", "заберёт")},
    "their": {2: ("{other}'s", "противника"), 3: ("their", "соперников"),
              4: ("the other side's", "другой пары")},
    "you_take": {2: ("you take", "вы возьмёте"), 3: ("you take", "вы возьмёте"),
                 4: ("your side takes", "ваша пара возьмёт")},
}

# Russian: the gender of a card's name (туз, король, валет; десятка, дама, девятка…),
# for «свой Т♦» / «свою 10♠» and «его» / «её».
_MASCULINE = {Rank.ACE, Rank.KING, Rank.JACK}


def _t(key: str, lang: str, **params: object) -> str:
    return _TEXT[key][1 if lang == "ru" else 0].format(**params)


def _who(key: str, lang: str, players: int) -> str:
    return _WHO[key][min(max(players, 2), 4)][1 if lang == "ru" else 0]


def _and(items: Sequence[str], lang: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + _t("and", lang) + items[-1]


def _masculine(kind: int) -> bool:
    return Rank(kind % 8) in _MASCULINE


# Count words as (masculine, feminine): Russian agrees with the card's gender.
_NUMBER: dict[str, dict[int, tuple[str, str]]] = {
    "en": {2: ("two", "two"), 3: ("three", "three"), 4: ("four", "four")},
    "ru": {2: ("два", "две"), 3: ("три", "три"), 4: ("четыре", "четыре")}}


def _cards(kinds: Sequence[int], lang: str) -> list[tuple[str, int, bool]]:
    """Each card named once, with its copies counted: ``A♦``, ``two A♠`` / «две 10♠»;
    with how many copies and whether its Russian name is masculine."""
    out = []
    for kind, copies in Counter(kinds).items():
        text, male = card_text(kind, lang), _masculine(kind)
        if copies > 1:
            number = _NUMBER[lang if lang == "ru" else "en"].get(copies)
            word = number[0 if male else 1] if number else str(copies)
            text = f"{word} {text}"
        out.append((text, copies, male))
    return out


def _lost_items(cards: Sequence[int], last: str, players: int, lang: str
                ) -> list[tuple[str, int, bool]]:
    """``your A♦``, ``10♠``, ``the last trick (10)`` / «свой Т♦», «последнюю взятку»."""
    shown = _cards(cards, lang)
    if shown:
        if lang == "ru":
            plural = len(shown) > 1 or shown[0][1] > 1
            own = "свои" if plural else "свой" if shown[0][2] else "свою"
        else:
            own = _who("your", lang, players)
        shown[0] = (f"{own} {shown[0][0]}", *shown[0][1:])
    return shown + ([(last, 1, False)] if last else [])


def _pronoun(items: Sequence[tuple[str, int, bool]], lang: str) -> str:
    """What the best card keeps: it / both / them all; «его», «её», «и то и другое»."""
    if len(items) == 1:
        _text, copies, male = items[0]
        if copies > 1:
            return "их" if lang == "ru" else "them"
        return ("его" if male else "её") if lang == "ru" else "it"
    if len(items) == 2:
        return "и то и другое" if lang == "ru" else "both"
    return "всё это" if lang == "ru" else "them all"


def _minus(a: Sequence[int], b: Sequence[int]) -> list[int]:
    """The cards of ``a`` not in ``b`` (as multisets: two copies of a card are two)."""
    return sorted((Counter(a) - Counter(b)).elements(), key=lambda k: (-(k % 8), k // 8))


def loss_lines(solution: Any, face: str, lang: str = "en", other: str = "") -> list[str]:
    """Sentences on what ``face`` gives away against the solver's best card: the cards
    and the last trick the other side wins instead, the cards it does not win, and,
    when nothing else differs or tricks score by themselves, the tricks taken.
    ``other`` names the one opponent ("Boris"); empty when ``face`` loses nothing."""
    ref = solution.refutation(face)
    values = solution.values
    if face not in values or values[face] >= solution.value or ref is None:
        return []
    pos, mover, n = solution.position, solution.to_move, solution.position.players
    best_face = solution.line[0]
    best = lines.facts(pos, list(zip(solution.line_players, solution.line, strict=False)),
                       mover)
    mine = lines.facts(pos, [(mover, face), *zip(ref.line_players, ref.line, strict=False)],
                       mover)
    verb = "follow" if pos.trick else "lead"
    opening = _t(verb, lang, card=card_text(parse_card(best_face), lang))
    words = {"With": _t(verb, lang, card=card_text(parse_card(face), lang)),
             "with_best": opening[:1].lower() + opening[1:]}   # "with A♦", «пойдя с Т♦»
    name = other or _who("other", lang, n)
    out: list[str] = []
    lost = _minus(mine.lost_cards, best.lost_cards)
    last_lost = bool(best.last_won and mine.last_won is False)
    if lost or last_lost:
        last = _t("last", lang, bonus=solution.scale.last_trick_bonus) if last_lost else ""
        items = _lost_items(lost, last, n, lang)
        out.append(_t("lose", lang, **words, other=name, wins=_who("wins", lang, n),
                      what=_and([text for text, _n, _m in items], lang),
                      you_keep=_who("you_keep", lang, n), you_give=_who("you_give", lang, n),
                      pron=_pronoun(items, lang)))
    missed = _minus(best.taken_cards, mine.taken_cards)
    if missed:
        their = _who("their", lang, n).format(other=name)
        out.append(_t("gain", lang, **words, you_miss=_who("you_miss", lang, n), their=their,
                      cards=_and([text for text, _n, _m in _cards(missed, lang)], lang),
                      you_do=_who("you_do", lang, n)))
    ours = lines.side_of(mover, n)

    def taken(facts: lines.LineFacts) -> int:
        return sum(1 for w in facts.winners if lines.side_of(w, n) == ours)

    per_trick = bool(pos.profile.scoring.points_per_trick)
    if taken(mine) != taken(best) and len(mine.winners) == len(best.winners) \
            and (per_trick or not out):
        count = taken(mine)
        mine_words = (f"{count} {ru_plural(count, 'взятку', 'взятки', 'взяток')}"
                      if lang == "ru" else str(count))
        out.append(_t("tricks", lang, **words, you_take=_who("you_take", lang, n),
                      mine=mine_words, total=len(best.winners), best=taken(best)))
    return out


__all__ = ["loss_lines"]
