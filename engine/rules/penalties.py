"""Table-rules mode: an infraction is carried out as far as the rules allow and
fined, as at a real table (002; 004 'Штрафы'), instead of being refused.

Read only when the profile's ``infractions`` is ``"penalise"``; the fines are the
profile's ``penalties`` table (0: the source names no fine, so the move is refused).

* declaring before winning a trick: nothing is declared; fined (004: 10);
* not following in the last eight cards: the card is played; fined (004: 20);
* leading before drawing: both draw, then the card is led; fined (004: 30);
* drawing an extra card: the card goes back; fined (002: 50; 004: 50 or 60);
* declaring a combination one does not hold: nothing is declared and the
  offender loses all points scored so far in the game (002; 004).
"""

from __future__ import annotations

from engine.notation.actions import Action, ActionType
from engine.notation.cards import Card
from engine.rules.hooks import DealOps
from engine.rules.melds import all_verdicts, pattern_error, pretty
from engine.rules.tricks import playoff_obligation, trick_best
from engine.text.explain import step

DECLARE, LEAD, FOLLOW = "declare", "lead", "follow"


def commit(deal: DealOps, action: Action) -> bool:
    """Carry out a fined infraction (the deal's hook for an illegal action, see
    :mod:`engine.rules.hooks`); False when the move is no fined infraction, which
    the deal then refuses. The deal records the action."""
    fines = deal.profile.penalties
    player, phase, kind = deal.to_move, deal.phase, action.type
    if phase not in (LEAD, FOLLOW, DECLARE):
        return False
    if kind is ActionType.DECLARE and deal.profile.has_meld(action.meld):
        held = all(c in deal.meld_pool(player) for c in action.cards)
        spec = deal.profile.meld(action.meld)
        real = held and not pattern_error(deal.profile, spec, deal.trump, action.cards)
        if not real and fines.false_declaration_all:
            _false_declaration(deal, action)
            return True
        if real and phase != DECLARE and not deal.in_playoff and fines.declare_before_win:
            _fine(deal, "penalty.declare_before_win", fines.declare_before_win,
                  "fine_declare_before_win", meld=action.meld, cards=pretty(action.cards))
            return True
        return False
    if kind is ActionType.PLAY and action.card in deal.holding(player):
        if phase == DECLARE and fines.play_before_draw and deal.stock_count:
            _fine(deal, "penalty.play_before_draw", fines.play_before_draw,
                  "fine_play_before_draw", card=_p(action.card))
            deal.draw()
            deal.play_card(action.card)
            return True
        if phase == FOLLOW and deal.in_playoff and fines.not_following:
            _fine(deal, "penalty.not_following", fines.not_following,
                  _BROKEN_DUTY.get(_duty(deal), "fine_not_following"), card=_p(action.card))
            deal.play_card(action.card)
            return True
        return False
    if kind is ActionType.DRAW and phase in (LEAD, FOLLOW) and deal.stock_count \
            and fines.extra_card:
        _fine(deal, "penalty.extra_card", fines.extra_card, "fine_extra_card")
        return True
    return False


# Which duty of the last eight cards the card broke: each says it in its own words (a
# trump played instead of the suit led is no "neither suit nor trump").
_BROKEN_DUTY = {"playoff.follow_suit": "fine_not_following",
                "playoff.must_win": "fine_not_winning",
                "playoff.must_trump": "fine_not_trumping"}


def _duty(deal: DealOps) -> str:
    """The play-off rule that binds the player to move on the current trick."""
    trick = deal.trick
    best = trick[trick_best(trick, deal.trump)]
    return playoff_obligation(sorted(deal.holding(deal.to_move)), trick[0], deal.trump,
                              deal.profile.playoff, best)


def _fine(deal: DealOps, rule_id: str, points: int, key: str, **params: object) -> None:
    player = deal.to_move
    deal.score_points(player, rule_id, -points, [step(rule_id, key, points=points, **params)],
                      "penalty")


def _false_declaration(deal: DealOps, action: Action) -> None:
    player = deal.to_move
    total = deal.prior_totals[player] + deal.scores[player]
    lost = max(total, 0)
    rule = "penalty.false_declaration"
    deal.score_points(player, rule, -lost, [step(rule, "fine_false_declaration", meld=action.meld,
                                                 cards=pretty(action.cards), points=lost)],
                      "penalty")


def attempts(deal: DealOps) -> list[tuple[str, Action]]:
    """Infractions the player to move could commit now and be fined for (for
    random play, lessons and tests): (name of the ``penalties`` field, action),
    at most one of each kind."""
    if deal.profile.infractions != "penalise" or deal.is_over:
        return []
    fines = deal.profile.penalties
    player, phase = deal.to_move, deal.phase
    holding = sorted(deal.holding(player))
    legal = set(deal.legal_actions())
    found: list[tuple[str, Action]] = []
    if phase in (LEAD, FOLLOW) and deal.stock_count and fines.extra_card:
        found.append(("extra_card", Action(ActionType.DRAW)))
    if phase in (LEAD, FOLLOW) and not deal.in_playoff and fines.declare_before_win:
        for verdict in all_verdicts(deal.profile, deal.trump, set(holding),
                                    deal.history[player], frozenset(deal.played),
                                    explain=False):
            if verdict.legal:
                found.append(("declare_before_win",
                              Action.declare(verdict.spec.kind, verdict.cards)))
                break
    if phase == DECLARE and deal.stock_count and fines.play_before_draw and holding:
        found.append(("play_before_draw", Action.play(holding[0])))
    if phase == DECLARE and fines.false_declaration_all and len(holding) >= 2:
        spec = deal.profile.melds[0]
        cards = tuple(holding[:2])
        if pattern_error(deal.profile, spec, deal.trump, cards):
            found.append(("false_declaration_all", Action.declare(spec.kind, cards)))
    if phase == FOLLOW and deal.in_playoff and fines.not_following:
        found += [("not_following", Action.play(c)) for c in holding
                  if Action.play(c) not in legal][:1]
    return [(name, a) for name, a in found if a not in legal]


def _p(card: int) -> str:
    return Card.from_id(card).pretty
