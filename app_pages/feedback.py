"""The verdict on a learner's answer, the same on every page that marks one: "Right: …"
or "Not quite: …" with one sentence of why, the remaining steps in a fold ("Why, step
by step"); a hint's cost said on its button before it is taken; and the rating's move
said plainly, "Your rating: 1380 (−120)."

The split of the lines (which sentence leads, none said twice) is
:func:`lessons.split_feedback`; the credit a hint costs is :data:`puzzles.trainer.HINT_CREDIT`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import streamlit as st

import lessons
from app_pages import ui
from engine.text.sentences import continued
from lessons.checks import PROPER_NAMES
from puzzles import trainer
from puzzles.store import AttemptResult


def number(value: float) -> str:
    """A credit or an expected score as the reader writes it: 0.5, or 0,5 in Russian."""
    text = f"{round(value, 2):g}"
    return text.replace(".", ",") if ui.lang() == "ru" else text


def verdict_line(right: bool, why: str, hinted: bool = False) -> str:
    """"Right: the trump marriage scores 40." — the verdict, then why in one sentence."""
    why = why.strip()
    if not why:
        return ui.t("feedback.right_plain" if right else "feedback.wrong_plain")
    key = ("feedback.right_hint" if hinted else "feedback.right") if right else "feedback.wrong"
    if not why.endswith((".", "!", "?", ")")):
        why += "."
    return ui.t(key, why=continued(why, PROPER_NAMES))


def show(right: bool, found: lessons.Feedback, *, hinted: bool = False,
         notation: bool = True, note: str = "") -> None:
    """The verdict line (green or red), a caption under it (``note``: the rating's
    move), then the steps folded."""
    def shown(text: str) -> str:
        return ui.notation(text) if notation else text

    (st.success if right else st.error)(shown(verdict_line(right, found.why, hinted)))
    if note:
        st.caption(note)
    if found.steps:
        with st.expander(ui.t("feedback.why_steps")):
            st.markdown("\n".join(f"- {shown(line)}" for line in found.steps))


def hint_button(target: Any, hints: int, *, key: str, on_click: Callable[[], None],
                disabled: bool, settled: bool = False) -> None:
    """The hint button, saying what the next hint costs (``settled``: the attempt that
    counts is recorded, so hints are free now)."""
    before, after = trainer.hint_cost(hints)
    halves = after > 0 and after * 2 == before
    label = ui.t("feedback.hint_free") if settled else ui.t(
        "feedback.hint_halves" if halves else "feedback.hint_button",
        before=number(before), after=number(after))
    # No tooltip: a button with help is drawn as two, and the label says it all.
    target.button(label, key=key, on_click=on_click, disabled=disabled)



def attempt(result: AttemptResult, correct: bool, hints: int) -> dict[str, Any]:
    """What a page keeps of a recorded attempt to explain the rating's move."""
    return {"correct": correct, "hints": hints, "score": result.score,
            "before": result.before.rating, "after": result.after.rating}


def rating_note(found: Mapping[str, Any]) -> str:
    """One plain sentence, as lichess says it: the rating now and its change, "Your
    rating: 1380 (−120)." A right answer after a hint that lowers the rating says why."""
    before, after = round(found["before"]), round(found["after"])
    change = after - before
    params = {"after": after, "change": f"+{change}" if change > 0 else
              f"−{-change}" if change < 0 else "±0"}
    if found["correct"] and found.get("hints") and found["after"] < found["before"]:
        return ui.t("feedback.rating_hint_less", **params)
    return ui.t("feedback.rating", **params)
