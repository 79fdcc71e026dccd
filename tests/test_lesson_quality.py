"""What a learner reads: every lesson rendered in both languages, every check answered
by the engine, and the engine's own sentences in Russian that agree in case.

Lessons that keep ``{{ claim.* }}`` numbers for a variant without a profile must
render cleanly but need no checks (there is no engine to answer them)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import lessons
from engine.rules.profile import load_profile, variant_names
from engine.text.explain import MELD_NAMES, MESSAGES, Step, points_ru

PLAYABLE = set(variant_names())
# Reading pages, not lessons with a skill to check.
READING = {"history", "sources", "melds"}
LATIN_CARD = re.compile(r"(?<![A-Za-z])(?:[AKQJT]|10)?[AKQJT][♠♥♦♣]")
T_TEN = re.compile(r"(?<![A-Za-z])T[♠♥♦♣]")
RU_LATIN_CARD = re.compile(r"(?<![A-Za-z])[AKQJT][♠♥♦♣]")
COPY_MARK = re.compile(r"[♠♥♦♣]#\d")
INTERNAL_ID = re.compile(r"\b(?:ex370|[a-z]+(?:-[a-z0-9]+){2,})\b")


def _lessons(lang: str) -> list[lessons.Lesson]:
    return lessons.list_lessons(lang)


def _prose(lesson: lessons.Lesson) -> list[str]:
    """The text pieces a learner reads, code spans removed (machine notation there)."""
    out = []
    for kind, piece in lessons.segments(lesson):
        if kind == "text":
            assert isinstance(piece, str)
            out.append(re.sub(r"`[^`]*`", "", piece))
    return out


def _needs_checks(lesson: lessons.Lesson) -> bool:
    if lesson.id in READING:
        return False
    return lesson.variant in PLAYABLE or lesson.variant == "general"


@pytest.mark.parametrize("lang", lessons.LANGUAGES)
def test_every_lesson_renders_clean_prose(lang: str) -> None:
    problems = []
    for lesson in _lessons(lang):
        ids = {e.id for e in lesson.examples} | {c.id for c in lesson.checks}
        for text in _prose(lesson):
            where = f"{lang}/{lesson.id}"
            if "{{" in text or "}}" in text:
                problems.append(f"{where}: unrendered placeholder")
            if T_TEN.search(text):
                problems.append(f"{where}: 'T' for the ten: {T_TEN.search(text)}")
            if lang == "ru" and RU_LATIN_CARD.search(text):
                problems.append(f"{where}: Latin card letter in Russian: "
                                f"{RU_LATIN_CARD.search(text)}")
            for block_id in ids:
                if block_id in text:
                    problems.append(f"{where}: internal id {block_id} on screen")
            if re.search(r"\bex370-", text):
                problems.append(f"{where}: internal example id on screen")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", lessons.LANGUAGES)
def test_no_empty_headings(lang: str) -> None:
    """A heading is followed by text, an example or a check before the next heading of
    the same or a higher level."""
    problems = []
    for lesson in _lessons(lang):
        lines = [ln for ln in lesson.body_markdown.split("\n") if ln.strip()]
        for i, line in enumerate(lines):
            match = re.match(r"^(#+)\s", line)
            if not match:
                continue
            level = len(match.group(1))
            nxt = lines[i + 1] if i + 1 < len(lines) else ""
            follow = re.match(r"^(#+)\s", nxt)
            if not nxt or (follow and len(follow.group(1)) <= level):
                problems.append(f"{lang}/{lesson.id}: empty heading {line!r}")
    assert not problems, "\n".join(problems)


def test_lessons_of_played_variants_have_three_checks() -> None:
    thin = [f"{lesson.id} ({len(lesson.checks)})" for lesson in _lessons("en")
            if _needs_checks(lesson) and len(lesson.checks) < 3]
    assert not thin, f"lessons with fewer than three checks: {thin}"


def test_both_languages_have_the_same_lessons_and_checks() -> None:
    en = {les.id: les for les in _lessons("en")}
    ru = {les.id: les for les in _lessons("ru")}
    assert set(en) == set(ru)
    for lesson_id, lesson in en.items():
        other = ru[lesson_id]
        assert [c.id for c in lesson.checks] == [c.id for c in other.checks], lesson_id
        assert [e.id for e in lesson.examples] == [e.id for e in other.examples], lesson_id
        for a, b in zip(lesson.checks, other.checks, strict=True):
            pa = {k: v for k, v in a.params.items() if k != "players"}
            pb = {k: v for k, v in b.params.items() if k != "players"}
            assert (a.kind, pa, a.variant) == (b.kind, pb, b.variant), \
                f"{lesson_id}/{a.id}: the two languages ask different questions"


def test_every_example_has_a_title_and_replays() -> None:
    from engine.rules.meld_query import query

    for lang in lessons.LANGUAGES:
        for lesson in _lessons(lang):
            for example in lesson.examples:
                assert example.title, f"{lang}/{lesson.id}/{example.id}: no title"
                assert example.id not in example.title
                query(example.request(), lang)


@pytest.mark.parametrize("lang", lessons.LANGUAGES)
def test_every_check_is_answered_by_the_engine(lang: str) -> None:
    """Options, answer and explanation come from the engine, in the reader's notation."""
    for lesson in _lessons(lang):
        for check in lesson.checks:
            result = lessons.evaluate_check(check, lang)
            where = f"{lang}/{lesson.id}/{check.id}"
            assert result.answer and set(result.answer) <= set(result.options), where
            assert len(result.options) >= 2, where
            assert result.explanation, where
            right, _ = lessons.mark_check(check, list(result.answer) if result.multiple
                                          else result.answer[0], lang)
            assert right, where
            if not result.multiple:
                wrong = next(o for o in result.options if o not in result.answer)
                assert not lessons.mark_check(check, wrong, lang)[0], where
            shown = [result.prompt, *result.labels, *result.explanation]
            for text in shown:
                assert "{{" not in text, where
                assert not T_TEN.search(text), f"{where}: {text}"
                assert not COPY_MARK.search(text), f"{where}: copy mark in {text}"
                if lang == "ru":
                    assert not RU_LATIN_CARD.search(text), f"{where}: {text}"
                    assert "Отказано" not in text, where
                    assert not re.search(r"[A-Za-z]{3,}", text), f"{where}: English in {text}"


def test_checks_show_their_cards() -> None:
    kinds_with_cards = {"trick_winner", "playoff_legal", "meld_score", "legal_declarations",
                        "brisque_points"}
    for lesson in _lessons("en"):
        for check in lesson.checks:
            if check.kind in kinds_with_cards:
                assert lessons.evaluate_check(check).cards, f"{lesson.id}/{check.id}"


def test_the_lesson_path_starts_with_the_overview() -> None:
    order = [les.id for les in _lessons("en")]
    assert order[0] == "overview"
    # the last eight tricks before the brisques, whose checks need their duties
    # (lessons review 3, C15)
    basics = ["cards", "dealing", "tricks", "declarations", "dix", "playoff", "brisques",
              "scoring"]
    positions = [order.index(i) for i in basics]
    assert positions == sorted(positions)
    fine = [order.index(i) for i in ("pending", "reuse", "disagreements")]
    assert min(fine) > order.index("scoring")
    assert "sources" in order


# --- the engine's sentences -----------------------------------------------------------

def _meld_params(template: str) -> list[str]:
    return [name for name in ("meld", "prev_meld") if "{" + name + "}" in template]


def test_every_meld_of_every_profile_has_names_in_both_languages() -> None:
    for variant in PLAYABLE:
        for spec in load_profile(variant).melds:
            assert spec.kind in MELD_NAMES, f"{variant}: {spec.kind} has no name"


@pytest.mark.parametrize("variant", sorted(PLAYABLE))
def test_russian_templates_agree_with_every_meld_name(variant: str) -> None:
    """A Russian template names a meld only in apposition, «…» after a noun, so the name
    keeps its own case and number: never «образуют козырная секвенция»."""
    fill = {"cards": "Д♠#1 В♦#1", "card": "К♦#1", "points": "60", "citation": "001 §03",
            "class": "bezique", "suit": "H", "why": "wrong cards for this combination",
            "other": "Т♥#2", "player": "1", "prev_cards": "Д♠#2 В♦#2", "gone": "В♦#1",
            "new": "Д♠#1"}
    for key, (en, ru) in MESSAGES.items():
        names = _meld_params(ru)
        if not names:
            continue
        for name in names:
            assert f"«{{{name}}}»" in ru, f"{key}: {{{name}}} must stand in «» after a noun"
        for spec in load_profile(variant).melds:
            params = {**fill, "meld": spec.kind, "prev_meld": spec.kind}
            step = Step("x", key, tuple((k, v) for k, v in params.items()
                                        if "{" + k + "}" in ru + en or k == "meld"))
            text_ru, text_en = step.render("ru"), step.render("en")
            assert f"«{MELD_NAMES[spec.kind][1]}»" in text_ru, (key, text_ru)
            assert not RU_LATIN_CARD.search(text_ru), text_ru
            if not key.startswith("reform_"):   # Rubicon reuse verdicts name the copies
                assert "#" not in text_ru and "#" not in text_en
            assert not re.search(r"\ba (four|five) ", text_en), text_en
            assert not re.search(r"\b(four|five) \w+ scores\b", text_en), text_en


def test_russian_points_agree_with_the_number() -> None:
    assert points_ru(1) == "1 очко"
    assert points_ru(2) == "2 очка"
    assert points_ru(11) == "11 очков"
    assert points_ru(60) == "60 очков"
    assert points_ru(1500) == "1500 очков"
    assert points_ru(22) == "22 очка"


def test_explanations_use_the_readers_card_notation() -> None:
    from engine.rules.meld_query import query

    request = {"variant": "two-handed", "trump": "D",
               "hand": ["AD#1", "TD#1", "KD#1", "QD#1", "JD#1", "QS#1"], "table": [],
               "history": []}
    ru = query(request, "ru")
    text = " ".join(line for d in ru["declarations"] for line in d["explanation"])
    assert "Т♦ 10♦ К♦ Д♦ В♦" in text or "10♦" in text
    assert not RU_LATIN_CARD.search(text) and not COPY_MARK.search(text)
    en = query(request, "en")
    text_en = " ".join(line for d in en["declarations"] for line in d["explanation"])
    assert "10♦" in text_en and not T_TEN.search(text_en) and "#" not in text_en


def test_a_refusal_gives_only_its_reason() -> None:
    """The review's self-contradicting refusal: "…another class, so it may join…" and
    then refused. Only the refusing step is shown."""
    from engine.rules.meld_query import query

    request = {"variant": "two-handed", "trump": "D", "hand": ["QD#2"],
               "table": ["KS#1", "KH#1", "KD#1", "KC#1"],
               "history": [{"meld": "four_kings", "cards": ["KS#1", "KH#1", "KD#1", "KC#1"]},
                           {"meld": "trump_marriage", "cards": ["KD#1", "QD#1"]}]}
    refused = {r["meld"]: r["why"] for r in query(request, "en")["refused"]}
    why = refused["trump_marriage"]
    assert "may join" not in why and "another class" not in why
    assert "K♦" in why


def test_no_english_words_in_russian_prose() -> None:
    """Russian lessons are written in Russian: English only inside the folded notes for
    developers, code spans and links; the French «dix» is named once on purpose."""
    allowed = {"dix", "XVIII", "XIX"}
    found = []
    for lesson in _lessons("ru"):
        for text in _prose(lesson):
            text = re.sub(r"<details>.*?</details>|<[^>]+>", "", text, flags=re.S)
            text = re.sub(r"\]\([^)]*\)", "]", text)
            for word in re.findall(r"[A-Za-z][A-Za-z\-']{2,}", text):
                if word not in allowed:
                    found.append(f"{lesson.id}: {word}")
        for label in (lesson.title, lesson.summary, *lesson.sources):
            for word in re.findall(r"[A-Za-z][A-Za-z\-']{2,}", label):
                if word not in allowed:
                    found.append(f"{lesson.id} (front matter): {word}")
    assert not found, found


def test_variant_lessons_open_with_how_they_differ() -> None:
    for lang, opening in (("en", "**How it differs from"), ("ru", "**Чем отличается от")):
        for lesson in _lessons(lang):
            if not lesson.id.startswith("variant-"):
                continue
            body = [ln for ln in lesson.body_markdown.split("\n") if ln.strip()]
            first = next(ln for ln in body if not ln.startswith("#"))
            assert first.startswith(opening), f"{lang}/{lesson.id}: {first}"


def test_a_wrong_answer_is_explained_in_its_own_terms() -> None:
    check = next(c for c in lessons.get_lesson("scoring", "en").checks
                 if c.id == "scoring-last-deal")
    result = lessons.evaluate_check(check, "en")
    assert "brisques" in result.why["140"]          # 200 without the six brisques
    winner = next(c for c in lessons.get_lesson("scoring", "ru").checks
                  if c.id == "scoring-who-wins")
    assert "Анна" in lessons.evaluate_check(winner, "ru").why["1"]


def test_russian_card_pictures_carry_russian_indices() -> None:
    from engine.text.svg import card_svg

    ru = card_svg("QS#2", lang="ru", copy_mark=False)
    assert ">Д</text>" in ru and ">Q</text>" not in ru and ">#2</text>" not in ru
    assert 'aria-label="Д♠"' in ru
    en = card_svg("TS#1")
    assert ">10</text>" in en and 'aria-label="10♠#1"' in en


def test_the_overview_deal_adds_up() -> None:
    """The sample deal's table agrees with the engine's own count of both players'
    deals and with the who-wins check that follows it."""
    from types import MappingProxyType

    def deal(melds: list[str], dix: int, brisques: int, last: bool) -> int:
        cards = ["AS#1", "TS#1", "AH#1", "TH#1", "AD#1", "TD#1", "AC#1", "TC#1",
                 "AS#2", "TS#2"][:brisques]
        check = lessons.Check("x", "deal_score", MappingProxyType(
            {"melds": melds, "dix": dix, "cards": cards, "last_trick": last}), "",
            "two-handed")
        return int(lessons.evaluate_check(check).answer[0])

    anna = deal(["trump_marriage", "four_queens", "trump_sequence"], 0, 9, False)
    boris = deal(["bezique", "four_aces"], 1, 7, True)
    for lang in lessons.LANGUAGES:
        lesson = lessons.get_lesson("overview", lang)
        assert re.search(rf"\| {anna} \| {boris} \|", lesson.body_markdown), lang
        who = next(c for c in lesson.checks if c.kind == "game_winner")
        assert list(who.params["totals"]) == [anna, boris]


@pytest.mark.parametrize("lang", lessons.LANGUAGES)
def test_summaries_do_not_repeat_the_pages_lead_in(lang: str) -> None:
    """The Rules page prints a summary after its own 'In this lesson:'; a summary that
    starts the same way read 'In this lesson: In this lesson: ...'."""
    lead = {"en": "in this lesson", "ru": "в этом уроке"}[lang]
    doubled = [les.id for les in _lessons(lang) if les.summary.lower().startswith(lead)]
    assert not doubled, doubled


def test_triple_marriage_quotes_004_and_marks_our_reading() -> None:
    """Review: 004 names the triple marriage and its points but never defines it. The
    lesson quotes 004's words and says that what the meld is, is our reading."""
    source = next(Path("/work/shared/sources").glob("004_*.txt"), None)
    if source is not None:
        assert "Тройной простой марьяж" in source.read_text(encoding="utf-8")
    for lang, reading in (("en", "our reading"), ("ru", "наше прочтение")):
        lesson = lessons.get_lesson("variant-three-handed", lang)
        text = " ".join(lesson.paragraph("rule-meld.triple_marriage").markdown.split())
        assert "«Тройной простой марьяж»" in text, text
        assert reading in text.lower(), text
        points = str(load_profile("three-handed").meld("triple_marriage").points)
        assert points in text
        trump = " ".join(lesson.paragraph("rule-meld.triple_trump_marriage").markdown.split())
        assert "«Тройной козырный марьяж»" in trump and reading.split()[-1][:-1] in trump


def _raw_body(lang: str, lesson_id: str) -> str:
    from lessons._loader import split_front_matter

    path = Path(lessons.__file__).parent / lang / f"{lesson_id}.md"
    return split_front_matter(path.read_text("utf-8"), str(path))[1]


def _bare_digits(text: str) -> list[str]:
    """Digits left once placeholders, source ids (000-004) and § references are gone."""
    text = re.sub(r"\{\{.*?\}\}", "", text, flags=re.S)
    text = re.sub(r"\b00[0-4]\b|§\s*\d+", "", text)
    return re.findall(r"\d+", text)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_004_sidebars_take_their_numbers_from_the_profiles(lang: str) -> None:
    """The Russian-tradition (004) boxes of the declarations and dix lessons print no
    hard-coded number: each is a placeholder of the card-point profile (004's two-handed
    game), whose claims tests/test_lessons.py checks against the profile."""
    heading = "### How it was played in Russia" if lang == "en" else "### Как играли в России"
    for lesson_id in ("declarations", "dix"):
        body = _raw_body(lang, lesson_id)
        box = body[body.index(heading):]
        box = box[len(heading):]
        box = box[:box.index("\n#")] if "\n#" in box else box
        assert not _bare_digits(box), (lesson_id, _bare_digits(box))
        assert "claim.card-point." in box


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_variants_table_takes_its_numbers_from_the_profiles(lang: str) -> None:
    # Left as written: player ranges the sources give but no profile holds (no-trump
    # "2–4", the joker game's "2, 3 or 4" and "8–10" short packs) and Rubicon's "×10".
    allowed = ("2–4", "8–10", "2, 3 or 4", "2, 3 или 4", "×10")
    rows = [ln for ln in _raw_body(lang, "variants").splitlines() if ln.startswith("| [")]
    assert len(rows) >= 10
    for row in rows:
        cells = row.split("|")[3:]           # after the name and the source columns
        text = "|".join(cells)
        for ok in allowed:
            text = text.replace(ok, "")
        assert not _bare_digits(text), row


def test_variants_page_says_what_the_app_plays() -> None:
    """Every game in the table has a profile, so the page may not say the app cannot
    play some of them; the ranges it keeps start with the profile's number."""
    names = set(variant_names())
    for lang, stale in (("en", "cannot play yet"), ("ru", "пока не играет")):
        body = lessons.get_lesson("variants", lang).body_markdown
        assert stale not in body
        for target in re.findall(r"\]\((variant-[\w-]+)\)", body):
            assert lessons.get_lesson(target, lang).variant in names, target
    for variant, field, first in (("no-trump", "players", 2), ("joker", "players", 2),
                                  ("joker", "packs", 8)):
        assert getattr(load_profile(variant), field) == first
