"""Rules review 3, findings 5 and 6, and reliability review 3, F5 and m8: the meld
puzzles' plans fix trumps after the first marriage, the Fildinski capture puzzles
count the seven of trumps as the deal does, and ``bezique puzzles verify`` reads the
shipped gzip banks the way the app loads them and refuses the old wrong answers."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest
from test_cli_bounds import cli  # runs ``bezique`` in a fresh process

from engine.rules.meld_query import query
from puzzles import bank, capture_bank, capture_trainer, meld, meld_bank
from puzzles.i18n import tr

# --- finding 5: a second marriage after trumps are fixed is a plain one -------------------

FIXED = {"m-574d18f35f84": 120, "m-3cff25037a21": 860}   # 60 + 40 + 20; 800 + 40 + 20


@pytest.mark.parametrize("puzzle_id, total", FIXED.items())
def test_the_plan_fixes_trumps_after_the_first_marriage(puzzle_id: str, total: int) -> None:
    record = bank.by_id(puzzle_id)
    assert record is not None and record["position"]["trump"] is None
    answer = meld.best_answer(record["position"], record["context"]["turns"])
    assert answer is not None and answer["total"] == total == record["answer"]["total"]
    for value in answer["values"].values():
        melds = [*value["plan"]]
        assert "marriage" in melds and melds.count("trump_marriage") <= 1
    old = dict(record, answer=dict(record["answer"], total=total + 20))
    assert meld_bank.verify(record) == [] and meld_bank.verify(old)


def test_a_second_suit_is_a_plain_marriage_in_a_small_position() -> None:
    position = {"variant": "rubicon", "trump": None, "hand": ["KD", "QD", "KC", "QC"],
                "table": [], "history": []}
    answer = meld.best_answer(position, 2)
    assert answer is None or answer["total"] == 60   # 40, then 20 (003 l.15)
    best = meld.choices(position, 2)[0]
    assert (best.total, best.plan) == (60, (("marriage", 20),))


# --- finding 6: the seven of trumps captured scores 10 (000 l.8) -----------------------------

def _captures() -> list[dict[str, Any]]:
    return [r for variant in bank.variants("meld") for r in bank.load("meld", variant)
            if r["type"] == "capture"]


def test_the_reviews_capture_puzzle_scores_the_seven() -> None:
    record = bank.by_id("m-5b9e0b836c65")
    assert record is not None
    assert (record["answer"]["sevens"], record["answer"]["total"]) == (10, 30)
    result = query(dict(record["position"]))
    assert result["total"] == 30 and [s["card"] for s in result["sevens"]] == ["7S#1"]
    old = dict(record, answer={k: v for k, v in record["answer"].items() if k != "sevens"})
    old["answer"]["total"] = 20
    assert capture_bank.verify(record) == [] and capture_bank.verify(old)
    assert "10" in capture_trainer.answer_text(record, "en")
    assert any("7♠" in line for line in capture_trainer.explanation(record, "ru"))


def test_every_capture_puzzle_counts_the_sevens_not_scored_before() -> None:
    records = _captures()
    assert len(records) == 1500
    with_seven = 0
    for record in records:
        pos, answer = record["position"], record["answer"]
        sevens = [c for c in pos["trick"] if c.split("#")[0] == "7" + pos["trump"]]
        fresh = [c for c in sevens if c not in pos.get("sevens_scored", [])]
        assert set(pos.get("sevens_scored", [])) <= set(sevens)
        if pos.get("sevens_scored"):
            assert record["context"]["stock"] == 0   # the turn-up comes back in the play-off
        assert answer.get("sevens", 0) == 10 * len(fresh)
        assert answer["total"] == answer["brisques"] + answer.get("sevens", 0) + sum(
            m["points"] for m in answer["melds"])
        with_seven += bool(fresh)
    assert with_seven == 105   # the review's 74 while the stock lasts, and 31 in the play-off


def test_a_seven_scored_before_scores_nothing() -> None:
    position = {"variant": "fildinski", "trump": "S", "laid": ["KC"], "trick": ["QC", "7S"],
                "history": []}
    assert query(dict(position))["total"] == 30
    assert query(dict(position, sevens_scored=["7S"]))["total"] == 20


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_lesson_check_counts_the_seven_too(lang: str) -> None:
    from lessons._loader import Check
    from lessons.checks import evaluate_check

    params = {"trump": "S", "laid": ["KC"], "trick": ["QC", "7S"]}
    result = evaluate_check(Check("t", "capture_score", params, "?", "fildinski"), lang)
    assert result.answer == ("30",) and "dix.capture" in result.rules
    assert any("7♠" in line for line in result.explanation)


@pytest.mark.parametrize("lang, word", [("en", "seven of trumps"), ("ru", "козырная семёрка")])
def test_the_question_says_the_seven_counts(lang: str, word: str) -> None:
    assert word in tr(lang, "c.question")


# --- F5: verify reads the gzip banks as the app loads them --------------------------------

def _gz(path: Path, records: list[Any], indent: int | None = None) -> Path:
    with gzip.open(path, "wt", encoding="utf-8") as handle:
        for record in records:
            handle.write(json.dumps(record, ensure_ascii=False, indent=indent) + "\n")
    return path


def test_verify_reads_a_gzip_bank(tmp_path: Path) -> None:
    records = [bank.load("meld")[0], bank.load("endgame")[0], bank.by_id("m-5b9e0b836c65")]
    status, out, err = cli(["puzzles", "verify", str(_gz(tmp_path / "b.jsonl.gz", records))])
    assert status == 0 and [json.loads(line) for line in out] == [
        {"id": r["id"], "ok": True} for r in records]
    assert "3 puzzles checked" in err


def test_verify_refuses_the_old_wrong_answers(tmp_path: Path) -> None:
    best = bank.by_id("m-574d18f35f84")
    capture = bank.by_id("m-5b9e0b836c65")
    assert best is not None and capture is not None
    old_best = dict(best, answer=dict(best["answer"], total=140))
    old_capture = dict(capture, answer={"melds": capture["answer"]["melds"], "brisques": 0,
                                        "total": 20})
    path = _gz(tmp_path / "old.jsonl.gz", [old_best, old_capture])
    status, out, _ = cli(["puzzles", "verify", str(path)])
    answers = [json.loads(line) for line in out]
    assert status == 1 and [a["id"] for a in answers] == [best["id"], capture["id"]]
    assert all("engine says" in a["error"] for a in answers)


def test_verify_wants_one_record_a_line(tmp_path: Path) -> None:
    """A bank is JSON Lines, as the app reads it: a record spread over lines is refused."""
    record = bank.load("meld")[0]
    plain = tmp_path / "pretty.jsonl"
    plain.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    for path in (_gz(tmp_path / "pretty.jsonl.gz", [record], indent=1), plain):
        with pytest.raises(bank.BankError):
            bank.read(path)
        status, out, _ = cli(["puzzles", "verify", str(path)])
        assert status == 1 and out and all("error" in json.loads(line) for line in out)


def test_verify_checks_every_shipped_bank_by_default() -> None:
    shipped = {p.name for p in bank.shipped()}
    assert shipped == {p.name for p in bank.HERE.glob("*-*.jsonl.gz")}
    assert {"meld-fildinski.jsonl.gz", "endgame-no-trump.jsonl.gz"} <= shipped
    status, out, err = cli(["puzzles", "verify", "--sample", "8", "--seed", "3"])
    assert status == 0 and len(out) == 8 and all(json.loads(x)["ok"] for x in out), err


# --- m8: empty input, long and odd errors -------------------------------------------------

EMPTY = {"empty": b"", "blank": b" \n\t\n", "bom": b"\xef\xbb\xbf"}


@pytest.mark.parametrize("command", [["melds"], ["solve"], ["puzzles", "verify"]])
@pytest.mark.parametrize("content", EMPTY)
def test_empty_input_is_an_error(tmp_path: Path, command: list[str], content: str) -> None:
    path = tmp_path / "input.jsonl"
    path.write_bytes(EMPTY[content])
    for name in (str(path), "/dev/null"):
        status, out, err = cli([*command, name])
        assert status == 1 and len(out) == 1, (out, err)
        assert "empty" in json.loads(out[0])["error"]
        assert "all agree" not in err


def test_empty_stdin_is_an_error() -> None:
    status, out, _ = cli(["melds", "-"], b"")
    assert status == 1 and "standard input is empty" in json.loads(out[0])["error"]


def test_many_unknown_keys_give_a_short_error(tmp_path: Path) -> None:
    path = tmp_path / "pad.json"
    path.write_text(json.dumps({f"k{i}": i for i in range(200_000)}))
    status, _, err = cli(["scorepad", str(path)])
    assert status == 1 and len(err) < 300 and "199,995 more" in err
    status, out, _ = cli(["melds", str(path)])
    assert status == 1 and len(out[0]) < 300


@pytest.mark.parametrize("command", [["melds"], ["solve"], ["scorepad"], ["review"]])
def test_a_huge_number_is_named_plainly(tmp_path: Path, command: list[str]) -> None:
    path = tmp_path / "big.json"
    path.write_text('{"a": ' + "9" * 5000 + "}")
    status, out, err = cli([*command, str(path)])
    text = "\n".join(out) + err
    assert status == 1 and "set_int_max_str_digits" not in text
    assert "more than 4300 digits" in text


def test_a_gzip_bomb_of_blank_lines_stops_early(tmp_path: Path) -> None:
    path = tmp_path / "bomb.jsonl.gz"
    path.write_bytes(gzip.compress(b"\n" * (bank.MAX_LINES + 10)))
    with pytest.raises(bank.BankError, match="not a bank"):
        bank.read(path)
