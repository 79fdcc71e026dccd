"""A fast deal simulator on plain ints, for rollouts and benchmarks.

It follows every rule :class:`engine.rules.deal.Deal` follows, read from the same
profile fields (compiled by :func:`engine.bots.fast_rules.rules_for`), for all the
shipped variants and their options: players and partnerships, packs, packets and who
is served first, the turn-up (a joker never) or trumps fixed by the first marriage,
the stock cards set aside when they do not share out, deal bonuses, dix in all its
readings, one declaration per trick (the seven's exchange counting as one where the
profile says so), Cady's waiting melds, carte blanche, the reuse rules (001's class
levels, Rubicon's re-forming, 004's ladders and all-new beziques, jokers in melds:
:mod:`engine.bots.fast_melds`), the partner declaring and the partner's exposed cards,
following suit in the stock, the leader drawing first, points per trick and card
values, the play-off obligations against the card winning so far, brisques, the last
trick and its split between partners, 000's captured combinations and the split
play-off (:mod:`engine.bots.fast_captures`), combinations winning the game at once,
the deal ending with the stock, and Rubicon's skipped play-off
(:mod:`engine.bots.fast_settle`). It keeps no events, builds no explanations and does
not validate: callers pass actions from :meth:`FastDeal.legal`. The table-rules mode
(``infractions = "penalise"``) fines only illegal moves, which the simulator never
makes, so it plays those games as they are. ``tests/test_bots_fastplay.py``
cross-checks it against ``Deal`` for every profile: the same legal actions in the
same order, the same points after every action, the same final scores.

Terminology
-----------
* *holding*: a player's concealed and exposed cards together (one list here, and
  the same cards as a bitmask in ``held``: change them with :meth:`FastDeal.set_hold`);
  the exposed ones are also kept as a bitmask (``tables``), which partners may
  meld with where the profile allows it.
* *side*: a player, or a partnership; partners share one list of scored melds (the
  same list object), and one of waiting melds only where they may declare with each
  other's exposed cards, as in ``Deal``.
* *fast action*: a card id (play), ``DRAW`` (-1), ``PARTNER`` (-2), ``BLANCHE`` (-3,
  claiming carte blanche), or a tuple ``(code, meld index, cards)``, ``code`` one of
  ``DECLARE``, ``ANNOUNCE``, ``SCORE``, ``SHOW``, ``EXCHANGE``.

    >>> import random
    >>> from engine.rules.profile import load_profile
    >>> s = FastDeal.new(load_profile("two-handed"), random.Random(3), dealer=0)
    >>> s.play_random(random.Random(3))
    >>> s.phase == OVER and s.tricks_played == 32
    True
    >>> t = FastDeal.new(load_profile("three-handed"), random.Random(3), dealer=0)
    >>> t.play_random(random.Random(3))
    >>> t.tricks_played, len(t.scores)
    (32, 3)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from math import trunc

from engine.bots.fast_captures import capture_melds, combinable
from engine.bots.fast_melds import (
    CARD_BIT,
    PACK_IDS,
    Looked,
    Row,
    after_scoring,
    carries_over,
    forms,
    legal_melds,
    no_counted,
    quick_looks,
    reuse_ok,
)
from engine.bots.fast_rules import MeldRule, Rules, rules_for
from engine.bots.fast_settle import playoff_hopeless
from engine.notation.actions import Action, ActionType
from engine.notation.cards import JOKER_MIN_ID
from engine.rules.deal import Deal
from engine.rules.dealing import deal_order, turn_up_bonuses
from engine.rules.profile import Profile

LEAD, FOLLOW, DECLARE_PHASE, OVER = 0, 1, 2, 3
PHASE_CODES = {"lead": LEAD, "follow": FOLLOW, "declare": DECLARE_PHASE, "over": OVER}
DRAW = -1
PARTNER = -2
BLANCHE = -3
DECLARE, ANNOUNCE, SCORE, SHOW, EXCHANGE = 1, 2, 3, 4, 5

MeldMove = tuple[int, int, tuple[int, ...]]
FastAction = int | MeldMove
MeldList = list[tuple[int, tuple[int, ...]]]
# Carte blanche: (claimed, repeating: bitmasks of players; a court-less hand seen yet;
# the player it is offered to, or -1).
Blanche = tuple[int, int, bool, int]
# 000, four-handed: (the two pairs, whose turn, each pair's leader).
Duels = tuple[tuple[tuple[int, int], tuple[int, int]], int, tuple[int, int]]

_CODE_TYPES = {DECLARE: ActionType.DECLARE, ANNOUNCE: ActionType.ANNOUNCE,
               SCORE: ActionType.SCORE_PENDING, SHOW: ActionType.SHOW_SEVEN,
               EXCHANGE: ActionType.EXCHANGE_SEVEN}
_TYPE_CODES = {v: k for k, v in _CODE_TYPES.items()}
_NO_SEVEN = (-1, -1, False)


def supported(profile: Profile) -> bool:
    """True when the simulator follows every rule of ``profile``: every shipped variant
    with every option of ``engine/variants/options.toml`` (the table-rules mode
    included, whose fines only meet illegal moves). What stays beyond it: a profile
    with other numbers of players, or partnerships not of four."""
    return (profile.players in (2, 3, 4)
            and max(c for c in profile.deck_ids() if c < JOKER_MIN_ID) < PACK_IDS
            and profile.partnerships == (profile.players == 4)
            and profile.identical_cards == "leader_wins")


def beats(lead: int, follow: int, trump: int) -> bool:
    ls, fs = (lead & 31) >> 3, (follow & 31) >> 3
    if fs == ls:
        return (follow & 7) > (lead & 7)
    return fs == trump


def beats_jokers(lead: int, follow: int, trump: int) -> bool:
    """:func:`beats` where jokers may be played (004): a joker never covers, and any
    card covers it."""
    if follow >= JOKER_MIN_ID:
        return False
    if lead >= JOKER_MIN_ID:
        return True
    return beats(lead, follow, trump)


def best_index(trick: Sequence[int], trump: int,
               wins: Callable[[int, int, int], bool] = beats) -> int:
    """Index of the card winning ``trick`` so far (the first of identical cards);
    ``wins``: :func:`beats_jokers` where jokers may be played."""
    best = 0
    for i in range(1, len(trick)):
        if wins(trick[best], trick[i], trump):
            best = i
    return best


# Every king, queen and jack (of every pack) as a bitmask; jokers are none.
_COURTS = sum(1 << c for c in range(PACK_IDS) if 3 <= (c & 7) <= 5)


def _no_court(held: int) -> bool:
    """A hand (as a bitmask) without king, queen or jack: carte blanche."""
    return not held & _COURTS


class FastDeal:
    """A deal as plain lists and ints. ``hold[p]`` is player p's holding,
    ``tables[p]`` the bitmask of its exposed cards, ``history[p]``/``pending[p]``
    lists of ``(meld index, cards tuple)``, shared by partners as in ``Deal``."""

    __slots__ = ("rules", "n", "hold", "held", "tables", "history", "pending", "scores", "brisques",
                 "trick", "played", "dix_counted", "turn_up", "stock", "tricks_played",
                 "scored_this_turn", "leader", "to_move", "phase", "laid", "trick_leader",
                 "last_winner", "last_trick", "tricks_taken", "blanche", "duels", "sevens",
                 "game_won")

    def __init__(self, rules: Rules) -> None:
        n = rules.players
        self.rules = rules
        self.n = n
        self.hold: list[list[int]] = [[] for _ in range(n)]
        self.held = [0] * n        # each holding as a bitmask (bit c for card id c)
        self.tables = [0] * n
        self.history: list[MeldList] = _side_lists(rules, rules.partnerships)
        self.pending: list[MeldList] = _side_lists(rules, rules.use_partner_table)
        self.scores = [0] * n
        self.brisques = [0] * n    # brisques in each player's tricks
        self.trick: list[int] = []
        self.played = 0            # bitmask of card ids played
        self.dix_counted = 0       # bitmask of card ids
        self.turn_up = -1
        self.stock: list[int] = []  # drawn with pop()
        self.tricks_played = 0
        self.scored_this_turn = 0
        self.leader = 0
        self.to_move = 0
        self.phase = LEAD
        self.laid: list[list[int]] = [[] for _ in range(n)]   # 000: captured cards laid out
        self.trick_leader = 0      # who led the last trick (004: the leader draws first)
        self.last_winner = -1
        self.last_trick: list[int] = []   # the last trick's cards (never changed in place)
        self.tricks_taken = [0] * n
        self.blanche: Blanche | None = (0, 0, False, -1) if rules.blanche else None
        self.duels: Duels | None = None
        # 000: the first seven of trumps captured (player, card) and whether one was
        # exchanged for the turn-up.
        self.sevens: tuple[int, int, bool] = _NO_SEVEN
        self.game_won = False      # a combination won the game at once (000)

    # --- construction ---------------------------------------------------------------

    @classmethod
    def new(cls, profile: Profile, rng: random.Random, dealer: int = 0,
            prior_trumps: Sequence[int] = ()) -> FastDeal:
        """Shuffle, cut and deal exactly as :meth:`Deal.new` does with the same RNG."""
        deck = list(profile.deck_ids())
        rng.shuffle(deck)
        cut = rng.randrange(1, len(deck))
        return cls.from_deck(profile, deck[cut:] + deck[:cut], dealer, prior_trumps)

    @classmethod
    def from_deck(cls, profile: Profile, deck: Sequence[int], dealer: int,
                  prior_trumps: Sequence[int] = ()) -> FastDeal:
        n = profile.players
        hands: list[list[int]] = [[] for _ in range(n)]
        slices, position = _deal_plan(profile, dealer)
        for player, start, end in slices:
            hands[player].extend(deck[start:end])
        rest = list(deck[position:])
        trump: int | None = None
        turn_up = -1
        if profile.turn_up:
            # A joker is never turned: it goes to the bottom of the stock (004).
            skipped = []
            while rest[0] >= JOKER_MIN_ID:
                skipped.append(rest.pop(0))
            rest += skipped
            turn_up = rest.pop(0)
            trump = (turn_up & 31) >> 3
        s = cls(rules_for(profile, trump))
        s.hold = hands
        s.held = [card_mask(h) for h in hands]
        s.turn_up = turn_up
        # Cards that cannot go round are set aside unseen, as Deal does.
        spare = (len(rest) + (1 if turn_up >= 0 else 0)) % n
        if spare:
            del rest[len(rest) - spare:]
        s.stock = list(reversed(rest))
        s.leader = s.to_move = s.trick_leader = profile.first_leader(dealer)
        r = s.rules
        if turn_up >= 0:
            if r.dix_dealer and s.is_seven(turn_up):
                s.scores[dealer] += r.dix_points
                s.dix_counted |= 1 << turn_up
            for bonus in (turn_up_bonuses(profile, dealer, turn_up, prior_trumps)
                          if r.deal_bonuses else ()):
                s.scores[bonus.player] += bonus.points
                if bonus.rule_id == "deal.bonus_seven" and s.is_seven(turn_up):
                    s.dix_counted |= 1 << turn_up   # 002: paid for on the deal
        if s.blanche is not None:
            s._offer_blanche([(dealer + 1 + i) % n for i in range(n)])
        return s

    @classmethod
    def from_deal(cls, deal: Deal) -> FastDeal:
        """The current state of an engine deal, every rule's state included."""
        s = cls.from_parts(deal, [sorted(deal.holding(p)) for p in range(deal.profile.players)],
                           list(deal.stock))
        s.trick_leader = deal.trick_leader
        s.tricks_taken = list(deal.tricks_taken)
        winner = deal.last_trick_winner
        s.last_winner = -1 if winner is None else winner
        if winner is not None:
            s.last_trick = deal.won[winner][-deal.profile.players:]
        if s.blanche is not None:
            offer = deal.blanche_offer
            s.blanche = (card_mask(deal.blanche), card_mask(deal.blanche_open),
                         deal.blanche_seen, -1 if offer is None else offer)
        if deal.duels:
            first, second = deal.duels
            s.duels = ((first, second), deal.duel_turn,
                       (deal.duel_leaders[0], deal.duel_leaders[1]))
        captured = ([e for e in deal.events if e.rule_id == "dix.capture"]
                    if s.rules.dix_capture else [])
        if captured:
            event = captured[0]
            s.sevens = (-1 if event.player is None else event.player, event.cards[0],
                        any(e.rule_id == "dix.exchange" for e in deal.events))
        s.game_won = deal.game_meld_side is not None
        return s

    @classmethod
    def from_parts(cls, deal: object, holds: list[list[int]], stock_pop_order: list[int]
                   ) -> FastDeal:
        """From any object with Deal's public attributes (a Deal or a PlayerView),
        with the holdings and the stock (in ``pop()`` order) given explicitly. A view
        does not show the state of carte blanche, the split play-off, who led the last
        trick or the tricks taken: :meth:`from_deal` reads those of a deal."""
        d = deal
        s = cls(rules_for(d.profile, d.trump))  # type: ignore[attr-defined]
        rules = s.rules
        s.hold = holds
        s.held = [card_mask(h) for h in holds]
        names = {m.kind: i for i, m in enumerate(rules.profile.melds)}

        def conv(melds: Sequence[object]) -> MeldList:
            return [(names[m.kind], tuple(sorted(m.cards)))  # type: ignore[attr-defined]
                    for m in melds]

        histories = d.history  # type: ignore[attr-defined]
        pendings = d.pending  # type: ignore[attr-defined]
        for p in range(s.n):
            # Partners share the lists (as in Deal): fill each side's list once.
            if not s.history[p]:
                s.history[p].extend(conv(histories[p]))
            if not s.pending[p]:
                s.pending[p].extend(conv(pendings[p]))
        s.tables = [card_mask(t) for t in d.tables]  # type: ignore[attr-defined]
        s.scores = list(d.scores)  # type: ignore[attr-defined]
        s.brisques = [sum(1 for c in w if c % 8 >= 6) for w in d.won]  # type: ignore[attr-defined]
        s.trick = list(d.trick)  # type: ignore[attr-defined]
        s.played = card_mask(d.played)  # type: ignore[attr-defined]
        s.dix_counted = card_mask(d.dix_counted)  # type: ignore[attr-defined]
        turn_up = d.turn_up  # type: ignore[attr-defined]
        s.turn_up = -1 if turn_up is None else turn_up
        s.stock = stock_pop_order
        s.tricks_played = d.tricks_played  # type: ignore[attr-defined]
        s.scored_this_turn = d.scored_this_turn  # type: ignore[attr-defined]
        s.leader = s.trick_leader = d.leader  # type: ignore[attr-defined]
        s.to_move = d.to_move  # type: ignore[attr-defined]
        s.phase = PHASE_CODES[d.phase]  # type: ignore[attr-defined]
        laid = getattr(d, "laid", ())
        s.laid = [sorted(laid[p]) if laid else [] for p in range(s.n)]
        return s

    def copy(self) -> FastDeal:
        s = FastDeal.__new__(FastDeal)
        s.rules = self.rules
        s.n = self.n
        s.hold = [h[:] for h in self.hold]
        s.held = self.held[:]
        s.tables = self.tables[:]
        s.history = _copied_lists(self.history, self.rules.partnerships)
        s.pending = _copied_lists(self.pending, self.rules.use_partner_table)
        s.scores = self.scores[:]
        s.brisques = self.brisques[:]
        s.trick = self.trick[:]
        s.played = self.played
        s.dix_counted = self.dix_counted
        s.turn_up = self.turn_up
        s.stock = self.stock[:]
        s.tricks_played = self.tricks_played
        s.scored_this_turn = self.scored_this_turn
        s.leader = self.leader
        s.to_move = self.to_move
        s.phase = self.phase
        s.laid = [cards[:] for cards in self.laid]
        s.trick_leader = self.trick_leader
        s.last_winner = self.last_winner
        s.last_trick = self.last_trick          # replaced, never changed in place
        s.tricks_taken = self.tricks_taken[:]
        s.blanche = self.blanche                # immutable tuples
        s.duels = self.duels
        s.sevens = self.sevens
        s.game_won = self.game_won
        return s

    def set_hold(self, player: int, cards: list[int]) -> None:
        """Give ``player`` the holding ``cards`` (the list itself is kept)."""
        self.hold[player] = cards
        self.held[player] = card_mask(cards)

    # --- queries ----------------------------------------------------------------------

    @property
    def stock_count(self) -> int:
        return len(self.stock) + (1 if self.turn_up >= 0 else 0)

    def final_scores(self) -> list[int]:
        return self.scores[:]

    def side(self, player: int) -> int:
        return player % 2 if self.rules.partnerships else player

    def side_scores(self) -> list[int]:
        """Points per side (a player, or a partnership)."""
        if not self.rules.partnerships:
            return self.scores[:]
        s = self.scores
        return [s[0] + s[2], s[1] + s[3]]

    def partner(self, player: int) -> int:
        """The partner's seat, or -1 without partnerships."""
        return (player + 2) % 4 if self.rules.partnerships else -1

    def is_seven(self, card: int) -> bool:
        """The card exchanged for the turn-up (the seven of trumps; a joker never)."""
        return (card & 31) == self.rules.seven and card < JOKER_MIN_ID

    def meld_pool(self, player: int) -> list[int]:
        """The cards ``player`` may declare with: its holding, and the partner's
        exposed cards where the profile allows it."""
        hold = self.hold[player]
        if not self.rules.use_partner_table:
            return hold
        table = self.tables[(player + 2) % 4]
        if not table:
            return hold
        return hold + [c for c in self.hold[(player + 2) % 4] if table >> c & 1]

    def meld_options(self, player: int) -> list[tuple[Row, tuple[int, ...]]]:
        """Every (meld row, sorted cards) ``player`` may score now by the reuse rules,
        in the order Deal lists the declarations."""
        r = self.rules
        assert r.table is not None
        # the pool's bitmask as the holding's and the partner's exposed cards' (meld_pool)
        mask = self.held[player]
        if r.use_partner_table:
            mask |= self.tables[(player + 2) % 4]
        return legal_melds(r.table, (), self.history[player], self.played, mask)

    def _pending_ok(self, index: int, cards: tuple[int, ...], player: int) -> bool:
        """A waiting meld may score when it still forms its meld (trumps may have
        been fixed since it was named) and the reuse rule allows it."""
        table = self.rules.table
        assert table is not None
        return forms(table, index, cards) and reuse_ok(table, index, cards,
                                                       self.history[player], self.played)

    def may_claim_blanche(self, player: int) -> bool:
        """Carte blanche may be claimed now: after the deal (003) or by the first
        court-less hand of the deal, before its holder draws again (002)."""
        bl = self.blanche
        if bl is None or bl[0] >> player & 1:
            return False
        if self.rules.blanche_first_appearance:
            return bl[3] == player and _no_court(self.held[player])
        return self.tricks_played == 0 and _no_court(self.held[player])

    def legal(self) -> list[FastAction]:
        """The fast actions of the player to move, in ``Deal.legal_actions``' order."""
        phase = self.phase
        if phase == OVER:
            return []
        p = self.to_move
        if phase == DECLARE_PHASE:
            return self.declare_actions(p)
        acts = list[FastAction](sorted(self.plays()))
        if self.blanche is not None and self.may_claim_blanche(p):
            acts.append(BLANCHE)
        if phase == LEAD and self.rules.exchange_before_lead:
            acts += self._lead_exchanges(p)
        return acts

    def plays(self) -> list[int]:
        """The cards the player to move may play (lead or follow), unsorted."""
        hold = self.hold[self.to_move]
        if self.phase == LEAD:
            return hold
        if self.stock or self.turn_up >= 0:
            if self.rules.follow_in_stock:    # 004 card-point: suit, else any card
                suit = (self.trick[0] & 31) >> 3
                return [c for c in hold if (c & 31) >> 3 == suit] or hold
            return hold
        return self.playoff_replies(hold, self.trick[0])

    def _lead_exchanges(self, p: int) -> list[FastAction]:
        """004 card-point: the seven of trumps exchanged by the player about to lead."""
        if self.turn_up < 0 or self.is_seven(self.turn_up):
            return []
        hold = self.hold[p]
        return [(EXCHANGE, -1, (c,)) for c in self.rules.seven_ids if c in hold]

    def playoff_replies(self, hold: list[int], lead: int) -> list[int]:
        """The cards of ``hold`` that may follow the current trick in the play-off
        (``lead`` is its first card; with more players the card winning so far
        sets what must be beaten)."""
        r = self.rules
        trick = self.trick
        if len(trick) < 2:
            best = lead
        elif r.jokers:
            best = trick[best_index(trick, r.trump, beats_jokers)]
        else:   # best_index, inlined (suits differ where bits 3-4 do)
            best = lead
            trump = r.trump
            for c in trick:
                if (c ^ best) & 24:
                    if (c & 31) >> 3 == trump:
                        best = c
                elif (c & 7) > (best & 7):
                    best = c
        ls = (lead & 31) >> 3
        same = [c for c in hold if not (c ^ lead) & 24]
        if same and r.follow_suit:
            if r.must_win:
                if r.jokers:
                    higher = [c for c in same if beats_jokers(best, c, r.trump)]
                elif (best ^ lead) & 24:
                    higher = []   # a trump wins over the suit led: none of it beats that
                else:             # beats(best, c) within one suit
                    rank = best & 7
                    higher = [c for c in same if (c & 7) > rank]
                if higher:
                    return higher
            return same
        if r.must_trump and r.trump >= 0 and ls != r.trump:
            trumps = [c for c in hold if (c & 31) >> 3 == r.trump]
            if trumps:
                if r.must_win:
                    if r.jokers:
                        winners = [c for c in trumps if beats_jokers(best, c, r.trump)]
                    elif (best & 31) >> 3 != r.trump:
                        winners = trumps   # any trump beats a card of another suit
                    else:
                        rank = best & 7
                        winners = [c for c in trumps if (c & 7) > rank]
                    if winners:
                        return winners
                return trumps
        return list(hold)

    def declare_actions(self, p: int, looked: Looked | None = None,
                        melds: Sequence[tuple[int, tuple[int, ...]]] | None = None
                        ) -> list[FastAction]:
        """The actions of the declaration phase (``looked``: the quick look at ``p``'s
        holding, when the caller made it: :func:`engine.bots.fast_melds.quick_looks`;
        ``melds``: the (row, cards) of :meth:`meld_options` now, when the caller knows
        them)."""
        r = self.rules
        acts: list[FastAction] = [DRAW]
        if r.partner_declares and p == self.leader and self.scored_this_turn == 0:
            acts.append(PARTNER)
        mask = self.held[p]
        if r.after_tricks and self.tricks_taken[p] < r.after_tricks:
            pass   # 004 (an option): no declarations before so many tricks are won
        elif self.scored_this_turn < r.per_trick:
            assert r.table is not None
            pool_mask = mask    # the holding and the partner's exposed cards (meld_pool)
            if r.use_partner_table:
                pool_mask |= self.tables[(p + 2) % 4]
            for row, cards in legal_melds(r.table, (), self.history[p], self.played,
                                          pool_mask, looked):
                acts.append((DECLARE, row.index, cards))
            pending = self.pending[p]
            if pending:
                for index, cards in pending:
                    if self._pending_ok(index, cards, p):
                        acts.append((SCORE, index, cards))
        elif r.cady:
            waiting = set(self.pending[p])
            if melds is None:
                melds = [(row.index, cards) for row, cards in self.meld_options(p)]
            for index, cards in melds:
                if (index, cards) not in waiting:
                    acts.append((ANNOUNCE, index, cards))
        if r.seven_ids and (r.dix_show or r.dix_exchange):
            if r.exchange_captured:
                sevens = self._exchangeable(p)
            elif not mask & r.seven_mask:
                return acts
            else:
                sevens = [c for c in r.seven_ids if mask >> c & 1]
            if not sevens:
                return acts
            exchange = (r.dix_exchange and self.turn_up >= 0 and not self.is_seven(self.turn_up)
                        and not (r.exchange_declares and self.scored_this_turn >= r.per_trick))
            for c in sevens:
                if r.dix_show and not (self.dix_counted >> c) & 1:
                    acts.append((SHOW, -1, (c,)))
                if exchange:
                    acts.append((EXCHANGE, -1, (c,)))
        return acts

    def _sevens_act(self, p: int) -> bool:
        """Whether the sevens of trumps in ``p``'s hand give :meth:`declare_actions` a
        show or an exchange at the start of a declaration phase (the quick look after
        a trick: a seven shown already and an exchange no longer possible leave the
        draw alone)."""
        r = self.rules
        if r.dix_show and self.held[p] & r.hand_sevens & ~self.dix_counted:
            return True
        return (r.dix_exchange and self.turn_up >= 0 and not self.is_seven(self.turn_up)
                and not (r.exchange_declares and r.per_trick <= 0))

    def _exchangeable(self, p: int) -> list[int]:
        """000: the seven of trumps ``p`` just captured, being the first captured in the
        deal, while none has been exchanged (:func:`engine.rules.captures.exchangeable`)."""
        player, card, exchanged = self.sevens
        if (not self.rules.dix_capture or self.turn_up < 0 or self.last_winner != p
                or exchanged or player != p or card not in self.last_trick):
            return []
        return [card]

    # --- applying -------------------------------------------------------------------

    def apply(self, action: FastAction) -> None:
        """Apply a fast action taken from :meth:`legal` (not validated)."""
        if isinstance(action, int):
            if action >= 0:
                self._play(action)
            elif action == DRAW:
                self._draw()
            elif action == PARTNER:
                self.to_move = (self.to_move + 2) % 4
            else:
                self._claim_blanche()
            return
        code, index, cards = action
        p = self.to_move
        r = self.rules
        if code == DECLARE or code == SCORE:
            if code == SCORE:
                self.pending[p].remove((index, cards))
            self._expose(p, cards)
            self.history[p].append((index, cards))
            self.scored_this_turn += 1
            self.scores[p] += r.spec_points[index]
            if r.trump < 0 and r.profile.melds[index].suit == "trump" and (
                    r.profile.melds[index].pattern in r.profile.declaring.trump_from):
                self.rules = rules_for(r.profile, (min(cards) & 31) >> 3)
            if index in r.game_melds:   # the game is won at once: the deal ends here
                self._end(None)
        elif code == ANNOUNCE:
            self._expose(p, cards)
            self.pending[p].append((index, cards))
        elif code == SHOW:
            self.scores[p] += r.dix_points
            self.dix_counted |= 1 << cards[0]
        elif r.exchange_captured:
            self._exchange_captured(p, cards[0])
        else:  # EXCHANGE from the hand
            card = cards[0]
            hold = self.hold[p]
            hold.remove(card)
            hold.append(self.turn_up)
            self.held[p] ^= 1 << card | 1 << self.turn_up
            self.tables[p] &= ~(1 << card)
            self.turn_up = card
            if r.dix_points and not (self.dix_counted >> card) & 1:
                self.scores[p] += r.dix_points
                self.dix_counted |= 1 << card
            if r.exchange_declares:
                self.scored_this_turn += 1   # 002: the exchange is this trick's declaration

    def _expose(self, p: int, cards: tuple[int, ...]) -> None:
        """The cards of a meld from ``p``'s own holding go on its table (a partner's
        exposed cards used in it stay on the partner's table)."""
        bits = 0
        for c in cards:
            bits |= CARD_BIT[c]   # looked up: shifts past 30 bits allocate
        self.tables[p] |= bits & self.held[p]

    def _play(self, card: int) -> None:
        p = self.to_move
        r = self.rules
        self.hold[p].remove(card)
        bit = CARD_BIT[card]
        self.held[p] ^= bit
        tables = self.tables
        if tables[p] & bit:   # the card was exposed
            tables[p] ^= bit
        self.played |= bit
        trick = self.trick
        trick.append(card)
        pending = self.pending[p]
        if pending:
            pending[:] = [m for m in pending if card not in m[1]]
        if (r.dix_first_play and (card & 31) == r.seven and not (self.dix_counted >> card) & 1
                and card < JOKER_MIN_ID):
            self.scores[p] += r.dix_points
            self.dix_counted |= 1 << card
        duels = self.duels
        if duels is None:
            if len(trick) < self.n:
                self.phase = FOLLOW
                self.to_move = (p + 1) % self.n
                return
        elif len(trick) < 2:
            self.phase = FOLLOW
            pair = duels[0][duels[1]]
            self.to_move = pair[1] if p == pair[0] else pair[0]
            return
        self._finish(trick)

    def _finish(self, trick: list[int]) -> None:
        in_stock = bool(self.stock) or self.turn_up >= 0
        self._next(self._take(trick, in_stock), in_stock)

    def _take(self, trick: list[int], in_stock: bool) -> int:
        """The finished ``trick`` goes to its winner, returned: brisques, sevens and
        captures counted, points per trick scored, the winner to lead."""
        r = self.rules
        trump = r.trump
        if r.jokers:
            best = best_index(trick, trump, beats_jokers)
        elif len(trick) == 2:   # best_index, inlined: the hot path of every trick
            lead, follow = trick
            if (lead ^ follow) & 24:   # suits differ
                best = 1 if (follow & 31) >> 3 == trump else 0
            else:
                best = 1 if (follow & 7) > (lead & 7) else 0
        else:
            best = 0
            top = trick[0]
            for i in range(1, len(trick)):
                c = trick[i]
                suit = (c & 31) >> 3
                if suit == (top & 31) >> 3:
                    if (c & 7) > (top & 7):
                        best, top = i, c
                elif suit == trump:
                    best, top = i, c
        if self.duels:
            winner = self.leader if best == 0 else self.to_move
        else:
            winner = (self.leader + best) % self.n
        if r.tricks_kept:
            brisques = 0
            for c in trick:
                if c & 6 == 6:     # a ten or an ace
                    brisques += 1
            if brisques:
                self.brisques[winner] += brisques
        if r.trick_extras:
            self._trick_extras(winner, trick, trick[best], in_stock)
        self.trick = []
        self.last_trick = trick
        self.last_winner = winner
        self.tricks_played += 1
        self.trick_leader = self.leader
        self.leader = self.to_move = winner
        return winner

    def _trick_extras(self, winner: int, trick: list[int], win_card: int,
                      in_stock: bool) -> None:
        """A trick's rarer rules (Rules.trick_extras): the seven of trumps winning it,
        000's captures, the tricks counted, points per trick."""
        r = self.rules
        if r.dix_trick_win:
            if self.is_seven(win_card) and not (self.dix_counted >> win_card) & 1:
                self.scores[winner] += r.dix_points
                self.dix_counted |= 1 << win_card
        if r.captured:
            self._capture(winner, trick)
        if r.after_tricks:   # read only by 004's option of declaring after so many
            self.tricks_taken[winner] += 1
        if r.trick_scores:
            self.scores[winner] += self._trick_value(trick, in_stock)

    def _next(self, winner: int, in_stock: bool) -> None:
        """What follows a trick taken (:meth:`_take`): the deal's end, the next duel,
        the declarations (in the stock) or the next lead."""
        if self.game_won:
            self._end(None)
        elif self.tricks_played == self.rules.tricks:
            self._end(winner)
        elif self.duels:
            self._next_duel(winner)
        elif in_stock:
            self.phase = DECLARE_PHASE
            self.scored_this_turn = 0
        else:
            self.phase = LEAD

    def _trick_value(self, trick: list[int], in_stock: bool) -> int:
        """002's points per trick and bonus, 004's card values (a joker's kind is a
        seven's, which counts nothing and earns no bonus)."""
        r = self.rules
        values = r.card_values
        total = r.trick_points
        kinds = 0
        for c in trick:
            total += values[c & 31]
            kinds |= 1 << (c & 31)
        if r.trick_bonus and kinds & (r.bonus_kinds if in_stock else r.playoff_bonus_kinds):
            total += r.trick_bonus
        return total

    def _next_duel(self, winner: int) -> None:
        """000, four-handed: the play-offs take turns, trick by trick."""
        duels = self.duels
        assert duels is not None
        pairs, turn, leaders = duels
        new_leaders = (winner, leaders[1]) if turn == 0 else (leaders[0], winner)
        other = 1 - turn
        if self.hold[pairs[other][0]]:
            turn = other
        self.duels = (pairs, turn, new_leaders)
        self.leader = self.to_move = new_leaders[turn]
        self.phase = LEAD

    def _score_last(self, winner: int) -> None:
        r = self.rules
        if r.last_split:
            half = r.last_bonus // 2
            self.scores[winner] += r.last_bonus - half
            self.scores[(winner + 2) % 4] += half
        else:
            self.scores[winner] += r.last_bonus

    def _end(self, winner: int | None) -> None:
        """The deal is over: ``winner`` took its last trick (None: it ended otherwise)."""
        r = self.rules
        if winner is not None and r.last_bonus and not r.last_at_stock_end:
            self._score_last(winner)
        if r.brisque_points:
            for p in range(self.n):
                self.scores[p] += self.brisques[p] * r.brisque_points
        self.phase = OVER

    def _draw(self) -> None:
        stock = self.stock
        n = self.n
        if len(stock) > n and (self.blanche is None or self._quiet_blanche()):
            # the usual draw, one card each
            winner = self.leader
            hold = self.hold
            held = self.held
            first = self.trick_leader if self.rules.leader_draws_first else winner
            card = stock.pop()
            hold[first].append(card)
            held[first] |= CARD_BIT[card]
            for offset in range(1, n):
                player = (first + offset) % n
                card = stock.pop()
                hold[player].append(card)
                held[player] |= CARD_BIT[card]
            self.phase = LEAD
            self.to_move = winner
            return
        r = self.rules
        winner = self.leader   # the trick winner draws first, even if the partner declared
        first = self.trick_leader if r.leader_draws_first else winner
        bl = self.blanche
        if bl is not None:
            bl = self.blanche = (bl[0], bl[1], bl[2], -1)   # 002: claimed before drawing
        hold = self.hold
        for offset in range(n):
            player = (first + offset) % n
            if stock:
                card = stock.pop()
                hold[player].append(card)
                self.held[player] |= CARD_BIT[card]
                if bl is not None and bl[1] >> player & 1:
                    self._blanche_draw(player, card)
            elif self.turn_up >= 0:
                hold[player].append(self.turn_up)
                self.held[player] |= CARD_BIT[self.turn_up]
                self.turn_up = -1
        self.phase = LEAD
        self.to_move = winner
        if bl is not None:
            self._offer_blanche([(first + offset) % n for offset in range(n)])
        if not stock and self.turn_up < 0:
            if r.last_at_stock_end:   # 000: the last trick before the stock ends
                self._score_last(winner)
            self._stock_exhausted()

    def _stock_exhausted(self) -> None:
        r = self.rules
        for p in range(self.n):
            self.pending[p].clear()
        self.tables = [0] * self.n
        if r.stock_out_ends:   # 004 (jokers): nothing is left to play for
            self._end(None)
            return
        if r.split_pairs:
            first = self.leader
            mate = (first + 2) % 4
            self.duels = (((first, (first + 1) % 4), (mate, (first + 3) % 4)), 0, (first, mate))
        if r.skip_hopeless and self._hopeless():
            self._end(None)

    def _hopeless(self) -> bool:
        """003: the play-off cannot change the result (fast_settle.playoff_hopeless)."""
        won = [0, 0]
        scores = [0, 0]
        for p in range(self.n):
            won[self.side(p)] += self.brisques[p]
            scores[self.side(p)] += self.scores[p]
        left = sum(1 for h in self.hold for c in h if (c & 7) >= 6)
        return playoff_hopeless(self.rules.profile, scores, won, left)

    # --- carte blanche --------------------------------------------------------------

    def _claim_blanche(self) -> None:
        r = self.rules
        bl = self.blanche
        assert bl is not None
        p = self.to_move
        claimed, repeating, seen, offer = bl
        claimers = 1 << p
        points = r.blanche
        mate = (p + 2) % 4
        if (r.partnerships and r.blanche_double and not claimed >> mate & 1
                and _no_court(self.held[mate])):
            claimers |= 1 << mate       # both partners: one double carte blanche (003)
            points = r.blanche_double
        if r.blanche_repeat:
            repeating |= claimers
        if r.blanche_first_appearance:
            offer = -1
        self.blanche = (claimed | claimers, repeating, seen, offer)
        self.scores[p] += points

    def _blanche_draw(self, player: int, card: int) -> None:
        """003: a claimed carte blanche scores again for each non-court card drawn."""
        if 3 <= (card & 7) <= 5 and card < JOKER_MIN_ID:
            bl = self.blanche
            assert bl is not None
            self.blanche = (bl[0], bl[1] & ~(1 << player), bl[2], bl[3])
        else:
            self.scores[player] += self.rules.blanche

    def _offer_blanche(self, order: Sequence[int]) -> None:
        """002: the first hand without court cards, after the deal or a draw."""
        bl = self.blanche
        if (bl is None or not self.rules.blanche_first_appearance or bl[2]
                or (not self.stock and self.turn_up < 0)):
            return
        for player in order:
            if _no_court(self.held[player]):
                self.blanche = (bl[0], bl[1], True, player)
                return

    # --- 000: captured combinations -----------------------------------------------------

    def _capture(self, winner: int, cards: list[int]) -> None:
        """What a won trick scores (:func:`engine.bots.fast_captures.capture`): brisques,
        the combinations the captured cards complete with the winner's laid-out cards,
        a seven of trumps not yet counted."""
        r = self.rules
        table = r.table
        assert table is not None
        # engine.bots.fast_captures.capture, on the rules' own tables
        if r.capture_brisque:
            for card in cards:
                if card & 6 == 6:     # a ten or an ace
                    self.scores[winner] += r.capture_brisque
        kinds = r.laid_kinds
        kept = []       # a loop: a comprehension's own frame costs more for a trick's cards
        for c in cards:
            if kinds >> (c & 31) & 1:
                kept.append(c)
        if kept:
            laid = self.laid[winner]
            partner = self.laid[(winner + 2) % 4] if r.partnerships else []
            melds = capture_melds(table, laid, kept, self.history[winner], partner)
            laid.extend(kept)
            if melds:
                self._score_captured(winner, melds)
        if r.dix_capture:
            sevens = r.seven_mask
            for card in cards:
                if CARD_BIT[card] & sevens and not (self.dix_counted >> card) & 1:
                    self.scores[winner] += r.dix_points
                    self.dix_counted |= 1 << card
                    if self.sevens[0] < 0:
                        self.sevens = (winner, card, False)

    def _score_captured(self, player: int, melds: list[tuple[int, tuple[int, ...]]]) -> None:
        r = self.rules
        history = self.history[player]
        for index, cards in melds:
            history.append((index, cards))
            self.scores[player] += r.spec_points[index]
            if index in r.game_melds:
                self.game_won = True

    def _exchange_captured(self, p: int, card: int) -> None:
        """000: the captured seven becomes the turn-up, which joins the captures
        (:func:`engine.rules.captures.exchange`)."""
        r = self.rules
        table = r.table
        assert table is not None
        old = self.turn_up
        self.turn_up = card
        self.sevens = (self.sevens[0], self.sevens[1], True)
        self.last_trick = [old if c == card else c for c in self.last_trick]
        if (old & 7) >= 6:
            self.brisques[p] += 1
            if r.profile.scoring.brisques == "on_capture":
                self.scores[p] += r.profile.scoring.brisque_points
        if combinable(table, old):
            partner = self.laid[(p + 2) % 4] if r.partnerships else []
            melds = capture_melds(table, self.laid[p], [old], self.history[p], partner)
            self.laid[p].append(old)
            self._score_captured(p, melds)
        if self.game_won:
            self._end(None)

    # --- playouts ---------------------------------------------------------------------

    def play_random(self, rng: random.Random, trace: list[FastAction] | None = None) -> None:
        """Play to the end choosing uniformly among the legal actions."""
        draw = rng.random
        record = None if trace is None else trace.append
        while self.phase != OVER:
            if self._plain_lead():
                self._random_tricks(draw, record)
                continue
            acts = self.legal()
            action = acts[trunc(draw() * len(acts))]
            if record is not None:
                record(action)
            self.apply(action)

    def _plain_lead(self) -> bool:
        """A lead where only cards may be played: no carte blanche to claim, no seven to
        exchange before it, no split play-off (:meth:`_random_tricks` plays on)."""
        if self.phase != LEAD or self.duels is not None:
            return False
        r = self.rules
        if (r.exchange_before_lead and self.held[self.to_move] & r.seven_mask
                and self.turn_up >= 0 and not self.is_seven(self.turn_up)):
            return False    # 004 card-point: the seven may be exchanged (_lead_exchanges)
        bl = self.blanche
        return bl is None or (bl[3] < 0 if self.rules.blanche_first_appearance
                              else self.tricks_played > 0)

    def _quiet_blanche(self) -> bool:
        """Carte blanche has nothing to do at a draw: none in the game, or none
        scoring again for its cards drawn (003), none offered or to be offered (002)."""
        bl = self.blanche
        return bl is None or (not bl[1] and bl[3] < 0
                              and (bl[2] or not self.rules.blanche_first_appearance))

    def _random_tricks(self, draw: Callable[[], float],
                       record: Callable[[FastAction], None] | None) -> None:
        """Random tricks from a plain lead (:meth:`_plain_lead`), each with its random
        declarations and the draw, while the leads stay plain: the hot loop of random
        playouts, the same as :meth:`apply` action by action. The usual trick in the
        stock (a draw that leaves cards in the stock, no carte blanche to watch) is
        played here on local names: the cards, the trick taken (as :meth:`_take`),
        nothing to declare (the quick look) and the draw (as :meth:`_draw`); the other
        tricks' cards too, the rest through the methods. (The two card loops differ in
        what they track; one loop with both costs every usual trick more.)"""
        n = self.n
        after = _NEXT_SEAT[n]
        hold = self.hold
        held = self.held
        pending = self.pending
        history = self.history
        stock = self.stock
        brisques = self.brisques
        quiet = self.blanche is None or self._quiet_blanche()   # changes only at a draw
        pair = n == 2 and not self.rules.follow_in_stock
        while True:
            r = self.rules     # replaced when the first marriage fixes trumps
            tables = self.tables
            trick = self.trick
            played = self.played
            sevens = r.seven_mask if r.dix_first_play else 0
            p = leader = self.to_move
            if len(stock) > n:
                trump = r.trump
                suited = r.follow_in_stock    # 004 card-point: suit followed in the stock
                kept = r.tricks_kept
                jokers = r.jokers
                taken = 0       # brisques in the trick
                top = winner = -1
                if pair:
                    # Two players, any card: the two cards unrolled (the loop below,
                    # card for card; the same random numbers in the same order).
                    q = after[p]
                    cards = hold[p]
                    lead = cards.pop(trunc(draw() * len(cards)))
                    cards = hold[q]
                    top = cards.pop(trunc(draw() * len(cards)))
                    bit = CARD_BIT[lead]
                    bit2 = CARD_BIT[top]
                    played |= bit | bit2
                    held[p] ^= bit
                    held[q] ^= bit2
                    if tables[p] & bit:   # the card was exposed
                        tables[p] ^= bit
                    if tables[q] & bit2:   # the card was exposed
                        tables[q] ^= bit2
                    if pending[p]:
                        pending[p][:] = [m for m in pending[p] if lead not in m[1]]
                    if pending[q]:
                        pending[q][:] = [m for m in pending[q] if top not in m[1]]
                    if sevens:
                        if bit & sevens and not self.dix_counted & bit:
                            self.scores[p] += r.dix_points
                            self.dix_counted |= bit
                        if bit2 & sevens and not self.dix_counted & bit2:
                            self.scores[q] += r.dix_points
                            self.dix_counted |= bit2
                    trick = [lead, top]    # self.trick stays the empty list it is
                    if record is not None:
                        record(lead)
                        record(top)
                    if kept:
                        taken = (lead & 6 == 6) + (top & 6 == 6)   # tens and aces
                    if (beats_jokers(lead, top, trump) if jokers
                            else (top & 7) > (lead & 7) if not (top ^ lead) & 24
                            else (top & 31) >> 3 == trump):
                        winner = q
                    else:
                        top, winner = lead, p
                else:
                    for i in range(n):
                        cards = hold[p]
                        if i and suited:
                            suit = (trick[0] & 31) >> 3
                            options = [c for c in cards if (c & 31) >> 3 == suit] or cards
                            card = options[trunc(draw() * len(options))]
                            cards.remove(card)
                        else:
                            card = cards.pop(trunc(draw() * len(cards)))
                        bit = CARD_BIT[card]
                        played |= bit
                        held[p] ^= bit
                        if tables[p] & bit:   # the card was exposed
                            tables[p] ^= bit
                        if pending[p]:
                            pending[p][:] = [m for m in pending[p] if card not in m[1]]
                        if bit & sevens and not self.dix_counted & bit:
                            self.scores[p] += r.dix_points
                            self.dix_counted |= bit
                        trick.append(card)
                        if record is not None:
                            record(card)
                        if kept and card & 6 == 6:     # a ten or an ace
                            taken += 1
                        # the card winning so far (best_index)
                        if top < 0:
                            top, winner = card, p
                        elif jokers:
                            if beats_jokers(top, card, trump):
                                top, winner = card, p
                        elif ((card & 7) > (top & 7) if not (card ^ top) & 24
                              else (card & 31) >> 3 == trump):
                            top, winner = card, p
                        p = after[p]
                    self.trick = []
                self.played = played
                if taken:
                    brisques[winner] += taken
                if r.trick_extras:
                    self._trick_extras(winner, trick, top, True)
                self.last_trick = trick
                self.last_winner = winner
                self.tricks_played += 1
                self.trick_leader = leader
                self.leader = self.to_move = winner
                if self.game_won:
                    self._end(None)
                    return
                self.phase = DECLARE_PHASE
                self.scored_this_turn = 0
                looked: Looked | None = None
                # The quick look at the winner's pool and, where the winner may pass the
                # turn to the partner (declare_actions' [DRAW, PARTNER] when nothing is
                # found, one random number), at the partner's, whose only action is then
                # the draw: nothing to declare, the draw is made here.
                nothing = False
                declarer = winner
                while (r.quiet_declare and not pending[declarer]
                        and not (r.exchange_captured and self.sevens[0] == declarer
                                 and self._exchangeable(declarer))):
                    pool = held[declarer]
                    if r.use_partner_table:
                        pool |= tables[(declarer + 2) % 4]
                    plain = r.plain_looks
                    short: bool | None = None   # no_counted, when asked here
                    if not r.per_trick or (
                            plain is not None
                            and not plain.simple_pass.get((pool | pool >> 32)
                                                          & plain.simple_mask, True)
                            and (short := no_counted(plain, pool))):
                        # most pools: no simple row (as cached) and too few cards for a
                        # counted one, what quick_looks would find without its calls
                        looked = _NOTHING_LOOKED
                    else:
                        looked = quick_looks(r.table, pool,   # type: ignore[arg-type]
                                             history[declarer], played, short)
                    if looked[0] or (held[declarer] & r.hand_sevens
                                     and self._sevens_act(declarer)):
                        break       # declare_actions lists what there is
                    if declarer == winner and r.partner_declares and trunc(draw() * 2):
                        if record is not None:
                            record(PARTNER)
                        self.to_move = declarer = (winner + 2) % 4
                        looked = None
                        continue
                    nothing = True
                    break
                if nothing:
                    # the draw, one card each from the first
                    if record is not None:
                        record(DRAW)
                    self.to_move = winner    # the winner leads after the partner's turn
                    if not quiet:    # carte blanche watches the draw (_draw)
                        self._draw()
                        if self.phase != LEAD or not self._plain_lead():
                            return
                        quiet = self._quiet_blanche()
                        continue
                    q = leader if r.leader_draws_first else winner
                    for _ in range(n):
                        card = stock.pop()
                        hold[q].append(card)
                        held[q] |= CARD_BIT[card]
                        q = after[q]
                    self.phase = LEAD
                    continue
            else:
                in_stock = bool(stock) or self.turn_up >= 0
                if (n == 2 and not in_stock and not r.jokers and not r.trick_extras
                        and self.blanche is None and self.duels is None):
                    self._random_playoff_pair(draw, record)
                    return
                free = in_stock and not r.follow_in_stock
                for i in range(n):
                    cards = hold[p]
                    if free or i == 0:
                        card = cards.pop(trunc(draw() * len(cards)))
                    else:
                        # plays(), its phase and player aside (_take sets both)
                        if in_stock:   # 004 card-point: the suit led, else any card
                            lead = trick[0]
                            options = [c for c in cards if not (c ^ lead) & 24] or cards
                        else:
                            options = self.playoff_replies(cards, trick[0])
                        card = options[trunc(draw() * len(options))]
                        cards.remove(card)
                    bit = CARD_BIT[card]
                    played |= bit
                    held[p] ^= bit
                    if tables[p] & bit:   # the card was exposed
                        tables[p] ^= bit
                    if pending[p]:
                        pending[p][:] = [m for m in pending[p] if card not in m[1]]
                    if bit & sevens and not self.dix_counted & bit:
                        self.scores[p] += r.dix_points
                        self.dix_counted |= bit
                    trick.append(card)
                    if record is not None:
                        record(card)
                    p = after[p]
                self.played = played
                self._next(self._take(trick, in_stock), in_stock)
                looked = None
            carried: list[tuple[int, tuple[int, ...]]] | None = None
            while self.phase == DECLARE_PHASE:
                looked, carried = self._random_declaration(draw, record, looked, carried)
            if self.phase != LEAD or not self._plain_lead():
                return
            quiet = self.blanche is None or self._quiet_blanche()

    def _random_playoff_pair(self, draw: Callable[[], float],
                             record: Callable[[FastAction], None] | None) -> None:
        """The play-off of two players to the deal's end (no jokers, no trick extras, no
        carte blanche, no duels: nothing but cards between its tricks): the other card
        loop of :meth:`_random_tricks` with :meth:`playoff_replies` for the second
        card (its best card is the lead), :meth:`_take` and :meth:`_next` inlined; the
        same random numbers in the same order."""
        r = self.rules
        hold, held, tables, pending = self.hold, self.held, self.tables, self.pending
        brisques = self.brisques
        trump = r.trump
        follow_suit, must_win = r.follow_suit, r.must_win
        must_trump = r.must_trump and trump >= 0
        kept = r.tricks_kept
        sevens = r.seven_mask if r.dix_first_play else 0
        played = self.played
        p = self.to_move
        tricks, last = self.tricks_played, r.tricks
        while True:
            q = 1 - p
            cards = hold[p]
            lead = cards.pop(trunc(draw() * len(cards)))
            cards = hold[q]
            # the holding's bitmask says first whether it has the suit led at all
            same = ([c for c in cards if not (c ^ lead) & 24]
                    if held[q] & _SUIT_BITS[(lead & 24) >> 3] else None)
            if same and follow_suit:
                options = same
                if must_win:
                    rank = lead & 7
                    options = [c for c in same if (c & 7) > rank] or same
            elif must_trump and (lead & 31) >> 3 != trump:
                # any trump beats the lead of another suit (must_win or not)
                options = ([c for c in cards if (c & 31) >> 3 == trump]
                           if held[q] & _SUIT_BITS[trump] else cards)
            else:
                options = cards
            top = options[trunc(draw() * len(options))]
            cards.remove(top)
            for player, card in ((p, lead), (q, top)):
                bit = CARD_BIT[card]
                played |= bit
                held[player] ^= bit
                if tables[player] & bit:   # the card was exposed
                    tables[player] ^= bit
                if pending[player]:
                    pending[player][:] = [m for m in pending[player] if card not in m[1]]
                if bit & sevens and not self.dix_counted & bit:
                    self.scores[player] += r.dix_points
                    self.dix_counted |= bit
                if record is not None:
                    record(card)
            winner = (q if (top & 31) >> 3 == trump else p) if (lead ^ top) & 24 else (
                q if (top & 7) > (lead & 7) else p)
            if kept:
                taken = (lead & 6 == 6) + (top & 6 == 6)   # tens and aces
                if taken:
                    brisques[winner] += taken
            tricks += 1
            if tricks == last:
                # the last trick's fields, read by nothing in this loop, set once
                self.last_trick = [lead, top]
                self.last_winner = winner
                self.tricks_played = tricks
                self.trick_leader = p
                self.leader = self.to_move = winner
                self.played = played
                self._end(winner)
                return
            p = winner

    def _random_declaration(self, draw: Callable[[], float],
                            record: Callable[[FastAction], None] | None,
                            looked: Looked | None = None,
                            melds: list[tuple[int, tuple[int, ...]]] | None = None
                            ) -> tuple[Looked | None, list[tuple[int, tuple[int, ...]]] | None]:
        """One random action of the declaration phase (``looked``: the quick look at
        the holding, when made; ``melds``: the legal melds now, when known). Returns
        the quick look and the legal melds after it where they are known without a
        search (else None)."""
        r = self.rules
        action: FastAction = DRAW
        acts: list[FastAction] = []
        # After this trick's declarations the draw is the only action (declare_actions'
        # [DRAW]) unless waiting melds may be announced or a seven shown or exchanged.
        if (self.scored_this_turn < r.per_trick or r.cady or r.exchange_captured
                or self.held[self.to_move] & r.hand_sevens):
            acts = self.declare_actions(self.to_move, looked, melds)
            if len(acts) > 1:
                action = acts[trunc(draw() * len(acts))]
        if record is not None:
            record(action)
        if action == DRAW:
            self._draw()
            return None, None
        self.apply(action)
        if isinstance(action, int):   # the turn passed to the partner
            return None, None
        code, index, cards = action
        if code == ANNOUNCE or code == SHOW:
            return looked, melds    # the pool and the history as they were
        # Cady: after a score the waiting melds are named from the same pool, the
        # declared cards still in it, so what was found just before is carried over
        # (a second full search was about a tenth of a two-handed deal).
        table = r.table
        if ((code == DECLARE or code == SCORE) and r.cady and self.rules is r
                and self.phase == DECLARE_PHASE and table is not None
                and carries_over(table)):
            before = [(a[1], a[2]) for a in acts
                      if not isinstance(a, int) and a[0] == DECLARE]
            return None, after_scoring(table, before, index, cards)
        return None, None


_NOTHING_LOOKED: Looked = ((), None)
# per (profile id, dealer): the profile and its deal's packets as (player, start, end)
# slices of the pack, and where the stock starts (read at every playout's deal)
_PLANS: dict[tuple[int, int], tuple[Profile, tuple[tuple[int, int, int], ...], int]] = {}


def _deal_plan(profile: Profile, dealer: int) -> tuple[tuple[tuple[int, int, int], ...], int]:
    """The packets ``dealer`` deals, in order, as (player, start, end) slices of the
    pack, and the position of the rest (:func:`engine.rules.dealing.deal_order`)."""
    key = (id(profile), dealer)
    found = _PLANS.get(key)
    if found is not None and found[0] is profile:
        return found[1], found[2]
    slices: list[tuple[int, int, int]] = []
    position = 0
    order = deal_order(profile, dealer)
    for packet in profile.deal_packets:
        for player in order:
            slices.append((player, position, position + packet))
            position += packet
    _PLANS[key] = (profile, tuple(slices), position)
    return tuple(slices), position
# per suit, the bits of its card ids in a holding's bitmask (a suit is bits 3-4 of an id)
_SUIT_BITS = tuple(sum(1 << c for c in range(PACK_IDS) if (c & 24) >> 3 == suit)
                   for suit in range(4))
_NEXT_SEAT = {n: tuple((p + 1) % n for p in range(n)) for n in (2, 3, 4)}


def _side_lists(rules: Rules, shared: bool) -> list[MeldList]:
    """One list per player; when ``shared``, partners share theirs (the same object)."""
    if shared:
        sides: list[MeldList] = [[], []]
        return [sides[p % 2] for p in range(rules.players)]
    return [[] for _ in range(rules.players)]


def _copied_lists(lists: list[MeldList], shared: bool) -> list[MeldList]:
    """Copies of per-player meld lists, partners' shared ones still shared."""
    if shared:
        sides = [lists[0][:], lists[1][:]]
        return [sides[p % 2] for p in range(len(lists))]
    return [m[:] for m in lists]


# --- conversions --------------------------------------------------------------------


def card_mask(cards: Iterable[int]) -> int:
    """The cards as one int: bit ``c`` set for each card id ``c``."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def to_action(rules: Rules, action: FastAction) -> Action:
    """The engine :class:`Action` of a fast action."""
    if isinstance(action, int):
        if action == DRAW:
            return Action(ActionType.DRAW)
        if action == PARTNER:
            return Action(ActionType.PARTNER)
        return Action(ActionType.CARTE_BLANCHE) if action == BLANCHE else Action.play(action)
    code, index, cards = action
    meld = rules.profile.melds[index].kind if index >= 0 else ""
    return Action(_CODE_TYPES[code], tuple(sorted(cards)), meld)


def from_action(rules: Rules, action: Action) -> FastAction:
    """The fast action of an engine :class:`Action`."""
    if action.type is ActionType.PLAY:
        return action.card
    if action.type is ActionType.DRAW:
        return DRAW
    if action.type is ActionType.PARTNER:
        return PARTNER
    if action.type is ActionType.CARTE_BLANCHE:
        return BLANCHE
    index = -1
    if action.meld:
        index = next(i for i, m in enumerate(rules.profile.melds) if m.kind == action.meld)
    return (_TYPE_CODES[action.type], index, tuple(sorted(action.cards)))


__all__ = ["ANNOUNCE", "BLANCHE", "DECLARE", "DECLARE_PHASE", "DRAW", "EXCHANGE", "FOLLOW",
           "LEAD", "OVER", "PARTNER", "SCORE", "SHOW", "FastAction", "FastDeal", "MeldList",
           "MeldMove", "MeldRule", "Rules", "beats", "beats_jokers", "best_index",
           "card_mask", "from_action", "rules_for", "supported", "to_action"]
