"""The score pad (engine.rules.scorepad), its command (``bezique scorepad``) and its
table in the progress store.

The settlements are worked from the sources' own numbers: 003 'счет' (line 35 of
/work/shared/sources/003_*.txt: 1290 and 1200 both round to 1200, brisques are added,
still equal, the higher actual score rounds up), 003 'варианты' (line 41: a premium of
1000, both scores and 320 for all brisques), 004 'Рубикон' (line 382: 500 and the
difference; a rubiconed loser: 1000, 320, both scores; 100 more under 100) and 004
'Китайский Безик' (line 386: 1000 for the game)."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from _store_backends import BACKENDS, Places, places_fixture

from engine.cli import main
from engine.rules.scorepad import (
    DeclarationRefused,
    Item,
    ScorePad,
    ScorePadError,
)
from puzzles.store import SCHEMA_VERSION, open_store

places = pytest.fixture(params=BACKENDS)(places_fixture)

RUBICON_EXAMPLE = {"variant": "rubicon", "options": {}, "players": ["Anna", "Boris"],
                   "deals": [{"declarations": [], "brisques": [60, 100], "last_trick": 0,
                              "scores": [1290, 1200]}]}


def one_deal(variant: str, scores: list[int], brisques: list[int],
             options: dict[str, str] | None = None) -> ScorePad:
    return ScorePad.from_json({"variant": variant, "options": options or {},
                               "players": ["Anna", "Boris"],
                               "deals": [{"scores": scores, "brisques": brisques}]})


# --- settlements from the sources' numbers ----------------------------------------------

def test_003_tie_example_settles_at_600() -> None:
    report = ScorePad.from_json(RUBICON_EXAMPLE).report()
    assert report.over and report.settlement is not None
    assert (report.settlement.winner, report.settlement.points) == (0, 600)
    lines = report.closing_lines("en")
    assert "Anna: 1290 rounded down to 1200" in lines
    assert "Boris: 1200 rounded down to 1200" in lines
    assert any("brisques are added" in line for line in lines)
    assert "Still a tie: the higher actual score rounds up" in lines
    assert "Anna wins: difference 100 plus 500 for the game" in lines
    assert lines[-1] == "Anna scores 600 for the game"
    ru = report.closing_lines("ru")
    assert ru[-1] == "Anna получает за партию 600 очков"


def test_003_rubicon_is_500_more_even_below_1000() -> None:
    # 003 l.33: the difference of the rounded scores plus 500, and 500 more when the
    # loser is under 1000, "even if the winner did not reach it".
    settled = one_deal("rubicon", [950, 420], [80, 40]).report().settlement
    assert settled is not None and settled.rubiconed
    assert settled.points == (900 - 400) + 500 + 500


def test_003_variant_sum_and_brisques() -> None:
    # 003 l.41: 1000, plus all the points both scored, plus 320 for all brisques.
    settled = one_deal("rubicon", [1400, 700], [200, 120],
                       {"rubicon_settlement": "rubicon_sum_003_variant"}).report().settlement
    assert settled is not None and settled.points == 1000 + 1400 + 700 + 320


def test_004_difference_without_rounding_and_rubicon_with_small_score() -> None:
    # 004 l.382: 500 and the difference, no rounding.
    settled = one_deal("rubicon", [1290, 1200], [60, 100],
                       {"rubicon_settlement": "unrounded_004"}).report().settlement
    assert settled is not None and (settled.winner, settled.points) == (0, 90 + 500)
    # A loser under the rubicon and under 100: 1000 + 320 + both scores + 100.
    settled = one_deal("rubicon", [1200, 80], [100, 60],
                       {"rubicon_settlement": "unrounded_004"}).report().settlement
    assert settled is not None and settled.points == 1000 + 320 + 1200 + 80 + 100


def test_chinese_game_bonus_is_1000() -> None:
    settled = one_deal("chinese", [1290, 1200], [60, 100]).report().settlement
    assert settled is not None and settled.points == 100 + 1000


def test_brisques_rescue_the_loser_from_the_rubicon() -> None:
    report = one_deal("rubicon", [1500, 960], [80, 50]).report()
    assert report.settlement is not None and not report.settlement.rubiconed
    assert any("brisques to cross the rubicon" in line for line in report.closing_lines())


# --- a whole game, kept entry by entry ---------------------------------------------------

def test_a_whole_rubicon_game_from_declarations() -> None:
    pad = ScorePad.new("rubicon", ["Anna", "Boris"]).start_deal()
    for item in (Item(0, "meld", "trump_marriage", ("KH", "QH"), 1),
                 Item(1, "meld", "bezique", ("QS", "JD"), 2),
                 Item(0, "meld", "trump_sequence", ("AH", "TH", "KH", "QH", "JH"), 3),
                 Item(1, "meld", "double_bezique", ("QS", "JD", "QS", "JD"), 4),
                 Item(0, "meld", "four_aces", ("AS", "AH", "AD", "AC"), 5),
                 Item(0, "meld", "four_aces", ("AS", "AH", "AD", "AC"), 8, ("AS",)),
                 Item(1, "carte_blanche"), Item(1, "carte_blanche")):
        pad = pad.record(item)
    pad = pad.finish_deal(brisques=[150, 170], last_trick=1)
    report = pad.report()
    assert report.deals[0].scores == (40 + 250 + 100 + 100, 40 + 500 + 50 + 50 + 50)
    assert report.over and report.settlement is not None
    assert report.settlement.winner == 1 and report.settlement.rubiconed
    again = report.deals[0].items[-1]
    assert again.event.rule_id == "carte_blanche.repeat"
    with pytest.raises(ScorePadError, match="over"):
        pad.start_deal()


def test_a_whole_two_handed_game_to_1000() -> None:
    pad = ScorePad.new("two-handed", ["Vera", "Gleb"])
    pad = pad.start_deal(turn_up="7D")     # the dealer (Vera) scores the dix
    for item in (Item(1, "meld", "bezique", ("QS", "JD"), 1), Item(1, "dix", cards=("7D",)),
                 Item(0, "meld", "four_aces", ("AS", "AH", "AD", "AC"), 2),
                 Item(1, "meld", "double_bezique", ("QS", "JD", "QS", "JD"), 3)):
        pad = pad.record(item)
    pad = pad.finish_deal(brisques=[90, 70], last_trick=0)
    first = pad.report()
    assert first.deals[0].scores == (10 + 100 + 90 + 10, 40 + 10 + 500 + 70)
    assert not first.over and first.deals[0].outcome is not None
    assert first.deals[0].outcome.type == "next_deal"
    pad = pad.start_deal(trump="H").finish_deal(scores=[700, 300])
    report = pad.report()
    assert not report.over and report.totals == (910, 920)   # nobody has 1000 yet
    pad = pad.start_deal(trump="S").finish_deal(scores=[200, 50])
    report = pad.report()
    assert report.over and report.result is not None and report.result.player == 0
    assert report.closing_lines()[-1] == "Vera wins the game (1110 : 970)"


def test_game_goes_on_until_the_target() -> None:
    pad = ScorePad.from_json({"variant": "two-handed", "players": ["Vera", "Gleb"],
                              "deals": [{"scores": [600, 300]}, {"scores": [500, 450]}]})
    report = pad.report()
    assert report.over and report.result is not None and report.result.player == 0
    assert report.closing_lines()[-1] == "Vera wins the game (1100 : 750)"
    # A name typed at the table says nothing sure of its gender (app review 3, #13).
    assert report.closing_lines("ru")[-1] == "Победа в партии: Vera (счёт 1100 : 750)"
    with pytest.raises(ScorePadError, match="already over after deal 2"):
        ScorePad.from_json({**pad.to_json(), "deals": [*pad.to_json()["deals"],
                                                       {"scores": [10, 10]}]})


def test_club_both_over_1000_the_last_trick_decides() -> None:
    pad = ScorePad.from_json({"variant": "club", "players": ["Vera", "Gleb"], "deals": [
        {"scores": [900, 900]}, {"scores": [200, 300], "last_trick": 0}]})
    report = pad.report()
    assert report.result is not None and report.result.player == 0
    assert report.result.rule_id == "game.last_trick"


def test_club_turn_up_bonus_and_fines() -> None:
    pad = ScorePad.new("club", ["Vera", "Gleb"]).start_deal(turn_up="AS")
    pad = pad.record(Item(1, "meld", "bezique", ("QS", "JD"), 1))
    pad = pad.record(Item(1, "fine", "extra_card"))
    pad = pad.record(Item(0, "carte_blanche"))
    with pytest.raises(DeclarationRefused) as refused:
        pad.record(Item(1, "carte_blanche"))     # 002: the first one of the deal only
    assert refused.value.rule_id == "meld.carte_blanche"
    pad = pad.record(Item(1, "fine", "false_declaration"))
    report = pad.report()
    deal = report.deals[0]
    assert deal.opening[0].event.points == 20                  # a black trump ace
    # The false declaration takes all Gleb's points so far: none (40 - 50 is below 0).
    assert [e.event.points for e in deal.items] == [40, -50, 250, 0]
    assert deal.scores == (20 + 250, -10)


# --- refusals, one per reuse class --------------------------------------------------------

def refusal(pad: ScorePad, item: Item) -> DeclarationRefused:
    with pytest.raises(DeclarationRefused) as caught:
        pad.record(item)
    assert caught.value.steps, "a refusal explains itself"
    assert caught.value.explain("ru") != caught.value.explain("en")
    return caught.value


def started(variant: str, options: dict[str, str] | None = None,
            **deal: Any) -> ScorePad:
    pad = ScorePad.new(variant, ["Anna", "Boris"], (options or {}).items())
    return pad.start_deal(**deal)


def test_refused_same_class() -> None:
    pad = started("two-handed", trump="D").record(Item(0, "meld", "marriage", ("KS", "QS"), 1))
    error = refusal(pad, Item(0, "meld", "marriage", ("KS", "QS"), 2))
    assert error.rule_id == "reuse.same_class"
    assert "may not be scored again" in error.explain("en")
    # With the other copies named, it is a new marriage.
    pad.record(Item(0, "meld", "marriage", ("KS#2", "QS#2"), 2))


def test_refused_partner_swap() -> None:
    pad = started("two-handed", trump="D").record(Item(0, "meld", "marriage", ("KS", "QS"), 1))
    assert refusal(pad, Item(0, "meld", "marriage", ("KS#2", "QS"), 2)).rule_id \
        == "reuse.partner_swap"


def test_refused_all_new_in_004_reading() -> None:
    pad = started("two-handed", {"double_bezique": "all_new_004"}, trump="H")
    pad = pad.record(Item(0, "meld", "bezique", ("QS", "JD"), 1))
    assert refusal(pad, Item(0, "meld", "double_bezique", ("QS", "JD", "QS", "JD"), 2)
                   ).rule_id == "reuse.all_new"


@pytest.mark.parametrize(("first", "second", "key"), [
    # the marriage inside a declared sequence
    (("trump_sequence", ("AD", "TD", "KD", "QD", "JD")), ("trump_marriage", ("KD", "QD")),
     "reform_contained"),
    # four aces again with nothing played since
    (("four_aces", ("AS", "AH", "AD", "AC")), ("four_aces", ("AS", "AH", "AD", "AC")),
     "reform_same_cards"),
])
def test_refused_rubicon_reform(first: tuple[str, tuple[str, ...]],
                                second: tuple[str, tuple[str, ...]], key: str) -> None:
    pad = started("rubicon").record(Item(0, "meld", "trump_marriage", ("KD", "QD"), 1))
    pad = pad.record(Item(0, "meld", first[0], first[1], 2))
    error = refusal(pad, Item(0, "meld", second[0], second[1], 3))
    assert error.rule_id == "reuse.reform" and error.steps[-1].key == key


def test_rubicon_reform_after_a_card_is_played() -> None:
    pad = started("rubicon").record(Item(0, "meld", "four_queens", ("QS", "QH", "QD", "QC"), 1))
    error = refusal(pad, Item(0, "meld", "four_queens", ("QS#2", "QH", "QD", "QC"), 2))
    assert error.steps[-1].key == "reform_standing"
    pad = pad.record(Item(0, "meld", "four_queens", ("QS", "QH", "QD", "QC"), 2, ("QS",)))
    assert pad.report().deals[0].items[-1].event.points == 60


def test_refused_ladder_out_of_turn() -> None:
    pad = started("joker", trump="H")
    assert refusal(pad, Item(0, "meld", "four_queens_2")).rule_id == "ladder.order"


def test_refused_second_declaration_on_one_trick() -> None:
    pad = started("two-handed", trump="D").record(Item(0, "meld", "marriage", ("KS", "QS"), 4))
    assert refusal(pad, Item(0, "meld", "four_aces", ("AS", "AH", "AD", "AC"), 4)).rule_id \
        == "declare.one_per_trick"


def test_refused_plain_marriage_before_trumps_in_rubicon() -> None:
    assert refusal(started("rubicon"), Item(0, "meld", "marriage", ("KS", "QS"))).rule_id \
        == "trump.first_marriage"


def test_refused_dix_where_it_has_no_value_and_a_third_seven() -> None:
    assert refusal(started("rubicon"), Item(0, "dix")).rule_id == "dix.show"
    pad = started("two-handed", trump="D").record(Item(0, "dix")).record(Item(1, "dix"))
    assert refusal(pad, Item(0, "dix")).rule_id == "dix.once_per_card"


def test_refusal_names_its_source() -> None:
    pad = started("rubicon").record(Item(0, "meld", "four_aces", ("AS", "AH", "AD", "AC"), 1))
    pad = ScorePad.from_json({**pad.to_json(), "deals": [{"declarations": [
        {"player": 0, "meld": "four_aces", "cards": ["AS", "AH", "AD", "AC"]},
        {"player": 0, "meld": "four_aces", "cards": ["AS", "AH", "AD", "AC"]}]}]})
    report = pad.report()
    entry = report.refused[0]
    assert entry.event.cited() == "003, 'declarations'; 004, 'Rubicon'"
    assert entry.event.cited("ru") == "003, 'заявления'; 004, 'Рубикон'"
    assert report.line(entry).startswith("REFUSED: Anna: ")
    assert report.line(entry, "ru").startswith("ОТКЛОНЕНО: Anna: ")


def test_russian_card_letters_are_read() -> None:
    pad = started("two-handed", trump="D").record(Item(0, "meld", "marriage", ("Кп", "Дп"), 1))
    assert pad.deals[0].items[0].cards == ("KS", "QS")


# --- JSON and CSV round trips, undo --------------------------------------------------------

def rich_pad() -> ScorePad:
    pad = started("club", turn_up="7H")
    for item in (Item(0, "meld", "bezique", ("QS", "JD"), 1),
                 Item(1, "dix", cards=("7H",), trick=2),
                 Item(0, "meld", "four_kings"), Item(1, "fine", "extra_card"),
                 Item(0, "played", played=("QS",)), Item(0, "carte_blanche")):
        pad = pad.record(item)
    pad = pad.finish_deal(brisques=[120, 90], last_trick=1)
    return pad.start_deal(trump="S")


def test_json_round_trip() -> None:
    pad = rich_pad()
    assert ScorePad.from_json(pad.to_json()) == pad
    assert ScorePad.loads(pad.dumps()) == pad
    assert ScorePad.from_json(json.loads(json.dumps(RUBICON_EXAMPLE))).to_json()["deals"][0][
        "scores"] == [1290, 1200]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_csv_round_trip(lang: str) -> None:
    pad = rich_pad()
    text = pad.to_csv(lang)
    assert ScorePad.from_csv(text) == pad
    assert "penalty.extra_card" in text and "-50" in text


def test_undo_step_by_step() -> None:
    pad = rich_pad()
    steps = [pad]
    while pad.deals:
        pad = pad.undo()
        steps.append(pad)
    # a deal started, its end, six entries, the first deal: ten steps back to empty
    assert len(steps) == 10
    assert steps[1].deals[-1] == rich_pad().deals[0]
    assert not steps[2].deals[0].finished and len(steps[2].deals[0].items) == 6
    with pytest.raises(ScorePadError):
        pad.undo()


# --- malformed input -------------------------------------------------------------------

@pytest.mark.parametrize(("data", "problem"), [
    ([], "JSON object"),
    ({"variant": "nope", "players": ["a", "b"]}, "unknown variant"),
    ({"variant": 3, "players": ["a", "b"]}, "'variant'"),
    ({"variant": "rubicon", "players": ["a"]}, "played by 2 players"),
    ({"variant": "rubicon", "players": ["a", "a"]}, "same name"),
    ({"variant": "rubicon", "players": ["a", "b"], "extra": 1}, "unknown field"),
    ({"variant": "rubicon", "players": ["a", "b"], "options": {"x": "y"}}, "unknown option"),
    ({"variant": "rubicon", "players": ["a", "b"], "deals": [
        {"declarations": [{"player": 0, "meld": "nine_kings"}]}]}, "no meld 'nine_kings'"),
    ({"variant": "rubicon", "players": ["a", "b"], "deals": [
        {"declarations": [{"player": 2, "meld": "bezique"}]}]}, "not one of the players"),
    ({"variant": "rubicon", "players": ["a", "b"], "deals": [
        {"declarations": [{"player": 0, "meld": "bezique", "cards": ["QX"]}]}]}, "'cards'"),
    ({"variant": "rubicon", "players": ["a", "b"], "deals": [{"scores": [-5, 10**12]}]},
     "whole number"),
    ({"variant": "rubicon", "players": ["a", "b"], "deals": [{"scores": ["1", 2]}]},
     "whole number"),
    ({"variant": "rubicon", "players": ["a", "b"], "deals": [{"brisques": [-10, 0]}]},
     "whole number from 0"),
    ({"variant": "rubicon", "players": ["a", "b"], "deals": [{"brisques": [300, 300]}]},
     "at most 320"),
    ({"variant": "rubicon", "players": ["a", "b"], "deals": [{"scores": [10, 20]},
                                                             {"scores": [10, 20]}]},
     "one deal"),
    ({"variant": "two-handed", "players": ["a", "b"], "deals": [{}, {"scores": [10, 20]}]},
     "not finished"),
])
def test_malformed_pads_are_refused_with_the_problem_named(data: Any, problem: str) -> None:
    with pytest.raises(ScorePadError, match=problem):
        ScorePad.from_json(data)


# --- the command ---------------------------------------------------------------------------

def run_cli(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], text: str,
            *args: str) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text.encode("utf-8"))))
    code = main(["scorepad", *args, "-"])
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_settles_the_issue_example(monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(monkeypatch, capsys, json.dumps(RUBICON_EXAMPLE))
    assert code == 0 and not err
    assert "Anna scores 600 for the game" in out
    code, out, _ = run_cli(monkeypatch, capsys, json.dumps(RUBICON_EXAMPLE), "--json")
    answer = json.loads(out)
    assert answer["settlement"]["points"] == 600 and answer["settlement"]["winner"] == "Anna"
    assert answer["over"] and answer["totals"] == [1290, 1200]
    code, out, _ = run_cli(monkeypatch, capsys, json.dumps(RUBICON_EXAMPLE), "--lang", "ru")
    assert "Anna получает за партию 600 очков" in out


def test_cli_totals_declarations(monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    pad = {"variant": "two-handed", "players": ["Vera", "Gleb"], "deals": [
        {"trump": "D", "declarations": [
            {"player": "Vera", "meld": "double_bezique", "cards": ["QS", "JD", "QS", "JD"]},
            {"player": "Vera", "meld": "four_aces"},
            {"player": "Gleb", "meld": "marriage", "cards": ["KC", "QC"]},
            {"player": "Gleb", "meld": "marriage", "cards": ["KC", "QC"]}],
         "brisques": [100, 60], "last_trick": 1},
        {"scores": [400, 300]}]}
    code, out, _ = run_cli(monkeypatch, capsys, json.dumps(pad), "--json")
    answer = json.loads(out)
    assert code == 0 and answer["deals"][0]["scores"] == [500 + 100 + 100, 20 + 60 + 10]
    assert answer["winner"] == "Vera" and answer["totals"] == [1100, 390]
    assert [r["rule"] for r in answer["refused"]] == ["reuse.same_class"]
    code, out, _ = run_cli(monkeypatch, capsys, json.dumps(pad), "--csv")
    assert ScorePad.from_csv(out) == ScorePad.from_json(pad)


@pytest.mark.parametrize("text", [
    "not json", "", "[1, 2]", '{"variant": "rubicon"}', "[" * 100_000,
    '{"variant": "rubicon", "players": ["a", "b"], "deals": [{"scores": [1e999, 0]}]}',
    '{"variant": "rubicon", "players": ["a", "b"], "deals": [{"scores": [' + "9" * 5000
    + ', 0]}]}',
    '{"variant": "two-handed", "players": ["a", "b"], "deals": [{"declarations": '
    '[{"player": 0, "meld": "bezique", "cards": ["QS#9", "JD"]}]}]}',
])
def test_cli_malformed_input_is_one_error_line(monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str],
                                               text: str) -> None:
    code, out, err = run_cli(monkeypatch, capsys, text)
    assert code == 1 and not out
    assert err.count("\n") == 1 and err.startswith("bezique: error: ")
    assert "Traceback" not in err


def test_cli_unreadable_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scorepad", "/nonexistent/pad.json"]) == 1
    assert capsys.readouterr().err.startswith("bezique: error: cannot read")


# --- the store -----------------------------------------------------------------------------

def test_store_keeps_pads_per_learner(places: Places) -> None:
    target = places.new()
    pad = ScorePad.from_json(RUBICON_EXAMPLE)
    with open_store(target) as store:
        assert store.schema_version == SCHEMA_VERSION
        pad_id = store.save_score_pad("anna", pad.dumps(), pad.variant, "Rubicon: Anna – Boris")
        assert ScorePad.loads(store.score_pad("anna", pad_id)) == pad
        changed = pad.undo()
        assert store.save_score_pad("anna", changed.dumps(), changed.variant, "t", pad_id) \
            == pad_id
        assert ScorePad.loads(store.score_pad("anna", pad_id)) == changed
        assert [p["id"] for p in store.score_pads("anna")] == [pad_id]
        assert store.score_pads("boris") == []
        with pytest.raises(Exception, match="no score pad"):
            store.score_pad("boris", pad_id)
        with pytest.raises(Exception, match="no score pad"):
            store.save_score_pad("boris", pad.dumps(), pad.variant, "t", pad_id)
        store.delete_score_pad("anna", pad_id)
        assert store.score_pads("anna") == []
