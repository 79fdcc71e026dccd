"""The third reviews' coaching findings (/work/shared/reviews/lessons-review-3.md A2-A6,
D21, E22-E28, F29-F30; app-review-3.md #3, #6, #7, #12, #14): the sentences the engine
builds, and coaching that is true to each game. Each test failed on the main of its day."""

from __future__ import annotations

import random
import re

import pytest

import lessons
from engine.bots.heuristic import EXPERT, advise
from engine.rules.deal import Deal
from engine.rules.profile import load_profile
from engine.rules.view import PlayerView
from lessons.cheatsheet import meld_rows, other_rows

LANGS = ("en", "ru")


def _check(check_id: str, lang: str) -> lessons.CheckResult:
    for lesson in lessons.list_lessons(lang):
        for check in lesson.checks:
            if check.id == check_id:
                return lessons.evaluate_check(check, lang)
    raise LookupError(check_id)


# --- A2-A4: the meld cheat-sheet reads the profile's fields ------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_joker_sets_of_four_are_of_different_suits(lang: str) -> None:
    """A2: 004 l.33 «Четыре дамы разной масти»; the profile says distinct_suits."""
    rows = {name: cards for name, cards, _ in meld_rows("joker", lang)}
    for name in ("four queens", "four kings", "four aces") if lang == "en" else (
            "четыре дамы", "четыре короля", "четыре туза"):
        assert ("of different suits" if lang == "en" else "разной масти") in rows[name]
        assert "repeat" not in rows[name] and "повторяться" not in rows[name]
    # Where suits may repeat (001's four aces), the sheet still says so.
    two = {name: cards for name, cards, _ in meld_rows("two-handed", lang)}
    assert ("suits may repeat" if lang == "en" else "масти могут повторяться") in two[
        "four aces" if lang == "en" else "четыре туза"]


@pytest.mark.parametrize("lang", LANGS)
def test_joker_bezique_jacks_are_of_the_bezique_suit(lang: str) -> None:
    """A3: the bezique jacks are the jacks of the bezique pair's suit (004 l.43, l.53)."""
    rows = {name: cards for name, cards, _ in meld_rows("joker", lang)}
    cell = rows["four bezique jacks" if lang == "en" else "четыре безиковых валета"]
    assert "repeat" not in cell and "повторяться" not in cell
    if lang == "en":
        assert "of the bezique suit" in cell and "J♦ with hearts trumps" in cell
    else:
        assert "безиковой масти" in cell and "В♦ при козырях червях" in cell


@pytest.mark.parametrize("lang", LANGS)
def test_fildinski_ten_is_for_the_trick_that_empties_the_stock(lang: str) -> None:
    """A4: 000 l.9 gives the 10 to the last trick before the stock runs out."""
    for variant in ("fildinski", "fildinski-three-pack", "fildinski-four-handed"):
        rows = dict(other_rows(variant, lang))
        assert ("the trick that empties the stock" if lang == "en"
                else "взятка, после которой кончается колода") in rows
        assert ("last trick" if lang == "en" else "последняя взятка") not in rows
    assert ("last trick" if lang == "en" else "последняя взятка") in dict(
        other_rows("two-handed", lang))


def test_russian_trump_suits_in_the_prepositional() -> None:
    """E28: «при козырях пики» → «при козырях пиках»."""
    cell = next(c for n, c, _ in meld_rows("joker", "ru") if n == "безик")
    assert "при козырях пиках" in cell and "при козырях червях" in cell
    assert "при козырях пики" not in cell.replace("пиках", "")


# --- A6: the one-deal game has no target to reach ------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_joker_who_wins_says_the_game_is_one_deal(lang: str) -> None:
    result = _check("joker-who-wins", lang)
    why = result.why["continue"]
    assert " 0" not in why
    assert why == ("The game is one deal: it ends now." if lang == "en"
                   else "Партия состоит из одной сдачи: она окончена.")


# --- E22, E26: refusals with «комбинацию», capitals at the start of every line ----------

def _all_lines(lang: str):
    for lesson in lessons.list_lessons(lang):
        for check in lesson.checks:
            result = lessons.evaluate_check(check, lang)
            yield check.id, result.labels
            yield check.id, result.explanation
            yield check.id, tuple(result.why.values())
            yield check.id, tuple(result.missed.values())


@pytest.fixture(scope="module")
def check_lines() -> dict[str, list[tuple[str, tuple[str, ...]]]]:
    return {lang: list(_all_lines(lang)) for lang in LANGS}


def test_russian_refusals_name_the_combination(check_lines) -> None:
    """E22: «Нельзя объявить «козырная секвенция»» (a nominative after the verb)."""
    for check_id, lines in check_lines["ru"]:
        for line in lines:
            assert not re.search(r"объявить «", line), (check_id, line)


@pytest.mark.parametrize("lang", LANGS)
def test_every_generated_sentence_starts_with_a_capital(check_lines, lang: str) -> None:
    """E26: «…: «безик» — 40 очков. «четыре туза» — 100 очков.», "bezique: 40."."""
    for check_id, lines in check_lines[lang]:
        for line in lines:
            for m in re.finditer(r"(?:^|[.!?] )[«\"(]*(\w)", line):
                assert not m.group(1).islower(), (check_id, line)


# --- D21, E28: the solver's lines name the cards that change hands ----------------------

def _solver_why(lang: str, variant: str = "two-handed") -> list[str]:
    out = []
    for lesson in lessons.list_lessons(lang):
        for check in lesson.checks:
            if check.kind == "best_playoff_card" and (lesson.variant or "two-handed") in (
                    variant, "general", "two-handed") if variant == "two-handed" else (
                    check.kind == "best_playoff_card" and lesson.variant == variant):
                out += lessons.evaluate_check(check, lang).why.values()
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_solver_lines_name_the_cards_not_counts(lang: str) -> None:
    """D21: "The other side captures 2 of your aces and tens (with the best card: 0)…"
    → "With 8♦, Boris wins your A♦ and the last trick; with A♦ you keep both."."""
    lines = _solver_why(lang)
    assert lines
    text = " ".join(lines)
    for stale in ("with the best card", "при лучшей карте", "captures 1 of",
                  "уходит ваших тузов", "С картой"):
        assert stale not in text
    if lang == "en":
        assert "With 8♦, Boris wins your A♦; with A♦ you keep it." in text
        assert "With 8♦ you do not win Boris's 10♦; with A♦ you do." in text
    else:
        assert "Пойдя с 8♦, вы возьмёте 0 очков вместо 20" in text
        assert "Пойдя с 8♦, вы отдадите свой Т♦; пойдя с Т♦, сохраните его." in text
        assert "вы не заберёте 10♦ противника" in text


@pytest.mark.parametrize("lang", LANGS)
def test_card_point_solver_lines_do_not_speak_of_aces_and_tens(lang: str) -> None:
    """D21: in the card-point game kings, queens and jacks score too (004)."""
    from puzzles import bank, endgame, trainer

    seen = 0
    for record in bank.load("endgame", "card-point")[:30]:
        solution = endgame.solution_of(trainer.endgame_start(record)["position"], explain=True)
        for face in solution.values:
            lines = trainer.wrong_card_reasons(solution, face, lang)
            text = " ".join(lines)
            assert "aces and tens" not in text and "тузов и десяток" not in text
            seen += bool(re.search(r"[KQJКДВ][♠♥♦♣]", " ".join(lines[1:])))
    assert seen   # a king, queen or jack named as a card that changes hands


# --- E23: hint reasons agree in Russian ------------------------------------------------

def test_russian_hint_counts_agree() -> None:
    from engine.bots.reasons import Reason

    assert Reason("playoff_solver", card=4, points=22).render("ru").endswith(
        "ещё 22 очка в последних взятках")
    assert "21 очко" in Reason("playoff_brisques", card=4, brisques=21).render("ru")
    assert "это 10 очков" in Reason("show_seven", card=0, points=10).render("ru")
    timing = Reason("timing", meld="trump_marriage", later="trump_sequence", points=40,
                    later_points=250).render("ru")
    assert "сначала объявить комбинацию «козырный марьяж» (40), а комбинацию " \
           "«козырная секвенция» (250)" in timing
    assert "очков" not in Reason("playoff_solver", card=4, points=22).render("ru")


def test_plural_melds_take_plural_verbs_in_english() -> None:
    """F29: "The four jacks (J♣ J♣ J♣ J♣) scores 40", "the seven trump queens has
    already scored"."""
    from engine.bots.reasons import Reason
    from engine.text.explain import step

    line = _check("eight-five-jacks", "en").why["four_jacks JC#1 JC#2 JC#3 JC#4"]
    assert line.startswith("The four jacks (J♣ J♣ J♣ J♣) score 40,")
    assert step("ladder.once", "ladder_once", meld="seven_trump_queens").render(
        "en").startswith("the seven trump queens have already scored")
    assert step("ladder.order", "ladder_order", meld="five_trump_kings",
                prev_meld="four_trump_kings").render("en").startswith(
        "the five trump kings come only after")
    assert step("ladder.once", "ladder_once", meld="bezique").render("en").startswith(
        "the bezique has already scored")
    assert "the four aces (10) are the best" in Reason("declare_best", meld="four_aces",
                                                       points=10).render("en")


# --- E24: re-forming lines ------------------------------------------------------------

def test_reform_lines_name_the_card_and_mark_copies_only_where_twins_meet() -> None:
    from engine.text.explain import step

    freed = step("reuse.reform", "reform_freed", card="KH#1", prev_meld="marriage",
                 prev_cards="KH#1 QH#1", gone="QH#1", meld="marriage", declared="KH#1 QH#2")
    ru, en = freed.render("ru"), freed.render("en")
    assert ru.startswith("карта К♥ входила в комбинацию «марьяж» К♥ Д♥#1, из которой карта "
                         "Д♥#1 ушла во взятку")
    assert "К♥#" not in ru and "K♥#" not in en and "Q♥#1" in en
    raised = step("reuse.reform", "reform_raised", card="KH#1", prev_meld="trump_sequence",
                  prev_cards="AH#1 TH#1 KH#1 QH#1 JH#1", meld="trump_marriage",
                  declared="KH#1 QH#2")
    assert "с новой картой из руки" in raised.render("ru") and "новой парой" not in \
        raised.render("ru")


# --- E25: a reading where the seven never scores ---------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_dix_reading_that_never_scores(lang: str) -> None:
    from lessons.check_kinds_play import _t

    text = _t("dix_other_never", lang, value=0, moments="x")
    assert ("never score" in text) if lang == "en" else (
        "где козырная семёрка не приносит очков" in text)
    for lesson in lessons.list_lessons(lang):
        for check in lesson.checks:
            if check.kind == "dix_points":
                for line in lessons.evaluate_check(check, lang).why.values():
                    assert "at no moment" not in line and "ни в какой момент" not in line


# --- F30: English pages name the sources' sections in English -------------------------

def test_settlement_reasons_cite_in_english(check_lines) -> None:
    from engine.text.citations import cyrillic_words

    for check_id, lines in check_lines["en"]:
        for line in lines:
            assert not cyrillic_words(line), (check_id, line)


def test_no_option_id_in_an_english_citation() -> None:
    from engine.text.citations import citation_text

    cited = load_profile("fildinski").citation("dix.exchange")
    assert "fildinski_seven" not in citation_text(cited, "en")
    assert "fildinski_seven" not in citation_text(cited, "ru")


# --- item 3: hints name the ladder step a declaration scores (joker) -------------------

def _in_reach(profile, kind: str, scored: set[str]) -> bool:
    spec = profile.meld(kind)
    return not (spec.once and kind in scored) and (not spec.after or spec.after in scored)


def test_joker_hints_name_the_rung_that_scores() -> None:
    """app-review-3 #3a: "keep A♣ K♣ J♣ for the trump quint (8th time) (6400)", "win with
    K♥ so you can declare the four aces (8th time) (80)", yet the declaration scores 10."""
    from engine.bots.heuristic import explain_play

    profile = load_profile("joker")
    named = 0
    for seed in range(3):
        deal = Deal.new(profile, random.Random(seed), dealer=0)
        while not deal.is_over and deal.tricks_played < 25:
            seat = deal.to_move
            view = PlayerView.of(deal, seat)
            advice = advise(view, EXPERT)
            reasons = list(advice.reasons)
            if advice.action.type.value == "play":
                reasons += explain_play(view, advice.action.cards[0], advice.action)
            scored = {h.kind for h in deal.history[seat]}
            for reason in reasons:
                meld = dict(reason.params).get("meld")
                if meld and reason.key != "declare_best":
                    named += 1
                    assert _in_reach(profile, str(meld), scored), (reason.render(), scored)
                    assert "8th time" not in reason.render() or "7th" in str(scored)
            deal.apply(advice.action)
    assert named > 10


# --- item 3: no talk of declaring from the hand where nothing is declared (Fildinski) ----

def test_fildinski_reasons_never_keep_cards_to_declare() -> None:
    from engine.bots.heuristic import explain_play

    profile = load_profile("fildinski")
    for seed in range(3):
        deal = Deal.new(profile, random.Random(seed), dealer=0)
        while not deal.is_over:
            seat = deal.to_move
            view = PlayerView.of(deal, seat)
            advice = advise(view, EXPERT)
            reasons = list(advice.reasons)
            plays = [a for a in deal.legal_actions() if a.type.value == "play"]
            for action in plays[:3]:
                reasons += explain_play(view, action.cards[0], advice.action)
            for reason in reasons:
                assert reason.key not in ("keep_complete", "keep_for", "win_to_declare",
                                          "timing", "declare_best"), reason.render("ru")
            deal.apply(advice.action)


# --- item 3 / app-review-3 #6: the one-deal joker game ends with its result -----------

def test_one_deal_game_ends_with_its_result() -> None:
    from app_pages.session import PlaySession

    s = PlaySession.new("joker", seed=5, level="club")
    s.autoplay_to_end()
    assert s.deal.is_over and s.game.is_over and s.game.result is not None
    assert s.game.result.rule_id == "game.one_deal"


@pytest.mark.parametrize("lang", LANGS)
def test_the_round_winner_is_named_grammatically(lang: str, monkeypatch) -> None:
    from app_pages import ui
    from app_pages.i18n import translate
    from engine.text.explain import Event

    monkeypatch.setattr(ui, "lang", lambda: lang)
    monkeypatch.setattr(ui, "t", lambda key, **params: translate(lang, key, **params))
    mine = ui.event_title(Event("trick", 0), human=0, tricks_kept=False)
    theirs = ui.event_title(Event("trick", 1), human=0, tricks_kept=False)
    if lang == "en":
        assert mine.startswith("You win the round") and theirs.startswith(
            "Computer wins the round")
    else:
        assert mine.startswith("Вы: ваш ход") and "за ним" not in mine
        assert theirs.startswith("Компьютер: его ход")


# --- app-review-3 #7: a seven of trumps scored as it is played, under its own trick ---

def test_review_puts_a_played_seven_under_its_own_trick(monkeypatch) -> None:
    from app_pages import play_parts, ui
    from app_pages.i18n import translate
    from app_pages.session import PlaySession

    monkeypatch.setattr(ui, "t", lambda key, **params: translate("en", key, **params))
    for seed in range(1, 40):
        s = PlaySession.new("two-handed", seed=seed, level="club")
        s.autoplay_to_end()
        tricks, playing, expected = 0, False, None
        for event in s.deal.events:
            if event.type == "play":
                playing = True
            elif event.type == "trick":
                tricks, playing = tricks + 1, False
            elif event.rule_id == "dix.first_play" and event.points and playing:
                expected = tricks + 1
                break
        if expected is None:
            continue
        groups = dict(play_parts.review(s))
        label = translate("en", "play.review_trick", number=expected)
        assert any(e.rule_id == "dix.first_play" for e in groups[label]), groups
        return
    raise AssertionError("no deal with a seven of trumps scored as it was played")


# --- app-review-3 #12: the brisques that carry a player across the rubicon ------------

@pytest.mark.parametrize("lang", LANGS)
def test_rubicon_rescue_shows_the_brisques(lang: str) -> None:
    from engine.rules.settlement import settle
    from engine.text.naming import Name, named_steps

    result = settle(load_profile("rubicon"), [1140, 860], [70, 170])
    you = Name("You" if lang == "en" else "Вы", "you")
    lines = named_steps(result.steps, lang, [Name("Anna"), you])
    assert lines[0] == ("You count brisques to cross the rubicon: 860 + 170 in brisques = "
                        "1030; so does the winner: 1140 + 70 = 1210" if lang == "en" else
                        "Вы засчитываете бриски, чтобы перейти рубикон: 860 + 170 за бриски = "
                        "1030; победитель тоже: 1140 + 70 = 1210")


# --- app-review-3 #14: "between 100 and 100", copy marks that mean nothing ------------

def _decision(played: str, better: str, low: float, high: float, deal: Deal):
    from engine.bots.review import Decision
    from engine.notation.actions import Action

    return Decision(1, len(deal.actions), 1, deal.to_move, Action.parse(played),
                    Action.parse(better), (low + high) / 2, low, high, False, True,
                    position=deal.to_json())


def _deal_with_twins() -> tuple[Deal, int]:
    """A fresh two-handed deal whose player to move holds both copies of a card."""
    for seed in range(200):
        deal = Deal.new(load_profile("two-handed"), random.Random(seed), dealer=0)
        hand = deal.hands[deal.to_move]
        twins = [c for c in hand if any(o != c and o % 32 == c % 32 for o in hand)]
        if twins:
            return deal, min(twins)
    raise AssertionError("no hand with twins")


@pytest.mark.parametrize("lang", LANGS)
def test_review_line_of_one_value_and_without_needless_marks(lang: str) -> None:
    from engine.cli.review import cost_text, line
    from engine.notation.cards import Card

    deal, twin = _deal_with_twins()
    other = next(c for c in deal.hands[deal.to_move] if c % 32 != twin % 32)
    decision = _decision(f"play {Card.from_id(other)}", f"play {Card.from_id(twin)}",
                         100, 100, deal)
    text = cost_text(decision, lang)
    assert "100" in text and "between" not in text and " до " not in text
    said = line(decision, lang)
    assert "#" not in said, said


def test_app_cost_text_of_one_value(monkeypatch) -> None:
    from app_pages import review_parts, ui
    from app_pages.i18n import translate

    monkeypatch.setattr(ui, "t", lambda key, **params: translate("en", key, **params))
    deal, twin = _deal_with_twins()
    decision = _decision("draw", "draw", 100, 100, deal)
    assert review_parts.cost_text(decision) == "100 points"


@pytest.mark.parametrize("lang", LANGS)
def test_a_played_twin_carries_no_mark_unless_the_other_is_exposed(lang: str) -> None:
    from app_pages.hint_text import action_words
    from engine.notation.actions import Action

    deal, twin = _deal_with_twins()
    seat = deal.to_move
    hand = sorted(deal.hands[seat])
    words = {action_words(a, deal.profile, lang, hand, deal.tables[seat])
             for a in deal.legal_actions()}
    assert len(words) < len(deal.legal_actions())   # the twins read as one answer
    assert not any("#" in w for w in words)
    # One copy exposed (it may have scored): then the mark tells them apart.
    exposed = {twin}
    marked = action_words(Action.play(twin), deal.profile, lang, hand, exposed)
    assert "#" in marked


# --- the only legal draw is made by itself, and shown ----------------------------------

@pytest.mark.parametrize("variant", ["two-handed", "fildinski", "rubicon", "joker"])
def test_the_only_legal_draw_is_made_by_itself(variant: str) -> None:
    from app_pages.session import PlaySession

    s = PlaySession.new(variant, seed=5, level="club")
    made = 0
    while not s.deal.is_over:
        legal = s.legal()
        assert legal, "the human is to move"
        # never left with the draw as the one thing to do
        assert not (len(legal) == 1 and legal[0].type.value == "draw")
        before = len(s.auto)
        s.autoplay(1)
        made += len(s.auto) > before
        for index in s.auto:   # every draw made by itself is the human's, in the log
            turn = s.turns[index]
            assert turn.player == s.human and turn.action.type.value == "draw"
            assert s.by_itself(turn)
    assert made > 3


def test_a_draw_is_never_made_when_a_declaration_is_legal() -> None:
    from app_pages.session import PlaySession

    s = PlaySession.new("two-handed", seed=5, level="club")
    offered = 0
    while not s.deal.is_over:
        legal = s.legal()
        if len(legal) > 1 and any(a.type.value == "draw" for a in legal):
            offered += 1    # a declaration was possible: the human was asked
        s.act(legal[0])
    assert offered


def test_undo_steps_over_a_draw_made_by_itself() -> None:
    from app_pages.session import PlaySession

    s = PlaySession.new("two-handed", seed=5, level="club")
    while not s.auto:
        s.act(s.legal()[0])
    assert s.undo()
    assert s.draws_by_itself() is None and s.legal()


# --- app-review-3 #14: Home and Rules count the same lessons ---------------------------

def test_rules_page_counts_the_paths_lessons() -> None:
    from app_helpers import run_page

    from puzzles import path

    at = run_page("rules")
    total = len(path.path_lessons("two-handed", "en"))
    shown = at.get("progress")[0].proto.text
    assert f"0 of {total} lessons" in shown and "Two-handed" in shown, shown
    # Home's "Continue: lesson 1 of 13" counts the same path
    assert path.next_step("two-handed", path.PathProgress()).label("en").startswith(
        f"lesson 1 of {total}")


def test_fildinski_review_keeps_each_tricks_brisques_with_it(monkeypatch) -> None:
    """000 scores a trick's brisques at once: the deal's review lists them by trick, not
    all under "End of the deal"."""
    from app_pages import play_parts, ui
    from app_pages.i18n import translate
    from app_pages.session import PlaySession

    monkeypatch.setattr(ui, "t", lambda key, **params: translate("en", key, **params))
    s = PlaySession.new("fildinski", seed=5, level="club")
    s.autoplay_to_end()
    groups = dict(play_parts.review(s))
    end = groups.get(translate("en", "play.review_end"), [])
    assert sum(e.type == "brisques" for e in end) <= 1
    assert sum(len(v) for v in groups.values()) == sum(1 for e in s.deal.events if e.points)


def test_a_captured_jack_is_not_feminine() -> None:
    """«Взятая карта В♦ дополняет…»: the participle agrees with «карта»."""
    from engine.text.explain import step

    line = step("capture.meld", "capture_meld", new="JD#1", cards="QS#1 JD#1",
                meld="bezique").render("ru")
    assert line.startswith("взятая карта В♦ дополняет выложенные карты")
