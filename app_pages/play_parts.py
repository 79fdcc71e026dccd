"""Callbacks and pieces of the Play page. Every engine call is wrapped: an illegal
attempt is stored as a refusal to show with its rule, never raised."""

from __future__ import annotations

from typing import Any

import streamlit as st

from app_pages import ui
from engine.actions import Action, ActionType
from engine.cards import Card
from engine.errors import BeziqueError, IllegalActionError
from engine.melds import display_order
from engine.session import PlaySession, bot_levels, default_level


def session() -> PlaySession:
    current = st.session_state.get("play")
    if current is None:
        current = new_session()
    return current  # type: ignore[no-any-return]


def new_session(seed: int | None = None) -> PlaySession:
    levels = bot_levels()
    level = st.session_state.get("level") or default_level()
    if level not in levels:
        level = default_level()
    created = PlaySession.new(st.session_state.get("variant", "two-handed"), seed=seed,
                              level=level)
    st.session_state["play"] = created
    st.session_state["play_msg"] = None
    st.session_state["play_hint"] = None
    return created


def _run(fn: Any, *args: Any) -> None:
    st.session_state["play_msg"] = None
    st.session_state["play_hint"] = None
    try:
        fn(*args)
    except IllegalActionError as exc:
        st.session_state["play_msg"] = {"reason": exc.reason, "rule_id": exc.rule_id}
    except BeziqueError as exc:
        st.session_state["play_msg"] = {"reason": str(exc), "rule_id": ""}


# --- callbacks --------------------------------------------------------------------

def on_card(card: int) -> None:
    _run(session().play_card, card)


def on_action(text: str) -> None:
    _run(lambda: session().act(Action.parse(text)))


def on_hint() -> None:
    hint = session().hint(ui.lang())
    st.session_state["play_msg"] = None
    st.session_state["play_hint"] = hint


def on_undo() -> None:
    _run(session().undo)


def on_autoplay(count_key: str) -> None:
    count = int(st.session_state.get(count_key) or 1)
    _run(session().autoplay, count)


def on_to_end() -> None:
    _run(session().autoplay_to_end)


def on_next_deal() -> None:
    _run(session().next_deal)


def on_level() -> None:
    st.session_state["level"] = st.session_state["play_level"]


def on_new_game() -> None:
    new_session()


# --- pieces ---------------------------------------------------------------------

def status(s: PlaySession) -> str:
    deal = s.deal
    if s.game.is_over:
        return ui.t("play.status_game_over")
    if deal.is_over:
        return ui.t("play.status_deal_over")
    if deal.phase == "declare":
        return ui.t("play.status_declare")
    if deal.phase == "follow":
        key = "play.status_follow_playoff" if deal.in_playoff else "play.status_follow"
        return ui.t(key, card=Card.from_id(deal.trick[0]).pretty)
    return ui.t("play.status_lead_playoff" if deal.in_playoff else "play.status_lead")


def score_table(s: PlaySession) -> str:
    """The score sheet as a Markdown table: this deal, the game, tricks and brisques."""
    deal, game = s.deal, s.game
    you, bot = s.human, s.bot

    def brisques(player: int) -> int:
        return sum(1 for c in deal.won[player] if c % 8 >= 6)

    return "\n".join([
        f"| | {ui.t('table.you')} | {ui.t('table.opponent')} |",
        "|---|---:|---:|",
        f"| {ui.t('score.deal', number=len(game.finished_deals) + 1)} | "
        f"{deal.scores[you]} | {deal.scores[bot]} |",
        f"| {ui.t('score.game')} | **{game.totals[you]}** | **{game.totals[bot]}** |",
        f"| {ui.t('score.tricks')} | {len(deal.won[you]) // 2} | {len(deal.won[bot]) // 2} |",
        f"| {ui.t('score.brisques')} | {brisques(you)} | {brisques(bot)} |",
    ])


def score_notes(s: PlaySession) -> list[str]:
    deal = s.deal
    notes = [ui.t("score.target", target=deal.profile.scoring.target),
             ui.t("score.dealer", name=ui.player_name(deal.dealer, s.human))]
    for player in (s.human, s.bot):
        if deal.history[player]:
            items = ", ".join(f"{ui.meld(m.kind)} ({deal.profile.meld(m.kind).points})"
                              for m in deal.history[player])
            notes.append(ui.t("score.declared", name=ui.player_name(player, s.human),
                              melds=items))
    return notes


def hand_cards(s: PlaySession) -> list[int]:
    """The human's cards: concealed first, then exposed, each in display order."""
    deal = s.deal
    return (sorted(deal.hands[s.human], key=display_order)
            + sorted(deal.tables[s.human], key=display_order))


def card_clickable(s: PlaySession) -> bool:
    """Cards may be clicked when the human must play (all of them, to teach the
    play-off rules: an illegal one is answered with the rule)."""
    return s.human_to_move and s.deal.phase in ("lead", "follow")


def declare_actions(s: PlaySession) -> list[Action]:
    if not s.human_to_move or s.deal.phase != "declare":
        return []
    order = [ActionType.DECLARE, ActionType.SCORE_PENDING, ActionType.ANNOUNCE,
             ActionType.SHOW_SEVEN, ActionType.EXCHANGE_SEVEN, ActionType.DRAW]
    return sorted(s.legal(), key=lambda a: (order.index(a.type), str(a)))
