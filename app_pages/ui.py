"""Streamlit helpers shared by the pages: session-state setup, translation, cached
heavy objects, card pictures, rule links and explanation feeds.

Nothing here is mutable module-level state: per-user state lives in
``st.session_state``; cached objects are read-only.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

import streamlit as st

import lessons
from app_pages.hint_text import action_words
from app_pages.i18n import LANGUAGES, CardsText, pick_language, translate
from app_pages.session import seat_role
from app_pages.table import card_name, cards_row_html
from engine.notation.actions import Action
from engine.notation.cards import Card, copies_in_question
from engine.rules.profile import Profile, load_profile, ordered_variants
from engine.text.explain import Event, Step, meld_name
from engine.text.naming import Name, gendered, named_step
from engine.text.sentences import capital_first
from lessons.cheatsheet import meld_sheet_markdown

DEFAULTS: dict[str, Any] = {
    "four_colour": False,
    "variant": "two-handed",
    "level": "",
    "play": None,          # app_pages.session.PlaySession of this tab
    "play_seed": None,     # a fixed seed for new games (None: a fresh random one)
    "play_verdicts_at": None,  # the move number at which the solver's verdicts were asked
    "play_msg": None,      # the last refusal: {"reason", "rule_id"}
    "play_hint": None,     # the last hint asked for
    "replay_game": None,   # a game loaded from a log, for the Game log page
    "explainer_history": [],
}


# --- setup and language -----------------------------------------------------------

# Page name -> script, where they differ: a page script named like a package
# (puzzles.py) would shadow that package for the pages.
PAGE_SCRIPTS = {"puzzles": "puzzle_hub"}


def page_script(name: str) -> str:
    """The script path of a page by its name (and URL path)."""
    return f"app_pages/{PAGE_SCRIPTS.get(name, name)}.py"


def browser_language() -> str:
    """The language of the browser: st.context.locale, else the Accept-Language header."""
    locale = getattr(st.context, "locale", None)
    return pick_language(locale, st.context.headers.get("Accept-Language"))


def setup_state() -> None:
    """Per-tab session state, set once (the entry script calls this on every run).

    The language lives in ``lang``, a plain key that no widget owns: a widget's value
    can be lost when a page is switched from code (Progress -> Replay, D10), a plain
    key cannot. A ``?lang=`` in the URL (the app's own links carry it) wins at the
    start of a session."""
    if "lang" not in st.session_state:
        wanted = st.query_params.get("lang")
        st.session_state["lang"] = wanted if wanted in LANGUAGES else browser_language()
    for key, value in DEFAULTS.items():
        st.session_state.setdefault(key, list(value) if isinstance(value, list) else value)


def lang() -> str:
    value = st.session_state.get("lang", "en")
    return value if value in LANGUAGES else "en"


def t(key: str, **params: object) -> str:
    return translate(lang(), key, **params)


def _language_picked() -> None:
    st.session_state["lang"] = st.session_state["lang_pick"]


def keep_label(*keys: str) -> None:
    """Send keyed select widgets' values again on this run (call before the widgets):
    otherwise the browser keeps the label it drew for the chosen option, and after a
    language switch a Russian page still shows "All lessons"."""
    for key in keys:
        if key in st.session_state:
            st.session_state[key] = st.session_state[key]


def language_picker() -> None:
    """The sidebar's language radio: it shows ``lang`` on every run and writes it
    back only when the learner picks another language."""
    st.session_state["lang_pick"] = lang()
    st.sidebar.radio(t("lang.label"), LANGUAGES, key="lang_pick", horizontal=True,
                     format_func=lambda code: translate(code, "lang.name"),
                     on_change=_language_picked)


# --- cached heavy objects ---------------------------------------------------------

@st.cache_resource
def profile(name: str) -> Profile:
    return load_profile(name)


@st.cache_resource
def variants() -> list[str]:
    """Every variant in the pickers' order: the reference game first, then by family."""
    return ordered_variants()


def meld_sheet(variant: str | Profile) -> None:
    """The meld cheat-sheet of a game (a variant name, or the profile being played with
    its options), built from the profile by the lessons package."""
    st.markdown(meld_sheet_markdown(variant, lang()))


@st.cache_resource
def lesson_list(lang_code: str) -> tuple[lessons.Lesson, ...]:
    return tuple(lessons.list_lessons(lang_code))


@st.cache_resource
def rule_anchor(rule_id: str, variant: str | None = None) -> tuple[str, str] | None:
    """The lesson paragraph of a rule as the game being played explains it (None for a
    rule no lesson explains)."""
    if not rule_id:
        return None
    try:
        return lessons.rule_anchor(rule_id, variant)
    except KeyError:   # no lesson paragraph explains this rule
        return None


@st.cache_resource
def lesson_title(lesson_id: str, lang_code: str) -> str:
    for lesson in lesson_list(lang_code) or lesson_list("en"):
        if lesson.id == lesson_id:
            return str(lesson.title)
    return ""


def rule_link(rule_id: str, variant: str | None = None) -> str:
    """A Markdown link to the lesson paragraph of a rule, named by the lesson's title;
    the rule id is only the link's tooltip (nothing for developers on screen). With
    ``variant`` (the profile being played) the link goes to that game's lesson."""
    found = rule_anchor(rule_id, variant)
    if found is None:
        return ""
    lesson_id, anchor = found
    title = lesson_title(lesson_id, lang()) or t("rules.link")
    return (f"[{t('rules.link')}: {title}](rules?lesson={lesson_id}&rule={rule_id}"
            f'&lang={lang()}#{anchor} "{rule_id}")')


# --- cards --------------------------------------------------------------------------

def file_uploader_words(note_key: str = "upload.note") -> None:
    """Streamlit draws the uploader's button and size note in English only; this puts
    the page's language there (CSS content, as the widget has no parameter for it).
    ``note_key``: the note naming the files the page reads."""
    button, note = t("upload.button"), t(note_key)
    st.html("<style>[data-testid='stFileUploaderDropzone'] button p{font-size:0}"
            "[data-testid='stFileUploaderDropzone'] button p::after{font-size:.875rem;"
            f"content:{_css_string(button)}}}"
            "[data-testid='stFileUploaderDropzoneInstructions'] span{font-size:0}"
            "[data-testid='stFileUploaderDropzoneInstructions'] span::after{"
            f"font-size:.875rem;content:{_css_string(note)}}}</style>")


def _css_string(text: str) -> str:
    return '"' + "".join(c if c.isalnum() or c in " .,:;()–-" else f"\\{ord(c):x} "
                         for c in text) + '"'


def four_colour() -> bool:
    return bool(st.session_state.get("four_colour", False))


def cards_html(cards: Iterable[int | Card], width: int = 44) -> str:
    return cards_row_html(cards, four_colour=four_colour(), width=width, lang=lang())


def show_cards(cards: Iterable[int | Card], width: int = 44) -> None:
    st.html(cards_html(cards, width))


def widget_key(prefix: str, text: str) -> str:
    """A stable key that is also a clean CSS class (``st-key-...``)."""
    return prefix + "_" + re.sub(r"[^A-Za-z0-9]+", "_", text).strip("_")


def card_key(card: int) -> str:
    c = Card.from_id(card)
    return f"card_{c.face}{c.copy}"


def card_text(card: int, lang_code: str | None = None, copy: bool = True) -> str:
    """A card as the learner reads it: ``10♠#1``; in Russian ``Т♠#1`` (туз)."""
    name = card_name(card, lang_code or lang())
    return name if copy else name.split("#")[0]


def card_label(card: int) -> str:
    """A short label for a card button: ``10♠ #1``."""
    text = card_text(card)
    return text.replace("#", " #")


def pretty_cards(cards: Iterable[int], among: Iterable[int] | None = None) -> str:
    """Cards for a label; given the cards shown with them (``among``: the hand and its
    exposed cards), a copy mark only where both copies are there (the rule of
    :func:`engine.notation.cards.copies_in_question`, as on the pictures)."""
    if among is None:
        return " ".join(card_text(c) for c in cards)
    marked = copies_in_question(list(among))
    return CardsText(" ".join(card_text(c, copy=c in marked) for c in cards))


# A card written by the engine (``T♦#1``, ``Q♣``): rank letter, suit symbol, copy mark.
_CARD_TOKEN = re.compile(r"(?<![\w#])(10|[AKQJT987])([♠♥♦♣])(#\d+)?")
_JOKER_TOKEN = re.compile(r"(?<![\w#])(?:joker|Jk|JK)(#\d+)?(?!\w)")
_RU_RANKS = {"A": "Т", "K": "К", "Q": "Д", "J": "В", "T": "10", "10": "10"}


def notation(text: str, lang_code: str | None = None) -> str:
    """Engine text in the one notation of the language: ``10`` for the ten, never
    ``T``; in Russian Т К Д В (the engine writes A K Q J T)."""
    code = lang_code or lang()

    def one(match: re.Match[str]) -> str:
        rank, suit, copy = match.group(1), match.group(2), match.group(3) or ""
        if code == "ru":
            rank = _RU_RANKS.get(rank, rank)
        elif rank == "T":
            rank = "10"
        return f"{rank}{suit}{copy}"

    text = _CARD_TOKEN.sub(one, text)
    if code == "ru":   # a joker the engine names in English ("joker#1", "JK#1"): by its name
        text = _JOKER_TOKEN.sub(lambda m: "инфузорка" + (m.group(1) or ""), text)
    return text


def variant_title(name: str) -> str:
    prof = profile(name)
    return prof.title_ru if lang() == "ru" else prof.title


def meld(kind: str) -> str:
    return meld_name(kind, lang())


def describe_action(action: Action, prof: Profile | None = None,
                    among: Iterable[int] | None = None,
                    exposed: Iterable[int] | None = None) -> str:
    """An action in words; ``among``: the player's cards in view (see :func:`pretty_cards`);
    ``exposed``: those of them on the table, so that a card played carries a copy mark
    only where its twin differs from it."""
    return action_words(action, prof, lang(), among, exposed)


# --- explanations -----------------------------------------------------------------

def player_name(player: int | None, human: int, players: int = 2,
                names: Sequence[str] | None = None) -> str:
    """``You``, ``Computer`` or, four-handed, ``Partner``, ``Left``, ``Right``; with
    ``names`` (one per seat, e.g. the sample deal's players) the seat's name."""
    if player is None:
        return ""
    if names is not None:
        return names[player]
    role = seat_role(players, player, human)
    return t("table.opponent") if role == "opponent" else t(f"table.{role}")


# The grammatical form (engine.text.naming.FORMS) of the names the table gives (table.*):
# the learner ("You", "Вы"; "You & partner", "Вы и партнёр") takes second-person verbs,
# the other side ("Opponents", "Противники") plural ones, and every other seat
# ("Computer", "Компьютер", "Partner", "Left opponent", "Противник слева") is a
# masculine singular noun.
_ROLE_FORMS = {"you": "you", "team_you": "you", "team_them": "they"}


def seat_names(human: int, players: int = 2,
               names: Sequence[str] | None = None) -> tuple[Name, ...]:
    """Each seat's name as the table shows it (``names``: the sample deal's players),
    with the form its verbs take."""
    if names is not None:
        return tuple(Name(str(n)) for n in names)
    return tuple(Name(player_name(p, human, players),
                      _ROLE_FORMS.get(seat_role(players, p, human), "m"))
                 for p in range(players))


def side_names(human: int, players: int = 2) -> tuple[Name, Name] | None:
    """Four-handed: the two partnerships by side (seat % 2), as the score sheet heads
    them ("You & partner", "Opponents")."""
    if players != 4:
        return None
    mine, theirs = (Name(t(f"table.{k}"), _ROLE_FORMS[k]) for k in ("team_you", "team_them"))
    return (mine, theirs) if human % 2 == 0 else (theirs, mine)


def _table_names(human: int, players: int, names: Sequence[str] | None
                 ) -> tuple[tuple[Name, ...], tuple[Name, Name] | None]:
    """The seats' and (four-handed) the sides' names, read once for a run of steps."""
    return (seat_names(human, players, names),
            side_names(human, players) if names is None else None)


def steps_text(steps: Iterable[Step], human: int, players: int = 2,
               names: Sequence[str] | None = None) -> list[str]:
    """Engine steps in the UI language with the players named as the table names
    them, never "player 2" (engine.text.naming; Russian verbs agree with the name)."""
    seats, sides = _table_names(human, players, names)
    code = lang()
    return [named_step(s, code, seats, sides) for s in steps]


def event_title(event: Event, human: int, players: int = 2, tricks_kept: bool = True,
                names: Sequence[str] | None = None) -> str:
    key = f"event.{event.type}"
    if event.type == "trick" and not tricks_kept:   # 004's 18-card game: no tricks kept
        key = "event.trick_cover"
    if event.steps and event.steps[0].key == "turn_up_exchange":  # 004: a nine, not a seven
        key = "event.exchange_turn_up"
    name = player_name(event.player, human, players, names)
    # The verb agrees with the name: "You win the round", "Computer wins the round".
    forms = gendered(seat_names(human, players, names)[event.player], lang()) \
        if event.player is not None else {}
    title = t(key, **forms, name=name, meld=meld(event.meld) if event.meld else "",
              cards=pretty_cards(event.cards), points=event.points)
    if title == key:
        title = event.type.replace("_", " ")
    if event.points:
        title += f" **+{event.points}**"
    return title


def explain_events(events: Iterable[Event], human: int, *, with_cards: bool = True,
                   players: int = 2, variant: str | None = None,
                   names: Sequence[str] | None = None) -> None:
    """Each event with its steps, numbered, each step linked to its lesson; ``names``:
    the players' names by seat instead of "You" and "Computer"."""
    tricks_kept = variant is None or load_profile(variant).tricks_kept
    seats, sides = _table_names(human, players, names)
    code = lang()
    for event in events:
        if not event.steps and event.type in ("play", "draw", "deal"):
            continue
        st.markdown(event_title(event, human, players, tricks_kept, names))
        if with_cards and event.cards and event.type in ("declare", "trick", "dix", "exchange",
                                                         "blanche_end"):
            show_cards(event.cards, 38)
        lines = []
        shown = ""
        for number, item in enumerate(event.steps, 1):
            link = rule_link(item.rule_id, variant)
            # A lesson link once per run of steps it explains, not on every line.
            tail = f" — {link}" if link and link != shown else ""
            shown = link or shown
            text = capital_first(named_step(item, code, seats, sides))
            lines.append(f"{number}. {notation(text)}{tail}")
        if lines:
            st.markdown("\n".join(lines))
        if event.citation:
            st.caption(t("explain.source", citation=event.cited(lang())))


def refusal(reason: str, rule_id: str, variant: str | None = None) -> None:
    """An illegal attempt, answered with the rule that forbids it."""
    link = rule_link(rule_id, variant)
    st.error(t("play.illegal", reason=notation(reason))
             + ("  \n" + t("play.rule", link=link) if link else ""))
