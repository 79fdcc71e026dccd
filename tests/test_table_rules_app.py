"""The Play page offers the table-rules mode for variants with fines (002, 004)."""

from __future__ import annotations

import os

os.environ.setdefault("BEZIQUE_PROGRESS_DB", ":memory:")

from streamlit.testing.v1 import AppTest  # noqa: E402

from engine.session import PlaySession  # noqa: E402

APP = os.path.join(os.path.dirname(os.path.dirname(__file__)), "app.py")


def _page(**state: object) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["lang"] = "en"
    for key, value in state.items():
        at.session_state[key] = value
    at.switch_page("app_pages/play.py")
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _follow_session(table_rules: bool) -> PlaySession:
    for seed in range(200):
        s = PlaySession.new("card-point", seed=seed, table_rules=table_rules)
        while not s.deal.is_over:
            d = s.deal
            if (s.human_to_move and d.in_playoff and d.phase == "follow"
                    and len(s.legal()) < len(d.holding(s.human))):
                return s
            s.autoplay(1)
    raise AssertionError("no play-off position found")


def test_the_toggle_is_offered_only_where_the_sources_fine():
    at = _page(play=PlaySession.new("club", seed=1))
    assert [t for t in at.toggle if t.key == "play_table_rules"]
    at = _page(play=PlaySession.new("two-handed", seed=1))
    assert not [t for t in at.toggle if t.key == "play_table_rules"]


def test_a_revoke_in_table_rules_mode_is_played_and_fined():
    from app_helpers import pick

    s = _follow_session(table_rules=True)
    legal = {a.card for a in s.legal()}
    illegal = next(c for c in s.deal.holding(s.human) if c not in legal)
    at = _page(play=s)
    assert any("Table rules" in c.value for c in at.caption)
    pick(at, "play_table", illegal)   # the clickable table (app21) plays it
    assert not at.exception
    deal = at.session_state["play"].deal
    fines = [e for e in deal.events if e.type == "penalty"]
    assert [e.points for e in fines] == [-20]          # 004 'Штрафы': 20
    assert illegal not in deal.holding(s.human)
