"""The judge of stock-play puzzles (issue 53 item 1): paired estimates over the same
deals of the unseen cards, one move clearly best or no puzzle, copies of a card one
move, the evidence as a player reads it, records whose tampering is refused."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from engine.bots.fastplay import FastDeal, from_action, rules_for
from engine.bots.judgement import CONFIRM_Z, clearly_best
from engine.bots.policy import HEURISTIC, tuned_weights
from engine.bots.search import estimate_position, margin, rollout, static_value
from engine.errors import BeziqueError
from engine.notation.actions import Action
from engine.notation.cards import parse_card
from engine.rules.deal import Deal
from engine.rules.effects import same_effect
from engine.rules.profile import load_profile
from engine.rules.view import PlayerView, sample_unseen
from puzzles import bank, stock_bank, themes
from puzzles.stock_evidence import evidence
from puzzles.stock_judge import (
    MIN_COST,
    THEMES,
    is_clear_only_move,
    judge_position,
)

ROOT = Path(__file__).resolve().parents[1]
# A two-handed deal at the last trick of the stock: the opponent has led 7♦ (trumps are
# diamonds), A♦ is the only card that takes it, and the winner may declare four kings
# (80) from the hand, the last declaration of the deal (club bots' game, seed 963).
WIN_TO_DECLARE = json.loads((ROOT / "tests/data/stock_win_to_declare.json").read_text())


def win_to_declare() -> Deal:
    return Deal.from_json(WIN_TO_DECLARE)


def first_lead() -> Deal:
    return Deal.new(load_profile("two-handed"), random.Random(3), dealer=0)


def direct_value(deal: Deal, move: Action, seed: int) -> float:
    """One deal of the unseen cards played out by hand, as the expert's search plays a
    line before the last stock tricks: the unseen cards split by the seeded RNG, the
    move, six tricks of the rules of thumb (the seat's tuned ones, the opponent's
    plain ones) on the fast simulator, then the point margin plus what the hands hold."""
    view = PlayerView.of(deal, deal.to_move)
    rng = random.Random(seed)
    opponent_hand, draw_order = sample_unseen(view, rng)
    line_seed = rng.getrandbits(32)
    holds: list[list[int]] = [[], []]
    holds[view.seat] = sorted(view.holding)
    holds[view.opponent] = sorted([*opponent_hand, *view.tables[view.opponent]])
    state = FastDeal.from_parts(view, holds, list(reversed(draw_order)))
    state.apply(from_action(rules_for(view.profile, view.trump), move))
    weights = tuple(tuned_weights(view.profile) if p == view.seat else HEURISTIC
                    for p in range(2))
    rollout(state, random.Random(line_seed), 0.1, 6, "heuristic", weights)
    return margin(state, view.seat, static_value)


def test_a_one_deal_judgement_is_the_direct_playout_of_every_move() -> None:
    """Paired: on a budget of one deal, every move's value is that move played out in
    the one same deal of the unseen cards, with the same seed for the rest of the line."""
    deal = first_lead()
    for seed in (1, 2, 3):
        verdict = judge_position(deal, deal.to_move, budget_deals=1, seed=seed)
        assert verdict.deals == 1
        for option in verdict.options:
            assert option.mean == pytest.approx(direct_value(deal, option.action, seed))
            # one deal: no interval can exclude zero, so no puzzle
            assert option is verdict.best or option.low == float("-inf")
        assert not is_clear_only_move(verdict)


def test_the_judge_is_the_review_s_estimator() -> None:
    """No second estimator: the costs and intervals are estimate_position's own."""
    deal = first_lead()
    verdict = judge_position(deal, deal.to_move, budget_deals=6, seed=11)
    estimates = {e.action: e for e in estimate_position(deal, deal.to_move, 11, deals=6)}
    for option in verdict.options:
        estimate = estimates[option.action]
        assert (option.loss, option.low, option.high) == pytest.approx(
            (estimate.loss, estimate.low, estimate.high))
        assert option.better + option.equal <= verdict.deals


def test_a_puzzle_is_what_the_review_s_judgement_finds_clearly_best() -> None:
    """The same rule, deals and seeds as engine.bots.judgement.clearly_best: a stock
    puzzle is a position where it finds a move clearly best (here without the screen,
    which only gives up early on positions that would not pass)."""
    positions = [win_to_declare()]
    deal, rng = first_lead(), random.Random(9)
    while not deal.in_playoff and len(positions) < 5:
        if len(deal.legal_actions()) > 1 and deal.stock_count < 40:
            positions.append(deal.copy())
        deal.apply(rng.choice(deal.legal_actions()))
    for position in positions:
        try:
            found = stock_bank.find_puzzle(position, deals=8, screen_deals=None)
        except BeziqueError:   # a single distinct move
            found = None
        best = clearly_best(position, position.to_move, deals=8, min_loss=MIN_COST)
        assert (found is None) == (best is None)
        if found is not None and best is not None:
            assert best.action in found[1].best.copies
            assert [round(e.loss, 6) for e in best.estimates[1:]] == [
                round(o.loss, 6) for o in found[1].alternatives]


def test_the_trick_that_must_be_won_to_declare_is_the_only_move() -> None:
    deal = win_to_declare()
    before = deal.dumps()
    verdict = judge_position(deal, deal.to_move, budget_deals=24, seed=5)
    assert deal.dumps() == before
    assert verdict.best.action == Action.play(parse_card("AD#1").id)
    assert is_clear_only_move(verdict)
    assert verdict.question == "win_or_let_go"
    assert {"win_to_declare", "keep_meld", "last_stock_cards"} <= set(verdict.themes)
    assert verdict.best.effect.takes_trick and verdict.best.effect.declares == ("four_kings", 80)
    for option in verdict.alternatives:
        assert option.effect.takes_trick is False
        assert option.loss >= MIN_COST and option.low > 0 and option.better == 24
        assert option.loses is not None
        assert option.loses.key in ("breaks_meld", "lets_declaration_go")
    assert [r.key for r in verdict.why][0] == "win_to_declare"


def test_the_evidence_reads_as_a_player_reads_it() -> None:
    verdict = judge_position(win_to_declare(), 1, budget_deals=24, seed=5)
    king = next(o for o in verdict.alternatives if o.action.card == parse_card("KS#1").id)
    en, ru = evidence(verdict, king), evidence(verdict, king, "ru")
    assert en.startswith("In all 24 ways the unseen cards may lie you do better to play A♦ "
                         "than K♠. K♠ breaks up your four kings (80), which costs about ")
    assert ru.startswith("Во всех 24 раскладах неизвестных карт лучше сыграть Т♦, чем К♠. "
                         "К♠ разбивает вашу комбинацию «четыре короля» (80), и это стоит "
                         "примерно ")
    ten = next(o for o in verdict.alternatives if o.action.card == parse_card("TC#1").id)
    assert "10♣ lets the trick go, and the four kings (80) with it" in evidence(verdict, ten)
    for text in (en, ru, evidence(verdict, lang="ru"), evidence(first_judged(), lang="en")):
        assert not re.search(r"\bT[♠♥♦♣]|#\d|\d+\.\d|_|mean|sampl|simulat|средн", text), text


def first_judged() -> Any:
    return judge_position(first_lead(), first_lead().to_move, budget_deals=4, seed=2)


def test_copies_of_a_card_are_one_move_and_never_a_wrong_answer() -> None:
    js1, js2 = parse_card("JS#1").id, parse_card("JS#2").id
    hands = [[js1, js2, *(parse_card(c).id for c in "7H#1 8H#1 9H#1 7C#1 8C#1 9C#1".split())],
             [parse_card(c).id for c in "7D#1 8D#1 9D#1 7S#1 8S#1 9S#1 10C#1 10H#1"
              .replace("10", "T").split()]]
    deal = Deal.arranged(load_profile("two-handed"), hands, parse_card("AD#1").id, dealer=1)
    verdict = judge_position(deal, deal.to_move, budget_deals=4, seed=1)
    assert len(verdict.options) == 7
    jack = verdict.option_for(Action.play(js2))
    assert jack is verdict.option_for(Action.play(js1))
    assert set(jack.copies) == {Action.play(js1), Action.play(js2)}
    _partition(deal, verdict)


def _partition(deal: Deal, verdict: Any) -> None:
    """The options' copies share the legal actions out, one distinct move each."""
    legal = deal.legal_actions()
    copies = [a for o in verdict.options for a in o.copies]
    assert sorted(map(str, copies)) == sorted(map(str, legal))
    for i, a in enumerate(verdict.options):
        for b in verdict.options[i + 1:]:
            assert not same_effect(deal, a.action, b.action)


def test_every_judged_position_shares_its_moves_out_by_effect() -> None:
    """Invariant over the positions of a played deal: the copies partition the legal
    moves, the best comes first, the others by cost, and the counts fit the deals."""
    deal = first_lead()
    rng = random.Random(4)
    judged = 0
    while not deal.in_playoff and judged < 6:
        if len(deal.legal_actions()) > 1:
            try:
                verdict = judge_position(deal, deal.to_move, budget_deals=3, seed=judged)
            except BeziqueError:   # one distinct move: nothing to judge
                verdict = None
            if verdict is not None:
                judged += 1
                _partition(deal, verdict)
                costs = [o.loss for o in verdict.alternatives]
                assert verdict.best.loss == 0 and costs == sorted(costs)
                assert all(o.better + o.equal <= 3 for o in verdict.options)
                assert set(verdict.themes) <= set(THEMES) <= set(themes.catalogue())
                assert verdict.themes[0] == "stock_play"
        deal.apply(rng.choice(deal.legal_actions()))


def test_only_moves_clearly_and_worthwhile_better_qualify() -> None:
    verdict = judge_position(win_to_declare(), 1, budget_deals=24, seed=5)
    assert is_clear_only_move(verdict)
    first, *rest = verdict.alternatives
    unclear = replace(verdict, options=(verdict.best, replace(first, low=-1.0), *rest))
    assert not is_clear_only_move(unclear)
    small = replace(verdict, options=(verdict.best, replace(first, loss=MIN_COST - 1), *rest))
    assert not is_clear_only_move(small)
    assert not is_clear_only_move(replace(verdict, screened_out=True))
    assert not is_clear_only_move(replace(verdict, cut_short=True))


def test_the_screen_gives_up_early_and_never_changes_a_verdict_that_passes() -> None:
    deal = first_lead()
    screened = judge_position(deal, deal.to_move, budget_deals=12, seed=1, screen_deals=4)
    assert screened.screened_out and screened.deals == 4
    assert not is_clear_only_move(screened)
    clear = judge_position(win_to_declare(), 1, budget_deals=24, seed=5, screen_deals=6)
    assert not clear.screened_out
    assert clear == replace(judge_position(win_to_declare(), 1, budget_deals=24, seed=5),
                            screen_deals=6)


def test_a_position_without_a_choice_or_out_of_the_stock_is_refused() -> None:
    deal = win_to_declare()
    with pytest.raises(BeziqueError):
        judge_position(deal, 1 - deal.to_move, budget_deals=2, seed=1)
    deal.apply(Action.play(parse_card("AD#1").id))
    deal.apply(next(a for a in deal.legal_actions() if a.meld))   # four kings
    with pytest.raises(BeziqueError):   # a single move (draw)
        judge_position(deal, deal.to_move, budget_deals=2, seed=1)
    deal.apply(deal.legal_actions()[0])
    assert deal.in_playoff
    with pytest.raises(BeziqueError):
        judge_position(deal, deal.to_move, budget_deals=2, seed=1)


def record() -> dict[str, Any]:
    deal = win_to_declare()
    found = stock_bank.find_puzzle(deal, deals=8, screen_deals=4)
    assert found is not None
    return stock_bank.record_for(deal, *found, {"game": 963, "from": "club games"})


def test_a_record_round_trips_and_verifies() -> None:
    rec = record()
    assert rec["id"].startswith("s-") and rec["kind"] == "stock"
    assert bank.malformed(rec) == "" and bank.verify(rec) == []
    again = json.loads(json.dumps(rec, ensure_ascii=False))
    assert again == rec
    assert stock_bank.answer_of(rec) == [Action.play(parse_card("AD#1").id)]
    confirmed = judge_position(win_to_declare(), 1, budget_deals=24,
                               seed=stock_bank.confirm_seed(win_to_declare()), z=CONFIRM_Z)
    assert rec["judged"]["z"] == CONFIRM_Z
    assert rec["judged"]["deals"] == 24 and rec["selected"]["deals"] == 8
    assert rec["options"][0]["better"] == confirmed.alternatives[0].better
    assert [stock_bank.reason_from_json(r) for r in rec["why"]] == list(confirmed.why)
    assert stock_bank.verify(rec) == []


def test_a_record_s_evidence_reads_as_the_verdict_s() -> None:
    """What the app shows after a click comes from the record alone: no search."""
    from puzzles.stock_evidence import record_evidence

    rec = record()
    confirmed = judge_position(win_to_declare(), 1, budget_deals=24,
                               seed=stock_bank.confirm_seed(win_to_declare()), z=CONFIRM_Z)
    for lang in ("en", "ru"):
        assert record_evidence(rec, lang=lang) == evidence(confirmed, lang=lang)
        last = confirmed.alternatives[-1]
        assert record_evidence(rec, str(last.action), lang) == evidence(confirmed, last, lang)
    with pytest.raises(BeziqueError):
        record_evidence(rec, rec["answer"])


@pytest.mark.parametrize("tamper", [
    lambda r: r["options"][0].update(cost=r["options"][0]["cost"] + 10),
    lambda r: r["options"][0].update(better=r["options"][0]["better"] - 1),
    lambda r: r["options"][-1].update(low=0.0),
    lambda r: r.update(answer=r["options"][0]["move"]),
    lambda r: r.update(themes=["stock_play"]),
    lambda r: r.update(type="lead"),
    lambda r: r.update(seat=0),
    lambda r: r["position"]["actions"].pop(),
    lambda r: r["position"].update(deck=r["position"]["deck"][1:]),
    lambda r: r.update(id="s-000000000000"),
    lambda r: r["why"][0].update(meld="bezique"),
    lambda r: r["judged"].update(deals=10 ** 9),
    lambda r: r["judged"].update(screen=10 ** 9),
    lambda r: r.update(judged="a lot"),
    lambda r: r.update(seat="one"),
], ids=["cost", "count", "interval", "answer", "themes", "question", "seat",
        "position", "deck", "id", "why", "huge budget", "huge screen", "no budget", "seat text"])
def test_a_tampered_record_is_refused(tamper: Any) -> None:
    rec = record()
    tamper(rec)
    problems = stock_bank.verify(rec, reselect=False)
    assert problems and all(p.startswith(rec["id"]) for p in problems)


def test_a_verdict_does_not_depend_on_the_process() -> None:
    """A record is verified in another process than the one that made it: the same
    position, budget and seed give the same figures whatever the hash seed."""
    code = ("import json; from puzzles.stock_bank import record_for; "
            "from puzzles.stock_judge import judge_position; from engine.rules.deal import Deal; "
            f"d = Deal.from_json(json.loads({json.dumps(json.dumps(WIN_TO_DECLARE))})); "
            "v = judge_position(d, 1, 8, 5); "
            "print(json.dumps(record_for(d, v, v, {}), sort_keys=True))")
    outs = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
        outs.add(subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, check=True,
                                capture_output=True, text=True).stdout)
    assert len(outs) == 1


def test_a_declaration_s_evidence_names_the_meld_in_either_language() -> None:
    from engine.notation.actions import ActionType
    from puzzles.stock_evidence import Comparison, evidence_text

    aces = Action.parse("declare four_aces AS#1 AS#2 AH#1 AC#1")
    words = Comparison(aces, Action(ActionType.DRAW), better=73, equal=24, deals=120, cost=31.2)
    profile = load_profile("two-handed")
    assert evidence_text(words, "en", profile) == (
        "In 73 of the 120 ways the unseen cards may lie you do better to declare the four "
        "aces (100) than to draw without declaring (in 24 more they come out even); the "
        "difference is about 31 points.")
    assert evidence_text(words, "ru", profile) == (
        "В 73 из 120 раскладов неизвестных карт лучше объявить комбинацию «четыре туза» "
        "(100), чем взять карту, ничего не объявляя (ещё в 24 — поровну); разница — "
        "примерно 31 очко.")
