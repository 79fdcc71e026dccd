"""The score pad's checks from the third rules review (findings 3, 4, 7, 8) and the
reliability review (m4), each with the review's own reproducer:

* both sides over the target: the deciding fact (000 l.10 who reached it first; 002
  l.79, 004 l.324 the last trick) is asked for, never guessed from the totals;
* where the first marriage fixes trumps (no-trump 004 l.234-236, l.310-313; Rubicon
  003), a marriage recorded without cards needs the deal's suit, later marriages score
  as ordinary ones, and the 50 belongs only to the declaration that fixes trumps;
* impossible scores are refused or flagged;
* 004's fine of 120 for nine cards, and the citations of the fines and the no-trump
  seven; a Rubicon tie with no brisques recorded says so;
* a CSV row with a missing value is one clear error;
* the Russian result names a player without guessing a gender.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from engine.cli import main
from engine.rules.scorepad import (
    DeclarationRefused,
    Item,
    MissingFact,
    ScorePad,
    ScorePadError,
)


def pad(variant: str, deals: list[dict[str, Any]], players: list[str] | None = None,
        options: dict[str, str] | None = None) -> ScorePad:
    return ScorePad.from_json({"variant": variant, "players": players or ["A", "B"],
                               "options": options or {}, "deals": deals})


def cli(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        data: dict[str, Any] | str, *args: str) -> tuple[int, str, str]:
    text = data if isinstance(data, str) else json.dumps(data)
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    status = main(["scorepad", "-", *args])
    out = capsys.readouterr()
    return status, out.out, out.err


# --- finding 3: both over the target --------------------------------------------------

FILDINSKI_BOTH_OVER = [{"scores": [1500, 1500]}, {"scores": [600, 700]}]
CLUB_BOTH_OVER = [{"scores": [600, 500]}, {"scores": [500, 700]}]


def test_fildinski_both_over_without_the_first_to_reach_is_not_decided() -> None:
    report = pad("fildinski", FILDINSKI_BOTH_OVER).report()
    assert not report.over and report.result is None
    assert report.missing == "first_to_target"
    assert "first_to_target" in report.closing_lines("en")[-1]


def test_club_both_over_without_the_last_trick_is_not_decided() -> None:
    report = pad("club", CLUB_BOTH_OVER).report()
    assert not report.over and report.missing == "last_trick"
    assert "last_trick" in report.closing_lines("ru")[-1]


def test_the_deciding_fact_decides_against_the_totals() -> None:
    # 000 l.10: the first to reach 2000 wins, whatever the totals (A 2100 : B 2200).
    decided = pad("fildinski", [FILDINSKI_BOTH_OVER[0],
                                {**FILDINSKI_BOTH_OVER[1], "first_to_target": "A"}]).report()
    assert decided.over and decided.result is not None and decided.result.player == 0
    # 002 l.79: the winner of the last trick wins (A 1100 : B 1200).
    club = pad("club", [CLUB_BOTH_OVER[0], {**CLUB_BOTH_OVER[1], "last_trick": "A"}])
    assert club.report().result is not None and club.report().result.player == 0


def test_finishing_without_the_deciding_fact_is_refused_naming_it() -> None:
    started = pad("fildinski", FILDINSKI_BOTH_OVER[:1]).start_deal()
    with pytest.raises(MissingFact, match="first_to_target") as refused:
        started.finish_deal(scores=[600, 700])
    assert refused.value.field == "first_to_target"
    done = started.finish_deal(scores=[600, 700], first_to_target=1)
    assert done.report().result is not None and done.report().result.player == 1
    club = pad("club", CLUB_BOTH_OVER[:1]).start_deal()
    with pytest.raises(MissingFact, match="last_trick"):
        club.finish_deal(scores=[500, 700])


def test_an_undecided_game_takes_no_further_deal() -> None:
    with pytest.raises(ScorePadError, match="first_to_target"):
        pad("fildinski", FILDINSKI_BOTH_OVER).start_deal()
    with pytest.raises(ScorePadError, match="undecided"):
        pad("fildinski", [*FILDINSKI_BOTH_OVER, {"scores": [10, 10]}])


def test_first_to_target_under_the_target_is_refused() -> None:
    with pytest.raises(ScorePadError, match="under the target 2000"):
        pad("fildinski", [{"scores": [1500, 1500]},
                          {"scores": [400, 700], "first_to_target": "A"}])


def test_the_cli_asks_for_the_missing_field(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    data = {"variant": "fildinski", "players": ["A", "B"], "deals": FILDINSKI_BOTH_OVER}
    status, out, _ = cli(monkeypatch, capsys, data)
    assert status == 0
    assert "first_to_target" in out.splitlines()[-1]
    assert "wins the game" not in out


# --- finding 4: the marriage that fixes trumps ----------------------------------------

NO_TRUMP_REVIEW = {"declarations": [
    {"player": "A", "meld": "trump_marriage"},
    {"player": "B", "meld": "marriage", "cards": ["KC", "QC"]},
    {"player": "B", "meld": "trump_marriage", "cards": ["KS", "QS"]},
    {"player": "A", "meld": "double_trump_marriage"}],
    "brisques": [80, 80], "last_trick": 0}


def test_no_trump_marriage_without_cards_or_suit_is_asked_for() -> None:
    items = pad("no-trump", [NO_TRUMP_REVIEW]).report().deals[0].items
    first, plain, spades, double = items
    assert not first.scored and "name its cards" in " ".join(
        s.render("en") for s in first.event.steps)
    # Nothing fixed trumps, so a plain marriage is still impossible; the refusal says
    # that in no-trump only a marriage (not a sequence) fixes them (004 l.234, l.312).
    assert not plain.scored
    text = " ".join(s.render("en") for s in plain.event.steps)
    assert "sequence cannot" in text
    assert "two-handed rules, 'No-trump Bezique'" in plain.event.cited("en")
    # K♠ Q♠ fix spades; the double trump marriage after that scores nothing.
    assert spades.scored and spades.event.points == 40
    assert not double.scored and double.event.points == 0


def test_the_deals_trump_lets_a_marriage_without_cards_fix_trumps() -> None:
    deal = {"trump": "H", "declarations": [
        {"player": "A", "meld": "double_trump_marriage"},
        {"player": "B", "meld": "marriage", "cards": ["KS", "QS"]},
        {"player": "B", "meld": "trump_marriage", "cards": ["KH", "QH"]},
        {"player": "A", "meld": "double_trump_marriage"}],
        "brisques": [0, 0]}
    items = pad("no-trump", [deal]).report().deals[0].items
    assert [e.event.points for e in items] == [50, 20, 40, 0]
    assert "hearts" in items[0].event.steps[-1].render("en")
    assert not items[3].scored     # the 50 belongs to the declaration that fixed trumps


def test_a_fixing_marriage_of_another_suit_than_the_deals_trump_is_refused() -> None:
    started = pad("rubicon", []).start_deal(trump="H")
    with pytest.raises(DeclarationRefused):
        started.record(Item(0, "meld", "trump_marriage", ("KS", "QS")))


def test_rubicon_trump_marriage_without_cards_needs_the_suit() -> None:
    started = pad("rubicon", []).start_deal()
    with pytest.raises(DeclarationRefused):
        started.record(Item(0, "meld", "trump_marriage"))
    fixed = pad("rubicon", []).start_deal(trump="D").record(Item(0, "meld", "trump_marriage"))
    after = fixed.record(Item(1, "meld", "marriage", ("KC", "QC")))
    assert after.report().deals[0].items[-1].event.points == 20


def test_no_trump_seven_cites_004() -> None:
    started = pad("no-trump", []).start_deal()
    with pytest.raises(DeclarationRefused) as refused:
        started.record(Item(0, "dix"))
    assert refused.value.rule_id == "dix.show"
    assert "004" in started.profile.citation("dix.show")
    assert "l.236" in started.profile.citation("dix.show")


# --- finding 7: impossible scores -----------------------------------------------------

@pytest.mark.parametrize(("variant", "deal", "problem"), [
    ("rubicon", {"scores": [-500, 1230], "brisques": [100, 100]}, "cannot be negative"),
    ("rubicon", {"scores": [500, 1235], "brisques": [100, 100]}, "not a multiple of 10"),
    ("two-handed", {"scores": [999990, 0]}, "more than one deal"),
    ("joker", {"scores": [-4, 10]}, "cannot be negative"),
    ("club", {"brisques": [205, 100], "last_trick": 0}, "counted in 10s"),
])
def test_impossible_scores_are_refused(variant: str, deal: dict[str, Any],
                                       problem: str) -> None:
    with pytest.raises(ScorePadError, match=problem):
        pad(variant, [deal])


def test_fines_allow_a_negative_deal() -> None:
    # 004's card-point game fines (l.354-359): a deal may end below zero.
    assert pad("card-point", [{"scores": [-50, 120]}]).report().totals == (-50, 120)


def test_points_below_the_end_counts_beside_them_are_flagged() -> None:
    report = pad("two-handed", [{"scores": [50, 200], "brisques": [100, 60],
                                 "last_trick": 0}]).report()
    lines = report.lines("en")
    assert any("Check the paper" in line and "110 : 60" in line for line in lines)


def test_points_as_written_list_no_empty_brisques() -> None:
    # App review 3, #13: "as written on paper" listed "aces and tens captured: 0".
    lines = pad("two-handed", [{"scores": [500, 200], "brisques": [0, 0]}]).report().lines()
    assert not any("aces and tens" in line for line in lines)


# --- finding 8: fines and wording -----------------------------------------------------

def test_the_nine_card_fine_of_004() -> None:
    started = pad("card-point", []).start_deal()
    fined = started.record(Item(0, "fine", "nine_cards"))
    entry = fined.report().deals[0].items[-1]
    assert entry.event.points == -120
    assert "card-point section, 'Penalties'" in entry.event.cited("en")
    with pytest.raises(DeclarationRefused):   # 001 has no fines
        pad("two-handed", []).start_deal().record(Item(0, "fine", "nine_cards"))


def test_the_extra_card_fine_cites_both_of_004s_amounts() -> None:
    sixty = pad("card-point", [], options={"extra_card_fine": "sixty"}).start_deal()
    entry = sixty.record(Item(0, "fine", "extra_card")).report().deals[0].items[-1]
    assert entry.event.points == -60
    cited = entry.event.cited("en")
    # each of 004's texts with the fine, by its section (lessons-review-3 E28)
    assert "'Penalties in Bezique'" in cited and "'Bezique', 'Penalties'" in cited
    assert "card-point section, 'Penalties' (50)" in cited


def test_a_rubicon_tie_without_brisques_says_none_were_recorded() -> None:
    lines = pad("rubicon", [{"scores": [1290, 1200]}]).report().closing_lines("en")
    assert any("none were recorded" in line for line in lines)
    assert not any("brisques are added" in line for line in lines)


def test_the_russian_result_does_not_guess_a_gender() -> None:
    # App review 3, #13: "Anna выиграл партию".
    lines = pad("two-handed", [{"scores": [600, 500]}, {"scores": [500, 300]}],
                players=["Anna", "Boris"]).report().closing_lines("ru")
    assert "Победа в партии: Anna (счёт 1100 : 800)" in lines
    assert not any("выиграл" in line for line in lines)


# --- m4: a short CSV row ----------------------------------------------------------------

SHORT_ROW = ("deal,entry,player,meld,cards,trick,played,value,points,rule,source,explanation\n"
             ",variant,,rubicon\n,player,A\n,player,B\n1,deal\n1,scores,A\n")


def test_a_csv_row_without_its_value_is_one_clear_error() -> None:
    with pytest.raises(ScorePadError, match="no 'value'"):
        ScorePad.from_csv(SHORT_ROW)


def test_the_short_row_through_the_cli(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    # The reliability review's probes-3/scorepad_short_row.csv.
    file = tmp_path / "short.csv"
    file.write_text(SHORT_ROW, encoding="utf-8")
    assert main(["scorepad", str(file)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("bezique: error:") and len(err.splitlines()) == 1
    assert "'value'" in err      # read as CSV, the missing value named


# --- m10 and the help -----------------------------------------------------------------

def test_a_report_is_computed_once_for_its_content() -> None:
    first = pad("two-handed", [{"scores": [500, 200]}])
    again = ScorePad.loads(first.dumps())
    assert again.report() is first.report()


def test_the_help_names_formats_an_example_and_the_variants(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["scorepad", "--help"])
    text = capsys.readouterr().out
    assert "JSON" in text and "CSV" in text
    assert "example" in text and "bezique scorepad -" in text
    assert "fildinski-four-handed" in text and "rubicon" in text
