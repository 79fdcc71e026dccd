"""Endgame puzzles: play the last tricks against the solver. A card that loses
points is refuted by the solver's line; ``value`` puzzles first ask what the
position is worth. Logic lives in ``puzzles.trainer`` and ``puzzles.endgame``."""

from __future__ import annotations

import random
import time

import streamlit as st

from app_pages import ui as app_ui
from puzzles import srs, trainer
from puzzles import ui as pui
from puzzles.i18n import suit_name

P = "eg_"
pui.init(P, {"puzzle": None, "state": None, "hints": 0, "guess": None, "recorded": None,
             "t0": 0.0, "seed": None})
store = pui.store()
lang, learner = pui.lang(), pui.learner()
pui.header("endgame.title", store)


def new_puzzle() -> None:
    rng = random.Random(st.session_state.get(f"{P}seed"))
    with pui.store() as db:
        record = trainer.pick(db, pui.learner(), "endgame", rng,
                              variant=st.session_state.get("variant", "two-handed"))
    set_puzzle(record)


def set_puzzle(record: dict | None) -> None:
    st.session_state[f"{P}puzzle"] = record
    st.session_state[f"{P}state"] = None if record is None else trainer.endgame_start(record)
    st.session_state[f"{P}hints"] = 0
    st.session_state[f"{P}guess"] = None
    st.session_state[f"{P}recorded"] = None
    st.session_state[f"{P}t0"] = time.monotonic()


def record_attempt(correct: bool) -> None:
    record = st.session_state[f"{P}puzzle"]
    with pui.store() as db:
        result = trainer.submit(db, pui.learner(), record, correct,
                                st.session_state[f"{P}hints"],
                                time.monotonic() - st.session_state[f"{P}t0"])
    st.session_state[f"{P}recorded"] = {"correct": correct, "score": result.score,
                                        "before": result.before.rating,
                                        "after": result.after.rating}


def play(face: str) -> None:
    state = trainer.endgame_play(st.session_state[f"{P}state"], face, pui.lang())
    st.session_state[f"{P}state"] = state
    record = st.session_state[f"{P}puzzle"]
    done = state["status"] in ("solved", "failed")
    if done and record["type"] == "best" and st.session_state[f"{P}recorded"] is None:
        record_attempt(state["status"] == "solved")


def guess_value() -> None:
    record = st.session_state[f"{P}puzzle"]
    guess = st.session_state.get(f"{P}value_input")
    try:
        value = int(guess) if guess is not None else None
    except (TypeError, ValueError):
        value = None
    st.session_state[f"{P}guess"] = value
    if st.session_state[f"{P}recorded"] is None:
        record_attempt(value == record["value"])


def take_hint() -> None:
    st.session_state[f"{P}hints"] += 1


def toggle_srs() -> None:
    with pui.store() as db:
        srs.set_enabled(db, pui.learner(), bool(st.session_state[f"{P}srs"]))


def view() -> None:
    st.toggle(pui.t("srs.toggle"), value=srs.enabled(store, learner), key=f"{P}srs",
              on_change=toggle_srs)
    if st.session_state[f"{P}puzzle"] is None:
        new_puzzle()
    record, state = st.session_state[f"{P}puzzle"], st.session_state[f"{P}state"]
    if record is None or state is None:
        st.info(pui.t("p.empty_queue"))
        return
    if record.get("review"):
        st.info(pui.t("srs.serving"))
    pos = record["position"]
    me, players = state["me"], len(state["points"])
    st.caption(app_ui.variant_title(record["variant"]))
    trumps = suit_name(pos.get("trump"), lang)
    if players == 2:
        st.markdown(pui.t("e.to_move", player=me + 1, suit=trumps))
    elif players == 3:
        st.markdown(pui.t("e.to_move_three", player=me + 1, suit=trumps))
    else:
        st.markdown(pui.t("e.to_move_four", player=me + 1, partner=(me + 2) % players + 1,
                          suit=trumps))
    current = state["position"]
    shown = current or {"hands": [[]] * players, "trick": []}
    for seat in trainer.other_seats(state):
        who = trainer.seat_name(me, seat, players, lang)
        label = pui.t("e.opponent") if players == 2 else pui.t("e.hand_of", who=who)
        pui.cards(shown["hands"][seat], label + ":")
    if shown["trick"]:
        st.markdown(pui.t("e.trick", cards=trainer.table_text(state, lang)))
    pui.cards(shown["hands"][me], pui.t("e.you") + ":")
    guessing = record["type"] == "value" and st.session_state[f"{P}guess"] is None \
        and st.session_state[f"{P}recorded"] is None
    if guessing:
        st.markdown(pui.t({2: "e.value_q", 3: "e.value_q_three"}.get(players, "e.value_q_four")))
        st.number_input(pui.t("e.value_input"), min_value=0, max_value=1000, step=10,
                        key=f"{P}value_input")
        st.button(pui.t("check"), key=f"{P}value_btn", on_click=guess_value, type="primary")
    elif record["type"] == "value" and st.session_state[f"{P}recorded"] is not None \
            and not state["played"]:
        key = "e.value_right" if st.session_state[f"{P}recorded"]["correct"] else \
            "e.value_wrong"
        st.info(pui.t(key, value=record["value"]))
    if record["type"] == "best" and not state["played"]:
        st.markdown(pui.t("e.best_q"))
    if state["status"] == "playing" and not guessing and current is not None:
        faces = trainer.endgame_legal(state)
        cols = st.columns(max(len(faces), 1))
        for col, face in zip(cols, faces, strict=False):
            col.button(trainer.show_card(face, lang), key=f"{P}play_{face}", on_click=play,
                       args=(face,))
    if state["message"]:
        (st.error if state["status"] == "failed" else st.info)(state["message"])
    if state["status"] == "solved":
        st.success(pui.t("e.solved", points=trainer.side_points(state)))
    if state["status"] != "playing":
        st.caption(trainer.endgame_line_text(record, lang))
    hints = trainer.endgame_hints(record, state, lang)
    for number, text in enumerate(hints[:st.session_state[f"{P}hints"]], 1):
        st.info(f"{pui.t('hint.step', step=number, total=len(hints))}: {text}")
    result = st.session_state[f"{P}recorded"]
    cols = st.columns(2)
    cols[0].button(pui.t("hint"), key=f"{P}hint_btn", on_click=take_hint,
                   disabled=state["status"] != "playing" or
                   st.session_state[f"{P}hints"] >= len(hints))
    cols[1].button(pui.t("next"), key=f"{P}next_btn", on_click=new_puzzle)
    if result is not None:
        st.caption(pui.t("rating.change", before=round(result["before"]),
                         after=round(result["after"])))


try:
    view()
finally:
    store.close()
