"""State, callbacks and pieces of the Score explainer page."""

from __future__ import annotations

from typing import Any

import streamlit as st

from app_pages import ui
from engine.errors import BeziqueError
from engine.notation.cards import Card, Rank, Suit, parse_card
from engine.rules.profile import Profile
from engine.text.explain import points_ru, ru_plural
from engine.text.meld_lines import MeldLine

RANK_ORDER = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE, Rank.EIGHT,
              Rank.SEVEN)
NO_TRUMP = "-"


def setup(prof: Profile) -> None:
    st.session_state.setdefault("ex_trump", "D")
    if st.session_state.get("ex_trump") is None and prof.turn_up:
        st.session_state["ex_trump"] = "D"
    for where in ("hand", "table"):
        for suit in Suit:
            st.session_state.setdefault(f"ex_{where}_{suit.letter}", [])
    # A new variant starts from a clean page: the old hand, table and earlier
    # declarations belong to the old deck (D16).
    if st.session_state.get("ex_variant") not in (None, prof.name):
        clear(prof)
        st.session_state["ex_hist_cards"] = []
    st.session_state["ex_variant"] = prof.name


def trump_options(prof: Profile) -> list[str]:
    return ["S", "H", "D", "C"] + ([] if prof.turn_up else [NO_TRUMP])


def trump_label(letter: str) -> str:
    if letter == NO_TRUMP:
        return ui.t("table.no_trump")
    return f"{Suit.parse(letter).symbol} {ui.t('suit.' + letter)}"


def suit_options(prof: Profile, suit: Suit) -> list[str]:
    """The variant's cards of one suit (004's 18-card game has no sevens or eights
    and three nines a suit)."""
    deck = set(prof.deck_ids())
    return [str(Card(suit, rank, copy)) for rank in RANK_ORDER
            for copy in range(1, prof.packs + 1) if Card(suit, rank, copy).id in deck]


def joker_options(prof: Profile) -> list[str]:
    """The variant's jokers (004's «инфузорки»), which belong to no suit."""
    return [str(Card.from_id(c)) for c in prof.deck_ids() if Card.from_id(c).is_joker]


def all_cards(prof: Profile) -> list[str]:
    return [c for suit in Suit for c in suit_options(prof, suit)] + joker_options(prof)


_COLOUR = {Suit.SPADES: "gray", Suit.HEARTS: "red", Suit.DIAMONDS: "red", Suit.CLUBS: "gray"}
_FOUR = {Suit.SPADES: "gray", Suit.HEARTS: "red", Suit.DIAMONDS: "blue", Suit.CLUBS: "green"}


def card_label(token: str) -> str:
    """A pill label: coloured rank and suit, and the copy mark."""
    card = parse_card(token)
    colour = (_FOUR if ui.four_colour() else _COLOUR)[card.suit]
    face = ui.card_text(card.id, copy=False)     # 10, and Т К Д В in Russian
    return f":{colour}[**{face}**]#{card.copy}"


def card_label_plain(token: str) -> str:
    return ui.card_text(parse_card(token).id)


def pretty(tokens: list[str]) -> list[str]:
    return [ui.card_text(parse_card(t).id) for t in tokens]


def ids(tokens: list[str]) -> list[int]:
    return [parse_card(t).id for t in tokens]


def _selected(where: str) -> list[str]:
    return [c for suit in Suit for c in st.session_state.get(f"ex_{where}_{suit.letter}") or []]


def request(prof: Profile) -> dict[str, Any]:
    """The ``bezique melds`` request for the current selection."""
    trump = st.session_state.get("ex_trump")
    data: dict[str, Any] = {"variant": prof.name, "hand": _selected("hand"),
                            "table": _selected("table"),
                            "history": [dict(h) for h in st.session_state["explainer_history"]]}
    if trump and trump != NO_TRUMP:
        data["trump"] = trump
    return data


def precheck(data: dict[str, Any], prof: Profile) -> str:
    """The common impossible selections, said in the UI language (the engine then
    checks everything, including the history)."""
    both = sorted(set(data["hand"]) & set(data["table"]))
    if both:
        return ui.t("explainer.twice", cards=" ".join(pretty(both)))
    declared = {card for entry in data["history"] for card in entry["cards"]}
    loose = [card for card in data["table"] if card not in declared]
    if loose:   # a card reaches the table only by a declaration (D16)
        return ui.t("explainer.undeclared", cards=" ".join(pretty(loose)))
    count = len(data["hand"]) + len(data["table"])
    if count > prof.hand_size:
        return ui.t("explainer.too_many", count=count, most=prof.hand_size,
                    cards_ru=f"{count} {ru_plural(count, 'карта', 'карты', 'карт')}")
    return ""


# --- callbacks ----------------------------------------------------------------------

def clear(prof: Profile) -> None:
    for where in ("hand", "table"):
        for suit in Suit:
            st.session_state[f"ex_{where}_{suit.letter}"] = []
    st.session_state["explainer_history"] = []


def add_history() -> None:
    cards = list(st.session_state.get("ex_hist_cards") or [])
    meld = st.session_state.get("ex_hist_meld")
    if meld and cards:
        st.session_state["explainer_history"] = [*st.session_state["explainer_history"],
                                                 {"meld": meld, "cards": cards}]
        st.session_state["ex_hist_cards"] = []


def remove_history(index: int) -> None:
    history = list(st.session_state["explainer_history"])
    if 0 <= index < len(history):
        history.pop(index)
    st.session_state["explainer_history"] = history


@st.cache_resource
def _example_table(lang: str) -> dict[str, tuple[str, dict[str, Any]]]:
    table: dict[str, tuple[str, dict[str, Any]]] = {}
    for lesson in ui.lesson_list(lang):
        for number, example in enumerate(getattr(lesson, "examples", ()), 1):
            data = example.request()
            # the lesson's title and the example's number: no slug on screen (D12)
            table[f"{lesson.id}/{example.id}"] = (f"{lesson.title} — {number}", data)
    return table


def examples(lang: str) -> dict[str, str]:
    return {key: label for key, (label, _) in _example_table(lang).items()}


def load_example(prof: Profile) -> None:
    key = st.session_state.get("ex_example")
    found = _example_table(ui.lang()).get(key or "")
    if not found:
        return
    data = found[1]
    clear(prof)
    try:
        for where in ("hand", "table"):
            for token in data.get(where, []):
                card = parse_card(token)
                name = f"ex_{where}_{card.suit.letter}"
                st.session_state[name] = [*st.session_state[name], str(card)]
        if data.get("trump"):
            st.session_state["ex_trump"] = Suit.parse(data["trump"]).letter
        st.session_state["explainer_history"] = [
            {"meld": h["meld"], "cards": [str(parse_card(c)) for c in h["cards"]]}
            for h in data.get("history", [])]
    except (BeziqueError, KeyError, TypeError):
        clear(prof)


# --- pieces ------------------------------------------------------------------------

def picker_html(prof: Profile, where: str) -> str:
    """Every card of the variant's deck as pictures, one row per suit: the chosen ones
    marked, the ones already in the other place dimmed with the reason on hover."""
    from app_pages import table as tbl

    other = "table" if where == "hand" else "hand"
    mine, theirs = set(_selected(where)), set(_selected(other))
    look = tbl.Look(ui.four_colour(), ui.lang())
    busy = ui.t("explainer.in_hand" if other == "hand" else "explainer.on_table")
    rows = [(ui.t(f"suit.{suit.letter}"),
             [tbl.Pick(parse_card(token).id,
                       "legal" if token in mine else "illegal" if token in theirs else "free",
                       why=busy if token in theirs else "")
              for token in suit_options(prof, suit)])
            for suit in Suit]
    jokers = joker_options(prof)
    if jokers:
        rows.append((ui.t("explainer.jokers"), [
            tbl.Pick(parse_card(token).id,
                     "legal" if token in mine else "illegal" if token in theirs else "free",
                     why=busy if token in theirs else "") for token in jokers]))
    return tbl.pick_rows_html(rows, look)


def toggle(where: str, card_id: str) -> None:
    """A click on a card: in the chosen place it goes out, otherwise it comes in
    (a card already in the other place stays where it is)."""
    try:
        card = Card.from_id(int(card_id))
    except (ValueError, KeyError):
        return
    token = str(card)
    other = "table" if where == "hand" else "hand"
    if token in _selected(other):
        return
    name = f"ex_{where}_{card.suit.letter}"
    now = list(st.session_state.get(name) or [])
    st.session_state[name] = [c for c in now if c != token] if token in now else [*now, token]


def card_picker(prof: Profile, where: str) -> None:
    """The deck as a clickable card table (components v2): a click adds or removes."""
    from app_pages.card_table import card_table

    card_table(picker_html(prof, where), key=f"ex_pick_{where}",
               on_pick=lambda card: toggle(where, card))


def chosen_table(request: dict[str, Any]) -> None:
    """The cards chosen, hand and table, on the card-table component: one question, so
    copy marks only where both copies of a card are in it."""
    from app_pages import table as tbl
    from app_pages.card_table import card_table

    rows = [(ui.t(f"explainer.{where}"), [tbl.Pick(card, "off") for card in ids(request[where])])
            for where in ("hand", "table") if request[where]]
    if rows:
        card_table(tbl.pick_rows_html(rows, tbl.Look(ui.four_colour(), ui.lang()), width=46),
                   key="ex_chosen")


def show_line(line: MeldLine, legal: bool, variant: str | None = None) -> None:
    with st.container(border=True):
        head = f"**{ui.meld(line.meld)}**"
        if legal:
            head += " — " + ui.t("explainer.points", points=line.points,
                                 points_ru=points_ru(line.points))
        st.markdown(head)
        ui.show_cards(ids(list(line.cards)), 40)
        if legal:
            st.markdown("\n".join(f"{n}. {ui.notation(text)}"
                                   for n, text in enumerate(line.lines, 1)))
        else:
            st.markdown(ui.notation(" ".join(line.lines)))
        link = ui.rule_link(line.rule_id, variant)
        if link:
            st.caption(ui.t("play.rule", link=link))
