"""Citations in the reader's language.

Profiles, options, lessons and the disagreements table cite the sources in one
short form, ``"004, two-handed rules, item 8"``, ``"003, 'козыри'"``. A Russian
sentence must not carry English words, so :func:`citation_text` rewrites the
English parts of a citation for Russian text; there the quoted section names
(``'Рубикон'``) are the sources' own Russian and stay as they are. An English
page names those sections in English (:data:`SECTIONS_EN`): ``"003, 'trumps'"``.
The tables are data: a new citation with a new English phrase or a new Russian
section fails ``tests/test_citations.py`` until its translation is added here.

A developer's note may pin a sentence by its line ("004 l.59"); a reader is shown the
section that line sits in (:func:`section_of`, :data:`SECTION_STARTS`), as the sources
page promises: "004, 'Подсчет очков в карточной игре Безик'".
"""

from __future__ import annotations

import re

# English phrase -> Russian, longest first where one contains another. Only the
# readable parts are translated; numbers, §, quotes and punctuation stay.
PHRASES_RU: tuple[tuple[str, str], ...] = (
    # the 003/004 rules review: three-, four-handed, no-trump, Rubicon settlements
    ("our choice for three: the last to draw takes the turn-up",
     "наш выбор для троих: открытый козырь берёт добирающий последним"),
    ("against the best card so far: our choice", "перебить лучшую карту взятки: наш выбор"),
    ("as the game for two", "как вдвоём"),
    ("a triple bezique brings the win of the game", "тройной безик приносит выигрыш партии"),
    ("the player on the dealer's right", "игрок справа от сдающего"),
    ("the declaration fixing trumps", "объявление, назначающее козыри"),
    ("the total with the brisques just added", "сумма с только что добавленными брисками"),
    ("the score before the brisques", "счёт без брисок"),
    ("320, as printed", "320, как напечатано"),
    ("320 for all brisques, scaled to the packs: our choice",
     "320 за все бриски, пересчитанные на число колод: наш выбор"),
    ("1000 in place of Rubicon's 500", "1000 вместо 500 рубикона"),
    ("1000 on top of Rubicon's 500", "1000 сверх 500 рубикона"),
    ("follow suit, else trump", "в масть, иначе козырем"),
    ("before one's lead", "перед своим ходом"),
    ("whoever holds the seven of trumps", "у кого окажется на руках козырная семёрка"),
    ("any combination or combinations", "любая комбинация или комбинации"),
    # the joker game (004's opening section): whole clauses first
    ("a marriage or quint with 'the' joker: our reading, one",
     "марьяж или квинт «с инфузоркой»: по нашему прочтению, с одной"),
    ("no target: one deal, the higher score wins; our choice",
     "предела партии нет: одна сдача, побеждает больший счёт; наш выбор"),
    ("the joker 'answers for any card'; nothing forbids both",
     "инфузорка «отвечает за любую карту»; обе сразу ничто не запрещает"),
    ("eight or ten packs; which for how many players is not said",
     "восемь или десять колод; сколько на сколько игроков, не сказано"),
    ("the target of 004's two-handed game, borrowed", "предел партии для двоих из 004"),
    ("a joker has no value by itself, so it covers nothing: our choice",
     "сама по себе инфузорка ничего не стоит и ничего не кроет: наш выбор"),
    ("choice: a card scores once in each ladder (as 001 §03)",
     "выбор: карта считается один раз в каждой лестнице (как 001 §03)"),
    ("choice: shown cards may be played (as 001)",
     "выбор: показанными картами можно ходить (как 001)"),
    ("choice: the deal ends when the stock is gone", "выбор: сдача кончается с колодой"),
    ("choice: the dealer's opponent leads first", "выбор: первым ходит противник сдающего"),
    ("choice: 004 does not say how the game ends", "выбор: 004 не говорит, как кончается партия"),
    ("a joker is never turned for trumps", "инфузорку козырем не открывают"),
    ("; to the bottom: choice", "; под низ колоды: выбор"),
    ("a joker in several combinations", "инфузорка в нескольких комбинациях"),
    ("who deals first: choice", "кто сдаёт первым: выбор"),
    ("packets of six: choice", "по шесть карт: выбор"),
    ("the 37th card; the 55th for three", "37-я карта; втроём 55-я"),
    ("the 55th card", "55-я карта"),
    ("the 37th card", "37-я карта"),
    ("eighteen each", "по восемнадцать"),
    ("added to the four already shown", "к уже показанным четырём"),
    ("the fifth queen joins the four shown", "пятая дама к показанным четырём"),
    ("each declaration separately", "каждое объявление отдельно"),
    ("first, second, third...", "первый, второй, третий…"),
    ("choice (as 001 §03)", "выбор (как 001 §03)"),
    ("choice", "выбор"),
    # four-handed Fildinski (000 'для четверых')
    ("2000 with four packs, 3000 with five", "2000 четырьмя колодами, 3000 пятью"),
    ("by agreement", "по договорённости"),
    ("an option", "по желанию"),
    ("game 2000", "партия до 2000"),
    ("game 3000", "партия до 3000"),
    # whole clauses first
    ("the trainer: an illegal move is refused and named",
     "тренажёр: недопустимый ход отклоняется с названием правила"),
    ("not in 004: with three players the 128 cards do not share out, so the two that "
     "cannot go round are set aside (option players=3)",
     "в 004 этого нет: втроём 128 карт поровну не делятся, и две лишние откладывают"),
    ("silent: played 'as in Bezique'", "не говорит прямо: «как в безике»"),
    ("engine reading: a combination and a higher one containing it, completed by one "
     "capture, score the higher only",
     "прочтение тренажёра: если одна взятая карта дополняет комбинацию и старшую, "
     "содержащую её, записывается только старшая"),
    ("the exchanged seven scores nothing again", "обменянная семёрка больше не считается"),
    ("a held one, option fildinski_seven", "семёрка на руках — другое прочтение"),
    ("a captured seven", "взятая семёрка"),
    ("eight cards each", "по восемь карт"),
    ("the 25th card", "25-я карта"),
    ("the player on the dealer's left", "игрок слева от сдающего"),
    ("as in the game for two: the dealer's left", "как вдвоём: слева от сдающего"),
    ("the rest as in the game for two", "остальное как вдвоём"),
    ("three packs as for three", "три колоды, как втроём"),
    ("no turn-up: every card is drawn from the stock",
     "без открытого козыря: все карты добираются из колоды"),
    ("004 is silent", "в 004 об этом нет"),
    ("each declares the melds of his own game", "каждый объявляет комбинации своей игры"),
    ("each for himself as", "каждый за себя, как в"),
    ("partners as", "парами, как в"),
    ("the move stands as far as the rules allow and is fined",
     "ход остаётся в силе, насколько позволяют правила, и штрафуется"),
    ("not in its meld table", "в его таблице комбинаций этого нет"),
    ("brisques instead", "вместо этого бриски"),
    ("main copies", "основные тексты"),
    ("three packs; four players with five packs", "три колоды; вчетвером пять колод"),
    ("three packs", "три колоды"),
    ("the club may leave the rule out", "клуб может это правило не принимать"),
    ("one card at a time, the dealer first", "по одной карте, сдающий первым"),
    ("six, then one and one, the dealer first", "шесть, потом по одной, сдающий первым"),
    ("three, three, then two", "по три, по три, потом две"),
    ("three, two, three", "по три, по две, по три"),
    ("two, three, two (the eighth card singly)", "по две, по три, по две (восьмая отдельно)"),
    ("10 to the dealer, 5 off the opponent", "10 сдающему, 5 с противника"),
    ("20 to the dealer, 20 off him when the suit is clubs",
     "20 сдающему, а при трефах 20 с него"),
    ("black ace 20, red ace 12", "чёрный туз 20, красный 12"),
    ("first stage: a trick with an ace", "первый этап: взятка с тузом"),
    ("the play-off: a trick with an ace or a ten", "игра «на выход»: взятка с тузом или десяткой"),
    ("by other rules after four tricks", "по другим правилам после четырёх взяток"),
    ("by some rules at once", "по одним правилам сразу"),
    ("the player who led the trick", "тот, кто ходил"),
    ("the second seven of trumps winning a trick", "вторая козырная семёрка берёт взятку"),
    ("the second seven", "вторая семёрка"),
    ("exchanging the seven of trumps", "обмен козырной семёрки"),
    ("the last eight tricks: a trick with an ace or a ten",
     "игра «на выход»: взятка с тузом или десяткой"),
    ("the last eight tricks ('на выход')", "игра «на выход»"),
    ("the last trick ('на выход')", "последняя взятка игры «на выход»"),
    ("the last eight tricks", "игра «на выход»"),
    ("the play-off ('на выход')", "игра «на выход»"),
    ("play-off ('на выход')", "игра «на выход»"),
    ("the play-off's last trick", "последняя взятка игры «на выход»"),
    ("the play-off", "игра «на выход»"),
    ("play-off", "игра «на выход»"),
    ("tricks with an ace or a ten", "взятки с тузом или десяткой"),
    ("points for each trick", "очки за каждую взятку"),
    ("one declaration at a time", "по одному объявлению"),
    ("the optional rule on the deal", "дополнительное правило о сдаче"),
    ("the game to 1000", "партия до 1000"),
    ("both over 1000", "оба за 1000"),
    ("how a trick is won", "кто берёт взятку"),
    ("the first stage", "первый этап"),
    ("the first lead", "первый ход"),
    ("the deal", "сдача"),
    ("carte blanche", "карт-бланш"),
    ("fines", "штрафы"),
    ("card-point section", "раздел о стоимости карт"),
    ("two-handed rules", "правила для двоих"),
    ("opening section", "вступление"),
    ("dictionary entries", "словарные статьи"),
    ("three-handed", "безик втроём"),
    ("table note", "примечание к таблице"),
    ("cards", "о картах"),
    ("strategy", "советы"),
    ("advice", "советы"),
    ("item", "пункт"),
    ("fine", "штраф"),
    ("profile", "правила варианта"),
    ("played 'as in Bezique'", "играют «как в безике»"),
    (" or ", " или "),
)

# The sources' Russian section headings (and the few words quoted as a place in a
# text) -> their English names, for English pages.
SECTIONS_EN: dict[str, str] = {
    "БЕЗИК": "Bezique",
    "Безик (карточная игра)": "Bezique (card game)",
    "Безик вдвоем": "Two-handed Bezique",
    "Безик втроем": "Three-handed Bezique",
    "Безик вчетвером": "Four-handed Bezique",
    "Безик с восемью колодами": "Eight-pack Bezique",
    "Безик-рубикон": "Rubicon Bezique",
    "Бескозырный безик": "No-trump Bezique",
    "Игра на 18 карт с инфузорками": "The 18-card game with jokers",
    "Китайский Безик": "Chinese Bezique",
    "Количество колод: 2": "Number of packs: 2",
    "Очки за комбинации карт": "Points for combinations",
    "Разновидности игры": "Kinds of the game",
    "Розыгрыш": "The play",
    "Рубикон": "Rubicon",
    "Советы игрокам": "Advice to players",
    "Стратегия игры": "Strategy",
    "Филдински": "Fildinski",
    "БЕЗИК ВТРОЕМ": "THREE-HANDED BEZIQUE",
    "БЕЗИК ВЧЕТВЕРОМ": "FOUR-HANDED BEZIQUE",
    "БЕСКОЗЫРНЫЙ БЕЗИК": "NO-TRUMP BEZIQUE",
    "БЕЗИК-РУБИКОН": "RUBICON BEZIQUE",
    "Бескозырный Безик": "No-trump Bezique",
    "Раздача и очередность в Безике": "Dealing and the turn in Bezique",
    "Подсчет очков в карточной игре Безик": "Scoring in the card game Bezique",
    "Особенности правил карточной игры Безик": "Particular rules of the card game Bezique",
    "Штрафы": "Penalties",
    "Штрафы в безике": "Penalties in Bezique",
    "Объявления": "Declarations",
    "безик-рубикон для четверых": "four-handed Rubicon bezique",
    "бриски": "brisques",
    "в три колоды": "with three packs",
    "варианты": "variants",
    "для четверых": "for four",
    "заявления": "declarations",
    "игроки": "players",
    "карты": "cards",
    "карт-бланш": "carte blanche",
    "козыри": "trumps",
    "на выход": "play-off",
    "после взятия четырех взяток": "after four tricks have been taken",
    "разыгрывание": "the play",
    "сдача": "the deal",
    "стоимость карт": "card values",
    "счет": "scoring",
    "эндшпиль": "end-game",
}
# English: a heading that repeats the English words before it
PHRASES_EN: tuple[tuple[str, str], ...] = (
    # an option's id is no word for a reader
    ("a held one, option fildinski_seven", "a held one, by another reading"),
    ("the last trick ('на выход')", "the play-off's last trick"),
    ("the last eight tricks ('на выход')", "the last eight tricks (the play-off)"),
    ("play-off ('на выход')", "play-off"),
)
# a heading may be wrapped over two lines in a lesson's text
_SECTION_EN = re.compile("'(" + "|".join(
    r"\s+".join(re.escape(word) for word in name.split())
    for name in sorted(SECTIONS_EN, key=len, reverse=True)) + ")'")

# Where each source's sections begin, by line, and the place a reader is shown for a
# line from there on: the source's own heading in quotes, or, where a part of 004 has
# none, the words the lessons name it by (the sources page lists both forms). 001 is
# cited by its numbered parts, 002 has no headings and is cited whole.
SECTION_STARTS: dict[str, tuple[tuple[int, str], ...]] = {
    "000": ((1, "'Филдински'"), (3, "'игроки'"), (4, "'карты'"), (5, "'сдача'"),
            (6, "'разыгрывание'"), (7, "'заявления'"), (9, "'эндшпиль'"), (10, "'счет'"),
            (11, "'варианты'"), (13, "'в три колоды'"), (14, "'для четверых'")),
    "001": ((3, "§01"), (9, "§02"), (17, "§03"), (27, "§04"), (35, "§05"), (43, "§06")),
    "002": ((1, "'Безик вдвоем'"),),
    "003": ((1, "'Безик-рубикон'"), (7, "'игроки'"), (9, "'карты'"), (11, "'сдача'"),
            (13, "'карт-бланш'"), (15, "'козыри'"), (17, "'разыгрывание'"),
            (19, "'заявления'"), (29, "'эндшпиль'"), (31, "'бриски'"), (33, "'счет'"),
            (37, "table note"), (41, "'варианты'"), (43, "'безик-рубикон для четверых'")),
    "004": ((1, "'Игра на 18 карт с инфузорками'"), (11, "'Раздача и очередность в Безике'"),
            (31, "'Подсчет очков в карточной игре Безик'"),
            (61, "'Особенности правил карточной игры Безик'"),
            (69, "'Безик (карточная игра)'"), (99, "'Штрафы в безике'"),
            (118, "'Разновидности игры'"),
            (136, "'Безик (карточная игра)'"), (150, "dictionary entries"),
            (170, "two-handed rules"), (176, "two-handed rules, 'Объявления'"),
            (194, "two-handed rules, 'Розыгрыш'"), (214, "two-handed rules, 'Советы игрокам'"),
            (222, "two-handed rules, 'Безик втроем'"),
            (228, "two-handed rules, 'Безик вчетвером'"),
            (232, "two-handed rules, 'Бескозырный безик'"), (240, "'БЕЗИК'"),
            (253, "'БЕЗИК', 'Объявления'"), (265, "'БЕЗИК', 'Розыгрыш'"),
            (275, "'БЕЗИК', 'Штрафы'"), (284, "'БЕЗИК', 'Советы игрокам'"), (294, "'БЕЗИК ВТРОЕМ'"),
            (301, "'БЕЗИК ВЧЕТВЕРОМ'"), (308, "'БЕСКОЗЫРНЫЙ БЕЗИК'"),
            (319, "card-point section"), (326, "'Стратегия игры'"),
            (336, "'Очки за комбинации карт'"), (352, "card-point section, 'Штрафы'"),
            (361, "card-point section, 'Безик втроем'"),
            (365, "card-point section, 'Безик вчетвером'"),
            (369, "card-point section, 'Бескозырный Безик'"), (373, "'Рубикон'"),
            (384, "'Китайский Безик'"), (388, "'Безик с восемью колодами'")),
}


def section_of(source: str, line: int) -> str:
    """The place a reader is shown for ``line`` of ``source`` (``"004"``, 59 →
    ``"'Подсчет очков в карточной игре Безик'"``)."""
    starts = SECTION_STARTS[source]     # a title line above the first part: the first part
    return next((place for first, place in reversed(starts) if first <= line), starts[0][1])


def sections_of(source: str, first: int, last: int) -> list[str]:
    """The places that lines ``first``..``last`` of ``source`` span, in order."""
    found = [section_of(source, first)]
    for start, place in SECTION_STARTS[source]:
        if first < start <= last and place not in found:
            found.append(place)
    return found


_LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z\-']+")
_CYRILLIC_WORD = re.compile(r"[А-Яа-яЁё][А-Яа-яЁё\-]*")
_SOURCE = re.compile(r"\b(00[0-4])\b")
_NO_COMMA = re.compile(r"\b(00[0-4]) '")
_LINE_REF = re.compile(r"(?:,\s*|\s+)?\bl\.\s?(\d+)(?:[-–](\d+))?")


def by_section(text: str) -> str:
    """``text`` with each line reference ("004 l.35, l.45", "003, 'счет', l.35") turned
    into the section the line sits in ("004, 'Подсчет очков в карточной игре Безик'"),
    a section the text already names left out."""
    if not _LINE_REF.search(text):
        return text
    sources = list(_SOURCE.finditer(text))
    out = [text[:sources[0].start()] if sources else text]
    for i, source in enumerate(sources):
        end = sources[i + 1].start() if i + 1 < len(sources) else len(text)
        out.append(_segment_by_section(source.group(1), text[source.start():end]))
    return "".join(out)


def _segment_by_section(source: str, segment: str) -> str:
    """One source's stretch of a citation, its line references made sections."""
    refs = list(_LINE_REF.finditer(segment))
    if not refs:
        return segment
    bare = _LINE_REF.sub("", segment)
    places: list[str] = []
    for ref in refs:
        first = int(ref.group(1))
        for place in sections_of(source, first, int(ref.group(2) or first)):
            if place not in places and place not in bare:
                places.append(place)
    sep = " " if source == "001" else ", "
    shown = sep + "; ".join(places) if places else ""
    head = segment[:refs[0].start()]
    return head + shown + _LINE_REF.sub("", segment[refs[0].start():])


def citation_text(citation: str, lang: str = "en") -> str:
    """``citation`` (or a text citing) as the reader's language writes it: lines named
    by their sections (:func:`by_section`); in English the sources' quoted headings by
    their English names (``"003, 'козыри'"`` → ``"003, 'trumps'"``), in Russian the
    English phrases replaced (``"004, two-handed rules, item 8"`` →
    ``"004, правила для двоих, пункт 8"``)."""
    # one form: "000, 'заявления'", never "000 'заявления'" (the sources page's form)
    citation = _NO_COMMA.sub(r"\1, '", by_section(citation))
    if lang != "ru":
        for ru_heading, en in PHRASES_EN:
            citation = citation.replace(ru_heading, en)
        return _SECTION_EN.sub(lambda m: "'" + SECTIONS_EN[" ".join(m.group(1).split())] + "'",
                               citation)
    if not _LATIN_WORD.search(citation):
        return citation
    out = citation
    for en, ru in PHRASES_RU:
        if en in out:
            out = out.replace(en, ru)
    return out


def cyrillic_words(text: str) -> list[str]:
    """The Cyrillic words of a text (an English citation should have none)."""
    return _CYRILLIC_WORD.findall(text)


def latin_words(text: str) -> list[str]:
    """The Latin-letter words of a text (a Russian text should have none)."""
    return _LATIN_WORD.findall(text)
