"""Play: a whole game against the bot, with step-by-step explanations, hints,
undo (learning mode), auto-play and the game log."""

import streamlit as st

from app_pages import play_parts as parts
from app_pages import ui
from app_pages.table import table_html
from engine.session import bot_levels, has_table_rules, level_description
from engine.svg import card_img

s = parts.session()
deal = s.deal
players = deal.profile.players

st.title(ui.t("play.title"))
st.session_state["play_variant"] = deal.profile.name   # the picker shows this game's variant
st.selectbox(ui.t("play.variant"), ui.variants(), key="play_variant",
             format_func=ui.variant_title, on_change=parts.on_variant, width=360)
if has_table_rules(deal.profile):   # 002, 004: fines instead of refusals
    st.session_state["play_table_rules"] = deal.profile.infractions == "penalise"
    st.toggle(ui.t("play.table_rules"), key="play_table_rules", on_change=parts.on_new_game)
    if deal.profile.infractions == "penalise":
        st.caption(ui.t("play.table_rules_warning"))
with st.container(key="play_progress"):
    st.markdown(f"**{parts.status(s)}**")
    st.caption(ui.t("play.progress", deal=len(s.game.finished_deals) + 1,
                    move=len(deal.actions),
                    trick=min(deal.tricks_played + 1, deal.profile.tricks_per_deal),
                    tricks=deal.profile.tricks_per_deal))

# --- the table and the score sheet -------------------------------------------------
left, right = st.columns([5, 2])
with left:
    st.html(table_html(deal, s.human, ui.t, four_colour=ui.four_colour(),
                       show_opponent=deal.is_over or (deal.in_playoff and players == 2)))
with right:
    st.markdown(f"#### {ui.t('score.title')}")
    st.markdown(parts.score_table(s))
    for note in parts.score_notes(s):
        st.caption(note)

# --- messages: a refused attempt, a hint -------------------------------------------
message = st.session_state.get("play_msg")
if message:
    ui.refusal(parts.refusal_text(message), message["rule_id"])
hint = st.session_state.get("play_hint")
if hint is not None and s.human_to_move:
    reasons = [ui.t(key, **dict(params)) for key, params in hint.keys] + list(hint.reasons)
    st.info(ui.t("play.hint_is", action=ui.describe_action(hint.action, deal.profile))
            + "".join(f"\n- {r}" for r in reasons))

# --- your hand: click a card to play it ----------------------------------------------
cards = parts.hand_cards(s)
if cards:
    st.markdown(f"#### {ui.t('play.your_hand')}")
clickable = parts.card_clickable(s)
legal_cards = {a.card for a in s.legal() if a.type.value == "play"}
restricted = clickable and len(legal_cards) < len(cards)   # the play-off: mark the legal cards
verdicts, offer_verdicts = parts.verdicts(s)
hinted = hint.action.cards[0] if hint is not None and hint.action.type.value == "play" else None
if cards:
    for column, card in zip(st.columns(max(len(cards), 8)), cards, strict=False):
        with column:
            exposed = card in deal.tables[s.human]
            st.html(card_img(card, width=76, four_colour=ui.four_colour(),
                             highlight="#f59e0b" if card == hinted else "",
                             dim=clickable and card not in legal_cards))
            st.button(ui.card_label(card), key=ui.card_key(card), disabled=not clickable,
                      type="primary" if card in legal_cards and restricted else "secondary",
                      on_click=parts.on_card, args=(card,), width="stretch",
                      help=ui.t("play.card_help"))
            if exposed:
                st.caption(ui.t("play.exposed_card"))
            if verdicts and card in verdicts:
                verdict = verdicts[card]
                text = ui.t("solver.best") if verdict.loss == 0 else ui.t(
                    "solver.loses", points=verdict.loss)
                if verdict.refutation:
                    text += " · " + ui.t("solver.refuted", card=verdict.refutation)
                st.caption(text)

if offer_verdicts:
    st.button(ui.t("play.verdicts"), key="solver_verdicts", on_click=parts.on_verdicts,
              icon=":material/psychology:", help=ui.t("play.verdicts_help"))

# --- carte blanche: before the first card -------------------------------------------
blanche = parts.blanche_action(s)
if blanche is not None:
    with st.container(border=True, key="blanche_box"):
        st.markdown(f"**{ui.t('play.blanche_title')}** — "
                    + ui.t("play.blanche_explain", points=deal.profile.declaring.carte_blanche))
        if deal.profile.declaring.carte_blanche_repeat:
            st.caption(ui.t("play.blanche_repeat"))
        st.button(ui.describe_action(blanche, deal.profile), key="act_blanche", type="primary",
                  on_click=parts.on_action, args=(str(blanche),))

# --- declarations, sevens, draw --------------------------------------------------------
actions = parts.declare_actions(s)
if actions:
    st.markdown(f"#### {ui.t('play.after_trick')}")
    for action in actions:
        st.button(ui.describe_action(action, deal.profile), key=ui.widget_key("act", str(action)),
                  type="primary" if action.type.value == "draw" else "secondary",
                  on_click=parts.on_action, args=(str(action),))

# --- the end of a deal, of the game ----------------------------------------------------
if deal.is_over:
    if s.settlement is not None:   # a single-deal game: rounding, rubicon, bonus
        with st.container(border=True, key="settlement"):
            st.markdown(f"#### {ui.t('play.settlement')}")
            st.success(parts.settlement_headline(s))
            st.markdown("\n".join(f"{i}. {line}"
                                   for i, line in enumerate(parts.settlement_lines(s), 1)))
            st.caption(parts.seat_numbers(s) + " " + ui.rule_link(s.settlement.rule_id))
            you, them = parts.game_score(s) or [0, 0]
            st.markdown("**" + ui.t("play.game_score_team" if players == 4 else
                                    "play.game_score", you=you, them=them) + "**")
        st.button(ui.t("play.new_game"), key="new_game_end", type="primary",
                  on_click=parts.on_new_game)
    elif s.game.is_over and s.game.result is not None:
        st.success(" · ".join(s.game.result.explain(ui.lang())))
        st.button(ui.t("play.new_game"), key="new_game_end", type="primary",
                  on_click=parts.on_new_game)
    else:
        st.success(ui.t("play.deal_done", you=deal.scores[s.human], bot=deal.scores[s.bot]))
        st.button(ui.t("play.next_deal"), key="next_deal", type="primary",
                  on_click=parts.on_next_deal)

# --- controls ----------------------------------------------------------------------------
st.divider()
with st.container(horizontal=True, vertical_alignment="bottom"):
    st.button(ui.t("play.hint"), key="hint", on_click=parts.on_hint,
              disabled=not s.human_to_move, icon=":material/lightbulb:")
    st.button(ui.t("play.undo"), key="undo", on_click=parts.on_undo, disabled=not s.can_undo,
              icon=":material/undo:", help=ui.t("play.undo_help"))
    st.number_input(ui.t("play.autoplay_n"), min_value=1, max_value=200, value=5,
                    key="autoplay_n", width=130)
    st.button(ui.t("play.autoplay"), key="autoplay", on_click=parts.on_autoplay,
              args=("autoplay_n",), disabled=not s.human_to_move, icon=":material/play_arrow:")
    st.button(ui.t("play.to_end"), key="to_end", on_click=parts.on_to_end,
              disabled=not s.human_to_move, icon=":material/fast_forward:")
    st.button(ui.t("play.new_game"), key="new_game", on_click=parts.on_new_game,
              icon=":material/restart_alt:")

# --- what just happened, step by step ------------------------------------------------
recent = s.last_events()
with st.expander(ui.t("play.what_happened"), expanded=True):
    if not recent:
        st.caption(ui.t("play.nothing_yet"))
    for turn in recent:
        st.markdown(f"**{parts.name(s, turn.player)}:** "
                    f"{ui.describe_action(turn.action, deal.profile)}")
        ui.explain_events(turn.events, s.human, players=players)

with st.expander(ui.t("play.deal_log")):
    for number, turn in enumerate(s.turns, 1):
        st.markdown(f"{number}. **{parts.name(s, turn.player)}:** "
                    f"{ui.describe_action(turn.action, deal.profile)}")

# --- settings and the log --------------------------------------------------------------
with st.expander(ui.t("play.settings")):
    levels = bot_levels()
    chosen = st.selectbox(ui.t("play.level"), levels, key="play_level",
                          index=levels.index(s.level) if s.level in levels else 0,
                          format_func=lambda level: ui.t(f"level.{level}"),
                          on_change=parts.on_level)
    st.caption(level_description(chosen, ui.lang()) or ui.t("play.level_help"))
    st.download_button(ui.t("play.download"), s.dumps(), file_name="bezique-game.json",
                       mime="application/json", key="download_log", on_click="ignore")
    st.page_link("app_pages/replay.py", label=ui.t("play.to_replay"), icon="⏮")
