"""Meld trainer: spot every declaration, choose the best one now, judge legality,
and a timed recognition run. Logic lives in ``puzzles.trainer`` / ``puzzles.timed``."""

from __future__ import annotations

import random
import time

import streamlit as st

import lessons
from app_pages import feedback as fb
from app_pages import puzzle_parts as pz
from app_pages import puzzle_ui as pui
from app_pages import table as tbl
from app_pages import ui as app_ui
from app_pages.card_table import card_table
from engine.notation.cards import Suit, parse_card
from engine.rules.captures import groups
from engine.rules.meld_query import query
from engine.rules.melds import ScoredMeld
from engine.rules.profile import load_profile
from engine.text.explain import meld_accusative, meld_name, verb_forms
from puzzles import capture_trainer as ct
from puzzles import srs, timed, trainer
from puzzles.i18n import suit_name
from puzzles.identity import current_learner

P = "mt_"
VARIANT = st.session_state.get("variant", "two-handed")
# 000 (Fildinski): nothing is declared from the hand; its exercise is the capture.
MODES = (("capture",) if load_profile(VARIANT).declaring.source == "captured"
         else ("spot", "best", "legal", "timed"))
pui.init(P, {"mode": "spot", "puzzle": None, "hints": 0, "result": None, "t0": 0.0,
             "run": None, "seed": None, "round": 0, "first": None})


def answer_key() -> str:
    """The answer widget's key: new for every puzzle, so that the browser cannot send
    the previous puzzle's answer back (D2: popping the old key left the front-end
    value in place, and it was graded on the next puzzle)."""
    return f"{P}answer_{st.session_state[f'{P}round']}"

store = pui.store()
lang, learner = pui.lang(), current_learner()
pui.header("meld.title", None)   # the rating line is drawn where answers rerun


def new_puzzle(any_due: bool = True) -> None:
    """The next puzzle: a due review of any question first (``any_due``; the exercise
    follows it), else one of the exercise chosen."""
    rng = random.Random(st.session_state.get(f"{P}seed"))
    kind = st.session_state[f"{P}mode"]
    game = st.session_state.get("variant", "two-handed")
    # never the puzzle just shown: one missed falls due a minute later (FSRS)
    shown = pz.just_shown(st.session_state[f"{P}puzzle"])
    with pui.store() as db:
        due = trainer.due_puzzle(db, current_learner(), "meld", rng, game,
                                 types=[m for m in MODES if m != "timed"],
                                 avoid=shown) if any_due else None
        if due is not None and kind != "timed":
            st.session_state[f"{P}mode"] = due["type"]
        st.session_state[f"{P}puzzle"] = due if due is not None and kind != "timed" else \
            pz.pick_from(db, current_learner(), "meld", game, rng, types=[kind], avoid=shown)
    st.session_state[f"{P}hints"] = 0
    st.session_state[f"{P}result"] = None
    st.session_state[f"{P}first"] = None
    st.session_state.pop(answer_key(), None)
    st.session_state[f"{P}round"] += 1
    st.session_state[f"{P}t0"] = time.monotonic()


def take_hint() -> None:
    st.session_state[f"{P}hints"] += 1


def check() -> None:
    record = st.session_state[f"{P}puzzle"]
    given = st.session_state.get(answer_key())
    if ct.is_capture(record):
        correct, scopes = ct.check_capture(record, given,
                                           st.session_state.get(f"{answer_key()}_total"))
    else:
        correct, scopes = trainer.check_meld(record, given)
    hints = st.session_state[f"{P}hints"]
    retry = st.session_state[f"{P}first"] is not None
    if not retry:   # only the first attempt counts for the rating
        with pui.store() as db:
            result = trainer.submit(db, current_learner(), record, correct, hints,
                                    time.monotonic() - st.session_state[f"{P}t0"], scopes)
        st.session_state[f"{P}first"] = fb.attempt(result, correct, hints)
    st.session_state[f"{P}result"] = {"correct": correct, "retry": retry,
                                      "given": list(given) if isinstance(given, list)
                                      else given}


def toggle_srs() -> None:
    with pui.store() as db:
        srs.set_enabled(db, current_learner(), bool(st.session_state[f"{P}srs"]))


st.toggle(pui.t("srs.toggle"), value=srs.enabled(store, learner), key=f"{P}srs",
          on_change=toggle_srs)
with st.expander(app_ui.t("pz.theme") + " · " + app_ui.t("pz.band")):
    pz.filter_controls("meld", st.session_state.get("variant", "two-handed"),
                       on_change=new_puzzle)
due = srs.due(store, learner)
if due:
    st.caption(pui.t("srs.due", count=len(due)))
LABELS = {pui.t(f"mode.{m}"): m for m in MODES}


def change_mode() -> None:
    labels = {pui.t(f"mode.{m}"): m for m in MODES}
    st.session_state[f"{P}mode"] = labels.get(st.session_state[f"{P}mode_label"], MODES[0])
    new_puzzle(any_due=False)   # the exercise the learner chose, its own reviews first


if st.session_state[f"{P}mode"] not in MODES:
    st.session_state[f"{P}mode"] = MODES[0]
st.session_state[f"{P}mode_label"] = pui.t(f"mode.{st.session_state[f'{P}mode']}")
st.radio(pui.t("mode"), list(LABELS), key=f"{P}mode_label", horizontal=True,
         on_change=change_mode)


def position_html(pos: dict) -> str:
    """The hand and the declared cards on the table as pictures (the card table)."""
    look = tbl.Look(app_ui.four_colour(), lang)
    rows = [(pui.t(label), [tbl.Pick(parse_card(token).id, "off") for token in pos[where]])
            for where, label in (("hand", "q.hand"), ("table", "q.table")) if pos[where]]
    return tbl.pick_rows_html(rows, look, width=56)


def capture_html(pos: dict) -> str:
    """000: the laid-out cards, one row per combination they can still form, and the
    trick just won."""
    look = tbl.Look(app_ui.four_colour(), lang)
    trump = int(Suit.parse(pos["trump"]))
    history = [ScoredMeld(h["meld"], frozenset(parse_card(t).id for t in h["cards"]))
               for h in pos["history"]]
    laid = [parse_card(t).id for t in pos["laid"]]
    rows = [(f"{pui.t('c.laid')}: " + (app_ui.t("table.laid_spent") if kind == "spent"
                                        else meld_name(kind, lang)),
             [tbl.Pick(c, "off") for c in cards])
            for kind, cards in groups(load_profile(pos["variant"]), trump, laid, history)]
    rows.append((pui.t("c.trick"), [tbl.Pick(parse_card(t).id, "off") for t in pos["trick"]]))
    return tbl.pick_rows_html(rows, look, width=52)


def show_position(record: dict, key: str = "mt_position") -> None:
    pos = record["position"]
    if ct.is_capture(record):
        st.markdown(pui.t("q.trump", suit=suit_name(pos.get("trump"), lang)))
        card_table(capture_html(pos), key=key)
        history = ", ".join(f"{meld_name(h['meld'], lang)} "
                            f"({trainer.show_cards(h['cards'], lang)})"
                            for h in pos["history"]) or pui.t("q.nothing")
        st.markdown(f"**{pui.t('q.history')}:** {history}")
        if pos.get("sevens_scored"):   # the turned-up seven, back in the play-off
            st.markdown(pui.t("c.seven_scored",
                              cards=trainer.show_cards(pos["sevens_scored"], lang)))
        return
    st.markdown(pui.t("q.trump", suit=suit_name(pos.get("trump"), lang)))
    card_table(position_html(pos), key=key)
    history = ", ".join(f"{meld_name(h['meld'], lang)} "
                        f"({trainer.position_cards(h['cards'], pos, lang)})"
                        for h in pos["history"]) or pui.t("q.nothing")
    st.markdown(f"**{pui.t('q.history')}:** {history}")
    ctx = record.get("context", {})
    if record["type"] == "best":
        st.caption(pui.t("q.stock", stock=ctx.get("stock", 0), turns=ctx.get("turns", 1)))


@st.fragment
def puzzle_view() -> None:
    """One puzzle: answering, hints and checking rerun only this part (st.fragment)."""
    mode = st.session_state[f"{P}mode"]
    if st.session_state[f"{P}puzzle"] is None:
        new_puzzle()
    if st.session_state[f"{P}puzzle"] is not None and \
            st.session_state[f"{P}puzzle"].get("type") != st.session_state[f"{P}mode"]:
        new_puzzle(any_due=False)
    if st.session_state[f"{P}mode"] != mode:   # a due review of another exercise: the
        st.rerun()                              # exercise picker above shows it
    pui.learner_line()   # here, so an answer or the next puzzle shows the new rating
    record = st.session_state[f"{P}puzzle"]
    if record is None:
        st.info(pui.t("p.empty_queue"))
        return
    if record.get("review"):   # capture puzzles come back as they were (not permuted)
        st.info(pui.t("srs.serving_same" if ct.is_capture(record) else "srs.serving"))
    show_position(record)
    kind = record["type"]
    if kind == "legal":
        q = record["question"]
        st.markdown(pui.t("q.legal", meld=meld_accusative(q["meld"], lang),
                          cards=trainer.position_cards(q["cards"], record["position"],
                                                       lang)))
    elif kind == "capture":
        st.markdown(pui.t("c.question"))
    else:
        st.markdown(pui.t(f"q.{kind}"))
    options = ct.capture_options(record) if kind == "capture" else trainer.meld_options(record)
    label = pui.t("q.select")
    if kind == "capture":
        st.multiselect(label, options, key=answer_key(),
                       format_func=lambda o: ct.option_label(o, lang),
                       placeholder=pui.t("q.select"), select_all=False)
        st.number_input(pui.t("c.total_input"), min_value=0, max_value=10000, step=10,
                        value=None, key=f"{answer_key()}_total")
    elif kind == "spot":
        st.multiselect(label, options, key=answer_key(),
                       format_func=lambda o: trainer.option_label(record, o, lang),
                       placeholder=pui.t("q.select"), select_all=False)
        st.caption(app_ui.t("feedback.empty_means_none"))
    else:
        st.radio(label, options, key=answer_key(), index=None,
                 format_func=lambda o: trainer.option_label(record, o, lang))
    hints = ct.hints(record, lang) if kind == "capture" else trainer.meld_hints(record, lang)
    for number, text in enumerate(hints[:st.session_state[f"{P}hints"]], 1):
        st.info(f"{pui.t('hint.step', step=number, total=len(hints))}: {text}")
    result = st.session_state[f"{P}result"]
    first = st.session_state[f"{P}first"]
    solved = result is not None and result["correct"]
    cols = st.columns([3, 2, 2])   # the hint's label says its cost
    fb.hint_button(cols[0], st.session_state[f"{P}hints"], key=f"{P}hint_btn",
                   on_click=take_hint, settled=first is not None,
                   disabled=solved or st.session_state[f"{P}hints"] >= len(hints))
    # A wrong answer may be checked again; the rating keeps the first attempt.
    cols[1].button(pui.t("check"), key=f"{P}check_btn", on_click=check, type="primary",
                   disabled=solved)
    cols[2].button(pui.t("next"), key=f"{P}next_btn", on_click=new_puzzle)
    if result is not None:
        right = bool(result["correct"])
        note = app_ui.t("feedback.retry_right") if result["retry"] and right else \
            fb.rating_note(first)
        fb.show(right, verdict(record, result.get("given"), right), note=note,
                hinted=right and not result["retry"] and first["hints"] > 0)
        if not right:
            st.caption(app_ui.t("feedback.first_attempt"))


def verdict(record: dict, given: object, right: bool) -> lessons.Feedback:
    """Why, in one sentence (for a wrong answer: the first thing it got wrong), then the
    other reasons, the answer and the engine's explanation, folded."""
    kind = record["type"]
    capture = kind == "capture"
    explanation = ct.explanation(record, lang) if capture else \
        trainer.meld_explanation(record, lang)
    answer = app_ui.notation(ct.answer_text(record, lang)) if capture else \
        trainer.answer_text(record, lang)
    if right:
        return lessons.split_feedback(right_why(record), explanation)
    mistakes = [] if capture else feedback(record, given)
    shown_answer = pui.t("v.answer", answer=answer)
    why = mistakes[0] if mistakes else shown_answer
    return lessons.split_feedback(why, [*mistakes[1:], shown_answer, *explanation])


def right_why(record: dict) -> str:
    """Why the right answer is right, in one sentence."""
    kind, answer = record["type"], record["answer"]
    if kind == "capture":
        return pui.t("v.capture", answer=app_ui.notation(ct.answer_text(record, lang)))
    if kind == "spot":
        if not answer:
            return pui.t("v.spot_none")
        return pui.t("v.spot", melds=trainer.answer_text(record, lang))
    if kind == "best":
        total = answer["values"][answer["meld"]]["total"]
        name = meld_name(answer["meld"], lang)
        return pui.t("v.best", meld=name, total=total, **verb_forms(name, lang))
    return trainer.meld_explanation(record, lang)[0]


def feedback(record: dict, given: object) -> list[str]:
    """What was wrong with the answer the learner chose (not only the right answer)."""
    kind = record["type"]
    if kind == "spot":
        chosen, truth = set(given or []), set(record["answer"])
        refused = {r["meld"]: r["why"] for r in query(dict(record["position"]), lang)["refused"]}
        lines = [app_ui.t("pz.you_chose_wrong", chosen=meld_accusative(k, lang),
                          why=refused.get(k, app_ui.t("pz.not_a_meld")))
                 for k in sorted(chosen - truth)]
        missed = sorted(truth - chosen)
        if missed:
            lines.append(app_ui.t("pz.missed",
                                  missed=", ".join(meld_name(k, lang) for k in missed)))
        return lines
    if given is None:
        return []
    if kind == "best":
        values = record["answer"]["values"]
        mine, best = values.get(given, {}), values[record["answer"]["meld"]]
        return [app_ui.t("pz.you_chose_wrong", chosen=meld_accusative(str(given), lang),
                         why=app_ui.t("pz.worth_less", mine=mine.get("total", 0),
                                      best=best["total"],
                                      meld=meld_name(record["answer"]["meld"], lang)))]
    return [app_ui.t("pz.your_answer", answer=trainer.option_label(record, str(given), lang))]


def start_run() -> None:
    rng = random.Random(st.session_state.get(f"{P}seed"))
    st.session_state[f"{P}run"] = timed.start(rng, now=time.monotonic())


def answer_run() -> None:
    run = st.session_state[f"{P}run"]
    given = st.session_state.get(f"{P}run_answer") or []
    st.session_state[f"{P}run"] = timed.answer(run, given, time.monotonic())
    st.session_state[f"{P}run_answer"] = []
    run = st.session_state[f"{P}run"]
    if timed.finished(run, time.monotonic()) and not run.get("saved"):
        with pui.store() as db:
            db.record_timed_run(current_learner(), run["seconds"], run["score"], run["answered"],
                                [m["id"] for m in run["misses"]])
        run["saved"] = True


@st.fragment(run_every=1.0)
def clock() -> None:
    """The seconds left, ticking while the learner thinks (D17); at zero the whole
    page reruns to show the review."""
    run = st.session_state[f"{P}run"]
    now = time.monotonic()
    if run is None or timed.finished(run, now):
        st.rerun()
    st.markdown(pui.t("timed.left", seconds=round(timed.left(run, now)), score=run["score"]))


def timed_view() -> None:
    pui.learner_line(store)
    run = st.session_state[f"{P}run"]
    st.button(pui.t("timed.start", seconds=timed.SECONDS), key=f"{P}run_start",
              on_click=start_run)
    if run is None:
        return
    now = time.monotonic()
    if not timed.finished(run, now):
        clock()
        item = timed.current(run)
        assert item is not None
        show_position(item)
        st.markdown(pui.t("q.spot"))
        st.multiselect(pui.t("q.select"), trainer.meld_options(item), key=f"{P}run_answer",
                       format_func=lambda o: meld_name(o, lang),
                       placeholder=pui.t("q.select"), select_all=False)
        st.button(pui.t("timed.submit"), key=f"{P}run_submit", on_click=answer_run,
                  type="primary")
        return
    st.success(pui.t("timed.over", score=run["score"], total=run["answered"]))
    st.subheader(pui.t("timed.review"))
    if not run["misses"]:
        st.write(pui.t("timed.no_misses"))
    for number, miss in enumerate(run["misses"]):
        record = {"type": "spot", "answer": miss["answer"], "position": miss["position"]}
        show_position({**record, "context": {}}, key=f"mt_miss_{number}")
        st.error(pui.t("wrong", answer=trainer.answer_text(record, lang)))
        for line in trainer.meld_explanation(record, lang):
            st.markdown(f"- {line}")
        st.divider()


try:
    if st.session_state[f"{P}mode"] == "timed":
        timed_view()
    else:
        puzzle_view()
finally:
    store.close()
