"""Stock-play puzzles: while the stock lasts, find the one clearly best move (issue 53).
A click is judged from the record alone (:mod:`puzzles.stock_bank`, no search here):
right when the move is one of its accepted moves; else the evidence sentence
(:func:`puzzles.stock_evidence.record_evidence`). Why the best move is best follows
either way. Like the other puzzle pages: a theme and a difficulty to choose, hints that
halve the credit (the themes, then the reasons without the move), and "Next puzzle"
never serves the puzzle just shown (a missed one comes back by its FSRS schedule).
Logic lives in ``puzzles.stock_trainer``."""

from __future__ import annotations

import random
import time

import streamlit as st

from app_pages import feedback as fb
from app_pages import puzzle_parts as pz
from app_pages import puzzle_ui as pui
from app_pages import table
from app_pages import ui as app_ui
from app_pages.card_table import card_table
from puzzles import stock_trainer, trainer
from puzzles.identity import current_learner

P = "st_"
pui.init(P, {"puzzle": None, "chosen": None, "recorded": None, "t0": 0.0, "seed": None,
             "hints": 0})
store = pui.store()
lang, learner = pui.lang(), current_learner()
pui.header("stock.title", None)


def new_puzzle() -> None:
    rng = random.Random(st.session_state.get(f"{P}seed"))
    shown = st.session_state[f"{P}puzzle"]
    with pui.store() as db:
        record = pz.pick_from(db, current_learner(), "stock",
                              st.session_state.get("variant", "two-handed"), rng,
                              avoid=pz.just_shown(shown))
    st.session_state[f"{P}puzzle"] = record
    st.session_state[f"{P}chosen"] = None
    st.session_state[f"{P}recorded"] = None
    st.session_state[f"{P}hints"] = 0
    st.session_state[f"{P}t0"] = time.monotonic()


def take_hint() -> None:
    st.session_state[f"{P}hints"] += 1


def answer(move: str) -> None:
    """The learner's move (an action's string form), judged once."""
    record = st.session_state[f"{P}puzzle"]
    if record is None or st.session_state[f"{P}chosen"] is not None:
        return
    st.session_state[f"{P}chosen"] = move
    correct = stock_trainer.is_right(record, move)
    hints = st.session_state[f"{P}hints"]
    with pui.store() as db:
        result = trainer.submit(db, current_learner(), record, correct, hints,
                                time.monotonic() - st.session_state[f"{P}t0"])
    st.session_state[f"{P}recorded"] = fb.attempt(result, correct, hints)


def on_pick(card: str) -> None:
    """The table's callback: a card of the hand clicked."""
    record = st.session_state[f"{P}puzzle"]
    if record is None:
        return
    move = stock_trainer.card_move(record, card)
    if move is not None:
        answer(move)


def view() -> None:
    with st.expander(app_ui.t("pz.theme") + " · " + app_ui.t("pz.band")):
        pz.filter_controls("stock", st.session_state.get("variant", "two-handed"),
                           on_change=new_puzzle)
    board()


@st.fragment
def board() -> None:
    pui.learner_line()
    if st.session_state[f"{P}puzzle"] is None:
        new_puzzle()
    record = st.session_state[f"{P}puzzle"]
    if record is None:
        st.info(pui.t("stock.empty"))
        return
    deal = stock_trainer.deal_of(record)
    seat, chosen = record["seat"], st.session_state[f"{P}chosen"]
    st.caption(app_ui.variant_title(record["variant"]))
    st.markdown(pui.t(f"stock.q_{record['type']}", stock=record["stock"]))
    look = table.Look(app_ui.four_colour(), lang)
    cards = stock_trainer.clickable_cards(record) if chosen is None else set()
    picks = [table.Pick(c, "free" if c in cards else "off", exposed=exposed)
             for c, exposed in stock_trainer.own_cards(deal, seat)]
    hand = table.picks_html(picks, pui.t("stock.hand" if cards else "stock.hand_only"), look)
    card_table(table.table_html(deal, seat, app_ui.t, four_colour=app_ui.four_colour(),
                                lang=lang, hand=hand),
               key=f"{P}table", on_pick=on_pick, token=record["id"])
    choices = stock_trainer.button_moves(record)
    if choices:
        cols = st.columns(min(3, len(choices)))
        for i, move in enumerate(choices):
            cols[i % len(cols)].button(stock_trainer.move_label(record, move, lang),
                                       key=f"{P}move_{i}", on_click=answer, args=(move,),
                                       disabled=chosen is not None)
    hints = stock_trainer.hints(record, lang)
    for number, text in enumerate(hints[:st.session_state[f"{P}hints"]], 1):
        st.info(f"{pui.t('hint.step', step=number, total=len(hints))}: {text}")
    if chosen is not None:
        result = st.session_state[f"{P}recorded"]
        note = fb.rating_note(result) if result is not None else ""
        if stock_trainer.is_right(record, chosen):
            st.success(pui.t("stock.right", move=stock_trainer.move_label(
                record, record["answer"], lang)))
        else:
            st.error(stock_trainer.evidence(record, chosen, lang))
        for line in stock_trainer.why(record, lang):
            st.markdown(f"- {line}")
        if note:
            st.caption(note)
    cols = st.columns(2)
    fb.hint_button(cols[0], st.session_state[f"{P}hints"], key=f"{P}hint_btn",
                   on_click=take_hint, settled=chosen is not None,
                   disabled=chosen is not None or st.session_state[f"{P}hints"] >= len(hints))
    cols[1].button(pui.t("next"), key=f"{P}next_btn", on_click=new_puzzle)


try:
    view()
finally:
    store.close()
