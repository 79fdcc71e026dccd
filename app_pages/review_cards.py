"""Review cards: the learner's mistakes brought back (positions from their own hands, lesson
checks they missed), then the meld values and play-off duties of the game being played,
scheduled by FSRS (:mod:`puzzles.review_queue`, :mod:`puzzles.srs`). Due cards come
first, then new ones up to a daily limit; each answer is graded and the card
rescheduled. Puzzles due for review on the trainers are linked when nothing else is
left; the settings hold the switches of spaced repetition and of the drills that the
review of a hand adds by itself."""

from __future__ import annotations

import random
import time
from typing import Any

import streamlit as st

import lessons
from app_pages import feedback as fb
from app_pages import puzzle_parts as pz
from app_pages import puzzle_ui as pui
from app_pages import review_parts
from app_pages import table as tbl
from app_pages import ui as app_ui
from app_pages.card_table import card_table
from engine.notation.actions import Action
from puzzles import drills, path, review_queue, srs
from puzzles import review_cards as rc
from puzzles.i18n import suit_name, theme_name
from puzzles.identity import current_learner

P = "rc_"
pui.init(P, {"card": None, "t0": 0.0, "result": None, "round": 0, "new": False,
             "skipped": [], "seed": 0})
store = pui.store()
lang, learner = pui.lang(), current_learner()
variant = st.session_state.get("variant", "two-handed")
if variant not in app_ui.variants():
    variant = "two-handed"


def answer_key() -> str:
    """New for every card shown, so the browser never sends an old answer back."""
    return f"{P}answer_{st.session_state[f'{P}round']}"


def show(card_id: str | None) -> None:
    st.session_state[f"{P}card"] = card_id
    st.session_state[f"{P}seed"] = random.randrange(2**31)   # a position's suits this time
    st.session_state[f"{P}result"] = None
    st.session_state[f"{P}round"] += 1
    st.session_state[f"{P}t0"] = time.monotonic()


def shown(lang_code: str) -> rc.ReviewCard | None:
    """The card on screen: the stored one, a play-off position in this showing's suits."""
    card = review_queue.by_id(st.session_state[f"{P}card"] or "", lang_code)
    return None if card is None else rc.fresh(card, st.session_state[f"{P}seed"], lang_code)


def check() -> None:
    card = shown(pui.lang())
    chosen = st.session_state.get(answer_key())
    if card is None:
        return
    if not chosen:
        st.session_state[f"{P}result"] = {"empty": True}
        return
    with pui.store() as db:
        right, due = review_queue.answer(db, current_learner(), card, chosen, pui.lang(),
                                         time.monotonic() - st.session_state[f"{P}t0"])
    st.session_state[f"{P}result"] = {"right": right, "due": due.isoformat()}


def next_card() -> None:
    """The next card; one left unanswered goes to the end of this session's queue."""
    if st.session_state[f"{P}result"] is None and st.session_state[f"{P}card"]:
        st.session_state[f"{P}skipped"] = [*st.session_state[f"{P}skipped"],
                                           st.session_state[f"{P}card"]]
    show(None)


def more_new() -> None:
    with pui.store() as db:
        rc.allow_more(db, current_learner())


def set_per_day() -> None:
    with pui.store() as db:
        rc.set_new_per_day(db, current_learner(), int(st.session_state[f"{P}per_day"] or 0))


def set_switch(name: str) -> None:
    """One of the settings' switches: spaced repetition, or drills by themselves."""
    on = bool(st.session_state[f"{P}{name}"])
    with pui.store() as db:
        (srs.set_enabled if name == "srs" else drills.set_auto)(db, current_learner(), on)


def pictures(card: rc.ReviewCard) -> None:
    if card.trump is not None:
        st.caption(pui.t("rc.trump", suit=suit_name(card.trump.letter, lang)))
    # a lesson's check shows its cards under the lesson's own labels
    rows = [(app_ui.t(f"rules.example_{row}") if card.lesson_id else pui.t(f"rc.row_{row}"),
             [tbl.Pick(c, "off") for c in cards]) for row, cards in card.rows if cards]
    if rows:
        card_table(tbl.pick_rows_html(rows, tbl.Look(app_ui.four_colour(), lang), width=52),
                   key=f"{P}pictures_{st.session_state[f'{P}round']}")


def card_view(card: rc.ReviewCard, is_new: bool) -> None:
    result = st.session_state[f"{P}result"]
    answered = result is not None and "right" in result
    with st.container(border=True, key=f"{P}card_box"):
        st.caption(pui.t("rc.check_caption" if card.lesson_id else
                         "rc.new" if is_new else "rc.review"))
        st.markdown(f"**{card.title}**")
        st.markdown(card.question)
        pictures(card)
        common: dict[str, Any] = {"key": answer_key(), "format_func": card.label,
                  "label_visibility": "collapsed", "disabled": answered}
        if card.multiple:
            # a play-off card's own words; a lesson's check says it as the lesson does
            st.caption(app_ui.t("rules.pick_all") if card.lesson_id else pui.t("rc.pick_all"))
            st.pills(pui.t("rc.answer"), list(card.options), selection_mode="multi", **common)
        else:
            st.radio(pui.t("rc.answer"), list(card.options), index=None, horizontal=True,
                     **common)
        with st.container(horizontal=True):   # buttons as wide as their words
            st.button(pui.t("rc.check"), key=f"{P}check", type="primary", on_click=check,
                      disabled=answered)
            st.button(pui.t("rc.next"), key=f"{P}next", on_click=next_card)
        if result is None:
            return
        if result.get("empty"):
            st.info(pui.t("rc.empty"))
            return
        # The verdict with one sentence of why (for a wrong answer, the first thing it
        # got wrong), the answer, the steps and the sources' notes folded.
        right = bool(result["right"])
        mistakes = [] if right else card.feedback(st.session_state.get(answer_key()), lang)
        answer = pui.t("rc.wrong", answer=card.answer_text)
        lead = ([] if right else mistakes[:1]) or list(card.explanation[:1]) or [answer]
        rest = [*mistakes[1:], *([] if right else [answer]), *card.explanation, *card.notes]
        fb.show(right, lessons.split_feedback(lead[0], rest))
        link = (f"[{pui.t('rc.open_lesson')}](rules?lesson={card.lesson_id}&lang={lang})"
                if card.lesson_id else app_ui.rule_link(card.rule_id, variant))
        if link:
            st.markdown(link)
        st.caption(pui.t("rc.again", when=pz.when(result["due"])))


# --- drills: positions from the review of the learner's own hands ----------------------

def current_drill() -> drills.Drill | None:
    """The drill just answered (until "next"), else the first one due."""
    answered = st.session_state.get(f"{P}drill_result")
    if answered is not None:
        kept = [d for d in drills.drills(store, learner, variant) if d.id == answered["id"]]
        if kept:
            return kept[0]
    due = drills.due(store, learner, variant)
    return due[0] if due else None


def check_drill(drill_id: int) -> None:
    chosen = st.session_state.get(f"{P}drill_answer_{drill_id}")
    if not chosen:
        return
    with pui.store() as db:
        drill = next(d for d in drills.drills(db, current_learner(), variant) if d.id == drill_id)
        found = drills.answer(db, current_learner(), drill, Action.parse(chosen),
                              time.monotonic() - st.session_state[f"{P}t0"])
    decision = found.decision
    deal = drill.deal
    mine = decision.shown_among()   # a copy mark only where it tells two moves apart
    st.session_state[f"{P}drill_result"] = {
        "id": drill_id, "right": found.right, "due": found.due.isoformat(),
        "better": app_ui.describe_action(decision.better, deal.profile, mine),
        "cost": review_parts.cost_text(decision), "why": list(decision.why(pui.lang())),
        "themes": list(found.themes)}


def next_drill() -> None:
    st.session_state[f"{P}drill_result"] = None
    st.session_state[f"{P}t0"] = time.monotonic()


def drill_view(drill: drills.Drill, count: int) -> None:
    result = st.session_state.get(f"{P}drill_result")
    deal = drill.deal
    moves = drills.answers(drill)
    # Read among the moves offered: a copy mark only where two of them differ.
    shown = {c for move in moves for c in move.cards}
    with st.container(border=True, key=f"{P}drill"):
        st.caption(pui.t("rc.drill") + " · " + pui.t("rc.drill_count", count=count))
        card_table(tbl.table_html(deal, drill.seat, app_ui.t, four_colour=app_ui.four_colour(),
                                  show_opponent=deal.in_playoff and deal.profile.players == 2,
                                  lang=lang, show_own=True), key=f"{P}drill_table_{drill.id}")
        st.markdown(pui.t("rc.drill_q", trick=deal.tricks_played + 1))
        # One answer per move: two twins that play alike are one ("play K♣", not #1, #2).
        labels = {str(a): app_ui.describe_action(a, deal.profile, shown) for a in moves}
        st.radio(pui.t("rc.answer"), list(labels), index=None, format_func=labels.__getitem__,
                 key=f"{P}drill_answer_{drill.id}", label_visibility="collapsed",
                 disabled=result is not None)
        with st.container(horizontal=True):
            st.button(pui.t("rc.check"), key=f"{P}drill_check", type="primary",
                      on_click=check_drill, args=(drill.id,), disabled=result is not None)
            st.button(pui.t("rc.next"), key=f"{P}drill_next", on_click=next_drill)
        if result is None:
            return
        right = bool(result["right"])
        lead = pui.t("rc.drill_right") if right else pui.t("rc.drill_wrong",
                                                           action=result["better"],
                                                           cost=result["cost"])
        fb.show(right, lessons.split_feedback(lead, [app_ui.notation(r) for r in result["why"]]))
        st.caption(pui.t("rc.drill_played", action=app_ui.describe_action(
            drills.shown_move(drill, drill.played), deal.profile, shown)))
        st.caption(pui.t("rc.drill_themes", themes=", ".join(
            theme_name(t, lang) for t in result.get("themes", ()))))
        st.caption(pui.t("rc.again", when=pz.when(result["due"])))


def view() -> None:
    st.title(pui.t("rc.title"))
    game = app_ui.variant_title(variant)
    st.write(pui.t("rc.intro", game=game))
    if not rc.deck(variant, lang):
        st.info(pui.t("rc.no_cards"))
        return
    drill = current_drill()
    if drill is not None:   # the learner's own positions come first
        drill_view(drill, len(drills.due(store, learner, variant)))
        return
    queue = review_queue.session_queue(store, learner, variant, lang)
    st.caption(pui.t("rc.counts", due=queue.due, new=queue.new, seen=queue.seen,
                     total=queue.total))
    current = shown(lang)
    if current is None or not review_queue.belongs(current.id, variant):
        skipped = st.session_state[f"{P}skipped"]
        order = sorted(queue.cards, key=lambda c: skipped.count(c.id))   # stable: due first
        current = order[0] if order else None
        show(current.id if current else None)
        seen = srs.card_items(store, learner, current.id) if current else set()
        st.session_state[f"{P}new"] = not seen
        current = shown(lang)
    if current is None:
        st.success(pui.t("rc.done"))
        upcoming = [row for row in store.srs_items(learner)
                    if review_queue.belongs(row["item"], variant)]
        st.write(pui.t("rc.next_due", when=pz.when(upcoming[0]["due"])) if upcoming
                 else pui.t("rc.none_due"))
        if queue.seen < queue.total:
            st.button(pui.t("rc.more"), key=f"{P}more", on_click=more_new)
        elsewhere()
    else:
        card_view(current, is_new=st.session_state[f"{P}new"])
    settings()


def elsewhere() -> None:
    """The puzzles due for review on their trainers, each a link to its page."""
    found = [d for d in path.due_reviews(store, learner, variant)
             if d.source != review_queue.CARDS]
    if not found:
        return
    st.markdown(pui.t("rc.elsewhere"))
    for due in found:
        page = path.PAGES[due.source]
        st.page_link(app_ui.page_script(page), label=pui.t(
            "rc.elsewhere_item", page=app_ui.t(f"nav.{page}"), count=due.count),
            icon=":material/replay:")


def settings() -> None:
    with st.expander(pui.t("rc.settings")):
        st.toggle(pui.t("srs.toggle"), value=srs.enabled(store, learner), key=f"{P}srs",
                  on_change=set_switch, args=("srs",))
        st.toggle(pui.t("rc.auto_drills"), value=drills.auto(store, learner),
                  key=f"{P}auto_drills", on_change=set_switch, args=("auto_drills",))
        st.number_input(pui.t("rc.per_day"), min_value=0, max_value=200, step=5,
                        value=rc.new_per_day(store, learner), key=f"{P}per_day",
                        on_change=set_per_day)


try:
    view()
finally:
    store.close()
