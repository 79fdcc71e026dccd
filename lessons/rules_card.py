"""A variant's rules at a glance, pagat style: players, cards, deal, play, scoring and
variations, each one short paragraph built from the variant's profile.

``{{ rules_card }}`` in a lesson renders its own variant's card, ``{{ rules_card NAME }}``
another profile's (the Fildinski lesson shows its three- and four-handed forms in their
folds). Every number and every rule comes from :class:`engine.rules.profile.Profile`
and the named options that belong to the variant, so the card follows the profile; the
readings behind a rule stay in the "Sources differ" chips each item ends with.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.rules.profile import Profile, current_choice, load_profile, variant_options
from engine.text.explain import meld_name, ru_plural
from lessons.disagreements import chip_markdown

ITEMS = ("players", "cards", "deal", "play", "scoring", "variations")

_HEADINGS = {
    "en": {"title": "The rules at a glance", "players": "Players", "cards": "Cards",
           "deal": "Deal", "play": "Play", "scoring": "Scoring", "variations": "Variations"},
    "ru": {"title": "Правила коротко", "players": "Игроки", "cards": "Карты",
           "deal": "Сдача", "play": "Игра", "scoring": "Счёт", "variations": "Варианты"},
}

_NUMBER_EN = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 8: "eight", 9: "nine",
              10: "ten", 12: "twelve", 13: "thirteen", 18: "eighteen"}
_NUMBER_RU = {2: "две", 3: "три", 4: "четыре", 5: "пять", 6: "шесть", 8: "восемь",
              9: "девять", 10: "десять", 12: "двенадцать", 13: "тринадцать",
              18: "восемнадцать"}   # "по восемь карт": the same form after «по» from 5 up


@dataclass(frozen=True)
class Item:
    """One paragraph of the card: its key (``ITEMS``), its text, the chips ending it."""

    key: str
    text: str
    chips: tuple[str, ...] = ()


def _packs(n: int, lang: str) -> str:
    if lang == "ru":
        word = _NUMBER_RU.get(n, str(n))
        return f"{word} {ru_plural(n, 'колода', 'колоды', 'колод')}"
    return f"{_NUMBER_EN.get(n, str(n))} pack{'s' if n != 1 else ''}"


def _players(p: Profile, lang: str) -> str:
    if lang == "ru":
        if p.players == 4 and p.partnerships:
            return ("Четверо, две пары: партнёры сидят друг против друга, счёт у пары "
                    "общий.")
        return {2: "Двое.", 3: "Трое, каждый за себя."}.get(p.players, f"{p.players}.")
    if p.players == 4 and p.partnerships:
        return "Four, in two partnerships: partners sit opposite and score together."
    return {2: "Two.", 3: "Three, each for himself."}.get(p.players, f"{p.players}.")


def _cards(p: Profile, lang: str) -> str:
    deck = p.deck_size
    if p.pack_ranks:   # short packs with extra cards (004's game with jokers)
        nines = 4 * p.extra_copies
        if lang == "ru":
            return (f"{deck} {ru_plural(deck, 'карта', 'карты', 'карт')}: "
                    f"{_packs(p.packs, lang)} без семёрок, восьмёрок и девяток (Т 10 К Д В "
                    f"каждой масти), ещё {nines} девяток (по {p.extra_copies} каждой масти) "
                    f"и {p.jokers} инфузорки — карты, заменяющие любую.")
        return (f"{deck} cards: {_packs(p.packs, lang)} without sevens, eights or nines "
                f"(A 10 K Q J of each suit), {nines} nines ({p.extra_copies} of each suit) "
                f"and {p.jokers} jokers, which stand for any card.")
    if lang == "ru":
        return (f"{deck} {ru_plural(deck, 'карта', 'карты', 'карт')}: "
                f"{_packs(p.packs, lang)} по 32 карты (от семёрки до туза), перетасованные "
                f"вместе. Старшинство: Т 10 К Д В 9 8 7.")
    return (f"{deck} cards: {_packs(p.packs, lang)} of 32 (seven to ace) shuffled "
            f"together. From high to low: A 10 K Q J 9 8 7.")


def _deal(p: Profile, lang: str) -> str:
    ru = lang == "ru"
    singly = all(n == 1 for n in p.deal_packets)
    packets = "–".join(str(n) for n in p.deal_packets)
    if ru:
        how = "по одной" if singly else f"пачками {packets}"
        text = f"По {_NUMBER_RU.get(p.hand_size, p.hand_size)} карт каждому, {how}; "
    else:
        how = "one at a time" if singly else f"in packets of {packets}"
        text = f"{_NUMBER_EN.get(p.hand_size, str(p.hand_size)).capitalize()} cards each, {how}; "
    if p.trump == "turn_up":
        text += ("следующую карту открывают на козырь, остальные — колода (прикуп)."
                 if ru else "the next card is turned up for trumps, and the rest are the stock.")
    else:
        fixer = ("первое объявление марьяжа или секвенции" if "sequence" in
                 p.declaring.trump_from else "первое объявление марьяжа") if ru else (
            "the first marriage or sequence declared" if "sequence" in p.declaring.trump_from
            else "the first marriage declared")
        text += (f"козырь не открывают: остальные карты — колода, а козырь назначает {fixer}."
                 if ru else f"nothing is turned up: the rest are the stock, and {fixer} "
                 f"makes trumps.")
    if p.players == 2:
        text += " Первым ходит несдающий." if ru else " The non-dealer leads first."
    else:
        side = {"left": ("слева", "left"), "right": ("справа", "right")}[p.first_lead]
        text += (f" Первым ходит сосед сдающего {side[0]}." if ru
                 else f" The player on the dealer's {side[1]} leads first.")
    return text


def _stock_play(p: Profile, ru: bool) -> str:
    if not p.tricks_kept:   # no tricks: beating the card led is what lets one declare
        return ("Пока есть колода, класть можно любую карту. Взяток нет: сыгранные карты "
                "идут в общую кучу. Кто побил карту хода, ходит дальше и может объявить "
                "одну комбинацию из руки, выложив её на стол; выложенными картами можно "
                "играть дальше." if ru else
                "While the stock lasts any card may be played. No tricks are kept: played "
                "cards go to one heap. Whoever beats the card led leads next and may declare "
                "one meld from his hand, laid face up; its cards may still be played.")
    if p.follow_in_stock:
        return ("Пока есть колода, отвечать нужно в масть, если она есть, иначе любой "
                "картой." if ru else "While the stock lasts, follow suit if you can, else "
                "play any card.")
    return ("Пока есть колода, класть можно любую карту; взятку забирает самый старший козырь, "
            "а без козырей — старшая карта в масти хода, из двух одинаковых же — сыгранная "
            "раньше." if ru else
            "While the stock lasts any card may be played; the highest trump wins, else the "
            "highest card of the suit led, and of two identical cards the one played first.")


def _declaring(p: Profile, ru: bool) -> str:
    d = p.declaring
    if not p.tricks_kept:   # said with the play: see _stock_play
        return ""
    if d.source == "captured":
        return ("Из руки ничего не объявляют: карты выигранной взятки, годные в "
                "комбинацию, выкладывают перед собой, и каждая комбинация, которую они "
                "замыкают, засчитывается сразу." if ru else
                "Nothing is declared from the hand: the cards of a trick won that can serve "
                "in a combination are laid out in front of the winner, and every combination "
                "they complete scores at once.")
    parts = [_DECLARE["one"]]
    if d.after_tricks:
        parts.append(_DECLARE["after"])
    if d.partner_declares:
        parts.append(_DECLARE["partner"])
    parts.append(_DECLARE["played"])
    if d.pending == "cady":
        parts.append(_DECLARE["wait"])
    return "".join(part[ru] for part in parts).format(n=d.after_tricks)


# The declaring sentence in pieces, (English, Russian) each.
_DECLARE = {
    "one": ("The winner of a trick may declare one meld from his hand, laid face up",
            "Взявший взятку может объявить одну комбинацию из руки, выложив её на стол"),
    "after": (" (only after {n} tricks)", " (только после {n} взяток)"),
    "partner": (", or let his partner declare", ", или уступить объявление партнёру"),
    "played": ("; its cards may still be played.", "; выложенными картами можно играть дальше."),
    "wait": (" Further melds may wait for later tricks.",
             " Лишние комбинации могут ждать следующих взяток."),
}


def _draw(p: Profile, ru: bool) -> str:
    if not p.tricks_kept:
        return (f" Затем все добирают из колоды до {p.hand_size} карт." if ru
                else f" Then everyone draws back to {p.hand_size} cards.")
    if p.draw_first == "leader":
        return (" Затем оба берут из колоды по карте, первым — тот, кто ходил." if ru
                else " Then both draw a card, the player who led first.")
    if p.players == 2:
        return (" Затем оба берут из колоды по карте, первым — взявший взятку." if ru
                else " Then both draw a card, the trick's winner first.")
    return (" Затем все берут из колоды по карте, первым — взявший взятку." if ru
            else " Then everyone draws a card, the trick's winner first.")


def _playoff(p: Profile, ru: bool) -> str:
    if p.deal_end == "stock_out":
        return (" Сдача кончается, когда колода не может пополнить руки." if ru
                else " The deal ends when the stock can no longer refill the hands.")
    po = p.playoff
    if ru:
        duty = ("в масть и перебить, если можно" if po.must_win else "в масть, если можно")
        last = _TRICKS_RU.get(p.hand_size, f"{p.hand_size} взяток")
        text = (f" Когда колода кончилась, последние {last} играют строго: "
                f"{duty}, иначе козырем, иначе любой картой.")
        if po.split_pairs:
            text += " Пары расходятся: каждый играет их против одного противника."
        text += (" Взятые карты и тогда образуют комбинации." if p.declaring.source ==
                 "captured" else " Объявлений больше нет.")
        return text
    duty = ("follow suit and beat the card led if you can" if po.must_win
            else "follow suit if you can")
    last = _NUMBER_EN.get(p.hand_size, str(p.hand_size))
    text = (f" When the stock is gone, the last {last} tricks are strict: {duty}, "
            f"else trump, else play any card.")
    if po.split_pairs:
        text += " The partnerships split: each player plays them against one opponent."
    text += (" Captures still score combinations." if p.declaring.source == "captured"
             else " No more declarations.")
    return text


def _play(p: Profile, lang: str) -> str:
    ru = lang == "ru"
    declaring = _declaring(p, ru)
    return _stock_play(p, ru) + (" " + declaring if declaring else "") + _draw(p, ru) + \
        _playoff(p, ru)


_TRICKS_RU = {8: "восемь взяток", 9: "девять взяток", 12: "двенадцать взяток",
              13: "тринадцать взяток"}


def _points(p: Profile, ru: bool) -> list[str]:
    s = p.scoring
    parts: list[str] = []
    if p.card_points.A:
        cp = p.card_points
        parts.append(f"взятые карты: Т {cp.A}, 10 {cp.T}, К {cp.K}, Д {cp.Q}, В {cp.J}" if ru
                     else f"cards won: A {cp.A}, 10 {cp.T}, K {cp.K}, Q {cp.Q}, J {cp.J}")
    elif s.brisque_points and p.tricks_kept:
        parts.append({
            "count": ("каждый взятый туз и десятка (бриска) — {n}, после сдачи",
                      "each ace and ten won (a brisque) {n}, counted after the deal"),
            "on_capture": ("каждый взятый туз и десятка — {n}, сразу при взятии",
                           "each ace and ten won {n}, scored as soon as it is won"),
            "tiebreak_only": ("тузы и десятки (бриски) — только при ничьей и для перехода "
                              "рубикона", "aces and tens (brisques) only to break a tie or "
                              "to lift a player over the rubicon"),
        }[s.brisques][1 - ru].format(n=s.brisque_points))
    if p.dix.points:
        parts.append(f"козырная семёрка — {p.dix.points}" if ru
                     else f"the seven of trumps {p.dix.points}")
    if s.points_per_trick:
        parts.append(f"каждая взятка — {s.points_per_trick}" if ru
                     else f"every trick won {s.points_per_trick}")
    if s.trick_bonus:
        parts.append(f"взятка с тузом или десяткой — ещё {s.trick_bonus}" if ru
                     else f"a trick with an ace or a ten {s.trick_bonus} more")
    if s.last_trick_bonus:
        if s.last_trick_at == "stock_end":
            parts.append(f"взятка, после которой кончается колода, — {s.last_trick_bonus}"
                         if ru else f"the trick that empties the stock {s.last_trick_bonus}")
        else:
            split = (", пополам между партнёрами" if ru else ", shared by the partners") \
                if s.last_trick_split else ""
            parts.append(f"последняя взятка — {s.last_trick_bonus}{split}" if ru
                         else f"the last trick {s.last_trick_bonus}{split}")
    return parts


def _game(p: Profile, ru: bool) -> str:
    s, st = p.scoring, p.settlement
    if st is not None:
        unit = {100: ("сотни", "hundred")}.get(st.rounding, (str(st.rounding), str(st.rounding)))
        rounded = (f"каждый счёт округляют вниз до {unit[0]}, " if ru else
                   f"each score is rounded down to the {unit[1]}, ") if st.rounding else ""
        if ru:
            return (f"Партия — одна сдача: {rounded}победитель получает разницу и ещё "
                    f"{st.game_bonus}; если проигравший не набрал {st.rubicon}, он не "
                    f"перешёл рубикон, и победителю идёт ещё {st.rubicon_bonus}.")
        return (f"One deal is the game: {rounded}the winner takes the difference plus "
                f"{st.game_bonus}, and a loser short of {st.rubicon} is rubiconed: "
                f"{st.rubicon_bonus} more.")
    if s.target == 0 or s.end == "single_deal":
        return ("Партия — одна сдача, побеждает больший счёт." if ru
                else "One deal is the game; the higher score wins.")
    if ru:
        text = f"Партия до {s.target} очков за столько сдач, сколько понадобится; сдачу доигрывают."
        text += {"higher": " Если цель перешли оба, побеждает больший итог.",
                 "last_trick": " Если цель перешли оба, побеждает взявший последнюю взятку.",
                 "first_reached": " Побеждает тот, кто дошёл до цели первым."}[s.both_over]
        for kind in s.game_melds:
            text += f" Комбинация «{meld_name(kind, 'ru')}» сразу выигрывает партию."
        return text
    text = f"Game to {s.target} over as many deals as it takes; a deal is always finished."
    text += {"higher": " If both pass the target, the higher total wins.",
             "last_trick": " If both pass the target, whoever took the last trick wins.",
             "first_reached": " The first to reach the target wins."}[s.both_over]
    for kind in s.game_melds:
        text += f" A {meld_name(kind, 'en')} wins the game at once."
    return text


def _scoring(p: Profile, lang: str) -> str:
    ru = lang == "ru"
    head = ("Очки дают комбинации (их список — в шпаргалке под уроком)" if ru
            else "Points come from the melds (the meld sheet under the lesson lists them)")
    parts = _points(p, ru)
    text = head + ("; " + "; ".join(parts) if parts else "") + ". "
    return text + _game(p, ru)


def _variations(p: Profile, lang: str) -> str:
    ru = lang == "ru"
    shown = []
    for option in variant_options(p.name):
        title = option.title_ru if ru else option.title
        chosen = current_choice(p, option.id)
        choice = next((c for c in option.choices if c.name == chosen), None)
        label = (choice.label_ru if ru else choice.label) if choice is not None else ""
        here = (f" (здесь: {label})" if ru else f" (here: {label})") if label else ""
        shown.append(f"{title}{here}")
    if not shown:
        return "Вариантов нет." if ru else "None."
    lead = "В настройках игры: " if ru else "Settings of the game: "
    return lead + "; ".join(shown) + "."


def _chips(p: Profile, key: str) -> tuple[str, ...]:
    """The comparison's rows a card item touches: where the sources differ on it."""
    if key == "deal":
        return ("dealing",)
    if key == "play" and p.deal_end == "playoff":
        return ("playoff_duties",)
    if key == "scoring":
        if p.settlement is not None:
            return ("rubicon_settlement",)
        return ("target",) if p.scoring.target else ()
    return ()


_BUILD = {"players": _players, "cards": _cards, "deal": _deal, "play": _play,
          "scoring": _scoring, "variations": _variations}


def rules_card_items(variant: Profile | str, lang: str = "en") -> list[Item]:
    """The card's six items in order (``ITEMS``)."""
    profile = variant if isinstance(variant, Profile) else load_profile(variant)
    lang = "ru" if lang == "ru" else "en"
    return [Item(key, _BUILD[key](profile, lang), _chips(profile, key)) for key in ITEMS]


def rules_card_markdown(variant: Profile | str, lang: str = "en") -> str:
    """The card as Markdown: a bold title, then one list item per heading, each ending
    with its "Sources differ" chip(s) when the sources disagree on that point."""
    profile = variant if isinstance(variant, Profile) else load_profile(variant)
    words = _HEADINGS["ru" if lang == "ru" else "en"]
    title = profile.title_ru if lang == "ru" else profile.title
    lines = [f"**{words['title']}: {title}**", ""]
    for item in rules_card_items(profile, lang):
        chips = " ".join(chip_markdown(row, lang) for row in item.chips)
        lines.append(f"* **{words[item.key]}.** {item.text}" + (f" {chips}" if chips else ""))
    return "\n".join(lines) + "\n"


__all__ = ["ITEMS", "Item", "rules_card_items", "rules_card_markdown"]
