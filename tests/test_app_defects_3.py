"""Regression tests for the rest of the app review (``shared/reviews/app-review.md``):
``/home``, continuing a replayed game from the step viewed, copy marks on card
pictures only where two copies matter, the lessons' checks on the card table."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("streamlit")
from app_helpers import APP, run_page  # noqa: E402
from streamlit.testing.v1 import AppTest  # noqa: E402
from streamlit.util import calc_hash  # noqa: E402


@pytest.fixture(autouse=True)
def learner_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "progress.sqlite3"
    monkeypatch.setenv("BEZIQUE_PROGRESS_DB", str(path))
    return path


# --- D18: "/home" is a page ---------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ru"])
def test_d18_home_url_opens_the_home_page(lang: str):
    from app_pages.i18n import catalogue

    at = run_page("home", lang)
    # The browser asks for a page by its URL name: some page must answer to "home"
    # (the default page is served at "/" and its url_path matches no URL).
    by_name = {info.get("url_pathname"): page_hash
               for page_hash, info in at._registered_pages.items()}  # noqa: SLF001
    assert "home" in by_name
    at = AppTest.from_file(APP, default_timeout=60)   # a new session, as a URL visit is
    at.session_state["lang"] = lang
    at._page_hash = by_name["home"]  # noqa: SLF001 - what a visit to /home requests
    at.run()
    assert not at.exception
    assert [t.value for t in at.title] == [catalogue(lang)["home.title"]]
    assert by_name["home"] != calc_hash("")


@pytest.mark.parametrize("page", ["home", "play", "puzzle_hub"])
def test_d18_page_links_use_material_icons_not_emoji(page: str):
    from app_pages.i18n import catalogue

    at = run_page(page, "en")
    if page != "home":   # the page itself, not the Home page it would fall back to
        assert catalogue("en")["home.title"] not in [t.value for t in at.title]
    icons = [link.proto.icon for link in at.get("page_link")]
    assert all(not icon or icon.startswith(":material/") for icon in icons), icons


# --- D18: "Continue playing" from the step viewed ------------------------------------------

def _played(actions: int):
    from app_pages.session import PlaySession

    session = PlaySession.new(seed=3, level="random")
    while len(session.deal.actions) < actions:
        session.autoplay(1)
    return session


def test_fork_plays_on_from_the_step_and_keeps_the_game():
    from app_pages.session import PlaySession
    from engine.rules.replay import Replay

    session = _played(30)
    game = session.game
    saved = game.dumps()
    step = 11
    forked = PlaySession.fork(game, 1, step, level="random")
    assert game.dumps() == saved                       # the original is untouched
    position = Replay(game).at(1, step).deal
    # the bots' answers may follow, but the fork starts with the viewed step's actions
    assert forked.deal.actions[:step] == position.actions
    assert len(forked.deal.actions) < len(game.deal.actions)
    assert forked.human_to_move


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_d18_continue_from_the_viewed_step_on_the_play_page(lang: str):
    from app_pages.i18n import catalogue

    session = _played(30)
    at = run_page("replay", lang, play=session)
    at.slider(key="replay_step").set_value(11).run()
    at.button(key="replay_resume").click().run()
    assert not at.exception
    forked = at.session_state["play"]
    assert forked is not session
    assert forked.deal.actions[:11] == session.deal.actions[:11]
    assert len(forked.deal.actions) < len(session.deal.actions)
    # on the Play page, saying where the game came from
    assert [t.value for t in at.title] == [catalogue(lang)["play.title"]]
    note = catalogue(lang)["replay.resumed"].format(deal=1, step=11)
    assert note in [s.value for s in at.success]
    # the game it replaced is kept in the game log, unchanged
    assert at.session_state["replay_earlier"][0] is session.game
    at.switch_page("app_pages/replay.py").run()
    assert not at.exception
    earlier = catalogue(lang)["replay.earlier"].format(number=1)
    assert earlier in at.radio(key="replay_source").options


def test_d18_continue_a_loaded_game_from_an_early_step():
    from engine.rules.replay import load_game

    source = _played(30)
    loaded = load_game(source.game.dumps())
    saved = loaded.dumps()
    at = run_page("replay", "en", replay_game=loaded, replay_source="loaded")
    at.slider(key="replay_step").set_value(4).run()
    at.button(key="replay_resume").click().run()
    assert not at.exception
    forked = at.session_state["play"]
    assert forked.deal.actions[:4] == source.deal.actions[:4]
    assert at.session_state["replay_game"].dumps() == saved


# --- copy marks only where two copies of a card are in question --------------------------

def _marks(html: str) -> dict[str, bool]:
    """Each card picture of ``html`` by its alt text: drawn with a copy mark or not."""
    import base64
    import re

    found = {}
    for data, alt in re.findall(r'src="data:image/svg\+xml;base64,([^"]+)" alt="([^"]*)"',
                                html):
        svg = base64.b64decode(data).decode()
        if "bz-back" in svg:
            continue
        found[alt] = bool(re.search(r">#\d+</text>", svg))
    return found


def test_the_copy_rule_is_one_for_text_and_pictures():
    from app_pages import table as tbl
    from engine.notation.cards import card_text, copies_in_question, parse_card

    hand = [parse_card(c).id for c in ("QS#1", "QS#2", "KS#1", "JD#2")]
    assert copies_in_question(hand) == {hand[0], hand[1]}
    assert [card_text(c, "en", among=hand) for c in hand] == ["Q♠#1", "Q♠#2", "K♠", "J♦"]
    assert card_text(hand[3], "ru", among=hand) == "В♦"
    html = tbl.picks_html([tbl.Pick(c) for c in hand], "hand", tbl.Look())
    assert _marks(html) == {"Q♠#1": True, "Q♠#2": True, "K♠#1": False, "J♦#2": False}


def test_play_hand_marks_copies_only_where_a_kind_repeats():
    from app_helpers import table_html

    from app_pages import table as tbl
    from app_pages.session import PlaySession
    from engine.notation.cards import copies_in_question

    for seed in range(60):   # a hand holding both copies of some card
        session = PlaySession.new(seed=seed, level="random")
        mine = [*session.deal.hands[0], *session.deal.tables[0]]
        if copies_in_question(mine) and len(copies_in_question(mine)) < len(mine):
            break
    at = run_page("play", "en", play=session)
    marks = _marks(table_html(at, "play_table"))
    twins = copies_in_question(mine)
    for card in mine:
        assert marks[tbl.card_name(card)] == (card in twins), tbl.card_name(card)
    assert any(marks.values()) and not all(marks.values())


def test_a_face_down_card_is_never_told_by_a_copy_mark():
    from app_pages import table as tbl
    from app_pages.session import PlaySession

    # the opponent has exposed a card whose twin is in his concealed hand
    for seed in range(40):
        session = PlaySession.new(seed=seed, level="random")
        for _ in range(80):
            deal = session.deal
            exposed = {c % 32: c for c in deal.tables[1]}
            twins = [exposed[c % 32] for c in deal.hands[1]
                     if c % 32 in exposed and c not in deal.revealed[1]]
            if twins or deal.is_over:
                break
            session.autoplay(1)
        if twins:
            break
    assert twins
    html = tbl.table_html(deal, 0, lambda key, **kw: key)
    for card in twins:   # the mark would tell that the other copy is in his hand
        assert _marks(html)[tbl.card_name(card)] is False
    shown = tbl.table_html(deal, 0, lambda key, **kw: key, show_opponent=True)
    for card in twins:   # face up (the play-off, a replay) both copies are in view
        assert _marks(shown)[tbl.card_name(card)] is True


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_meld_trainer_marks_only_the_cards_in_question(lang: str):
    from app_helpers import table_html

    from app_pages import table as tbl
    from engine.notation.cards import copies_in_question, parse_card

    at = run_page("meld_trainer", lang)
    twins_seen = 0
    for _ in range(40):   # puzzles until a few hold two copies of a card (hand or table)
        pos = at.session_state["mt_puzzle"]["position"]
        cards = [parse_card(c).id for c in pos["hand"] + pos["table"]]
        twins = copies_in_question(cards)
        marks = _marks(table_html(at, "mt_position"))
        for card in cards:
            assert marks[tbl.card_name(card, lang)] == (card in twins)
        twins_seen += bool(twins)
        if twins_seen >= 2:
            break
        at.button(key="mt_next_btn").click().run()
    assert twins_seen >= 2


# --- the lessons' checks draw their cards on the card table ----------------------------------

@pytest.mark.parametrize("lang", ["en", "ru"])
def test_lesson_checks_draw_their_cards_on_the_card_table(lang: str):
    from app_helpers import table_html, tables

    import lessons
    from app_pages import table as tbl
    from app_pages import ui
    from engine.notation.cards import parse_card

    shown = 0
    for lesson in lessons.list_lessons(lang)[:6]:
        with_cards = [(c, lessons.evaluate_check(c, lang).cards) for c in lesson.checks]
        with_cards = [(c, cards) for c, cards in with_cards
                      if any(cards.get(k) for k in ("hand", "table", "trick", "tricks"))]
        if not with_cards:
            continue
        at = run_page("rules", lang, rules_lesson=lesson.id, rules_variant="all")
        found = tables(at)
        for check, cards in with_cards:
            key = ui.widget_key("check_cards", f"{lesson.id}_{check.id}")
            assert key in found, (key, list(found))
            html = table_html(at, key)
            tokens = [c for k in ("hand", "table", "trick", "tricks") for c in cards.get(k, ())]
            alts = set(_marks(html))
            for token in tokens:
                assert tbl.card_name(parse_card(token).id, lang) in alts, token
            shown += 1
    assert shown >= 3


# --- D17: a first miss does not cost hundreds of rating points ------------------------------

def test_d17_a_first_wrong_answer_costs_under_a_hundred_points():
    from puzzles import bank, trainer
    from puzzles.store import open_store

    # A puzzle as hard as a newcomer is strong: a wrong answer there is the common case
    # (an easy one costs more, as Glicko-2 says it should).
    record = min(bank.load("meld"), key=lambda r: abs(r["rating"] - 1500))
    with open_store() as db:
        result = trainer.submit(db, "newcomer", record, False, 0, 5.0)
    assert result.before.rating == 1500
    assert 0 < result.before.rating - result.after.rating < 100


# --- D16: the Score explainer says which variant it follows; its chosen cards ---------------

@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("variant", ["two-handed", "rubicon"])
def test_d16_explainer_names_its_variant_and_draws_the_chosen_cards(lang: str, variant: str):
    from app_helpers import table_html

    from app_pages import table as tbl
    from engine.notation.cards import parse_card
    from engine.rules.profile import load_profile

    prof = load_profile(variant)
    at = run_page("explainer", lang, variant=variant, ex_hand_S=["KS#1", "KS#2"],
                  ex_table_S=[], ex_hand_H=["QH#1"])
    title = prof.title_ru if lang == "ru" else prof.title
    assert title in [c.value for c in at.caption]
    marks = _marks(table_html(at, "ex_chosen"))
    assert marks == {tbl.card_name(parse_card("KS#1").id, lang): True,
                     tbl.card_name(parse_card("KS#2").id, lang): True,
                     tbl.card_name(parse_card("QH#1").id, lang): False}


def test_play_action_labels_follow_the_copy_rule():
    from app_pages import ui
    from app_pages.session import PlaySession
    from engine.notation.cards import copies_in_question

    found = 0
    for seed in range(40):
        session = PlaySession.new(seed=seed, level="random")
        for _ in range(30):
            declares = [a for a in session.legal() if a.type.value in ("declare", "show_seven",
                                                                      "exchange_seven")]
            if declares or session.deal.is_over:
                break
            session.autoplay(1)
        if not declares:
            continue
        at = run_page("play", "en", play=session)
        deal = session.deal
        twins = copies_in_question([*deal.hands[0], *deal.tables[0]])
        for action in declares:
            label = at.button(key=ui.widget_key("act", str(action))).label
            assert ("#" in label) == any(c in twins for c in action.cards), (label, seed)
            found += 1
        if found >= 3:
            break
    assert found >= 3


# --- a language switch relabels the chosen option of every select box -----------------------

@pytest.mark.parametrize(("page", "keys"), [("rules", ("rules_variant", "rules_lesson")),
                                            ("home", ("home_variant",)),
                                            ("play", ("play_level",)),
                                            ("explainer", ("ex_example", "ex_hist_meld"))])
def test_select_boxes_are_resent_so_their_label_follows_the_language(page: str, keys: tuple):
    # The browser redraws a select box's chosen label only when the run sends its value
    # (seen at 1024 px: "All lessons" left on the Russian Rules page). A value set in
    # session state before the widget is sent: the proto says so.
    at = run_page(page, "en")
    at.sidebar.radio(key="lang_pick").set_value("ru").run()
    assert not at.exception
    for key in keys:
        box = at.selectbox(key=key)
        assert box.proto.set_value, key


# --- Home: every variant described, pictures in the reader's letters ------------------------

@pytest.mark.parametrize("lang", ["en", "ru"])
def test_home_describes_every_variant_without_catalogue_keys(lang: str):
    at = run_page("home", lang)
    text = "\n".join(m.value for m in at.markdown)
    assert "variant." not in text
    html = " ".join(h.proto.body for h in at.get("html"))
    if lang == "ru":   # the queen of spades drawn as Д♠ (D5), never Q♠
        assert 'alt="Д♠' in html and 'alt="Q♠' not in html


# --- Progress: the rating line ----------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ru"])
def test_progress_rating_line_has_every_attempt(lang: str):
    import json

    from puzzles import bank, trainer
    from puzzles.i18n import tr
    from puzzles.store import open_store

    with open_store() as db:
        ratings = [trainer.submit(db, "guest", record, index % 2 == 0, 0, 5.0).after.rating
                   for index, record in enumerate(bank.load("meld")[:4])]
    at = run_page("progress", lang)
    charts = [e for e in at.main if getattr(e, "type", "") == "vega_lite_chart"]
    assert len(charts) == 1
    spec = json.loads(charts[0].proto.spec)
    import pyarrow as pa

    frame = pa.ipc.open_stream(charts[0].proto.data.data).read_all().to_pandas()
    assert list(frame["r"]) == [round(r) for r in ratings]
    assert list(frame["n"]) == [1, 2, 3, 4]
    assert spec["encoding"]["y"]["title"] == tr(lang, "col.rating")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_endgame_prompt_names_no_seat_numbers(lang: str):
    at = run_page("endgame", lang)
    text = "\n".join(m.value for m in at.markdown)
    for word in ("player 1", "player 2", "seat ", "игрок 1", "игрок 2", "место "):
        assert word not in text, word


def test_d15_a_side_winning_the_game_is_named_in_words_not_an_ampersand() -> None:
    """Review D15: "пара игроков 1 & 3" read as code; the side is two players joined by
    "and" / "и" in every language."""
    from engine.rules.game import target_outcome
    from engine.rules.profile import load_profile

    event = target_outcome(load_profile("four-handed"), [1600, 900], last_trick=0)
    text = {lang: " ".join(s.render(lang) for s in event.steps) for lang in ("en", "ru")}
    assert "players 1 and 3" in text["en"] and "игроков 1 и 3" in text["ru"]
    assert "&" not in text["en"] + text["ru"]
