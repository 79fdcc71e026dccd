"""AppTest tests: every page loads in both languages and its main interactions work
without an exception. Streamlit only; the engine is tested elsewhere."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

pytest.importorskip("streamlit")
from app_helpers import (  # noqa: E402
    act_by_hand,
    pick,
    pickable,
    playoff_follow_session,
    run_page,
)
from streamlit.testing.v1 import AppTest  # noqa: E402

from app_pages.i18n import catalogue  # noqa: E402
from app_pages.session import PlaySession  # noqa: E402
from engine.bots.review import Budget  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
APP = str(ROOT / "app.py")
MINE = ["home", "play", "replay", "explainer", "rules"]
ROUTED = [*MINE, "puzzle_hub", "progress"]



def shown_html(at: AppTest) -> str:
    """Every HTML snippet and card table of the page."""
    from app_helpers import table_html, tables

    return " ".join([h.proto.body for h in at.get("html")]
                    + [table_html(at, key) for key in tables(at)])


def at_table(at: AppTest, key: str = "play_table") -> str:
    from app_helpers import table_html

    return table_html(at, key)


def errors(at: AppTest) -> list[str]:
    return [e.value for e in at.error]


# --- the catalogue ---------------------------------------------------------------

def test_catalogues_have_the_same_keys():
    en, ru = set(catalogue("en")), set(catalogue("ru"))
    assert en == ru, f"only English: {sorted(en - ru)}; only Russian: {sorted(ru - en)}"


def test_every_key_used_in_code_exists():
    used: set[str] = set()
    # The puzzle pages, their helpers and the learner sidebar speak through puzzles.i18n,
    # which has its own completeness test.
    puzzle_pages = {"puzzle_hub.py", "progress.py", "meld_trainer.py", "endgame.py",
                    "review_cards.py", "identity.py", "puzzle_ui.py", "themes.py"}
    for path in [ROOT / "app.py", *(ROOT / "app_pages").glob("*.py")]:
        if path.name in puzzle_pages:
            continue
        text = path.read_text("utf-8")
        used |= set(re.findall(r"""\bt\(\s*["']([a-z_]+\.[a-z_.]+)["']""", text))
    assert used, "no keys found"
    missing = {key for key in used if key not in catalogue("en") or key not in catalogue("ru")}
    assert not missing


def test_russian_differs_from_english():
    en, ru = catalogue("en"), catalogue("ru")
    same = [k for k in en if en[k] == ru[k] and not k.startswith("lang.")]
    assert len(same) < 3, same


# --- every page ---------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("page", ROUTED)
def test_page_loads(page: str, lang: str):
    at = run_page(page, lang)
    if page in MINE:
        expected = catalogue(lang)[f"nav.{page}" if page != "home" else "home.title"]
        assert expected in [t.value for t in at.title]


def test_language_switch_from_the_sidebar():
    at = run_page("play")
    assert at.title[0].value == "Play"
    at.sidebar.radio(key="lang_pick").set_value("ru").run()
    assert not at.exception and at.title[0].value == "Игра"
    assert any("Новая партия" == b.label for b in at.button)


def test_four_colour_toggle():
    at = run_page("play")
    at.sidebar.toggle(key="four_colour").set_value(True).run()
    assert not at.exception and at.session_state["four_colour"]


def test_home_variant_choice_persists():
    at = run_page("home")
    at.selectbox(key="home_variant").set_value("two-handed").run()
    assert at.session_state["variant"] == "two-handed"


# --- play ---------------------------------------------------------------------------

def test_play_cards_by_clicking_and_controls():
    at = run_page("play", play=PlaySession.new(seed=21))
    session = at.session_state["play"]
    for _ in range(3):
        cards = [c for c, state in pickable(at, "play_table").items() if state != "illegal"]
        if cards:
            pick(at, "play_table", cards[0])
        else:  # declare phase: draw
            at.button(key="act_draw").click().run()
        assert not at.exception and not errors(at)
    assert len(session.deal.actions) >= 3
    at.button(key="hint").click().run()
    assert at.info and not at.exception
    before = len(session.deal.actions)
    at.button(key="undo").click().run()
    assert len(at.session_state["play"].deal.actions) < before
    at.number_input(key="autoplay_n").set_value(4).run()
    at.button(key="autoplay").click().run()
    assert not at.exception
    at.button(key="to_end").click().run()
    assert at.session_state["play"].deal.is_over and not at.exception
    at.button(key="next_deal").click().run()
    assert not at.exception and len(at.session_state["play"].game.finished_deals) == 1



def test_illegal_playoff_card_is_answered_with_the_rule():
    s = playoff_follow_session()
    legal = {a.card for a in s.legal()}
    illegal = next(c for c in s.deal.holding(s.human) if c not in legal)
    at = run_page("play", play=s)
    assert pickable(at, "play_table")[illegal] == "illegal"     # dimmed, with its why
    assert 'title="' in at_table(at)
    pick(at, "play_table", illegal)
    assert not at.exception
    shown = " ".join(errors(at))
    assert "rules?lesson=" in shown and "Not allowed" in shown
    assert len(at.session_state["play"].deal.actions) == len(s.deal.actions)


def test_a_refusal_is_explained_in_russian_too():
    s = playoff_follow_session()
    legal = {a.card for a in s.legal()}
    illegal = next(c for c in s.deal.holding(s.human) if c not in legal)
    at = run_page("play", play=s)
    pick(at, "play_table", illegal)
    assert "once the stock is gone you must" in " ".join(errors(at))
    # The stored refusal follows the language switch.
    at.session_state["lang"] = "ru"
    at.run()
    assert not at.exception
    shown = " ".join(errors(at))
    assert "когда колода кончилась" in shown and "rules?lesson=" in shown, shown


def test_declaration_buttons_and_explanations():
    for seed in range(100):
        s = PlaySession.new(seed=seed)
        while not s.deal.is_over and not any(a.type.value == "declare" for a in s.legal()):
            s.autoplay(1)
        if not s.deal.is_over:
            break
    at = run_page("play", play=s)
    declare = [b for b in at.button if b.key and b.key.startswith("act_declare")]
    assert declare
    declare[0].click().run()
    assert not at.exception and not errors(at)
    text = " ".join(m.value for m in at.markdown)
    assert "declared" in text


def test_a_whole_game_through_the_page():
    at = run_page("play", play=PlaySession.new(seed=8))
    for _ in range(40):
        s = at.session_state["play"]
        if s.game.is_over:
            break
        at.button(key="to_end").click().run() if s.human_to_move else None
        if at.session_state["play"].deal.is_over and not at.session_state["play"].game.is_over:
            at.button(key="next_deal").click().run()
        assert not at.exception
    assert at.session_state["play"].game.is_over
    assert any(b.key == "new_game_end" for b in at.button)


# --- replay and logs ----------------------------------------------------------------

def test_replay_current_game_step_by_step():
    s = PlaySession.new(seed=13)
    s.autoplay(8)
    at = run_page("replay", play=s)
    at.slider(key="replay_step").set_value(3).run()
    assert not at.exception
    at.slider(key="replay_step").set_value(0).run()
    assert not at.exception


@pytest.mark.parametrize("content", [b"not json", b"{}", b"[" * 50_000, b"\xff\xfe\x00",
                                     json.dumps({"format": "bezique-game", "variant": "x"}
                                                ).encode()])
def test_bad_uploads_get_a_message_and_change_nothing(content: bytes):
    at = run_page("replay")
    at.file_uploader(key="replay_upload").set_value(("log.json", content, "application/json"))
    at.run()
    assert not at.exception
    assert at.session_state["replay_game"] is None
    assert errors(at) and "cannot be loaded" in errors(at)[0]


def test_good_upload_replays_and_resumes():
    s = PlaySession.new(seed=17)
    s.autoplay(12)
    at = run_page("replay")
    at.file_uploader(key="replay_upload").set_value(
        ("log.json", s.dumps().encode(), "application/json"))
    at.run()
    assert not at.exception and at.session_state["replay_game"] is not None
    at.slider(key="replay_step").set_value(5).run()
    assert not at.exception
    at.button(key="replay_resume").click().run()
    # play goes on from the step viewed (D18), with the bot's answers after it
    assert at.session_state["play"].deal.actions[:5] == s.deal.actions[:5]


# --- the score explainer -----------------------------------------------------------

def _click(at, where: str, *tokens: str):
    from app_helpers import pick

    from engine.notation.cards import parse_card
    for token in tokens:
        pick(at, f"ex_pick_{where}", parse_card(token).id)
    return at


def test_explainer_lists_legal_and_refused():
    at = run_page("explainer")
    at.segmented_control(key="ex_trump").set_value("D").run()
    _click(at, "hand", "KD#1", "QD#1", "JD#1", "QS#1")
    assert at.session_state["ex_hand_D"] == ["KD#1", "QD#1", "JD#1"]
    assert not at.exception and not at.warning
    text = " ".join(m.value for m in at.markdown)
    assert "trump marriage" in text and "bezique" in text
    at.sidebar.radio(key="lang_pick").set_value("ru").run()
    text = " ".join(m.value for m in at.markdown)
    assert "козырный марьяж" in text


def test_explainer_picks_are_marked_and_a_second_click_takes_back():
    from app_helpers import pickable

    at = run_page("explainer")
    _click(at, "hand", "KD#1")
    from engine.notation.cards import parse_card
    king = parse_card("KD#1").id
    assert pickable(at, "ex_pick_hand")[king] == "legal"          # marked as chosen
    assert pickable(at, "ex_pick_table")[king] == "illegal"       # dimmed on the table
    _click(at, "table", "KD#1")                                   # refused: stays in hand
    assert at.session_state["ex_table_D"] == []
    _click(at, "hand", "KD#1")
    assert at.session_state["ex_hand_D"] == []


def test_explainer_impossible_selections():
    at = run_page("explainer")
    at.session_state["ex_hand_D"] = ["KD#1"]
    at.session_state["ex_table_D"] = ["KD#1"]
    at.run()
    assert not at.exception and at.warning  # a card both in hand and on the table
    at.session_state["ex_table_D"] = []
    at.session_state["ex_hand_D"] = []
    at.run()
    _click(at, "hand", "AS#1", "AS#2", "TS#1", "TS#2", "KS#1", "KS#2", "QS#1", "QS#2", "JS#1")
    assert not at.exception and at.warning  # nine cards
    _click(at, "hand", "AS#1", "AS#2", "TS#1", "TS#2", "KS#1", "KS#2", "QS#1", "QS#2", "JS#1")
    _click(at, "hand", "KD#1", "QD#1")
    at.selectbox(key="ex_hist_meld").set_value("four_kings").run()
    at.multiselect(key="ex_hist_cards").set_value(["KD#1", "QD#1"]).run()
    at.button(key="ex_hist_add").click().run()
    assert not at.exception and at.warning  # an impossible history
    at.button(key="ex_clear").click().run()
    assert not at.exception and not at.warning


# --- rules --------------------------------------------------------------------------

def test_rules_opens_the_lesson_of_a_rule():
    pytest.importorskip("lessons")
    import lessons

    lesson_id, _ = lessons.rule_anchor("play.trick_winner")
    at = AppTest.from_file(APP, default_timeout=30)
    at.query_params["lesson"] = lesson_id
    at.query_params["rule"] = "play.trick_winner"
    at.switch_page("app_pages/rules.py")
    at.run()
    assert not at.exception
    assert at.selectbox(key="rules_lesson").value == lesson_id
    assert any("play.trick_winner" in m.value for m in at.markdown)
    at.text_input(key="rules_glossary_q").set_value("trump").run()
    assert not at.exception


# --- every variant from the Play page -------------------------------------------------

VARIANTS = ["two-handed", "rubicon", "chinese", "eight-pack", "rubicon-four-handed", "three-handed",
            "four-handed", "no-trump", "fildinski", "fildinski-three-pack"]


# The games of many packs have the longest deals (Chinese 6, eight-pack 8): more than a
# hundred decisions for the review at the end. Their bots play at the cheapest level and
# the review looks at two deals a decision, which still flags decisions to show.
LONG_DEALS = {"chinese", "eight-pack", "fildinski-three-pack"}


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_variant_from_the_play_page(variant: str):
    # The deal's review at its end searches a few deals a decision: at the game's floor
    # (the app's) a whole deal of the longest games takes minutes on a loaded machine,
    # and the review is tested on its own (test_hand_review.py, test_judgement.py).
    long = variant in LONG_DEALS
    at = run_page("play", play_seed=5, level="beginner" if long else "club",
                  hand_review_budget=Budget(deals=2, confirm_deals=2, hint_deals=1) if long
                  else Budget(deals=4, confirm_deals=8, hint_deals=2))
    at.selectbox(key="play_variant").set_value(variant).run()
    assert not at.exception
    s = at.session_state["play"]
    assert s.deal.profile.name == variant and at.session_state["variant"] == variant
    for _ in range(3):
        act_by_hand(at)
        assert not errors(at)
    assert len(at.session_state["play"].deal.actions) >= 3
    at.button(key="hint").click().run()
    assert at.info and not at.exception
    at.button(key="to_end").click().run()
    assert not at.exception
    s = at.session_state["play"]
    assert s.deal.is_over
    if s.deal.profile.scoring.end == "single_deal":
        assert any(catalogue("en")["play.settlement"] in m.value for m in at.markdown)
        text = " ".join(m.value for m in at.markdown)
        assert "Game score" in text and "1. " in text
        assert any(b.key == "new_game_end" for b in at.button)
    else:   # a deal that reaches the target ends the game at once (no "Next deal")
        decided = s.game.is_over and max(s.game.side_totals) >= s.deal.profile.scoring.target
        assert any(b.key == ("new_game_end" if decided else "next_deal") for b in at.button)
    # the deal's review came by itself at its end
    assert catalogue("en")["hand_review.title"] in " ".join(m.value for m in at.markdown)
    at.sidebar.radio(key="lang_pick").set_value("ru").run()
    assert not at.exception


def test_four_handed_table_and_scores():
    s = PlaySession.new("rubicon-four-handed", seed=2)
    at = run_page("play", play=s)
    html = shown_html(at)
    for word in ("Partner", "Left opponent", "Right opponent", "not fixed yet"):
        assert word in html
    assert "Turn-up" not in html
    sheet = " ".join(m.value for m in at.markdown)
    assert "You &amp; partner" in sheet or "You & partner" in sheet
    at.sidebar.radio(key="lang_pick").set_value("ru").run()
    html = shown_html(at)
    assert "Партнёр" in html and "ещё не определены" in html


def test_carte_blanche_button():
    s = PlaySession.new("rubicon", seed=87, level="random")   # the follower may claim
    assert s.deal.trick
    at = run_page("play", play=s)
    box = " ".join(m.value for m in at.markdown)
    assert "no king, queen or jack" in box
    at.button(key="act_blanche").click().run()
    assert not at.exception and not errors(at)
    s = at.session_state["play"]
    assert s.human in s.deal.blanche
    assert "carte blanche" in " ".join(m.value for m in at.markdown)
    assert not any(b.key == "act_blanche" for b in at.button)


def test_long_playoff_verdicts_by_button():
    s = PlaySession.new("chinese", seed=1, level="random")
    while not (s.deal.in_playoff and s.deal.phase in ("lead", "follow")) and not s.deal.is_over:
        s.autoplay(1)
    at = run_page("play", play=s)
    assert 'class="bz-pnote"' not in at_table(at)
    at.button(key="solver_verdicts").click().run()
    assert not at.exception
    assert re.search(r'class="bz-pnote">(best|loses)', at_table(at))


def test_replay_of_a_four_handed_game():
    s = PlaySession.new("rubicon-four-handed", seed=4, level="random")
    s.autoplay(10)
    at = run_page("replay", play=s)
    at.slider(key="replay_step").set_value(7).run()
    assert not at.exception
    assert "Partner" in shown_html(at)


def test_replay_of_a_three_handed_game():
    s = PlaySession.new("three-handed", seed=4, level="random")
    s.autoplay(10)
    at = run_page("replay", play=s)
    at.slider(key="replay_step").set_value(7).run()
    assert not at.exception
    html = shown_html(at)
    assert "Left opponent" in html and "Right opponent" in html


def test_four_handed_partner_declares():
    s = PlaySession.new("rubicon-four-handed", seed=0, level="random")
    while not s.deal.is_over and not any(a.type.value == "partner" for a in s.legal()):
        s.autoplay(1)
    assert not s.deal.is_over
    at = run_page("play", play=s)
    assert "let your partner declare" in at.button(key="act_partner").label
    at.button(key="act_partner").click().run()
    assert not at.exception and not errors(at)
    assert any(t.action.type.value == "partner" for t in at.session_state["play"].turns)


def test_home_deals_a_hand_of_the_chosen_variant():
    at = run_page("home")
    before = at.session_state["home_seed"]
    assert any("<svg" in h.proto.body or "img" in h.proto.body for h in at.get("html"))
    next(b for b in at.button if b.key == "home_deal_again").click().run()
    assert not at.exception and at.session_state["home_seed"] == before + 1


def test_three_handed_table_shows_both_opponents():
    s = PlaySession.new("three-handed", seed=2)
    at = run_page("play", play=s)
    html = shown_html(at)
    assert "Left opponent" in html and "Right opponent" in html and "Partner" not in html
    sheet = " ".join(m.value for m in at.markdown)
    assert "Left opponent" in sheet and "Right opponent" in sheet  # a column per player


def test_carte_blanche_text_follows_the_profiles_timing():
    """Rubicon's carte blanche is claimed before the first card (003), the club's before
    the holder draws again (002): every shipped profile's timing has its own text."""
    from engine.rules.profile import load_profile, variant_names

    for lang in ("en", "ru"):
        texts = catalogue(lang)
        for name in variant_names():
            timing = load_profile(name).declaring.carte_blanche_timing
            assert f"play.blanche_explain_{timing}" in texts, (lang, name)
    assert "draw" in catalogue("en")["play.blanche_explain_first_appearance"]


@pytest.mark.parametrize("lang, words", [("en", ("Choose a file", "up to 1 MB")),
                                         ("ru", ("Выбрать файл", "до 1 МБ"))])
def test_replay_uploader_speaks_the_page_language(lang, words):
    """Streamlit writes the uploader's button and size note in English; the page
    restyles them in the learner's language (no English inside the Russian page)."""
    at = run_page("replay", lang)

    def styles(node):
        body = getattr(getattr(node, "proto", None), "body", "")
        found = [body] if isinstance(body, str) and "stFileUploaderDropzone" in body else []
        children = getattr(node, "children", None)
        for child in (children.values() if isinstance(children, dict) else []):
            found += styles(child)
        return found

    css = " ".join(styles(at._tree))
    assert all(f'content:"{w}' in css for w in words), css
