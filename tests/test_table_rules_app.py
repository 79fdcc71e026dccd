"""The Play page offers the table-rules mode for variants with fines (002, 004)."""

from __future__ import annotations

import os

os.environ.setdefault("BEZIQUE_PROGRESS_DB", ":memory:")


from app_helpers import playoff_follow_session, run_page  # noqa: E402

from app_pages.session import PlaySession  # noqa: E402


def test_the_toggle_is_offered_only_where_the_sources_fine():
    at = run_page("play", play=PlaySession.new("club", seed=1))
    assert [t for t in at.toggle if t.key == "play_table_rules"]
    at = run_page("play", play=PlaySession.new("two-handed", seed=1))
    assert not [t for t in at.toggle if t.key == "play_table_rules"]


def test_a_revoke_in_table_rules_mode_is_played_and_fined():
    from app_helpers import pick

    s = playoff_follow_session("card-point", table_rules=True)
    legal = {a.card for a in s.legal()}
    illegal = next(c for c in s.deal.holding(s.human) if c not in legal)
    at = run_page("play", play=s)
    assert any("Table rules" in c.value for c in at.caption)
    pick(at, "play_table", illegal)   # the clickable table (app21) plays it
    assert not at.exception
    deal = at.session_state["play"].deal
    fines = [e for e in deal.events if e.type == "penalty"]
    assert [e.points for e in fines] == [-20]          # 004 'Штрафы': 20
    assert illegal not in deal.holding(s.human)
