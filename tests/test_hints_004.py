"""Hints for three and four seats and no-trump bezique (004): the engine's hint
(engine.bots.hint, not the plain fallback) for every seat count, in the stock
and in the play-off, and on the Play page."""

from __future__ import annotations

import pytest
from app_helpers import run_page

from app_pages.session import PlaySession
from engine.bots import hint

GAMES = [("three-handed", ()), ("four-handed", ()),
         ("no-trump", (("players", "2"),)), ("no-trump", (("players", "3"),)),
         ("no-trump", (("players", "4"),))]
IDS = ["three-handed", "four-handed", "no-trump-2", "no-trump-3", "no-trump-4"]


def _session(variant: str, options: tuple[tuple[str, str], ...], playoff: bool,
             seed: int = 3) -> PlaySession:
    """A session where the human must choose among several cards, in the stock
    or in the play-off."""
    for s in range(seed, seed + 30):
        session = PlaySession.new(variant, seed=s, level="club", options=options)
        while not session.deal.is_over:
            deal = session.deal
            if (session.human_to_move and deal.in_playoff == playoff
                    and deal.phase in ("lead", "follow") and len(session.legal()) > 1):
                return session
            session.autoplay(1)
    raise AssertionError("no such position")


@pytest.mark.parametrize("variant,options", GAMES, ids=IDS)
@pytest.mark.parametrize("playoff", [False, True], ids=["stock", "playoff"])
def test_engine_hint_for_every_seat_count(variant: str, options: tuple[tuple[str, str], ...],
                                          playoff: bool) -> None:
    session = _session(variant, options, playoff)
    deal = session.deal
    assert deal.profile.players == (int(options[0][1]) if options else
                                    3 if variant == "three-handed" else 4)
    found = hint(deal, session.human, lang="en", deals=4)
    assert found.action in deal.legal_actions() and found.reasons
    # The Play page's hint is the engine's (with its reasons), not the plain fallback.
    shown = session.hint("ru")
    assert shown is not None and shown.reasons and not shown.keys


@pytest.mark.parametrize("variant,options", GAMES, ids=IDS)
def test_play_page_hint_button_for_every_seat_count(
        variant: str, options: tuple[tuple[str, str], ...]) -> None:
    session = _session(variant, options, playoff=False)
    at = run_page("play", play=session)
    at.button(key="hint").click().run()
    assert not at.exception
    shown = at.session_state["play_hint"]
    assert shown.reasons and shown.action in session.deal.legal_actions()
    text = "\n".join(i.value for i in at.info)
    assert shown.reasons[0][:1].upper() + shown.reasons[0][1:] in text   # a line: a capital


@pytest.mark.parametrize("variant,options", GAMES, ids=IDS)
def test_score_sheet_has_a_column_per_player_or_side(
        variant: str, options: tuple[tuple[str, str], ...]) -> None:
    """004: three each for himself get three columns; partners share one column."""
    session = _session(variant, options, playoff=True)
    deal = session.deal
    at = run_page("play", play=session)
    sheet = next(m.value for m in at.markdown if m.value.startswith("| |"))
    lines = sheet.splitlines()
    heads = [h.strip() for h in lines[0].strip("|").split("|")][1:]
    assert len(heads) == deal.profile.sides
    deal_row = [int(v) for v in lines[2].strip("|").split("|")[1:]]
    sides = deal.team_scores()
    # The human's side first, then the others in seat order.
    mine = deal.profile.team(session.human)
    assert deal_row[0] == sides[mine] and sorted(deal_row) == sorted(sides)
