"""The Play page's computer moves and hints in worker processes (issue 56, item 5:
app_pages.bot_worker on app_pages.worker_pool): a move worked out in a worker is the one
the page works out itself; a worker that dies leaves the move to the page with one
warning; an answer for a table that changed since is dropped; a busy pool queues."""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from types import SimpleNamespace

import pytest

import engine.bots.search as search
from app_pages import bot_worker
from app_pages.play_parts import table_token
from app_pages.session import MachineTurn, PlaySession, play_turn


@pytest.fixture
def by_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """Searches count their deals only: the safety bound in seconds, which a loaded
    machine may reach, is out of the way (in this process)."""
    monkeypatch.setattr(search, "deadline", lambda seconds=0.0: float("inf"))


@pytest.fixture
def state(monkeypatch: pytest.MonkeyPatch) -> dict[str, object]:
    """The tab's session state, as bot_worker reads it."""
    held: dict[str, object] = {}
    monkeypatch.setattr(bot_worker, "st", SimpleNamespace(session_state=held))
    return held


@pytest.fixture
def pool(monkeypatch: pytest.MonkeyPatch) -> Iterator[bot_worker.WorkerPool]:
    """The bot pool with one worker process, stopped after the test."""
    monkeypatch.setenv(bot_worker.WORKERS_ENV, "1")
    bot_worker.POOL.drop()
    yield bot_worker.POOL
    running = bot_worker.POOL.executor()
    bot_worker.POOL.drop()
    if running is not None:
        running.shutdown(cancel_futures=True)


def inline_game(variant: str, level: str, seed: int, moves: int) -> list[str]:
    """The game as the page played it before workers: every move made in place."""
    s = PlaySession.new(variant, seed=seed, level=level)
    s.autoplay(moves)
    return [str(a) for a in s.deal.actions]


def deferred_game(variant: str, level: str, seed: int, moves: int,
                  answer: Callable[[PlaySession], None]) -> list[str]:
    """The same game deferred: ``answer`` works out the computer's moves (the learner's
    too, by the auto-play helper) until ``moves`` of the learner's are made."""
    s = PlaySession.new(variant, seed=seed, level=level, defer=True)
    left = moves
    while not s.deal.is_over:
        if s.machine_turn() is not None:
            answer(s)
            continue
        if left == 0 or not s.human_to_move:
            break
        s.autoplay(1)   # one learner's move, by the helper, as a machine turn
        left -= 1
    return [str(a) for a in s.deal.actions]


def across_processes(s: PlaySession) -> None:
    """A machine turn pickled there and back, as the pool does."""
    import pickle

    turn = s.machine_turn()
    assert turn is not None
    turn = pickle.loads(pickle.dumps(turn))
    actions, player = pickle.loads(pickle.dumps(play_turn(turn)))
    assert s.machine_moved(turn, actions, player) is not None


@pytest.mark.parametrize("variant, level, moves", [
    ("two-handed", "expert", 6),      # the expert's memory of the opponent (two-handed)
    ("four-handed", "expert", 2),     # the search on the rules engine, three bot seats
    ("rubicon", "expert", 8),
    ("three-handed", "beginner", 200),   # the beginner's random slips: the RNG carried
    ("fildinski", "club", 200),
])
def test_a_deferred_game_is_the_game_played_in_place(by_deals, variant, level, moves):
    assert deferred_game(variant, level, 5, moves, across_processes) == \
        inline_game(variant, level, 5, moves)


def test_the_moves_worked_out_in_a_worker_are_the_pages_own(by_deals, pool, state):
    """The page's own flow (advance) with a worker process: the expert's and the
    helper's moves are those of the game played in place."""
    def through_the_pool(s: PlaySession) -> None:
        bot_worker.advance(s, table_token, grace=300)

    assert deferred_game("two-handed", "expert", 11, 5, through_the_pool) == \
        inline_game("two-handed", "expert", 11, 5)


def test_a_hint_worked_out_in_a_worker_is_the_pages_own(pool, state):
    s = PlaySession.new("two-handed", seed=4, level="club", defer=True)
    bot_worker.advance(s, table_token, grace=300)
    assert s.human_to_move
    bot_worker.ask_hint(s, table_token(s), "en")
    hint = bot_worker.take_hint(table_token(s), grace=300)
    assert hint is not None and hint == s.hint("en")


def waiting_for_the_bot(seed: int = 3) -> PlaySession:
    """A deferred two-handed game at the computer's move, after a move of the learner's."""
    s = PlaySession.new("two-handed", seed=seed, level="club", defer=True)
    s.run_machine()
    while s.machine_turn() is None:
        s.act(s.legal()[0])
    return s


def in_place(seed: int) -> list[str]:
    """The game of :func:`waiting_for_the_bot` with the computer's answer made in place."""
    twin = waiting_for_the_bot(seed)
    twin.run_machine()
    return [str(a) for a in twin.deal.actions]


def test_a_dead_worker_leaves_the_move_to_the_page_with_one_warning(pool, state, caplog):
    first, second = waiting_for_the_bot(3), waiting_for_the_bot(8)
    # Two tabs' moves handed to the worker, which dies on the first (out of memory).
    dies = pool.submit(os._exit, 1)
    queued = pool.submit(os.getpid)
    assert dies is not None and queued is not None
    caplog.set_level(logging.WARNING, logger="bezique.workers")
    for s, future, seed in ((first, dies, 3), (second, queued, 8)):
        turn = s.machine_turn()
        state[bot_worker.MOVE] = bot_worker.Job(table_token(s), future, 0.0, play_turn, (turn,))
        bot_worker.advance(s, table_token, grace=300)
        assert [str(a) for a in s.deal.actions] == in_place(seed)   # worked out in the page
    warnings = [r.getMessage() for r in caplog.records if r.name == "bezique.workers"]
    assert len(warnings) == 1 and "stopped" in warnings[0], warnings
    # The next move starts a new worker.
    fresh = pool.submit(os.getpid)
    assert fresh is not None and fresh.result(timeout=300) > 0


class _Held:
    """A pool that holds what it is handed: the test answers."""

    def __init__(self) -> None:
        self.handed: list[Future[object]] = []

    def submit(self, _fn: object, *_args: object) -> Future[object]:
        future: Future[object] = Future()
        self.handed.append(future)
        return future

    def size(self) -> int:
        return 1


def test_an_answer_for_a_table_that_changed_is_dropped(monkeypatch, state):
    held = _Held()
    monkeypatch.setattr(bot_worker, "POOL", held)
    s = waiting_for_the_bot()
    turn = s.machine_turn()
    assert isinstance(turn, MachineTurn)
    bot_worker.advance(s, table_token, grace=0)
    assert len(held.handed) == 1 and bot_worker.waiting(table_token(s)) is not None
    at_ask = list(s.deal.actions)
    assert s.undo()                      # the learner takes the move back meanwhile
    held.handed[0].set_result(play_turn(turn))
    bot_worker.advance(s, table_token, grace=0)
    assert list(s.deal.actions) == at_ask[:len(s.deal.actions)] and s.human_to_move
    assert state[bot_worker.MOVE] is None and bot_worker.waiting(table_token(s)) is None
    # The session itself refuses a turn it is no longer at.
    assert s.machine_moved(turn, *play_turn(turn)) is None


def test_a_hint_for_a_table_that_changed_is_dropped(monkeypatch, state):
    held = _Held()
    monkeypatch.setattr(bot_worker, "POOL", held)
    s = PlaySession.new("two-handed", seed=4, level="club", defer=True)
    s.run_machine()
    bot_worker.ask_hint(s, table_token(s), "en")
    s.act(s.legal()[0])                   # the learner plays without waiting for it
    held.handed[0].set_result(s.hint("en"))
    assert bot_worker.take_hint(table_token(s), grace=0) is None
    assert state[bot_worker.HINT] is None


def test_a_busy_pool_queues_the_moves_and_never_starts_more_workers(pool):
    futures = [pool.submit(os.getpid) for _ in range(8)]
    assert len({f.result(timeout=300) for f in futures if f is not None}) == 1


@pytest.mark.parametrize("raw, count", [("0", 0), ("3", 3), ("three", 0), (" 2 ", 2)])
def test_the_number_of_workers_reads_the_setting(monkeypatch, raw, count):
    monkeypatch.setenv(bot_worker.WORKERS_ENV, raw)
    assert bot_worker.POOL.size() == count


def test_by_default_one_worker_per_cpu(monkeypatch):
    monkeypatch.delenv(bot_worker.WORKERS_ENV)
    assert bot_worker.POOL.size() == len(os.sched_getaffinity(0))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_page_says_the_computer_is_thinking_and_then_longer(monkeypatch, lang):
    """While the move is worked out the page is drawn with the computer thinking (past
    SLOW_SECONDS, thinking longer: the server is busy); the next run shows the move."""
    from app_helpers import run_page

    from app_pages.i18n import translate

    held = _Held()
    monkeypatch.setattr(bot_worker, "POOL", held)
    monkeypatch.setattr(bot_worker, "SLOW_SECONDS", -1.0)
    s = waiting_for_the_bot()
    answer = play_turn(s.machine_turn())   # type: ignore[arg-type]
    at = run_page("play", lang, play=s)
    name = translate(lang, "table.opponent")
    shown = [m.value for m in at.markdown]
    assert f"**{translate(lang, 'play.status_thinking', name=name)}**" in shown
    assert [w.value for w in at.warning] == [
        translate(lang, "play.thinking_longer", name=name)]
    assert at.button(key="hint").disabled and len(held.handed) == 1
    held.handed[0].set_result(answer)
    at.run()
    assert [str(a) for a in s.deal.actions] == in_place(3) and len(held.handed) == 1
    assert s.human_to_move and not at.exception and not at.warning
    assert not any(translate(lang, "play.status_thinking", name=name) in m.value
                   for m in at.markdown)


def test_an_answer_in_but_not_yet_taken_keeps_the_page_looking(monkeypatch, state):
    """The answer may come in between the run's last look and its drawing of the page:
    the page must still poll, or it would say "thinking" for ever."""
    held = _Held()
    monkeypatch.setattr(bot_worker, "POOL", held)
    s = waiting_for_the_bot()
    turn = s.machine_turn()
    assert turn is not None
    bot_worker.advance(s, table_token, grace=0)
    token = table_token(s)
    assert bot_worker.waiting(token) is not None and not bot_worker.answered(token)
    held.handed[0].set_result(play_turn(turn))
    assert bot_worker.waiting(token) is not None and bot_worker.answered(token)
