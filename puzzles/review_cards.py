"""Review cards: the facts of the game being played, as a deck for spaced repetition.

Every card is generated from the variant's profile, never typed: the meld values
(names from :func:`engine.text.explain.meld_name`, the cards from the same patterns as the
meld cheat-sheet, :mod:`lessons.cheatsheet`), the dix and the last trick, and the
play-off duties — yes/no questions read from the profile's ``playoff`` rules and
small positions answered by :func:`engine.rules.tricks.playoff_legal`. A changed rule changes
the card's answer; its id stays, so the learner's schedule carries over.

Ids are ``card:<variant>:<topic>:<name>``, e.g. ``card:two-handed:meld:double_bezique``.
The schedule lives in the progress store through :mod:`puzzles.srs` (FSRS): a card
enters it when first answered; the due cards come first, then new cards up to a daily
limit (:func:`session_queue`).
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache
from typing import Any

from engine.errors import ProfileError
from engine.notation.cards import JOKER_MIN_ID, Rank, Suit, card_text
from engine.rules.melds import candidate_sets, display_order
from engine.rules.profile import (
    MeldSpec,
    Profile,
    apply_option,
    current_choice,
    load_profile,
    variant_options,
)
from engine.rules.tricks import beats, playoff_legal, playoff_obligation, suit_of
from engine.text.citations import citation_text
from engine.text.explain import MESSAGES, meld_name, points_ru
from puzzles import srs
from puzzles.store import ProgressStore, now_utc

PREFIX = srs.CARD_PREFIX
NEW_PER_DAY = 10              # new cards a day, unless the learner sets another number
NEW_SETTING = "review_cards_new_per_day"
COUNT_SETTING = "review_cards_new_today"   # "YYYY-MM-DD n": new cards met today
PICTURE_TRUMP = Suit.HEARTS   # the trump suit of the meld pictures
YES, NO = "yes", "no"

_TEXT: dict[str, tuple[str, str]] = {
    "meld.q": ("What does {a_meld} score?", "Сколько очков приносит {meld}?"),
    "meld.q_many": ("What do {a_meld} score?", "Сколько очков приносят {meld}?"),
    "meld.a": ("{Meld} ({cards}): {points} in {game}.",
               "{Meld} ({cards}): {points} в игре «{game}»."),
    "blanche.q": ("What does carte blanche (a hand with no K, Q or J) score?",
                  "Сколько очков приносит карт-бланш (рука без К, Д и В)?"),
    "blanche.q2": ("What does a double carte blanche (both partners' hands with no K, Q or J) "
                   "score?", "Сколько очков приносит двойной карт-бланш (у обоих партнёров "
                   "руки без К, Д и В)?"),
    "dix.q": ("What does {card}, the dix (the trump {rank}), score?",
              "Сколько очков приносит {card}, козырная {rank}?"),
    "dix.a": ("In {game} the dix ({card} when {suit} are trumps) scores {points}.",
              "В игре «{game}» {card} (козыри — {suit}) приносит {points}."),
    "dix.a0": ("In {game} the dix scores nothing.",
               "В игре «{game}» козырная {rank} очков не приносит."),
    "dix.when": ("It scores when: {when}.", "Очки дают, когда: {when}."),
    "dix.exchange": ("it is exchanged for the turn-up", "её меняют на открытую карту"),
    "dix.show": ("it is shown after winning a trick", "её показывают после взятки"),
    "dix.turn_up": ("it is turned up as trump (to the dealer)",
                    "она открыта как козырь (сдающему)"),
    "dix.first_play": ("it is first played, if not counted before",
                       "ею впервые ходят, если она ещё не засчитана"),
    "dix.trick_win": ("it wins a trick, if not counted before",
                      "она берёт взятку, если ещё не засчитана"),
    "dix.capture": ("it is captured in a trick (to the capturer)",
                    "её берут во взятке (взявшему)"),
    "last.q": ("What does the last trick score?", "Сколько очков приносит последняя взятка?"),
    "last.q_stock": ("What does the last trick before the stock runs out score?",
                     "Сколько очков приносит последняя взятка перед концом колоды?"),
    "last.a": ("In {game} the last trick scores {points}.",
               "В игре «{game}» последняя взятка приносит {points}."),
    "last.split": ("Partners share it, half each.", "Партнёры делят её пополам."),
    "brisque.q": ("What does each brisque (an ace or a ten taken in a trick) score?",
                  "Сколько очков приносит каждая бриска (взятый во взятке туз или десятка)?"),
    "brisque.a": ("In {game} each brisque scores {points}.",
                  "В игре «{game}» каждая бриска приносит {points}."),
    "brisque.tiebreak": ("They are counted only to break a tie and for the rubicon.",
                         "Их считают только при ничьей и для рубикона."),
    "brisque.capture": ("They score as they are captured.", "Их засчитывают сразу при взятии."),
    "duty.follow_suit.q": ("Once the stock is gone (the last {n} tricks), must you follow "
                           "suit if you can?",
                           "Когда колода кончилась (последние {n} взяток), обязаны ли вы "
                           "отвечать в масть, если можете?"),
    "duty.must_win.q": ("Once the stock is gone (the last {n} tricks), must you win the trick "
                        "if you can?",
                        "Когда колода кончилась (последние {n} взяток), обязаны ли вы брать "
                        "взятку, если можете?"),
    "duty.must_trump.q": ("Once the stock is gone, with no card of the suit led, must you "
                          "trump if you can?",
                          "Когда колода кончилась и масти хода у вас нет, обязаны ли вы бить "
                          "козырем, если можете?"),
    "duty.in_stock.q": ("While cards remain in the stock, must you follow suit?",
                        "Пока в колоде есть карты, обязаны ли вы отвечать в масть?"),
    "duty.yes": ("Yes, in {game}: {rule}.", "Да, в игре «{game}»: {rule}."),
    "duty.no": ("No, in {game}: {rule}.", "Нет, в игре «{game}»: {rule}."),
    "duty.no_follow": ("you need not follow suit", "отвечать в масть не обязательно"),
    "duty.no_win": ("you must follow suit but need not win the trick",
                    "в масть отвечать нужно, а брать взятку не обязательно"),
    "duty.no_trump": ("with no card of the suit led you may play any card",
                      "без масти хода можно положить любую карту"),
    "duty.in_stock_yes": ("while the stock lasts you must follow suit",
                          "пока есть колода, отвечать в масть нужно"),
    "duty.in_stock_no": ("while the stock lasts any card may be played",
                         "пока есть колода, можно положить любую карту"),
    "play.q": ("The stock is gone and {lead} is led. Which of your cards may you play?",
               "Колода кончилась, заход {lead}. Какие из ваших карт можно положить?"),
    "play.a": ("You may play: {cards}.", "Можно положить: {cards}."),
    "play.free": ("No duty binds you here: any card may be played.",
                  "Здесь ничто не обязывает: можно положить любую карту."),
    "title.meld": ("{Meld}: points", "{Meld}: очки"),
    "title.dix": ("The dix", "Козырная {rank}"),
    "title.last": ("The last trick", "Последняя взятка"),
    "title.brisque": ("Brisques", "Бриски"),
    "title.follow_suit": ("Last tricks: following suit", "Последние взятки: ответ в масть"),
    "title.must_win": ("Last tricks: winning the trick", "Последние взятки: брать взятку"),
    "title.must_trump": ("Last tricks: trumping", "Последние взятки: бить козырем"),
    "title.in_stock": ("Following suit while the stock lasts",
                       "Ответ в масть, пока есть колода"),
    "title.play": ("Last tricks: position {n}", "Последние взятки: позиция {n}"),
    "sources": ("{topic}, in other sources: {values}.",
                "{topic} в других источниках: {values}."),
    # Why a wrong value is wrong, in terms of that value.
    "why.source": ("{value} is another source's figure ({sources}); in {game} as set up here "
                   "the answer is {right}.",
                   "{value} — цифра другого источника ({sources}); в игре «{game}», как она "
                   "настроена здесь, ответ — {right}."),
    "why.other": ("{value} is the value of {other} in {game}; the answer here is {right}.",
                  "{value} в игре «{game}» — это цена другого: {other}. Здесь ответ — "
                  "{right}."),
    "why.times": ("{value} is {times} the answer: {right}.",
                  "{value} — {times}, чем нужно: ответ — {right}."),
    "why.more": ("{value} is {diff} too many: the answer is {right}.",
                 "{value} — на {diff} больше, чем нужно: ответ — {right}."),
    "why.less": ("{value} is {diff} short: the answer is {right}.",
                 "{value} — на {diff} меньше, чем нужно: ответ — {right}."),
    "why.nothing": ("“{label}” is wrong: in {game} the dix does score, {right}.",
                    "«{label}» — неверно: в игре «{game}» козырная {rank} приносит {right}."),
    "why.some": ("{value} is wrong: in {game} the dix scores nothing.",
                 "{value} — неверно: в игре «{game}» козырная {rank} очков не приносит."),
    "why.some_other": ("{value} is the value of {other} in {game}; the dix itself scores "
                       "nothing there.",
                       "{value} в игре «{game}» — это цена другого: {other}; сама козырная "
                       "{rank} очков там не приносит."),
    "why.yes": ("“{label}” would make it a duty, but in {game} it is not: {rule}.",
                "«{label}» значило бы, что это обязанность, но в игре «{game}» это не так: "
                "{rule}."),
    "why.no": ("“{label}” would leave you free, but in {game} it is a duty: {rule}.",
               "«{label}» значило бы, что это не обязательно, но в игре «{game}» это "
               "обязанность: {rule}."),
    "times.2": ("twice", "вдвое больше"), "times.3": ("three times", "втрое больше"),
    "times.4": ("four times", "вчетверо больше"), "times.half": ("half", "вдвое меньше"),
    "thing.dix": ("the dix", "козырная {rank}"),
    "thing.last": ("the last trick", "последняя взятка"),
    "thing.brisque": ("a brisque", "бриска"),
    "and": (" and ", " и "),
    "yes": ("Yes", "Да"),
    "no": ("No", "Нет"),
    "nothing": ("0 (nothing)", "0 (ничего)"),
}
_RANK_RU = {Rank.SEVEN: "семёрка", Rank.NINE: "девятка"}
# Positions of the play-off cards: what the hand holds besides the led suit.
SITUATIONS = ("follow_and_beat", "follow_cannot_beat", "void_with_trumps", "void_no_trumps")


def _t(lang: str, key: str, **params: object) -> str:
    return _TEXT[key][1 if lang == "ru" else 0].format(**params)


def _points(points: int, lang: str) -> str:
    return points_ru(points) if lang == "ru" else f"{points} points" if points != 1 \
        else "1 point"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class ReviewCard:
    """One question with its answer, in one language. ``options`` are the answers to
    choose from (``labels`` as shown); ``answer`` the right ones (several when
    ``multiple``). ``rows`` are pictures: ``(row, card ids)`` with row ``meld``,
    ``lead`` or ``hand``."""

    id: str
    topic: str                      # meld, dix, last, brisque, duty, play
    rule_id: str                    # the rule the lesson link goes to
    title: str
    question: str
    options: tuple[str, ...]
    labels: tuple[str, ...]
    answer: frozenset[str]
    explanation: tuple[str, ...]
    multiple: bool = False
    trump: Suit | None = None
    rows: tuple[tuple[str, tuple[int, ...]], ...] = ()
    notes: tuple[str, ...] = field(default=())
    # Why each wrong option is wrong, in terms of that option ("600 is twice the
    # answer", "J♦ is not hearts: ..."); for several answers, why each right option
    # belongs, shown when it is left out. ``(option, reason)`` pairs.
    why: tuple[tuple[str, str], ...] = ()
    missed: tuple[tuple[str, str], ...] = ()
    lesson_id: str = ""             # a lesson check's card: the lesson to open

    def label(self, option: str) -> str:
        return dict(zip(self.options, self.labels, strict=True)).get(option, option)

    def check(self, chosen: str | Iterable[str] | None) -> bool:
        """True when ``chosen`` (one option, or all picked) is the answer."""
        if chosen is None:
            return False
        picked = {chosen} if isinstance(chosen, str) else set(chosen)
        return picked == set(self.answer)

    def feedback(self, chosen: str | Iterable[str] | None, lang: str = "en") -> list[str]:
        """The reasons for what a choice got wrong, in option order: each option chosen
        but wrong and, with several answers, each right one left out (``lang`` is the
        card's own: its reasons were written in it)."""
        from lessons.checks import option_reasons

        if chosen is None:
            return []
        return option_reasons(self.options, self.answer, chosen, dict(self.why),
                              dict(self.missed), self.multiple)

    @property
    def answer_text(self) -> str:
        return ", ".join(self.label(o) for o in self.options if o in self.answer)


def _seed(text: str) -> int:
    return int(hashlib.sha256(text.encode("utf-8")).hexdigest()[:12], 16)


# --- the values and the named options that change them ---------------------------------

def _option_values(profile: Profile, value: Callable[[Profile], int], lang: str
                   ) -> list[tuple[str, dict[int, list[str]]]]:
    """What the other sources give for a value, where a named option of this variant
    (:func:`variant_options`) changes it and the profile makes one of its choices.
    ``(option title, {value: [citations]})`` per option."""
    mine = value(profile)
    found = []
    for option in variant_options(profile.name):
        if current_choice(profile, option.id) is None:
            continue
        others: dict[int, list[str]] = {}
        for choice in option.choices:
            try:
                other = value(apply_option(profile, option.id, choice.name))
            except (ProfileError, KeyError, TypeError, ValueError):
                continue
            if other != mine:
                others.setdefault(other, []).append(citation_text(choice.source, lang))
        if others:
            found.append((option.title_ru if lang == "ru" else option.title, others))
    return found


def _option_notes(found: list[tuple[str, dict[int, list[str]]]], lang: str) -> list[str]:
    """What the other sources give for a value (:func:`_option_values`), as notes."""
    notes = []
    for topic, others in found:
        values = "; ".join(f"{v} ({', '.join(where)})" for v, where in sorted(others.items()))
        notes.append(_t(lang, "sources", topic=topic, values=values))
    return notes


def _named_values(profile: Profile, lang: str, skip: str) -> dict[int, list[str]]:
    """The game's other values by points, each with what scores it ("a double bezique",
    "the last trick"), leaving out ``skip`` (the card's own meld kind or topic)."""
    found: dict[int, list[str]] = {}
    rank = _RANK_RU.get(Rank(profile.dix.card_rank), Rank(profile.dix.card_rank).russian)

    def add(points: int, name: str) -> None:
        if points > 0 and name not in found.setdefault(points, []):
            found[points].append(name)

    for spec in profile.melds:
        if spec.kind != skip:
            name = meld_name(spec.kind, lang)
            add(spec.points, name if lang == "ru" else _article(name))
    for kind, points in (("carte_blanche", profile.declaring.carte_blanche),
                         ("double_carte_blanche", profile.declaring.double_carte_blanche)):
        if kind != skip and kind not in {spec.kind for spec in profile.melds}:
            add(points, meld_name(kind, lang))
    for topic, points in (("dix", profile.dix.points),
                          ("last", profile.scoring.last_trick_bonus),
                          ("brisque", profile.scoring.brisque_points)):
        if topic != skip:
            add(points, _t(lang, f"thing.{topic}", rank=rank))
    return {points: names for points, names in found.items() if names}


def _value_why(profile: Profile, values: Sequence[str], right: int,
               found: list[tuple[str, dict[int, list[str]]]], lang: str, skip: str,
               dix: bool = False) -> tuple[tuple[str, str], ...]:
    """Why each wrong number is wrong, in terms of that number: another source's
    figure, the value of something else in this game, a multiple of the answer, or
    simply too many or too few."""
    game = profile.title_ru if lang == "ru" else profile.title
    rank = _RANK_RU.get(Rank(profile.dix.card_rank), Rank(profile.dix.card_rank).russian)
    sources: dict[int, list[str]] = {}
    for _, others in found:
        for points, where in others.items():
            sources.setdefault(points, []).extend(w for w in where
                                                  if w not in sources.get(points, []))
    named = _named_values(profile, lang, skip)
    shown = _points(right, lang)
    times = {right * 2: "times.2", right * 3: "times.3", right * 4: "times.4"}
    if right and right % 2 == 0:
        times[right // 2] = "times.half"
    out = []
    for option, label in zip(values, _value_labels(values, lang), strict=True):
        v = int(option)
        if v == right:
            continue
        if v in sources:
            reason = _t(lang, "why.source", value=label, sources="; ".join(sources[v]),
                        game=game, right=shown)
        elif dix and v == 0:
            reason = _t(lang, "why.nothing", label=label, game=game, right=shown, rank=rank)
        elif dix and right == 0 and v in named:
            reason = _t(lang, "why.some_other", value=v, game=game, rank=rank,
                        other=_t(lang, "and").join(named[v][:2]))
        elif dix and right == 0:
            reason = _t(lang, "why.some", value=v, game=game, rank=rank)
        elif v in named:
            reason = _t(lang, "why.other", value=v, game=game, right=shown,
                        other=_t(lang, "and").join(named[v][:2]))
        elif right and v in times:
            reason = _t(lang, "why.times", value=v, times=_t(lang, times[v]), right=shown)
        else:
            reason = _t(lang, "why.more" if v > right else "why.less", value=v,
                        diff=abs(v - right), right=shown)
        out.append((option, reason))
    return tuple(out)


def _value_notes(profile: Profile, values: Sequence[str], right: int,
                 value: Callable[[Profile], int], lang: str, skip: str,
                 dix: bool = False) -> dict[str, tuple[Any, ...]]:
    """A number card's ``notes`` (what other sources give) and ``why`` (each wrong
    number's reason), from one reading of the named options that change the value."""
    found = _option_values(profile, value, lang)
    return {"notes": tuple(_option_notes(found, lang)),
            "why": _value_why(profile, values, right, found, lang, skip, dix)}


def _choices(right: int, pool: Iterable[int], rng: random.Random) -> tuple[str, ...]:
    """Four numbers to choose from: the right one and the nearest other values of the
    game (its melds and bonuses), filled with doubles and halves when few."""
    others = sorted({v for v in pool if v > 0 and v != right},
                    key=lambda v: (abs(math.log(v / right)) if right else v, v))
    picked = others[:3]
    extra = [right * 2, right // 2, right * 3, right + 10, right + 20, right * 4]
    for value in extra if right else [10, 20, 50, 40]:
        if len(picked) >= 3:
            break
        if value > 0 and value != right and value not in picked:
            picked.append(value)
    rng.shuffle(picked)
    return tuple(str(v) for v in sorted([right, *picked[:3]]))


def _value_labels(values: Sequence[str], lang: str) -> tuple[str, ...]:
    return tuple(_t(lang, "nothing") if v == "0" else v for v in values)


def _pool(profile: Profile) -> list[int]:
    values = [spec.points for spec in profile.melds]
    values += [profile.dix.points, profile.scoring.last_trick_bonus,
               profile.scoring.brisque_points, profile.declaring.carte_blanche]
    return values


# --- meld cards -------------------------------------------------------------------------

def _meld_picture(profile: Profile, spec: MeldSpec) -> tuple[int, ...]:
    """One set of real cards (no jokers) that forms the meld, hearts trumps."""
    real = [c for c in profile.deck_ids() if c < JOKER_MIN_ID]
    if spec.fixing_only:  # 004 no-trump: formed before trumps, in the suit it makes trumps
        real = [c for c in real if c % 32 // 8 == int(PICTURE_TRUMP)]
    trump = None if spec.fixing_only else int(PICTURE_TRUMP)
    for cards in candidate_sets(profile, spec, trump, real):
        return tuple(sorted(cards, key=display_order))
    return ()


def _meld_card(profile: Profile, spec: MeldSpec, lang: str) -> ReviewCard:
    from lessons.cheatsheet import meld_cards

    name = meld_name(spec.kind, lang)
    game = profile.title_ru if lang == "ru" else profile.title
    cid = srs.card_item(profile.name, "meld", spec.kind)
    values = _choices(spec.points, _pool(profile), random.Random(_seed(cid)))

    def price(p: Profile) -> int:
        return p.meld(spec.kind).points

    english = meld_name(spec.kind, "en")
    many = _article(english) == english        # "four aces": the verb is plural
    a_meld = name if lang == "ru" else _article(name)
    return ReviewCard(
        id=cid, topic="meld", rule_id=spec.rule_id,
        title=_t(lang, "title.meld", Meld=_cap(name)),
        question=_t(lang, "meld.q_many" if many else "meld.q", a_meld=a_meld, meld=name),
        options=values, labels=_value_labels(values, lang), answer=frozenset({str(spec.points)}),
        explanation=(_t(lang, "meld.a", Meld=_cap(name), cards=meld_cards(profile, spec, lang),
                        points=_points(spec.points, lang), game=game),),
        trump=PICTURE_TRUMP if spec.suit in ("trump", "plain") or spec.pattern == "bezique"
        else None,
        rows=(("meld", _meld_picture(profile, spec)),),
        **_value_notes(profile, values, spec.points, price, lang, spec.kind))


def _article(name: str) -> str:
    from engine.text.explain import with_article

    return with_article(name)


def _blanche_cards(profile: Profile, lang: str) -> list[ReviewCard]:
    out = []
    game = profile.title_ru if lang == "ru" else profile.title
    kinds = {spec.kind for spec in profile.melds}
    for kind, points, question, value in (
            ("carte_blanche", profile.declaring.carte_blanche, "blanche.q",
             lambda p: p.declaring.carte_blanche),
            ("double_carte_blanche", profile.declaring.double_carte_blanche, "blanche.q2",
             lambda p: p.declaring.double_carte_blanche)):
        if not points or kind in kinds:
            continue
        cid = srs.card_item(profile.name, "meld", kind)
        values = _choices(points, _pool(profile), random.Random(_seed(cid)))
        name = meld_name(kind, lang)
        out.append(ReviewCard(
            id=cid, topic="meld", rule_id=f"meld.{kind}",
            title=_t(lang, "title.meld", Meld=_cap(name)), question=_t(lang, question),
            options=values, labels=_value_labels(values, lang), answer=frozenset({str(points)}),
            explanation=(_t(lang, "meld.a", Meld=_cap(name),
                            cards=_t(lang, question).split("(")[-1].split(")")[0],
                            points=_points(points, lang), game=game),),
            **_value_notes(profile, values, points, value, lang, kind)))
    return out


# --- other points -------------------------------------------------------------------------

def _dix_card(profile: Profile, lang: str) -> ReviewCard:
    game = profile.title_ru if lang == "ru" else profile.title
    dix = profile.dix
    rank = Rank(dix.card_rank)
    card = int(PICTURE_TRUMP) * 8 + int(rank)
    suit = _suit(PICTURE_TRUMP, lang)
    cid = srs.card_item(profile.name, "dix", "points")
    values = _choices(dix.points, _pool(profile), random.Random(_seed(cid)))
    if "0" not in values:        # "nothing" is always a choice: some games give no points
        drop = max((v for v in values if v != str(dix.points)), key=int)
        values = tuple(sorted(["0", *(v for v in values if v != drop)], key=int))
    rank_ru = _RANK_RU.get(rank, rank.russian)
    shown = card_text(card, lang)
    if dix.points:
        when = [_t(lang, f"dix.{name}") for name, on in (
            ("exchange", dix.on_exchange), ("show", dix.on_show),
            ("turn_up", dix.dealer_on_turn_up), ("first_play", dix.on_first_play),
            ("trick_win", dix.on_trick_win), ("capture", dix.on_capture)) if on]
        lines = [_t(lang, "dix.a", game=game, card=shown, suit=suit,
                    points=_points(dix.points, lang))]
        if when:
            lines.append(_t(lang, "dix.when", when="; ".join(when)))
    else:
        lines = [_t(lang, "dix.a0", game=game, rank=rank_ru)]
    rule = ("dix.exchange" if dix.on_exchange else "dix.capture" if dix.on_capture
            else "dix.show" if dix.points else "dix.exchange")
    return ReviewCard(
        id=cid, topic="dix", rule_id=rule, title=_t(lang, "title.dix", rank=rank_ru),
        question=_t(lang, "dix.q", card=shown,
                    rank=rank_ru if lang == "ru" else rank.name.lower()),
        options=values, labels=_value_labels(values, lang), answer=frozenset({str(dix.points)}),
        explanation=tuple(lines), trump=PICTURE_TRUMP, rows=(("meld", (card,)),),
        **_value_notes(profile, values, dix.points, lambda p: p.dix.points, lang, "dix",
                       dix=True))


def _last_trick_card(profile: Profile, lang: str) -> ReviewCard:
    game = profile.title_ru if lang == "ru" else profile.title
    bonus = profile.scoring.last_trick_bonus
    cid = srs.card_item(profile.name, "last", "trick")
    values = _choices(bonus, _pool(profile), random.Random(_seed(cid)))
    lines = [_t(lang, "last.a", game=game, points=_points(bonus, lang))]
    if profile.scoring.last_trick_split:
        lines.append(_t(lang, "last.split"))
    stock_end = profile.scoring.last_trick_at == "stock_end"
    return ReviewCard(
        id=cid, topic="last", rule_id="score.last_trick", title=_t(lang, "title.last"),
        question=_t(lang, "last.q_stock" if stock_end else "last.q"),
        options=values, labels=_value_labels(values, lang), answer=frozenset({str(bonus)}),
        explanation=tuple(lines),
        **_value_notes(profile, values, bonus, lambda p: p.scoring.last_trick_bonus, lang,
                       "last"))


def _brisque_card(profile: Profile, lang: str) -> ReviewCard:
    game = profile.title_ru if lang == "ru" else profile.title
    points = profile.scoring.brisque_points
    cid = srs.card_item(profile.name, "brisque", "points")
    values = _choices(points, _pool(profile), random.Random(_seed(cid)))
    lines = [_t(lang, "brisque.a", game=game, points=_points(points, lang))]
    if profile.scoring.brisques == "tiebreak_only":
        lines.append(_t(lang, "brisque.tiebreak"))
    elif profile.scoring.brisques == "on_capture":
        lines.append(_t(lang, "brisque.capture"))
    return ReviewCard(
        id=cid, topic="brisque", rule_id="score.brisque", title=_t(lang, "title.brisque"),
        question=_t(lang, "brisque.q"), options=values, labels=_value_labels(values, lang),
        answer=frozenset({str(points)}), explanation=tuple(lines),
        **_value_notes(profile, values, points, lambda p: p.scoring.brisque_points, lang,
                       "brisque"))


# --- play-off duties ----------------------------------------------------------------------

def _duty_cards(profile: Profile, lang: str) -> list[ReviewCard]:
    game = profile.title_ru if lang == "ru" else profile.title
    rules = profile.playoff
    n = profile.playoff_tricks
    yes_no = (YES, NO)
    labels = (_t(lang, "yes"), _t(lang, "no"))
    out = []
    duties = (("follow_suit", rules.follow_suit, "playoff.follow_suit", "refuse_follow_suit",
               "duty.no_follow"),
              ("must_win", rules.follow_suit and rules.must_win, "playoff.must_win",
               "refuse_must_win", "duty.no_win"),
              ("must_trump", rules.must_trump, "playoff.must_trump", "refuse_must_trump",
               "duty.no_trump"))
    for name, bound, rule_id, yes_key, no_key in duties:
        rule = MESSAGES[yes_key][1 if lang == "ru" else 0] if bound else _t(lang, no_key)
        out.append(ReviewCard(
            id=srs.card_item(profile.name, "duty", name), topic="duty", rule_id=rule_id,
            title=_t(lang, f"title.{name}"), question=_t(lang, f"duty.{name}.q", n=n),
            options=yes_no, labels=labels, answer=frozenset({YES if bound else NO}),
            explanation=(_t(lang, "duty.yes" if bound else "duty.no", game=game, rule=rule),),
            why=_duty_why(bound, labels, game, rule, lang)))
    follow = profile.follow_in_stock
    in_stock = _t(lang, "duty.in_stock_yes" if follow else "duty.in_stock_no")
    out.append(ReviewCard(
        id=srs.card_item(profile.name, "duty", "in_stock"), topic="duty",
        rule_id="play.follow_in_stock" if follow else "play.stock_any_card",
        title=_t(lang, "title.in_stock"), question=_t(lang, "duty.in_stock.q"),
        options=yes_no, labels=labels, answer=frozenset({YES if follow else NO}),
        explanation=(_t(lang, "duty.yes" if follow else "duty.no", game=game, rule=in_stock),),
        why=_duty_why(follow, labels, game, in_stock, lang)))
    return out


def _duty_why(bound: bool, labels: tuple[str, str], game: str, rule: str,
              lang: str) -> tuple[tuple[str, str], ...]:
    """Why the wrong one of "Yes" / "No" is wrong, in terms of that answer."""
    if bound:
        return ((NO, _t(lang, "why.no", label=labels[1], game=game, rule=rule)),)
    return ((YES, _t(lang, "why.yes", label=labels[0], game=game, rule=rule)),)


def _position(profile: Profile, situation: str) -> tuple[int, int, tuple[int, ...]]:
    """``(trump, lead, hand)`` of five cards for a play-off situation, the same every
    time for a variant (seeded by the card's id), built from the variant's cards."""
    rng = random.Random(_seed(srs.card_item(profile.name, "play", situation)))
    kinds = sorted({c % 32 for c in profile.deck_ids() if c < JOKER_MIN_ID})
    size = min(5, profile.hand_size)
    for _ in range(10_000):
        trump = rng.randrange(4)
        lead_suit = rng.choice([s for s in range(4) if s != trump])
        lead = rng.choice([k for k in kinds if k // 8 == lead_suit])
        hand = rng.sample([k for k in kinds if k != lead], size)
        same = [c for c in hand if suit_of(c) == lead_suit]
        trumps = [c for c in hand if suit_of(c) == trump]
        higher = [c for c in same if beats(lead, c, trump)]
        fits = {
            "follow_and_beat": bool(higher) and len(higher) < len(same) and bool(trumps),
            "follow_cannot_beat": bool(same) and not higher and bool(trumps),
            "void_with_trumps": not same and 0 < len(trumps) < size,
            "void_no_trumps": not same and not trumps,
        }[situation]
        if fits:
            return trump, lead, tuple(sorted(hand, key=display_order))
    raise ProfileError(f"no play-off position {situation!r} for {profile.name!r}")


def _play_card(profile: Profile, situation: str, lang: str) -> ReviewCard:
    return _play_card_at(profile, situation, *_position(profile, situation), lang)


def _play_card_at(profile: Profile, situation: str, trump: int, lead: int,
                  hand: tuple[int, ...], lang: str) -> ReviewCard:
    legal = playoff_legal(hand, lead, trump, profile.playoff)
    rule = playoff_obligation(hand, lead, trump, profile.playoff)
    keys = {"playoff.must_win": "refuse_must_win", "playoff.follow_suit": "refuse_follow_suit",
            "playoff.must_trump": "refuse_must_trump"}
    lines = [_t(lang, "play.a", cards=" ".join(card_text(c, lang) for c in legal))]
    if rule:
        lines.append(_cap(MESSAGES[keys[rule]][1 if lang == "ru" else 0]) + ".")
    else:
        lines.append(_t(lang, "play.free"))
    shown = card_text(lead, lang)
    from lessons.checks import playoff_reasons

    why, missed = playoff_reasons(hand, lead, trump, profile, lang)
    return ReviewCard(
        id=srs.card_item(profile.name, "play", situation), topic="play",
        rule_id=rule or "playoff.follow_suit",
        # numbered, not named by the lead: the suits change each time it is shown
        title=_t(lang, "title.play", n=SITUATIONS.index(situation) + 1),
        question=_t(lang, "play.q", suit=_suit(Suit(trump), lang), lead=shown),
        options=tuple(str(c) for c in hand),
        labels=tuple(card_text(c, lang) for c in hand),
        answer=frozenset(str(c) for c in legal), explanation=tuple(lines), multiple=True,
        trump=Suit(trump), rows=(("lead", (lead,)), ("hand", hand)),
        why=tuple((str(c), why[c]) for c in hand if c in why),
        missed=tuple((str(c), missed[c]) for c in hand if c in missed))


def _suit(suit: Suit, lang: str) -> str:
    from puzzles.i18n import suit_name

    return suit_name(suit.letter, lang)


# --- the deck -------------------------------------------------------------------------------

@cache
def deck(variant: str, lang: str = "en") -> tuple[ReviewCard, ...]:
    """Every review card of a variant, in one language: meld values first, then the
    other points, the duties and the play-off positions."""
    return build_deck(load_profile(variant), "ru" if lang == "ru" else "en")


def build_deck(profile: Profile, lang: str = "en") -> tuple[ReviewCard, ...]:
    cards = [_meld_card(profile, spec, lang) for spec in profile.melds if spec.points]
    cards += _blanche_cards(profile, lang)
    if profile.dix.card_rank == Rank.SEVEN or profile.dix.points:
        cards.append(_dix_card(profile, lang))
    if profile.scoring.last_trick_bonus:
        cards.append(_last_trick_card(profile, lang))
    if profile.scoring.brisque_points and not profile.card_points.A:
        cards.append(_brisque_card(profile, lang))
    if profile.deal_end == "playoff" and profile.tricks_kept:
        cards += _duty_cards(profile, lang)
        cards += [_play_card(profile, situation, lang) for situation in SITUATIONS]
    return tuple(cards)


def fresh(card: ReviewCard, seed: int, lang: str = "en") -> ReviewCard:
    """The card as shown this time: a play-off position with its suits permuted by
    ``seed`` (the same duty in a new look, so the position itself is not learnt by
    heart; its id and schedule stay); any other card as it is."""
    if card.topic != "play" or card.trump is None:
        return card
    variant, _, situation = card.id[len(PREFIX):].rpartition(":play:")
    suits = list(range(4))
    random.Random(seed).shuffle(suits)

    def moved(c: int) -> int:
        return c - (c % 32) + suits[c % 32 // 8] * 8 + c % 8

    (_, (lead,)), (_, hand) = card.rows
    return _play_card_at(load_profile(variant), situation, suits[int(card.trump)], moved(lead),
                         tuple(sorted(map(moved, hand), key=display_order)), lang)


def by_id(item: str, lang: str = "en") -> ReviewCard | None:
    """The card of an id, from its variant's deck (None when the rule is gone)."""
    if not item.startswith(PREFIX):
        return None
    variant = item[len(PREFIX):].split(":", 1)[0]
    try:
        cards = deck(variant, lang)
    except (ProfileError, FileNotFoundError, OSError):
        return None
    return next((c for c in cards if c.id == item), None)


# --- the schedule ---------------------------------------------------------------------------

def new_per_day(store: ProgressStore, learner: str) -> int:
    try:
        return max(0, int(store.setting(learner, NEW_SETTING, str(NEW_PER_DAY))))
    except ValueError:
        return NEW_PER_DAY


def set_new_per_day(store: ProgressStore, learner: str, count: int) -> None:
    store.set_setting(learner, NEW_SETTING, str(max(0, int(count))))


def _today(at: datetime) -> str:
    return at.date().isoformat()


def new_today(store: ProgressStore, learner: str, at: datetime | None = None) -> int:
    """New cards met today, less any extra the learner asked for (:func:`allow_more`)."""
    day, _, count = store.setting(learner, COUNT_SETTING, "").partition(" ")
    try:
        return int(count) if day == _today(at or now_utc()) else 0
    except ValueError:
        return 0


def allow_more(store: ProgressStore, learner: str, count: int = 5,
               at: datetime | None = None) -> None:
    """Let ``count`` more new cards in today, past the daily limit."""
    when = at or now_utc()
    store.set_setting(learner, COUNT_SETTING,
                      f"{_today(when)} {new_today(store, learner, when) - count}")


def _variant_prefix(variant: str) -> str:
    return f"{PREFIX}{variant}:"


@dataclass(frozen=True)
class Queue:
    """What the learner reviews now: due cards first (the earliest due first), then
    new ones; with the counts shown on the page."""

    cards: tuple[ReviewCard, ...]
    due: int
    new: int
    seen: int
    total: int


def session_queue(store: ProgressStore, learner: str, variant: str, lang: str = "en",
                  at: datetime | None = None) -> Queue:
    when = at or now_utc()
    cards = deck(variant, lang)
    by = {c.id: c for c in cards}
    prefix = _variant_prefix(variant)
    due = [by[i] for i in srs.card_due(store, learner, prefix, when) if i in by]
    seen = srs.card_items(store, learner, prefix)
    room = max(0, new_per_day(store, learner) - new_today(store, learner, when))
    fresh = [c for c in _interleave(cards) if c.id not in seen][:room]
    return Queue(tuple(due + fresh), len(due), len(fresh), len(seen & set(by)), len(cards))


def _interleave(cards: Sequence[ReviewCard]) -> list[ReviewCard]:
    """New cards topic by topic in turn (a meld, a duty, a position, another point,
    a meld...), each topic in deck order, so a session is not all melds before the
    first play-off question."""
    groups: dict[str, list[ReviewCard]] = {}
    for card in cards:
        groups.setdefault(card.topic if card.topic in ("meld", "duty", "play") else "other",
                          []).append(card)
    out: list[ReviewCard] = []
    while any(groups.values()):
        for group in groups.values():
            if group:
                out.append(group.pop(0))
    return out


def answer(store: ProgressStore, learner: str, card: ReviewCard, chosen: object,
           seconds: float | None = None, at: datetime | None = None) -> tuple[bool, datetime]:
    """Grade an answer and schedule the card (FSRS): wrong → Again, right → Good, or
    Easy when quick. A card met for the first time counts towards today's new cards.
    Returns ``(right, next due time)``."""
    when = at or now_utc()
    right = card.check(chosen)  # type: ignore[arg-type]
    due, new = srs.review_card(store, learner, card.id, srs.card_rating(right, seconds), when)
    if new:
        count = new_today(store, learner, when) + 1
        store.set_setting(learner, COUNT_SETTING, f"{_today(when)} {count}")
    return right, due
