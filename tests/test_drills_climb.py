"""Drills that climb (issue 53 item 3, app review 3 #9): the path's endgames start with
two or three tricks and grow with the learner's rating; "nothing can be declared" is the
answer of at most one meld drill in five; the difficulty labels match the puzzles'
difficulty; and the rating's move is said plainly."""

from __future__ import annotations

import random
import statistics
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from app_helpers import run_page

from puzzles import bank, trainer
from puzzles.glicko2 import Rating, expected_score
from puzzles.store import open_store

ENDGAME_GAMES = ("two-handed", "rubicon", "club", "four-handed", "three-handed")
MELD_GAMES = ("two-handed", "rubicon", "club", "four-handed")


def tricks(record: Mapping[str, Any]) -> int:
    return max(len(hand) for hand in record["position"]["hands"])


def nothing(record: Mapping[str, Any]) -> bool:
    return record["type"] == "spot" and not record["answer"]


def learner_run(store_path: Path, variant: str, kind: str, seed: int, answers: int,
                skill: float, types: list[str] | None = None) -> list[tuple[dict, bool]]:
    """A new learner's first ``answers`` puzzles of a kind, each answered right with
    probability ``skill``: (puzzle, right) in order."""
    rng, luck = random.Random(seed), random.Random(seed + 1000)
    out = []
    with open_store(store_path) as store:
        for _ in range(answers):
            record = trainer.pick(store, "ann", kind, rng, types=types, variant=variant)
            assert record is not None
            right = luck.random() < skill
            trainer.submit(store, "ann", record, right, 0)
            out.append((record, right))
    return out


@pytest.mark.parametrize("variant", ENDGAME_GAMES)
def test_path_endgames_start_with_two_or_three_tricks(tmp_path: Path, variant: str) -> None:
    """The path's three endgames have two or three tricks left for a new learner,
    whatever the seed, right or wrong (old main: 7-8 card value questions first, near a
    new learner's 1500)."""
    for seed in range(8):
        run = learner_run(tmp_path / f"{seed}.sqlite3", variant, "endgame", seed, 3, 0.7)
        assert all(tricks(record) <= 3 for record, _right in run), \
            [tricks(r) for r, _ in run]


def test_endgames_grow_with_the_rating(tmp_path: Path) -> None:
    """A learner who keeps solving sees longer endings as the rating rises; one who
    keeps failing stays with the short ones."""
    for seed in range(3):
        good = learner_run(tmp_path / f"good{seed}.sqlite3", "two-handed", "endgame", seed,
                           30, 1.0)
        sizes = [tricks(r) for r, _ in good]
        assert max(sizes[:3]) <= 3 and max(sizes[-10:]) >= 5, sizes
        with open_store(tmp_path / f"good{seed}.sqlite3") as store:
            assert store.rating("ann", "kind:endgame").rating > 1550
        weak = learner_run(tmp_path / f"weak{seed}.sqlite3", "two-handed", "endgame", seed,
                           15, 0.3)
        assert max(tricks(r) for r, _ in weak) <= 3


@pytest.mark.parametrize("variant", MELD_GAMES)
def test_nothing_to_declare_is_at_most_one_path_meld_drill_in_five(tmp_path: Path,
                                                                   variant: str) -> None:
    """Over many learners and seeds: among the five right answers that complete the
    path's meld drills, and among any five meld questions served in a row, at most one
    is answered "nothing can be declared" (old main: three of five)."""
    for seed in range(30):
        run = learner_run(tmp_path / f"{seed}.sqlite3", variant, "meld", seed, 12,
                          0.5 + (seed % 5) / 10, types=["spot"])
        served = [nothing(record) for record, _right in run]
        assert all(sum(served[i:i + 5]) <= 1 for i in range(len(served))), (seed, served)
        right = [nothing(record) for record, ok in run if ok][:5]
        assert sum(right) <= 1, (seed, right)


def test_a_new_learner_is_served_what_the_rating_expects_nine_times_in_ten() -> None:
    from puzzles import ladder

    learner, puzzle = Rating(1500, 200), Rating(ladder.target(1500), 200)
    assert 0.88 <= expected_score(learner, puzzle) <= 0.92


def test_seen_puzzles_wait_until_the_bucket_is_used_up(tmp_path: Path) -> None:
    run = learner_run(tmp_path / "p.sqlite3", "two-handed", "endgame", 3, 20, 1.0)
    ids = [record["id"] for record, _ in run]
    assert len(set(ids)) == len(ids)


# --- the labels: easy, medium, hard -----------------------------------------------------

def test_difficulty_labels_match_the_puzzles() -> None:
    """Labels are thirds of the difficulty among the puzzles asked together: each meld
    question of every bank has easy, medium and hard puzzles (old main cut the whole
    bank, so every "which declaration now?" puzzle of two-handed was hard), and an
    endgame's label grows with its tricks: no 7- or 8-trick "how many points?" is easy
    (old main: 11 in two-handed), and easy endings are shorter than hard ones."""
    from puzzles import ladder

    for variant in bank.variants("meld"):
        records = bank.load("meld", variant)
        limits = ladder.band_limits(records)
        for kind in {r["type"] for r in records}:
            labels = {ladder.band(r, limits) for r in records if r["type"] == kind}
            assert labels == set(ladder.BANDS) or \
                len([r for r in records if r["type"] == kind]) < 3, (variant, kind, labels)
    for variant in bank.variants("endgame"):
        records = bank.load("endgame", variant)
        limits = ladder.band_limits(records)
        by_band = {b: [r for r in records if ladder.band(r, limits) == b] for b in ladder.BANDS}
        assert not [r["id"] for r in by_band["easy"] if r["type"] == "value" and tricks(r) >= 7]
        assert statistics.median(map(tricks, by_band["easy"])) < \
            statistics.median(map(tricks, by_band["hard"])), variant


def test_the_meld_trainer_serves_an_easy_which_now_puzzle() -> None:
    """The "easy" filter on "Which declaration now?" serves a puzzle (old main: none)."""
    at = run_page("meld_trainer", variant="two-handed", mt_mode="best", pz_meld_band="easy",
                  learner="easy-best")
    record = at.session_state["mt_puzzle"]
    assert record is not None and record["type"] == "best"


# --- the rating's move, said plainly ------------------------------------------------------

@pytest.mark.parametrize(("lang", "words"), [("en", "Your rating: "), ("ru", "Ваш рейтинг: ")])
def test_the_first_wrong_answer_says_the_rating_plainly(lang: str, words: str) -> None:
    """"Your rating: 1413 (−87)." — no "counts 0, less than the 0.73 expected"."""
    record = next(r for r in bank.load_for("meld", "two-handed")
                  if r["type"] == "spot" and r["answer"])
    at = run_page("meld_trainer", lang, variant="two-handed", learner=f"plain-{lang}",
                  mt_puzzle=trainer.fresh_instance(record, random.Random(1)))
    at.multiselect(key=f"mt_answer_{at.session_state['mt_round']}").set_value([]).run()
    at.button(key="mt_check_btn").click().run()
    assert not at.exception
    with open_store() as store:
        after = round(store.rating(f"plain-{lang}").rating)
    note = next(c.value for c in at.caption if c.value.startswith(words))
    assert note == f"{words}{after} (−{1500 - after})."
    assert "expected" not in note and "ожида" not in note
