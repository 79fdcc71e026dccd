"""The puzzle generator from expert games (``bezique puzzles generate``), the
documented themes, the difficulty model and the Themes page. Budgets are tiny (one
determinization per decision) so the games are quick."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine.cli import main
from engine.rules.profile import load_profile, ordered_variants
from engine.solver import Position
from puzzles import bank, difficulty, endgame, themes
from puzzles.games import Budget
from puzzles.generate import Plan, generate_from_games

ROOT = Path(__file__).parent.parent
TINY = Budget(deals=1)


def _cli(*args: str) -> int:
    return main(["puzzles", "generate", "--budget", "1", "--quiet", *args])


@pytest.mark.parametrize(("variant", "kind"), [("two-handed", "meld"), ("no-trump", "endgame"),
                                               ("fildinski-four-handed", "meld"),
                                               ("fildinski-four-handed", "endgame")])
def test_round_trip_through_the_cli(variant: str, kind: str, tmp_path: Path) -> None:
    out = tmp_path / "bank.jsonl.gz"
    assert _cli("--variant", variant, "--kind", kind, "--count", "4", "--out", str(out)) == 0
    records = bank.read(out)
    assert len(records) == 4 and len({r["id"] for r in records}) == 4
    for rec in records:
        assert rec["variant"] == variant and rec["source"]["from"] == "expert games"
        assert bank.verify(rec) == []
        assert rec["themes"] and set(rec["themes"]) <= set(themes.catalogue())
    assert not Path(f"{out}.partial").exists()


def test_growing_a_bank_gives_the_longer_run(tmp_path: Path) -> None:
    small, grown, once = (tmp_path / n for n in ("small.jsonl", "grown.jsonl", "once.jsonl"))
    assert _cli("--kind", "meld", "--count", "7", "--out", str(small)) == 0
    grown.write_bytes(small.read_bytes())
    assert _cli("--kind", "meld", "--count", "15", "--out", str(grown)) == 0
    assert _cli("--kind", "meld", "--count", "15", "--out", str(once)) == 0
    assert grown.read_bytes() == once.read_bytes()
    assert bank.read(small) == bank.read(once)[:7]


def test_resume_after_an_interruption(tmp_path: Path) -> None:
    plan = Plan("meld", "two-handed", seed=3, budget=TINY)
    whole = generate_from_games(plan, 60)
    saved: list[list[dict]] = []

    def stop(done: int, total: int) -> None:
        if done > 30:   # after the first game (it gives 30 at most)
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        generate_from_games(plan, 60, stop, checkpoint=lambda r: saved.append(list(r)),
                            checkpoint_seconds=0)
    assert saved and 0 < len(saved[-1]) < 60
    again = generate_from_games(plan, 60, existing=saved[-1])
    assert again == whole


def test_another_plan_does_not_resume() -> None:
    first = generate_from_games(Plan("meld", seed=1, budget=TINY), 3)
    other = generate_from_games(Plan("meld", seed=2, budget=TINY), 3, existing=first)
    assert {r["source"]["run"] for r in other} != {r["source"]["run"] for r in first}


def test_bad_out_and_no_tricks_are_refused_in_one_line(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    assert _cli("--kind", "meld", "--count", "2", "--out", str(tmp_path / "no" / "x")) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "cannot write" in err
    assert _cli("--variant", "joker", "--kind", "endgame", "--count", "2",
                "--out", str(tmp_path / "x.jsonl")) == 2
    assert "keeps no tricks" in capsys.readouterr().err


def test_every_theme_is_documented_in_both_languages() -> None:
    for theme in themes.catalogue().values():
        for lang in ("en", "ru"):
            assert theme.name[lang] and theme.description[lang]
        assert theme.name["en"] != theme.name["ru"]


def _sample(count: int) -> list[dict]:
    rng = random.Random(7)
    out = []
    for variant in ordered_variants():
        for kind in ("meld", "endgame"):
            records = bank.load(kind, variant)
            out += rng.sample(records, min(count, len(records)))
    return out


def test_every_shipped_record_has_a_documented_theme_and_a_rating() -> None:
    for variant in ordered_variants():
        for kind in ("meld", "endgame"):
            for rec in bank.load(kind, variant):
                assert rec["themes"] and set(rec["themes"]) <= set(themes.catalogue()), rec["id"]
                assert 600 <= rec["rating"] <= 2400


def test_a_sample_of_the_banks_agrees_with_engine_and_solver() -> None:
    for rec in _sample(3):
        assert bank.verify(rec) == [], rec["id"]
        assert 600 <= difficulty.rating(rec) <= 2400


def test_derived_themes_come_from_the_engine() -> None:
    for rec in _sample(2):
        derived = themes.derive(rec)
        assert derived[0] == themes.BASE[(rec["kind"], rec["type"])]
        assert set(derived) <= set(themes.catalogue())


def test_themes_page_lists_every_theme_with_accuracy(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BEZIQUE_PROGRESS_DB", str(tmp_path / "progress.sqlite3"))
    from puzzles.store import open_store

    puzzle = bank.load("endgame")[0]
    with open_store() as store:
        store.record_attempt("tester", puzzle, 1.0)
    for lang in ("en", "ru"):
        at = AppTest.from_file(str(ROOT / "app_pages" / "themes.py"), default_timeout=30)
        at.session_state["lang"] = lang
        at.session_state["learner"] = "tester"
        at.run()
        assert not at.exception
        table = at.dataframe[0].value
        assert len(table) == len(themes.catalogue())
        shown = json.dumps(table.to_dict(), ensure_ascii=False)
        first = themes.catalogue()[puzzle["themes"][0]]
        assert first.description[lang] in shown
        row = table[table.iloc[:, 0] == first.name[lang]]
        assert int(row.iloc[0, 1]) == 100   # accuracy, next to the name


def test_a_game_gives_many_endgames_of_every_length_without_duplicates() -> None:
    records = generate_from_games(Plan("endgame", "two-handed", seed=5, budget=TINY), 40)
    questions = {json.dumps(endgame.question_of(r), sort_keys=True) for r in records}
    assert len(questions) == len({r["id"] for r in records}) == 40
    per_game = Counter(r["source"]["game"] for r in records)
    assert max(per_game.values()) > 4   # the old picker's cap: two of a type per game
    lengths = {Position.from_dict(r["position"]).tricks_left for r in records}
    playoff = load_profile("two-handed").playoff_tricks
    assert min(lengths) <= 3 and max(lengths) == playoff and lengths <= set(range(2, playoff + 1))
    assert any("instead_of" in r["source"] for r in records)   # after a card not played


def test_the_endgame_weights_come_from_the_fit_file_or_the_constants() -> None:
    fitted = difficulty.endgame_fit()
    for key in difficulty.FITTED:
        base, weights = difficulty.model(*key)
        assert (base, weights) == (fitted if fitted is not None else difficulty.MODEL[key])
    if fitted is not None:
        text = difficulty.FIT_FILE.read_text(encoding="utf-8")
        assert "date = " in text and "sample = " in text
        assert set(fitted[1]) <= set(difficulty.features(bank.load("endgame")[0]))
    for rec in bank.load("endgame")[:20]:
        assert 600 <= difficulty.rating(rec) <= 2400
        assert bank.rerated([rec])[0]["rating"] == difficulty.rating(rec)
