"""Score explainer: pick trumps, hand, table and earlier declarations; see every legal
declaration with its points and explanation, and every refused one with the reason.
It asks the engine the same question as ``bezique melds`` (engine.rules.meld_query.query)."""

import streamlit as st

from app_pages import explainer_parts as parts
from app_pages import ui
from engine.errors import BeziqueError
from engine.text.meld_lines import explain_melds

prof = ui.profile(st.session_state.get("variant", "two-handed"))
parts.setup(prof)

st.title(ui.t("explainer.title"))
st.markdown(ui.t("explainer.intro"))
st.caption(ui.variant_title(prof.name))

# The trumps on a row of their own, the example and Clear below: at 1024 px three
# columns cut the labels (D11).
st.segmented_control(ui.t("explainer.trump"), parts.trump_options(prof), key="ex_trump",
                     format_func=parts.trump_label, required=prof.turn_up)
ui.keep_label("ex_example", "ex_hist_meld", "ex_hist_cards")   # follow a language switch
top = st.columns([3, 1], vertical_alignment="bottom")
examples = parts.examples(ui.lang())
if examples:
    top[0].selectbox(ui.t("explainer.example"), ["", *examples], key="ex_example",
                     format_func=lambda k: examples.get(k, ui.t("explainer.example_none")),
                     on_change=parts.load_example, args=(prof,))
top[1].button(ui.t("explainer.clear"), key="ex_clear", on_click=parts.clear, args=(prof,),
              width="stretch")

hand_tab, table_tab = st.tabs([ui.t("explainer.hand"), ui.t("explainer.table")])
with hand_tab:
    parts.card_picker(prof, "hand")
with table_tab:
    parts.card_picker(prof, "table")

with st.expander(ui.t("explainer.history"), expanded=bool(st.session_state["explainer_history"])):
    history = st.session_state["explainer_history"]
    if not history:
        st.caption(ui.t("explainer.history_none"))
    for index, entry in enumerate(history):
        row = st.columns([4, 1], vertical_alignment="center")
        row[0].markdown(f"{ui.meld(entry['meld'])}: {' '.join(parts.pretty(entry['cards']))}")
        row[1].button(ui.t("explainer.history_remove"), key=f"ex_hist_del_{index}",
                      on_click=parts.remove_history, args=(index,))
    add = st.columns([2, 3], vertical_alignment="bottom")
    meld_names = {m.kind: ui.meld(m.kind) for m in prof.melds if m.pattern != "carte_blanche"}
    add[0].selectbox(ui.t("explainer.history_meld"), list(meld_names), key="ex_hist_meld",
                     format_func=meld_names.__getitem__)
    card_names = {token: parts.card_label_plain(token) for token in parts.all_cards(prof)}
    add[1].multiselect(ui.t("explainer.history_cards"), list(card_names), key="ex_hist_cards",
                       format_func=card_names.__getitem__, max_selections=8,
                       placeholder=ui.t("explainer.history_pick"), select_all=False)
    st.button(ui.t("explainer.history_add"), key="ex_hist_add", on_click=parts.add_history)

request = parts.request(prof)
cards_chosen = request["hand"] + request["table"]
st.caption(ui.t("explainer.selected", count=len(cards_chosen)))
parts.chosen_table(request)

problem = parts.precheck(request, prof)
if not cards_chosen:
    st.info(ui.t("explainer.pick_some"))
elif problem:
    st.warning(ui.t("explainer.impossible", reason=problem))
else:
    try:
        legal, refused = explain_melds(request, ui.lang())
    except BeziqueError as exc:
        st.warning(ui.t("explainer.impossible", reason=exc))
    else:
        left, right = st.columns(2)
        with left:
            st.subheader(ui.t("explainer.legal"))
            if not legal:
                st.caption(ui.t("explainer.none_legal"))
            for line in legal:
                parts.show_line(line, legal=True, variant=prof.name)
        with right:
            st.subheader(ui.t("explainer.refused"))
            if not refused:
                st.caption(ui.t("explainer.none_refused"))
            for line in refused:
                parts.show_line(line, legal=False, variant=prof.name)
