"""Wrong options built from the slips learners really make, each with its own feedback.

A check's wrong options are not just other values of the table: each is what a named
mistake gives (adding the melds scored before to the score of the one asked about,
taking them off it, thinking a card once scored can never score again, taking the
biggest meld now when a route over several tricks brings more, playing one source's
bezique pair at a table that plays another's). A :class:`Slip` is such an option: the
mistake's ``name``, the ``value`` it produces and the feedback aimed at it, in the
lesson's language. :attr:`lessons.check_result.CheckResult.mistakes` names the mistake
behind each wrong option; its ``why`` is that slip's sentence.

The slips of the meld and declaration checks are worded here; the older generators
(scores, brisques, settlements, fines) keep their sentences where they are and name
them by the same key.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from engine.text.explain import points_ru, ru_plural

_TEXT: dict[str, tuple[str, str]] = {
    # meld_score: the meld asked about after melds of its class scored before
    "route_total": ("{value} adds what the earlier {melds} scored ({earlier}); those points "
                    "are on your score already: the {meld} itself adds {points}.",
                    "{value} — это вместе с тем, что уже дали прежние комбинации ({earlier}); "
                    "эти очки у вас уже записаны, а сама комбинация «{meld}» добавляет "
                    "{points}."),
    "minus_scored": ("{value} takes off what the earlier {melds} scored ({earlier}), but "
                     "nothing is taken back: the {meld} adds its full {points}.",
                     "{value} — это за вычетом прежних комбинаций ({earlier}), но ничего не "
                     "вычитается: комбинация «{meld}» добавляет все {points}."),
    "reuse_zero": ("0 would mean that cards which have scored once can never score again. "
                   "Here {reason}: the {meld} scores {points}.",
                   "0 — это если бы карты, уже принёсшие очки, больше никогда не считались. "
                   "А здесь {reason}: комбинация «{meld}» даёт {points}."),
    # best_declaration judged over the rest of the deal
    "greedy": ("The {option} scores the most on this trick ({points}), but after it {lost}: "
               "{why} Over {n} it brings {total}, {diff} less than starting with the "
               "{best}.",
               "Комбинация {option} даёт больше всего за эту взятку ({points}), но после неё "
               "{lost}: {why} За {n} она приносит {total}, на {diff} меньше, чем если начать "
               "с комбинации {best}."),
    "greedy_short": ("The {option} scores the most on this trick ({points}), but over {n} "
                     "it brings only {total} ({route}), {diff} less than starting "
                     "with the {best}.",
                     "Комбинация {option} даёт больше всего за эту взятку ({points}), но за "
                     "{n} приносит только {total} ({route}), на {diff} меньше, чем если "
                     "начать с комбинации {best}."),
    "weaker_start": ("Starting with the {option}: {route}; {total} in all, {diff} less than "
                     "starting with the {best}.",
                     "Если начать с комбинации {option}: {route}; всего {total}, на {diff} "
                     "меньше, чем если начать с комбинации {best}."),
    # after_win: the rules of another source played at this table
    "other_reading": ("{plan}: that is the rule of {source}; at this table {why}",
                      "{plan}: так по правилам {source}; за этим столом {why}"),
}

# The meld no longer open after a greedy first declaration.
_LOST: tuple[str, str] = ("the {meld} can no longer score", "комбинацию «{meld}» уже не записать")
_NUMBERS_EN = {2: "two", 3: "three", 4: "four", 5: "five"}
_NUMBERS_RU = {2: "две", 3: "три", 4: "четыре", 5: "пять"}


@dataclass(frozen=True)
class Slip:
    """A wrong option and the mistake behind it: ``name`` (a key of the slips' texts
    or of the check kind's own), ``value`` (the option) and ``why`` (its feedback)."""

    name: str
    value: str
    why: str


def text(name: str, lang: str, **params: object) -> str:
    """The feedback sentence of the slip ``name``; in Russian, ``points``, ``total``
    and ``diff`` get their noun (``40 очков``)."""
    if lang == "ru":
        for key in ("points", "total", "diff"):
            if key in params:
                params[key] = points_ru(str(params[key]))
    return _TEXT[name][1 if lang == "ru" else 0].format(**params)


def lost(meld: str, lang: str) -> str:
    return _LOST[1 if lang == "ru" else 0].format(meld=meld)


def tricks_words(n: int, lang: str) -> str:
    """"two tricks" / «две взятки»: the count in words where it is small."""
    if lang == "ru":
        word = _NUMBERS_RU.get(n, str(n))
        return f"{word} {ru_plural(n, 'взятку', 'взятки', 'взяток')}"
    return f"{_NUMBERS_EN.get(n, str(n))} tricks"


def collect(slips: Iterable[Slip], answer: str) -> tuple[dict[str, str], dict[str, str]]:
    """``(why, mistakes)`` by option from ``slips``: the first slip for a value wins,
    and none is kept for the right answer."""
    why: dict[str, str] = {}
    names: dict[str, str] = {}
    for slip in slips:
        if slip.value == answer or slip.value in why:
            continue
        why[slip.value] = slip.why
        names[slip.value] = slip.name
    return why, names


def named(why: Mapping[str, str], name: str) -> dict[str, str]:
    """Every option of ``why`` named after one mistake (a kind whose wrong options
    are all of one sort, such as "scores less now")."""
    return {option: name for option in why}




class Reasons(dict[str, str]):
    """Why each wrong option is wrong, by option, with the name of the mistake behind
    it in :attr:`names` (for the generators that word their own sentences)."""

    def __init__(self) -> None:
        super().__init__()
        self.names: dict[str, str] = {}

    def put(self, option: str, name: str, text: str, *, keep: bool = False) -> None:
        """Say ``text`` for ``option``, the slip ``name``; ``keep``: not over a reason
        already given."""
        if keep and option in self:
            return
        self[option] = text
        self.names[option] = name

    def drop(self, option: str) -> None:
        """No reason for ``option`` (the right answer)."""
        self.pop(option, None)
        self.names.pop(option, None)


__all__ = ["Reasons", "Slip", "collect", "lost", "named", "text", "tricks_words"]
