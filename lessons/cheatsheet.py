"""The meld cheat-sheet: one table per variant, generated from the engine's profiles.

Names come from :data:`engine.text.explain.MELD_NAMES`, points from the profile's meld
table, the cards from each row's pattern (``marriage``, ``sequence``, ``bezique``,
``rank_set``, ``carte_blanche``) and the profile's bezique pair — no number is typed
by hand, so the sheet follows the profile when it changes.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.notation.cards import Rank, Suit, card_text
from engine.rules.profile import MeldSpec, Profile, load_profile, ordered_variants
from engine.text.explain import meld_name

_RANK = {  # the rank of a set, plural, by count: "four aces" is already in the name
    "en": {Rank.ACE: "A", Rank.TEN: "10", Rank.KING: "K", Rank.QUEEN: "Q", Rank.JACK: "J",
           Rank.NINE: "9", Rank.EIGHT: "8", Rank.SEVEN: "7"},
    "ru": {Rank.ACE: "Т", Rank.TEN: "10", Rank.KING: "К", Rank.QUEEN: "Д", Rank.JACK: "В",
           Rank.NINE: "9", Rank.EIGHT: "8", Rank.SEVEN: "7"},
}
# The suits as "when ... are trumps" names them (Russian: «при козырях пиках»).
_SUIT_NAMES = {"en": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"},
               "ru": {"S": "пиках", "H": "червях", "D": "бубнах", "C": "трефах"}}
_WORDS = {
    "en": {"meld": "meld", "cards": "cards", "points": "points",
           "marriage": "K + Q of one suit", "sequence": "A 10 K Q J of one suit",
           "plain": "plain suit", "trump": "trumps", "any": "any suit",
           "times": "{n} × ", "blanche": "a hand with no K, Q or J",
           "blanche2": "both partners' hands with no K, Q or J",
           "any_suits": "suits may repeat", "of_trumps": "of trumps",
           "distinct": "of different suits",
           "bezique_jack": "of the bezique suit: {jacks}", "jack_when": "{jack} with {suit} trumps",
           "other": "Other points", "dix": "seven of trumps (dix)",
           "brisque": "each brisque (an ace or a ten taken)", "last": "last trick",
           "last_stock": "the trick that empties the stock",
           "per_trick": "each trick won", "trick_bonus": "a trick with an ace or a ten, more",
           "target": "game", "deal": "one deal", "card_points": "cards taken: A, 10, K, Q, J",
           "when": "{pair} when {suits} are trumps", "or": " or ",
           "tiebreak": ", only for ties and the rubicon", "bonus": "winning the game",
           "rubicon": "the loser must reach (rubicon)"},
    "ru": {"meld": "комбинация", "cards": "карты", "points": "очки",
           "marriage": "К + Д одной масти", "sequence": "Т 10 К Д В одной масти",
           "plain": "простая масть", "trump": "козыри", "any": "любая масть",
           "times": "{n} × ", "blanche": "рука без К, Д и В",
           "blanche2": "у обоих партнёров руки без К, Д и В",
           "any_suits": "масти могут повторяться", "of_trumps": "козырной масти",
           "distinct": "разной масти",
           "bezique_jack": "безиковой масти: {jacks}", "jack_when": "{jack} при козырях {suit}",
           "other": "Прочие очки", "dix": "козырная семёрка",
           "brisque": "каждая бриска (взятый туз или десятка)", "last": "последняя взятка",
           "last_stock": "взятка, после которой кончается колода",
           "per_trick": "каждая взятка", "trick_bonus": "взятка с тузом или десяткой, сверх",
           "target": "партия", "deal": "одна сдача", "card_points": "взятые карты: Т, 10, К, Д, В",
           "when": "{pair} при козырях {suits}", "or": " или ",
           "tiebreak": ", только при ничьей и для рубикона", "bonus": "за выигранную партию",
           "rubicon": "проигравшему нужно набрать (рубикон)"},
}


def _lang(lang: str) -> str:
    return "ru" if lang == "ru" else "en"


def meld_cards(profile: Profile, spec: MeldSpec, lang: str = "en") -> str:
    """Which cards make the meld, read from the row's pattern."""
    w = _WORDS[_lang(lang)]
    suit = w[spec.suit] if spec.suit in ("plain", "trump") else ""

    def times(what: str) -> str:
        return f"{spec.count} × ({what})" if spec.count > 1 else what

    if spec.pattern == "marriage":
        return times(w["marriage"]) + (f", {suit}" if suit else "")
    if spec.pattern == "sequence":
        return w["sequence"] + (f", {suit}" if suit else "")
    if spec.pattern == "bezique":
        return _bezique_text(profile, lang, times)
    if spec.pattern == "rank_set" and spec.rank is not None:
        rank = _RANK[_lang(lang)][spec.rank]
        if spec.suit == "trump":
            where = w["of_trumps"]
        elif spec.suit == "bezique_jack":
            where = _bezique_jacks(profile, lang)
        else:
            where = w["distinct"] if spec.distinct_suits else w["any_suits"]
        return f"{spec.count} × {rank} ({where})"
    if spec.pattern == "carte_blanche":
        return w["blanche"]
    return ""


def _bezique_text(profile: Profile, lang: str, times: Callable[[str], str]) -> str:
    """The bezique pair, or each pair with the trump suits it holds under, read from
    the profile's suit key (``Profile.bezique_pair``): the base pair first."""
    w = _WORDS[_lang(lang)]
    base = profile.declaring.bezique_cards
    by_pair: dict[tuple[int, int], list[Suit]] = {base: []}
    for suit in Suit:
        by_pair.setdefault(profile.bezique_pair(suit), []).append(suit)
    groups = [(pair, suits) for pair, suits in by_pair.items() if suits]

    def cards(pair: tuple[int, int]) -> str:
        # bezique_cards are card kinds 0..31, which are also the ids of the first copies
        return times(" + ".join(card_text(kind, _lang(lang)) for kind in pair))

    if len(groups) == 1:
        return cards(groups[0][0])
    parts = []
    for pair, suits in groups:
        names = [_SUIT_NAMES[_lang(lang)][s.letter] for s in suits]
        named = ", ".join(names[:-1]) + w["or"] + names[-1] if len(names) > 1 else names[0]
        parts.append(w["when"].format(pair=cards(pair), suits=named).rstrip())
    return "; ".join(parts)


def _bezique_jacks(profile: Profile, lang: str) -> str:
    """The jack of the bezique pair's suit under each trump suit (004's bezique jacks),
    read from the profile's pairs: "J♣ with spades trumps, J♦ with hearts trumps…"."""
    w = _WORDS[_lang(lang)]
    jacks = [w["jack_when"].format(jack=card_text(profile.bezique_pair(suit)[1], _lang(lang)),
                                   suit=_SUIT_NAMES[_lang(lang)][suit.letter])
             for suit in Suit]
    return w["bezique_jack"].format(jacks=", ".join(jacks))


def _profile(variant: Profile | str) -> Profile:
    return variant if isinstance(variant, Profile) else load_profile(variant)


def meld_rows(variant: Profile | str, lang: str = "en") -> list[tuple[str, str, int]]:
    """``(name, cards, points)`` for every meld of a variant (a name, or the profile
    being played with its options), in the profile's order; carte blanche too where
    the variant scores it."""
    profile = _profile(variant)
    w = _WORDS[_lang(lang)]
    rows = [(meld_name(spec.kind, _lang(lang)), meld_cards(profile, spec, lang), spec.points)
            for spec in profile.melds if spec.points]
    kinds = {spec.kind for spec in profile.melds}
    if profile.declaring.carte_blanche and "carte_blanche" not in kinds:
        rows.append((meld_name("carte_blanche", _lang(lang)), w["blanche"],
                     profile.declaring.carte_blanche))
    if profile.declaring.double_carte_blanche:
        rows.append((meld_name("double_carte_blanche", _lang(lang)), w["blanche2"],
                     profile.declaring.double_carte_blanche))
    return rows


def other_rows(variant: Profile | str, lang: str = "en") -> list[tuple[str, str]]:
    """Points that are not melds: the dix, brisques or card values, the last trick,
    points per trick, the target."""
    p = _profile(variant)
    w = _WORDS[_lang(lang)]
    rows: list[tuple[str, str]] = []
    if p.dix.points:
        rows.append((w["dix"], str(p.dix.points)))
    if p.card_points.A:
        values = (p.card_points.A, p.card_points.T, p.card_points.K, p.card_points.Q,
                  p.card_points.J)
        rows.append((w["card_points"], ", ".join(map(str, values))))
    elif p.scoring.brisque_points:
        note = w["tiebreak"] if p.scoring.brisques == "tiebreak_only" else ""
        rows.append((w["brisque"] + note, str(p.scoring.brisque_points)))
    if p.scoring.points_per_trick:
        rows.append((w["per_trick"], str(p.scoring.points_per_trick)))
    if p.scoring.trick_bonus:
        rows.append((w["trick_bonus"], str(p.scoring.trick_bonus)))
    if p.scoring.last_trick_bonus:
        last = w["last_stock"] if p.scoring.last_trick_at == "stock_end" else w["last"]
        rows.append((last, str(p.scoring.last_trick_bonus)))
    # target 0: the game is one deal (the jokers' game, option joker.game_end)
    rows.append((w["target"], w["deal"] if p.one_deal_game else str(p.scoring.target)))
    if p.settlement is not None:
        rows.append((w["bonus"], str(p.settlement.game_bonus)))
        rows.append((w["rubicon"], str(p.settlement.rubicon)))
    return rows


def meld_sheet_markdown(variant: Profile | str, lang: str = "en") -> str:
    """The cheat-sheet of one variant as Markdown tables."""
    w = _WORDS[_lang(lang)]
    out = [f"| {w['meld']} | {w['cards']} | {w['points']} |", "|---|---|---:|"]
    out += [f"| {name} | {cards} | {points} |" for name, cards, points in
            meld_rows(variant, lang)]
    out += ["", f"| {w['other']} | {w['points']} |", "|---|---:|"]
    out += [f"| {what} | {points} |" for what, points in other_rows(variant, lang)]
    return "\n".join(out) + "\n"


def meld_sheets_markdown(lang: str = "en") -> str:
    """Every variant the engine plays, one section each, titled by the profile."""
    out = []
    for name in ordered_variants():
        profile = load_profile(name)
        title = profile.title_ru if lang == "ru" else profile.title
        out.append(f"### {title}\n\n{meld_sheet_markdown(name, lang)}")
    return "\n".join(out)
