"""Citations in the reader's language.

Profiles, options, lessons and the disagreements table cite the sources in one
short form, ``"004, two-handed rules, item 8"``, ``"003, 'козыри'"``. A Russian
sentence must not carry English words, so :func:`citation_text` rewrites the
English parts of a citation for Russian text; there the quoted section names
(``'Рубикон'``) are the sources' own Russian and stay as they are. An English
page names those sections in English (:data:`SECTIONS_EN`): ``"003, 'trumps'"``.
The tables are data: a new citation with a new English phrase or a new Russian
section fails ``tests/test_citations.py`` until its translation is added here.
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
    ("004 l.59 speaks of 'the' joker in a marriage or quint (our reading: one)",
     "004 (строка 59) говорит об одной инфузорке в марьяже или квинте (наше прочтение: одна)"),
    ("004 l.7-67 say nothing of a target: one deal, the higher score wins (our choice)",
     "004 (строки 7–67) о пределе партии молчит: одна сдача, побеждает больший счёт (наш выбор)"),
    ("the joker 'answers for any card'; nothing forbids both",
     "инфузорка «отвечает за любую карту»; обе сразу ничто не запрещает"),
    ("eight or ten packs; which for how many players is not said",
     "восемь или десять колод; сколько на сколько игроков, не сказано"),
    ("the target of 004's two-handed game, borrowed", "предел партии для двоих из 004"),
    ("choice: 004 l.59 gives a joker no value by itself, so it covers nothing",
     "выбор: по 004 (строка 59) сама по себе инфузорка ничего не стоит и ничего не кроет"),
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
    "Штрафы": "Penalties",
    "безик-рубикон для четверых": "four-handed Rubicon bezique",
    "бриски": "brisques",
    "в три колоды": "with three packs",
    "варианты": "variants",
    "для четверых": "for four",
    "заявления": "declarations",
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

_LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z\-']+")
_CYRILLIC_WORD = re.compile(r"[А-Яа-яЁё][А-Яа-яЁё\-]*")
_LINES = re.compile(r",?\s*\bl\.\s?\d+(?:,\s*l\.\s?\d+)*")


def citation_text(citation: str, lang: str = "en") -> str:
    """``citation`` (or a text citing) as the reader's language writes it: in English
    the sources' quoted headings by their English names (``"003, 'козыри'"`` →
    ``"003, 'trumps'"``), in Russian the English phrases replaced
    (``"004, two-handed rules, item 8"`` → ``"004, правила для двоих, пункт 8"``)."""
    if lang != "ru":
        for ru_heading, en in PHRASES_EN:
            citation = citation.replace(ru_heading, en)
        return _SECTION_EN.sub(lambda m: "'" + SECTIONS_EN[" ".join(m.group(1).split())] + "'",
                               citation)
    if not (_LATIN_WORD.search(citation) or _LINES.search(citation)):
        return citation
    out = citation
    for en, ru in PHRASES_RU:
        if en in out:
            out = out.replace(en, ru)
    # 004's joker section is cited by line, as the Russian lessons write it:
    # "004 l.35, l.45" reads "004, строки 35, 45" (a line, not a page: not "стр.")
    return _LINES.sub(_lines_ru, out)


def _lines_ru(match: re.Match[str]) -> str:
    numbers = re.findall(r"\d+", match.group(0))
    return f", {'строка' if len(numbers) == 1 else 'строки'} {', '.join(numbers)}"


def cyrillic_words(text: str) -> list[str]:
    """The Cyrillic words of a text (an English citation should have none)."""
    return _CYRILLIC_WORD.findall(text)


def latin_words(text: str) -> list[str]:
    """The Latin-letter words of a text (a Russian text should have none)."""
    return _LATIN_WORD.findall(text)
