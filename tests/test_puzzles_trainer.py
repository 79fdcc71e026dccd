"""Trainer logic: credit by hints, answer checks, hint ladders, fresh suit-permuted
instances, the endgame play-out against the solver, the timed run and i18n."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from engine.notation.cards import Rank
from puzzles import bank, i18n, meld_bank, srs, timed, trainer
from puzzles.permute import permute_card, permute_solve_position
from puzzles.store import open_store

T0 = datetime(2025, 1, 1, 12, 0, tzinfo=UTC)


def test_credit_ladder() -> None:
    assert [trainer.credit(True, h) for h in range(5)] == [1.0, 0.5, 0.25, 0.0, 0.0]
    assert trainer.credit(False, 0) == 0.0


def test_meld_checks_and_hints() -> None:
    records = bank.load("meld")
    for kind in ("spot", "best", "legal"):
        rec = next(r for r in records if r["type"] == kind and r.get("answer"))
        right = {"spot": rec["answer"], "best": rec["answer"].get("meld") if kind == "best"
                 else None, "legal": None}[kind]
        if kind == "legal":
            right = "legal" if rec["answer"]["legal"] else rec["answer"]["rule"]
        ok, scopes = trainer.check_meld(rec, right)
        assert ok and all(v == 1.0 for v in scopes.values())
        assert right in trainer.meld_options(rec) or kind == "spot"
        wrong, _ = trainer.check_meld(rec, [] if kind == "spot" else "nonsense")
        assert not wrong
        for lang in ("en", "ru"):
            hints = trainer.meld_hints(rec, lang)
            assert len(hints) == 3 and all(hints)
            assert trainer.meld_explanation(rec, lang)
            assert trainer.answer_text(rec, lang)


def test_fresh_instances_are_engine_verified() -> None:
    rng = random.Random(5)
    for rec in random.Random(1).sample(bank.load("meld"), 60):
        fresh = trainer.fresh_instance(rec, rng)
        assert fresh["answer"] == meld_bank.solve(fresh)
        assert fresh["id"] == rec["id"]
    rec = next(r for r in bank.load("endgame") if r["type"] == "best")
    fresh = trainer.fresh_instance(rec, rng)
    assert fresh["value"] == rec["value"]
    assert fresh["best"] == [permute_card(f, fresh["permutation"]) for f in rec["best"]]
    assert permute_solve_position(rec["position"], "SHDC") == rec["position"]


def _play_best(state: dict) -> dict:
    from puzzles import endgame

    while state["status"] == "playing":
        state = trainer.endgame_play(state, endgame.solution_of(state["position"]).best[0])
    return state


def test_endgame_playout_reaches_the_solver_value() -> None:
    for rec in random.Random(2).sample(bank.load("endgame"), 12):
        state = _play_best(trainer.endgame_start(rec))
        assert state["status"] == "solved"
        assert state["points"][state["me"]] == rec["value"]


def test_wrong_card_is_refuted_with_its_loss() -> None:
    rec = next(r for r in bank.load("endgame") if r["type"] == "best")
    state = trainer.endgame_start(rec)
    bad = next(f for f, v in rec["moves"].items() if v < rec["value"])
    after = trainer.endgame_play(state, bad, "en")
    assert after["status"] == "failed"
    assert after["lost"] == rec["value"] - rec["moves"][bad]
    assert f"loses {after['lost']}" in after["message"]
    assert trainer.endgame_play(state, "ZZ")["status"] == "playing"  # bad input is harmless
    assert len(trainer.endgame_hints(rec, state, "ru")) == 3


def test_pick_prefers_due_reviews(tmp_path: Path) -> None:
    with open_store(tmp_path / "p.sqlite3") as store:
        srs.set_enabled(store, "ann", True)
        rec = next(r for r in bank.load("meld") if r["type"] == "spot" and r["answer"])
        trainer.submit(store, "ann", rec, False, 0, scopes={f"meld:{rec['answer'][0]}": 0.0},
                       at=T0)
        nxt = trainer.pick(store, "ann", "meld", random.Random(1), at=T0 + timedelta(hours=1))
        assert nxt is not None and nxt.get("review")
        plain = trainer.pick(store, "bob", "endgame", random.Random(1), at=T0)
        assert plain is not None and "review" not in plain


def test_timed_run() -> None:
    run = timed.start(random.Random(3), seconds=60, now=0.0)
    first = timed.current(run)
    assert first is not None
    run = timed.answer(run, first["answer"], now=1.0)
    run = timed.answer(run, ["four_jacks", "bezique", "marriage"], now=2.0)
    assert run["score"] == 1 and len(run["misses"]) <= 1
    assert not timed.finished(run, now=59.0) and timed.finished(run, now=61.0)
    late = timed.answer(run, [], now=70.0)
    assert late["answered"] == run["answered"]


def test_every_message_has_both_languages() -> None:
    for key, pair in i18n.MESSAGES.items():
        assert len(pair) == 2 and all(pair), key
    for theme in {t for r in bank.load("meld") + bank.load("endgame") for t in r["themes"]}:
        assert i18n.theme_name(theme, "ru") != theme, theme


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_show_cards(lang: str) -> None:
    assert trainer.show_cards(["QS#2", "TD"], lang) == ("Q♠ 10♦" if lang == "en" else "Д♠ 10♦")


def test_four_handed_playout_reaches_the_solver_value_for_the_side() -> None:
    from puzzles import endgame

    records = [r for r in bank.load("endgame", "rubicon-four-handed") if r["type"] == "best"]
    assert len(records) >= 40
    # Issue #22: at least 60 full-length play-offs (7 to 9 tricks left).
    lengths = [endgame.position_of(r["position"]).tricks_left for r in records]
    assert sum(7 <= n <= 9 for n in lengths) >= 60
    for rec in random.Random(4).sample(records, 6):
        assert 2 <= endgame.position_of(rec["position"]).tricks_left <= 9
        state = _play_best(trainer.endgame_start(rec))
        assert state["status"] == "solved" and len(state["points"]) == 4
        scale = endgame.solution_of(rec["position"]).scale
        last, brisques = scale.breakdown(rec["value"])
        # The side's points: the partner's tricks count, and the last trick
        # is worth its bonus (the value ranks it above any brisques).
        assert trainer.side_points(state) == last + brisques
        position = endgame.position_of(rec["position"])
        on_board = [c for h in position.hands for c in h] + list(position.trick)
        assert sum(state["points"]) == scale.last_trick_bonus + scale.brisque_points * sum(
            c.rank in (Rank.ACE, Rank.TEN) for c in on_board)
        # The engine played the other three seats: every card shows its seat.
        assert len(state["played"]) == 4 * endgame.position_of(rec["position"]).tricks_left \
            - len(rec["position"]["trick"])


def test_four_handed_messages_name_the_seats() -> None:
    rec = bank.load("endgame", "rubicon-four-handed")[0]
    state = trainer.endgame_start(rec)
    assert trainer.other_seats(state) == [(state["me"] + i) % 4 for i in (1, 2, 3)]
    names = {trainer.seat_name(state["me"], s, 4, "ru") for s in trainer.other_seats(state)}
    assert names == {"Противник слева", "Партнёр", "Противник справа"}
    best = rec["best"][0]
    after = trainer.endgame_play(state, best, "en")
    assert after["status"] in ("playing", "solved")
    if after["status"] == "playing":
        assert "The engine plays for the other seats" in after["message"]
    bad = next(f for f, v in rec["moves"].items() if v < rec["value"])
    failed = trainer.endgame_play(state, bad, "ru")
    assert failed["status"] == "failed" and "для вашей пары" in failed["message"]


def test_every_refusal_in_the_meld_banks_has_a_name_in_both_languages() -> None:
    """A refused meld is explained by the rule's name, never by its internal id."""

    from puzzles.i18n import rule_name

    rules = set()
    for variant in bank.variants("meld"):
        for record in bank.load("meld", variant):
            answer = record.get("answer")
            if isinstance(answer, dict) and not answer.get("legal", True):
                rules.add(answer["rule"])
    assert "reuse.reform" in rules
    for rule in rules:
        for lang in ("en", "ru"):
            assert rule_name(rule, lang) != rule, (rule, lang)
