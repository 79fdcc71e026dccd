"""Placeholder page: replaced by the puzzles work (issue 6)."""

import streamlit as st

st.info("This page is not built yet. / Эта страница ещё не готова.")
