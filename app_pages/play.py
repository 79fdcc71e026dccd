"""Play: a whole game against the bot, with step-by-step explanations, hints,
undo (learning mode), auto-play and the game log."""

import streamlit as st

from app_pages import bot_worker, hint_text, path_parts, review_parts, table, ui
from app_pages import play_parts as parts
from app_pages.card_table import card_table
from app_pages.session import has_table_rules, seat_options
from engine.bots.coach import bot_levels, level_description
from engine.rules.profile import current_choice
from engine.text.sentences import capital_first

if st.query_params.get("guided") == "1" and not st.session_state.get("play_guided"):
    # The last step of the learner's path (Home's "Continue"): a fresh deal of the game
    # chosen on Home, with hints offered at every step until the deal ends.
    st.session_state["play_guided"] = True
    parts.new_session()
s = parts.session()
# The computer's moves and the hint worked out since the last run, by the bot workers
# (app_pages.bot_worker); the next move is handed out.
bot_worker.advance(s, parts.table_token)
hinted_now = bot_worker.take_hint(parts.table_token(s))
if hinted_now is not None:
    st.session_state["play_hint"] = hinted_now
# After the callbacks: the game as the learner now sees it (or as another tab of the
# learner left it, when that one played on meanwhile).
taken_up = parts.keep_saved(s)
if taken_up is not s:
    s = taken_up
    bot_worker.advance(s, parts.table_token)
deal = s.deal
players = deal.profile.players

st.title(ui.t("play.title"))
if st.session_state.get("play_guided"):
    if deal.is_over:   # the guided hand is played: the path moves on
        path_parts.record_guided_hand(deal.profile.name)
        st.session_state["play_guided"] = False
        st.query_params.pop("guided", None)
        st.success(ui.t("play.guided_done"))
    else:
        st.info(ui.t("play.guided"), icon=":material/lightbulb:")
store_msg = st.session_state.get("play_store_msg")
if store_msg:
    st.warning(ui.t(store_msg[0], error=store_msg[1]))
    if store_msg[0] != "play.store_error":   # shown once; a store error until it is over
        st.session_state["play_store_msg"] = None
if st.session_state.pop("play_restored", False):
    st.info(ui.t("play.restored", move=len(deal.actions), deal=len(s.game.finished_deals) + 1))
resumed = st.session_state.pop("play_resumed", None)   # "continue from this step" (D18)
if resumed:
    st.success(ui.t("replay.resumed", deal=resumed[0], step=resumed[1]))
st.session_state["play_variant"] = deal.profile.name   # the picker shows this game's variant
titles = {name: ui.variant_title(name) for name in ui.variants()}   # not a late lookup
st.selectbox(ui.t("play.variant"), list(titles), key="play_variant",
             format_func=titles.__getitem__, on_change=parts.on_variant, width=360)
for option in seat_options(deal.profile):   # who plays (no-trump: two to four)
    choices = [c.name for c in option.choices]
    labels = {c.name: c.label_in(ui.lang()) for c in option.choices}   # names, not ids
    current = s.option(option.id) or current_choice(deal.profile, option.id)
    st.session_state[parts.option_key(option.id)] = current if current in choices else None
    st.segmented_control(option.title_ru if ui.lang() == "ru" else option.title, choices,
                         key=parts.option_key(option.id), on_change=parts.on_new_game,
                         format_func=labels.__getitem__, help=ui.t("play.option_new_game"))
if has_table_rules(deal.profile):   # 002, 004: fines instead of refusals
    st.session_state["play_table_rules"] = s.option("infractions") == "penalise"
    st.toggle(ui.t("play.table_rules"), key="play_table_rules", on_change=parts.on_new_game)
    if deal.profile.infractions == "penalise":
        st.caption(ui.t("play.table_rules_warning"))
with st.container(key="play_progress"):
    st.markdown(f"**{parts.status(s)}**")
    st.caption(parts.score_line(s))
    # 004's 18-card game keeps no tricks and ends with the stock: rounds, not "trick 4 of 87"
    st.caption(ui.t("play.progress" if deal.profile.tricks_kept else "play.progress_rounds",
                    deal=len(s.game.finished_deals) + 1,
                    move=len(deal.actions),
                    trick=min(deal.tricks_played + 1, deal.profile.tricks_per_deal),
                    tricks=deal.profile.tricks_per_deal))


@st.fragment(run_every=bot_worker.POLL_SECONDS)
def thinking() -> None:
    """While the computer works out a move or a hint: look again every POLL_SECONDS,
    and draw the whole page anew once it is in. The page stays usable meanwhile."""
    token = parts.table_token(parts.session())
    pending = bot_worker.waiting(token)
    if pending is None or bot_worker.answered(token):
        st.rerun()
        return
    kind, seconds = pending
    if kind == "hint":
        st.caption(ui.t("play.hint_thinking"))
    if seconds <= bot_worker.SLOW_SECONDS:
        return
    if kind == "hint":
        st.warning(ui.t("play.hint_longer"), icon=":material/hourglass_top:")
        return
    s = parts.session()
    seat = s.machine_seat()
    who = ui.t("play.autoplay") if seat == s.human else parts.name(s, seat)
    st.warning(ui.t("play.thinking_longer", name=who), icon=":material/hourglass_top:")


with st.container(key="play_thinking"):   # one slot: the elements after it keep their place
    if bot_worker.waiting(parts.table_token(s)) is not None:
        thinking()


# --- the table (your hand on it, to click) and the score sheet -------------------------
hint = st.session_state.get("play_hint")
verdicts, offer_verdicts = parts.verdicts(s)
hinted = hint.action.cards[0] if hint is not None and hint.action.type.value == "play" else None
clickable = parts.card_clickable(s)
hand = table.picks_html(parts.picks(s, verdicts, hinted),
                        ui.t("play.hand_label" if clickable else "play.hand_label_wait"),
                        table.Look(ui.four_colour(), ui.lang()),
                        exposed_tag=ui.t("play.exposed_card"))
# The table takes the page's whole width (at 1024 px a side column would squeeze the
# hand); the score sheet follows, and the deal's score is in the progress line above.
card_table(table.table_html(deal, s.human, ui.t, four_colour=ui.four_colour(),
                            show_opponent=deal.is_over or (deal.in_playoff and players == 2),
                            lang=ui.lang(), hand=hand),
           key="play_table", on_pick=parts.on_pick, token=parts.table_token(s))
if deal.profile.declaring.source == "captured":   # 000, Fildinski: melds from captures
    st.caption(ui.t("play.laid_caption"))
if deal.duels and not deal.is_over:   # 000, four-handed: which play-off is the learner's
    st.info(parts.split_note(s))
sheet, extra = st.columns([3, 2], gap="medium")
with sheet:
    st.markdown(f"#### {ui.t('score.title')}")
    st.markdown(parts.score_table(s))
with extra:
    with st.popover(ui.t("score.meld_values"), icon=":material/table_chart:", width="stretch"):
        st.caption(ui.variant_title(deal.profile.name))
        st.markdown(parts.meld_values(deal.profile.name, ui.lang()))
    with st.expander(ui.t("score.breakdown")):
        st.markdown(parts.breakdown_table(s))
    for note in parts.score_notes(s):
        st.caption(note)

# --- messages: a refused attempt, a hint -------------------------------------------
# Copy marks in labels only where both copies are in the learner's cards (as on the table).
mine = [*deal.hands[s.human], *deal.tables[s.human]]
message = st.session_state.get("play_msg")
if message:
    ui.refusal(parts.refusal_text(message), message["rule_id"], deal.profile.name)
if hint is not None and s.human_to_move:
    move, reasons = hint_text.hint_lines(hint, deal.profile, ui.lang())
    st.info(ui.t("play.hint_is", action=move) + "".join(f"\n- {r}" for r in reasons))

if offer_verdicts:
    st.button(ui.t("play.verdicts"), key="solver_verdicts", on_click=parts.on_verdicts,
              icon=":material/psychology:", help=ui.t("play.verdicts_help"))

# --- carte blanche: when the profile lets it be claimed ----------------------------
blanche = parts.blanche_action(s)
if blanche is not None:
    with st.container(border=True, key="blanche_box"):
        st.markdown(f"**{ui.t('play.blanche_title')}** — "
                    + (ui.t("play.blanche_explain_first_appearance",
                            points=deal.profile.declaring.carte_blanche)
                       if deal.profile.declaring.carte_blanche_timing == "first_appearance"
                       else ui.t("play.blanche_explain_after_deal",
                                 points=deal.profile.declaring.carte_blanche)))
        if deal.profile.declaring.carte_blanche_repeat:
            st.caption(ui.t("play.blanche_repeat"))
        st.button(ui.describe_action(blanche, deal.profile), key="act_blanche", type="primary",
                  on_click=parts.on_action, args=(str(blanche),))

# --- declarations, sevens, draw --------------------------------------------------------
actions = parts.declare_actions(s)
if actions:
    heading = "play.after_trick" if deal.profile.tricks_kept else "play.after_cover"
    st.markdown(f"#### {ui.t(heading)}")
    for action in actions:
        st.button(ui.describe_action(action, deal.profile, mine),
                  key=ui.widget_key("act", str(action)),
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
            st.caption(ui.rule_link(s.settlement.rule_id, deal.profile.name))
            you, them = parts.game_score(s) or [0, 0]
            st.markdown("**" + ui.t("play.game_score_team" if players == 4 else
                                    "play.game_score", you=you, them=them) + "**")
        st.button(ui.t("play.new_game"), key="new_game_end", type="primary",
                  on_click=parts.on_new_game)
    elif s.game.is_over and s.game.result is not None:
        st.success(" · ".join(capital_first(line) for line in
                              ui.steps_text(s.game.result.steps, s.human, players)))
        st.button(ui.t("play.new_game"), key="new_game_end", type="primary",
                  on_click=parts.on_new_game)
    else:
        st.success(parts.deal_done(s))
        st.button(ui.t("play.next_deal"), key="next_deal", type="primary",
                  on_click=parts.on_next_deal)

review_parts.judge_in_background(deal, s.human, len(s.game.finished_deals) + 1)
if deal.is_over:
    with st.expander(ui.t("play.review"), expanded=True):
        groups = parts.review(s)
        if not groups:
            st.caption(ui.t("play.review_none"))
        for label, events in groups:
            st.markdown(f"**{label}**")
            ui.explain_events(events, s.human, with_cards=False, players=players,
                              variant=deal.profile.name)
    with st.container(key="hand_review"):
        review_parts.section(deal, s.human, len(s.game.finished_deals) + 1, "play_review",
                             by_itself=True)

# --- controls ----------------------------------------------------------------------------
st.divider()
with st.container(horizontal=True, vertical_alignment="bottom"):
    # the learner's own turn, nothing being worked out for it
    idle = s.human_to_move and s.machine_seat() is None and bot_worker.waiting(
        parts.table_token(s)) is None
    st.button(ui.t("play.hint"), key="hint", on_click=parts.on_hint,
              disabled=not idle, icon=":material/lightbulb:")
    st.button(ui.t("play.undo"), key="undo", on_click=parts.on_undo, disabled=not s.can_undo,
              icon=":material/undo:", help=ui.t("play.undo_help"))
    st.number_input(ui.t("play.autoplay_n"), min_value=1, max_value=200, value=5,
                    key="autoplay_n", width=130)
    st.button(ui.t("play.autoplay"), key="autoplay", on_click=parts.on_autoplay,
              args=("autoplay_n",), disabled=not idle, icon=":material/play_arrow:")
    st.button(ui.t("play.to_end"), key="to_end", on_click=parts.on_to_end,
              disabled=not idle, icon=":material/fast_forward:")
    st.button(ui.t("play.new_game"), key="new_game", on_click=parts.on_new_game,
              icon=":material/restart_alt:")

# --- what just happened, step by step ------------------------------------------------
recent = s.last_events()
with st.expander(ui.t("play.what_happened"), expanded=True):
    if not recent:
        st.caption(ui.t("play.nothing_yet"))
    for turn in recent:
        auto = f" — {ui.t('play.auto_draw')}" if s.by_itself(turn) else ""
        st.markdown(f"**{parts.name(s, turn.player)}:** "
                    f"{ui.describe_action(turn.action, deal.profile)}{auto}")
        ui.explain_events(turn.events, s.human, players=players, variant=deal.profile.name)

with st.expander(ui.t("play.deal_log")):
    st.markdown(parts.deal_log(s))

with st.expander(ui.t("play.meld_sheet")):   # always at hand, the options applied
    ui.meld_sheet(deal.profile)

# --- settings and the log --------------------------------------------------------------
with st.expander(ui.t("play.settings")):
    levels = bot_levels()
    level_names = {level: ui.t(f"level.{level}") for level in levels}
    # set on every run (the label follows a language switch): the level playing this game
    st.session_state["play_level"] = s.level if s.level in levels else parts.chosen_level()
    chosen = st.selectbox(ui.t("play.level"), levels, key="play_level",
                          format_func=level_names.__getitem__,
                          on_change=parts.on_level)
    st.caption(level_description(chosen, ui.lang(), deal.profile) or ui.t("play.level_help"))
    st.download_button(ui.t("play.download"), s.dumps, file_name="bezique-game.json",
                       mime="application/json", key="download_log", on_click="ignore")
    st.page_link("app_pages/replay.py", label=ui.t("play.to_replay"),
                 icon=":material/history:")
