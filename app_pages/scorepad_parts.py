"""The Score pad page's state and callbacks: the pad of this tab (kept as its JSON in
``st.session_state``), saved to the learner's progress store after every change.
Scoring, checking and explaining are :mod:`engine.rules.scorepad`'s; this module only
turns widgets into pad entries and entries into rows."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pandas as pd
import streamlit as st

from app_pages import store_text, ui
from app_pages.session import seat_options
from engine.errors import BeziqueError, IllegalActionError
from engine.rules.profile import (
    Option,
    Profile,
    apply_option,
    current_choice,
    find_option,
    load_profile,
    variant_options,
)
from engine.rules.scorepad import FINES, DealReport, Item, MissingFact, PadReport, ScorePad
from engine.text.citations import citation_text
from engine.text.sentences import capital_first
from puzzles.identity import current_learner
from puzzles.store import ProgressStoreError, open_store

PAD, PAD_ID, MSG = "sp_pad", "sp_pad_id", "sp_msg"
NO_PLAYER = -1
TABLE_ROWS = 60     # a deal with more entries is shown in a scrolling table


def setup() -> None:
    for key, value in ((PAD, None), (PAD_ID, None), (MSG, None), ("sp_variant", "rubicon")):
        st.session_state.setdefault(key, value)


def current() -> ScorePad | None:
    """This tab's pad. Kept as the immutable value itself: a long pad is not parsed
    and checked again on every run (its report is cached by content in the engine)."""
    pad = st.session_state.get(PAD)
    return pad if isinstance(pad, ScorePad) else None


# --- options offered for a new pad ---------------------------------------------------

def pad_options(profile: Profile) -> list[Option]:
    """The named options a table may choose for this variant: its own, as the options
    file scopes them (who plays, and the rules its sources disagree on)."""
    return [option for option in variant_options(profile.name)
            if current_choice(profile, option.id) is not None]


def option_key(variant: str, option_id: str) -> str:
    """A variant's own widget for an option: a choice made for one game never carries
    over to another that shares the option (Rubicon's 50 for the last trick is not the
    two-handed game's 10)."""
    return ui.widget_key("sp_opt", f"{variant}_{option_id}")


def chosen_options(profile: Profile) -> list[tuple[str, str]]:
    chosen = []
    for option in pad_options(profile):
        picked = st.session_state.get(option_key(profile.name, option.id))
        if picked and picked != current_choice(profile, option.id):
            chosen.append((option.id, str(picked)))
    return chosen


def new_profile() -> Profile:
    """The profile the new-pad form describes (the variant with its seat options)."""
    variant = st.session_state.get("sp_variant") or "two-handed"
    profile = load_profile(variant)
    for option in seat_options(profile):
        picked = st.session_state.get(option_key(variant, option.id))
        if picked and picked != current_choice(profile, option.id):
            profile = apply_option(profile, option.id, str(picked))
    return profile


def choice_labels(option: Option) -> dict[str, str]:
    """The option's choices in plain words (the sources go to :func:`choice_sources`)."""
    return {c.name: c.label_in(ui.lang()) for c in option.choices}


def choice_sources(option: Option) -> str:
    """The tooltip of an option: each choice with the source it comes from."""
    return "\n\n".join(f"**{c.label_in(ui.lang())}**: {citation_text(c.source, ui.lang())}"
                        for c in option.choices)


def options_text(pad: ScorePad) -> str:
    """The pad's named options as a player reads them: "Bonus for the last trick: 10"."""
    out = []
    for option_id, choice in pad.options:
        option = find_option(option_id)
        title = option.title_ru if ui.lang() == "ru" else option.title
        out.append(f"{title}: {option.choice(choice).label_in(ui.lang())}")
    return "; ".join(out)


# --- callbacks -----------------------------------------------------------------------

def _run(change: Callable[[ScorePad | None], ScorePad | None]) -> None:
    """Apply one change to the pad and save it; a refusal or bad entry is kept to show.
    The one boundary of the page's callbacks."""
    st.session_state[MSG] = None
    try:
        pad = change(current())
        if pad is not None:
            save(pad)
    except IllegalActionError as exc:
        st.session_state[MSG] = {"error": exc}
    except MissingFact as exc:
        st.session_state[MSG] = {"reason": ui.t(f"scorepad.needs_{exc.field}")}
    except BeziqueError as exc:
        st.session_state[MSG] = {"reason": str(exc)}
    except ProgressStoreError as exc:
        st.session_state[MSG] = {"reason": store_text.error_text(exc)}


def save(pad: ScorePad) -> None:
    st.session_state[PAD] = pad
    st.session_state.pop("sp_show", None)     # the page shows the latest deal again
    profile = pad.profile
    title = f"{profile.title_ru if ui.lang() == 'ru' else profile.title}: " \
            + " – ".join(pad.players)
    with open_store() as store:
        st.session_state[PAD_ID] = store.save_score_pad(
            current_learner(), pad.dumps(), pad.variant, title, st.session_state.get(PAD_ID))


def on_new() -> None:
    def change(_: ScorePad | None) -> ScorePad:
        profile = new_profile()
        names = [str(st.session_state.get(f"sp_name_{i}") or "").strip()
                 or ui.t("scorepad.default_name", number=i + 1)
                 for i in range(profile.players)]
        options = chosen_options(load_profile(profile.name))
        st.session_state[PAD_ID] = None
        return ScorePad.new(profile.name, names, options)
    _run(change)


def on_start_deal() -> None:
    def change(pad: ScorePad | None) -> ScorePad | None:
        if pad is None:
            return None
        trump = st.session_state.get("sp_trump") or None
        turn_up = str(st.session_state.get("sp_turn_up") or "").strip() or None
        return pad.start_deal(trump=trump, turn_up=turn_up)
    _run(change)


def tokens(text: Any) -> tuple[str, ...]:
    """Cards typed as ``K♥ Q♥``, ``KH, QH`` or ``Кч Дч``."""
    return tuple(t for t in re.split(r"[\s,;]+", str(text or "")) if t)


def on_record() -> None:
    def change(pad: ScorePad | None) -> ScorePad | None:
        if pad is None:
            return None
        what = str(st.session_state.get("sp_what") or "")
        player = int(st.session_state.get("sp_who") or 0)
        trick = int(st.session_state.get("sp_trick") or 0) or None
        cards, played = tokens(st.session_state.get("sp_cards")), \
            tokens(st.session_state.get("sp_played"))
        kind, _, name = what.partition(":")
        item = Item(player, kind, name, () if kind in ("fine", "carte_blanche",
                                                        "double_carte_blanche") else cards,
                    trick, played)
        done = pad.record(item)
        st.session_state["sp_cards"] = ""
        st.session_state["sp_played"] = ""
        return done
    _run(change)


def brisques_with_scores(profile: Profile) -> bool:
    """Whether the deal's end as written on paper asks for the brisques too: where they
    break a tie or carry a loser across the rubicon (the Rubicon family); elsewhere the
    written points already hold them."""
    return profile.settlement is not None


def end_entries(pad: ScorePad) -> dict[str, Any]:
    """The deal's end as the form holds it now: :meth:`ScorePad.finish_deal`'s
    arguments."""
    n = len(pad.players)

    def player(key: str) -> int | None:
        value = int(st.session_state.get(key, NO_PLAYER))
        return None if value == NO_PLAYER else value

    brisques: list[int] | None = [int(st.session_state.get(f"sp_brisques_{i}") or 0)
                                  for i in range(n)]
    scores = None
    if st.session_state.get("sp_mode") == "scores":
        scores = [int(st.session_state.get(f"sp_score_{i}") or 0) for i in range(n)]
        if not brisques_with_scores(pad.profile) or not any(brisques or ()):
            brisques = None     # not written: no "aces and tens captured: 0" line
    return {"brisques": brisques, "scores": scores, "last_trick": player("sp_last"),
            "first_to_target": player("sp_first")}


def deciding_field(pad: ScorePad) -> str | None:
    """The field the deal's end as entered lacks to decide the game (both sides over
    the target): ``first_to_target`` or ``last_trick``; the page then asks for it. Only
    games that have such a rule are tried (the engine answers, the page never works it
    out)."""
    if pad.profile.scoring.both_over == "higher":
        return None
    try:
        pad.finish_deal(**end_entries(pad))
    except MissingFact as exc:
        return exc.field
    except BeziqueError:
        return None
    return None


def on_finish() -> None:
    def change(pad: ScorePad | None) -> ScorePad | None:
        if pad is None:
            return None
        done = pad.finish_deal(**end_entries(pad))
        st.session_state["sp_first"] = NO_PLAYER      # asked again only where needed
        return done
    _run(change)


def on_undo() -> None:
    _run(lambda pad: None if pad is None else pad.undo())


def on_close() -> None:
    st.session_state[PAD] = None
    st.session_state[PAD_ID] = None
    st.session_state[MSG] = None


def on_resume(pad_id: int) -> None:
    def change(_: ScorePad | None) -> None:
        with open_store() as store:
            pad = ScorePad.loads(store.score_pad(current_learner(), pad_id))
        st.session_state[PAD] = pad
        st.session_state[PAD_ID] = pad_id
    _run(change)


def on_delete(pad_id: int) -> None:
    def change(_: ScorePad | None) -> None:
        with open_store() as store:
            store.delete_score_pad(current_learner(), pad_id)
        if st.session_state.get(PAD_ID) == pad_id:
            on_close()
    _run(change)


def on_upload() -> None:
    upload = st.session_state.get("sp_upload")
    if upload is None:
        return

    def change(_: ScorePad | None) -> ScorePad:
        text = upload.getvalue().decode("utf-8-sig", errors="replace")
        st.session_state[PAD_ID] = None
        if text.lstrip().startswith("{"):
            return ScorePad.loads(text)
        return ScorePad.from_csv(text)
    _run(change)


def saved_pads() -> list[dict[str, Any]]:
    with open_store() as store:
        return store.score_pads(current_learner())


# --- what the page shows ---------------------------------------------------------------

def what_options(pad: ScorePad) -> dict[str, str]:
    """The entries one may record, by value (``meld``, ``dix``, ``fine:extra_card``...)."""
    profile = pad.profile
    found = {f"meld:{m.kind}": ui.meld(m.kind) for m in profile.melds
             if m.pattern != "carte_blanche"}
    if profile.dix.points:
        found["dix:"] = ui.t("scorepad.what_dix")
    if profile.declaring.carte_blanche:
        found["carte_blanche:"] = ui.meld("carte_blanche")
    if profile.declaring.double_carte_blanche and profile.partnerships:
        found["double_carte_blanche:"] = ui.meld("double_carte_blanche")
    fines = profile.penalties
    for fine in FINES:
        amount = fines.false_declaration_all if fine == "false_declaration" \
            else getattr(fines, fine)
        if amount:
            found[f"fine:{fine}"] = ui.t(f"scorepad.fine_{fine}")
    found["played:"] = ui.t("scorepad.what_played")
    return found


def summary_rows(report: PadReport) -> pd.DataFrame:
    """One row a deal: its points and the game's totals after it (a long game is read
    here; one deal's entries are shown at a time)."""
    sides = report.side_names(ui.lang())
    rows = [{ui.t("scorepad.col_deal"): deal.number,
             ui.t("scorepad.col_scores"): " : ".join(map(str, deal.scores)),
             **dict(zip(sides, deal.totals, strict=True))} for deal in report.deals]
    return pd.DataFrame(rows).set_index(ui.t("scorepad.col_deal"))


def deal_rows(report: PadReport, deal: DealReport) -> pd.DataFrame:
    lang = ui.lang()
    rows = []
    for entry in deal.entries:
        event = entry.event
        who = "" if event.player is None else report.pad.players[event.player]
        text = capital_first("; ".join(dict.fromkeys(report.step_text(s, lang)
                                                     for s in event.steps)))
        rows.append({
            ui.t("scorepad.col_player"): who,
            # Informative lines (brisques that only break ties, the paper's total) carry
            # no points of their own: an empty cell, not a 0 that reads as scored.
            ui.t("scorepad.col_points"): str(event.points)
            if entry.scored and (event.points or event.type in ("meld", "fine")) else "",
            ui.t("scorepad.col_entry"): ui.notation(text) if entry.scored
            else f"✗ {ui.t('scorepad.refused')}: {ui.notation(text)}",
            ui.t("scorepad.col_source"): event.cited(lang),
        })
    columns = [ui.t(f"scorepad.col_{c}") for c in ("player", "points", "entry", "source")]
    return pd.DataFrame(rows, columns=columns)


def message() -> tuple[str, str, str] | None:
    """The last refusal or problem: (reason, source, rule id) in the page's language."""
    stored = st.session_state.get(MSG)
    if not stored:
        return None
    error = stored.get("error")
    if isinstance(error, IllegalActionError):
        pad = current()
        reason = capital_first(error.explain(ui.lang()) if pad is None else "; ".join(
            pad.report().step_text(s, ui.lang()) for s in error.steps))
        source = "" if pad is None else citation_text(pad.profile.citation(error.rule_id),
                                                        ui.lang())
        return ui.notation(reason), source, error.rule_id
    return str(stored.get("reason", "")), "", ""
