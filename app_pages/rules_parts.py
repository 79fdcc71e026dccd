"""Pieces of the Rules page: the curriculum (groups, standings, the next lesson), the
variant filter, the learner's lesson progress in :mod:`puzzles.store`, deep links and
interactive checks. A check answered wrongly becomes a review card
(:mod:`puzzles.check_cards`), so that the mistake comes back by itself.

Terminology: a lesson is *complete* for a learner when every one of its checks has been
answered right (marked by :func:`lessons.mark_check`), or, for a lesson without checks,
when the learner pressed "Mark as read". The *next lesson* is the one after the open
lesson on the learner's path (:mod:`puzzles.path`)."""

from __future__ import annotations

import logging
import re
import sqlite3
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import streamlit as st

import lessons
from app_pages import feedback, store_text, ui
from engine.errors import BeziqueError
from engine.text.meld_lines import explain_melds
from puzzles import check_cards
from puzzles.identity import current_learner
from puzzles.store import ProgressStoreError, open_store

log = logging.getLogger("bezique.store")

# --- the curriculum (pure functions of lessons and progress) ---------------------------

GENERAL = "general"         # the front-matter variant of lessons that hold for every game
REFERENCE = "two-handed"    # the lessons' reference game (lessons._render.REFERENCE_VARIANT)
GROUPS = ("reference", "variants", "comparison")
ALL = "all"                 # the variant filter's "every lesson"


def sheet_variant(lesson: Any) -> str:
    """The game whose meld cheat-sheet a lesson shows: its own variant when the engine
    plays it, else the reference game."""
    from engine.rules.profile import variant_names

    return lesson.variant if lesson.variant in variant_names() else REFERENCE


def group_of(lesson: Any) -> str:
    """``reference`` (the two-handed game), ``variants`` or ``comparison`` (general)."""
    if lesson.variant == GENERAL:
        return "comparison"
    return "reference" if lesson.variant == REFERENCE else "variants"


@dataclass(frozen=True)
class Standing:
    """A learner's state in one lesson: checks passed of all, complete or not."""

    passed: int
    total: int
    complete: bool

    @property
    def mark(self) -> str:
        if self.complete:
            return "✓"
        return "◐" if self.passed else "○"


def standing(lesson: Any, progress: Mapping[str, Any]) -> Standing:
    """Complete when the store says so (all checks passed, or read when it has none)."""
    ids = {check.id for check in lesson.checks}
    found = progress.get(lesson.id)
    passed = len(ids & set(found.checks_passed)) if found is not None else 0
    complete = found is not None and found.complete
    return Standing(passed, len(ids), complete)


def missing(lesson: Any, progress: Mapping[str, Any], known: Mapping[str, Any]) -> list[Any]:
    """The prerequisites (lessons) not yet complete."""
    return [known[pid] for pid in lesson.prerequisites
            if pid in known and not (pid in progress and progress[pid].complete)]


def lessons_of(lang: str, variant: str) -> list[Any]:
    """The curriculum under the filter: ``all``, ``general``, or a variant's lessons
    together with the general ones, in lesson order."""
    if variant == ALL:
        return list(lessons.list_lessons(lang))
    found = list(lessons.list_lessons(lang, variant=variant))
    if variant != GENERAL:
        found += lessons.list_lessons(lang, variant=GENERAL)
    return sorted(found, key=lambda lesson: (lesson.order, lesson.id))


def lessons_lang(lang: str) -> str:
    """The language the lessons are shown in: the app's, else English."""
    return lang if ui.lesson_list(lang) else "en"


def filter_options() -> list[str]:
    return [ALL, *ui.variants(), GENERAL]


def path_variant(option: str, chosen: str) -> str:
    """The game whose path "Next lesson" follows: the filter's, when it names a game,
    else ``chosen`` (the one picked on Home)."""
    return option if option in ui.variants() else chosen


def filter_label(option: str) -> str:
    if option == ALL:
        return ui.t("rules.filter_all")
    if option == GENERAL:
        return ui.t("rules.filter_general")
    return ui.variant_title(option)


# --- the progress store -----------------------------------------------------------------

def load_progress() -> dict[str, Any] | None:
    """The learner's lesson progress, or None (with a clear message) when the progress
    file cannot be used: the lessons still work, nothing is saved."""
    try:
        with open_store() as db:
            return db.lesson_progress(current_learner())
    except (ProgressStoreError, sqlite3.Error) as exc:   # its text holds no credentials
        log.warning("%s", exc)
        st.warning(ui.t("rules.store_error", error=store_text.error_text(exc)))
        return None


def _save(action: str, *args: Any) -> None:
    _write(lambda db: getattr(db, action)(current_learner(), *args))


def _write(write: Callable[[Any], object]) -> None:
    try:
        with open_store() as db:
            write(db)
    except (ProgressStoreError, sqlite3.Error) as exc:
        log.warning("%s", exc)
        st.session_state["rules_store_msg"] = ui.t("rules.store_error",
                                                   error=store_text.error_text(exc))


# --- navigation -------------------------------------------------------------------------

def open_lesson(lesson_id: str, shown: Sequence[str]) -> None:
    """Widget callback: open a lesson, widening the filter when it hides the lesson."""
    if lesson_id not in shown:
        st.session_state["rules_variant"] = ALL
    st.session_state["rules_lesson"] = lesson_id


def take_query_params(ids: list[str]) -> str | None:
    """Open the lesson named in the URL (``?lesson=ID&rule=RULE``, or
    ``?lesson=disagreements&differ=ROW`` for one row of the comparison), once per link.
    Returns the unknown lesson id of a bad link, else None."""
    wanted = st.query_params.get("lesson")
    rule = st.query_params.get("rule", "")
    row = st.query_params.get("differ", "")
    if not wanted:
        return None
    if wanted not in ids:
        return str(wanted)
    marker = f"{wanted}|{rule}|{row}"
    if st.session_state.get("rules_qp_seen") != marker:
        st.session_state["rules_qp_seen"] = marker
        st.session_state["rules_lesson"] = wanted
        st.session_state["rules_rule"] = (wanted, rule)
        st.session_state["rules_variant"] = ALL   # the link's lesson is always listed
        if row and wanted == DIFFER_PAGE:    # rows are on the comparison only
            _link_row(wanted, str(row))
    return None


# --- "Sources differ": chips in the lessons, rows of the comparison --------------------

DIFFER_PAGE = "disagreements"   # the comparison lesson (lessons.disagreements.PAGE)


def _link_row(lesson_id: str, row_id: str) -> None:
    """Open one row of the comparison and scroll to it on the next drawing."""
    st.session_state["rules_differ"] = (lesson_id, row_id)
    st.session_state["rules_differ_scroll"] = int(
        st.session_state.get("rules_differ_scroll_n", 0)) + 1
    st.session_state["rules_differ_scroll_n"] = st.session_state["rules_differ_scroll"]


def open_row(row_id: str, shown: Sequence[str]) -> None:
    """Widget callback (a chip's link): open the comparison at one row."""
    open_lesson(DIFFER_PAGE, shown)
    _link_row(DIFFER_PAGE, row_id)


def linked_row(lesson_id: str) -> str | None:
    """The row a link asked for, while the comparison is open."""
    found = st.session_state.get("rules_differ")
    if isinstance(found, tuple) and len(found) == 2 and found[0] == lesson_id:
        return str(found[1]) or None
    return None


def unknown_row(lesson: Any) -> str | None:
    """The row id of a link that names no row of this comparison (else None)."""
    row = linked_row(lesson.id)
    if row is None or any(kind == "differ_row" and piece.id == row
                          for kind, piece in pieces(lesson)):
        return None
    return row


def _chip_label(row: Any, several: bool) -> str:
    """"Sources differ" (the fold draws its own ▸), with the topic when two chips end
    one paragraph."""
    label = lessons.chip_label(ui.lang()).removesuffix("▸").rstrip()
    return f"{label}: {row.topic(ui.lang())}" if several else label


def show_chips(rows: Sequence[Any], where: str, shown: Sequence[str]) -> None:
    """The "Sources differ ▸" chip(s) under the paragraph they qualify: a compact fold
    with what each source says on that point (cited), and a link to its row in the full
    comparison. ``where`` makes the keys unique (a lesson id and a place number)."""
    lang = ui.lang()
    with st.container(gap=None, key=ui.widget_key("rules_chips", where)):
        for row in rows:
            key = ui.widget_key("rules_differ", f"{where}_{row.id}")
            # A compact fold rather than a pop-over: it opens in the text's flow, so a
            # long row never hangs off the screen (a pop-over did, at 1280 x 900).
            with st.expander(_chip_label(row, len(rows) > 1), type="compact", key=key), \
                    st.container(border=True):   # set apart from the lesson's own text
                st.markdown(f"**{row.topic(lang)}**")
                st.markdown("\n".join(lessons.row_lines(row, lang)))
                if row.note(lang):   # our reading of the point: read in full, not a caption
                    st.markdown(row.note(lang))
                st.button(ui.t("rules.differ_open"), key=key + "_open", type="tertiary",
                          icon=":material/east:", on_click=open_row, args=(row.id, shown))


def show_row(row: Any, opened: bool) -> None:
    """One row of the comparison, folded under its topic; the row a link names is open
    (a new key when it opens, so that the browser draws it open)."""
    lang = ui.lang()
    key = ui.widget_key("rules_differ_row", row.id + ("_open" if opened else ""))
    with st.container(gap=None):   # the anchor (for the contents' links) sticks to it
        st.markdown(f'<a id="{row.anchor}"></a>', unsafe_allow_html=True)
        with st.expander(row.topic(lang), expanded=opened, key=key):
            st.markdown(lessons.row_markdown(row, lang), unsafe_allow_html=True)


def scroll_to_row(drawn: Sequence[str]) -> None:
    """Once per link: bring the linked row's fold into view (the browser would not:
    the fold is drawn after the page loads). ``drawn``: the rows on the page."""
    number = st.session_state.pop("rules_differ_scroll", None)
    found = st.session_state.get("rules_differ")
    if number is None or not isinstance(found, tuple) or len(found) != 2 or \
            found[1] not in drawn:
        return
    _scroll(ui.widget_key("rules_differ_row", f"{found[1]}_open"), int(number))


def ask_scroll(target: str) -> None:
    """Widget callback: bring the element keyed ``target`` into view on the next run."""
    st.session_state["rules_scroll_n"] = int(st.session_state.get("rules_scroll_n", 0)) + 1
    st.session_state["rules_scroll"] = (target, st.session_state["rules_scroll_n"])


def scroll_if_asked(target: str) -> None:
    """Scroll to ``target`` once, when a button asked for it (see :func:`ask_scroll`)."""
    asked = st.session_state.get("rules_scroll")
    if isinstance(asked, tuple) and asked[0] == target:
        del st.session_state["rules_scroll"]
        _scroll(target, int(asked[1]))


def _scroll(target: str, number: int) -> None:
    """A script that scrolls the element keyed ``target`` to the top, once it is drawn
    (``number`` makes each request a new element, so that it runs again)."""
    st.html(f"""<script>/* link {number} */
(function () {{
  /* Folds and tables drawn above it after it appears move it down: keep it in place
     until it has stayed put for 1.5 s (a slow page may draw them seconds later), at
     most 10 s, then leave the page alone. */
  let tries = 0, steady = 0;
  const timer = setInterval(function () {{
    const el = window.document.querySelector(".st-key-{target}");
    if (el) {{
      el.style.scrollMarginTop = "5rem";   /* clear of the app's top bar */
      const top = el.getBoundingClientRect().top;
      if (top < 40 || top > 200) {{
        el.scrollIntoView({{block: "start"}});
        steady = 0;
      }} else if (++steady > 15) {{
        clearInterval(timer);
      }}
    }}
    if (++tries > 100) clearInterval(timer);
  }}, 100);
}})();</script>""", unsafe_allow_javascript=True)


def text_and_chips(text: str) -> list[tuple[str, Any]]:
    """A paragraph shown outside its lesson (the rule a link asked for): the text, and
    the chips that end it as ``("differ", rows)``."""
    pattern = lessons.chip_pattern()
    rows = tuple(lessons.disagreement(m.group(1)) for m in pattern.finditer(text))
    plain = pattern.sub("", text).rstrip()
    return [("text", plain)] + ([("differ", rows)] if rows else [])


def linked_rule(lesson_id: str) -> str | None:
    """The rule a link asked for, while its lesson is open."""
    found = st.session_state.get("rules_rule")
    if isinstance(found, tuple) and len(found) == 2 and found[0] == lesson_id:
        return str(found[1]) or None
    return None


def safe(text: str, most: int = 60) -> str:
    """Untrusted text (a query parameter) for a Markdown code span."""
    return text[:most].replace("`", "'")


def paragraph_for(lesson: Any, rule: str | None) -> Any:
    if not rule:
        return None
    for paragraph in getattr(lesson, "paragraphs", ()):
        if rule in paragraph.rules:
            return paragraph
    return None


_LESSON_LINK = re.compile(r"\]\(([a-z0-9\-]+)(?:#differ-([a-z0-9_]+))?( \"[^\"\n]*\")?\)")


def lesson_links(text: str) -> str:
    """A lesson links another by its id, ``[Rubicon](variant-rubicon)``; on this page
    that becomes ``rules?lesson=variant-rubicon``, which opens it (a bare id would be
    a page that does not exist). A link to one row of the comparison,
    ``(disagreements#differ-dix)``, opens that row: ``&differ=dix``."""
    def page(m: re.Match[str]) -> str:
        row = f"&differ={m.group(2)}" if m.group(2) else ""
        return f"](rules?lesson={m.group(1)}{row}&lang={ui.lang()}{m.group(3) or ''})"
    return _LESSON_LINK.sub(page, text)


def pieces(lesson: Any) -> list[tuple[str, Any]]:
    """The lesson in reading order: text (with rule anchors), examples and checks in
    the places the text refers to them."""
    text = lessons.body_with_anchors(lesson)
    out: list[tuple[str, Any]] = list(lessons.segments(lesson, text))
    out = [(kind, lesson_links(piece) if kind == "text" else piece) for kind, piece in out]
    # The summary as the lesson's first line, under its title (review §5c).
    summary = str(getattr(lesson, "summary", ""))
    if ui.lang() == "ru" and summary[1:2].islower():
        # after «В этом уроке:» a Russian sentence goes on in lower case
        summary = summary[:1].lower() + summary[1:]
    if summary and out and out[0][0] == "text" and str(out[0][1]).startswith("# "):
        title, _, rest = str(out[0][1]).partition("\n")
        out[0] = ("text", f"{title}\n\n*{ui.t('rules.summary', summary=summary)}*\n{rest}")
    return out


def _trump_caption(trump: str | None) -> str:
    if not trump:
        return ui.t("rules.example_no_trump")
    from engine.notation.cards import Suit

    return ui.t("rules.example_trump", suit=ui.t(f"suit.{Suit.parse(trump).letter}"))


def _card_rows(hand: list[str], table: list[str], trick: Sequence[str] = (),
               tricks: Sequence[str] = (), key: str = "", opponent: Sequence[str] = (),
               turn_up: Sequence[str] = (), drawn: Sequence[str] = ()) -> None:
    """The cards of an example or a check on the card-table component, a labelled row
    each (hand, the opponent's hand in a play-off, table, trick, tricks, the turn-up,
    cards drawn later), copy marks only where a kind repeats in them."""
    from app_pages import table as tbl
    from app_pages.card_table import card_table
    from engine.notation.cards import parse_card

    rows = [(ui.t(f"rules.example_{name}"), [tbl.Pick(parse_card(c).id, "off") for c in cards])
            for name, cards in (("hand", hand), ("opponent", opponent), ("table", table),
                                ("trick", trick), ("tricks", tricks), ("turn_up", turn_up),
                                ("drawn", drawn)) if cards]
    if rows:
        card_table(tbl.pick_rows_html(rows, tbl.Look(ui.four_colour(), ui.lang()), width=46),
                   key=key)


def show_example(example: Any) -> None:
    """A worked example: the hand and the table as two rows of pictures, then every
    declaration the engine allows or refuses (no slug on screen: D12)."""
    with st.container(border=True):
        st.markdown(f"**{getattr(example, 'title', '') or ui.t('rules.example')}**")
        try:
            request = example.request()
            legal, refused = explain_melds(request, ui.lang())
        except BeziqueError as exc:
            st.warning(ui.t("explainer.impossible", reason=exc))
            return
        st.caption(_trump_caption(request.get("trump")))
        _card_rows(list(request.get("hand", [])), list(request.get("table", [])),
                   key=ui.widget_key("lesson_example", str(getattr(example, "id", "")) or
                                     str(getattr(example, "title", ""))))
        for line in legal:
            st.markdown(f":green[**{ui.meld(line.meld)}** +{line.points}]: "
                        + ui.notation("; ".join(line.lines)))
        for line in refused:
            st.markdown(f":red[**{ui.meld(line.meld)}**]: " + ui.notation("; ".join(line.lines)))


@st.cache_resource(max_entries=1024, show_spinner=False)
def _evaluated(lesson_id: str, check_id: str, variant: str, lang: str, _check: Any) -> Any:
    """A check's options, answer and reasons, computed once per process: a lesson's
    checks are fixed, and every click reran all of them (a stock_play check's evidence
    alone is a few milliseconds)."""
    return lessons.evaluate_check(_check, lang)


@st.fragment
def show_check(lesson: Any, check: Any, passed: frozenset[str]) -> None:
    """One check: the engine's options as a radio (or pills when several are right), a
    Check button marked by ``lessons.mark_check``, then the engine's explanation.

    A fragment: choosing an answer and checking it rerun only this check; a newly
    passed check reruns the whole page once, to update the lesson's progress marks."""
    lang = ui.lang()
    result = _evaluated(lesson.id, check.id, check.variant, lang, check)
    labels = dict(zip(result.options, result.labels, strict=False))
    key = ui.widget_key("check", f"{lesson.id}_{check.id}_{lang}")
    verdict_key = key + "_verdict"
    with st.container(border=True):
        st.markdown(result.prompt)
        pictures = getattr(result, "cards", {}) or {}
        required = tuple(c.id for c in lesson.checks)
        if "deal" in pictures:   # a position to answer on the table, as on Play
            _position_table(pictures, key, lambda: _mark(lesson.id, required, check, key, lang))
        elif pictures:
            if "trump" in pictures:
                st.caption(_trump_caption(pictures.get("trump")))
            _card_rows(list(pictures.get("hand", ())), list(pictures.get("table", ())),
                       pictures.get("trick", ()), pictures.get("tricks", ()),
                       key=ui.widget_key("check_cards", f"{lesson.id}_{check.id}"),
                       opponent=pictures.get("opponent", ()),
                       turn_up=pictures.get("turn_up", ()), drawn=pictures.get("drawn", ()))
        common = {"key": key, "on_change": _forget, "args": (verdict_key,),
                  "format_func": lambda v: labels.get(v, v), "label_visibility": "collapsed"}
        if "deal" in pictures:
            pass   # the click on the table is the answer
        elif result.multiple:
            st.caption(ui.t("rules.pick_all"))
            st.pills(ui.t("rules.checks"), list(result.options), selection_mode="multi",
                     **common)
        else:
            st.radio(ui.t("rules.checks"), list(result.options), index=None, **common)
        if "deal" not in pictures:
            st.button(ui.t("rules.check_button"), key=key + "_go", on_click=_mark,
                      args=(lesson.id, required, check, key, lang))
        verdict = st.session_state.get(verdict_key)
        if verdict is True and check.id not in passed and st.session_state.pop(
                key + "_new", False):
            st.rerun(scope="app")
        if verdict is None:
            if check.id in passed:
                st.caption(ui.t("rules.passed_before"))
        elif verdict == "empty":
            st.info(ui.t("rules.no_answer"))
        else:
            chosen = st.session_state.get(key)
            picked = [chosen] if isinstance(chosen, str) else list(chosen or ())
            # The verdict with one sentence of why (for a wrong answer, the first thing
            # it got wrong); the other reasons and the engine's steps in a fold.
            feedback.show(bool(verdict), lessons.check_feedback(result, picked, bool(verdict)),
                          notation=False)


def _position_table(pictures: Mapping[str, Any], key: str, mark: Callable[[], None]) -> None:
    """A position while the stock lasts drawn as the Play page draws it, the learner's
    cards to click: a click picks the move its card plays (``picks``: any copy of a
    card answers for it) and marks it at once."""
    from app_pages import table as tbl
    from app_pages.card_table import card_table
    from engine.notation.actions import Action
    from engine.notation.cards import Card
    from engine.rules.melds import display_order
    from puzzles.stock_evidence import position_deal

    deal = position_deal(pictures["deal"])   # replayed once, not on every rerun
    seat = int(pictures["seat"])
    picks: Mapping[str, str] = pictures["picks"]
    look = tbl.Look(ui.four_colour(), ui.lang())
    cards = sorted(deal.hands[seat] | deal.tables[seat], key=display_order)
    hand = tbl.picks_html([tbl.Pick(c, "free" if str(c) in picks else "off",
                                    exposed=c in deal.tables[seat]) for c in cards],
                          ui.t("play.hand_label"), look, exposed_tag=ui.t("play.exposed_card"))

    def picked(card_id: str) -> None:
        option = picks.get(card_id)
        if option is None:
            return
        st.session_state[key + "_verdict"] = None
        st.session_state[key] = option
        mark()

    st.caption(ui.t("rules.click_to_answer"))
    card_table(tbl.table_html(deal, seat, ui.t, four_colour=ui.four_colour(), lang=ui.lang(),
                              hand=hand),
               key=key + "_table", on_pick=picked, token=key)
    chosen = st.session_state.get(key)
    if isinstance(chosen, str):
        action = Action.parse(chosen)
        st.caption(ui.t("rules.you_played", card=ui.notation(str(Card.from_id(action.cards[0])))))


def _forget(verdict_key: str) -> None:
    st.session_state.pop(verdict_key, None)


def _mark(lesson_id: str, required: tuple[str, ...], check: Any, key: str, lang: str) -> None:
    """Check-button callback: mark the answer; a right one is saved for the learner."""
    chosen = st.session_state.get(key)
    verdict_key = key + "_verdict"
    if not chosen:
        st.session_state[verdict_key] = "empty"
        return
    right, _ = lessons.mark_check(check, chosen, lang)
    st.session_state[verdict_key] = bool(right)
    if right:
        _save("pass_lesson_check", lesson_id, check.id, required)
        st.session_state[key + "_new"] = True   # the page's marks change: one full rerun
    else:   # the mistake comes back by itself, as a review card (issue 53)
        _write(lambda db: check_cards.failed(db, current_learner(), lesson_id, check.id))


def mark_read_button(lesson: Any) -> None:
    st.button(ui.t("rules.mark_read"), key=ui.widget_key("rules_read", lesson.id),
              on_click=_save, args=("mark_lesson_read", lesson.id))


def glossary(query: str) -> list[Any]:
    if query:
        return list(lessons.search_glossary(query[:60]))
    return list(lessons.glossary())


def definition(entry: Any) -> str:
    return str(entry.definition_ru if ui.lang() == "ru" else entry.definition_en)


def disagreement_index() -> list[tuple[str, list[tuple[str, str]]]]:
    """The comparison's groups, each with its rows as (row id, topic), in page order."""
    lang = ui.lang()
    return [(group.title(lang), [(row.id, row.topic(lang)) for row in rows])
            for group, rows in lessons.grouped()]
