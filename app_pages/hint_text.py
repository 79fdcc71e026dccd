"""A hint as the Play page shows it: the move first, then at most
:data:`~engine.bots.reasons.MOST_REASONS` reasons, in the reader's language. Pure
Python, so the page and the tests render hints alike.

    >>> import random
    >>> from engine.bots.coach import simple_hint
    >>> from engine.rules.deal import Deal
    >>> from engine.rules.profile import load_profile
    >>> deal = Deal.new(load_profile("two-handed"), random.Random(1), dealer=0)
    >>> move, reasons = hint_lines(simple_hint(deal), deal.profile, "en")
    >>> move.startswith("play "), len(reasons)
    (True, 1)
"""

from __future__ import annotations

from collections.abc import Iterable

from app_pages.i18n import CardsText, translate
from engine.bots.coach import Hint
from engine.bots.reasons import MOST_REASONS
from engine.notation.actions import Action, ActionType
from engine.notation.cards import card_text, copies_in_question, play_among
from engine.rules.profile import Profile
from engine.text.explain import meld_accusative, meld_name, verb_forms
from engine.text.sentences import capital_first


def action_words(action: Action, prof: Profile | None, lang: str,
                 among: Iterable[int] | None = None,
                 exposed: Iterable[int] | None = None) -> str:
    """An action in words; ``among``: the cards shown with it, which decide where a
    copy mark matters (:func:`engine.notation.cards.copies_in_question`); without
    it, none does. Given which of them are ``exposed``, a card played is marked only
    where its twin differs from it (:func:`engine.notation.cards.play_among`)."""
    if among is not None and exposed is not None and action.type.value == "play":
        shown = set(exposed)
        among = play_among(action.cards[0], set(among) - shown, shown)
    marked = copies_in_question(list(among)) if among is not None else frozenset()
    text = CardsText(" ".join(card_text(c, lang, copy=c in marked) for c in action.cards))
    kind = ActionType(action.type.value)   # by value: survives a reload of engine.notation.actions
    if kind is ActionType.PLAY:
        return translate(lang, "action.play", card=text)
    if kind is ActionType.DRAW:
        return translate(lang, "action.draw")
    if kind is ActionType.SHOW_SEVEN:
        return translate(lang, "action.show", card=text)
    if kind is ActionType.EXCHANGE_SEVEN:
        return translate(lang, "action.exchange", card=text)
    if kind is ActionType.CARTE_BLANCHE:
        return translate(lang, "action.blanche",
                         points=prof.declaring.carte_blanche if prof else 0)
    if kind is ActionType.PARTNER:
        return translate(lang, "action.partner")
    points = prof.meld(action.meld).points if prof and prof.has_meld(action.meld) else 0
    key = {ActionType.DECLARE: "action.declare", ActionType.ANNOUNCE: "action.announce",
           ActionType.SCORE_PENDING: "action.score_pending"}[kind]
    # the object of «объявить», «выложить»; the pending one is named in its own quotes
    meld = (meld_name(action.meld, lang) if kind is ActionType.SCORE_PENDING
            else meld_accusative(action.meld, lang))
    return translate(lang, key, meld=meld, cards=text, points=points)


def _named(params: dict[str, str], lang: str) -> dict[str, str]:
    """A plain hint's parameters for its message: the meld by name, with the verb that
    agrees with it ("the four aces are…")."""
    if "meld" in params:
        params["meld"] = meld_name(params["meld"], lang)
        params.update(verb_forms(params["meld"], lang))
    return params


def hint_lines(hint: Hint, prof: Profile, lang: str) -> tuple[str, list[str]]:
    """The hinted move (its cards marked only where two identical ones are in it) and
    its reasons: the engine's, or the plain hint's message keys."""
    move = action_words(hint.action, prof, lang, among=hint.action.cards)
    reasons = [translate(lang, key, **_named(dict(params), lang)) for key, params in hint.keys]
    # each reason a line of its own, with a capital: "Lead Q♠: …"
    return move, [capital_first(r) for r in [*reasons, *hint.reasons][:MOST_REASONS]]
