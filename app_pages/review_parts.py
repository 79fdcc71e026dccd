"""The review of a hand (:mod:`engine.bots.review`) on the Play and Game log pages: the
learner's decisions that clearly cost points, the costliest first, each with its
position, the better move and why. The decisions shown become drills by themselves
(:func:`puzzles.drills.add_found`), each with "Don't drill this", unless the learner
turned that off; then each has "Drill this". The decisions are judged in the background
as the deal goes on (:mod:`app_pages.review_worker`); what is left is worked out when
the deal ends on the Play page (or when the learner asks, on the Game log and with the
drills left to the learner), and the review is kept in the tab's session, one per
deal."""

from __future__ import annotations

import hashlib
import logging
import math
from collections.abc import Callable

import streamlit as st

from app_pages import review_worker, store_text, ui
from app_pages.card_table import card_table
from app_pages.table import table_html
from engine.bots.review import Budget, Decision, HandReview, review_deal
from engine.rules.deal import Deal
from engine.text.sentences import capital_first
from puzzles import drills
from puzzles.identity import current_learner
from puzzles.store import ProgressStore, ProgressStoreError, open_store

log = logging.getLogger("bezique.store")
SHOWN = 5            # flagged decisions shown in full; the rest are counted
KEPT = 8             # reviews kept per tab
STATE = "hand_reviews"
BUDGET = "hand_review_budget"   # a smaller search budget (tests set it)


def _key(deal: Deal, seat: int) -> str:
    return hashlib.sha256(f"{seat}|{deal.dumps()}".encode()).hexdigest()[:16]


def cached(deal: Deal, seat: int) -> HandReview | None:
    return st.session_state.get(STATE, {}).get(_key(deal, seat))   # type: ignore[no-any-return]


def budget() -> Budget:
    return st.session_state.get(BUDGET) or Budget()  # type: ignore[no-any-return]


def judge_in_background(deal: Deal, seat: int, deal_number: int) -> None:
    """Start judging the learner's latest decisions while the deal goes on."""
    review_worker.catch_up(deal, seat, deal_number, budget())


def on_review(deal: Deal, seat: int, deal_number: int) -> None:
    with st.spinner(ui.t("hand_review.working")):
        found = review_deal(deal, seat, deal_number, budget(), review_worker.verdicts())
    reviews = dict(st.session_state.get(STATE, {}))
    while len(reviews) >= KEPT:
        reviews.pop(next(iter(reviews)))
    reviews[_key(deal, seat)] = found
    st.session_state[STATE] = reviews
    # The decisions shown join the review cards by themselves (issue 53), unless the
    # learner turned that off or declined one before.
    _stored(lambda db: drills.add_found(db, current_learner(), found.flagged[:SHOWN]),
            STATE)


def _stored(write: Callable[[ProgressStore], object], key: str, done: str = "") -> None:
    """Write to the store; say "done" (a message key) or why it failed, under
    ``key``_msg (the key, not its text: it shows in the language chosen later too)."""
    try:
        with open_store() as db:
            write(db)
    except ProgressStoreError as exc:   # its text holds no credentials
        log.warning("%s", exc)
        st.session_state[f"{key}_msg"] = ("error", "play.store_error",
                                          {"error": store_text.error_text(exc)})
        return
    if done:
        st.session_state[f"{key}_msg"] = ("ok", done, {})


def on_drill(decision: Decision, key: str) -> None:
    _stored(lambda db: drills.add(db, current_learner(), decision), key,
            "hand_review.drilled")


def on_decline(decision: Decision, key: str) -> None:
    _stored(lambda db: drills.decline(db, current_learner(), decision), key,
            "hand_review.declined")


def _auto() -> bool:
    """Whether this learner's hand reviews make drills by themselves (the store out of
    use: no)."""
    try:
        with open_store() as db:
            return drills.auto(db, current_learner())
    except ProgressStoreError as exc:
        log.warning("%s", exc)
        return False


def _scheduled(decisions: list[Decision]) -> list[bool | None]:
    """For each decision, whether it is a drill in the schedule (None: never a drill)."""
    try:
        with open_store() as db:
            return [drills.scheduled(db, current_learner(), d) for d in decisions]
    except ProgressStoreError as exc:
        log.warning("%s", exc)
        return [None] * len(decisions)


def _message(key: str) -> None:
    message = st.session_state.get(f"{key}_msg")
    if message:
        kind, text_key, params = message
        (st.success if kind == "ok" else st.warning)(ui.t(text_key, **params))


def cost_text(decision: Decision) -> str:
    points = round(decision.cost)
    if not decision.exact:
        # A flagged estimate's interval excludes zero: never "between 0 and …".
        low = math.ceil(decision.low) if decision.flagged else round(decision.low)
        if low == round(decision.high):   # never "between 100 and 100"
            return ui.t("hand_review.estimate_one", points=low)
        return ui.t("hand_review.estimate", points=points, low=low, high=round(decision.high))
    return ui.t("hand_review." + ("exact" if decision.kind == "points" else decision.kind),
                points=points)


def section(deal: Deal, seat: int, deal_number: int, key: str, by_itself: bool = False) -> None:
    """The review of ``seat``'s decisions in ``deal``: worked out at once when
    ``by_itself`` (the Play page, at the end of a deal) and the learner's reviews make
    drills by themselves, else a button until it is worked out."""
    st.markdown(f"#### {ui.t('hand_review.title')}")
    st.caption(ui.t("hand_review.intro"))
    review = cached(deal, seat)
    if review is None and by_itself and _auto():
        on_review(deal, seat, deal_number)
        review = cached(deal, seat)
    if review is None:
        st.button(ui.t("hand_review.offer"), key=f"{key}_offer", on_click=on_review,
                  args=(deal, seat, deal_number), icon=":material/fact_check:")
        return
    _message(STATE)
    flagged = review.flagged
    if not flagged:
        st.success(ui.t("hand_review.none", count=len(review.decisions)))
        return
    shown = flagged[:SHOWN]
    states = _scheduled(shown)
    if any(states):
        st.caption(ui.t("hand_review.auto_note"))
    for number, (decision, state) in enumerate(zip(shown, states, strict=True)):
        decision_box(decision, f"{key}_{number}", state)
    if len(flagged) > SHOWN:
        st.caption(ui.t("hand_review.more", count=len(flagged) - SHOWN))


def decision_box(decision: Decision, key: str, scheduled: bool | None = None) -> None:
    deal = decision.position_deal()
    mine = decision.shown_among()   # a copy mark only where it tells two moves apart
    with st.container(border=True, key=key):
        st.markdown("**" + ui.t("hand_review.heading", trick=decision.trick,
                                played=ui.describe_action(decision.played, deal.profile, mine),
                                better=ui.describe_action(decision.better, deal.profile, mine))
                    + f"** — {cost_text(decision)}")
        card_table(table_html(deal, decision.seat, ui.t, four_colour=ui.four_colour(),
                              show_opponent=deal.in_playoff and deal.profile.players == 2,
                              lang=ui.lang(), show_own=True), key=f"{key}_table")
        st.markdown("\n".join(f"- {ui.notation(capital_first(r))}"
                               for r in decision.why(ui.lang())))
        if scheduled:   # a drill already: say so, and let the learner decline it
            with st.container(horizontal=True, vertical_alignment="center"):
                st.caption(ui.t("hand_review.auto_added"))
                st.button(ui.t("hand_review.decline"), key=f"{key}_decline",
                          on_click=on_decline, args=(decision, key),
                          help=ui.t("hand_review.decline_help"), icon=":material/block:")
        else:
            st.button(ui.t("hand_review.drill"), key=f"{key}_drill", on_click=on_drill,
                      args=(decision, key), help=ui.t("hand_review.drill_help"),
                      icon=":material/fitness_center:")
        _message(key)
