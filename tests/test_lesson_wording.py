"""Wording of the lessons as the learner reads them (review of 2026-12-03, §0 and §3):
players are named, Russian verbs agree with them, citations and check texts are in the
lesson's language, and no developer words reach the learner."""

from __future__ import annotations

import re

import pytest

import lessons
from lessons.checks import evaluate_check, feminine

LANGS = ("en", "ru")


def _checks(lang: str, kinds: tuple[str, ...] | None = None):
    for les in lessons.list_lessons(lang):
        for check in les.checks:
            if kinds is None or check.kind in kinds:
                yield les.id, check


def _shown(result) -> list[str]:
    return [result.prompt, *result.labels, *result.explanation, *result.why.values()]


# --- 1. players are named, in the right gender ---------------------------------------

GAME_KINDS = ("game_winner", "rubicon_settle")


@pytest.mark.parametrize("lang", LANGS)
def test_game_and_settlement_checks_name_the_players(lang):
    seen = 0
    for lesson_id, check in _checks(lang, GAME_KINDS):
        result = evaluate_check(check, lang)
        names = check.params.get("players")
        assert names, f"{lesson_id}/{check.id}: a game check names its players"
        for text in _shown(result):
            assert not re.search(r"\bplayers? \d|игрок\w* \d|\(а\)", text), (check.id, text)
        if check.kind == "rubicon_settle":   # every settlement step names a player
            assert names[0] in " ".join(result.explanation), result.explanation
        else:
            # (a label starts with a capital: "Your side wins the game")
            assert [n.lower() in label.lower()
                    for n, label in zip(names, result.labels, strict=False)] == \
                [True, True], result.labels
        seen += 1
    assert seen >= 9


def test_russian_verbs_agree_with_the_named_player():
    assert feminine("Анна") and feminine("ваша пара") and not feminine("Борис")
    texts = {c.id: _shown(evaluate_check(c, "ru")) for _, c in _checks("ru", GAME_KINDS)}
    joined = "\n".join(t for lines in texts.values() for t in lines)
    assert "Борис уже набрал 1000" in joined
    assert "Анна уже набрала 1000" in joined
    assert "Борис не набрал 1000 и не перешёл рубикон" in joined
    assert "Другая пара тоже перешла 2000" in joined
    assert "Анна отстаёт: её итог меньше" in joined
    assert not re.search(r"Анна (уже )?(не )?набрал\b|Анна\w* перешёл|Борис\w* (не )?набрала",
                         joined)


# --- 2. citations in Russian ---------------------------------------------------------

def _learner_text(les, folds: bool = True) -> str:
    """What the Rules page shows of a lesson: the body without its fenced blocks, link
    targets, anchors and pictures (and, with ``folds=False``, without the collapsed
    "For developers" details), then every check as the engine words it."""
    body = re.sub(r"```.*?```", "", les.body_markdown, flags=re.S)
    if not folds:
        body = re.sub(r"<details>.*?</details>", " ", body, flags=re.S)
    body = re.sub(r"\]\([^)]*\)|<[^>]+>|data:\S+|\{#[^}]*\}", " ", body)
    checks = [t for c in les.checks for t in _shown(evaluate_check(c, les.lang))]
    return "\n".join([les.title, les.summary, body, *checks])


ENGLISH_CITATION = re.compile(r"\bl\.\s?\d|\b(lines?|sections?|items?|pages?|para)\b|стр\.",
                              re.I)


@pytest.mark.parametrize("lesson_id", [les.id for les in lessons.list_lessons("ru")])
def test_russian_lessons_cite_in_russian(lesson_id):
    text = _learner_text(lessons.get_lesson(lesson_id, "ru"))
    found = [text[max(0, m.start() - 40):m.end() + 20] for m in ENGLISH_CITATION.finditer(text)]
    assert not found, found


def test_joker_line_citations_read_as_sections():
    """lessons-review-3 E28: a line is shown as its section, as the sources page
    promises, in the reader's language."""
    from engine.text.citations import citation_text

    scoring = "'Подсчет очков в карточной игре Безик'"
    assert citation_text("004 l.35, l.45", "ru") == f"004, {scoring}"
    assert citation_text("004 l.51", "en") == "004, 'Scoring in the card game Bezique'"
    joker = _learner_text(lessons.get_lesson("variant-joker", "ru"))
    assert f"(004, {scoring})" in joker and "строк" not in joker


# --- 3. no developer words for the learner --------------------------------------------

JARGON = {
    "en": re.compile(r"\breference (table|order|game|profile)s?\b|\bprofiles?\b|\bengine\b|"
                     r"\(planned\)|\bclaims,|`[^`\n]+`|--option", re.I),
    "ru": re.compile(r"движ[оа]?к|эталон|профил[ья]|\bclaims\b|утверждения \(|`[^`\n]+`|"
                     r"--option|\bопци[яиюей]", re.I),
}


@pytest.mark.parametrize("lang", LANGS)
def test_lessons_speak_to_the_learner_not_the_developer(lang):
    found = []
    for les in lessons.list_lessons(lang):
        text = _learner_text(les, folds=False)
        found += [f"{les.id}: …{text[max(0, m.start() - 50):m.end() + 20]}…"
                  for m in JARGON[lang].finditer(text)]
    assert not found, "\n".join(found)


_GENITIVE_BEFORE = {"из", "до", "от", "без", "около", "у", "для", "кроме", "больше", "меньше",
                    "вместо", "с", "по"}


def _card_word(number: int) -> str:
    if number % 100 in (11, 12, 13, 14) or number % 10 in (0, 5, 6, 7, 8, 9):
        return "карт"
    return "карта" if number % 10 == 1 else "карты"


def test_russian_numbers_agree_with_karta():
    """«174 карт» → «174 карты» (after «из», «до» … the genitive «карт» is right)."""
    wrong = []
    for les in lessons.list_lessons("ru"):
        text = _learner_text(les)
        for m in re.finditer(r"(?:(\w+)\s+)?(\d+)\s+(карта|карты|карт)\b", text):
            before, number, word = m.group(1), int(m.group(2)), m.group(3)
            if (before or "").lower() in _GENITIVE_BEFORE or word == _card_word(number):
                continue
            wrong.append(f"{les.id}: {m.group(0)}")
    assert not wrong, wrong


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


@pytest.mark.parametrize("lang", LANGS)
def test_interface_strings_do_not_say_engine(lang):
    import tomllib
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "app_pages" / "i18n" / f"{lang}.toml"
    strings = list(_strings(tomllib.loads(path.read_text(encoding="utf-8"))))
    pattern = re.compile(r"\bengine\b" if lang == "en" else r"движ[оа]?к|эталон|профил[ья]",
                         re.I)
    assert not [s for s in strings if pattern.search(s)]


# --- 4. the table picture of the dealing lesson speaks Russian in Russian -----------

def _picture_words(svg: str) -> list[str]:
    """Every word the picture can show or read out: titles, labels and drawn text."""
    words = re.findall(r"<title>([^<]*)</title>", svg)
    words += re.findall(r'aria-label="([^"]*)"', svg)
    words += re.findall(r"<text[^>]*>([^<]*)</text>", svg)
    return words


def test_russian_table_picture_has_no_english_words():
    from lessons.diagram import table_svg

    for variant in ("two-handed", "rubicon"):
        from engine.rules.profile import load_profile

        words = _picture_words(table_svg(load_profile(variant), "ru"))
        assert "карта рубашкой вверх" in words
        latin = [w for w in words if re.search(r"[A-Za-z]{2,}", w)]
        assert not latin, latin
    english = _picture_words(table_svg(None, "en"))
    assert "face-down card" in english


def test_russian_dealing_lesson_picture_is_the_russian_one():
    import base64

    body = lessons.get_lesson("dealing", "ru").body_markdown
    images = re.findall(r"data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)", body)
    assert images, "the dealing lesson shows the table"
    svg = base64.b64decode(images[0]).decode("utf-8")
    assert "face-down" not in svg and "карта рубашкой вверх" in svg


# --- 5. a refused declaration reads as one sentence ---------------------------------

def test_refusal_names_the_meld_once_for_every_reference_meld():
    from engine.rules.profile import load_profile
    from lessons.checks import meld_label, refusal_line

    why = {"en": "A♠ already scored in the four aces", "ru": "карта Т♠ уже записана"}
    for meld in load_profile("two-handed").melds:
        ru = refusal_line(meld.kind, why["ru"], "ru")
        assert ru == f"Нельзя объявить комбинацию «{meld_label(meld.kind, 'ru')}»: {why['ru']}"
        assert ru.count(":") == 1 and "Нельзя:" not in ru
        en = refusal_line(meld.kind, why["en"], "en")
        name = meld_label(meld.kind, "en")
        assert en == f"{name[0].upper()}{name[1:]} cannot be declared: {why['en']}"
        assert "Refused" not in en and en.count(":") == 1


@pytest.mark.parametrize("lang", LANGS)
def test_legal_declaration_checks_have_no_double_colon(lang):
    lines = [line for _, c in _checks(lang, ("legal_declarations",))
             for line in (*evaluate_check(c, lang).explanation,
                          *evaluate_check(c, lang).why.values())]
    assert lines
    bad = [line for line in lines if re.match(r"^«?[^:«»]+»?: (Нельзя|Refused)", line)
           or re.match(r"^«[^»]+»: из этих карт", line) or re.match(r"^[a-z ]+: cannot", line)]
    assert not bad, bad
    refusals = [line for line in lines if line.startswith(("Нельзя объявить", "Four aces"))]
    assert refusals, "the reuse lesson's four-aces check shows a refusal"


@pytest.mark.parametrize("lang", LANGS)
def test_check_sentences_start_with_a_capital(lang):
    """«Червей у вас нет…», not «К♠ сюда класть нельзя. червей у вас нет…»."""
    bad = []
    for _, check in _checks(lang, ("playoff_legal",)):
        result = evaluate_check(check, lang)
        for text in (*result.explanation, *result.why.values()):
            bad += [text for m in re.finditer(r"(^|[.!?] )([a-zа-яё])", text)]
    assert not bad, bad


def test_russian_lessons_have_no_english_words():
    """No "(002, cards)" or "card-point section" in Russian text: outside the developer
    folds only Roman numerals and the French word «dix» (named as such) are Latin."""
    allowed = re.compile(r"^(?:[IVXLC]+|dix)$")
    found = {}
    for les in lessons.list_lessons("ru"):
        words = re.findall(r"[A-Za-z][A-Za-z'\-]+", _learner_text(les, folds=False))
        bad = [w for w in words if not allowed.match(w)]
        if bad:
            found[les.id] = bad
    assert not found, found


@pytest.mark.parametrize("lang", LANGS)
def test_developer_folds_end_their_html_block(lang):
    """A Markdown HTML block runs to the next blank line: text right after
    ``</details>`` would lose its formatting (the bold heading of the next rule)."""
    for les in lessons.list_lessons(lang):
        for m in re.finditer(r"</details>\n(?=\S)", les.body_markdown):
            pytest.fail(f"{les.id}: text right after a fold: "
                        f"{les.body_markdown[m.end():m.end() + 40]!r}")
