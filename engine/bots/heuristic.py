"""The rule-of-thumb bot: the advice of sources 002 and 004, as numbers.

Every card gets a *keep value*: what it is worth to hold it for later — its
points as a brisque, its strength as a trump, and its share in melds that are
complete or could still be completed ("придерживайте королей и дам", "стоит
придерживать составляющие безика", "козырного туза приберегите для мажорной
квинты"). The bot then

* leads the card it least wants to keep ("ходить с младших карт");
* follows by comparing winning and losing: a win brings the brisques of the
  trick and the right to declare what is waiting; a loss gives the opponent
  that right; either way the card played loses its keep value. So it takes
  brisques cheaply, wins with a low trump when a meld waits, does not throw
  its own brisques away, and near the end of the stock contests the tricks
  when the opponent shows a big meld in the making;
* always exchanges or shows a seven of trumps, declares the best meld (four
  aces at once; single bezique before the double, trump marriage before the
  sequence while much stock remains, the big meld at once when it is late);
* plays the play-off exactly with the solver when one is available, else
  greedily.

Its numbers are a :class:`HeuristicWeights`: :data:`CLUB` is the club bot, and
:data:`EXPERT` is the expert's own move before its search in the games the fast
simulator does not follow. The expert counts cards (a meld short of a card is
valued by the chance of drawing it from the copies not yet seen), weighs the
brisques a trick takes and gives more than their face, does not fear every lost
trick, reads Rubicon's re-forming rule (a meld that has lost a card to a trick may
be formed again with a new card, so its other cards are kept for that), reads a
trick of three or four cards whole and keeps trumps when a big last trick is near.
Paired self-play against :data:`CLUB` in the rules engine, rules of thumb only,
is in docs/coaching.md (``python scripts/tune_heuristic.py --check expert --variant NAME``).

Where combinations come from captured cards (000, ``declaring.source =
"captured"``) a hand holds no melds: a reply is weighed by what the trick would
score to whoever takes it (:func:`engine.rules.captures.score_capture`: brisques and
the combinations it completes with that player's laid-out cards), to the end
of the deal; the last few tricks are searched exactly
(:mod:`engine.rules.capture_playoff`).

:func:`advise` returns the choice with its reasons (rendered by :mod:`engine.bots.reasons`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from engine.bots.fastplay import MeldRule, rules_for
from engine.bots.policy import BIG_MELD, at_least
from engine.bots.reasons import Reason
from engine.notation.actions import Action, ActionType
from engine.notation.cards import JOKER_MIN_ID
from engine.rules.deal import DECLARE, FOLLOW
from engine.rules.melds import FREED, FRESH, card_states, ladder_refusal
from engine.rules.profile import Profile
from engine.rules.tricks import beats, is_brisque, is_trump_seven, rank_of, suit_of
from engine.rules.view import PlayerView

LATE_STOCK = 12           # stock cards left at which timing plays stop and contests start


@dataclass(frozen=True, slots=True)
class HeuristicWeights:
    """The rules of thumb's numbers. :data:`CLUB` is the club bot's play; the expert
    starts from :data:`EXPERT` (the lessons of :data:`engine.bots.policy.TUNED`, tuned
    by paired self-play in the rules engine: ``scripts/tune_heuristic.py``)."""

    threat: float = 15.0          # what losing a trick gives the opponent, at least
    late_threat: float = 1.5      # ... times this once the stock is low
    table_threat: float = 1.0     # weight of a big meld an opponent's exposed cards near
    brisque_keep: float = 10.0    # keep value of an ace or ten
    lead_brisque: float = 8.0     # reluctance to lead a plain ace or ten
    capture: float = 1.0          # weight of the brisques a winning card takes
    lose_own: float = 1.0         # weight of an own brisque given away in a lost trick
    draw_odds: float = 0.0        # > 0: count cards; weight of the chance to draw the rest
    decay: float = 0.35           # without counting: a meld's share per missing card
    reform: bool = False          # plan Rubicon's re-formed melds (a card played frees a meld)
    whole_trick: bool = False     # with three or four: every brisque of the trick, and the
                                  # partner's trick not fought over
    last_trick_keep: float = 0.0  # keep of a trump once the stock is low, per 100 points
                                  # of the last trick's bonus (a plain ace: half)
    max_missing: int = 2          # a meld still planned for when this many cards short
    card_values: bool = False     # a trick's cards at the profile's card values (004: A 11,
                                  # 10 10, K 4, Q 3, J 2), not 10 an ace or ten


CLUB = HeuristicWeights()
EXPERT = HeuristicWeights(threat=0.0, table_threat=0.0, brisque_keep=5.0, capture=1.5,
                          lose_own=2.0, draw_odds=0.5, reform=True, whole_trick=True,
                          last_trick_keep=20.0, card_values=True)
# Where melds come from captures (000) the club bot's numbers, the partner's trick read.
EXPERT_CAPTURES = HeuristicWeights(whole_trick=True)
# Six packs or more: a meld three cards short is still planned for (each card has six or
# more copies, and these games pay 400-9000 for sets of four or five alike).
EXPERT_MANY_PACKS = replace(EXPERT, max_missing=3)
MANY_PACKS = 6
# Complete melds only (what a won trick lets one declare at once).
COMPLETE = replace(CLUB, max_missing=0)


def expert_weights(profile: Profile) -> HeuristicWeights:
    """The expert's rule-of-thumb numbers for a game, read from its profile.

    Measured by paired self-play against :data:`CLUB` (docs/coaching.md, "What was
    tried"): planning melds three short gained 7-8 points in the eight-pack game and
    four-handed Rubicon, was even in the Chinese game, and lost 2-7 points in the
    18-card game (likely because a joker may stand in for a missing card, which the
    count of the copies left does not see); in the four- and two-pack games it moved
    a point either way."""
    if profile.declaring.source == "captured":
        return EXPERT_CAPTURES
    if profile.packs >= MANY_PACKS and not profile.jokers:
        return EXPERT_MANY_PACKS
    return EXPERT


@dataclass(frozen=True, slots=True)
class Advice:
    action: Action
    reasons: tuple[Reason, ...]
    # The stock phase's scores of every play (rule_scores) when the choice was made by
    # them; None in the play-off, for declarations and exact capture searches.
    scores: dict[int, float] | None = field(default=None, compare=False)


# --- card values ----------------------------------------------------------------------


def _blocked(view: PlayerView, rule: MeldRule, card: int, w: HeuristicWeights = CLUB) -> bool:
    """True when ``card`` may not be scored again in ``rule``: an earlier meld of its
    class at its level or higher holds it (001's reuse rule); with ``w.reform``, in
    Rubicon's profiles, not once that meld has lost a card to a trick (freed)."""
    profile = view.profile
    state = card_states(profile, profile.melds[rule.index], (card,), view.history[view.seat],
                        view.played)[0].state
    if state == FRESH:
        return False
    return not (state == FREED and w.reform and profile.declaring.reuse == "reform_after_play")


@dataclass(frozen=True, slots=True)
class MeldPlan:
    rule: MeldRule
    cards: tuple[int, ...]       # own cards counted towards it
    missing: int                 # cards still to draw
    chance: float                # rough chance of declaring it


def meld_plans(view: PlayerView, holding: frozenset[int],
               w: HeuristicWeights = CLUB) -> list[MeldPlan]:
    """Melds ``holding`` could still score: complete ones and ones short of up to
    ``w.max_missing`` cards that may still be drawn from the stock (with ``w.draw_odds``,
    the chance of drawing them from the copies not yet seen)."""
    rules = rules_for(view.profile, view.trump)
    unknown = view.unknown if view.stock_count else frozenset()
    hidden = view.hidden_stock
    counting = w.draw_odds > 0
    # The share of the unseen cards this player still draws.
    rate = min(1.0, (view.stock_count + view.players - 1) // view.players / max(1, len(unknown)))
    plans: list[MeldPlan] = []
    for rule in rules.melds:
        cards: list[int] = []
        missing = 0
        possible = True
        counted = 1.0
        for bits, count in rule.groups:
            have = sorted(c for c in holding if bits >> (c % 32) & 1
                          and not _blocked(view, rule, c, w))
            cards.extend(have[:count])
            lack = max(0, count - len(have))
            if missing + lack > w.max_missing:
                possible = False
                break
            if lack:
                drawable = sum(1 for c in unknown if bits >> (c % 32) & 1)
                if turn_up_helps(view, bits):
                    drawable += 1
                if drawable < lack:
                    possible = False
                    break
                missing += lack
                if counting:
                    counted *= at_least(lack, drawable, rate)
        if not possible or not cards:
            continue
        if missing == 0:
            chance = 1.0
        elif counting:
            chance = counted * w.draw_odds
        else:
            chance = (w.decay ** missing) * min(1.0, hidden / 16)
        plans.append(MeldPlan(rule, tuple(cards), missing, chance))
    return plans


def turn_up_helps(view: PlayerView, bits: int) -> bool:
    """The turn-up can still be won by exchanging a seven of trumps for it."""
    return view.turn_up is not None and bool(bits >> (view.turn_up % 32) & 1)


def keep_values(view: PlayerView, holding: frozenset[int] | None = None,
                w: HeuristicWeights = CLUB) -> dict[int, float]:
    """How much each held card is worth keeping for later (points, roughly)."""
    hold = view.holding if holding is None else holding
    trump = view.trump
    late = view.stock_count == 0
    # Near the end of the stock, trumps (and plain aces) win the play-off's last trick.
    endgame = (w.last_trick_keep * view.profile.scoring.last_trick_bonus / 100
               if 0 < view.stock_count <= LATE_STOCK else 0.0)
    values: dict[int, float] = {}
    for card in hold:
        value = w.brisque_keep if is_brisque(card) else 0.0
        value += rank_of(card) * 0.5
        if trump is not None and suit_of(card) == trump:
            value += 6 + 2 * rank_of(card) + endgame
            if rank_of(card) == 0 and card not in view.dix_counted:
                value += 8 if view.turn_up is not None else 0
        elif rank_of(card) == 7:
            value += endgame / 2
        values[card] = value
    if not late and view.profile.declaring.source == "hand":
        for plan in meld_plans(view, hold, w):
            share = plan.rule.points * plan.chance
            for card in plan.cards:
                values[card] += share
    return values


# --- choices --------------------------------------------------------------------------


def _best_meld_after(view: PlayerView, holding: frozenset[int]) -> int:
    """Points of the best meld declarable from ``holding`` after winning a trick."""
    best = meld_after(view, holding)
    return best[1] if best else 0


def meld_after(view: PlayerView, holding: frozenset[int],
               in_reach: bool = False) -> tuple[str, int] | None:
    """The best meld (kind, points) declarable from ``holding`` after winning a trick;
    ``in_reach``: only a ladder's next rung (what a hint names), not its top."""
    if view.stock_count <= 0 or view.profile.declaring.source != "hand":
        return None
    found = [(plan.rule.kind, plan.rule.points) for plan in meld_plans(view, holding, COMPLETE)
             if not in_reach or _rung_in_reach(view, plan)]
    found += [(meld.kind, view.profile.meld(meld.kind).points) for meld in view.pending[view.seat]]
    return max(found, key=lambda kind_points: kind_points[1], default=None)


def opponent_threat(view: PlayerView, w: HeuristicWeights = CLUB) -> float:
    """Rough points the opponent may declare after winning a trick now."""
    if view.stock_count == 0:
        return 0.0
    threat = w.threat
    for opp in view.opponents:
        for meld in view.pending[opp]:
            threat = max(threat, float(view.profile.meld(meld.kind).points))
        if w.table_threat:
            threat = max(threat, w.table_threat * _table_threat(view, view.tables[opp]))
    if view.stock_count <= LATE_STOCK:
        threat *= w.late_threat
    return threat


def _table_threat(view: PlayerView, table: frozenset[int]) -> float:
    """Points of a big meld an opponent's exposed cards are close to."""
    threat = 0.0
    rules = rules_for(view.profile, view.trump)
    for rule in rules.melds:
        if rule.points < BIG_MELD:
            continue
        need = sum(count for _bits, count in rule.groups)
        shown = sum(min(count, sum(1 for c in table if bits >> (c % 32) & 1))
                    for bits, count in rule.groups)
        if shown >= need - 2 and shown >= 2:
            threat = max(threat, rule.points * (0.5 if shown == need - 1 else 0.25))
    return threat


def _to_beat(view: PlayerView) -> int:
    """The card of the current trick that a reply must beat (the lead in two-handed)."""
    best = view.trick[0]
    for card in view.trick[1:]:
        if beats(best, card, view.trump):
            best = card
    return best


def lead_scores(view: PlayerView, cards: list[int],
                w: HeuristicWeights = CLUB) -> dict[int, float]:
    """How good each lead is by the rules of thumb (higher is better)."""
    keep = keep_values(view, w=w)
    return {c: -(keep[c] + (w.lead_brisque if is_brisque(c) and suit_of(c) != view.trump
                            else 0.0))
            for c in cards}


def _lead(view: PlayerView, cards: list[int], w: HeuristicWeights) -> Advice:
    if view.profile.declaring.source == "captured":
        exact = _exact_captures(view)
        if exact is not None:
            return exact
    if view.stock_count == 0:
        return _playoff(view, cards)
    scores = lead_scores(view, cards, w)
    card = max(cards, key=lambda c: (scores[c], -rank_of(c), -c))
    reasons = [Reason("lead_low", card=card)]
    reasons.extend(_kept(view, card, w))
    return Advice(Action.play(card), tuple(reasons), scores)


def _rung_in_reach(view: PlayerView, plan: MeldPlan) -> bool:
    """Whether the plan's meld scores at its own value next: 004's ladders score a rung
    once a deal and only after the rung below, so a hint names the next rung, never the
    top ("four aces (10)", not "four aces (8th time) (80)")."""
    spec = view.profile.melds[plan.rule.index]
    if not (spec.after or spec.once):
        return True
    return ladder_refusal(spec, plan.cards, view.history[view.seat], explain=False) is None


def declarable_in_time(view: PlayerView, plan: MeldPlan, played: int | None = None) -> bool:
    """Whether ``plan``'s meld can still be completed and declared in this deal: a
    declaration follows a won trick while the stock lasts, and the seat draws one card
    after each trick, so a meld ``missing`` cards short needs that many tricks (draws)
    before the trick it is declared after. Counted from the current trick (``0``) to
    the last one of the stock; with the profile's ``declaring.after_tricks`` (004) no
    earlier than that trick; the current trick only when the seat can still win it
    (with ``played``, when given) or, where the winner may let his partner declare, has
    a partner; a turn-up the meld
    needs may come without a draw, by the exchange of a seven. An upper bound: the
    tricks must still be won. Where it fails a hint must not say "keep these for it"
    (four aces one card short with one trick of the stock left)."""
    profile = view.profile
    players = view.players
    tricks_left = -(-view.stock_count // players)   # the current trick included
    if profile.declaring.source != "hand" or tricks_left == 0:
        return False
    declared = view.phase == DECLARE   # the current trick is already counted
    first = profile.declaring.after_tricks - view.tricks_played - (0 if declared else 1)
    if view.phase == FOLLOW and not _may_win_current(view, played):
        first = max(first, 1)
    return max(first, plan.missing - _exchange_gives(view, plan), 0) < tricks_left


def _exchange_gives(view: PlayerView, plan: MeldPlan) -> int:
    """1 when the seat may take a turn-up the meld needs by exchanging the seven of
    trumps he holds (a card without a draw), else 0."""
    dix, turn_up, trump = view.profile.dix, view.turn_up, view.trump
    if not dix.on_exchange or dix.exchange_from != "hand" or turn_up is None \
            or is_trump_seven(turn_up, trump, dix.card_rank):
        return 0
    if not any(is_trump_seven(c, trump, dix.card_rank) for c in view.holding):
        return 0
    return int(any(turn_up_helps(view, bits) for bits, _count in plan.rule.groups))


def _may_win_current(view: PlayerView, played: int | None) -> bool:
    """Whether the trick being played may still go to the seat (``played``, else some
    card of his, beats it so far; the later hands may beat him yet), or to a partner
    who may let him declare."""
    if not view.trick or view.profile.declaring.partner_declares and view.partner is not None:
        return True
    best = _to_beat(view)
    cards = [a.card for a in view.legal if a.type is ActionType.PLAY] if played is None \
        else [played]
    return any(beats(best, card, view.trump) for card in cards)


def _kept(view: PlayerView, played: int, w: HeuristicWeights = CLUB) -> list[Reason]:
    """Reasons naming the melds the bot keeps cards for (a ladder's next rung only); none
    where combinations come from captures (000: nothing is declared from the hand)."""
    out: list[Reason] = []
    if view.profile.declaring.source != "hand":
        return out
    hold = view.holding - {played}
    plans = [p for p in meld_plans(view, hold, w)
             if _rung_in_reach(view, p) and declarable_in_time(view, p, played)]
    for plan in sorted(plans, key=lambda p: -p.rule.points * p.chance)[:2]:
        if plan.missing == 0:
            out.append(Reason("keep_complete", meld=plan.rule.kind, points=plan.rule.points,
                              cards=plan.cards))
        else:
            out.append(Reason("keep_for", meld=plan.rule.kind, points=plan.rule.points,
                              cards=plan.cards, missing=plan.missing))
    return out


def capture_value(view: PlayerView, player: int, card: int) -> int:
    """What the current trick, completed by ``card``, scores to ``player`` if he
    takes it (000: brisques and the combinations it completes at once). The rule of
    thumb leaves a seven of trumps aside, as the bots were tuned (counting it would
    change every expert game, and the puzzle banks drawn from them)."""
    from engine.rules.captures import score_capture

    laid = view.laid[player] if view.laid else frozenset()
    capture = score_capture(view.profile, view.trump, laid, [*view.trick, card],
                            view.history[player])
    return capture.total - capture.seven_points


def follow_scores(view: PlayerView, cards: list[int],
                  w: HeuristicWeights = CLUB) -> dict[int, float]:
    """How good each reply is by the rules of thumb (higher is better)."""
    lead = _to_beat(view)
    # With three or four (``w.whole_trick``): the partner's trick stays on our side.
    mate = w.whole_trick and _partner_wins(view)
    if view.profile.declaring.source == "captured":
        keep = keep_values(view, w=w)
        taker = _trick_holder(view) if w.whole_trick else view.leader
        sign = 1 if mate else -1
        return {c: (capture_value(view, view.seat, c) + 3 if beats(lead, c, view.trump)
                    else sign * capture_value(view, taker, c)) - keep[c] for c in cards}
    keep = keep_values(view, w=w)
    threat = 0.0 if mate else opponent_threat(view, w)
    worth = card_worth(view.profile) if w.card_values else _brisque_worth
    lead_points = (sum(worth(c) for c in view.trick) if w.whole_trick else worth(lead))
    scores: dict[int, float] = {}
    for card in cards:
        own_points = worth(card)
        value: float
        if beats(lead, card, view.trump):
            # Overtaking the partner takes nothing from the other side.
            taken = 0 if mate else w.capture * (lead_points + own_points)
            value = taken + _best_meld_after(view, view.holding - {card}) + 3
        elif mate:
            value = 0.0          # an own brisque given to the partner stays on the side
        else:
            value = -w.lose_own * own_points - threat
        scores[card] = value - keep[card]
    return scores


def _brisque_worth(card: int) -> int:
    return 10 if is_brisque(card) else 0


def card_worth(profile: Profile) -> Callable[[int], int]:
    """What a card brings whoever takes it in a trick: its card value where the profile
    counts card values (004's card-point game), else 10 for an ace or ten."""
    values = profile.card_points
    if not values.any:
        return _brisque_worth
    return lambda card: 0 if card >= JOKER_MIN_ID else values.of_rank(card % 8)


def rule_scores(view: PlayerView, w: HeuristicWeights = CLUB) -> dict[int, float]:
    """Every legal card's score by the rules of thumb, lead or reply (stock phase)."""
    cards = [a.card for a in view.legal if a.type is ActionType.PLAY]
    return lead_scores(view, cards, w) if not view.trick else follow_scores(view, cards, w)


def ranked_plays(scores: dict[int, float]) -> list[Action]:
    """The plays of :func:`rule_scores`, best first."""
    return [Action.play(c) for c in sorted(scores, key=lambda c: (-scores[c], c))]


def _follow(view: PlayerView, cards: list[int], w: HeuristicWeights) -> Advice:
    if view.profile.declaring.source == "captured":
        return _follow_captures(view, cards, w)
    if view.stock_count == 0:
        return _playoff(view, cards)
    lead = _to_beat(view)
    trump = view.trump
    threat = opponent_threat(view, w)
    lead_points = 10 if is_brisque(lead) else 0
    scores = follow_scores(view, cards, w)
    card = max(cards, key=lambda c: (scores[c], -c))
    reasons: list[Reason] = []
    if beats(lead, card, trump):
        meld = meld_after(view, view.holding - {card}, in_reach=True)
        if meld:
            reasons.append(Reason("win_to_declare", card=card, meld=meld[0], points=meld[1]))
        elif lead_points:
            reasons.append(Reason("take_brisque", card=card, lead=lead))
        else:
            reasons.append(Reason("win_cheaply", card=card))
        if threat > 30:
            reasons.append(Reason("deny_opponent"))
    else:
        reasons.append(Reason("discard_low", card=card))
        if is_brisque(lead):
            reasons.append(Reason("brisque_lost", lead=lead))
        if threat > 30:
            reasons.append(Reason("risk"))
    reasons.extend(_kept(view, card, w))
    return Advice(Action.play(card), tuple(reasons), scores)


def explain_play(view: PlayerView, card: int, instead: Action,
                 w: HeuristicWeights | None = None) -> list[Reason]:
    """A card player's reasons for playing ``card`` where the rules of thumb would
    play ``instead`` (a deeper look overruled them): what the card wins or lets go,
    what the other card is kept for, the melds still in the making (planned with ``w``,
    by default the expert's numbers for the game)."""
    other = instead.card if instead.type is ActionType.PLAY else None
    reasons: list[Reason] = []
    if not view.trick:
        reasons.append(Reason("lead_instead", card=card, kept=other) if other is not None
                       else Reason("lead_low", card=card))
    else:
        lead = _to_beat(view)
        if beats(lead, card, view.trump):
            meld = meld_after(view, view.holding - {card}, in_reach=True)
            if meld:
                reasons.append(Reason("win_to_declare", card=card, meld=meld[0],
                                      points=meld[1]))
            elif is_brisque(lead):
                reasons.append(Reason("take_brisque", card=card, lead=lead))
            else:
                reasons.append(Reason("win_lead" if view.stock_count else "win_lead_late",
                                      card=card))
            if opponent_threat(view) > 30:
                reasons.append(Reason("deny_opponent"))
        elif _partner_wins(view):
            reasons.append(Reason("partner_trick", card=card))
        elif other is not None and beats(lead, other, view.trump):
            reasons.append(Reason("let_go", card=card, kept=other))
        else:
            reasons.append(Reason("discard_low", card=card))
    reasons.extend(_kept(view, card, w or expert_weights(view.profile)))
    return reasons


def _trick_holder(view: PlayerView) -> int:
    """The seat the current trick goes to so far."""
    return (view.leader + view.trick.index(_to_beat(view))) % view.players


def _partner_wins(view: PlayerView) -> bool:
    """The trick so far goes to the seat's partner."""
    return view.partner is not None and _trick_holder(view) == view.partner


EXACT_CAPTURE_TRICKS = 5   # the capture play-off search is exact from this many tricks


def _exact_captures(view: PlayerView) -> Advice | None:
    """000: the last few tricks searched exactly, captures included (both hands known)."""
    from engine.rules.capture_playoff import solve

    if (view.stock_count or view.players != 2 or view.trump is None
            or len(view.hand) > EXACT_CAPTURE_TRICKS or not view.laid):
        return None
    seat, opp = view.seat, view.opponent
    hands: list[frozenset[int]] = [frozenset(), frozenset()]
    hands[seat], hands[opp] = view.hand, view.known[opp]
    solution = solve(view.profile, view.trump, (hands[0], hands[1]), view.leader, view.trick,
                     (view.laid[0], view.laid[1]), (view.history[0], view.history[1]),
                     view.dix_counted)
    card = min(solution.best)
    key = ("playoff_captures_ahead" if solution.value > 0 else "playoff_captures_behind"
           if solution.value < 0 else "playoff_captures_even")
    return Advice(Action.play(card), (Reason(key, card=card, points=abs(solution.value)),))


def _follow_captures(view: PlayerView, cards: list[int], w: HeuristicWeights) -> Advice:
    """000: win when the capture is worth more to us than to the leader, cheaply."""
    exact = _exact_captures(view)
    if exact is not None:
        return exact
    scores = follow_scores(view, cards, w)
    card = max(cards, key=lambda c: (scores[c], -c))
    if beats(_to_beat(view), card, view.trump):
        points = capture_value(view, view.seat, card)
        reason = (Reason("win_capture", card=card, points=points) if points
                  else Reason("win_cheaply", card=card))
    else:
        leader = view.leader
        points = capture_value(view, leader, card)
        reason = (Reason("capture_denied", card=card, points=points) if points
                  else Reason("discard_low", card=card))
    return Advice(Action.play(card), (reason,), scores)


def _playoff(view: PlayerView, cards: list[int]) -> Advice:
    from engine.bots.playoff import best_playoff_card, solvable

    if solvable(view) and len(cards) > 1:
        card, value, how = best_playoff_card(view)
        if card in cards:
            key = how if value > 0 else "playoff_solver_nothing"
            return Advice(Action.play(card), (Reason(key, card=card, points=value),))
    return _greedy_playoff(view, cards)


def _greedy_playoff(view: PlayerView, cards: list[int]) -> Advice:
    trump = view.trump
    if view.trick:
        lead = _to_beat(view)
        winners = [c for c in cards if beats(lead, c, trump)]
        if winners:
            card = min(winners, key=lambda c: (suit_of(c) == trump, rank_of(c)))
            return Advice(Action.play(card), (Reason("win_cheaply", card=card),))
        card = min(cards, key=lambda c: (is_brisque(c), suit_of(c) == trump, rank_of(c)))
        return Advice(Action.play(card), (Reason("discard_low", card=card),))
    aces = [c for c in cards if rank_of(c) == 7 and suit_of(c) != trump]
    if aces:
        return Advice(Action.play(aces[0]), (Reason("lead_ace", card=aces[0]),))
    card = min(cards, key=lambda c: (suit_of(c) == trump, rank_of(c)))
    return Advice(Action.play(card), (Reason("lead_low", card=card),))


def _declare(view: PlayerView, legal: list[Action]) -> Advice:
    for kind, key in ((ActionType.EXCHANGE_SEVEN, "exchange_seven"),
                      (ActionType.SHOW_SEVEN, "show_seven")):
        for action in legal:
            if action.type is kind:
                points = view.profile.dix.points
                if not points and kind is ActionType.EXCHANGE_SEVEN:
                    key = "exchange_turn_up"   # 004: the card is the whole gain
                return Advice(action, (Reason(key, card=action.card, points=points),))
    melds = [a for a in legal if a.type in (ActionType.DECLARE, ActionType.SCORE_PENDING)]
    if melds:
        profile = view.profile
        early = view.stock_count > 2 * LATE_STOCK

        def worth(action: Action) -> tuple[float, int]:
            points = profile.meld(action.meld).points
            return (float(points), -len(action.cards))

        best = max(melds, key=worth)
        reasons: list[Reason] = []
        # Timing: a lower meld of the same class first, then the upgrade, while time allows.
        spec = profile.meld(best.meld)
        if early and spec.level > 1:
            lower = [a for a in melds if profile.meld(a.meld).meld_class == spec.meld_class
                     and profile.meld(a.meld).level < spec.level
                     and set(a.cards) <= set(best.cards)]
            if lower:
                first = max(lower, key=worth)
                reasons.append(Reason("timing", meld=first.meld, later=best.meld,
                                      points=profile.meld(first.meld).points,
                                      later_points=spec.points))
                best = first
        if not reasons:
            reasons.append(Reason("declare_best", meld=best.meld,
                                  points=profile.meld(best.meld).points))
            if spec.rank is not None and spec.rank == 7:
                reasons.append(Reason("four_aces_now"))
            elif not early and spec.level > 1:
                reasons.append(Reason("late_big", meld=best.meld))
        return Advice(best, tuple(reasons))
    draw = next(a for a in legal if a.type is ActionType.DRAW)
    return Advice(draw, (Reason("nothing_to_declare"),))


def advise(view: PlayerView, w: HeuristicWeights = CLUB) -> Advice:
    """The heuristic's action for ``view`` (whose seat must be to move), with reasons;
    ``w``: the rules of thumb's numbers."""
    legal = list(view.legal)
    if not legal:
        raise ValueError("the seat has no legal action: it is not its turn")
    if len(legal) == 1 and legal[0].type is not ActionType.PLAY:
        return Advice(legal[0], (Reason("only_action"),))
    if view.phase == "declare":
        return _declare(view, legal)
    cards = [a.card for a in legal if a.type is ActionType.PLAY]
    if view.phase == "lead":
        return _lead(view, cards, w)
    return _follow(view, cards, w)


class HeuristicBot:
    """Rules of thumb; ``noise`` > 0 sometimes plays a random legal action instead."""

    name = "heuristic"

    def __init__(self, rng: random.Random, noise: float = 0.0,
                 weights: HeuristicWeights = CLUB) -> None:
        self.rng = rng
        self.noise = noise
        self.weights = weights

    def choose(self, view: PlayerView) -> Action:
        if self.noise and self.rng.random() < self.noise:
            return self.rng.choice(list(view.legal))
        return advise(view, self.weights).action
