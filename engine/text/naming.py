"""The engine's explanation steps with the players named, not numbered.

(Plain data and English/Russian wording like :mod:`engine.text.explain`; no app, no
Streamlit: the lessons and the app's pages both use it.)

The engine says "player 1 wins the game"; a lesson's check names its players ("Anna",
"Boris") and the app names the seats as its table does ("You", "Computer", "You &
partner"). Both use :func:`named_steps`. A name carries its grammatical form, so the
verbs agree with it: "You win", "Computer wins"; «Вы выиграли партию», «Анна
выиграла», «Борис выиграл», «Противники выиграли».

Forms: ``"m"`` and ``"f"`` (third person singular, the Russian gender), ``"you"``
(the learner, second person; plural verbs in Russian), ``"they"`` (a side named
in the plural, "Opponents") and ``"n"`` (third person singular whose gender is not
known, such as a name typed on the score pad: the Russian sentence is worded without
a gendered verb, «Победа в партии: Anna», never «Anna выиграл»). A plain string is
third person singular, its Russian gender read from the name (:func:`feminine`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from engine.text.explain import Step

FORMS = ("m", "f", "you", "they", "n")

_MASCULINE_IN_A = {"никита", "илья", "фома", "кузьма", "лука", "савва", "данила"}


@dataclass(frozen=True)
class Name:
    """A player or side as the learner reads it, with the form its verbs take."""

    text: str
    form: str = ""      # one of FORMS; "" = third person, gender from the name

    def __post_init__(self) -> None:
        if self.form and self.form not in FORMS:
            raise ValueError(f"unknown grammatical form {self.form!r}")

    def __str__(self) -> str:
        return self.text


def feminine(name: str) -> bool:
    """Whether a Russian name (or "ваша пара") takes feminine verbs: Анна, пара."""
    last = name.strip().split()[-1].lower() if name.strip() else ""
    return last.endswith(("а", "я")) and last not in _MASCULINE_IN_A


def form_of(name: str | Name) -> str:
    if isinstance(name, Name) and name.form:
        return name.form
    return "f" if feminine(str(name)) else "m"


# Words that follow the name's form: English (singular, plural), Russian (m, f, you,
# they).
_EN_WORDS: dict[str, tuple[str, str]] = {
    "wins": ("wins", "win"), "is": ("is", "are"), "counts": ("counts", "count"),
    "scores_v": ("scores", "score"), "does": ("does", "do"), "cuts": ("cuts", "cut"),
    "deals": ("deals", "deal"),
}
_RU_WORDS: dict[str, tuple[str, str, str, str]] = {
    "reached": ("набрал", "набрала", "набрали", "набрали"),
    "passed": ("перешёл", "перешла", "перешли", "перешли"),
    "lost": ("проиграл", "проиграла", "проиграли", "проиграли"),
    "won": ("выиграл", "выиграла", "выиграли", "выиграли"),
    "their": ("его", "её", "ваш", "их"),
    "counts": ("засчитывает", "засчитывает", "засчитываете", "засчитывают"),
    "wins": ("побеждает", "побеждает", "побеждаете", "побеждают"),
    "gets": ("получает", "получает", "получаете", "получают"),
    "draws": ("вытягивает", "вытягивает", "вытягиваете", "вытягивают"),
    "drew": ("вытянул", "вытянула", "вытянули", "вытянули"),
    "deals": ("сдаёт", "сдаёт", "сдаёте", "сдают"),
    "got": ("получил", "получила", "получили", "получили"),
    "first_v": ("первым", "первой", "первым", "первыми"),
    "took": ("взял", "взяла", "взяли", "взяли"),
    "holds": ("держит", "держит", "держите", "держат"),
}


def gendered(name: str | Name, lang: str) -> dict[str, str]:
    """The words of ``name``'s form, by key (``{reached}``, ``{lost}``, ``{wins}``...)."""
    form = form_of(name)
    if lang == "ru":
        # "n": the neutral templates (NEUTRAL_RU) avoid the gendered words; the present
        # tense ones (побеждает, получает) are the same for both genders.
        index = 0 if form == "n" else FORMS.index(form)
        return {key: words[index] for key, words in _RU_WORDS.items()}
    return {key: words[form in ("you", "they")] for key, words in _EN_WORDS.items()}


# The steps about a player, worded with the name: (English, Russian).
NAMED_STEPS: dict[str, tuple[str, str]] = {
    "game_won": ("{name} {wins} the game ({scores})", "{name} {won} партию (счёт {scores})"),
    "game_won_side": ("{name} {wins} the game ({scores})",
                      "{name} {won} партию (счёт {scores})"),
    "settle_round": ("{name}: {raw} rounded down to {rounded}",
                     "{name}: {raw} округляется вниз до {rounded}"),
    "settle_rescue": ("{name} {counts} brisques to cross the rubicon; so does the winner",
                      "{name} {counts} бриски, чтобы перейти рубикон; победитель тоже"),
    "settle_rescue_sum": ("{name} {counts} brisques to cross the rubicon: {score} + {brisques} "
                          "in brisques = {total}; so does the winner: {w_score} + {w_brisques} "
                          "= {w_total}",
                          "{name} {counts} бриски, чтобы перейти рубикон: {score} + {brisques} "
                          "за бриски = {total}; победитель тоже: {w_score} + {w_brisques} = "
                          "{w_total}"),
    "settle_difference": ("{name} {wins}: difference {difference} plus {bonus} for the game",
                          "{name} {wins}: разница {difference} плюс {bonus} за партию"),
    "settle_rubicon": ("{name} {is} under {rubicon}: rubiconed, {detail}",
                       "{name} не {reached} {rubicon} и не {passed} рубикон: {detail}"),
    "settle_small": ("{name} lost with under {limit}: {bonus} more",
                     "{name} {lost}, набрав меньше {limit}: ещё {bonus}"),
    "settle_total": ("{name} {scores_v} {points} for the game",
                     "{name} {gets} за партию {points}"),
    "cut": ("{name} {cuts} {card}", "{name} {draws} {card}"),
    "cut_dealer": ("{name} cut the higher card and {deals} first",
                   "{name} {drew} старшую карту и {deals} {first_v}"),
    "deal_method": ("dealt in packets of {packets}, {name} served first",
                    "сдано пачками {packets}; {name} {got} карты {first_v}"),
    "refuse_not_in_hand": ("{name} {does} not hold {card}",
                           "{name} не {holds} на руке карту {card}"),
    "split_pairs": ("the last tricks split the pairs: {name} (who won the last trick of the "
                    "stock) and {left} play them against each other, and at the same time "
                    "{partner} and {other}; each trick still scores to its winner alone",
                    "в последних взятках пары разбиваются: {name} ({took} последнюю взятку "
                    "колоды) и {left} играют их между собой, а одновременно — {partner} и "
                    "{other}; каждая взятка по-прежнему приносит очки только взявшему"),
}
# Russian steps about a name of unknown gender (form "n"), worded without a gendered
# verb; a step not listed here has no gendered word in its Russian template.
NEUTRAL_RU: dict[str, str] = {
    "game_won": "Победа в партии: {name} (счёт {scores})",
    "game_won_side": "Победа в партии: {name} (счёт {scores})",
    "settle_rubicon": "{name}: меньше {rubicon}, рубикон не пройден: {detail}",
    "settle_small": "{name}: проигрыш с результатом меньше {limit}: ещё {bonus}",
    "cut_dealer": "старшую карту вытягивает {name}; первая сдача — за этим игроком",
    "deal_method": "сдано пачками {packets}; карты сначала получает {name}",
    "split_pairs": "в последних взятках пары разбиваются: {name} (за кем последняя "
                   "взятка колоды) и {left} играют их между собой, а одновременно — {partner} и "
                   "{other}; каждая взятка по-прежнему приносит очки только взявшему",
}
# The parameter that holds the player's number ("2") or a partnership's ("1 & 3").
SIDE_PARAM = {"game_won": "player", "game_won_side": "first", "settle_round": "player",
              "settle_rescue": "player", "settle_rescue_sum": "player",
              "settle_difference": "player",
              "settle_rubicon": "loser", "settle_small": "loser", "settle_total": "player",
              "cut": "player", "cut_dealer": "player", "deal_method": "player",
              "split_pairs": "player", "refuse_not_in_hand": "player"}
# Other players a step names, by seat number.
OTHER_SEATS = {"split_pairs": ("left", "partner", "other")}


def step_name(step: Step, names: Sequence[str | Name],
              sides: Sequence[str | Name] | None = None) -> str | Name | None:
    """Who a step is about: ``names`` by seat (player 1 first); a partnership's step
    (``"1 & 3"``, ``game_won_side``) takes ``sides`` by side when given. ``None``
    when the step names nobody."""
    if step.key not in NAMED_STEPS:
        return None
    params = dict(step.params)
    raw = str(params[SIDE_PARAM[step.key]])
    seat = int(raw.split()[0]) - 1
    if sides is not None and ("&" in raw or step.key == "game_won_side"):
        return sides[seat % len(sides)]
    return names[seat % len(names)]   # two names for four seats: a side by its player


def named_step(step: Step, lang: str, names: Sequence[str | Name],
               sides: Sequence[str | Name] | None = None) -> str:
    """One engine step in ``lang``, its player named (other steps as the engine words
    them)."""
    name = step_name(step, names, sides)
    if name is None:
        return str(step.render(lang))
    others = OTHER_SEATS.get(step.key, ())
    drop = (SIDE_PARAM[step.key], "second", *others)
    values = replace(step, params=tuple(p for p in step.params if p[0] not in drop)
                     ).values(lang)
    params = dict(step.params)
    for key in others:
        values[key] = _in_sentence(names[(int(params[key]) - 1) % len(names)])
    template = NAMED_STEPS[step.key][1 if lang == "ru" else 0]
    if lang == "ru" and form_of(name) == "n":
        template = NEUTRAL_RU.get(step.key, template)
    said = str(name) if template.startswith("{name}") else _in_sentence(name)
    return str(template.format(**values, **gendered(name, lang), name=said))


def _in_sentence(name: str | Name) -> str:
    """A name inside a sentence: the learner's "You" / «Вы» is written "you" / «вы»
    there (a capital «Вы» mid-sentence reads as the polite form); other names as they
    are."""
    text = str(name)
    return text[:1].lower() + text[1:] if form_of(name) == "you" else text


def named_steps(steps: Iterable[Step], lang: str, names: Sequence[str | Name],
                sides: Sequence[str | Name] | None = None) -> tuple[str, ...]:
    """The engine's explanation steps with the players named, not numbered."""
    return tuple(named_step(s, lang, names, sides) for s in steps)
