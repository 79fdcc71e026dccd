"""The review of a hand (engine.bots.review), ``bezique review``, drills (puzzles.drills)
and the review on the Play page, with small search budgets."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime, timedelta
from functools import cache
from pathlib import Path

import pytest
from app_helpers import run_page

from app_pages.session import PlaySession
from engine.bots.coach import BotPlayer, playoff_verdicts
from engine.bots.playoff import playoff_values
from engine.bots.review import MIN_COST, Budget, judge, review_deal, review_game
from engine.cli import main
from engine.notation.actions import Action, ActionType
from engine.rules.deal import DECLARE, Deal
from engine.rules.game import Game
from engine.rules.profile import load_profile
from engine.rules.view import PlayerView
from puzzles import drills, themes, trainer
from puzzles.store import open_store

SMALL = Budget(deals=4, confirm_deals=8, hint_deals=2)


@cache
def blundered_game(variant: str = "two-handed", seed: int = 11) -> str:
    """A deal played by beginner bots in which player 1 once gives away points in the
    play-off: the solver's worst card at the first decision where one loses points."""
    game = Game.new(load_profile(variant), random.Random(seed))
    deal = game.deal
    bots = [BotPlayer("beginner", random.Random(seed + p)) for p in range(deal.profile.players)]
    blundered = False
    while not deal.is_over:
        seat = deal.to_move
        verdicts = playoff_verdicts(deal) if seat == 0 and not blundered else None
        if verdicts and max(v.loss for v in verdicts.values()) > 0:
            deal.apply(Action.play(max(verdicts, key=lambda c: verdicts[c].loss)))
            blundered = True
            continue
        deal.apply(bots[seat].choose_in(deal, seat))
    assert blundered
    return game.dumps()


def test_playoff_costs_are_the_solvers_value_differences():
    game = Game.loads(blundered_game())
    review = review_game(game, 0, budget=SMALL)
    exact = [d for d in review.decisions if d.exact]
    assert exact and any(d.flagged for d in exact)
    for decision in exact:
        view = PlayerView.of(decision.position_deal(), 0)
        values = playoff_values(view)
        assert decision.cost == max(values.values()) - values[decision.played.card]
        assert decision.flagged == (decision.cost > 0) and decision.low == decision.high
        if decision.flagged:
            assert values[decision.better.card] == max(values.values())
            assert 1 <= len(decision.why("en")) <= 3 and decision.why("ru")
    flagged = review.flagged
    assert list(flagged) == sorted(flagged, key=lambda d: -d.cost)
    assert review.decisions[:len(flagged)] == flagged


@pytest.mark.parametrize("variant", ["three-handed", "rubicon"])
def test_estimates_flag_only_clear_losses(variant):
    game = Game.new(load_profile(variant), random.Random(4))
    deal = game.deal
    bots = [BotPlayer("beginner", random.Random(p)) for p in range(deal.profile.players)]
    for _ in range(24):   # the deal's first decisions are enough to judge
        deal.apply(bots[deal.to_move].choose_in(deal, deal.to_move))
    review = review_deal(deal, 0, budget=SMALL)
    assert review.decisions and not any(d.exact for d in review.decisions)
    for decision in review.decisions:
        assert decision.flagged == (decision.low > 0 and decision.cost >= MIN_COST)
        if decision.played == decision.better:
            assert decision.cost == 0 and not decision.flagged
    again = review.decisions[0]
    same = judge(again.position_deal(), 0, again.played, SMALL)
    assert (same.cost, same.low, same.high) == (again.cost, again.low, again.high)


def test_judge_refuses_an_action_that_is_not_legal():
    game = Game.loads(blundered_game())
    decision = review_game(game, 0, budget=SMALL).flagged[0]
    deal = decision.position_deal()
    illegal = next(Action.play(c) for c in range(64) if Action.play(c) not in
                   deal.legal_actions())
    with pytest.raises(ValueError):
        judge(deal, 0, illegal, SMALL)


# --- the command line --------------------------------------------------------------------

def run_cli(args, capsys):
    code = main(["review", *args, "--deals", "4"])
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_prints_one_line_per_flagged_decision(tmp_path: Path, capsys):
    path = tmp_path / "game.json"
    path.write_text(blundered_game(), encoding="utf-8")
    code, out, err = run_cli([str(path)], capsys)
    assert code == 0 and not err
    lines = out.strip().splitlines()
    assert lines and all(line.startswith("deal 1, trick ") for line in lines)
    assert any("exact" in line for line in lines)
    code, out, _ = run_cli([str(path), "--json", "--lang", "ru"], capsys)
    found = json.loads(out)
    assert code == 0 and found["variant"] == "two-handed" and found["seat"] == 1
    assert len(found["flagged"]) == len(lines)
    assert all(item["why"] and item["cost_text"] for item in found["flagged"])


def _tampered() -> str:
    data = json.loads(blundered_game())
    data["deals"][-1]["actions"][5] = "play AS#1" if data["deals"][-1]["actions"][5] != \
        "play AS#1" else "play AS#2"
    data["deals"][-1]["actions"][6] = "declare bezique QS#1 JD#1"
    return json.dumps(data)


@pytest.mark.parametrize("content", [
    "{not json", "[]", json.dumps({"format": "something else"}), "\xff\xfe", "",
    "TAMPERED", "HUGE"])
def test_cli_refuses_bad_files_with_one_line(tmp_path: Path, capsys, content):
    path = tmp_path / "game.json"
    if content == "TAMPERED":
        content = _tampered()
    if content == "HUGE":
        content = " " * 1_100_000
    path.write_bytes(content.encode("utf-8", "surrogateescape")
                     if content != "\xff\xfe" else b"\xff\xfe{")
    code, out, err = run_cli([str(path)], capsys)
    assert code == 1 and not out
    assert len(err.strip().splitlines()) == 1 and err.startswith("bezique: error:")
    assert "Traceback" not in err


def test_cli_refuses_a_missing_file_and_a_seat_not_at_the_table(tmp_path: Path, capsys):
    code, _, err = run_cli([str(tmp_path / "none.json")], capsys)
    assert code == 1 and len(err.strip().splitlines()) == 1
    path = tmp_path / "game.json"
    path.write_text(blundered_game(), encoding="utf-8")
    code, _, err = run_cli([str(path), "--seat", "3"], capsys)
    assert code == 1 and "no player 3" in err


# --- drills -----------------------------------------------------------------------------

def test_drills_round_trip_through_the_store(tmp_path: Path):
    decision = review_game(Game.loads(blundered_game()), 0, budget=SMALL).flagged[0]
    with open_store(tmp_path / "progress.sqlite3") as store:
        drill = drills.add(store, "ann", decision)
        assert drills.add(store, "ann", decision).id == drill.id   # kept once
        [kept] = drills.drills(store, "ann", "two-handed")
        assert (kept.seat, kept.played, kept.better) == (0, decision.played, decision.better)
        assert kept.deal.to_json() == decision.position
        assert [d.id for d in drills.due(store, "ann", "two-handed")] == [drill.id]
        assert drills.drills(store, "bob") == []
        wrong = drills.answer(store, "ann", kept, decision.played, budget=SMALL)
        assert not wrong.right and wrong.decision.better == decision.better
        right = drills.answer(store, "ann", kept, decision.better, budget=SMALL)
        assert right.right and right.due > wrong.due


def test_a_playoff_drill_is_an_endgame_puzzle_with_the_banks_themes(tmp_path: Path):
    """One queue: the drill is the endgame trainer's next puzzle while due; answered
    there it leaves the review cards' queue too; its themes come from the solver's
    line and its attempts count per theme like a bank puzzle's."""
    decision = review_game(Game.loads(blundered_game()), 0, budget=SMALL).flagged[0]
    with open_store(tmp_path / "progress.sqlite3") as store:
        drill = drills.add(store, "ann", decision)
        record = drills.endgame_puzzle(drill)
        assert record is not None and record["id"] == drill.puzzle_id
        assert record["themes"][0] == themes.BASE[("endgame", record["type"])]
        assert set(record["themes"]) <= set(themes.catalogue())
        assert record["themes"] == themes.derive(record)
        picked = trainer.pick(store, "ann", "endgame", random.Random(1), variant="two-handed")
        assert picked is not None and picked["id"] == drill.puzzle_id
        trainer.submit(store, "ann", picked, False, 0)
        assert drills.due(store, "ann", "two-handed") == []   # rescheduled, not due now
        later = drills.due(store, "ann", "two-handed", at=datetime.now(UTC) + timedelta(days=1))
        assert [d.id for d in later] == [drill.id]
        answered = drills.answer(store, "ann", drill, decision.better, budget=SMALL)
        assert answered.right and answered.themes == tuple(record["themes"])
        accuracy = {row["name"]: row for row in store.accuracy("ann", "theme:")}
        assert set(accuracy) == set(record["themes"])
        assert all(row["attempts"] == 2 and row["accuracy"] == 0.5 for row in accuracy.values())
        assert drills.is_drill_puzzle(store.attempts("ann")[0]["puzzle_id"])


def test_drills_before_the_playoff_take_their_themes_from_the_engine():
    """A card before the play-off: the hint's reasons; a declaration: the meld
    verdicts of its position."""
    assert themes.from_reasons(["keep_for", "partner_trick", "lead_low", "risk"]) == [
        "card_choice", "keep_meld", "feed_partner", "cheap_card"]
    deal = Deal.new(load_profile("two-handed"), random.Random(3), dealer=1)
    bots = [BotPlayer("club", random.Random(p)) for p in range(2)]
    declared = early = None
    while declared is None or early is None:
        legal = deal.legal_actions()
        melds = [a for a in legal if a.type is ActionType.DECLARE]
        if deal.phase == DECLARE and melds and declared is None:
            draw = next(a for a in legal if a.type is ActionType.DRAW)
            declared = drills.Drill(1, "two-handed", deal.to_move, deal.copy(), draw, melds[0])
        elif deal.phase != DECLARE and len(legal) > 1 and early is None:
            played = judge(deal.copy(), deal.to_move, legal[0], SMALL)
            early = drills.Drill(2, "two-handed", deal.to_move, deal.copy(), legal[0],
                                 played.better)
            record = drills.puzzle(early, played)
            assert record["kind"] == "play" and record["themes"][0] == "card_choice"
            assert record["themes"] == themes.from_reasons([r.key for r in played.reasons])
        deal.apply(bots[deal.to_move].choose_in(deal, deal.to_move))
    record = drills.puzzle(declared)
    assert record["kind"] == "meld" and record["themes"][0] == "which_now"
    assert set(record["themes"]) <= set(themes.catalogue())


# --- the app ----------------------------------------------------------------------------

def test_play_page_reviews_a_finished_deal_and_drills_a_decision():
    """The drills are the learner's to make when the learner turned off the drills that
    come by themselves: the review waits for its button, each decision for "Drill
    this"."""
    with open_store() as store:   # the suite's temporary store (tests/conftest.py)
        drills.set_auto(store, "by-hand", False)
    session = PlaySession.loads(blundered_game(), "club")
    assert session.deal.is_over
    at = run_page("play", play=session, hand_review_budget=SMALL, learner="by-hand")
    at.button(key="play_review_offer").click().run()
    assert not at.exception
    review = next(iter(at.session_state["hand_reviews"].values()))
    assert review.flagged
    text = " ".join(m.value for m in at.markdown)
    assert "you chose" in text and "exact" in text
    with open_store() as store:
        assert drills.drills(store, "by-hand") == []      # nothing without the learner
    at.button(key="play_review_0_drill").click().run()
    assert not at.exception and any("review cards" in s.value for s in at.success)
    at.session_state["variant"] = "two-handed"
    at.switch_page("app_pages/review_cards.py").run()
    assert not at.exception
    radio = next(r for r in at.radio if r.key.startswith("rc_drill_answer_"))
    radio.set_value(str(review.flagged[0].played)).run()
    at.button(key="rc_drill_check").click().run()
    assert not at.exception and at.session_state["rc_drill_result"]["right"] is False


def test_the_drilled_message_follows_a_change_of_language():
    with open_store() as store:
        drills.set_auto(store, "by-hand-2", False)
    session = PlaySession.loads(blundered_game(), "club")
    at = run_page("play", play=session, hand_review_budget=SMALL, learner="by-hand-2")
    at.button(key="play_review_offer").click().run()
    at.button(key="play_review_0_drill").click().run()
    assert any("review cards" in s.value for s in at.success)
    at.session_state["lang"] = "ru"
    at.run()
    assert not at.exception
    assert not any("review cards" in s.value for s in at.success)


def test_endgame_page_serves_a_due_playoff_drill_as_its_puzzle():
    """The learner's own play-off position is the endgame trainer's next puzzle."""
    decision = review_game(Game.loads(blundered_game()), 0, budget=SMALL).flagged[0]
    with open_store() as store:   # the suite's temporary store (tests/conftest.py)
        drill = drills.add(store, "drill-endgame", decision)
    at = run_page("endgame", learner="drill-endgame", variant="two-handed")
    assert at.session_state["eg_puzzle"]["id"] == drill.puzzle_id
    assert any("Your own position" in i.value for i in at.info)
    ru = run_page("endgame", "ru", learner="drill-endgame", variant="two-handed")
    assert any("Ваша позиция" in i.value for i in ru.info)


def test_migration_8_adds_drills_and_keeps_the_rest(tmp_path: Path):
    target = tmp_path / "progress.sqlite3"
    with open_store(target) as store:
        store.learner_id("ann")
        store.conn.execute("DROP TABLE drills")
        store.conn.execute("PRAGMA user_version = 7")   # a store from before drills
    with open_store(target) as store:
        assert store.schema_version >= 8 and store.learners() == ["ann"]
        assert store.drills("ann") == []
