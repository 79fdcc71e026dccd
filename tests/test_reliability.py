"""Findings F1–F11 and F17–F19 of the reliability review
(../shared/reviews/reliability-review.md), each from its reproducer: every CLI line
gets an answer or a JSON error line, the exit status says what happened, bad saves
raise CorruptSaveError, and the solver never answers beyond what it supports."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from app_pages.session import PlaySession
from engine.cli import main
from engine.errors import CorruptSaveError, IllegalActionError, NotationError, PositionError
from engine.notation.actions import Action, ActionType
from engine.notation.cards import parse_card
from engine.rules.deal import Deal
from engine.rules.game import Game
from engine.rules.profile import load_profile
from engine.rules.replay import load_game
from engine.solver import Position
from puzzles import bank

ROOT = Path(__file__).parent.parent
BANK = ROOT / "puzzles"
GOOD_MELDS = '{"trump": "S", "hand": ["QS", "JD"]}'
GOOD_SOLVE = "two-handed/H/0/AS 7S/TS 9S/-"
SOLVED = {"to_move": 0, "value": 20, "moves": {"AS": 10, "7S": 20},
          "line": ["7S", "TS", "9S", "AS"]}
# Four-handed with 13 tricks: minutes and gigabytes of search (F9).
HUGE = ("rubicon-four-handed,hand_size=13/H/0/AS AH AD AC KS KH KD KC QS QH QD QC JS/"
        "TS TH TD TC 9S 9H 9D 9C 8S 8H 8D 8C JH/7S 7H 7D 7C AS AH AD AC KS KH KD KC JD/"
        "QS QH QD QC JC TS TH TD TC 9S 9H 9D 9C/-")


def cli(args: list[str], stdin: bytes = b"") -> tuple[int, list[str], str]:
    """Run ``bezique`` in a fresh process: (status, stdout lines, stderr)."""
    done = subprocess.run([sys.executable, "-m", "engine.cli", *args], input=stdin,
                          capture_output=True, timeout=300, cwd=ROOT,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin",
                               "PYTHONIOENCODING": "utf-8"})
    assert "Traceback" not in done.stderr.decode("utf-8", "replace"), done.stderr
    return done.returncode, done.stdout.decode("utf-8").splitlines(), \
        done.stderr.decode("utf-8", "replace")


def in_process(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
               args: list[str], stdin: bytes) -> tuple[int, list[dict]]:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
    status = main(args)
    return status, [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def endgame_record() -> dict:
    return dict(bank.load("endgame")[0])


# --- F1: non-ASCII digits in a copy mark --------------------------------------------------

@pytest.mark.parametrize("token", ["QS#²", "QS#١", "QS#１"])
def test_f1_copy_mark_needs_ascii_digits(token: str) -> None:
    with pytest.raises(NotationError):
        parse_card(token)
    with pytest.raises(NotationError):
        Action.parse(f"play {token}")


def test_f1_melds_answers_the_lines_after_a_bad_copy_mark(monkeypatch, capsys) -> None:
    lines = b'{"trump":"D","hand":["KD#\xc2\xb2","QD#1"]}\n' + GOOD_MELDS.encode() + b"\n"
    status, out = in_process(monkeypatch, capsys, ["melds", "-"], lines)
    assert status == 1 and len(out) == 2
    assert "copy number" in out[0]["error"] and out[1]["declarations"]


def test_f1_solve_answers_the_lines_after_a_bad_copy_mark(monkeypatch, capsys) -> None:
    lines = f"two-handed/H/0/AS#² 7S/TS 9S/-\n{GOOD_SOLVE}\n".encode()
    status, out = in_process(monkeypatch, capsys, ["solve", "-"], lines)
    assert status == 1 and "copy number" in out[0]["error"] and out[1] == SOLVED


def test_f1_tampered_saves_raise_corrupt_save_error() -> None:
    deal = Deal.new(load_profile("two-handed"), __import__("random").Random(3))
    deal.apply(deal.legal_actions()[0])
    data = deal.to_json()
    bad_deck = dict(data, deck=["AS#²", *data["deck"][1:]])
    bad_action = dict(data, actions=[data["actions"][0].replace("#1", "#²").replace(
        "#2", "#²")])
    for save in (bad_deck, bad_action):
        with pytest.raises(CorruptSaveError):
            Deal.from_json(save)
        with pytest.raises(CorruptSaveError):
            Deal.loads(json.dumps(save))
    game = Game.new(load_profile("two-handed"), __import__("random").Random(3)).to_json()
    game["deals"][0]["deck"][0] = "AS#²"
    for loader in (load_game, PlaySession.loads):
        with pytest.raises(CorruptSaveError):
            loader(json.dumps(game))


# --- F2: text options that are not plain integers ----------------------------------------

@pytest.mark.parametrize("option", ["packs=--5", "packs=²", "packs=+5",
                                    "brisque_points=" + "9" * 5000])
def test_f2_bad_option_text_is_a_position_error(option: str) -> None:
    with pytest.raises(PositionError):
        Position.from_text(f"two-handed,{option}/H/0/AS/TS/-")


def test_f2_solve_answers_bad_options_and_goes_on(monkeypatch, capsys) -> None:
    lines = "".join(f"two-handed,{o}/H/0/AS/TS/-\n" for o in
                    ("packs=--5", "packs=²", "brisque_points=" + "9" * 5000)) + GOOD_SOLVE
    status, out = in_process(monkeypatch, capsys, ["solve", "-"], lines.encode())
    assert status == 1 and [set(o) for o in out[:3]] == [{"error"}] * 3
    assert all(len(o["error"]) < 200 for o in out[:3]) and out[3] == SOLVED


# --- F3: lone surrogates echoed into output -----------------------------------------------

def test_f3_surrogate_field_name_gets_an_error_line() -> None:
    stdin = b'{"\\ud800": 1}\n' + GOOD_MELDS.encode() + b"\n"
    status, out, _ = cli(["melds", "-"], stdin)
    assert status == 1 and len(out) == 2
    assert "\\ud800" in json.loads(out[0])["error"] and "declarations" in json.loads(out[1])
    stdin = b'{"\\ud800": 1, "leader": 0, "hands": [["AS"], ["TS"]]}\n' + GOOD_SOLVE.encode()
    status, out, _ = cli(["solve", "-"], stdin)
    assert status == 1 and "error" in json.loads(out[0]) and json.loads(out[1]) == SOLVED


def test_f3_surrogate_puzzle_id_is_reported(tmp_path: Path) -> None:
    record = json.dumps(endgame_record()).replace('"id": "e-', '"id": "\\ud800e-', 1)
    path = tmp_path / "bank.jsonl"
    path.write_text(record + "\n" + json.dumps(endgame_record()) + "\n", encoding="utf-8")
    status, out, err = cli(["puzzles", "verify", str(path)])
    assert status == 1 and "2 puzzles checked" in err and len(out) == 2   # N10: a line each
    assert "\\ud800" in out[0] or "\\\\ud800" in out[0]
    assert json.loads(out[1]) == {"id": endgame_record()["id"], "ok": True}


# --- F4: deep nesting ---------------------------------------------------------------------

def test_f4_deep_nesting_in_melds_is_one_error_line(monkeypatch, capsys) -> None:
    deep = b"[" * 100_000 + b"]" * 100_000 + b"\n" + GOOD_MELDS.encode() + b"\n"
    status, out = in_process(monkeypatch, capsys, ["melds", "-"], deep)
    assert status == 1 and "deep" in out[0]["error"] and "declarations" in out[1]


def test_f4_deep_multiline_object_in_solve(monkeypatch, capsys) -> None:
    deep = b'{"hands":\n' + b"[" * 100_000 + b"\n" + b"]" * 100_000 + b"\n}\n"
    status, out = in_process(monkeypatch, capsys, ["solve", "-"], deep + GOOD_SOLVE.encode())
    assert status == 1 and "error" in out[0] and out[-1] == SOLVED


def test_f4_deep_line_in_a_bank(tmp_path: Path, monkeypatch, capsys) -> None:
    path = tmp_path / "bank.jsonl"
    path.write_text("[" * 100_000 + "]" * 100_000 + "\n" + json.dumps(endgame_record()) + "\n")
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["puzzles", "verify", str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 2 and "deep" in json.loads(out[0])["error"]
    assert json.loads(out[1])["ok"] is True


# --- F5: invalid UTF-8 --------------------------------------------------------------------

def test_f5_invalid_utf8_gets_an_error_line_per_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_bytes(b"\xff" + GOOD_MELDS.encode() + b"\n" + GOOD_MELDS.encode() + b"\n")
    status, out, _ = cli(["melds", str(path)])
    assert status == 1 and "UTF-8" in json.loads(out[0])["error"]
    assert "declarations" in json.loads(out[1])
    path.write_bytes(b"two-handed/H/0/AS\xff/TS/-\n" + GOOD_SOLVE.encode() + b"\n")
    status, out, _ = cli(["solve", str(path)])
    assert status == 1 and "UTF-8" in json.loads(out[0])["error"]
    assert json.loads(out[1]) == SOLVED
    path.write_bytes(b"\xff\xfe\n" + json.dumps(endgame_record()).encode() + b"\n")
    status, out, err = cli(["puzzles", "verify", str(path)])
    assert status == 1 and len(out) == 2 and "UTF-8" in json.loads(out[0])["error"]
    assert "2 puzzles checked" in err and json.loads(out[1])["ok"] is True


# --- F6, F7: input size -------------------------------------------------------------------

# VmHWM is this process's own peak (ru_maxrss would include the parent's peak before
# exec on Linux).
PEAK_RSS = """
import sys
from engine.cli import main
status = main(sys.argv[1:])
with open("/proc/self/status") as status_file:
    peak = next(line.split()[1] for line in status_file if line.startswith("VmHWM"))
print("maxrss_kb", peak, file=sys.stderr)
sys.exit(status)
"""


@pytest.mark.parametrize("command, good", [("melds", GOOD_MELDS), ("solve", GOOD_SOLVE)])
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux /proc")
def test_f6_f7_a_huge_line_is_refused_and_the_next_line_answered(
        tmp_path: Path, command: str, good: str) -> None:
    path = tmp_path / "big.txt"
    with open(path, "wb") as handle:
        handle.write(b"AS " * 17_000_000 + b"\n" + good.encode() + b"\n")   # 51 MB line
    script = tmp_path / "peak.py"   # a main script without a __main__ guard, on purpose
    script.write_text(PEAK_RSS)
    done = subprocess.run([sys.executable, str(script), command, str(path)],
                          capture_output=True, text=True, timeout=300, cwd=ROOT,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    out = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == 1 and len(out) == 2
    assert "longer than" in out[0]["error"] and "error" not in out[1]
    peak_mb = int(done.stderr.split("maxrss_kb")[1].split()[0]) / 1024
    assert peak_mb < 100, peak_mb


def test_f6_records_are_read_one_line_at_a_time() -> None:
    from engine.cli.records import read_records

    lines = [b"x" * 50 + b"\n", b"y" * 5 + b"\n", b"{\n", b'  "a": 1\n', b"}\n",
             b"{\n", b"two-handed\n"]
    got = list(read_records(io.BytesIO(b"".join(lines)), limit=20))
    assert [r.line for r in got] == [1, 2, 3, 6, 7]
    assert "longer than 20" in got[0].error and got[1].text == "yyyyy"
    assert json.loads(got[2].text) == {"a": 1} and "not closed" in got[3].error
    assert got[4].text == "two-handed"


# --- F8: the solver's 4-bit kind counts ---------------------------------------------------

def test_f8_sixteen_identical_cards_are_refused_not_solved_wrongly(monkeypatch, capsys) -> None:
    sixteen = ("two-handed,packs=16,hand_size=16/S/0/" + " ".join(["AS"] * 16) + "/"
               + " ".join(["7H"] * 16) + "/-")
    fifteen = ("two-handed,packs=16,hand_size=16/S/0/" + " ".join(["AS"] * 15) + " KS/"
               + " ".join(["7H"] * 16) + "/-")
    status, out = in_process(monkeypatch, capsys, ["solve", "-"],
                             f"{sixteen}\n{fifteen}\n{GOOD_SOLVE}\n".encode())
    assert status == 1 and "between 1 and 8" in out[0]["error"]
    assert "between 1 and 8" in out[1]["error"] and out[2] == SOLVED


def test_f8_a_profile_beyond_the_limits_cannot_make_a_position() -> None:
    big = load_profile("two-handed").with_options(packs=16, hand_size=16)
    with pytest.raises(PositionError, match="packs"):
        Position(big, None, 0, ((parse_card("AS"),), (parse_card("TS"),)))
    assert Position.from_text("eight-pack/H/0/AS AS#8/TS TS/-").tricks_left == 2


# --- F9: bounded time and memory ----------------------------------------------------------

def test_f9_unbounded_option_values_are_refused() -> None:
    for option in ("packs=15,hand_size=60", "hand_size=14", "packs=9"):
        with pytest.raises(PositionError, match="between"):
            Position.from_text(f"two-handed,{option}/H/0/AS/TS/-")


def test_f9_a_position_out_of_time_gets_an_error_and_the_rest_are_solved() -> None:
    started = time.monotonic()
    status, out, _ = cli(["solve", "--timeout", "2", "-"],
                         f"{GOOD_SOLVE}\n{HUGE}\n{GOOD_SOLVE}\n".encode())
    assert time.monotonic() - started < 60
    assert status == 1 and [json.loads(o) for o in out[::2]] == [SOLVED, SOLVED]
    assert "2 s" in json.loads(out[1])["error"]


def test_f9_the_worker_bounds_time_and_memory() -> None:
    from engine.cli.worker import Worker, WorkerFailure

    with Worker(time.sleep, 0.5, 2048) as sleeper:
        with pytest.raises(WorkerFailure, match="within"):
            sleeper.run(30)
        assert sleeper.run(0) is None
    with Worker(bytearray, 60, 400) as allocator:
        with pytest.raises(WorkerFailure, match="400 MB"):
            allocator.run(1 << 31)
        assert allocator.run(3) == bytearray(3)


# --- F10, F11: puzzles verify goes on; exit statuses --------------------------------------

def test_f10_verify_reports_every_bad_record_and_goes_on(tmp_path: Path) -> None:
    good = endgame_record()
    meld = dict(next(r for r in bank.load("meld") if "question" in r))   # a legal/refused one
    bad: list[object] = [5, None, {k: v for k, v in meld.items() if k != "answer"},
                         {k: v for k, v in meld.items() if k != "question"},
                         dict(good, position=5), dict(meld, question="x"),
                         dict(good, id=[1]), dict(good, id={"a": 1}),
                         {k: v for k, v in good.items() if k != "value"},
                         {k: v for k, v in good.items() if k != "best"},
                         {k: v for k, v in good.items() if k != "type"},
                         dict(good, position=dict(good["position"], options={"packs": 16}))]
    text = "\n".join([*map(json.dumps, bad), "{not json", "[" * 50_000 + "]" * 50_000,
                      json.dumps(good)]) + "\n"
    path = tmp_path / "bank.jsonl"
    path.write_text(text, encoding="utf-8")
    status, out, err = cli(["puzzles", "verify", str(path)])
    assert status == 1 and f"{len(bad) + 3} puzzles checked" in err
    answers = [json.loads(line) for line in out]   # N10: one JSON line per record
    assert len(answers) == len(bad) + 3 and all("error" in a for a in answers)
    assert any("packs" in a["error"] for a in answers)


def test_f11_exit_statuses() -> None:
    status, out, _ = cli(["melds", "/nonexistent"])
    assert status == 1 and "cannot read" in json.loads(out[0])["error"]
    status, out, _ = cli(["solve", "/nonexistent"])
    assert status == 1 and "cannot read" in json.loads(out[0])["error"]
    assert cli(["solve", "--timeout", "soon", "-"])[0] == 2
    assert cli(["melds"])[0] == 2
    status, _, err = cli(["play", "--variant", "nope"])
    assert status == 2 and "unknown variant" in err


# --- F17: hand-built actions --------------------------------------------------------------

def test_f17_malformed_actions_are_refused_with_a_rule() -> None:
    deal = Deal.new(load_profile("two-handed"), __import__("random").Random(5))
    before = deal.snapshot()
    card = min(deal.hands[deal.to_move])
    for action in (Action(ActionType.PLAY, ()), Action(ActionType.SHOW_SEVEN, ()),
                   Action(ActionType.EXCHANGE_SEVEN, ()), Action(ActionType.PLAY, (card,),
                                                                 "bezique"),
                   Action(ActionType.PLAY, (card, card)), Action(ActionType.DRAW, (card,))):
        with pytest.raises(IllegalActionError) as refused:
            deal.apply(action)
        assert refused.value.rule_id == "action.malformed"
        assert refused.value.explain("ru") != refused.value.explain("en")
    assert deal.snapshot() == before


# --- F18, F19: lenient save checks; BOM; pretty-printed requests --------------------------

def test_f18_save_version_must_be_the_integer_one() -> None:
    deal = Deal.new(load_profile("two-handed"), __import__("random").Random(2)).to_json()
    for version in (True, 1.0, "1"):
        with pytest.raises(CorruptSaveError, match="version"):
            Deal.from_json(dict(deal, version=version))
    game = Game.new(load_profile("two-handed"), __import__("random").Random(2)).to_json()
    with pytest.raises(CorruptSaveError, match="version"):
        Game.from_json(dict(game, version=True))


def test_f18_a_deal_relabelled_inside_a_game_is_refused() -> None:
    game = Game.new(load_profile("two-handed"), __import__("random").Random(2)).to_json()
    game["deals"][0]["variant"] = "eight-pack"
    with pytest.raises(CorruptSaveError, match="eight-pack"):
        load_game(json.dumps(game))


def test_f19_a_game_log_with_a_utf8_bom_loads() -> None:
    game = Game.new(load_profile("two-handed"), __import__("random").Random(2))
    text = game.dumps()
    for data in (b"\xef\xbb\xbf" + text.encode(), "\ufeff" + text):
        assert load_game(data).to_json()["deals"] == game.to_json()["deals"]


def test_f19_two_pretty_printed_requests_get_two_answers(monkeypatch, capsys) -> None:
    pretty = json.dumps(json.loads(GOOD_MELDS), indent=2) + "\n"
    status, out = in_process(monkeypatch, capsys, ["melds", "-"], (pretty * 2).encode())
    assert status == 0 and len(out) == 2 and all("declarations" in o for o in out)
