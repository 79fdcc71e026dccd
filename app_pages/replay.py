"""Game log: download the current game, load a saved one (bad files are refused with
a message) and replay any deal step by step."""

import streamlit as st

from app_pages import replay_parts as parts
from app_pages import ui
from app_pages.card_table import card_table
from app_pages.table import table_html

st.title(ui.t("replay.title"))
st.markdown(ui.t("replay.intro"))

st.file_uploader(ui.t("replay.upload"), type=["json"], key="replay_upload",
                 on_change=parts.on_upload, max_upload_size=1)
ui.file_uploader_words()
message = st.session_state.get("replay_msg")
if message:
    (st.success if message["ok"] else st.error)(message["text"])

sources = parts.sources()
if not sources:
    st.info(ui.t("replay.empty"))
    st.stop()


@st.fragment
def viewer() -> None:
    """The deal being replayed: stepping through it reruns only this part (st.fragment)."""
    labels = {k: parts.source_label(k) for k in sources}
    source = st.radio(ui.t("replay.source"), list(sources), key="replay_source",
                      horizontal=True, format_func=labels.__getitem__)
    game = sources[source]
    replay = parts.replay_of(game)

    parts.clamp("replay_deal", 1, len(replay.deals))
    deal_number = st.number_input(ui.t("replay.deal"), min_value=1,
                                  max_value=len(replay.deals), value=len(replay.deals),
                                  key="replay_deal")
    length = replay.length(deal_number)
    parts.clamp("replay_step", 0, max(length, 1))
    index = st.slider(ui.t("replay.step"), 0, max(length, 1), value=length, key="replay_step",
                      disabled=length == 0)
    position = replay.at(deal_number, index)

    # Every hand face up, yours too (D9), on the same table component as Play.
    card_table(table_html(position.deal, 0, ui.t, four_colour=ui.four_colour(),
                          show_opponent=True, lang=ui.lang(), show_own=True),
               key="replay_table")
    players = position.deal.profile.players
    if players == 4:
        scores = position.deal.team_scores()
        names = (ui.t("table.team_you"), ui.t("table.team_them"))
    else:
        scores = position.deal.scores
        names = (ui.t("table.you"), ui.t("table.opponent"))
    st.markdown(f"**{ui.t('score.deal', number=deal_number)}:** "
                f"{names[0]} {scores[0]} · {names[1]} {scores[1]}")
    if position.turn is None:
        st.caption(ui.t("replay.start"))
    else:
        turn = position.turn
        st.markdown(ui.t("replay.by", name=ui.player_name(turn.player, 0, players),
                         action=ui.describe_action(turn.action, position.deal.profile)))
        ui.explain_events(turn.events, 0, players=players,
                          variant=position.deal.profile.name)

    left, right = st.columns(2)
    left.download_button(ui.t("replay.download"), game.dumps, file_name="bezique-game.json",
                         mime="application/json", key="replay_download", on_click="ignore")
    right.button(ui.t("replay.resume"), key="replay_resume", on_click=parts.on_resume,
                 args=(source, deal_number, index), help=ui.t("replay.resume_help"))
    if st.session_state.pop("replay_to_play", False):
        st.switch_page("app_pages/play.py")


viewer()
