"""An action as a person reads it, in English or Russian, for the command line's
reviews (the app words its buttons in its own catalogue, ``[action]``).

    >>> from engine.notation.actions import Action
    >>> action_words(Action.play(4), "ru")
    'сыграть Д♠'
    >>> action_words(Action.parse("declare bezique QS#1 JD#1"))
    'declare the bezique (Q♠ J♦)'
    >>> action_words(Action.parse("declare four_queens QS#1 QH#1 QD#1 QC#1"), "ru")
    'объявить четырёх дам (Д♠ Д♥ Д♦ Д♣)'
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.notation.actions import Action, ActionType
from engine.notation.cards import card_text, play_among
from engine.rules.melds import display_order
from engine.text.explain import meld_accusative, meld_name

WORDS: dict[ActionType, tuple[str, str]] = {
    ActionType.PLAY: ("play {cards}", "сыграть {cards}"),
    ActionType.DRAW: ("draw", "взять карту"),
    ActionType.SHOW_SEVEN: ("show the seven of trumps {cards}",
                            "показать козырную семёрку {cards}"),
    ActionType.EXCHANGE_SEVEN: ("exchange {cards} for the turn-up",
                                "обменять {cards} на открытый козырь"),
    ActionType.DECLARE: ("declare the {meld} ({cards})", "объявить {meld} ({cards})"),
    ActionType.ANNOUNCE: ("expose the {meld} to score later ({cards})",
                          "выложить {meld}, чтобы записать позже ({cards})"),
    ActionType.SCORE_PENDING: ("score the waiting {meld} ({cards})",
                               "записать ожидавшую комбинацию «{meld}» ({cards})"),
    ActionType.CARTE_BLANCHE: ("claim carte blanche", "объявить карт-бланш"),
    ActionType.PARTNER: ("let your partner declare instead", "уступить объявление партнёру"),
}


def action_words(action: Action, lang: str = "en", among: Iterable[int] = (),
                 exposed: Iterable[int] | None = None) -> str:
    """``action`` in ``lang``; ``among``: the player's cards, which decide where a copy
    mark matters (:func:`engine.notation.cards.card_text`). Given which of them are
    ``exposed``, a card played is marked only where its twin differs from it
    (:func:`engine.notation.cards.play_among`): "play 9♣", not "play 9♣#1"."""
    seen = {*among, *action.cards}
    if exposed is not None and action.type is ActionType.PLAY and action.cards:
        seen = set(play_among(action.cards[0], set(among) - set(exposed), exposed))
    cards = " ".join(card_text(c, lang, among=seen)
                     for c in sorted(action.cards, key=display_order))
    template = WORDS[action.type][1 if lang == "ru" else 0]
    # «записать ожидавшую комбинацию «…»» names the meld inside its own quotes
    meld = (meld_name(action.meld or "", lang) if action.type is ActionType.SCORE_PENDING
            else meld_accusative(action.meld or "", lang))
    return template.format(cards=cards, meld=meld)


__all__ = ["WORDS", "action_words"]
