"""What each kind of event in a deal's log is called, in English and Russian: the
first column of ``bezique play`` (``trick``, «взятка»). The log's event types
(:class:`engine.rules.deal.Event`) are the keys; tests/test_cli_words.py checks
that every type a deal emits has its names here."""

from __future__ import annotations

EVENT_NAMES: dict[str, tuple[str, str]] = {
    "blanche_again": ("blanche again", "снова бланш"),
    "blanche_end": ("blanche over", "бланш окончен"),
    "brisques": ("brisques", "бриски"),
    "capture_brisques": ("brisques", "бриски"),
    "captured": ("captured", "взято"),
    "carte_blanche": ("carte blanche", "карт-бланш"),
    "cut": ("cut", "съём"),
    "deal": ("deal", "сдача"),
    "deal_bonus": ("deal bonus", "премия сдачи"),
    "deal_end": ("deal over", "конец сдачи"),
    "dealer": ("dealer", "сдающий"),
    "declare": ("declare", "объявление"),
    "dix": ("seven", "семёрка"),
    "draw": ("draw", "добор"),
    "exchange": ("exchange", "обмен"),
    "fine_false_declaration": ("fine", "штраф"),
    "game_end": ("game over", "конец партии"),
    "game_meld": ("game meld", "комбинация"),
    "joker_not_turned": ("no joker up", "не инфузорка"),
    "last_trick": ("last trick", "последняя"),
    "last_trick_split": ("last trick", "последняя"),
    "lay_out": ("laid out", "выложено"),
    "next_deal": ("next deal", "новая сдача"),
    "partner": ("partner", "партнёр"),
    "penalty": ("fine", "штраф"),
    "pending": ("waiting", "отложено"),
    "pending_lost": ("lost", "пропало"),
    "per_trick": ("trick points", "очки взятки"),
    "play": ("play", "ход"),
    "playoff_skipped": ("no play-off", "без «на выход»"),
    "set_aside": ("set aside", "отложены"),
    "split": ("split", "раздел"),
    "stock_end": ("stock out", "колода кончилась"),
    "stock_marker": ("marker", "метка"),
    "trick": ("trick", "взятка"),
    "trick_points": ("card points", "очки карт"),
    "turn_up": ("turn-up", "козырь"),
}


def event_name(kind: str, lang: str = "en") -> str:
    """The name of an event type in ``lang``; an unnamed type shows as it is."""
    names = EVENT_NAMES.get(kind)
    return kind if names is None else names[1 if lang == "ru" else 0]


def player_label(player: int | None, lang: str = "en") -> str:
    """A seat in the log: ``P2``, in Russian ``И2`` (игрок); ``-`` for none."""
    if player is None:
        return "-"
    return f"{'И' if lang == 'ru' else 'P'}{player + 1}"
