"""The app as served to many browsers (``scripts/serve.sh`` runs
``streamlit run app_served.py``): ``app.py`` itself, plus the endpoint that sets each
browser's learner cookie HttpOnly (app_pages/cookie_route.py). On one's own machine,
``streamlit run app.py`` is all there is."""

import streamlit as st

from app_pages import cookie_route

app = st.App("app.py", routes=cookie_route.routes())
