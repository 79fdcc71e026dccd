"""Combinations built from captured cards (000, Fildinski / Polish Bezique).

Where a profile's ``declaring.source`` is ``"captured"`` nobody declares from
the hand. When a trick is won (:func:`on_trick`):

1. the winner scores ``scoring.brisque_points`` for each ace and ten in it
   (``scoring.brisques = "on_capture"``);
2. each captured card that some combination of the profile can use is *laid
   out* face up in front of him; the others (in practice eights, nines and
   cards no meld needs) go to the discard pile. Laid-out cards are never
   played again: they are no part of the hand;
3. every combination the captured cards complete with his laid-out cards
   scores at once, under the profile's card-reuse rule (``engine.rules.melds``).
   When one capture completes a combination and a higher one containing it,
   ``declaring.capture_nested`` decides: ``"each"`` (000's "combination or
   combinations") scores the lower first and then the higher as an upgrade;
   ``"higher_only"`` (001's one declaration a turn) scores the higher alone. With
   ``declaring.partner_bezique`` a player's own bezique always scores besides the
   double it makes with his partner's (000: "additionally");
4. a seven of trumps not yet counted scores to its capturer (``dix.on_capture``);
   the first capturer (both sevens in one trick included) may exchange one for the
   turn-up, which joins his captures: laid out if it can combine, and, being an ace
   or a ten, scored as a brisque like any captured one (000 is silent; our choice,
   so that every ace and ten scores once).

The deal (``engine.rules.deal``) calls :func:`on_trick`, :func:`exchangeable` and
:func:`exchange`, its hook points (:mod:`engine.rules.hooks`); this module only reads
profile fields. The ``bezique melds`` request about a capture is answered by
:func:`engine.rules.meld_query.capture_query`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.notation.cards import Card, Rank, Suit
from engine.rules.hooks import DealOps
from engine.rules.melds import (
    SEQUENCE_RANKS,
    ScoredMeld,
    Verdict,
    by_kind,
    candidate_sets,
    check_reuse,
    display_order,
    judge,
    pretty,
)
from engine.rules.profile import MeldSpec, Profile
from engine.rules.tricks import is_brisque, is_trump_seven
from engine.text.explain import Event, Step, step


def meld_kinds(profile: Profile, spec: MeldSpec, trump: int | None) -> set[int]:
    """Card kinds (0..31) that can be part of ``spec`` with these trumps."""
    if trump is None:
        return set()
    suits = [trump] if spec.suit == "trump" else (
        [s for s in range(4) if s != trump] if spec.suit == "plain" else list(range(4)))
    if spec.pattern == "marriage":
        return {s * 8 + r for s in suits for r in (Rank.KING, Rank.QUEEN)}
    if spec.pattern == "sequence":
        return {s * 8 + r for s in suits for r in SEQUENCE_RANKS}
    if spec.pattern == "bezique":
        return set(profile.bezique_pair(Suit(trump)))
    if spec.pattern == "rank_set" and spec.rank is not None:
        return {s * 8 + spec.rank for s in suits}
    return set()


# meld_kinds by (profile, trump): the hot path of every won trick (the profile is kept
# in the value so that its id is not reused while cached).
_KINDS: dict[tuple[int, int | None], tuple[Profile, tuple[frozenset[int], ...],
                                          frozenset[int]]] = {}


def _kinds(profile: Profile, trump: int | None) -> tuple[tuple[frozenset[int], ...],
                                                         frozenset[int]]:
    """Per meld row, the card kinds it can use, and their union."""
    key = (id(profile), trump)
    found = _KINDS.get(key)
    if found is None or found[0] is not profile:
        rows = tuple(frozenset(meld_kinds(profile, spec, trump)) for spec in profile.melds)
        if len(_KINDS) > 256:
            _KINDS.clear()
        found = _KINDS[key] = (profile, rows, frozenset().union(*rows))
    return found[1], found[2]


def combinable(profile: Profile, trump: int | None, card: int) -> bool:
    """True when some combination of the profile can use ``card``: it is laid out."""
    return card % 32 in _kinds(profile, trump)[1]


def _order(verdict: Verdict) -> tuple[int, int, tuple[tuple[int, int, int], ...]]:
    cards = tuple(sorted(display_order(c) for c in verdict.cards))
    return (-verdict.spec.level, -verdict.spec.points, cards)


def capture_melds(profile: Profile, trump: int | None, laid: Iterable[int],
                  new: Iterable[int], history: Sequence[ScoredMeld],
                  partner: Iterable[int] = ()) -> list[Verdict]:
    """The combinations a capture scores, in scoring order: each uses at least one
    of the ``new`` cards and the rest from ``laid`` (which may already hold them),
    and passes the reuse rule against ``history`` and the ones scored before it.
    With ``declaring.partner_bezique`` (000, four-handed, an option) a double or
    larger bezique may also take whole bezique pairs from the ``partner``'s laid-out
    cards, never a queen of one partner with the other's jack."""
    fresh = frozenset(new)
    pool = sorted(set(laid) | fresh)
    mates = frozenset(partner) if profile.declaring.partner_bezique else frozenset()
    done = list(history)
    scored: list[Verdict] = []
    rows = _kinds(profile, trump)[0]
    fresh_kinds = {c % 32 for c in fresh}
    specs = [spec for spec, kinds in zip(profile.melds, rows, strict=True)
             if spec.pattern != "carte_blanche" and not fresh_kinds.isdisjoint(kinds)]
    own = by_kind(pool)
    both = by_kind({*pool, *mates}) if mates else own
    while specs:
        options = []
        for spec in specs:
            shared = spec.pattern == "bezique" and spec.count > 1 and bool(mates)
            for cards in candidate_sets(profile, spec, trump, (),
                                        both if shared else own):
                if fresh.isdisjoint(cards) or (shared and not _whole_pairs(
                        profile, trump, cards, mates)):
                    continue
                legal, _, _ = check_reuse(profile, spec, cards, done, explain=False)
                if legal:
                    options.append(Verdict(spec, tuple(cards), True, spec.rule_id, ()))
        if not options:
            return scored
        best = min(options, key=_order)
        while inner := _inner(profile, best, options, done, mates):
            best = inner
        verdict = judge(profile, best.spec, trump, best.cards, done)
        scored.append(verdict)
        done.append(ScoredMeld(best.spec.kind, frozenset(best.cards)))
    return scored


def _inner(profile: Profile, outer: Verdict, options: Sequence[Verdict],
           done: Sequence[ScoredMeld], mates: frozenset[int]) -> Verdict | None:
    """The highest combination inside ``outer`` to score before it, or None: under
    ``capture_nested = "each"`` any, else only the player's own part of a bezique
    shared with the partner; either way only one after which ``outer`` still scores."""
    shared = not mates.isdisjoint(outer.cards)
    if profile.declaring.capture_nested != "each" and not shared:
        return None
    cards = set(outer.cards)
    # a lower combination of the same class: one of another class scores anyway
    inside = [o for o in options if set(o.cards) < cards
              and o.spec.meld_class == outer.spec.meld_class
              and o.spec.level < outer.spec.level
              and (not shared or mates.isdisjoint(o.cards))]
    for option in sorted(inside, key=_order):
        after = [*done, ScoredMeld(option.spec.kind, frozenset(option.cards))]
        if check_reuse(profile, outer.spec, outer.cards, after, explain=False)[0]:
            return option
    return None


def _whole_pairs(profile: Profile, trump: int | None, cards: Sequence[int],
                 mates: frozenset[int]) -> bool:
    """000: the partner's part of a shared bezique holds as many queens as jacks."""
    queen, _jack = profile.bezique_pair(None if trump is None else Suit(trump))
    theirs = [c for c in cards if c in mates]
    return 2 * sum(1 for c in theirs if c % 32 == queen) == len(theirs)


def groups(profile: Profile, trump: int | None, laid: Iterable[int],
           history: Sequence[ScoredMeld]) -> list[tuple[str, tuple[int, ...]]]:
    """A player's laid-out cards grouped by the combinations they can still take
    part in (a card may be in several groups), in the profile's meld order; the
    cards no combination can still use come last, as ``("spent", cards)``."""
    cards = sorted(laid, key=display_order)
    found: list[tuple[str, tuple[int, ...]]] = []
    useful: set[int] = set()
    for spec in profile.melds:
        if spec.pattern == "carte_blanche":
            continue
        kinds = meld_kinds(profile, spec, trump)
        members = [c for c in cards if c % 32 in kinds and _still_open(profile, spec, c,
                                                                          history)]
        if members:
            found.append((spec.kind, tuple(members)))
            useful.update(members)
    spent = tuple(c for c in cards if c not in useful)
    if spent:
        found.append(("spent", spent))
    return found


def _still_open(profile: Profile, spec: MeldSpec, card: int,
                history: Sequence[ScoredMeld]) -> bool:
    """Whether ``card`` could still score in some ``spec`` (a partner card aside)."""
    for prior in history:
        if card in prior.cards:
            other = profile.meld(prior.kind)
            if other.meld_class == spec.meld_class and other.level >= spec.level:
                return False
    return True


@dataclass(frozen=True, slots=True)
class Capture:
    """What one won trick scores: brisques, cards laid out or discarded, the
    combinations completed and the sevens of trumps captured (000 l.8)."""

    brisques: tuple[int, ...]
    brisque_points: int
    kept: tuple[int, ...]
    dropped: tuple[int, ...]
    melds: tuple[Verdict, ...]
    sevens: tuple[int, ...] = ()      # each scores ``dix.points`` to the capturer
    seven_points: int = 0

    @property
    def total(self) -> int:
        return self.brisque_points + sum(v.points for v in self.melds) + self.seven_points


def capture_sevens(profile: Profile, trump: int | None, trick: Iterable[int],
                   counted: Iterable[int] = ()) -> tuple[int, ...]:
    """The sevens of trumps in a won trick that score to its winner
    (``dix.on_capture``): each physical one once, so not those in ``counted``."""
    if not profile.dix.on_capture:
        return ()
    done = set(counted)
    return tuple(c for c in trick
                 if is_trump_seven(c, trump, profile.dix.card_rank) and c not in done)


def seven_step(profile: Profile, card: int) -> Step:
    """Why a captured seven of trumps scores (the deal's own words, ``dix_capture``)."""
    return step("dix.capture", "dix_capture", card=_p(card), points=profile.dix.points)


def score_capture(profile: Profile, trump: int | None, laid: Iterable[int],
                  trick: Sequence[int], history: Sequence[ScoredMeld],
                  partner: Iterable[int] = (), counted: Iterable[int] = ()) -> Capture:
    """The score of winning ``trick`` with ``laid`` already laid out (000), the
    sevens of trumps in ``counted`` having scored already; the one computation
    behind the deal, the "what does this capture score?" checks and puzzles."""
    scoring = profile.scoring
    brisques = tuple(sorted((c for c in trick if is_brisque(c)), key=display_order))
    each = scoring.brisque_points if scoring.brisques == "on_capture" else 0
    kept = tuple(c for c in trick if combinable(profile, trump, c))
    dropped = tuple(c for c in trick if c not in kept)
    melds = tuple(capture_melds(profile, trump, laid, kept, history, partner)) if kept else ()
    sevens = capture_sevens(profile, trump, trick, counted)
    return Capture(brisques, each * len(brisques), kept, dropped, melds, sevens,
                   profile.dix.points * len(sevens))


# --- hooks called by the deal -------------------------------------------------------

def partner_laid(deal: DealOps, player: int) -> set[int]:
    """The partner's laid-out cards (four-handed), or an empty set."""
    mate = deal.partner(player)
    return deal.laid[mate] if mate is not None else set()


def on_trick(deal: DealOps, winner: int, trick: Sequence[int]) -> None:
    """Score a won trick under ``declaring.source = "captured"`` (see the module text)."""
    profile = deal.profile
    capture = score_capture(profile, deal.trump, deal.laid[winner], trick,
                            deal.history[winner], partner_laid(deal, winner), deal.dix_counted)
    if capture.brisque_points:
        each = profile.scoring.brisque_points
        deal.score_points(winner, "score.brisque", capture.brisque_points,
                          [step("score.brisque", "capture_brisques", count=len(capture.brisques),
                                each=each, points=capture.brisque_points)],
                          "brisques", capture.brisques)
    _lay_out(deal, winner, capture)
    for card in capture.sevens:
        deal.score_dix(winner, card, "dix.capture", "dix_capture")


def _lay_out(deal: DealOps, player: int, capture: Capture) -> None:
    kept, dropped = capture.kept, capture.dropped
    steps = []
    if kept:
        steps.append(step("capture.lay_out", "capture_laid_one" if len(kept) == 1
                          else "capture_laid", cards=pretty(kept)))
    if dropped:
        steps.append(step("capture.lay_out", "capture_discarded_one" if len(dropped) == 1
                          else "capture_discarded", cards=pretty(dropped)))
    deal.emit(Event("lay_out", player, "capture.lay_out", 0,
                    tuple(sorted(kept, key=display_order)), "", tuple(steps)))
    deal.laid[player].update(kept)
    _score_melds(deal, player, kept, capture.melds)


def _score_melds(deal: DealOps, player: int, new: Sequence[int],
                 verdicts: Sequence[Verdict], turn_up: bool = False) -> None:
    history = deal.history[player]
    for verdict in verdicts:
        spec = verdict.spec
        added = [c for c in verdict.cards if c in new]
        # the exchanged turn-up was never captured: say so, not "captured"
        key = ("capture_meld_turn_up" if turn_up else
               "capture_meld" if len(added) == 1 else "capture_meld_many")
        head = (step("capture.meld", key, new=pretty(added), cards=pretty(verdict.cards),
                     meld=spec.kind)
                if len(added) < len(verdict.cards) else
                step("capture.meld", "capture_meld_whole", cards=pretty(verdict.cards),
                     meld=spec.kind))
        steps = [head, *verdict.steps]
        theirs = [c for c in verdict.cards if c not in deal.laid[player]]
        if theirs:   # 000 (an option): pairs laid out by the partner
            steps.insert(1, step("capture.partner_bezique", "capture_partner_bezique",
                                 cards=pretty(theirs)))
        history.append(ScoredMeld(spec.kind, frozenset(verdict.cards)))
        deal.score_points(player, spec.rule_id, spec.points, steps, "declare",
                          tuple(sorted(verdict.cards, key=display_order)), spec.kind)
        if spec.kind in deal.profile.scoring.game_melds and deal.game_meld_side is None:
            deal.game_meld_side = deal.profile.team(player)
            deal.emit(Event("game_meld", player, "game.meld_wins", 0, (), spec.kind,
                            (step("game.meld_wins", "game_meld_wins", meld=spec.kind),)))


def exchangeable(deal: DealOps, player: int) -> list[int]:
    """Sevens of trumps ``player`` may now exchange for the turn-up: one he has
    just captured, being the first seven scored on capture in this deal."""
    profile = deal.profile
    if not profile.dix.on_capture or deal.turn_up is None:
        return []
    if deal.last_trick_winner != player:
        return []
    just = deal.won[player][-profile.players:]
    if any(e.rule_id == "dix.exchange" for e in deal.events):
        return []
    # 000: the first to capture a seven of trumps may exchange it; when both come in
    # one trick, he is the first capturer of each, and exchanges one.
    captured = [e for e in deal.events if e.rule_id == "dix.capture"]
    if not captured or captured[0].player != player:
        return []
    card = captured[0].cards[0]
    return [card] if card in just else []


def exchange(deal: DealOps, card: int) -> None:
    """The captured seven becomes the turn-up; the turn-up joins the captures
    (laid out if it can combine, and scoring what it completes)."""
    player = deal.to_move
    assert deal.turn_up is not None
    old = deal.turn_up
    deal.won[player].remove(card)
    deal.turn_up = card
    deal.won[player].append(old)
    deal.emit(Event("exchange", player, "dix.exchange", 0, (card, old), "",
                    (step("dix.exchange", "dix_exchange_captured", card=_p(card),
                          other=_p(old)),)))
    scoring = deal.profile.scoring
    if is_brisque(old) and scoring.brisques == "on_capture" and scoring.brisque_points:
        # 000 is silent on the turn-up's brisque: it joins the captures, so it scores as
        # a captured one (our choice: each ace and ten scores once in every deal).
        each = scoring.brisque_points
        deal.score_points(player, "score.brisque", each,
                          [step("score.brisque", "exchange_brisque", card=_p(old), each=each)],
                          "brisques", (old,))
    if combinable(deal.profile, deal.trump, old):
        verdicts = capture_melds(deal.profile, deal.trump, deal.laid[player], [old],
                                 deal.history[player], partner_laid(deal, player))
        deal.laid[player].add(old)
        _score_melds(deal, player, [old], verdicts, turn_up=True)


def _p(card: int) -> str:
    return Card.from_id(card).pretty
