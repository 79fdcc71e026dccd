"""Review cards: every wrong option the learner can pick has its own reason, in terms
of that option, in English and Russian ("60 is the value of four queens...", "“No”
would leave you free...", "J♦ is not hearts..."), as the lessons' checks give
(``CheckResult.why`` / ``missed``); with several answers, each right option left out
has one too. Audited over the whole generated deck of every profile."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.rules.profile import load_profile, variant_names
from puzzles import review_cards as rc
from puzzles import srs

ROOT = Path(__file__).resolve().parents[1]
DECKS = [(variant, lang) for variant in variant_names() for lang in ("en", "ru")]


@pytest.mark.parametrize(("variant", "lang"), DECKS, ids=[f"{v}-{lang}" for v, lang in DECKS])
def test_every_wrong_option_has_its_own_reason(variant: str, lang: str) -> None:
    deck = rc.build_deck(load_profile(variant), lang)
    assert deck
    for card in deck:
        why, missed = dict(card.why), dict(card.missed)
        reasons = []
        for option, label in zip(card.options, card.labels, strict=True):
            if option in card.answer and not card.multiple:
                assert option not in why, (card.id, option)
                continue
            table = missed if option in card.answer else why
            reason = table.get(option, "")
            assert reason.strip(), f"{card.id} ({lang}): no reason for {label!r}"
            assert label.lower() in reason.lower(), (card.id, lang, label, reason)
            reasons.append(reason)
            chosen = ([o for o in card.answer if o != option] if option in card.answer
                      else [*card.answer, option]) if card.multiple else option
            assert reason in card.feedback(chosen, lang), (card.id, option)
        assert len(set(reasons)) == len(reasons), (card.id, lang, reasons)
        if lang == "ru":
            assert not any(word in " ".join(reasons) for word in (" is ", " the ", "points"))


def test_reasons_speak_of_the_number_chosen() -> None:
    cards = {c.id: c for c in rc.deck("two-handed", "en")}
    marriage = dict(cards[srs.card_item("two-handed", "meld", "marriage")].why)
    assert marriage["60"].startswith("60 is the value of four queens in Two-handed Bezique")
    dix = dict(cards[srs.card_item("two-handed", "dix", "points")].why)
    assert dix["0"].startswith("0 (nothing) is another source's figure (003")
    duty = dict(cards[srs.card_item("two-handed", "duty", "in_stock")].why)
    assert duty["yes"].startswith("“Yes” would make it a duty, but in Two-handed Bezique")
    ru = {c.id: c for c in rc.deck("rubicon", "ru")}
    dix_ru = dict(ru[srs.card_item("rubicon", "dix", "points")].why)
    assert dix_ru["10"].startswith("10 — цифра другого источника (001")
    assert dix_ru["20"].startswith("20 в игре «Безик-рубикон» — это цена другого: марьяж")
    profile = load_profile("fildinski")
    made = dict(rc._value_notes(profile, ["250", "1000", "510", "490"], 500,   # noqa: SLF001
                                lambda p: p.meld("double_bezique").points, "en",
                                "double_bezique")["why"])
    assert made["1000"] == "1000 is twice the answer: 500 points."
    assert made["510"] == "510 is 10 too many: the answer is 500 points."
    assert made["490"] == "490 is 10 short: the answer is 500 points."
    assert made["250"].startswith("250 is the value of a trump sequence")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_page_shows_the_reason_for_the_option_picked(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    from app_helpers import run_page

    monkeypatch.setenv("BEZIQUE_PROGRESS_DB", str(tmp_path / "progress.sqlite3"))
    at = run_page("review_cards", lang, variant="two-handed")
    seen = set()
    for _ in range(8):     # new cards take turns by topic: meld, duty, position, ...
        card = rc.by_id(at.session_state["rc_card"] or "", lang)
        assert card is not None
        card = rc.fresh(card, at.session_state["rc_seed"], lang)
        seen.add(card.topic)
        wrong = next(o for o in card.options if o not in card.answer) if any(
            o not in card.answer for o in card.options) else None
        if wrong is not None:
            key = f"rc_answer_{at.session_state['rc_round']}"
            if card.multiple:
                at.button_group(key=key).set_value([wrong]).run()
            else:
                at.radio(key=key).set_value(wrong).run()
            at.button(key="rc_check").click().run()
            assert not at.exception, [e.value for e in at.exception]
            # the first reason follows the verdict ("Not quite: ..."), the rest fold
            text = "\n".join(m.value for m in [*at.error, *at.markdown]).casefold()
            assert dict(card.why)[wrong].split(":")[0].casefold() in text, (card.id, text)
        at.button(key="rc_next").click().run()
    assert {"meld", "duty", "play"} <= seen
