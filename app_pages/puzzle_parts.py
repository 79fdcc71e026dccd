"""Pieces shared by the puzzle pages (hub, Meld trainer, Endgame, Progress): the theme
and difficulty filter, learner-readable names for rating scopes, puzzles and dates,
and the endgame's tricks and lines drawn as card tables.

The filter's choice lives in plain session keys (``pz_<kind>_theme``, ``_band``), not
in widget keys: a widget's value is dropped when its page is left, a plain key stays.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

import streamlit as st

from app_pages import store_text, ui
from engine.notation.cards import kind_face, parse_card
from engine.rules.melds import display_order
from engine.text.explain import meld_name
from puzzles import bank, endgame, ladder
from puzzles.i18n import theme_name, tr
from puzzles.store import ProgressStoreError

ANY = "any"
BANDS = ladder.BANDS
# Themes that describe a puzzle's length or kind rather than an idea to practise.
_NOT_THEMES = {"long", "short"}


@st.cache_resource
def records(kind: str, variant: str) -> tuple[Mapping[str, Any], ...]:
    """The bank of ``kind`` for a variant (two-handed where it has none), read once."""
    return tuple(bank.load_for(kind, variant))


@st.cache_resource
def band_limits(kind: str, variant: str) -> dict[str, tuple[float, float]]:
    """The difficulties cutting the bank into thirds, question by question: easy,
    medium, hard (:func:`puzzles.ladder.band_limits`)."""
    return ladder.band_limits(records(kind, variant))


def band_of(kind: str, variant: str, record: Mapping[str, Any]) -> str:
    return ladder.band(record, band_limits(kind, variant))


@st.cache_resource
def theme_counts(kind: str, variant: str) -> tuple[tuple[str, int], ...]:
    counts = Counter(t for r in records(kind, variant) for t in r["themes"]
                     if t not in _NOT_THEMES)
    return tuple(counts.most_common())


def chosen(kind: str) -> tuple[str, str]:
    """The theme and band chosen for ``kind`` (``any`` when none)."""
    return (str(st.session_state.get(f"pz_{kind}_theme", ANY)),
            str(st.session_state.get(f"pz_{kind}_band", ANY)))


def pool(kind: str, variant: str) -> list[Mapping[str, Any]] | None:
    """The puzzles under the filter, or None when nothing is filtered (the whole bank)."""
    theme, band = chosen(kind)
    if theme == ANY and band == ANY:
        return None
    found = [r for r in records(kind, variant)
             if (theme == ANY or theme in r["themes"])
             and (band == ANY or band_of(kind, variant, r) == band)]
    return found or None


def filter_controls(kind: str, variant: str, on_change: Any = None) -> None:
    """Theme and difficulty pickers; ``on_change`` (e.g. a new puzzle) runs after."""
    theme, band = chosen(kind)
    themes = [ANY, *(name for name, _n in theme_counts(kind, variant))]
    if theme not in themes:
        theme = ANY
    st.session_state[f"pz_{kind}_theme_pick"] = theme
    st.session_state[f"pz_{kind}_band_pick"] = band if band in (ANY, *BANDS) else ANY
    lang = ui.lang()

    def changed(part: str) -> None:
        st.session_state[f"pz_{kind}_{part}"] = st.session_state[f"pz_{kind}_{part}_pick"]
        if on_change is not None:
            on_change()

    # Labels computed now: a format_func may be called outside the script run.
    theme_labels = {t: ui.t("pz.any_theme") if t == ANY else theme_name(t, lang) for t in themes}
    band_labels = {b: ui.t(f"pz.band_{b}") for b in (ANY, *BANDS)}
    cols = st.columns(2)
    cols[0].selectbox(ui.t("pz.theme"), themes, key=f"pz_{kind}_theme_pick",
                      format_func=theme_labels.__getitem__, on_change=changed,
                      args=("theme",))
    cols[1].segmented_control(ui.t("pz.band"), list(band_labels), key=f"pz_{kind}_band_pick",
                              format_func=band_labels.__getitem__,
                              on_change=changed, args=("band",), required=True)


def just_shown(record: Mapping[str, Any] | None) -> tuple[str, ...]:
    """What ``pick_from``'s ``avoid`` gets on a page's "Next": the puzzle on the page
    (none before the first)."""
    return () if record is None else (str(record["id"]),)


def pick_from(store: Any, learner: str, kind: str, variant: str, rng: random.Random,
              types: Sequence[str] | None = None,
              avoid: Sequence[str] = ()) -> dict[str, Any] | None:
    """The next puzzle under the page's filter; ``avoid``: the one just shown
    (:func:`puzzles.trainer.pick`)."""
    from puzzles import trainer

    try:
        return trainer.pick(store, learner, kind, rng, types=types, variant=variant,
                            records=pool(kind, variant), climb=chosen(kind)[1] == ANY,
                            avoid=avoid)
    except ProgressStoreError as exc:
        # Picked inside a fragment, beyond the app's boundary: say why here and stop.
        key, params = store_text.db_error(exc)
        st.error(tr(ui.lang(), key, **params))
        st.stop()
        raise  # not reached: st.stop() raises


# --- readable names (no ids, scopes or ISO dates on a learner's screen) ----------------

def scope_name(scope: str) -> str:
    """``kind:endgame`` -> "Endgame puzzles", ``meld:four_aces`` -> "four aces"..."""
    lang = ui.lang()
    prefix, _, name = scope.partition(":")
    if prefix == "kind":
        return ui.t(f"pz.kind_{name}") if name in ("meld", "endgame", "stock", "play") else name
    if prefix == "meld":
        return meld_name(name, lang)
    if prefix == "theme":
        return theme_name(name, lang)
    if scope in ("overall", "all", ""):
        return ui.t("pz.overall")
    return theme_name(name or prefix, lang)


def when(stamp: str) -> str:
    """An ISO time as a person reads it, in the learner's language."""
    try:
        moment = datetime.fromisoformat(stamp).astimezone()
    except (TypeError, ValueError):
        return ""
    if ui.lang() == "ru":
        return moment.strftime("%d.%m.%Y %H:%M")
    return f"{moment.day} {moment.strftime('%b %Y, %H:%M')}"


def describe(puzzle_id: str) -> str:
    """A failed puzzle as the learner knows it: its kind, question and themes."""
    record = bank.by_id(puzzle_id)
    if record is None:
        return ui.t("pz.unknown_puzzle")
    lang = ui.lang()
    themes = [theme_name(t, lang) for t in record.get("themes", []) if t not in _NOT_THEMES]
    kind = ui.t(f"pz.kind_{record['kind']}")
    question = tr(lang, f"mode.{record['type']}") if record["kind"] == "meld" else \
        theme_name(record["type"], lang)
    parts = [kind, question, ui.variant_title(record.get("variant", "two-handed"))]
    return " · ".join(parts) + (f" — {', '.join(themes[:3])}" if themes else "")


# --- the endgame on the table ------------------------------------------------------------

def plays_of(state: Mapping[str, Any]) -> list[tuple[int, str]]:
    return [(int(seat), str(face)) for seat, face in state.get("played", [])]


def tricks_text(start: Mapping[str, Any], plays: Sequence[tuple[int, str]], me: int,
                players: int) -> list[str]:
    """Every complete trick of ``plays`` from ``start``: its cards, who played each,
    and whose trick it was (D6: the engine's every card is shown, not only its last)."""
    from puzzles import trainer

    lang = ui.lang()
    position = endgame.position_of(start)
    lines = []
    for number, trick in enumerate(endgame.tricks_of(position, plays), 1):
        cards = []
        for index, kind in enumerate(trick.cards):
            seat = trick.seat(index)
            who = ui.t("table.you") if seat == me else trainer.seat_name(me, seat, players, lang)
            cards.append(f"{in_sentence(who)} {ui.card_text(kind_card(kind), copy=False)}")
        winner = ui.t("pz.you_won") if trick.winner == me else ui.t(
            "pz.they_won", who=in_sentence(trainer.seat_name(me, trick.winner, players, lang)))
        lines.append(ui.t("pz.trick_line", number=number, cards=", ".join(cards),
                          winner=winner))
    return lines


def in_sentence(name: str) -> str:
    """A seat's name inside a sentence: "…, you Q♦ — the opponent takes it", not
    "You", "The opponent" (the catalogue's forms begin a line)."""
    return name[:1].lower() + name[1:]


def kind_card(kind: int) -> int:
    """The first copy of a card kind (the solver speaks in kinds), as a card id."""
    return parse_card(kind_face(kind)).id


def face_card(face: str) -> int:
    return parse_card(face).id


_FACE = re.compile(r"\b([AKQJT987])([SHDC])(#\d+)?\b")


def faces_text(text: str) -> str:
    """Solver text (``QS QC, 9H TC``) in the learner's notation (``Д♠ Д♣, 9♥ 10♣``)."""
    return _FACE.sub(lambda m: ui.card_text(parse_card(m.group(1) + m.group(2)).id,
                                            copy=False), text)


def seat_label(me: int, seat: int, players: int) -> str:
    from puzzles import trainer

    if seat == me:
        return ui.t("table.you")
    return trainer.seat_name(me, seat, players, ui.lang())


def endgame_table(position: Mapping[str, Any] | None, me: int, players: int,
                  legal: Sequence[str] | None, last_trick: Any = None) -> str:
    """The endgame position as a table: every other hand face up, the trick on the
    table (or the last complete one, with whose it was), your hand to click (``legal``
    faces marked, the others dimmed with the rule; None: nothing to click)."""
    from app_pages import table

    look = table.Look(ui.four_colour(), ui.lang())
    if position is None:
        hands: list[list[str]] = [[] for _ in range(players)]
        trick: list[str] = []
        leader = 0
    else:
        hands, trick, leader = position["hands"], position["trick"], position["leader"]
    rows = [(seat_label(me, seat, players), [face_card(f) for f in hands[seat]])
            for seat in [(me + i) % players for i in range(1, players)]]
    shown = [(face_card(f), seat_label(me, (leader + i) % players, players))
             for i, f in enumerate(trick)]
    label, note = ui.t("table.trick"), ""
    if not shown and last_trick is not None:
        shown = [(kind_card(kind), seat_label(me, last_trick.seat(i), players))
                 for i, kind in enumerate(last_trick.cards)]
        note = (ui.t("pz.you_won") if last_trick.winner == me else
                ui.t("pz.they_won", who=seat_label(me, last_trick.winner, players)))
    picks = []
    for face in sorted(hands[me], key=lambda f: display_order(face_card(f))):
        card = face_card(face)
        base = face.split("#")[0]
        if legal is None:
            picks.append(table.Pick(card, "off"))
        elif base in legal:
            picks.append(table.Pick(card, "legal" if len(legal) < len(hands[me]) else "free"))
        else:
            picks.append(table.Pick(card, "illegal", ui.t("pz.must_follow")))
    hand = table.picks_html(picks, ui.t("pz.your_hand") if legal else ui.t("table.you"), look)
    return table.plain_table_html(rows, shown, label, hand, ui.t, look=look, note=note)


def walk(start: Mapping[str, Any], plays: Sequence[tuple[int, str]]) -> list[Any]:
    """The positions along a line: ``[start, after 1st card, ...]`` (None at the end)."""
    out: list[Any] = [dict(start)]
    position: Any = endgame.position_of(start)
    for _seat, face in plays:
        position = endgame.play_card(position, face) if position is not None else None
        out.append(None if position is None else position.to_dict())
    return out


def line_view(start: Mapping[str, Any], plays: Sequence[tuple[int, str]], me: int,
              players: int, key: str) -> None:
    """A line played out card by card on the table, with a step control."""
    if not plays:
        return
    step = st.slider(ui.t("pz.step"), 0, len(plays), value=min(
        int(st.session_state.get(key, 1) or 0), len(plays)), key=key)
    positions = walk(start, plays)
    done = endgame.tricks_of(endgame.position_of(start), plays[:step])
    last = done[-1] if done else None
    at = positions[step]
    if at is not None and at["trick"]:
        last = None
    card_table_static(endgame_table(at, me, players, None, last), key=key + "_table")
    for line in tricks_text(start, plays[:step], me, players):
        st.caption(line)


def card_table_static(html: str, key: str) -> None:
    from app_pages.card_table import card_table

    card_table(html, key=key)
