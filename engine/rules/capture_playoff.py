"""Exact play of the last tricks where captures keep scoring (000, Fildinski).

Once the stock is gone both hands are known, and every trick still scores to
its winner at once: brisques and the combinations the capture completes with
his laid-out cards (:func:`engine.rules.captures.score_capture`), and a seven of
trumps not yet counted. :func:`solve` searches the remaining tricks (two
players) and returns the value of each legal card for the player to move:
his points minus the opponent's, from now to the end, with best play by both.

Four-handed (000, ``playoff.split_pairs``) the last tricks are two duels played
side by side, and one duel is searched alone: each player scores only his own
captures, his combinations use only his own laid-out cards and their reuse looks
only at those cards, and the last trick scored at the stock's end, so nothing one
duel does changes what the other scores (:func:`duel_refusal` names the rules
that would break this). A duel's value is the mover's points minus his opponent's
within it; the other duel adds to both sides' totals apart.

    >>> from engine.notation.cards import parse_card
    >>> from engine.rules.profile import load_profile
    >>> ids = lambda t: frozenset(parse_card(c).id for c in t.split())
    >>> s = solve(load_profile("fildinski"), 1, (ids("AH"), ids("KH")), 0, (),
    ...           (frozenset(), ids("QH")), ((), ()), frozenset())
    >>> s.value  # the ace takes the king: 10 for the ace, the king is laid out for nothing
    10
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine.rules.captures import score_capture
from engine.rules.melds import ScoredMeld, by_kind, candidate_sets
from engine.rules.profile import Profile
from engine.rules.tricks import playoff_legal, trick_best

Hands = tuple[frozenset[int], frozenset[int]]
Laid = tuple[frozenset[int], frozenset[int]]
History = tuple[tuple[ScoredMeld, ...], tuple[ScoredMeld, ...]]


@dataclass(frozen=True, slots=True)
class Solution:
    value: int                       # for the player to move: his points minus the other's
    moves: tuple[tuple[int, int], ...]   # (card, value) for each legal card

    @property
    def best(self) -> tuple[int, ...]:
        return tuple(c for c, v in self.moves if v == self.value)


def solve(profile: Profile, trump: int, hands: Hands, leader: int, trick: tuple[int, ...],
          laid: Laid, history: History, dix_counted: frozenset[int]) -> Solution:
    """Value of every legal card for the player to move (see the module text)."""
    refusal = duel_refusal(profile)
    if refusal:
        raise ValueError(refusal)
    search = _Search(profile, trump)
    mover = leader if not trick else 1 - leader
    moves = tuple((card, search.after(hands, leader, trick, laid, history, dix_counted, card))
                  for card in search.legal(hands[mover], trick))
    return Solution(max(v for _, v in moves), moves)


def duel_refusal(profile: Profile) -> str:
    """Why the play-off cannot be searched two players at a time ("" when it can):
    more than two players who do not split into duels, or duels that depend on each
    other (a double bezique with the partner's pairs, a combination scoring once a
    deal, or a last-trick bonus going to whichever duel ends last)."""
    if profile.players == 2:
        return ""
    if not profile.playoff.split_pairs:
        return (f"{profile.name}: the play-off search with scoring captures handles two "
                f"players only")
    if profile.declaring.partner_bezique:
        return f"{profile.name}: a duel's beziques count the partner's, laid out in the other"
    if any(spec.once or spec.after for spec in profile.melds):
        return f"{profile.name}: a combination scores once a deal, in either duel"
    if profile.scoring.last_trick_bonus and profile.scoring.last_trick_at == "deal_end":
        return f"{profile.name}: the last trick of the deal may fall in either duel"
    return ""


def game_meld_within_reach(profile: Profile, trump: int, hands: Hands, laid: Laid) -> bool:
    """Whether a capture could still complete a combination that wins the game at once
    (000: a quadruple bezique), which would end the other duel too: each player's
    laid-out cards with every card still in the duel's hands."""
    specs = [profile.meld(kind) for kind in profile.scoring.game_melds]
    for own in laid:
        pool = by_kind(own | hands[0] | hands[1])
        for spec in specs:
            if any(not own.issuperset(cards)
                   for cards in candidate_sets(profile, spec, trump, (), pool)):
                return True
    return False


class _Search:
    def __init__(self, profile: Profile, trump: int) -> None:
        self.profile, self.trump = profile, trump
        self.value = lru_cache(maxsize=200_000)(self._value)

    def legal(self, hand: frozenset[int], trick: tuple[int, ...]) -> list[int]:
        if not trick:
            return sorted(hand)
        best = trick[trick_best(list(trick), self.trump)]
        return sorted(playoff_legal(hand, trick[0], self.trump, self.profile.playoff, best))

    def after(self, hands: Hands, leader: int, trick: tuple[int, ...], laid: Laid,
              history: History, dix: frozenset[int], card: int) -> int:
        """Value to the player who plays ``card`` now."""
        mover = leader if not trick else 1 - leader
        rest = list(hands)
        rest[mover] = hands[mover] - {card}
        new_hands: Hands = (rest[0], rest[1])
        if not trick:
            return -self.value(new_hands, leader, (card,), laid, history, dix)
        cards = (*trick, card)
        winner = (leader + trick_best(list(cards), self.trump)) % 2
        capture = score_capture(self.profile, self.trump, laid[winner], cards,
                                history[winner], counted=dix)
        points = capture.total   # the sevens of trumps not yet counted included
        sevens = frozenset(capture.sevens)
        won_laid = laid[winner] | frozenset(capture.kept)
        won_history = tuple(sorted((*history[winner], *(
            ScoredMeld(v.spec.kind, frozenset(v.cards)) for v in capture.melds)),
            key=lambda m: (m.kind, sorted(m.cards))))
        new_laid: Laid = (won_laid, laid[1]) if winner == 0 else (laid[0], won_laid)
        new_history: History = ((won_history, history[1]) if winner == 0
                                else (history[0], won_history))
        total = points + self.value(new_hands, winner, (), new_laid, new_history, dix | sevens)
        return total if winner == mover else -total

    def _value(self, hands: Hands, leader: int, trick: tuple[int, ...], laid: Laid,
               history: History, dix: frozenset[int]) -> int:
        mover = leader if not trick else 1 - leader
        options = self.legal(hands[mover], trick)
        if not options:
            return 0
        return max(self.after(hands, leader, trick, laid, history, dix, c) for c in options)
