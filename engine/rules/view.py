"""What one seat may see of a deal: the single input of every bot and of hints.

Terminology
-----------
* *concealed* cards are in a player's hand, face down; *exposed* cards are on
  the table in front of their owner (declared melds), seen by both players.
* *unseen* cards, for a seat, are the opponent's concealed cards and the hidden
  stock. Some of the opponent's concealed cards may still be *known*: the
  turn-up card the opponent took in exchange for a seven of trumps, and, in the
  play-off, the whole hand (by elimination).
* a *determinization* is a full deal consistent with a view: the unseen cards
  dealt out one way among the opponent's hand and the stock.

    >>> import random
    >>> from engine.rules.deal import Deal
    >>> from engine.rules.profile import load_profile
    >>> deal = Deal.new(load_profile("two-handed"), random.Random(7), dealer=0)
    >>> view = PlayerView.of(deal, 1)
    >>> len(view.hand), view.opponent_concealed, len(view.unknown), view.stock_count
    (8, 8, 55, 48)
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.errors import BeziqueError
from engine.notation.actions import Action
from engine.rules.deal import Deal
from engine.rules.melds import ScoredMeld
from engine.rules.profile import Profile


@dataclass(frozen=True, slots=True)
class PlayerView:
    """Everything ``seat`` may see now; built by :meth:`of`. Cards are int ids."""

    profile: Profile
    seat: int
    dealer: int
    phase: str
    to_move: int
    leader: int
    hand: frozenset[int]                      # own concealed cards
    tables: tuple[frozenset[int], ...]        # exposed cards of each player
    trump: int | None
    turn_up: int | None
    stock_count: int                          # cards left to draw, the turn-up included
    trick: tuple[int, ...]                    # cards played to the current trick
    played: frozenset[int]                    # every card played so far (the trick too)
    won: tuple[frozenset[int], ...]           # cards of the tricks each player has won
    history: tuple[tuple[ScoredMeld, ...], ...]   # scored declarations of each player
    pending: tuple[tuple[ScoredMeld, ...], ...]   # exposed melds waiting to score
    dix_counted: frozenset[int]               # sevens of trumps already counted
    scores: tuple[int, ...]
    tricks_played: int
    scored_this_turn: int
    opponent_concealed: int                   # how many cards the opponent hides
    opponent_known: frozenset[int]            # of those, the ones this seat knows
    legal: tuple[Action, ...]                 # this seat's legal actions ((), if not to move)
    concealed: tuple[int, ...] = ()           # how many cards each player hides
    known: tuple[frozenset[int], ...] = ()    # concealed cards of each player this seat knows
    laid: tuple[frozenset[int], ...] = ()     # 000: captured cards each player laid out
    # The deal seen, for :func:`sample_deal` only: it re-deals every card the seat
    # cannot see before a search plays on. Bots never read it themselves.
    source: Deal | None = field(default=None, compare=False, repr=False)
    source_actions: int = field(default=0, compare=False, repr=False)

    @classmethod
    def of(cls, deal: Deal, seat: int) -> PlayerView:
        """The view of ``seat`` of ``deal`` (two or four players). With four,
        :attr:`opponent` is the next player (on the left); see :attr:`opponents`."""
        n = deal.profile.players
        if not 0 <= seat < n:
            raise BeziqueError(f"seat {seat} is not a player of a {n}-player deal")
        opp = (seat + 1) % n
        known = tuple(frozenset(deal.hands[p]) if p == seat else known_concealed(deal, p)
                      for p in range(n))
        return cls(
            profile=deal.profile, seat=seat, dealer=deal.dealer, phase=deal.phase,
            to_move=deal.to_move, leader=deal.leader,
            hand=frozenset(deal.hands[seat]),
            tables=tuple(frozenset(t) for t in deal.tables),
            trump=deal.trump, turn_up=deal.turn_up, stock_count=deal.stock_count,
            trick=tuple(deal.trick), played=frozenset(deal.played),
            won=tuple(frozenset(w) for w in deal.won),
            history=tuple(tuple(h) for h in deal.history),
            pending=tuple(tuple(p) for p in deal.pending),
            dix_counted=frozenset(deal.dix_counted), scores=tuple(deal.scores),
            tricks_played=deal.tricks_played, scored_this_turn=deal.scored_this_turn,
            opponent_concealed=len(deal.hands[opp]),
            opponent_known=known[opp],
            legal=tuple(deal.legal_actions()) if deal.to_move == seat and not deal.is_over
            else (),
            concealed=tuple(len(h) for h in deal.hands), known=known,
            laid=tuple(frozenset(c) for c in deal.laid),
            source=deal, source_actions=len(deal.actions),
        )

    # --- derived facts ------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.profile.players

    @property
    def opponent(self) -> int:
        return (self.seat + 1) % self.profile.players

    @property
    def partner(self) -> int | None:
        return (self.seat + 2) % 4 if self.profile.partnerships else None

    @property
    def opponents(self) -> tuple[int, ...]:
        """The players not on this seat's side."""
        team = self.profile.team
        return tuple(p for p in range(self.profile.players) if team(p) != team(self.seat))

    @property
    def holding(self) -> frozenset[int]:
        """Own cards, concealed and exposed."""
        return self.hand | self.tables[self.seat]

    @property
    def hidden_stock(self) -> int:
        """Face-down stock cards (the turn-up excluded)."""
        return self.stock_count - (1 if self.turn_up is not None else 0)

    @property
    def unseen(self) -> frozenset[int]:
        """Cards this seat cannot see: the opponent's concealed cards and the hidden stock."""
        seen = self.hand | self.played
        for table in (*self.tables, *self.won):
            seen = seen | table  # won: a turn-up exchanged for a captured seven (000)
        if self.turn_up is not None:
            seen = seen | {self.turn_up}
        return frozenset(self.profile.deck_ids()) - seen

    @property
    def unknown(self) -> frozenset[int]:
        """Unseen cards whose place (opponent's hand or stock) this seat does not know."""
        known = self.opponent_known
        for p, cards in enumerate(self.known):
            if p != self.seat:
                known = known | cards
        return self.unseen - known

    def laid_groups(self, player: int) -> list[tuple[str, tuple[int, ...]]]:
        """``player``'s laid-out cards grouped by the combinations they can still
        form (000; empty where melds come from the hand)."""
        from engine.rules.captures import groups

        if not self.laid:
            return []
        return groups(self.profile, self.trump, self.laid[player], self.history[player])

    @property
    def is_my_turn(self) -> bool:
        return bool(self.legal)


def known_concealed(deal: Deal, player: int) -> frozenset[int]:
    """Cards of ``player``'s concealed hand that the other players know are there:
    turn-ups taken in exchange for a seven or drawn last, and the whole hand once the stock is
    exhausted in a two-player deal (every other card has been seen)."""
    hand = deal.hands[player]
    if deal.stock_count == 0 and deal.profile.players == 2:
        return frozenset(hand)
    known = set()
    for e in deal.events:   # one pass: views are built at every decision
        if e.player != player:
            continue
        if e.type == "exchange" and len(e.cards) == 2:
            known.add(e.cards[1])
        elif e.type == "draw" and e.cards:   # the turn-up, drawn face up at the stock's end
            known.add(e.cards[0])
    return frozenset(known & hand)


def sample_unseen(view: PlayerView, rng: random.Random) -> tuple[list[int], list[int]]:
    """A random split of the unseen cards consistent with ``view``: the opponent's
    concealed hand and the hidden stock in draw order (first drawn first).
    Two-player deals only."""
    if view.profile.players != 2:
        raise BeziqueError("unseen cards are sampled for two-player deals only")
    unknown = sorted(view.unknown)
    rng.shuffle(unknown)
    need = view.opponent_concealed - len(view.opponent_known)
    if need < 0 or need > len(unknown) or len(unknown) - need != view.hidden_stock:
        raise BeziqueError("the view is inconsistent: unseen cards do not fit the counts")
    return sorted(view.opponent_known) + unknown[:need], unknown[need:]


def sample_hands(view: PlayerView, rng: random.Random) -> tuple[list[list[int]], list[int]]:
    """A random placing of the unseen cards for any number of players: each other
    player's concealed hand (indexed by seat; the seat's own entry is empty) and the
    hidden stock in draw order (first drawn first). Known cards stay where they are.

        >>> from engine.rules.deal import Deal
        >>> from engine.rules.profile import load_profile
        >>> deal = Deal.new(load_profile("three-handed"), random.Random(2), dealer=0)
        >>> hands, stock = sample_hands(PlayerView.of(deal, 0), random.Random(1))
        >>> [len(h) for h in hands], len(stock)
        ([0, 8, 8], 71)
    """
    unknown = sorted(view.unknown)
    rng.shuffle(unknown)
    hands: list[list[int]] = [[] for _ in range(view.players)]
    position = 0
    for player in range(view.players):
        if player == view.seat:
            continue
        known = view.known[player] if view.known else frozenset()
        need = view.concealed[player] - len(known)
        if need < 0 or position + need > len(unknown):
            raise BeziqueError("the view is inconsistent: unseen cards do not fit the counts")
        hands[player] = sorted(known) + unknown[position:position + need]
        position += need
    # Stock cards set aside because they do not share out (fewer than the players)
    # are unseen too: the draw order leaves them out.
    spare = len(unknown) - position - view.hidden_stock
    if not 0 <= spare < view.players:
        raise BeziqueError("the view is inconsistent: unseen cards do not fit the counts")
    return hands, unknown[position:position + view.hidden_stock]


def sample_deal(view: PlayerView, rng: random.Random,
                placing: tuple[Sequence[Sequence[int]], Sequence[int]] | None = None) -> Deal:
    """A whole deal consistent with ``view``, for searching with the rules engine
    itself: the cards the seat cannot see are dealt at random (or as ``placing``
    says: each player's concealed hand, indexed by seat, and the hidden stock,
    first drawn first) and everything the seat sees is as in the deal viewed.

        >>> from engine.rules.profile import load_profile
        >>> deal = Deal.new(load_profile("rubicon"), random.Random(4), dealer=0)
        >>> view = PlayerView.of(deal, 1)
        >>> other = sample_deal(view, random.Random(1))
        >>> PlayerView.of(other, 1) == view, other.hands[0] == deal.hands[0]
        (True, False)
    """
    deal = view.source
    if deal is None or len(deal.actions) != view.source_actions:
        raise BeziqueError("the view no longer matches a deal: take a new view")
    hands, stock = placing if placing is not None else sample_hands(view, rng)
    others = {p: list(hands[p]) for p in range(view.players) if p != view.seat}
    placed = {c for cards in others.values() for c in cards} | set(stock)
    spare = view.unseen - placed
    # Known cards in other hands may have been seen before (a seven played, exchanged
    # for the turn-up and drawn again): placed, though not unseen.
    known_elsewhere = frozenset().union(*(view.known[p] for p in others)) if view.known \
        else frozenset()
    if len(placed) != sum(map(len, others.values())) + len(stock) \
            or not placed <= view.unseen | known_elsewhere or len(spare) != len(deal.set_aside):
        raise BeziqueError("the placing does not deal out the seat's unseen cards")
    for p, cards in others.items():
        known = view.known[p] if view.known else frozenset()
        if len(cards) != view.concealed[p] or not known <= set(cards):
            raise BeziqueError(f"the placing does not fit player {p + 1}'s concealed hand")
    if len(stock) != view.hidden_stock:
        raise BeziqueError("the placing does not fit the stock")
    return deal.with_hidden(others, stock, sorted(spare))


def determinize(view: PlayerView, deal: Deal, opponent_hand: Sequence[int],
                stock: Sequence[int]) -> Deal:
    """A copy of ``deal`` with the cards ``view.seat`` cannot see replaced: the
    opponent's concealed hand becomes ``opponent_hand`` and the hidden stock
    ``stock`` (first drawn first). Everything the seat can see is unchanged, so
    ``PlayerView.of(result, view.seat) == view`` when the split is consistent."""
    if sorted([*opponent_hand, *stock]) != sorted(view.unseen):
        raise BeziqueError("the replacement cards are not the seat's unseen cards")
    if len(opponent_hand) != view.opponent_concealed or len(stock) != view.hidden_stock:
        raise BeziqueError("the replacement does not match the hand and stock sizes")
    if not view.opponent_known <= set(opponent_hand):
        raise BeziqueError("the replacement moves a card the seat knows")
    other = copy.deepcopy(deal)
    other.hands[view.opponent] = set(opponent_hand)
    other.stock = list(reversed(stock))  # Deal draws with pop() from the end
    return other
