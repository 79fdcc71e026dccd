"""Game log: download the current game, load a saved one (bad files are refused with
a message) and replay any deal step by step."""

import streamlit as st

from app_pages import play_parts, review_parts, ui
from app_pages import replay_parts as parts
from app_pages.card_table import card_table
from app_pages.table import table_html
from lessons import sample_deal
from puzzles.store import GAME_DAYS_KEPT, GAMES_KEPT

st.title(ui.t("replay.title"))
st.markdown(ui.t("replay.intro"))

st.file_uploader(ui.t("replay.upload"), type=["json"], key="replay_upload",
                 on_change=parts.on_upload, max_upload_size=1)
ui.file_uploader_words()
message = st.session_state.get("replay_msg")
if message:
    (st.success if message["ok"] else st.error)(message["text"])

sources = parts.sources()   # every game of the learner's, listed (the store's, read once)
store_msg = st.session_state.get("replay_store_msg")
if store_msg:
    st.warning(ui.t("play.store_error", error=store_msg))
if not parts.own_games(sources):
    st.caption(ui.t("replay.empty"))
else:
    st.caption(ui.t("replay.kept", count=GAMES_KEPT, days=GAME_DAYS_KEPT))


@st.fragment
def viewer() -> None:
    """The deal being replayed: stepping through it reruns only this part (st.fragment)."""
    parts.take_deep_link()   # replay?sample=1: the lessons' link to the sample deal
    if st.session_state.get("replay_source") not in sources:
        st.session_state.pop("replay_source", None)   # a game no longer listed
    source = st.radio(ui.t("replay.source"), list(sources), key="replay_source",
                      horizontal=len(sources) <= 3, format_func=sources.__getitem__)
    game = parts.game_of(source)
    if game is None:
        unreadable = st.session_state.get("replay_unreadable")
        if unreadable:
            st.error(unreadable)
        else:
            st.caption(ui.t("replay.gone"))
        return
    replay = parts.replay_of(game)
    sample = source == parts.SAMPLE
    names = parts.sample_names() if sample else None
    shown = (source, id(game))
    if sample:   # one deal, shown from its start
        st.caption(ui.t("replay.sample_intro"))
        deal_number = 1
    else:   # a game of yours opens at its last deal
        parts.open_at("replay_deal", shown, len(replay.deals))
        parts.clamp("replay_deal", 1, len(replay.deals))
        deal_number = st.number_input(ui.t("replay.deal"), min_value=1,
                                      max_value=len(replay.deals), key="replay_deal")
    length = replay.length(deal_number)
    # A deal of yours opens at its last step (where its review is), the sample deal at
    # its first; a key moment's button sets the step too.
    parts.open_at("replay_step", (shown, deal_number), 0 if sample else length)
    parts.clamp("replay_step", 0, max(length, 1))
    index = st.slider(ui.t("replay.step"), 0, max(length, 1), key="replay_step",
                      disabled=length == 0)
    position = replay.at(deal_number, index)

    # Every hand face up, yours too (D9), on the same table component as Play; the
    # sample deal's commentary beside it.
    board, notes = st.columns([3, 2], gap="medium") if sample else (st.container(), None)
    with board:
        card_table(table_html(position.deal, 0, ui.t, four_colour=ui.four_colour(),
                              show_opponent=True, lang=ui.lang(), show_own=True,
                              names=names),
                   key="replay_table")
    if notes is not None:
        with notes:
            moment_panel(index)
    if sample and position.deal.is_over:   # the deal's score sheet, as on the Play page
        sheet = parts.sample_session(game)
        with st.container(border=True, key="replay_sheet"):
            st.markdown(f"#### {ui.t('score.title')}")
            by_source, totals = st.columns(2)
            by_source.markdown(play_parts.breakdown_table(sheet, names))
            totals.markdown(play_parts.score_table(sheet, names))
    players = position.deal.profile.players
    if players == 4:
        scores = position.deal.team_scores()
        heads = (ui.t("table.team_you"), ui.t("table.team_them"))
    else:
        scores = position.deal.scores
        heads = names or (ui.t("table.you"), ui.t("table.opponent"))
    st.markdown(f"**{ui.t('score.deal', number=deal_number)}:** "
                f"{heads[0]} {scores[0]} · {heads[1]} {scores[1]}")
    if position.turn is None:
        st.caption(ui.t("replay.start"))
    else:
        turn = position.turn
        st.markdown(ui.t("replay.by", name=ui.player_name(turn.player, 0, players, names),
                         action=ui.describe_action(turn.action, position.deal.profile)))
        ui.explain_events(turn.events, 0, players=players,
                          variant=position.deal.profile.name, names=names)

    if not sample and position.deal.is_over:   # the learner's decisions in this deal
        with st.container(key="replay_review"):
            review_parts.section(position.deal, 0, deal_number, "replay_review")

    left, right = st.columns(2)
    left.download_button(ui.t("replay.download"), game.dumps, file_name="bezique-game.json",
                         mime="application/json", key="replay_download", on_click="ignore")
    right.button(ui.t("replay.resume"), key="replay_resume", on_click=parts.on_resume,
                 args=(source, deal_number, index), help=ui.t("replay.resume_help"))
    if st.session_state.pop("replay_to_play", False):
        st.switch_page("app_pages/play.py")


def moment_panel(index: int) -> None:
    """The sample deal's commentary at this step, and the way to the key moments."""
    found = parts.moments(ui.lang())
    if not found:
        return
    here = sample_deal.moment_at(found, index)
    with st.container(border=True, key="replay_moment"):
        if here is not None:
            st.caption(ui.t("replay.moment", number=here.number, total=len(found)))
            st.markdown(f"**{here.title}**")
            st.markdown(here.text)
        else:
            st.caption(ui.t("replay.no_moment"))
    before = sample_deal.previous_step(found, index)
    after = sample_deal.next_step(found, index)
    with st.container(horizontal=True):   # the buttons wrap in a narrow column
        st.button(ui.t("replay.prev_moment"), key="replay_prev_moment",
                  disabled=before is None, on_click=parts.on_moment, args=(before or 0,))
        st.button(ui.t("replay.next_moment"), key="replay_next_moment", type="primary",
                  disabled=after is None, on_click=parts.on_moment, args=(after or 0,))


viewer()
