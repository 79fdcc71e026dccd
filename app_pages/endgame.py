"""Endgame puzzles: play the last tricks against the solver. A card that loses
points is refuted by the solver's line; ``value`` puzzles first ask what the
position is worth. Logic lives in ``puzzles.trainer`` and ``puzzles.endgame``."""

from __future__ import annotations

import random
import time

import streamlit as st

import lessons
from app_pages import capture_parts as cp
from app_pages import feedback as fb
from app_pages import puzzle_parts as pz
from app_pages import puzzle_ui as pui
from app_pages import ui as app_ui
from app_pages.card_table import card_table
from engine.notation.cards import Card
from puzzles import capture_trainer as ct
from puzzles import endgame, srs, trainer
from puzzles.i18n import suit_name, suit_to_play
from puzzles.identity import current_learner

P = "eg_"
pui.init(P, {"puzzle": None, "state": None, "hints": 0, "guess": None, "recorded": None,
             "t0": 0.0, "seed": None, "show": None, "tries": 0})
store = pui.store()
lang, learner = pui.lang(), current_learner()
pui.header("endgame.title", None)   # the rating line is drawn in the board fragment


def new_puzzle() -> None:
    rng = random.Random(st.session_state.get(f"{P}seed"))
    with pui.store() as db:   # never the puzzle just shown (missed: due a minute later)
        record = pz.pick_from(db, current_learner(), "endgame",
                              st.session_state.get("variant", "two-handed"), rng,
                              avoid=pz.just_shown(st.session_state[f"{P}puzzle"]))
    set_puzzle(record)


def start(record: dict) -> dict:
    """A fresh play state; Fildinski's play-off puzzles (000) ask for one card."""
    if ct.is_capture(record):
        return {"capture": True, "chosen": None, "status": "playing"}
    return trainer.endgame_start(record)


def set_puzzle(record: dict | None) -> None:
    st.session_state[f"{P}puzzle"] = record
    st.session_state[f"{P}state"] = None if record is None else start(record)
    st.session_state[f"{P}hints"] = 0
    st.session_state[f"{P}guess"] = None
    st.session_state[f"{P}recorded"] = None
    st.session_state[f"{P}t0"] = time.monotonic()
    st.session_state[f"{P}show"] = None
    st.session_state[f"{P}tries"] = 0


def retry() -> None:
    """Start the same puzzle again; the first attempt's rating stays as it was."""
    record = st.session_state[f"{P}puzzle"]
    st.session_state[f"{P}state"] = start(record)
    st.session_state[f"{P}show"] = None
    st.session_state[f"{P}tries"] += 1


def show_solution() -> None:
    st.session_state[f"{P}show"] = "solution"


def on_pick(card: str) -> None:
    """The table component's callback: the learner clicked a card of the hand."""
    state = st.session_state[f"{P}state"]
    if state is None or state["status"] != "playing":
        return
    try:
        chosen = Card.from_id(int(card))
    except (ValueError, IndexError):
        return
    if state.get("capture"):
        choose_capture(str(chosen))
        return
    face = chosen.face
    if face not in trainer.endgame_legal(state):
        st.session_state[f"{P}refused"] = face
        return
    play(face)


def record_attempt(correct: bool) -> None:
    record = st.session_state[f"{P}puzzle"]
    with pui.store() as db:
        result = trainer.submit(db, current_learner(), record, correct,
                                st.session_state[f"{P}hints"],
                                time.monotonic() - st.session_state[f"{P}t0"])
    st.session_state[f"{P}recorded"] = fb.attempt(result, correct,
                                                 st.session_state[f"{P}hints"])


def play(face: str) -> None:
    st.session_state.pop(f"{P}refused", None)
    before = st.session_state[f"{P}state"]
    state = trainer.endgame_play(before, face, pui.lang())
    if state["status"] == "failed":
        state["before"] = before["position"]   # where the refutation starts
        state["tried"] = face
    st.session_state[f"{P}state"] = state
    record = st.session_state[f"{P}puzzle"]
    done = state["status"] in ("solved", "failed")
    if done and record["type"] == "best" and st.session_state[f"{P}recorded"] is None \
            and st.session_state[f"{P}tries"] == 0:
        record_attempt(state["status"] == "solved")


def choose_capture(face: str) -> None:
    """000: the learner's card in a play-off where captures keep scoring."""
    record = st.session_state[f"{P}puzzle"]
    if face not in ct.best_moves(record):
        st.session_state[f"{P}refused"] = face
        return
    st.session_state.pop(f"{P}refused", None)
    correct = ct.check_best(record, face)
    st.session_state[f"{P}state"] = {"capture": True, "chosen": face,
                                     "status": "solved" if correct else "failed"}
    if st.session_state[f"{P}recorded"] is None and st.session_state[f"{P}tries"] == 0:
        record_attempt(correct)


def capture_board(record: dict, state: dict) -> None:
    """Fildinski's play-off puzzle: choose the best card; the values count the
    combinations the captures will form (the page says so)."""
    st.caption(app_ui.variant_title(record["variant"]))
    st.markdown(pui.t("e.to_move", player=cp.mover(record["position"]) + 1,
                      suit=suit_name(record["position"].get("trump"), lang)))
    duel = cp.duel_line(record["position"], lang)
    if duel:
        st.caption(duel)
    st.markdown(pui.t("c.best_q"))
    card_table(cp.table_html(record, state["chosen"]), key=f"{P}table", on_pick=on_pick)
    if st.session_state.get(f"{P}refused") and state["chosen"] is None:
        st.warning(app_ui.t("pz.must_follow"))
    best = record["best"][0]
    hints = [pui.t("hint.card_suit", suit=suit_to_play(best[1], lang)),
             pui.t("hint.card", card=trainer.show_card(best, lang))]
    for number, text in enumerate(hints[:st.session_state[f"{P}hints"]], 1):
        st.info(f"{pui.t('hint.step', step=number, total=len(hints))}: {text}")
    result = st.session_state[f"{P}recorded"]
    if state["chosen"] is not None:
        if state["status"] == "solved":
            st.success(pui.t("c.right"))
        else:
            st.error(pui.t("c.wrong", best=trainer.show_card(best, lang)))
        if result is not None:
            st.caption(fb.rating_note(result))
        note = record.get("note", {}).get(lang) or record.get("note", {}).get("en", "")
        with st.expander(app_ui.t("feedback.why_steps")):
            st.caption(note)
            for line in ct.move_lines(record, lang, lambda f: trainer.show_card(f, lang)):
                st.markdown(f"- {line}")
        st.button(app_ui.t("pz.retry"), key=f"{P}retry", on_click=retry,
                  icon=":material/replay:", help=app_ui.t("pz.retry_note"))
    cols = st.columns(2)
    fb.hint_button(cols[0], st.session_state[f"{P}hints"], key=f"{P}hint_btn",
                   on_click=take_hint, settled=settled(),
                   disabled=state["chosen"] is not None or
                   st.session_state[f"{P}hints"] >= len(hints))
    cols[1].button(pui.t("next"), key=f"{P}next_btn", on_click=new_puzzle)


def settled() -> bool:
    """The attempt that counts is recorded (or a retry began): hints cost nothing now."""
    return st.session_state[f"{P}recorded"] is not None or bool(st.session_state[f"{P}tries"])


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
        srs.set_enabled(db, current_learner(), bool(st.session_state[f"{P}srs"]))


def _final(state: dict) -> dict:
    """The empty table once the last card is played."""
    players = len(state["points"])
    return {"hands": [[] for _ in range(players)], "trick": [], "leader": state["me"]}


def refutation_plays(state: dict) -> list[tuple[int, str]]:
    """The wrong card and the engine's best answer to it, card by card."""
    before, tried = state.get("before"), state.get("tried")
    if before is None or tried is None:
        return []
    solution = endgame.solution_of(before, explain=True)
    ref = solution.refutation(tried)
    if ref is None:
        return []
    mover = solution.to_move
    return [(mover, tried), *zip(ref.line_players, ref.line, strict=False)]


def wrong_card_why(state: dict) -> list[str]:
    """Why the card tried loses, in the page's language (computed on each run, so a
    language switch after the answer is followed)."""
    before, tried = state.get("before"), state.get("tried")
    if before is None or tried is None:
        return []
    return trainer.wrong_card_reasons(endgame.solution_of(before, explain=True), tried, lang)


def solution_plays(record: dict) -> list[tuple[int, str]]:
    solution = endgame.solution_of(record["position"])
    return list(zip(solution.line_players, solution.line, strict=False))


def view() -> None:
    st.toggle(pui.t("srs.toggle"), value=srs.enabled(store, learner), key=f"{P}srs",
              on_change=toggle_srs)
    with st.expander(app_ui.t("pz.theme") + " · " + app_ui.t("pz.band")):
        pz.filter_controls("endgame", st.session_state.get("variant", "two-handed"),
                           on_change=new_puzzle)
    board()


@st.fragment
def board() -> None:
    """The puzzle on the table: a card click reruns only this part (st.fragment)."""
    pui.learner_line()   # here, so a card played or the next puzzle shows the new rating
    if st.session_state[f"{P}puzzle"] is None:
        new_puzzle()
    record, state = st.session_state[f"{P}puzzle"], st.session_state[f"{P}state"]
    if record is None or state is None:
        st.info(pui.t("p.empty_queue"))
        return
    if record.get("drill"):   # one of the learner's drills (puzzles.drills), as it was
        st.info(pui.t("e.own"))
    elif record.get("review"):   # capture puzzles come back as they were (not permuted)
        st.info(pui.t("srs.serving_same" if ct.is_capture(record) else "srs.serving"))
    if state.get("capture"):
        capture_board(record, state)
        return
    pos = record["position"]
    me, players = state["me"], len(state["points"])
    st.caption(app_ui.variant_title(record["variant"]))
    trumps = suit_name(pos.get("trump"), lang)
    if st.session_state[f"{P}tries"]:
        st.caption(app_ui.t("pz.retry_note"))
    if players == 2:
        st.markdown(pui.t("e.to_move", player=me + 1, suit=trumps))
    elif players == 3:
        st.markdown(pui.t("e.to_move_three", player=me + 1, suit=trumps))
    else:
        st.markdown(pui.t("e.to_move_four", player=me + 1, partner=(me + 2) % players + 1,
                          suit=trumps))
    current = state["position"]
    guessing = record["type"] == "value" and st.session_state[f"{P}guess"] is None \
        and st.session_state[f"{P}recorded"] is None
    playing = state["status"] == "playing" and not guessing and current is not None
    plays = pz.plays_of(state)
    done = endgame.tricks_of(endgame.position_of(record["position"]), plays)
    last = done[-1] if done and (current is None or not current["trick"]) else None
    legal = trainer.endgame_legal(state) if playing else None
    card_table(pz.endgame_table(current or _final(state), me, players, legal, last),
               key=f"{P}table", on_pick=on_pick)
    refused = st.session_state.get(f"{P}refused")
    if refused and playing:
        st.warning(app_ui.t("pz.must_follow"))
    if plays:
        with st.expander(app_ui.t("pz.tricks_so_far"), expanded=state["status"] != "playing"):
            for line in pz.tricks_text(record["position"], plays, me, players):
                st.markdown(f"- {line}")
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
        st.caption(fb.rating_note(st.session_state[f"{P}recorded"]))
    if record["type"] == "best" and not state["played"]:
        st.markdown(pui.t("e.best_q"))
    result = st.session_state[f"{P}recorded"]
    counted = result is not None and record["type"] == "best" and not \
        st.session_state[f"{P}tries"]
    note = fb.rating_note(result) if counted else ""
    if state["status"] == "failed":
        # The verdict and why in one sentence; the engine's reasons and its answer to
        # the card, played out, in the fold.
        why = wrong_card_why(state)
        fb.show(False, lessons.split_feedback(
            failed_why(state), [pz.faces_text(state["message"] or ""), *why]), note=note)
        ref_plays = refutation_plays(state)
        if ref_plays:   # the engine's answer, to step through on the table: in sight
            st.markdown(f"**{app_ui.t('pz.refutation')}**")
            pz.line_view(state.get("before") or record["position"], ref_plays, me, players,
                         key=f"{P}ref_step")
    elif state["status"] == "solved":
        # once (D7): the play-out's own message says the same
        fb.show(True, lessons.Feedback(pui.t("v.solved", points=trainer.side_points(state)),
                                       ()), note=note,
                hinted=counted and bool(result and result["hints"]))
    if state["status"] != "playing":
        row = st.columns(3)
        row[0].button(app_ui.t("pz.retry"), key=f"{P}retry", on_click=retry,
                      icon=":material/replay:", help=app_ui.t("pz.retry_note"))
        row[1].button(app_ui.t("pz.solution"), key=f"{P}solution", on_click=show_solution,
                      icon=":material/visibility:")
    if st.session_state[f"{P}show"] == "solution":
        st.markdown(f"**{app_ui.t('pz.solution_title')}**")
        st.caption(trainer.endgame_line_text(record, lang))
        pz.line_view(record["position"], solution_plays(record), me, players,
                     key=f"{P}sol_step")
    hints = trainer.endgame_hints(record, state, lang)
    for number, text in enumerate(hints[:st.session_state[f"{P}hints"]], 1):
        st.info(f"{pui.t('hint.step', step=number, total=len(hints))}: {text}")
    cols = st.columns(2)
    fb.hint_button(cols[0], st.session_state[f"{P}hints"], key=f"{P}hint_btn",
                   on_click=take_hint, settled=settled(),
                   disabled=state["status"] != "playing" or
                   st.session_state[f"{P}hints"] >= len(hints))
    cols[1].button(pui.t("next"), key=f"{P}next_btn", on_click=new_puzzle)


def failed_why(state: dict) -> str:
    """"K♦ loses 30 against the best card, 10♣": the wrong card's cost in one sentence."""
    best = state.get("best") or []
    if not best or not state.get("tried"):
        return ""
    return pui.t("v.card_loses", card=trainer.show_card(state["tried"], lang),
                 loss=state.get("lost", 0), best=trainer.show_card(best[0], lang))


try:
    view()
finally:
    store.close()
