"""Home: what is here, and the choice of variant."""

import streamlit as st

from app_pages import ui
from app_pages.table import cards_row_html
from engine.cards import parse_cards

st.title(ui.t("home.title"))
st.html(cards_row_html(parse_cards("QS JD KD QD AD TD"), four_colour=ui.four_colour(), width=60))
st.markdown(ui.t("home.intro"))

st.subheader(ui.t("home.variant"))
names = ui.variants()
if st.session_state.get("variant") not in names:
    st.session_state["variant"] = names[0]


def variant_title(name: str) -> str:
    prof = ui.profile(name)
    return prof.title_ru if ui.lang() == "ru" else prof.title


def keep_variant() -> None:
    st.session_state["variant"] = st.session_state["home_variant"]


st.selectbox(ui.t("home.variant_pick"), names, index=names.index(st.session_state["variant"]),
             key="home_variant", format_func=variant_title, on_change=keep_variant)
chosen = ui.profile(st.session_state["variant"])
st.caption(ui.t("home.variant_facts", packs=chosen.packs, hand=chosen.hand_size,
                target=chosen.scoring.target, sources=", ".join(chosen.sources)))

st.subheader(ui.t("home.what"))
for name, icon in (("play", "🃏"), ("rules", "📖"), ("explainer", "🧮"), ("replay", "⏮"),
                   ("puzzles", "🧩"), ("progress", "📈")):
    script = "puzzle_hub" if name == "puzzles" else name
    st.page_link(f"app_pages/{script}.py", label=ui.t(f"nav.{name}") + " — " +
                 ui.t(f"home.about_{name}"), icon=icon)
