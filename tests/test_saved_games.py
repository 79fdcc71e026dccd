"""Games of the Play page saved in the progress store (migration 7): every action
rewrites the learner's game, a learner finds the latest again, old games are pruned
(docs/serving.md's rule: the 20 most recently played per learner, none older than 30
days), on SQLite and PostgreSQL (``_store_backends``)."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from _store_backends import BACKENDS, Places, places_fixture
from app_helpers import pick, pickable, run_page
from streamlit.testing.v1 import AppTest

from app_pages.session import PlaySession
from engine.rules.game import Game
from engine.rules.profile import load_profile
from puzzles.store import (
    GAME_DAYS_KEPT,
    GAMES_KEPT,
    MIGRATIONS,
    SCHEMA_VERSION,
    GameMovedOn,
    ProgressStoreError,
    open_store,
)

places = pytest.fixture(params=BACKENDS)(places_fixture)
T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def _game_text(seed: int, moves: int) -> str:
    game = Game.new(load_profile("two-handed"), random.Random(seed))
    for _ in range(moves):
        game.deal.apply(game.deal.legal_actions()[0])
    return game.dumps()


def test_migration_7_adds_saved_games_on_each_backend(places: Places) -> None:
    assert SCHEMA_VERSION == len(MIGRATIONS) >= 7
    target = places.new()
    with open_store(target) as store:
        store._db.set_version(5)           # a store from before saved games
        store.learner_id("ann")
    with open_store(target) as store:      # migrated forward, rows kept
        assert store.schema_version == SCHEMA_VERSION and store.learners() == ["ann"]
        assert store.saved_games("ann") == [] and store.latest_game("ann") is None


def test_a_game_is_rewritten_at_each_action_and_found_again(places: Places) -> None:
    target = places.new()
    with open_store(target) as store:
        game_id = store.save_game("ann", _game_text(1, 0), "two-handed", "beginner", 0,
                                  False, at=T0)
        for moves in (1, 2, 3):
            assert store.save_game("ann", _game_text(1, moves), "two-handed", "beginner",
                                   moves, False, game_id, at=T0 + timedelta(seconds=moves)
                                   ) == game_id
        other = store.save_game("bob", _game_text(2, 5), "rubicon", "club", 5, True, at=T0)
    with open_store(target) as store:      # another process, after a restart
        saved = store.latest_game("ann")
        assert saved is not None and saved.id == game_id and saved.moves == 3
        assert saved.game == _game_text(1, 3) and not saved.finished
        assert Game.loads(saved.game).deal.actions == Game.loads(_game_text(1, 3)).deal.actions
        bob = store.latest_game("bob")
        assert bob is not None and (bob.id, bob.variant, bob.level, bob.finished) == (
            other, "rubicon", "club", True)
        # Another learner's id is never written over: ann's save becomes a new game.
        assert store.save_game("ann", _game_text(3, 0), "two-handed", "", 0, False, other,
                               at=T0 + timedelta(minutes=1)) not in (other, game_id)
        assert store.latest_game("bob") == bob
        assert [g.moves for g in store.saved_games("ann")] == [0, 3]


def test_a_session_resumes_at_the_same_move(places: Places) -> None:
    session = PlaySession.new("two-handed", seed=5)
    for _ in range(6):
        session.act(session.legal()[0])
    with open_store(places.new()) as store:
        game_id = store.save_game("ann", session.dumps(), "two-handed", session.level,
                                  len(session.deal.actions), session.game.is_over)
        saved = store.latest_game("ann")
    assert saved is not None and saved.id == game_id
    again = PlaySession.loads(saved.game, saved.level)
    assert again.deal.actions == session.deal.actions
    assert again.deal.hands == session.deal.hands and again.human_to_move


def test_old_games_are_pruned_by_the_documented_rule(places: Places) -> None:
    with open_store(places.new()) as store:
        # Untouched for more than GAME_DAYS_KEPT days: removed when a game starts.
        stale = store.save_game("cid", "{}", "two-handed", "", 0, False, at=T0)
        fresh = store.save_game("cid", "{}", "two-handed", "", 0, False,
                                at=T0 + timedelta(days=GAME_DAYS_KEPT - 1))
        assert [g.id for g in store.saved_games("cid")] == [fresh, stale]
        store.save_game("dan", "{}", "two-handed", "", 0, False,
                        at=T0 + timedelta(days=GAME_DAYS_KEPT, seconds=1))
        assert [g.id for g in store.saved_games("cid")] == [fresh]
        # At most GAMES_KEPT per learner: the most recently played are kept.
        ids = [store.save_game("eve", "{}", "two-handed", "", n, True,
                               at=T0 + timedelta(days=40, minutes=n))
               for n in range(GAMES_KEPT + 3)]
        kept = [g.id for g in store.saved_games("eve")]
        assert kept == ids[::-1][:GAMES_KEPT]
        # Playing an old game again keeps it: updated, it is the most recent.
        store.save_game("eve", "{}", "two-handed", "", 99, False, kept[-1],
                        at=T0 + timedelta(days=41))
        assert store.latest_game("eve").id == kept[-1]   # type: ignore[union-attr]
        # Everything is older than GAME_DAYS_KEPT days later: eve's, dan's and cid's.
        assert store.prune_games(at=T0 + timedelta(days=41 + GAME_DAYS_KEPT + 1)) == (
            GAMES_KEPT + 2)
        assert store.saved_games("eve") == store.saved_games("dan") == []
        assert store.saved_games("cid") == []


def test_an_oversized_game_is_refused_with_the_stores_error(places: Places) -> None:
    with open_store(places.new()) as store, pytest.raises(ProgressStoreError):
        store.save_game("ann", "x" * 1_000_001, "two-handed", "", 0, False)


# --- the Play page: saved at every action, resumed in a new browser session ------------

def _play_a_few(at: AppTest, count: int) -> None:
    for _ in range(count):
        cards = [c for c, state in pickable(at, "play_table").items() if state != "illegal"]
        if cards:
            pick(at, "play_table", cards[0])
        else:   # the declare phase: draw
            at.button(key="act_draw").click().run()
        assert not at.exception


def test_the_play_page_saves_each_action_and_a_new_session_resumes_it() -> None:
    at = run_page("play", variant="rubicon", level="club")
    _play_a_few(at, 4)
    played = at.session_state["play"]
    with open_store() as store:
        saved = store.latest_game("guest")
    assert saved is not None and saved.id == played.saved_as and saved.variant == "rubicon"
    assert saved.moves == len(played.deal.actions) and saved.level == "club"
    # A new browser session (the server restarted, or another device): the same move.
    again = run_page("play")
    resumed = again.session_state["play"]
    assert resumed is not played and resumed.saved_as == saved.id
    assert resumed.deal.actions == played.deal.actions
    assert resumed.deal.hands == played.deal.hands
    assert resumed.deal.profile.name == "rubicon" == again.session_state["variant"]
    assert any("Welcome back" in i.value for i in again.info)
    _play_a_few(again, 1)              # plays on, over the same saved game
    with open_store() as store:
        assert [g.id for g in store.saved_games("guest")] == [saved.id]
        assert store.latest_game("guest").moves > saved.moves   # type: ignore[union-attr]
    # "New game" is a new saved game; the last one played is the one resumed.
    again.button(key="new_game").click().run()
    with open_store() as store:
        games = store.saved_games("guest")
    assert len(games) == 2 and games[0].id == again.session_state["play"].saved_as


def test_a_store_that_fails_never_stops_play(monkeypatch: pytest.MonkeyPatch,
                                             tmp_path: Path) -> None:
    secret = "s3cr3t-pw"
    monkeypatch.setenv("BEZIQUE_DATABASE_URL",
                       f"postgresql://bezique:{secret}@127.0.0.1:9/bezique?connect_timeout=2")
    at = run_page("play", play_seed=4)
    warnings = " ".join(w.value for w in at.warning)
    assert "cannot be saved" in warnings and "127.0.0.1" in warnings
    assert secret not in warnings and at.session_state["play"].saved_as is None
    before = len(at.session_state["play"].deal.actions)
    _play_a_few(at, 2)                 # the game goes on in this tab
    assert len(at.session_state["play"].deal.actions) > before
    # The store is back: the next action saves the game.
    monkeypatch.delenv("BEZIQUE_DATABASE_URL")
    _play_a_few(at, 1)
    assert not at.warning and at.session_state["play"].saved_as is not None


def test_a_saved_game_that_cannot_be_replayed_gives_a_new_game() -> None:
    with open_store() as store:
        store.save_game("guest", '{"deals": "no"}', "two-handed", "club", 3, False)
    at = run_page("play")
    assert any("could not be read" in w.value for w in at.warning)
    assert at.session_state["play"].saved_as is not None    # the new game, saved


# --- two tabs of one learner (reliability review 3, m2) ------------------------------------

def test_a_save_from_a_stale_version_is_refused(places: Places) -> None:
    with open_store(places.new()) as store:
        game_id = store.save_game("ann", _game_text(1, 0), "two-handed", "", 0, False, at=T0)
        assert store.saved_game("ann", game_id).version == 0   # type: ignore[union-attr]
        store.save_game("ann", _game_text(1, 1), "two-handed", "", 1, False, game_id,
                        version=0)
        store.save_game("ann", _game_text(1, 2), "two-handed", "", 2, False, game_id,
                        version=1)
        with pytest.raises(GameMovedOn):   # a tab that last saw version 1
            store.save_game("ann", _game_text(1, 9), "two-handed", "", 9, False, game_id,
                            version=1)
        kept = store.saved_game("ann", game_id)
        assert kept is not None and kept.moves == 2 and kept.version == 2
        assert store.saved_game("bob", game_id) is None


def test_two_tabs_of_one_learner_never_overwrite_each_others_moves() -> None:
    first = run_page("play", play_seed=6)
    _play_a_few(first, 2)
    second = run_page("play")            # the learner's second tab takes the game up
    assert second.session_state["play"].saved_as == first.session_state["play"].saved_as
    _play_a_few(second, 3)
    ahead = list(second.session_state["play"].deal.actions)
    _play_a_few(first, 1)                # the first tab, behind, plays on
    taken = first.session_state["play"]
    assert list(taken.deal.actions) == ahead   # it was told, and took the game up
    assert any("went on in another of your tabs" in w.value for w in first.warning)
    with open_store() as store:
        assert store.latest_game("guest").moves == len(ahead)   # type: ignore[union-attr]
    _play_a_few(first, 1)                # and plays on from there, saving again
    with open_store() as store:
        assert store.latest_game("guest").moves > len(ahead)   # type: ignore[union-attr]


# --- the Game log's list (app review 3, #4) -------------------------------------------------

def test_the_game_list_holds_every_kept_game_with_its_result(places: Places) -> None:
    with open_store(places.new()) as store:
        ids = [store.save_game("ann", _game_text(n, n), "two-handed", "expert", n, n % 2 == 1,
                               at=T0 + timedelta(minutes=n),
                               result=f'{{"outcome": "won", "scores": [{n}, 0]}}')
               for n in range(GAMES_KEPT + 2)]
        store.save_game("bob", _game_text(1, 1), "rubicon", "club", 1, False, at=T0)
        listed = store.game_list("ann")
        # the most recently played first, bounded (the oldest pruned), none of bob's
        assert [g.id for g in listed] == ids[::-1][:GAMES_KEPT]
        newest = listed[0]
        assert (newest.variant, newest.level, newest.moves, newest.finished) == (
            "two-handed", "expert", GAMES_KEPT + 1, True)
        assert newest.result == f'{{"outcome": "won", "scores": [{GAMES_KEPT + 1}, 0]}}'
        assert newest.updated.startswith("2026-03-01T12:21")
        # each kept game read whole by its id, never another learner's
        whole = store.saved_game("ann", newest.id)
        assert whole is not None and whole.game == _game_text(GAMES_KEPT + 1, GAMES_KEPT + 1)
        assert whole.result == newest.result
        assert store.saved_game("bob", newest.id) is None
        assert store.saved_game("ann", ids[0]) is None      # pruned
        # a save over a game rewrites its result, and it moves to the top
        store.save_game("ann", _game_text(3, 4), "two-handed", "expert", 4, False,
                        listed[-1].id, at=T0 + timedelta(hours=1), result='{"deal": 2}')
        again = store.game_list("ann")
        assert again[0].id == listed[-1].id and again[0].result == '{"deal": 2}'


def test_migration_10_runs_again_over_a_store_that_has_its_column(places: Places) -> None:
    target = places.new()
    with open_store(target) as store:
        game_id = store.save_game("ann", _game_text(1, 2), "two-handed", "club", 2, False,
                                  at=T0, result='{"deal": 1}')
        store._db.set_version(9)           # as if from before results were kept
    with open_store(target) as store:      # migrated again: the column is there already
        assert store.schema_version == SCHEMA_VERSION
        assert [g.id for g in store.game_list("ann")] == [game_id]
