"""The review of a hand (:mod:`engine.bots.review`) on the Play and Game log pages: the
learner's decisions that clearly cost points, the costliest first, each with its
position, the better move and why. The decisions shown become drills by themselves
(:func:`puzzles.drills.add_found`), each with "Don't drill this", unless the learner
turned that off; then each has "Drill this". The decisions are judged in the background
as the deal goes on (:mod:`app_pages.review_worker`); what is left is worked out when
the deal ends on the Play page (or when the learner asks, on the Game log and with the
drills left to the learner), by the workers too: the page says it is reviewing and
looks again every :data:`POLL_SECONDS` until the review is in, and the learner may go
on meanwhile (the drills found join the review cards all the same). The review is kept
in the tab's session, one per deal."""

from __future__ import annotations

import hashlib
import logging
import math
from collections.abc import Callable
from concurrent.futures import Future
from functools import partial
from typing import Any

import streamlit as st

from app_pages import review_worker, store_text, ui
from app_pages.card_table import card_table
from app_pages.table import table_html
from engine.bots.review import Budget, Decision, HandReview, review_deal
from engine.rules.deal import Deal
from engine.text.explain import points_ru
from engine.text.sentences import capital_first
from puzzles import drills
from puzzles.identity import current_learner
from puzzles.store import ProgressStore, ProgressStoreError, open_store

log = logging.getLogger("bezique.store")
SHOWN = 5            # flagged decisions shown in full; the rest are counted
KEPT = 8             # reviews kept per tab
STATE = "hand_reviews"
PENDING = "hand_reviews_pending"  # session: review key -> the workers' review (a Future)
FAILED = "hand_reviews_failed"    # session: reviews that failed (offered, not redone)
BUDGET = "hand_review_budget"   # a smaller search budget (tests set it)
POLL_SECONDS = 1.0   # the page looks again this often while the review is worked out

Message = tuple[str, str, dict[str, Any]]   # kind, text key, its parameters


def _key(deal: Deal, seat: int) -> str:
    return hashlib.sha256(f"{seat}|{deal.dumps()}".encode()).hexdigest()[:16]


def cached(deal: Deal, seat: int) -> HandReview | None:
    """The review of ``seat`` in ``deal`` kept in this tab, or taken in now from the
    workers when they have finished it."""
    key = _key(deal, seat)
    return st.session_state.get(STATE, {}).get(key) or _taken_in(key)  # type: ignore[no-any-return]


def _pending() -> dict[str, Future[tuple[HandReview, Message | None]]]:
    return st.session_state.setdefault(PENDING, {})  # type: ignore[no-any-return]


def reviewing(deal: Deal, seat: int) -> bool:
    """Whether the workers are still working out this review."""
    job = _pending().get(_key(deal, seat))
    return job is not None and not job.done()


def _taken_in(key: str) -> HandReview | None:
    job = _pending().get(key)
    if job is None or not job.done():
        return None
    del _pending()[key]
    error = job.exception()
    if error is not None:   # the review is offered again; the log says why
        log.error("the review of a hand failed in the workers", exc_info=error)
        st.session_state.setdefault(FAILED, set()).add(key)
        return None
    found, message = job.result()
    _keep(key, found, message)
    return found


def _keep(key: str, found: HandReview, message: Message | None) -> None:
    reviews = dict(st.session_state.get(STATE, {}))
    while len(reviews) >= KEPT:
        reviews.pop(next(iter(reviews)))
    reviews[key] = found
    st.session_state[STATE] = reviews
    if message is not None:
        st.session_state[f"{STATE}_msg"] = message


def budget() -> Budget:
    return st.session_state.get(BUDGET) or Budget()  # type: ignore[no-any-return]


def judge_in_background(deal: Deal, seat: int, deal_number: int) -> None:
    """Start judging the learner's latest decisions while the deal goes on."""
    review_worker.catch_up(deal, seat, deal_number, budget())


def on_review(deal: Deal, seat: int, deal_number: int) -> None:
    """Review the hand: handed to the workers (the page shows it once it is in), or,
    without workers, here and now."""
    key = _key(deal, seat)
    if key in _pending():
        return
    # The decisions shown join the review cards by themselves (issue 53), unless the
    # learner turned that off or declined one before: done once the review is in, in
    # the review's own thread, whether the page is still open or not.
    try:
        learner: str | None = current_learner()
    except ProgressStoreError as exc:   # served, the store out of reach: no drills now
        log.warning("%s", exc)
        learner = None
    then = partial(_add_found, learner)
    job = review_worker.review_later(deal, seat, deal_number, budget(), then)
    if job is not None:
        _pending()[key] = job
        return
    with st.spinner(ui.t("hand_review.working")):
        found = review_deal(deal, seat, deal_number, budget())
    _keep(key, found, then(found))


def _add_found(learner: str | None, found: HandReview) -> Message | None:
    if learner is None:
        return None
    return _write(lambda db: drills.add_found(db, learner, found.flagged[:SHOWN]))


def _write(write: Callable[[ProgressStore], object]) -> Message | None:
    """Write to the store; None, or the message that says why it failed."""
    try:
        with open_store() as db:
            write(db)
    except ProgressStoreError as exc:   # its text holds no credentials
        log.warning("%s", exc)
        return ("error", "play.store_error", {"error": store_text.error_text(exc)})
    return None


def _stored(write: Callable[[ProgressStore], object], key: str, done: str = "") -> None:
    """Write to the store; say "done" (a message key) or why it failed, under
    ``key``_msg (the key, not its text: it shows in the language chosen later too)."""
    failed = _write(write)
    if failed is not None:
        st.session_state[f"{key}_msg"] = failed
    elif done:
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
            return ui.t("hand_review.estimate_one", points=low, points_ru=points_ru(low))
        return ui.t("hand_review.estimate", points=points, points_ru=points_ru(points), low=low,
                    high=round(decision.high))
    return ui.t("hand_review." + ("exact" if decision.kind == "points" else decision.kind),
                points=points, points_ru=points_ru(points))


def section(deal: Deal, seat: int, deal_number: int, key: str, by_itself: bool = False) -> None:
    """The review of ``seat``'s decisions in ``deal``: asked for at once when
    ``by_itself`` (the Play page, at the end of a deal) and the learner's reviews make
    drills by themselves, else a button; while the workers work it out, a note that
    looks for it every :data:`POLL_SECONDS`."""
    st.markdown(f"#### {ui.t('hand_review.title')}")
    st.caption(ui.t("hand_review.intro"))
    review = cached(deal, seat)
    failed = _key(deal, seat) in st.session_state.get(FAILED, ())
    if review is None and by_itself and not failed and not reviewing(deal, seat) and _auto():
        on_review(deal, seat, deal_number)
        review = cached(deal, seat)
    if review is None and reviewing(deal, seat):
        _wait_for(deal, seat)
        return
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


@st.fragment(run_every=POLL_SECONDS)
def _wait_for(deal: Deal, seat: int) -> None:
    """While the workers review the hand: say so, look again every POLL_SECONDS, and
    draw the whole page anew once the review is in (this stops the looking)."""
    if not reviewing(deal, seat):
        st.rerun()
    st.info(ui.t("hand_review.waiting"), icon=":material/hourglass_top:")


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
