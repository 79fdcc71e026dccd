"""Home: what is here, and the choice of variant."""

import random

import streamlit as st

from app_pages import path_parts, ui
from engine.notation.cards import Card, Suit, parse_cards
from engine.rules.deal import Deal
from engine.rules.melds import display_order
from engine.rules.profile import variant_catalogue
from engine.text.explain import SUIT_NAMES
from puzzles import path

st.title(ui.t("home.title"))
st.html(ui.cards_html(parse_cards("QS JD KD QD AD TD"), width=60))   # Т К Д В in Russian
st.markdown(ui.t("home.intro"))

names = ui.variants()
if st.session_state.get("variant") not in names:
    st.session_state["variant"] = names[0]

# One thing to do next, whatever the learner has done so far (review 2, defect 1).
with st.container(border=True, key="home_next"):
    game = path_parts.variant()
    st.markdown(f"**{ui.t('home.next', game=ui.variant_title(game))}**")
    progress = path_parts.progress(game)
    # Today's review first when anything is due (mistakes come back by themselves,
    # issue 53), then the path's next step.
    steps = path.steps_now(game, progress, ui.lang())
    for number, step in enumerate(steps):
        path_parts.continue_button(step, key="home_review" if step.kind == "review"
                                   else "home_continue", primary=number == 0)

st.subheader(ui.t("home.variant"))


def keep_variant() -> None:
    """The chosen variant is the next game's; a game of another variant is closed."""
    st.session_state["variant"] = st.session_state["home_variant"]
    st.session_state["play_restore_tried"] = True   # the saved game may be of another variant
    current = st.session_state.get("play")
    if current is not None and current.deal.profile.name != st.session_state["variant"]:
        st.session_state["play"] = None


titles = {name: ui.variant_title(name) for name in names}   # not a late lookup
st.session_state["home_variant"] = st.session_state["variant"]   # its label follows the language
st.selectbox(ui.t("home.variant_pick"), names, key="home_variant",
             format_func=titles.__getitem__, on_change=keep_variant)
chosen = ui.profile(st.session_state["variant"])
rules = chosen.settlement
goal = (ui.t("home.one_deal", rubicon=rules.rubicon) if rules is not None
        else ui.t("home.to_target", target=chosen.scoring.target))
st.caption(ui.t("home.variant_facts", players=chosen.players, packs=chosen.packs,
                hand=chosen.hand_size, goal=goal, sources=", ".join(chosen.sources)))

st.markdown(f"**{ui.t('home.sample')}**")
seed = st.session_state.setdefault("home_seed", random.SystemRandom().randrange(2**31))
sample = Deal.new(chosen, random.Random(seed), dealer=0)
st.html(ui.cards_html(sorted(sample.holding(1), key=display_order), width=56))
if sample.turn_up is not None and sample.trump is not None:
    suit = SUIT_NAMES[Suit(sample.trump).letter][1 if ui.lang() == "ru" else 0]
    st.caption(ui.t("home.sample_trump", card=Card.from_id(sample.turn_up).pretty, suit=suit))
else:
    st.caption(ui.t("home.sample_no_trump"))
st.button(ui.t("home.deal_again"), key="home_deal_again",
          on_click=lambda: st.session_state.update(home_seed=seed + 1))

st.markdown(f"**{ui.t('home.variants')}**")


def about(name: str) -> str:
    """A variant in a sentence or two, from its catalogue entry (data, both languages)."""
    return variant_catalogue(name).text(ui.lang())


families: dict[str, list[str]] = {}   # in the pickers' order, family by family
for name in names:
    families.setdefault(variant_catalogue(name).family, []).append(name)
for family, members in families.items():
    st.markdown(f"*{ui.t(f'home.family_{family}')}*")
    st.markdown("\n".join(
        f"- **{ui.variant_title(name)}** — {about(name)} "
        f"*({ui.t('home.variant_sources', sources=', '.join(ui.profile(name).sources))})*"
        for name in members))

st.subheader(ui.t("home.what"))
# Material icons, as in the sidebar: Debian's chromium has no emoji font (D18).
for name, icon in (("play", ":material/playing_cards:"), ("rules", ":material/menu_book:"),
                   ("explainer", ":material/calculate:"), ("replay", ":material/history:"),
                   ("puzzles", ":material/extension:"), ("progress", ":material/insights:")):
    st.page_link(ui.page_script(name), label=ui.t(f"nav.{name}") + " — " +
                 ui.t(f"home.about_{name}"), icon=icon)
