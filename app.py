"""Bezique trainer: the Streamlit entry script. It sets up per-tab session state,
the sidebar settings and routes to the pages in ``app_pages/``."""

import logging
import secrets

import streamlit as st

from app_pages import identity, store_text, ui
from puzzles.store import ProgressStoreError

st.set_page_config(page_title="Bezique", page_icon="♠", layout="wide")
ui.setup_state()


@st.cache_resource(show_spinner=False)
def _load_solver_kernel() -> None:
    """Once per server process, in the background: load the compiled play-off search
    (or compile it, about 20 s once per install), so the first play-off verdict does
    not wait for it."""
    import threading

    from engine.solver import warm_up

    threading.Thread(target=warm_up, name="solver-kernel", daemon=True).start()


_load_solver_kernel()

log = logging.getLogger("bezique.app")


def page(name: str, icon: str, default: bool = False) -> st.Page:
    # The default page is served at "/" and its own url_path never matches a URL, so
    # it gets a reserved one and "/home" is a hidden page that leads there (D18).
    return st.Page(ui.page_script(name), title=ui.t(f"nav.{name}"), icon=icon,
                   url_path=f"{name}-start" if default else name, default=default)


home = page("home", ":material/home:", default=True)


def to_home() -> None:
    st.switch_page(home)


learn = [home, page("rules", ":material/menu_book:"), page("explainer", ":material/calculate:"),
         st.Page(to_home, title=ui.t("nav.home"), url_path="home", visibility="hidden")]
practise = [page("play", ":material/playing_cards:"), page("replay", ":material/history:"),
            page("puzzles", ":material/extension:"), page("meld_trainer", ":material/school:"),
            page("review_cards", ":material/style:"), page("endgame", ":material/school:"),
            page("stock", ":material/school:"),
            page("scorepad", ":material/edit_note:"), page("progress", ":material/insights:"),
            page("themes", ":material/category:")]

# Every page in sight: Streamlit folds a menu of 13 or more pages after the tenth, and
# Scorepad, Progress and Themes went behind "View more" when the stock page came.
navigation = st.navigation({ui.t("nav.learn"): learn, ui.t("nav.practise"): practise},
                           expanded=True)

with st.sidebar:
    ui.language_picker()
    st.toggle(ui.t("settings.four_colour"), key="four_colour",
              help=ui.t("settings.four_colour_help"))

try:
    with st.sidebar:   # who is learning: settled before any page reads the store
        identity.sidebar()
    navigation.run()
except ProgressStoreError as exc:   # the store says what is wrong; never a traceback
    # Its message names the store without credentials (puzzles/dsn.py), so it may be
    # shown and logged as it is.
    log.warning("page /%s: %s", navigation.url_path, exc)
    st.error(ui.t("rules.store_error", error=store_text.error_text(exc)))
except Exception:  # noqa: BLE001 - the app's one boundary: a page's bug ends here
    # The learner gets a kind message and a reference; the log gets the traceback.
    reference = secrets.token_hex(4)
    log.exception("page /%s failed [ref %s]", navigation.url_path, reference)
    st.error(ui.t("error.page", ref=reference))
