"""The Play page and the Game log name the players in the engine's settlement, game-end
and score lines as the table names them ("You", "Computer"; «Вы», «Компьютер»), never
"player 2", with the Russian verbs agreeing with the name («Вы выиграли партию»,
«Компьютер проиграл»)."""

from __future__ import annotations

import re
from typing import Any

import pytest

pytest.importorskip("streamlit")

from app_helpers import run_page  # noqa: E402
from streamlit.testing.v1 import AppTest  # noqa: E402

from app_pages.session import PlaySession  # noqa: E402
from engine.rules.game import target_outcome  # noqa: E402
from engine.rules.profile import apply_option, load_profile  # noqa: E402
from engine.rules.settlement import settle  # noqa: E402
from engine.text.explain import step  # noqa: E402
from engine.text.naming import Name, named_step, named_steps  # noqa: E402

SEAT_NUMBER = re.compile(r"\bplayers? \d|\bигрок\w* \d", re.IGNORECASE)
YOU = {"en": Name("You", "you"), "ru": Name("Вы", "you")}
BOT = {"en": Name("Computer", "m"), "ru": Name("Компьютер", "m")}


# --- the wording ---------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "you_win", "bot_wins"), [
    ("en", "You win the game (1020 : 870)", "Computer wins the game (870 : 1020)"),
    ("ru", "Вы выиграли партию (счёт 1020 : 870)", "Компьютер выиграл партию (счёт 870 : 1020)"),
])
def test_game_end_names_you_and_the_bot(lang: str, you_win: str, bot_wins: str) -> None:
    names = (YOU[lang], BOT[lang])
    profile = load_profile("two-handed")
    mine = target_outcome(profile, [1020, 870]).steps[-1]
    theirs = target_outcome(profile, [870, 1020]).steps[-1]
    assert named_step(mine, lang, names) == you_win
    assert named_step(theirs, lang, names) == bot_wins


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", ["You are under 1000: rubiconed", "You lost with under 100: 100 more",
            "Computer scores"]),
    ("ru", ["Вы не набрали 1000 и не перешли рубикон", "Вы проиграли, набрав меньше 100",
            "Компьютер получает за партию"]),
])
def test_settlement_lines_agree_with_you(lang: str, expected: list[str]) -> None:
    unrounded = apply_option(load_profile("rubicon"), "rubicon_settlement", "unrounded_004")
    result = settle(unrounded, [80, 1290], [0, 90])
    text = " | ".join(named_steps(result.steps, lang, (YOU[lang], BOT[lang])))
    for part in expected:
        assert part in text, text
    assert not SEAT_NUMBER.search(text)
    assert not re.search(r"Вы (выигрывает|набрал|проиграл|получает)\b", text)


def test_partnerships_are_named_by_side_and_a_name_by_its_gender() -> None:
    sides = (Name("Вы и партнёр", "you"), Name("Противники", "they"))
    seats = tuple(Name(n, "m") for n in ("Вы", "Противник слева", "Партнёр",
                                         "Противник справа"))
    won = target_outcome(load_profile("four-handed"), [900, 1600]).steps[-1]
    assert named_step(won, "ru", seats, sides).startswith("Противники выиграли партию")
    assert named_step(won, "en", seats, (Name("You & partner", "you"),
                                         Name("Opponents", "they"))).startswith(
        "Opponents win the game")
    cut = step("deal.cut", "cut_dealer", player=2)
    assert named_step(cut, "ru", ("Борис", "Анна")) == "Анна вытянула старшую карту и сдаёт первой"
    assert named_step(cut, "ru", (Name("Вы", "you"), BOT["ru"])).startswith(
        "Компьютер вытянул")


# --- the pages -----------------------------------------------------------------------

def _texts(at: AppTest) -> list[str]:
    """Every string the page shows: Markdown, alerts, captions, labels, the tables."""
    found: list[str] = []

    def walk(node: Any) -> None:
        for attr in ("value", "label", "body", "help"):
            try:
                value = getattr(node, attr, None)
            except Exception:  # noqa: BLE001 - some elements have no such field
                value = None
            if isinstance(value, str):
                found.append(value)
        proto = getattr(node, "proto", None)
        data = getattr(proto, "json", None)
        if isinstance(data, str):
            found.append(data)
        children = getattr(node, "children", None)
        if isinstance(children, dict):
            for child in children.values():
                walk(child)

    walk(at._tree)  # noqa: SLF001 - the whole page, every element
    return found


def _finished(variant: str, seed: int) -> PlaySession:
    s = PlaySession.new(variant, seed=seed, level="random")
    for _ in range(30):
        s.autoplay_to_end()
        if s.deal.is_over and not s.game.is_over:
            s.next_deal()
        if s.game.is_over:
            break
    assert s.game.is_over
    return s


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("variant", ["two-handed", "rubicon"])
def test_no_page_says_player_n_for_a_finished_game(lang: str, variant: str) -> None:
    s = _finished(variant, seed=8)
    play = run_page("play", lang, play=s)
    shown = _texts(play)
    assert any("1. " in t for t in shown) or variant == "two-handed"
    bad = [t for t in shown if SEAT_NUMBER.search(t)]
    assert not bad, bad
    you = {"en": "You", "ru": "Вы"}[lang]
    ending = [t for t in shown if re.search(r"(wins?|выиграли?|получаете|получает)", t)]
    assert any(you in t or "Computer" in t or "Компьютер" in t for t in ending), ending
    assert not any(re.search(r"\bВы (выигрывает|получает|проиграл|набрал|выиграл)\b", t)
                   for t in shown)

    log = run_page("replay", lang, play=s)
    shown = _texts(log)
    bad = [t for t in shown if SEAT_NUMBER.search(t)]
    assert not bad, bad
    sample = run_page("replay", lang, replay_source="sample", replay_step=10_000)
    bad = [t for t in _texts(sample) if SEAT_NUMBER.search(t)]
    assert not bad, bad


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_split_of_the_pairs_names_the_seats(lang: str) -> None:
    """Four-handed Fildinski: the Game log's step where the pairs split names the four
    seats as the table does."""
    from engine.rules.replay import Replay

    s = PlaySession.new("fildinski-four-handed", seed=3, level="random")
    s.autoplay_to_end()
    replay = Replay(s.game)
    at_split = next(i for i in range(1, replay.length(1) + 1)
                    if (turn := replay.at(1, i).turn) is not None
                    and any(e.type == "split" for e in turn.events))
    log = run_page("replay", lang, play=s, replay_source="current", replay_deal=1,
                   replay_step=at_split)
    shown = _texts(log)
    split = [t for t in shown if "split the pairs" in t or "пары разбиваются" in t]
    assert split and not [t for t in shown if SEAT_NUMBER.search(t)], split
    partner = {"en": "Partner", "ru": "Партнёр"}[lang]
    assert partner in split[0], split[0]


@pytest.mark.parametrize(("lang", "you", "text"), [
    ("en", YOU["en"], "You do not hold"), ("ru", YOU["ru"], "Вы не держите на руке карту")])
def test_a_card_not_in_hand_names_its_player(lang: str, you: Name, text: str) -> None:
    """The refusal counted seats from 0 ("player 0's hand"); it now numbers them like
    every other step, and the app names the seat."""
    from engine.notation.actions import Action

    s = PlaySession.new("two-handed", seed=4, level="random")
    while not s.human_to_move:
        s.autoplay(1)
    missing = next(c for c in range(64) if c not in s.deal.holding(s.human))
    error = s.deal.why_illegal(Action.play(missing))
    assert error.steps[0].key == "refuse_not_in_hand"
    assert f"player {s.human + 1}'s hand" in error.explain("en")
    assert named_step(error.steps[0], lang, (you, BOT[lang])).startswith(text)


def test_you_inside_a_sentence_is_lower_case() -> None:
    """«… — Противник справа и Вы» read as the polite form: the learner is «вы» / "you"
    anywhere but at the start of the line."""
    from engine.text.explain import Step
    from engine.text.naming import Name, named_step

    names = [Name("Противник слева", "m"), Name("Вы", "you"), Name("Противник справа", "m"),
             Name("Партнёр", "m")]
    step = Step("capture.split", "split_pairs", (("player", "1"), ("left", "2"), ("partner", "3"),
                                ("other", "4")))
    line = named_step(step, "ru", names)
    assert " и вы играют" in line and "Вы" not in line
    you_first = Step("capture.split", "split_pairs",
                     (("player", "2"), ("left", "3"), ("partner", "4"), ("other", "1")))
    first = named_step(you_first, "ru", names)
    assert first.startswith("в последних взятках") and "вы (взяли" in first
    en = [Name("Left", "m"), Name("You", "you"), Name("Right", "m"), Name("Partner", "m")]
    assert " and you play them" in named_step(step, "en", en)
