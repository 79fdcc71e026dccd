"""The Play page's named options that change who plays (no-trump for two to four),
carried by the session through a new game, a save and its reload, and the replay; the
end-of-deal line with every player's score; Fildinski's laid-out captures on the table."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("streamlit")
from test_app import run_page, shown_html  # noqa: E402

from app_pages.i18n import catalogue  # noqa: E402
from app_pages.session import PlaySession, seat_options  # noqa: E402
from engine.bots.review import Budget  # noqa: E402
from engine.errors import CorruptSaveError  # noqa: E402
from engine.rules.profile import load_profile, variant_names, variant_options  # noqa: E402
from engine.rules.replay import Replay, load_game  # noqa: E402

# A page opened at the end of a deal reviews it by itself: at the game's floor that took
# 40 s of a three-handed deal. These tests read the deal's end, not the review.
QUICK_REVIEW = Budget(deals=1, confirm_deals=1, hint_deals=1)


def test_only_no_trump_offers_the_number_of_players():
    assert [o.id for o in seat_options(load_profile("no-trump"))] == ["players"]
    for variant in ("two-handed", "three-handed", "club", "fildinski"):
        assert seat_options(load_profile(variant)) == []
    at = run_page("play", variant="two-handed", play_seed=1, level="random")
    assert not [w for w in at.button_group if w.key == "play_opt_players"]


def test_seat_options_are_the_variants_own_options():
    """The picker offers what the engine accepts for the variant, and nothing else."""
    for variant in variant_names():
        offered = seat_options(load_profile(variant))
        assert {o.id for o in offered} <= {o.id for o in variant_options(variant)}
    assert [o.id for o in seat_options(load_profile("joker"))] == ["joker.players"]
    assert seat_options(load_profile("fildinski-four-handed")) == []


def test_a_log_with_another_variants_option_is_refused():
    """The review's log: ``players=3`` on four-handed Fildinski used to load with no
    legal move; it is a corrupt save now, and no game is started from it."""
    data = PlaySession.new("fildinski-four-handed", seed=1, level="random").to_json()
    data["options"] = [["players", "3"]]
    with pytest.raises(CorruptSaveError, match="does not apply to variant"):
        PlaySession.loads(json.dumps(data))
    with pytest.raises(CorruptSaveError):
        load_game(json.dumps(data))


def test_no_trump_for_three_from_the_play_page():
    at = run_page("play", variant="no-trump", play_seed=3, level="random")
    picker = at.button_group(key="play_opt_players")
    assert picker.value == "2"   # the profile's own reading is shown as chosen
    picker.set_value("3").run()
    assert not at.exception
    s = at.session_state["play"]
    assert s.deal.profile.name == "no-trump" and s.deal.profile.players == 3
    assert s.options == (("players", "3"),)
    assert at.button_group(key="play_opt_players").value == "3"
    html = shown_html(at)
    assert "Left opponent" in html and "Right opponent" in html
    # a further game keeps the choice; a move works
    at.button(key="new_game").click().run()
    assert at.session_state["play"].deal.profile.players == 3
    at.button_group(key="play_opt_players").set_value("4").run()
    assert at.session_state["play"].deal.profile.partnerships
    assert "Partner" in shown_html(at)


def test_options_survive_save_reload_and_replay():
    s = PlaySession.new("no-trump", seed=5, level="random", options=[("players", "3")])
    s.autoplay(6)
    data = s.to_json()
    assert data["options"] == [["players", "3"]]
    again = PlaySession.loads(json.dumps(data), level="random")
    assert again.options == s.options and again.deal.profile == s.deal.profile
    assert again.deal.actions == s.deal.actions
    game = load_game(s.dumps())
    replay = Replay(game)
    assert replay.at(1, replay.length(1)).deal.profile.players == 3
    at = run_page("replay", play=s)   # the replay page reloads the game from its save
    at.slider(key="replay_step").set_value(4).run()
    assert not at.exception
    assert "Right opponent" in shown_html(at)


@pytest.mark.parametrize("options", [[["players", "9"]], [["no_such", "x"]], "players=3",
                                     [["players"]]])
def test_bad_saved_options_are_a_corrupt_save(options: object):
    data = PlaySession.new("no-trump", seed=1, level="random").to_json()
    data["options"] = options
    with pytest.raises(CorruptSaveError):
        PlaySession.loads(json.dumps(data))


def test_table_rules_toggle_is_one_of_the_options():
    at = run_page("play", variant="club", play_seed=2, level="random")
    at.toggle(key="play_table_rules").set_value(True).run()
    s = at.session_state["play"]
    assert ("infractions", "penalise") in s.options and s.deal.profile.infractions == "penalise"
    again = PlaySession.loads(s.dumps(), level="random")
    assert again.deal.profile.infractions == "penalise"
    at.toggle(key="play_table_rules").set_value(False).run()
    assert at.session_state["play"].options == ()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_three_player_deal_end_names_every_player(lang: str):
    s = PlaySession.new("three-handed", seed=2, level="random")
    s.autoplay_to_end()
    assert s.deal.is_over and not s.game.is_over
    at = run_page("play", lang=lang, play=s, hand_review_budget=QUICK_REVIEW)
    line = next(m.value for m in at.success)
    cat = catalogue(lang)
    for seat, role in ((s.human, "you"), ((s.human + 1) % 3, "left"), ((s.human + 2) % 3, "right")):
        assert cat[f"table.{role}"] in line
        assert str(s.deal.scores[seat]) in line


def test_two_player_deal_end_names_the_computer():
    s = PlaySession.new("two-handed", seed=2, level="random")
    s.autoplay_to_end()
    at = run_page("play", play=s, hand_review_budget=QUICK_REVIEW)
    line = next(m.value for m in at.success)
    assert line == (f"Deal over: You {s.deal.scores[s.human]}, "
                    f"Computer {s.deal.scores[s.bot]}.")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_fildinski_table_shows_laid_captures_by_combination(lang: str):
    s = PlaySession.new("fildinski", seed=4, level="random")
    while not any(s.deal.laid) and not s.deal.is_over:
        s.autoplay(1)
    assert any(s.deal.laid)
    at = run_page("play", lang=lang, play=s)
    html = shown_html(at)
    cat = catalogue(lang)
    assert cat["play.laid_caption"] in [c.value for c in at.caption]
    player = next(p for p in range(2) if s.deal.laid[p])
    from engine.rules.view import PlayerView

    kinds = [kind for kind, _ in PlayerView.of(s.deal, player).laid_groups(player)]
    assert kinds and all(f'data-laid="{kind}"' in html for kind in kinds)
    assert html.count("bz-laidbox") == 2   # both players' laid-out cards


def test_no_laid_cards_box_outside_capture_variants():
    at = run_page("play", variant="two-handed", play_seed=1, level="random")
    assert "bz-laidbox" not in shown_html(at)
    assert catalogue("en")["play.laid_caption"] not in [c.value for c in at.caption]
