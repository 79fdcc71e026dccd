"""The annotated sample deal (lessons/sample_deal, review §5b.4 and §2b.3): its log
replays to the recorded events, every note fits the events at its step in both
languages, and the Game log page offers it (by its radio and by ``replay?sample=1``)."""

from __future__ import annotations

import random
import re
import string

import pytest

from engine.rules.game import Game
from engine.rules.profile import load_profile
from engine.rules.replay import Replay
from lessons import sample_deal

LANGS = ("en", "ru")
FIELD = re.compile(r"\{[^{}]*\}")


def notes() -> list[dict]:
    return sorted(sample_deal.notes()["moment"], key=lambda n: n["step"])


def test_the_log_replays_to_exactly_the_recorded_events():
    assert sample_deal.replayed() == sample_deal.recorded()


def test_the_sample_is_one_whole_deal_dealt_by_its_seed():
    game = sample_deal.load()
    data = sample_deal.notes()
    assert game.profile.name == data["variant"] and not game.finished_deals
    deal = game.deal
    assert deal.is_over and deal.tricks_played == deal.profile.tricks_per_deal
    seeded = Game.new(load_profile(data["variant"]), random.Random(int(data["seed"])))
    assert seeded.deal.deck == deal.deck and seeded.first_dealer == game.first_dealer


def test_the_deal_has_what_a_learner_should_see():
    """A seven of trumps exchanged, a marriage, a bezique, a four of a kind, the end of
    the stock, the last trick and brisques (the brief of the sample)."""
    kinds = {(e.type, e.meld or e.rule_id) for e in sample_deal.load().deal.events}
    for wanted in [("dix", "dix.exchange"), ("declare", "marriage"), ("declare", "bezique"),
                   ("declare", "four_aces"), ("stock_end", "playoff.no_declarations"),
                   ("last_trick", "score.last_trick"), ("brisques", "score.brisque")]:
        assert wanted in kinds, wanted


def test_between_six_and_ten_key_moments_on_distinct_steps():
    steps = [n["step"] for n in notes()]
    assert 6 <= len(steps) <= 10 and len(set(steps)) == len(steps)
    assert max(steps) == Replay(sample_deal.load()).length(1)   # the last one: the count


def test_every_note_names_events_that_are_at_its_step_and_score_what_the_rules_say():
    game = sample_deal.load()
    replay = Replay(game)
    profile = game.profile
    for note in notes():
        events = sample_deal.step_events(replay, note["step"])
        assert note.get("events"), note["step"]
        for name, spec in note["events"].items():
            assert set(spec) <= set(sample_deal.MATCH_KEYS), (note["step"], name)
            event = sample_deal.find_event(events, spec)   # exactly one
            if event.type == "declare":
                assert event.points == profile.meld(event.meld).points
            elif event.type == "dix":
                assert event.points == profile.dix.points
            elif event.type == "last_trick":
                assert event.points == profile.scoring.last_trick_bonus
            elif event.type == "brisques":
                assert event.points == len(event.cards) * profile.scoring.brisque_points


def test_the_trump_marriage_uses_the_king_taken_for_the_seven():
    """What the notes say about this deal's king of trumps (moments 2 and 8)."""
    replay = Replay(sample_deal.load())
    by_step = {n["step"]: n for n in notes()}
    swap_step = next(s for s, n in by_step.items() if "swap" in n.get("events", {}))
    marriage_step = next(s for s, n in by_step.items()
                         if n.get("events", {}).get("mark", {}).get("meld") == "trump_marriage")
    swap = sample_deal.find_event(sample_deal.step_events(replay, swap_step),
                                  by_step[swap_step]["events"]["swap"])
    marriage = sample_deal.find_event(sample_deal.step_events(replay, marriage_step),
                                      by_step[marriage_step]["events"]["mark"])
    assert swap.cards[1] in marriage.cards


@pytest.mark.parametrize("lang", LANGS)
def test_every_placeholder_resolves(lang: str):
    found = sample_deal.moments(lang)
    assert [m.step for m in found] == [n["step"] for n in notes()]
    for moment in found:
        assert moment.title and moment.text
        assert "{" not in moment.text + moment.title, moment.step


def test_no_number_or_card_is_typed_into_a_note():
    """Numbers and cards come from the fields; the source citations (001 §04) are the
    only digits allowed."""
    for note in notes():
        for key in ("title_en", "title_ru", "en", "ru"):
            bare = FIELD.sub("", note[key])
            bare = re.sub(r"\b00\d( §0\d)?(, §0\d)*", "", bare)
            assert not re.search(r"\d", bare), (note["step"], key, bare)
            assert not re.search(r"[♠♥♦♣]", bare), (note["step"], key)
        for key in ("title_en", "title_ru", "en", "ru"):
            for field in FIELD.findall(note[key]):
                name = field[1:-1].split(".")[0].split("[")[0]
                assert name in {*note.get("events", {}), "rules", "who", "at"}, field


def test_the_fields_are_the_events_values():
    """A note's numbers are the event's: the totals after the count are the deal's."""
    game = sample_deal.load()
    last = sample_deal.moments("en", game)[-1]
    a, b = game.deal.scores
    assert f"{a} : {b}" in last.text


@pytest.mark.parametrize("lang", LANGS)
def test_cards_in_the_reader_s_notation(lang: str):
    text = " ".join(m.title + " " + m.text for m in sample_deal.moments(lang))
    assert not re.search(r"\bT[♠♥♦♣]", text)                 # 10 for the ten
    if lang == "ru":
        assert not re.search(r"[AKQJ][♠♥♦♣]", text)          # Т К Д В in Russian
        assert re.search(r"[ТКДВ][♠♥♦♣]", text)
        assert not re.search(r"\b(Anna|Boris)\b", text)
        assert not re.search(r"[a-zA-Z]{3,}", text), re.findall(r"[a-zA-Z]{3,}", text)
    else:
        assert not re.search(r"[ТКДВ][♠♥♦♣]", text)
        assert re.search(r"10[♠♥♦♣]", text)


def test_key_moment_neighbours():
    found = sample_deal.moments("en")
    steps = [m.step for m in found]
    assert sample_deal.previous_step(found, steps[0]) is None
    assert sample_deal.next_step(found, steps[-1]) is None
    assert sample_deal.next_step(found, steps[0]) == steps[1]
    assert sample_deal.previous_step(found, steps[2] + 1) == steps[2]
    assert sample_deal.moment_at(found, steps[3]).number == 4
    assert sample_deal.moment_at(found, steps[3] + 1) is None or steps[4] == steps[3] + 1


def test_the_names_exist_in_every_language_and_case():
    for lang in LANGS:
        assert len(set(sample_deal.names(lang))) == 2
    assert sample_deal.names("ru", "of") != sample_deal.names("ru")
    assert sample_deal.names("en", "of") == sample_deal.names("en")
    assert not set(string.digits) & set("".join(sample_deal.names("ru")))


# --- the Game log page --------------------------------------------------------------

@pytest.fixture
def page():
    pytest.importorskip("streamlit")
    from app_helpers import run_page

    return run_page


def _moment_markdown(at) -> str:
    return " ".join(m.value for m in at.markdown)


@pytest.mark.parametrize("lang", LANGS)
def test_the_deep_link_opens_the_sample_at_its_first_moment(page, lang: str):
    from app_helpers import APP
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["lang"] = lang
    at.query_params["sample"] = "1"
    at.switch_page("app_pages/replay.py").run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.radio(key="replay_source").value == "sample"
    assert at.session_state["replay_step"] == 0
    first = sample_deal.moments(lang)[0]
    assert first.title in _moment_markdown(at)
    names = sample_deal.names(lang)
    assert f"{names[0]} 0 · {names[1]} 0" in _moment_markdown(at)


@pytest.mark.parametrize("lang", LANGS)
def test_the_sample_by_the_radio_and_its_key_moments(page, lang: str):
    from app_pages.i18n import catalogue
    from app_pages.session import PlaySession

    s = PlaySession.new(seed=13)
    s.autoplay(4)
    at = page("replay", lang, play=s)
    radio = at.radio(key="replay_source")
    assert radio.value == "current"
    assert catalogue(lang)["replay.sample"] in radio.options
    radio.set_value("sample").run()
    assert not at.exception and at.session_state["replay_step"] == 0
    found = sample_deal.moments(lang)
    assert at.button(key="replay_prev_moment").disabled
    for moment in found[1:]:
        at.button(key="replay_next_moment").click().run()
        assert not at.exception
        assert at.session_state["replay_step"] == moment.step
        assert moment.title in _moment_markdown(at)
    assert at.button(key="replay_next_moment").disabled
    # the end of the deal: the score sheet of the Play page, with the players' names
    sheet = _moment_markdown(at)
    assert catalogue(lang)["score.title"] in sheet
    a, b = sample_deal.load().deal.scores
    assert f"**{a}**" in sheet and f"**{b}**" in sheet
    at.button(key="replay_prev_moment").click().run()
    assert at.session_state["replay_step"] == found[-2].step
    # a step between key moments: no note, and the buttons still lead on
    steps = [m.step for m in found]
    between = next(step for step in range(steps[-1]) if step not in steps)
    at.slider(key="replay_step").set_value(between).run()
    assert not at.exception
    assert catalogue(lang)["replay.no_moment"] in " ".join(c.value for c in at.caption)
    at.button(key="replay_next_moment").click().run()
    assert at.session_state["replay_step"] == min(step for step in steps if step > between)


def test_without_a_game_the_page_offers_the_sample(page):
    from app_pages.i18n import catalogue

    at = page("replay", "en")
    assert at.radio(key="replay_source").options == [catalogue("en")["replay.sample"]]
    assert catalogue("en")["replay.empty"] in " ".join(c.value for c in at.caption)
    assert sample_deal.moments("en")[0].title in _moment_markdown(at)


@pytest.mark.parametrize("lang", LANGS)
def test_the_scoring_and_overview_lessons_link_to_the_sample(lang: str):
    import lessons

    for lesson_id in ("scoring", "overview"):
        body = lessons.get_lesson(lesson_id, lang).body_markdown
        assert f"](replay?sample=1&lang={lang})" in body, (lang, lesson_id)


def test_play_on_from_a_step_of_the_sample_leaves_it_unchanged():
    """'Continue playing from this step' works on the sample as on any game log."""
    from app_pages.session import PlaySession

    game = sample_deal.load()
    before = game.dumps()
    forked = PlaySession.fork(game, 1, 10)
    assert forked.deal.actions[:10] == game.deal.actions[:10]
    assert game.dumps() == before
