"""Issue 53 item 2 and lessons-review-3 section D (#17-#20): at least half of each
language's checks are decisions, a declaration is judged over the rest of the deal where
the sources advise waiting (or asks plainly what scores most now), wrong options come
from named mistakes with feedback aimed at each, and no hand is asked about twice.
Every answer here is recomputed from the engine, never typed."""

from __future__ import annotations

from typing import Any

import pytest

import lessons
from engine.rules.profile import load_profile
from engine.solver import Position, solve
from lessons import declaration_plan
from lessons._loader import Check, plain

LANGUAGES = lessons.LANGUAGES
# The kinds issue 53 counts as decisions; best_declaration counts when its judge is
# stated ("deal": over the rest of the deal; "now": asked plainly what scores most now).
DECISION_KINDS = frozenset({"stock_play", "best_playoff_card", "after_win", "pending_order",
                            "fined_move"})
# The stock-phase positions another change adds (issue 53: at least 12 per language).
STOCK_PLAY_ALLOWANCE = 12


def _checks(lang: str) -> list[tuple[str, Check]]:
    return [(lesson.id, check) for lesson in lessons.list_lessons(lang)
            for check in lesson.checks]


def _check(check_id: str, lang: str = "en") -> Check:
    return next(c for _, c in _checks(lang) if c.id == check_id)


def is_decision(check: Check) -> bool:
    if check.kind == "best_declaration":
        return check.params.get("judge") in ("now", "deal")
    return check.kind in DECISION_KINDS


@pytest.mark.parametrize("lang", LANGUAGES)
def test_half_of_each_languages_checks_are_decisions_without_the_stock_positions(
        lang: str) -> None:
    """This change alone makes half the checks decisions (main had 43 of 111, 39%);
    with the twelve stock positions to come the share keeps a margin."""
    checks = [check for _, check in _checks(lang)]
    decisions = sum(is_decision(check) for check in checks)
    assert decisions / len(checks) >= 0.5, (decisions, len(checks))
    with_stock = (decisions + STOCK_PLAY_ALLOWANCE) / (len(checks) + STOCK_PLAY_ALLOWANCE)
    assert with_stock >= 0.55, with_stock


def test_both_languages_ask_the_same_checks() -> None:
    en = [(lid, c.id, c.kind) for lid, c in _checks("en")]
    ru = [(lid, c.id, c.kind) for lid, c in _checks("ru")]
    assert en == ru


# --- #17, item 2: declarations judged over the rest of the deal, or plainly now ---------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_declaration_check_says_how_it_is_judged_and_asks_it(lang: str) -> None:
    plainly = "on this trick" if lang == "en" else "за эту взятку"
    over = {2: ("over those two tricks", "за эти две взятки"),
            3: ("over those three tricks", "за эти три взятки")}
    judged = {"now": 0, "deal": 0}
    for _, check in _checks(lang):
        if check.kind != "best_declaration":
            continue
        judge = check.params["judge"]
        judged[judge] += 1
        if judge == "now":
            assert plainly in check.prompt, check.id
        else:
            words = over[int(check.params["tricks"])][lang == "ru"]
            assert words in check.prompt, (check.id, check.prompt)
    assert judged["deal"] >= 7 and judged["now"] >= 10, judged


def test_a_declaration_check_without_a_judge_or_with_one_trick_is_refused() -> None:
    query = {"variant": "two-handed", "trump": "C",
             "hand": ["AC#1", "TC#1", "KC#1", "QC#1", "JC#1", "KS#1", "QS#1"]}
    for params, words in (({"query": query}, "judge is one of"),
                          ({"query": query, "judge": "deal", "tricks": 1}, "tricks >= 2"),
                          ({"query": query, "judge": "now", "tricks": 2}, "tricks belongs")):
        with pytest.raises(ValueError, match=words):
            lessons.evaluate_check(Check("t", "best_declaration", params, "?", "two-handed"))


# The checks this change made decisions (look-ups before) or judges over the deal.
JUDGED_OVER_THE_DEAL = {
    # check: (the advised first meld, the route's melds)
    "sources-default-game": ("trump_marriage", ("trump_marriage", "trump_sequence")),
    "no-trump-sequence-after": ("trump_marriage", ("trump_marriage", "trump_sequence")),
    "no-trump-double-marriage": ("trump_marriage", ("trump_marriage", "trump_marriage")),
    "rubicon-no-trump-yet": ("trump_marriage", ("trump_marriage", "trump_sequence")),
    "reuse-double-upgrade": ("bezique", ("bezique", "double_bezique")),
    "strategy-three-routes": ("bezique", ("bezique", "bezique", "double_bezique")),
    "three-handed-triple-trump": ("trump_marriage", ("trump_marriage",
                                                     "triple_trump_marriage")),
}


def _plan(check: Check) -> declaration_plan.Route:
    request = plain(check.params["query"])
    profile = load_profile(request.get("variant", "two-handed"))
    state = declaration_plan.start(request, profile)
    return declaration_plan.best_route(state, int(check.params["tricks"]), profile)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("check_id", sorted(JUDGED_OVER_THE_DEAL))
def test_declarations_judged_over_the_deal_answer_the_engines_route(check_id: str,
                                                                    lang: str) -> None:
    check = _check(check_id, lang)
    assert check.kind == "best_declaration" and check.params["judge"] == "deal"
    first, melds = JUDGED_OVER_THE_DEAL[check_id]
    result = lessons.evaluate_check(check, lang)
    route = _plan(check)
    assert result.answer == (route.steps[0].key,)
    assert result.answer[0].split()[0] == first
    assert tuple(step.meld for step in route.steps) == melds
    profile = load_profile(plain(check.params["query"]).get("variant", "two-handed"))
    total = sum(profile.meld(kind).points for kind in melds)
    assert route.points == total and str(total) in result.explanation[-1]
    # The biggest meld now is a wrong option aimed at that mistake.
    greedy = [option for option, name in result.mistakes.items() if name == "greedy"]
    assert greedy, result.mistakes


def test_the_deal_judgement_follows_the_engines_reuse_rule(monkeypatch) -> None:
    """Make every card once scored unusable again (no reuse at all) and the marriage
    can no longer grow into the sequence: the answer moves to the sequence now."""
    check = _check("rubicon-no-trump-yet")
    assert lessons.evaluate_check(check).answer[0].startswith("trump_marriage ")
    real = declaration_plan.all_verdicts

    def no_reuse(profile: Any, trump: Any, available: Any, history: Any,
                 played: Any = frozenset(), explain: bool = True) -> Any:
        used = {c for h in history for c in h.cards}
        for verdict in real(profile, trump, available, history, played, explain):
            if verdict.legal and used & set(verdict.cards):
                verdict = type(verdict)(verdict.spec, verdict.cards, False, verdict.rule_id,
                                        verdict.steps)
            yield verdict

    monkeypatch.setattr(declaration_plan, "all_verdicts", no_reuse)
    assert lessons.evaluate_check(check).answer[0].startswith("trump_sequence ")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_greedy_option_names_the_meld_it_shuts_out(lang: str) -> None:
    result = lessons.evaluate_check(_check("sources-default-game", lang), lang)
    greedy = next(o for o, name in result.mistakes.items() if name == "greedy")
    why = result.why[greedy]
    if lang == "en":
        assert why.startswith("The trump sequence (A♣ 10♣ K♣ Q♣ J♣) scores the most on this "
                              "trick (250), but after it the trump marriage can no longer "
                              "score: ")
        assert "Over two tricks it brings 270, 20 less than starting with the trump " \
               "marriage (K♣ Q♣)." in why
    else:
        assert why.startswith("Комбинация «козырная секвенция» (Т♣ 10♣ К♣ Д♣ В♣) даёт больше "
                              "всего за эту взятку (250 очков), но после неё комбинацию "
                              "«козырный марьяж» уже не записать: карта Д♣")
        assert "За две взятки она приносит 270 очков, на 20 очков меньше" in why


# --- item 2: checks converted into decisions answer with the engine ---------------------

PLAYOFF_DECISIONS = {   # check -> the solver's card (each hand-checked once)
    "playoff-free": "JC",                   # throw the jack, both aces catch his tens
    "rubicon-last-trick-lead": "9D",        # the low diamond keeps the last trick
    "variants-rubicon-last-trick": "QH",    # the ace's brisque is worth less than the last trick
    "chinese-last-trick-lead": "7C",
    "eight-last-trick-lead": "TC",          # the trump ace would lose the last trick
    "r4-last-trick": "7S",                  # four hands, partners: the side's last trick
    "no-trump-last-tricks": "9D",           # no trumps: give the diamond, keep the hearts
    "three-handed-last-tricks": "8D",       # both others against you (the paranoid value)
    "club-trick-with-ten": "8S",            # 002: the last trick (250) outweighs two tricks
}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("check_id", sorted(PLAYOFF_DECISIONS))
def test_play_off_decisions_answer_with_the_solver(check_id: str, lang: str) -> None:
    check = _check(check_id, lang)
    assert check.kind == "best_playoff_card"
    result = lessons.evaluate_check(check, lang)
    position = Position.from_dict(plain(check.params["position"]), load_profile(check.variant))
    solution = solve(position)
    assert result.answer == tuple(solution.best) == (PLAYOFF_DECISIONS[check_id],)
    assert len(result.options) >= 3
    for option in result.options:
        if option not in result.answer:
            assert result.why[option]
    assert not any(str(v) in " ".join(result.explanation) for _f, v in solution.moves
                   if v >= 50000), "a weighted search value reached the page"


# --- #20: wrong options built from real mistakes -----------------------------------------

# Kinds whose wrong options a generator builds; each one names its mistake.
GENERATED = frozenset({"meld_score", "deal_score", "brisque_points", "trick_points",
                       "capture_score", "dix_points", "rubicon_settle", "fine",
                       "best_declaration", "after_win", "carte_blanche"})


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_generated_wrong_option_names_its_mistake(lang: str) -> None:
    for _, check in _checks(lang):
        if check.kind not in GENERATED:
            continue
        result = lessons.evaluate_check(check, lang)
        wrong = [o for o in result.options if o not in result.answer]
        for option in wrong:
            assert result.mistakes.get(option), (check.id, option)
            assert result.why.get(option), (check.id, option)
        reasons = [result.why[o] for o in wrong]
        assert len(set(reasons)) == len(reasons), check.id


@pytest.mark.parametrize("lang", LANGUAGES)
def test_double_after_singles_offers_the_route_total_and_the_singles_taken_off(
        lang: str) -> None:
    """Review #20: the slips are 580 (the whole route) and 420 (500 − 80), not 100 and
    250, the scores of other melds."""
    result = lessons.evaluate_check(_check("strategy-double-after-singles", lang), lang)
    assert result.answer == ("500",)
    assert {"580", "420"} <= set(result.options)
    assert not {"100", "250"} & set(result.options)
    assert result.mistakes["580"] == "route_total"
    assert result.mistakes["420"] == "minus_scored"
    assert result.mistakes["0"] == "reuse_zero"
    if lang == "en":
        assert result.why["580"] == ("580 adds what the earlier melds scored (bezique 40 + "
                                     "bezique 40); those points are on your score already: "
                                     "the double bezique itself adds 500.")
        assert result.why["420"].startswith("420 takes off what the earlier melds scored")
    else:
        assert result.why["580"].startswith("580 — это вместе с тем, что уже дали прежние "
                                            "комбинации («безик» 40 + «безик» 40)")
        assert "добавляет все 500 очков" in result.why["420"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_bezique_pair_offers_the_001_players_slip(lang: str) -> None:
    """Review #20: at a table playing 004's pair, Q♠ J♦ is the slip of a 001 player; it
    is offered, and its feedback names 001's rule and the engine's refusal."""
    result = lessons.evaluate_check(_check("dis-bezique-pair", lang), lang)
    slip = "declare bezique QS#1 JD#1"
    assert slip in result.options and slip not in result.answer
    assert result.answer == ("declare bezique JH#1 QC#1",)
    assert result.mistakes[slip] == "other_reading"
    assert "001 §03" in result.why[slip]
    shown = "Q♠ J♦" if lang == "en" else "Д♠ В♦"
    assert shown in result.labels[result.options.index(slip)]


# --- #18: no hand asked about twice, no check repeating the example above it ------------

def _cards_of(check: Check) -> frozenset[str] | None:
    p = plain(check.params)
    if "query" in p:
        return frozenset([*p["query"].get("hand", ()), *p["query"].get("table", ())])
    if "position" in p:
        return frozenset(c for hand in p["position"]["hands"] for c in hand)
    return None


@pytest.mark.parametrize("pair", [("r4-four-tens", "r4-partner-queens"),
                                  ("club-last-trick", "club-trick-with-ten")])
def test_the_review_duplicates_now_ask_different_hands(pair: tuple[str, str]) -> None:
    a, b = (_cards_of(_check(check_id)) for check_id in pair)
    assert a and b and a != b


def test_the_merged_duplicates_are_gone() -> None:
    ids = {check.id for _, check in _checks("en")}
    assert not ids & {"r4-choice", "r4-four-aces", "eight-jacks-choice",
                      "decl-what-can-i-declare", "pending-both-legal",
                      "pending-bezique-after-queens"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_meld_check_asks_what_an_example_on_its_page_already_shows(lang: str) -> None:
    for lesson in lessons.list_lessons(lang):
        shown = {frozenset([*e.request().get("hand", ()), *e.request().get("table", ())])
                 for e in lesson.examples}
        for check in lesson.checks:
            if check.kind == "legal_declarations":
                assert _cards_of(check) not in shown, (lesson.id, check.id)
