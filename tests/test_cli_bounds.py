"""Findings N3–N7 and N10 of the second reliability review
(../shared/reviews/reliability-review-2.md), each from its reproducer: malformed
actions change nothing, the command line refuses out-of-range arguments and unsafe
output paths with one line, reads that fail midway and byte order marks get the one
error discipline, and ``puzzles verify`` answers every record with one JSON line."""

from __future__ import annotations

import io
import json
import os
import random
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cli import main
from engine.errors import IllegalActionError
from engine.notation.actions import Action, ActionType
from engine.rules.deal import Deal
from engine.rules.profile import apply_option, load_profile
from puzzles import bank

ROOT = Path(__file__).parent.parent
BANK = ROOT / "puzzles"
GOOD_MELDS = '{"trump": "S", "hand": ["QS", "JD"]}'
GOOD_SOLVE = "two-handed/H/0/AS 7S/TS 9S/-"
SOLVED = {"to_move": 0, "value": 20, "moves": {"AS": 10, "7S": 20},
          "line": ["7S", "TS", "9S", "AS"]}


def cli(args: list[str], stdin: bytes = b"", cwd: Path = ROOT) -> tuple[int, list[str], str]:
    """Run ``bezique`` in a fresh process: (status, stdout lines, stderr)."""
    done = subprocess.run([sys.executable, "-m", "engine.cli", *args], input=stdin,
                          capture_output=True, timeout=300, cwd=cwd,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin",
                               "PYTHONIOENCODING": "utf-8"})
    assert "Traceback" not in done.stderr.decode("utf-8", "replace"), done.stderr
    return done.returncode, done.stdout.decode("utf-8").splitlines(), \
        done.stderr.decode("utf-8", "replace")


def in_process(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
               args: list[str], stdin: bytes = b"") -> tuple[int, list[dict[str, Any]]]:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
    status = main(args)
    return status, [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def endgame_record() -> dict[str, Any]:
    return dict(bank.load("endgame")[0])


# --- N4: actions of the wrong types change nothing ---------------------------------------

PROFILES = [load_profile("two-handed"), load_profile("rubicon-four-handed"),
            apply_option(load_profile("club"), "infractions", "penalise")]


def _malformed(action: Action, how: int, junk: Any) -> Action:
    """``action`` with one part replaced by a look-alike of the wrong type
    (``junk`` is never an int nor a str)."""
    cards, meld = action.cards, action.meld
    forms: list[Action] = [
        Action(action.type.value, cards, meld),
        Action(action.type, tuple(float(c) for c in cards) or (1.0,), meld),
        Action(action.type, tuple(bool(c % 2) for c in cards) or (True,), meld),
        Action(action.type, () if meld else (*cards, *cards) or (0, 1), meld),  # length
        Action(action.type, list(cards), meld),
        Action(action.type, cards, junk if meld else "bezique"),
        Action(action.type, (*cards[1:], junk), meld),
        Action(action.type, (*cards[1:], -1), meld),
    ]
    return forms[how % len(forms)]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(profile_index=st.integers(0, len(PROFILES) - 1), seed=st.integers(0, 10_000),
       steps=st.integers(0, 60), how=st.integers(0, 7),
       junk=st.one_of(st.floats(allow_nan=True), st.booleans(), st.none(),
                      st.binary(max_size=3), st.integers(0, 300).map(lambda n: (n,))))
def test_n4_malformed_actions_are_refused_before_any_change(
        profile_index: int, seed: int, steps: int, how: int, junk: Any) -> None:
    rng = random.Random(seed)
    deal = Deal.new(PROFILES[profile_index], rng)
    for _ in range(steps):
        if deal.is_over:
            break
        deal.apply(rng.choice(deal.legal_actions()))
    if deal.is_over:
        return
    action = _malformed(rng.choice(deal.legal_actions()), how, junk)
    before = json.dumps(deal.to_json())
    with pytest.raises(IllegalActionError) as refused:
        deal.apply(action)
    assert refused.value.rule_id == "action.malformed"
    assert json.dumps(deal.to_json()) == before


def test_n4_a_str_typed_play_is_not_taken_for_a_draw() -> None:
    deal = Deal.new(load_profile("two-handed"), random.Random(1))
    card = deal.legal_actions()[0].card
    before = json.dumps(deal.to_json())
    for action in (Action("play", (card,)), Action(ActionType.PLAY, (float(card),))):
        with pytest.raises(IllegalActionError):
            deal.apply(action)
    assert json.dumps(deal.to_json()) == before


# --- N3: puzzles generate --out replaces only a regular file, leaves nothing behind ------

def _generate(out: Path | str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    status = main(["puzzles", "generate", "--kind", "meld", "--count", "2", "--quiet",
                   "--out", str(out)])
    return status, capsys.readouterr().err


def _no_work(*args: Any, **kwargs: Any) -> list[dict[str, Any]]:
    raise AssertionError("a bad --out must be refused before any puzzle is generated")


def _special_files(tmp_path: Path) -> list[Path]:
    """A pipe, a folder, and (where this user may make one) a null device and a
    symbolic link to it: none of them may be replaced by a file."""
    fifo, folder = tmp_path / "fifo", tmp_path / "folder"
    os.mkfifo(fifo)
    folder.mkdir()
    paths = [fifo, folder, tmp_path / "link-to-fifo"]
    paths[-1].symlink_to(fifo)
    try:
        os.mknod(tmp_path / "null", stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except PermissionError:
        return paths
    (tmp_path / "link-to-null").symlink_to(tmp_path / "null")
    return [*paths, tmp_path / "null", tmp_path / "link-to-null"]


def test_n3_a_device_pipe_or_folder_is_refused_before_any_work(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    specials = _special_files(tmp_path)
    kinds = {p: os.lstat(p).st_mode for p in specials}
    monkeypatch.setattr("puzzles.generate.generate", _no_work)
    for path in specials:
        status, err = _generate(path, capsys)
        assert status == 1 and err.count("\n") == 1 and "not a regular file" in err, err
    assert {p: os.lstat(p).st_mode for p in specials} == kinds
    assert sorted(os.listdir(tmp_path)) == sorted(p.name for p in specials)


def test_n3_a_missing_folder_is_one_error_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("puzzles.generate.generate", _no_work)
    status, err = _generate(tmp_path / "missing" / "bank.jsonl", capsys)
    assert status == 1 and err.count("\n") == 1 and "does not exist" in err
    assert os.listdir(tmp_path) == []


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write a read-only folder; "
                    "test_n3_a_failed_write_leaves_no_file simulates the refusal")
def test_n3_a_read_only_folder_is_one_error_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "ro"
    folder.mkdir(mode=0o500)
    status, err = _generate(folder / "bank.jsonl", capsys)
    assert status == 1 and err.count("\n") == 1 and "may not be written" in err
    assert os.listdir(folder) == []


@pytest.mark.parametrize("failing", ["tempfile.mkstemp", "os.replace", "os.chmod"])
def test_n3_a_failed_write_leaves_no_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str], failing: str) -> None:
    def refuse(*args: Any, **kwargs: Any) -> None:
        raise PermissionError(13, "Permission denied")

    target = tmp_path / "bank.jsonl"
    target.write_text("old\n")
    module, _, name = failing.partition(".")
    monkeypatch.setattr(f"puzzles.bank.{module}.{name}", refuse)
    status, err = _generate(target, capsys)
    assert status == 1 and err.count("\n") == 1 and "Permission denied" in err, err
    assert os.listdir(tmp_path) == ["bank.jsonl"] and target.read_text() == "old\n"


def test_n3_a_write_replaces_a_file_and_keeps_its_mode(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "bank.jsonl"
    target.write_text("old\n")
    target.chmod(0o640)
    (tmp_path / "link").symlink_to(target)
    status, err = _generate(tmp_path / "link", capsys)
    assert status == 0 and "2 meld puzzles" in err
    assert (tmp_path / "link").is_symlink() and len(target.read_text().splitlines()) == 2
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert sorted(os.listdir(tmp_path)) == ["bank.jsonl", "link"]


# --- N5: arena and play bounds; jobs made lazily -----------------------------------------

@pytest.mark.parametrize("args", [
    ["arena", "--budget", "0"], ["arena", "--budget", "-1"], ["arena", "--deals", "0"],
    ["arena", "--deals", "-3"],
    # the budget is counted in deals (--budget): a time limit is no option any more
    ["arena", "--time-limit", "0.4"], ["arena", "--jobs", "0"], ["play", "--deals", "-5"],
    ["play", "--deals", "0"]])
def test_n5_out_of_range_counts_are_one_usage_error(args: list[str]) -> None:
    status, out, err = cli([*args, *(["--no-progress"] if args[0] == "arena" else [])])
    assert status == 2 and out == [] and err.count("error:") == 1, err
    assert args[1] in err


LAZY_ARENA = """
import resource, sys
limit = int(sys.argv[2]) << 20
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
from engine.cli import arena

class FirstResult(Exception):
    pass

def stop(self, done, note=""):
    raise FirstResult(done)

arena.Progress.update = stop
if __name__ == "__main__":   # spawned pool workers import this script too
    try:
        arena.run_arena("random", "random", 10**9, seed=1, jobs=int(sys.argv[1]),
                        progress=True)
    except FirstResult:
        print("first result")
"""


@pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="needs Linux")
@pytest.mark.parametrize("jobs", [1, 2])
def test_n5_a_billion_deals_start_at_once_in_bounded_memory(tmp_path: Path, jobs: int) -> None:
    # The address space is capped so that a job list made ahead fails fast (MemoryError)
    # instead of filling the machine.
    script = tmp_path / "lazy.py"
    script.write_text(LAZY_ARENA)
    done = subprocess.run([sys.executable, str(script), str(jobs), "1500"],
                          capture_output=True, text=True, timeout=120, cwd=ROOT,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0 and done.stdout.strip() == "first result", done.stderr[-2000:]


def test_n5_parallel_results_keep_their_order() -> None:
    from engine.cli.arena import run_arena

    assert run_arena("heuristic", "random", 5, seed=9, jobs=2) == \
        run_arena("heuristic", "random", 5, seed=9, jobs=1)


# --- N6: --max-memory works from its smallest accepted value -----------------------------

def test_n6_the_smallest_memory_cap_solves_a_position() -> None:
    status, out, _ = cli(["solve", "--max-memory", "100", "-"], GOOD_SOLVE.encode())
    assert status == 0 and [json.loads(line) for line in out] == [SOLVED]


def test_n6_the_cap_counts_from_the_loaded_engine() -> None:
    from engine.cli.solve import _solve_job
    from engine.cli.worker import Worker, WorkerFailure

    with Worker(_solve_job, 60, 100) as solver:
        assert solver.run((GOOD_SOLVE, False, None)) == SOLVED
    with Worker(bytearray, 60, 100) as allocator:
        assert len(allocator.run(20 << 20)) == 20 << 20   # and its copy for the reply
        with pytest.raises(WorkerFailure, match="100 MB"):
            allocator.run(300 << 20)


# --- N7: a read that fails after the file opens ------------------------------------------

@pytest.mark.skipif(not Path("/proc/self/mem").exists(), reason="needs Linux /proc")
@pytest.mark.parametrize("command", [["melds"], ["solve"], ["puzzles", "verify"]])
def test_n7_eio_is_one_error_line(command: list[str]) -> None:
    status, out, _ = cli([*command, "/proc/self/mem"])
    assert status == 1 and len(out) == 1
    assert "cannot read" in json.loads(out[0])["error"]


class FailingReader(io.BytesIO):
    """Its lines, then EIO."""

    def readline(self, size: int | None = -1) -> bytes:
        line = super().readline(size)
        if not line:
            raise OSError(5, "Input/output error")
        return line


@pytest.mark.parametrize("command, good, answered", [
    ("melds", GOOD_MELDS, "declarations"), ("solve", GOOD_SOLVE, "value")])
def test_n7_a_read_error_midway_answers_the_records_before_it(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        command: str, good: str, answered: str) -> None:
    stdin = io.TextIOWrapper(FailingReader(f"{good}\n{{\n".encode()), encoding="utf-8")
    monkeypatch.setattr("sys.stdin", stdin)
    status = main([command, "-"])
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert status == 1 and len(out) == 3 and answered in out[0]
    assert "not closed" in out[1]["error"] and "Input/output error" in out[2]["error"]


# --- N10: verify answers each record in one JSON line; a BOM is accepted -----------------

def test_n10_verify_writes_one_json_line_per_record(tmp_path: Path) -> None:
    good = endgame_record()
    other = dict(bank.load("endgame")[1])
    wrong = dict(other, value=other["value"] + 7, best=["7C"])
    path = tmp_path / "bank.jsonl"
    path.write_text("\n".join(map(json.dumps, [good, wrong, good, 5])) + "\n", encoding="utf-8")
    status, out, err = cli(["puzzles", "verify", str(path)])
    answers = [json.loads(line) for line in out]
    assert status == 1 and len(answers) == 4 and "4 puzzles checked" in err
    assert answers[0] == {"id": good["id"], "ok": True}
    assert answers[1]["id"] == other["id"] and f"{path}:2: value" in answers[1]["error"]
    assert "; best" in answers[1]["error"]          # all its problems, in one line
    assert answers[2] == {"id": good["id"], "error": f"{path}:3: duplicate puzzle id"}
    assert "JSON object" in answers[3]["error"] and "id" not in answers[3]
    path.write_text(json.dumps(good) + "\n", encoding="utf-8")
    assert cli(["puzzles", "verify", str(path)])[:2] == (0, [json.dumps(answers[0])])


BOM = b"\xef\xbb\xbf"


def test_n10_a_utf8_bom_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "input"
    path.write_bytes(BOM + GOOD_MELDS.encode() + b"\n")
    status, out, _ = cli(["melds", str(path)])
    assert status == 0 and "declarations" in json.loads(out[0])
    path.write_bytes(BOM + GOOD_SOLVE.encode() + b"\n")
    assert cli(["solve", str(path)])[:2] == (0, [json.dumps(SOLVED)])
    path.write_bytes(BOM + json.dumps(endgame_record()).encode() + b"\n")
    status, out, _ = cli(["puzzles", "verify", str(path)])
    assert status == 0 and json.loads(out[0])["ok"] is True
    status, out, _ = cli(["melds", "-"], BOM + GOOD_MELDS.encode() + b"\n")
    assert status == 0 and "declarations" in json.loads(out[0])
