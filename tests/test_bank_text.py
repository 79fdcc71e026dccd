"""The explanations meld banks store are the engine's current wording, `verify`
notices when they are not, and the app shows the engine's words in the learner's
language, not the stored English text."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.rules.meld_query import query
from puzzles import bank, capture_bank, meld_bank, trainer

MELD_BANKS = sorted(str(p) for p in bank.shipped() if p.name.startswith("meld-"))


@pytest.mark.parametrize("path", MELD_BANKS, ids=lambda p: Path(p).name)
def test_stored_explanations_are_the_engines_current_wording(path: str) -> None:
    # The joker bank said "trump_marriage_2: …" and "the four queens has already
    # scored"; the engine now says "trump marriage (2nd time): …", "… have …".
    records = bank.read(path)
    stale = [a["id"] for a, b in zip(records, bank.retexted(records), strict=True) if a != b]
    assert stale == []


def _joker(kind: str) -> dict:
    return next(r for r in bank.load("meld", "joker") if r["type"] == kind)


@pytest.mark.parametrize("kind", ["spot", "best", "legal"])
def test_verify_reports_stale_text(kind: str) -> None:
    rec = _joker(kind)
    assert meld_bank.verify(rec) == []
    old = dict(rec, explanation=[*rec["explanation"][:-1], "the four queens has scored"])
    assert any("stale explanation" in p for p in meld_bank.verify(old))
    assert any("stale explanation" in p for p in bank.verify(old))


def test_verify_reports_stale_capture_text() -> None:
    rec = bank.load("meld", "fildinski")[0]
    assert capture_bank.verify(rec) == []
    old = dict(rec, explanation=["0 brisque(s): 0"])
    assert any("stale explanation" in p for p in capture_bank.verify(old))


@pytest.mark.parametrize("kind", ["spot", "best", "legal"])
def test_the_app_shows_the_engine_wording_not_the_stored_text(kind: str) -> None:
    rec = dict(_joker(kind), explanation=["STALE STORED TEXT"])
    for lang in ("en", "ru"):
        lines = trainer.meld_explanation(rec, lang)
        assert lines and "STALE STORED TEXT" not in lines
        assert lines == meld_bank.explanation_lines(rec, lang)
    assert trainer.meld_explanation(rec, "en") != trainer.meld_explanation(rec, "ru")


def test_spot_lines_name_refused_melds_as_a_reader_does() -> None:
    rec = next(r for r in bank.load("meld", "joker")
               if r["type"] == "spot" and query(dict(r["position"]))["refused"])
    text = " ".join(meld_bank.explanation_lines(rec, "en"))
    assert "_" not in text   # no internal ids such as trump_marriage_2
    assert "_" not in " ".join(meld_bank.explanation_lines(rec, "ru"))


def test_cli_text_rewrites_only_the_text(tmp_path: Path) -> None:
    records = bank.read(bank.path_for("meld", "joker"))[:6]
    stale = [dict(r, explanation=["old words"]) for r in records]
    path = tmp_path / "meld.jsonl.gz"
    bank.write(stale, path)
    done = subprocess.run([sys.executable, "-m", "engine.cli", "puzzles", "text", str(path)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "6 explanations changed" in done.stderr
    with gzip.open(path, "rt", encoding="utf-8") as f:
        assert [json.loads(line) for line in f] == records
