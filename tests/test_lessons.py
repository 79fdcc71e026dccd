"""Lessons as data: format, both languages, rule anchors, engine numbers,
engine-marked checks, the disagreements table, the glossary and a copy guard."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

import lessons
from engine.rules import meld_query as melds
from engine.rules.profile import load_profile, variant_names
from lessons import _render
from lessons._loader import GENERAL, profile_for, split_front_matter
from lessons.checks import KINDS

ROOT = Path(__file__).resolve().parent.parent
LESSON_DIR = ROOT / "lessons"
SOURCES = ROOT.parent / "shared" / "sources"
if not SOURCES.is_dir():
    SOURCES = Path("/work/shared/sources")

EN = {les.id: les for les in lessons.list_lessons("en")}
RU = {les.id: les for les in lessons.list_lessons("ru")}
ALL_CHECKS = [(les.id, c) for les in EN.values() for c in les.checks]


# --- format and both languages ----------------------------------------------------

def test_enough_lessons_in_both_languages():
    assert len(EN) >= 12
    assert sorted(EN) == sorted(RU)
    files_en = sorted(p.stem for p in (LESSON_DIR / "en").glob("*.md"))
    files_ru = sorted(p.stem for p in (LESSON_DIR / "ru").glob("*.md"))
    assert files_en == files_ru == sorted(EN)


@pytest.mark.parametrize("lesson_id", sorted(EN))
def test_same_structure_in_both_languages(lesson_id):
    en, ru = EN[lesson_id], RU[lesson_id]
    for field in ("variant", "order", "prerequisites", "rules", "anchors"):
        assert getattr(en, field) == getattr(ru, field), field
    # Citations name the same texts; their labels are written in the lesson's language.
    assert [s[:3] for s in en.sources] == [s[:3] for s in ru.sources]
    assert dict(en.claims) == dict(ru.claims)
    assert [e.request() for e in en.examples] == [e.request() for e in ru.examples]
    assert [e.id for e in en.examples] == [e.id for e in ru.examples]
    def asked(check):  # player names are written in the lesson's language
        params = {k: v for k, v in lessons._loader.plain(check.params).items()
                  if k != "players"}
        return check.id, check.kind, check.variant, params
    assert [asked(c) for c in en.checks] == [asked(c) for c in ru.checks]
    assert en.title != ru.title or lesson_id == "cards"
    assert all(c.prompt for c in ru.checks)
    assert all(c.prompt != e.prompt for c, e in zip(ru.checks, en.checks, strict=True))


@pytest.mark.parametrize("lesson_id", sorted(EN))
def test_front_matter_is_complete(lesson_id):
    for lang in ("en", "ru"):
        les = lessons.get_lesson(lesson_id, lang)
        assert les.title and les.summary
        assert les.sources, "every lesson cites its sources"
        for cite in les.sources:
            assert re.match(r"^00[0-4]\b", cite), cite
        for prereq in les.prerequisites:
            assert prereq in EN, prereq
            assert EN[prereq].order < les.order, f"{prereq} must come before {lesson_id}"
        assert les.variant == GENERAL or les.variant in variant_names() or les.claims or \
            les.variant in {"fildinski", "three-handed", "four-handed", "no-trump", "club",
                            "card-point"}


@pytest.mark.parametrize("lesson_id", sorted(EN))
def test_rules_and_anchors_match(lesson_id):
    les = EN[lesson_id]
    anchored = {r for p in les.paragraphs for r in p.rules}
    assert anchored == set(les.rules)
    for p in les.paragraphs:
        assert p.markdown.strip() and p.anchor.startswith("rule-")
        assert re.search(r"\b00[0-4]\b", p.markdown), f"{p.anchor}: paragraph must cite a source"


def test_nothing_unrendered():
    for les in [*EN.values(), *RU.values()]:
        assert "{{" not in les.body_markdown and "}}" not in les.body_markdown, les.id
        assert "{#rule:" not in les.body_markdown, les.id
        assert "{{" not in les.title + les.summary
        for p in les.paragraphs:
            assert "{{" not in p.markdown


def test_paragraph_text_is_in_body_and_anchors_insert():
    les = lessons.get_lesson("declarations", "ru")
    for p in les.paragraphs:
        assert p.markdown in les.body_markdown
    html = lessons.body_with_anchors(les)
    assert '<a id="rule-meld.trump_marriage"></a>' in html


def test_lists_filter_and_errors():
    assert [les.id for les in lessons.list_lessons("en", variant="rubicon")] == ["variant-rubicon"]
    assert all(les.variant == "two-handed" for les in lessons.list_lessons("ru", "two-handed"))
    with pytest.raises(KeyError):
        lessons.get_lesson("no-such-lesson", "en")
    with pytest.raises(ValueError):
        lessons.list_lessons("de")


def test_bad_lesson_files_are_refused():
    with pytest.raises(lessons.LessonError):
        lessons._loader.parse_lesson("no front matter", "en")
    bad = '+++\nid = "x"\ntitle = "x"\nvariant = "two-handed"\norder = 1\n+++\n{#rule:a.b}\n'
    with pytest.raises(lessons.LessonError):
        lessons._loader.parse_lesson(bad, "en")
    unknown = '+++\nid = "x"\ntitle = "x"\nvariant = "two-handed"\norder = 1\n+++\n{{ nope }}\n'
    with pytest.raises(lessons.LessonError):
        lessons._loader.parse_lesson(unknown, "en")


# --- rule ids resolve to paragraphs -----------------------------------------------

def test_every_two_handed_rule_resolves():
    citations = dict(load_profile("two-handed").citations)
    assert citations
    for rule_id in citations:
        lesson_id, anchor = lessons.rule_anchor(rule_id)
        assert anchor == lessons.anchor_for(rule_id)
        for lang in ("en", "ru"):
            paragraph = lessons.get_lesson(lesson_id, lang).paragraph(anchor)
            assert rule_id in paragraph.rules


def test_rules_of_profiles_with_lessons_resolve():
    """Every rule id a shipped profile cites resolves, for variants that have a lesson."""
    variants_with_lessons = {les.variant for les in EN.values()}
    for name in variant_names():
        if name not in variants_with_lessons:
            continue
        for rule_id, _ in load_profile(name).citations:
            lessons.rule_anchor(rule_id)


def test_unknown_rule_raises_key_error():
    with pytest.raises(KeyError):
        lessons.rule_anchor("meld.no_such_meld")


def test_each_rule_anchored_once_per_variant():
    """A rule is explained once for each variant whose lesson explains it (the no-trump
    and the card-point lessons each explain their own double trump marriage)."""
    seen: dict[tuple[str, str], str] = {}
    for les in EN.values():
        for rule in les.rules:
            key = (rule, les.variant)
            assert key not in seen, f"{rule} in {seen.get(key)} and {les.id}"
            seen[key] = les.id
    assert sorted({rule for rule, _ in seen}) == lessons.rule_ids()


# --- numbers come from the engine -------------------------------------------------

def test_placeholders_render_profile_values():
    p = load_profile("two-handed")
    text = "{{ meld.four_kings.points }}/{{ scoring.last_trick_bonus }}/{{ scoring.target }}/" \
           "{{ dix.points }}/{{ packs }}/{{ hand_size }}/{{ deal_packets }}"
    expected = (f"{p.meld('four_kings').points}/{p.scoring.last_trick_bonus}/"
                f"{p.scoring.target}/{p.dix.points}/{p.packs}/{p.hand_size}/"
                + "–".join(map(str, p.deal_packets)))
    assert _render.render_text(text, p, {}) == expected
    changed = p.with_options(scoring={"last_trick_bonus": 250})
    assert _render.render_text("{{ scoring.last_trick_bonus }}", changed, {}) == "250"
    assert _render.evaluate("2 + 3 * 4 - 1", p, {}) == 13
    assert _render.evaluate("ref.packs", None, {}) == 2
    assert _render.evaluate("claim.x.y", None, {"x.y": 7}) == 7
    with pytest.raises(_render.PlaceholderError):
        _render.evaluate("scoring.nope", p, {})
    with pytest.raises(_render.PlaceholderError):
        _render.evaluate("packs", None, {})  # a variant without a profile needs ref./claim.
    with pytest.raises(_render.PlaceholderError):
        _render.evaluate("meld.four_kings", p, {})


def test_reference_numbers_in_lessons():
    p = load_profile("two-handed")
    k, m, s = (p.meld(x).points for x in ("four_kings", "trump_marriage", "trump_sequence"))
    assert k + m + s == 370  # 001 §05
    q, b, d = (p.meld(x).points for x in ("four_queens", "bezique", "double_bezique"))
    for lang in ("en", "ru"):
        reuse = lessons.get_lesson("reuse", lang).body_markdown
        assert f"{q} + {b} +\n{d} = **{q + b + d}**" in reuse
        decl = lessons.get_lesson("declarations", lang).body_markdown
        for spec in p.melds:
            row = [line for line in decl.splitlines() if line.startswith("|")
                   and line.rstrip().endswith(f"| {spec.points} |")]
            assert row, spec.kind
        dealing = lessons.get_lesson("dealing", lang).body_markdown
        assert str(p.deck_size - 2 * p.hand_size - 1) in dealing  # 47, 001 §01
        brisques = lessons.get_lesson("brisques", lang).body_markdown
        assert str(p.scoring.brisque_points * 8 * p.packs) in brisques  # 160, 001 §04


MELD_WORDS = {
    "four_aces": ("four aces", "четыре туза"), "four_kings": ("four kings", "четыре короля"),
    "four_queens": ("four queens", "четыре дамы"), "four_jacks": ("four jacks", "четыре валета"),
    "trump_marriage": ("trump marriage", "козырный марьяж"),
    "trump_sequence": ("trump sequence", "козырная секвенция"),
    "double_bezique": ("double bezique", "двойной безик"),
    "last_trick": ("last trick", "последняя взятка"),
}


def test_no_hard_coded_meld_numbers_in_reference_lessons():
    """In lessons of profiled variants a meld name is never followed by a literal number:
    such numbers must be placeholders so that they follow the profile."""
    for lang in ("en", "ru"):
        for path in sorted((LESSON_DIR / lang).glob("*.md")):
            meta, body = split_front_matter(path.read_text("utf-8"), str(path))
            if meta["variant"] != GENERAL and profile_for(meta["variant"]) is None:
                continue
            if meta["id"] in ("disagreements", "variants", "history"):
                continue
            body = re.sub(r"```.*?```", "", body, flags=re.S)
            for words in MELD_WORDS.values():
                for word in words:
                    for m in re.finditer(re.escape(word) + r"[^\n\d{|,]{0,12}?((?!00\d)\d{2,})",
                                         body, flags=re.I):
                        pytest.fail(f"{path.name}: hard-coded {m.group(0)!r}")


def _claims():
    for les in EN.values():
        for key, value in les.claims.items():
            yield les.id, key, value


@pytest.mark.parametrize(("lesson_id", "key", "value"), list(_claims()))
def test_claims_agree_with_profiles_when_they_exist(lesson_id, key, value):
    variant, _, path = key.partition(".")
    assert path, key
    # A lesson claims numbers of its own variant; it may quote another variant's only
    # when that variant has a profile to check the number against (the 004 sidebars
    # of the two-handed lessons, the table of variants).
    assert variant.startswith(EN[lesson_id].variant) or variant in variant_names(), key
    if variant not in variant_names():
        pytest.skip(f"no profile {variant!r} yet")
    try:
        actual = _render.resolve_path(load_profile(variant), path)
    except _render.PlaceholderError:
        pytest.skip(f"profile {variant!r} has no field {path!r} yet")
    assert actual == value


def test_claims_are_rendered_in_variant_lessons():
    les = lessons.get_lesson("variant-club", "en")
    assert f"**{les.claims['club.scoring.last_trick_bonus']}**" in les.body_markdown


# --- interactive checks: answers come from the engine -----------------------------

def test_check_data_holds_no_answers():
    for _, check in ALL_CHECKS:
        assert check.kind in KINDS
        flat = repr(lessons._loader.plain(check.params)).lower()
        assert "answer" not in flat and "correct" not in flat


def test_most_lessons_have_checks():
    reference = [les for les in EN.values() if les.variant == "two-handed"]
    missing = [les.id for les in reference if not les.checks and les.id != "dealing"]
    assert not missing


@pytest.mark.parametrize(("lesson_id", "check"), ALL_CHECKS, ids=[c.id for _, c in ALL_CHECKS])
def test_every_check_evaluates_in_both_languages(lesson_id, check):
    for lang in ("en", "ru"):
        ru_check = next(c for c in lessons.get_lesson(lesson_id, lang).checks
                        if c.id == check.id)
        result = lessons.evaluate_check(ru_check, lang)
        assert result.options and len(result.options) == len(result.labels)
        assert result.answer and set(result.answer) <= set(result.options)
        assert result.multiple or len(result.answer) == 1
        assert result.explanation and all(result.explanation)
        ok, _ = lessons.mark_check(ru_check, list(result.answer) if result.multiple
                                   else result.answer[0], lang)
        assert ok
        wrong = [o for o in result.options if o not in result.answer]
        if wrong:
            assert not lessons.mark_check(ru_check, wrong[0], lang)[0]


def _check(check_id):
    return next(c for _, c in ALL_CHECKS if c.id == check_id)


@pytest.mark.parametrize(("check_id", "answer"), [
    ("cards-beat-the-king", ("TS#1", "AS#1")),   # 10 and A above K (001 §01)
    ("cards-identical", ("leader",)),            # identical cards: the lead wins
    ("tricks-ace-led", ("7H#1", "QH#1")),        # any trump beats a plain ace (001 §02);
                                                 # not the twin ace, not the ten
    ("dealing-answer-first-lead", ("7D#1", "AC#1")),
    ("tricks-off-suit", ("leader",)),
    ("playoff-must-win", ("AH#1",)),             # follow and beat (001 §02)
    ("playoff-follow-low", ("9H#1", "7H#1")),
    ("playoff-must-trump", ("8D#1", "TD#1")),
    ("playoff-free", ("JC",)),                   # any card may go: throw J♣, keep both aces
                                                 # to catch his 10♠ and 10♣
    ("brisques-count", ("60",)),                 # the example's 5 brisques + last trick
    ("brisques-no-last", ("AD",)),               # A♦ takes the 10♦: two brisques saved
])
def test_hand_verified_answers(check_id, answer):
    assert lessons.evaluate_check(_check(check_id)).answer == answer


@pytest.mark.parametrize(("check_id", "answer"), [
    ("decl-bezique-score", ("bezique JD#1 QS#1",)),   # K♠ Q♠ scored: Q♠ joins the bezique
    ("reuse-single-again", ("0",)),              # lower in the same class: refused
    ("reuse-bezique-after-queens", ("40",)),     # across classes: Q♠ may join the bezique
])
def test_hand_verified_meld_answers(check_id, answer):
    assert lessons.evaluate_check(_check(check_id)).answer == answer


def test_hand_verified_declaration_sets():
    queens = lessons.Check("t", "legal_declarations", {"query": {
        "variant": "two-handed", "trump": "D", "hand": ["QS#1", "QH#1", "QD#1", "QC#1", "JD#1",
                                                         "8C#1", "9H#1"]}}, "?", "two-handed")
    assert set(lessons.evaluate_check(queens).answer) == {"four_queens", "bezique"}
    assert set(lessons.evaluate_check(_check("strategy-queen-of-spades")).answer) == \
        {"marriage", "bezique"}


def test_checks_follow_the_profile(monkeypatch):
    """Answers are computed, not stored: change the engine and the answer changes."""
    import engine.rules.tricks

    check = _check("tricks-off-suit")
    assert lessons.evaluate_check(check).answer == ("leader",)
    monkeypatch.setattr(engine.rules.tricks, "trick_winner", lambda lead, follow, trump: 1)
    with pytest.raises(RuntimeError):
        lessons.evaluate_check(check)


# --- live examples -----------------------------------------------------------------

def test_examples_are_melds_requests():
    for les in EN.values():
        for ex in les.examples:
            req = ex.request()
            assert set(req) <= {"variant", "trump", "hand", "table", "history"}
            assert req["variant"] in variant_names()


def test_the_queen_of_spades_example_replays():
    """The reuse lesson's own example (001 §05's rule, another meld family): one Q♠
    scores in four queens, a bezique and a double bezique, then nothing more."""
    reuse = {ex.id: ex.request() for ex in lessons.get_lesson("reuse", "en").examples}
    steps = [("q-step1", "four_queens"), ("q-step2", "bezique"), ("q-step3", "double_bezique")]
    total = 0
    for ex_id, kind in steps:
        result = melds.query(reuse[ex_id])
        found = [d for d in result["declarations"] if d["meld"] == kind]
        assert found, (ex_id, result)
        assert "QS#1" in found[0]["cards"]
        total += found[0]["points"]
    assert total == 600
    last = melds.query(reuse["q-step4"])
    assert not [d for d in last["declarations"] if d["meld"] in ("bezique", "double_bezique")]
    assert [r for r in last["refused"] if r["meld"] == "bezique"]


def test_every_example_replays():
    for les in EN.values():
        for ex in les.examples:
            assert "declarations" in melds.query(ex.request())


# --- disagreements -----------------------------------------------------------------

def test_disagreement_options_exist_or_are_planned():
    fields = lessons.profile_field_paths()
    assert {"scoring.last_trick_bonus", "dix.points", "declaring.reuse",
            "declaring.carte_blanche", "scoring.target"} <= fields
    for row in lessons.disagreements():
        assert row.options
        for option in row.options:
            if not option.planned:
                assert option.path in fields, f"{row.id}: {option.path} is not a Profile field"


def test_disagreements_cover_the_required_rules():
    ids = {row.id for row in lessons.disagreements()}
    assert {"last_trick_bonus", "target", "dix", "brisques", "points_per_trick", "bezique_pair",
            "double_bezique", "marriage_to_sequence", "reform", "carte_blanche",
            "rubicon_settlement", "penalties", "dealing", "deal_bonuses"} <= ids
    for row in lessons.disagreements():
        sources = {p.source[:3] for p in row.says}
        assert len(row.says) >= 2 and len(sources) >= 2 or row.id == "stock_phase_follow", row.id
        for p in row.says:
            assert p.en and p.ru and re.match(r"^00[0-4]", p.source)


def test_reference_positions_match_the_profile():
    p = load_profile("two-handed")
    checked = 0
    for row in lessons.disagreements():
        for pos in row.says:
            if pos.source.startswith("001") and pos.path:
                value = _render.resolve_path(p, pos.path)
                assert (list(value) if isinstance(value, tuple) else value) == pos.value
                checked += 1
    assert checked >= 5


def test_disagreements_lesson_lists_every_row():
    for lang in ("en", "ru"):
        body = lessons.get_lesson("disagreements", lang).body_markdown
        for row in lessons.disagreements():
            assert f"### {row.topic(lang)}" in body
            for option in row.options:
                assert f"<code>{option.path}</code>" in body  # in the developers fold
    table = lessons.disagreements_table("ru")
    assert len(table) == len(lessons.disagreements())
    assert all(r["rule"] and r["sources"] and r["option"] for r in table)


# --- glossary ----------------------------------------------------------------------

def test_glossary_entries_are_complete():
    entries = lessons.glossary()
    assert len(entries) >= 20
    for e in entries:
        assert e.en and e.ru and e.definition_en and e.definition_ru
        assert not e.see_lesson or e.see_lesson in EN


def test_glossary_search_both_languages():
    assert lessons.search_glossary("BRISQUE")[0].id == "brisque"
    assert lessons.search_glossary("бриска")[0].id == "brisque"
    assert lessons.search_glossary("ВСКРЫШКА")[0].id == "turn_up"     # a source's own word
    assert lessons.search_glossary("семерка")[0].id == "dix"          # ё = е
    assert lessons.search_glossary("марьяж", "en") == []
    assert lessons.search_glossary("marriage", "ru") == []
    assert lessons.search_glossary("") == []
    assert lessons.search_glossary("court")[0].id == "court_card"
    assert any(e.id == "carte_blanche" for e in lessons.search_glossary("валет"))


# --- copy guard: facts carry over, sentences do not --------------------------------

N = 8


def _words(text: str) -> list[str]:
    return re.findall(r"[a-zа-я0-9]+", text.lower().replace("ё", "е"))


def _grams(words: list[str]) -> set[tuple[str, ...]]:
    return {tuple(words[i:i + N]) for i in range(len(words) - N + 1)}


def _source_grams() -> set[tuple[str, ...]]:
    grams: set[tuple[str, ...]] = set()
    for path in sorted(SOURCES.glob("*.txt")):
        grams |= _grams(_words(path.read_text("utf-8")))
    return grams


@pytest.mark.skipif(not SOURCES.is_dir(), reason="source texts not available")
def test_no_eight_word_run_from_the_sources():
    source = _source_grams()
    assert source
    texts = {str(p.relative_to(LESSON_DIR)): p.read_text("utf-8")
             for p in sorted(LESSON_DIR.glob("**/*.md"))}
    for name in ("glossary.toml", "disagreements.toml"):
        texts[name] = (LESSON_DIR / name).read_text("utf-8")
    for les in RU.values():  # rendered text too (numbers filled in)
        texts[f"rendered ru/{les.id}"] = les.body_markdown
    for name, text in texts.items():
        copied = _grams(_words(text)) & source
        assert not copied, f"{name} repeats source wording: {' '.join(sorted(copied)[0])}"


def test_toml_files_parse():
    for name in ("glossary.toml", "disagreements.toml"):
        tomllib.loads((LESSON_DIR / name).read_text("utf-8"))


# --- issue 33: the look-ups became decisions ------------------------------------------

# Kinds that put the learner in a position and ask what to do or what happens there.
DECISION_KINDS = frozenset({"best_declaration", "after_win", "pending_order",
                            "best_playoff_card", "winning_cards", "playoff_legal",
                            "legal_declarations", "carte_blanche", "dix_points",
                            "fined_move"})
# The table look-ups ("what does X score?") turned into "which do you declare?", each
# with the meld whose value the check teaches: that meld must stay the right choice.
# Those judged over the rest of the deal (issue 53: the marriage before the sequence, the
# single before the double) answer with the meld that starts the best route; r4-four-aces
# repeated r4-four-tens' hand and was merged into it (lessons-review-3 #18).
CONVERTED_33 = {
    "cards-twin-aces": "four_aces", "dealing-first-meld": "trump_marriage",
    "decl-bezique-score": "bezique", "variants-rubicon-sequence": "sequence",
    "variants-chinese-kings": "four_trump_kings", "r4-four-tens": "four_tens",
    "chinese-trump-tens": "four_trump_tens",
    "eight-bezique": "bezique", "eight-five-jacks": "five_trump_jacks",
    "three-handed-triple-bezique": "triple_bezique",
    "three-handed-triple-trump": "trump_marriage",
    "four-handed-triple-bezique": "triple_bezique",
    "no-trump-double-marriage": "trump_marriage",
    "no-trump-sequence-after": "trump_marriage", "joker-one-step": "trump_marriage",
    "joker-eighth-queen": "eight_trump_queens", "joker-fifth-queen": "five_trump_queens",
    "sources-default-game": "trump_marriage",
}


@pytest.mark.parametrize("lang", lessons.LANGUAGES)
def test_converted_look_ups_stay_decisions(lang):
    found = {c.id: c for les in lessons.list_lessons(lang) for c in les.checks}
    for check_id, meld in CONVERTED_33.items():
        check = found[check_id]
        assert check.kind in DECISION_KINDS, f"{check_id} is a look-up again: {check.kind}"
        result = lessons.evaluate_check(check, lang)
        assert len(result.options) >= 2, check_id
        assert result.answer[0].split()[0] == meld, (check_id, result.answer)


def test_best_declaration_follows_the_engine(monkeypatch):
    """The choice is the engine's: make the bezique worth more and the answer moves."""
    import lessons.declaration_check as declaration_check

    # Q♠ J♦ and K♠ Q♠: bezique and trump marriage (the declarations lesson's example hand)
    query = {"variant": "two-handed", "trump": "S",
             "hand": ["QS#1", "JD#1", "KS#1", "AH#1", "9C#1", "TH#1", "8H#1"]}
    ask = lessons.Check("t", "best_declaration", {"judge": "now", "query": query}, "?",
                        "two-handed")
    with pytest.raises(ValueError, match="one best"):   # both score 40: no decision
        lessons.evaluate_check(ask)
    real = declaration_check.query

    def richer_bezique(request, lang="en"):
        result = real(request, lang)
        for d in result["declarations"]:
            if d["meld"] == "bezique":
                d["points"] = 41
        return result

    monkeypatch.setattr(declaration_check, "query", richer_bezique)
    assert lessons.evaluate_check(ask).answer[0].startswith("bezique ")


# The score look-ups (trick points, brisques and the last trick, the sevens) turned into
# "which card do you play?" or "what happens?", each with the engine's answer.
CONVERTED_33B = {
    "club-last-trick": ("best_playoff_card", "9S"),
    "club-trick-with-ten": ("best_playoff_card", "8S"),   # 3 tricks: the last one is 250
    "card-point-ace-queen": ("best_playoff_card", "AH"),
    "card-point-last-trick": ("best_playoff_card", "8H"),
    "brisques-no-last": ("best_playoff_card", "AD"),
    "brisques-last-only": ("best_playoff_card", "8H"),
    "dis-last-trick-two-handed": ("best_playoff_card", "8C"),
    "dealing-seven-turned-up": ("dix_points", "10"),
    "dix-both-sevens": ("dix_points", "20"),
    "dix-exchange-and-marriage": ("after_win", "declare marriage QD#1 KD#1 + exchange 7C#1"),
    "four-handed-last-trick": ("best_playoff_card", "AH"),   # the partnership solver's
}


@pytest.mark.parametrize("lang", lessons.LANGUAGES)
def test_converted_score_look_ups_stay_decisions(lang):
    found = {c.id: c for les in lessons.list_lessons(lang) for c in les.checks}
    for check_id, (kind, answer) in CONVERTED_33B.items():
        check = found[check_id]
        assert check.kind == kind and kind in DECISION_KINDS, (check_id, check.kind)
        result = lessons.evaluate_check(check, lang)
        assert len(result.options) >= 2, check_id
        assert result.answer == (answer,), (check_id, result.answer)


# The fine look-ups ("what is the fine?") turned into "which of these moves is fined?"
# on a table-rules deal the check arranges, with the move each answer names and the
# fine (the profile's ``penalties`` field; None: all points so far) its account states.
CONVERTED_33C = {
    "club-fine-extra-card": ("draw", "extra_card"),
    "club-fine-false-declaration": ("declare marriage QS#1 KS#1", None),
    "card-point-fine-revoke": ("play TH#1", "not_following"),
    "card-point-fine-lead-before-draw": ("play 9C#1", "play_before_draw"),
    "card-point-fine-early-declaration": ("declare marriage QH#1 KH#1", "declare_before_win"),
}


@pytest.mark.parametrize("lang", lessons.LANGUAGES)
def test_converted_fine_look_ups_stay_decisions(lang):
    from engine.rules.profile import load_profile

    found = {c.id: c for les in lessons.list_lessons(lang) for c in les.checks}
    for check_id, (answer, field) in CONVERTED_33C.items():
        check = found[check_id]
        assert check.kind == "fined_move", (check_id, check.kind)
        result = lessons.evaluate_check(check, lang)
        assert len(result.options) >= 3, check_id
        assert result.answer == (answer,), (check_id, result.answer)
        assert all(r.startswith("penalty.") for r in result.rules), result.rules
        fine = "" if field is None else str(getattr(load_profile(check.variant).penalties,
                                                    field))
        said = " ".join(result.explanation)
        assert fine in said and ("002" in said or "004" in said), (check_id, said)


def test_fined_move_follows_the_engine():
    """The fine is the deal's: another fine in the profile moves the account with it."""
    import lessons.fine_check as fine_check
    from engine.rules.profile import load_profile

    check = _check("card-point-fine-lead-before-draw")
    profile = load_profile("card-point")
    dearer = profile.with_options(penalties={"play_before_draw": 45})
    result = fine_check.fined_move(check, "en", dearer)
    assert result.answer == ("play 9C#1",)
    assert "the fine is 45" in result.explanation[0]
    free = profile.with_options(penalties={"play_before_draw": 0})
    with pytest.raises(ValueError, match="0 moves are fined"):   # refused: no question
        fine_check.fined_move(check, "en", free)


def test_arranged_playoff_starts_the_last_tricks():
    from engine.notation.actions import Action
    from engine.notation.cards import parse_card
    from engine.rules.deal import Deal
    from engine.rules.profile import load_profile

    profile = load_profile("card-point")
    hands = [[parse_card(c).id for c in ("AH#1", "9S#1")],
             [parse_card(c).id for c in ("TH#1", "KS#1")]]
    deal = Deal.arranged_playoff(profile, hands, 2, leader=0)
    assert deal.in_playoff and deal.phase == "lead" and deal.to_move == 0
    assert sorted(deal.every_card()) == list(profile.deck_ids())
    deal.apply(Action.play(hands[0][0]))
    assert [a.card for a in deal.legal_actions()] == [hands[1][0]]   # must follow suit
    deal.apply(Action.play(hands[1][0]))
    deal.apply(Action.play(hands[0][1]))
    deal.apply(Action.play(hands[1][1]))
    assert deal.is_over and deal.last_trick_winner == 1
