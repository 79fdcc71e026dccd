"""One deal as an explicit state machine of actions and events.

``legal_actions()`` is the one list of what the player to move may do and
``apply(action)`` the one way to change the state; it returns the events the
action caused. An illegal action raises :class:`IllegalActionError` naming the
rule and leaves the state unchanged.

Variant mechanics (captures, fines) are called at fixed hook points and act on
the deal through a few public operations (``emit``, ``score_points``, ``draw``,
...): see :mod:`engine.rules.hooks`.

Phases: ``lead`` → ``follow`` → (``declare`` while stock remains) → ``lead`` …
→ ``over``. Only the trick winner acts in ``declare``; ``draw`` ends it.

    >>> import random
    >>> from engine.rules.profile import load_profile
    >>> deal = Deal.new(load_profile("two-handed"), random.Random(7), dealer=0)
    >>> deal.phase, deal.to_move, len(deal.holding(1)), deal.stock_count
    ('lead', 1, 8, 48)
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.errors import BeziqueError, CorruptSaveError, IllegalActionError, json_problem
from engine.notation.actions import Action, ActionType, well_formed
from engine.notation.cards import Card, Rank, Suit, is_joker, parse_card
from engine.rules import captures, penalties  # mechanics: see engine.rules.hooks
from engine.rules.dealing import deal_order, deal_step, turn_up_bonuses
from engine.rules.melds import ScoredMeld, all_verdicts, display_order, fixes_trump, judge, pretty
from engine.rules.profile import Profile, apply_option, load_profile, variant_names
from engine.rules.trick_scoring import trick_extras
from engine.rules.tricks import (
    is_brisque,
    is_trump_seven,
    playoff_legal,
    playoff_obligation,
    suit_of,
    trick_best,
)
from engine.text.explain import Event, Step, refusal, step

LEAD, FOLLOW, DECLARE, OVER = "lead", "follow", "declare", "over"
SAVE_FORMAT = "bezique-deal"
MAX_SAVE_BYTES = 1_000_000
MAX_ACTIONS = 2_000


class Deal:
    """The state of one deal. Build with :meth:`new` or :meth:`from_json`."""

    def __init__(self, profile: Profile, deck: Sequence[int], dealer: int,
                 prior_trumps: Sequence[int] = (), prior_totals: Sequence[int] = ()) -> None:
        n = profile.players
        self.profile = profile
        self.dealer = dealer
        # The game so far, for 002's trump-streak bonus and its fine of all points.
        self.prior_trumps: tuple[int, ...] = tuple(prior_trumps)
        self.prior_totals: tuple[int, ...] = tuple(prior_totals) or (0,) * n
        self.deck: tuple[int, ...] = tuple(deck)
        self.hands: list[set[int]] = [set() for _ in range(n)]
        self.tables: list[set[int]] = [set() for _ in range(n)]
        self.won: list[list[int]] = [[] for _ in range(n)]
        # Partners share one history of scored melds (same list objects). A waiting
        # meld is its declarer's, scored by him on a later trick (001 §03; 004 l.198,
        # l.230: each declares his own game); partners share those too only where one
        # may declare with the other's exposed cards (003's four-handed Rubicon).
        team_history: list[list[ScoredMeld]] = [[] for _ in range(profile.sides)]
        self.history = [team_history[profile.team(p)] for p in range(n)]
        if profile.partnerships and profile.declaring.use_partner_table:
            team_pending: list[list[ScoredMeld]] = [[] for _ in range(profile.sides)]
            self.pending = [team_pending[profile.team(p)] for p in range(n)]
        else:
            self.pending = [[] for _ in range(n)]
        self.scores: list[int] = [0] * n
        self.events: list[Event] = []
        self.actions: list[Action] = []
        self.trick: list[int] = []
        self.played: set[int] = set()
        self.dix_counted: set[int] = set()
        self.trump: int | None = None
        self.turn_up: int | None = None
        self.stock: list[int] = []
        self.tricks_played = 0
        self.scored_this_turn = 0
        self.last_trick_winner: int | None = None
        self.leader = profile.first_leader(dealer)
        self.tricks_taken = [0] * n             # tricks each player has won (004 card-point)
        self.trick_leader = self.leader         # who led the last trick (004: draws first)
        self.to_move = self.leader
        self.phase = LEAD
        self.blanche: set[int] = set()          # players who claimed carte blanche
        self.blanche_open: set[int] = set()     # ... whose repeat privilege still runs
        self.blanche_seen = False               # 002: the first court-less hand appeared
        self.blanche_offer: int | None = None   # ... and who may claim it before drawing
        self.revealed: list[set[int]] = [set() for _ in range(n)]  # cards shown to all
        self.set_aside: list[int] = []          # stock cards that cannot go round
        self.heap: list[int] = []               # 004 (jokers): played cards, no tricks kept
        self.laid: list[set[int]] = [set() for _ in range(n)]  # 000: captures laid out (in won)
        # 000, four-handed: the two simultaneous play-offs (each a pair of seats, the
        # leader's side first), whose turn it is, each one's leader and tricks played.
        self.duels: list[tuple[int, int]] = []
        self.duel_turn = 0
        self.duel_leaders: list[int] = []
        self.duel_tricks: list[int] = []
        self.split_at = 0                       # tricks played when the pairs split
        # The trick being scored, counted so that the two play-offs' k-th tricks are
        # simultaneous (000: the side reaching the target on the earlier trick wins).
        self.clock = 0
        self.reached: list[int | None] = [None] * profile.sides
        self.game_meld_side: int | None = None  # 000: a quadruple bezique wins the game
        self._citations = dict(profile.citations)
        self._legal: list[Action] | None = None  # cache of legal_actions() for this state
        self._deal_cards()

    # --- construction -------------------------------------------------------------

    @classmethod
    def new(cls, profile: Profile, rng: random.Random, dealer: int = 0,
            prior_trumps: Sequence[int] = (), prior_totals: Sequence[int] = ()) -> Deal:
        """Shuffle with the injected RNG, let the opponent cut, and deal."""
        deck = list(profile.deck_ids())
        rng.shuffle(deck)
        cut = rng.randrange(1, len(deck))
        return cls(profile, deck[cut:] + deck[:cut], dealer, prior_trumps, prior_totals)

    @classmethod
    def arranged(cls, profile: Profile, hands: Sequence[Sequence[int]], turn_up: int | None,
                 stock: Sequence[int] = (), dealer: int = 0) -> Deal:
        """A deal whose hands, turn-up and stock top (first drawn first) are given;
        the rest of the stock is the remaining cards in id order. For lessons,
        puzzles and tests: the deck order is derived, so saves still replay."""
        n = profile.players
        order = deal_order(profile, dealer)
        queues = [list(h) for h in hands]
        if any(len(q) != profile.hand_size for q in queues) or len(queues) != n:
            raise BeziqueError(f"each of {n} hands needs {profile.hand_size} cards")
        deck: list[int] = []
        for packet in profile.deal_packets:
            for player in order:
                deck.extend(queues[player][:packet])
                del queues[player][:packet]
        if turn_up is not None:
            deck.append(turn_up)
        deck.extend(stock)
        if len(set(deck)) != len(deck) or not set(deck) <= set(profile.deck_ids()):
            raise BeziqueError("a card is given twice or is not in the variant's packs")
        given = set(deck)
        deck.extend(c for c in profile.deck_ids() if c not in given)
        return cls(profile, deck, dealer)

    @classmethod
    def arranged_playoff(cls, profile: Profile, hands: Sequence[Sequence[int]], trump: int,
                         leader: int) -> Deal:
        """The first trick of the last cards: the stock is gone, ``hands`` are what
        each player has left (equal sizes), ``trump`` is fixed and ``leader`` leads.
        Every other card lies in the tricks already won, shared out trick by trick,
        with no points scored so far. For lessons and tests that ask about the
        play-off (its fines, its duty to follow): the deck is forgotten, so such a
        deal is never saved. Variants that split the play-off or lay captures out
        are not arranged this way."""
        n = profile.players
        given = [list(h) for h in hands]
        size = len(given[0]) if given else 0
        if len(given) != n or any(len(h) != size for h in given) or not (
                0 < size <= profile.hand_size):
            raise BeziqueError(f"each of {n} hands needs the same number of cards, "
                               f"1 to {profile.hand_size}")
        held = [c for h in given for c in h]
        if len(set(held)) != len(held) or not set(held) <= set(profile.deck_ids()):
            raise BeziqueError("a card is given twice or is not in the variant's packs")
        if (profile.declaring.source == "captured" or not profile.tricks_kept
                or profile.deal_end != "playoff"):
            raise BeziqueError(f"{profile.name!r} plays its last cards another way")
        deal = cls(profile, list(profile.deck_ids()), dealer=(leader - 1) % n)
        rest = [c for c in profile.deck_ids() if c not in set(held)]
        deal.hands = [set(h) for h in given]
        deal.tables = [set() for _ in range(n)]
        deal.won = [[] for _ in range(n)]
        for i in range(0, len(rest), n):   # whole tricks, taken in turn
            deal.won[(i // n) % n].extend(rest[i:i + n])
        for meld_list in (*deal.history, *deal.pending):
            meld_list.clear()
        deal.stock, deal.turn_up, deal.set_aside, deal.trick = [], None, [], []
        deal.trump = trump
        deal.played = set(rest)
        deal.tricks_played = deal.clock = profile.tricks_per_deal - size
        deal.tricks_taken = [len(w) // n for w in deal.won]
        deal.scores = [0] * n
        deal.events, deal.actions, deal.deck = [], [], ()
        deal.blanche, deal.blanche_open, deal.blanche_offer = set(), set(), None
        deal.blanche_seen = True
        deal.leader = deal.to_move = deal.trick_leader = deal.last_trick_winner = leader
        deal.phase = LEAD
        deal._legal = None
        return deal

    def _deal_cards(self) -> None:
        profile, n = self.profile, self.profile.players
        if sorted(self.deck) != list(profile.deck_ids()):
            raise CorruptSaveError("the deck is not one full set of the variant's packs")
        if not 0 <= self.dealer < n:
            raise CorruptSaveError(f"dealer must be a player number 0..{n - 1}")
        position = 0
        for packet in profile.deal_packets:
            for player in deal_order(profile, self.dealer):
                self.hands[player].update(self.deck[position:position + packet])
                position += packet
        self.emit(Event("deal", self.dealer, "deal.packets",
                        steps=(deal_step(profile, self.dealer),)))
        rest = list(self.deck[position:])
        if profile.turn_up:
            # A joker has no suit and is never turned for trumps (004): it goes to the
            # bottom of the stock and the next card is turned.
            skipped = []
            while is_joker(rest[0]):
                skipped.append(rest.pop(0))
            rest += skipped
            if skipped:
                self.emit(Event("joker_not_turned", self.dealer, "deal.joker_not_turned",
                                0, tuple(skipped), "",
                                (step("deal.joker_not_turned", "joker_not_turned"),)))
            self.turn_up = rest.pop(0)
            self.trump = suit_of(self.turn_up)
            self.emit(Event("turn_up", self.dealer, "deal.turn_up", cards=(self.turn_up,),
                            steps=(step("deal.turn_up", "turn_up", card=_p(self.turn_up),
                                        suit=Suit(self.trump).letter),)))
            if profile.dix.dealer_on_turn_up and self.is_trump_seven(self.turn_up):
                self.score_dix(self.dealer, self.turn_up, "dix.turn_up", "dix_turn_up")
            for bonus in turn_up_bonuses(profile, self.dealer, self.turn_up, self.prior_trumps):
                self.score_points(bonus.player, bonus.rule_id, bonus.points, list(bonus.steps),
                                  "deal_bonus", (self.turn_up,))
                if bonus.rule_id == "deal.bonus_seven" and self.is_trump_seven(self.turn_up):
                    # 002: the dealer was paid for this seven; each physical seven counts
                    # once, so it scores nothing more when it later wins a trick.
                    self.dix_counted.add(self.turn_up)
        self.stock = rest
        # A stock that does not share out evenly (three players, four packs): the
        # cards at its bottom that cannot go round are set aside unseen.
        spare = self.stock_count % n
        if spare:
            self.set_aside = self.stock[len(self.stock) - spare:]
            del self.stock[len(self.stock) - spare:]
            self.emit(Event("set_aside", None, "deal.set_aside", 0, (), "",
                            (step("deal.set_aside", "set_aside", count=spare),)))
        self.stock.reverse()  # draw with pop() from the end: the top card is last
        # 002: after the deal the non-dealer counts as the first to receive, also
        # when the dealer served himself first.
        self._offer_blanche([(self.dealer + 1 + i) % n for i in range(n)])

    def copy(self) -> Deal:
        """An independent copy for searches, much cheaper than ``copy.deepcopy``:
        every container is copied (partners' shared meld lists stay shared), while
        cards, melds, actions and events are immutable and shared."""
        other = object.__new__(Deal)
        memo: dict[int, Any] = {}
        for name, value in vars(self).items():
            setattr(other, name, _copied(value, memo))
        return other

    def with_hidden(self, hands: Mapping[int, Iterable[int]], stock: Sequence[int],
                    set_aside: Sequence[int] = ()) -> Deal:
        """A copy with other cards where a player cannot see: the concealed hands
        of the players in ``hands``, the hidden stock (``stock``, first drawn
        first) and the stock cards set aside. Used to deal the unseen cards another
        way (:func:`engine.rules.view.sample_deal`); the copy forgets the deck, so
        it is for searching, never for saving."""
        other = self.copy()
        for player, cards in hands.items():
            other.hands[player] = set(cards)
        other.stock = list(reversed(stock))   # drawn with pop() from the end
        other.set_aside = list(set_aside)
        other.deck = ()
        other._legal = None
        return other

    # --- queries ------------------------------------------------------------------

    @property
    def stock_count(self) -> int:
        """Cards left to draw, the turn-up included."""
        return len(self.stock) + (1 if self.turn_up is not None else 0)

    @property
    def in_playoff(self) -> bool:
        return self.stock_count == 0

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def holding(self, player: int) -> set[int]:
        """All cards a player holds: concealed and exposed."""
        return self.hands[player] | self.tables[player]

    def every_card(self) -> list[int]:
        """Every physical card in every place (stock, turn-up, trick, hands, tables,
        tricks won): the card-conservation invariant is that this is the whole pack."""
        cards = [*self.stock, *self.trick, *self.set_aside, *self.heap]
        if self.turn_up is not None:
            cards.append(self.turn_up)
        for player in range(self.profile.players):
            cards += [*self.hands[player], *self.tables[player], *self.won[player]]
        return cards

    def partner(self, player: int) -> int | None:
        return (player + 2) % 4 if self.profile.partnerships else None

    def meld_pool(self, player: int) -> set[int]:
        """Cards a player may declare with: their own, plus the partner's exposed
        cards where the variant allows it."""
        pool = self.holding(player)
        mate = self.partner(player)
        if mate is not None and self.profile.declaring.use_partner_table:
            pool |= self.tables[mate]
        return pool

    def trick_seats(self) -> list[int]:
        """Who plays the current trick, in order: every player from the leader, or in a
        split play-off (000) the leader and his one opponent."""
        if self.duels:
            pair = self.duels[self.duel_turn]
            return [self.leader, pair[1] if self.leader == pair[0] else pair[0]]
        n = self.profile.players
        return [(self.leader + i) % n for i in range(n)]

    def first_to_target(self) -> int | None:
        """The side whose game total reached the target on the earliest trick of this
        deal, or None (nobody, or two sides on the same trick)."""
        times = [(t, side) for side, t in enumerate(self.reached) if t is not None]
        if not times:
            return None
        first = min(times)[0]
        sides = [side for t, side in times if t == first]
        return sides[0] if len(sides) == 1 else None

    def team_scores(self) -> list[int]:
        totals = [0] * self.profile.sides
        for player, points in enumerate(self.scores):
            totals[self.profile.team(player)] += points
        return totals

    def is_trump_seven(self, card: int) -> bool:
        """The card exchanged for the turn-up (:func:`engine.rules.tricks.is_trump_seven`)."""
        return is_trump_seven(card, self.trump, self.profile.dix.card_rank)

    def legal_actions(self) -> list[Action]:
        """Every action the player to move may take now."""
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _compute_legal(self) -> list[Action]:
        if self.phase == OVER:
            return []
        player = self.to_move
        holding = self.holding(player)
        if self.phase == DECLARE:
            return self.declare_actions(player, self.meld_pool(player))
        cards = holding if self.phase == LEAD else self._followable(holding)
        actions = [Action.play(c) for c in sorted(cards)]
        if self._may_claim_blanche(player, holding):
            actions.append(Action(ActionType.CARTE_BLANCHE))
        if self.phase == LEAD and self.profile.dix.exchange_before_lead:
            actions += self._lead_exchanges(holding)
        return actions

    def _lead_exchanges(self, holding: set[int]) -> list[Action]:
        """004 card-point: the player about to lead may exchange a seven of trumps for
        the turn-up («перед своим ходом»), the opening lead included."""
        if self.turn_up is None or self.is_trump_seven(self.turn_up):
            return []
        return [Action(ActionType.EXCHANGE_SEVEN, (c,)) for c in sorted(holding)
                if self.is_trump_seven(c)]

    def _may_claim_blanche(self, player: int, holding: set[int]) -> bool:
        dec = self.profile.declaring
        if dec.carte_blanche <= 0 or player in self.blanche:
            return False
        if dec.carte_blanche_timing == "first_appearance":
            # 002: only the first court-less hand of the deal, claimed before its
            # holder draws again (the offer lapses at the next draw).
            return self.blanche_offer == player and not any(is_court(c) for c in holding)
        return self.tricks_played == 0 and not any(is_court(c) for c in holding)

    def _offer_blanche(self, order: Sequence[int]) -> None:
        """002: the first hand without court cards, after the deal or a draw, may be
        claimed; when several appear at once the first in ``order`` has it (the
        non-dealer after the deal, the player who drew first after a draw)."""
        dec = self.profile.declaring
        if (dec.carte_blanche <= 0 or dec.carte_blanche_timing != "first_appearance"
                or self.blanche_seen or self.in_playoff):
            return
        for player in order:
            if not any(is_court(c) for c in self.holding(player)):
                self.blanche_seen = True
                self.blanche_offer = player
                return

    def _followable(self, holding: set[int]) -> list[int]:
        if not self.in_playoff:
            if self.profile.follow_in_stock:  # 004 card-point game: suit, else any card
                same = [c for c in holding if suit_of(c) == suit_of(self.trick[0])]
                return same or list(holding)
            return list(holding)
        best = self.trick[trick_best(self.trick, self.trump)]
        return playoff_legal(holding, self.trick[0], self.trump, self.profile.playoff, best)

    def declare_actions(self, player: int, holding: set[int]) -> list[Action]:
        actions = [Action(ActionType.DRAW)]
        dec = self.profile.declaring
        if (dec.partner_declares and self.profile.partnerships and player == self.leader
                and self.scored_this_turn == 0):
            actions.append(Action(ActionType.PARTNER))
        history = self.history[player]
        played = frozenset(self.played)
        if self.tricks_taken[player] < dec.after_tricks:
            pass  # 004 (an option): no declarations before the player has won this many tricks
        elif self.scored_this_turn < dec.per_trick:
            for verdict in all_verdicts(self.profile, self.trump, holding, history, played,
                                        explain=False):
                if verdict.legal:
                    actions.append(Action(ActionType.DECLARE, tuple(sorted(verdict.cards)),
                                          verdict.spec.kind))
            for meld in self.pending[player]:
                if self._pending_verdict(player, meld).legal:
                    actions.append(Action(ActionType.SCORE_PENDING, tuple(sorted(meld.cards)),
                                          meld.kind))
        elif dec.pending == "cady":
            waiting = {(m.kind, m.cards) for m in self.pending[player]}
            for verdict in all_verdicts(self.profile, self.trump, holding, history, played,
                                        explain=False):
                if verdict.legal and (verdict.spec.kind, frozenset(verdict.cards)) not in waiting:
                    actions.append(Action(ActionType.ANNOUNCE, tuple(sorted(verdict.cards)),
                                          verdict.spec.kind))
        dix = self.profile.dix
        sevens = (captures.exchangeable(self, player) if dix.exchange_from == "captured"
                  else sorted(self.holding(player)))
        for card in sevens:
            if not self.is_trump_seven(card):
                continue
            if dix.on_show and card not in self.dix_counted:
                actions.append(Action(ActionType.SHOW_SEVEN, (card,)))
            if dix.on_exchange and self.turn_up is not None and not self.is_trump_seven(
                    self.turn_up) and not (dix.exchange_is_declaration
                                           and self.scored_this_turn >= dec.per_trick):
                actions.append(Action(ActionType.EXCHANGE_SEVEN, (card,)))
        return actions

    def _pending_verdict(self, player: int, meld: ScoredMeld) -> Any:
        return judge(self.profile, self.profile.meld(meld.kind), self.trump,
                     tuple(meld.cards), self.history[player], frozenset(self.played))

    # --- why an action is illegal --------------------------------------------------

    def why_illegal(self, action: Action) -> IllegalActionError:
        """The error :meth:`apply` raises for ``action``, naming the rule that forbids it;
        the app asks it to say why a card is greyed out. Call it only for an action that
        is not legal."""
        no = refusal
        if not well_formed(action):
            kind_name = getattr(getattr(action, "type", None), "value", "?")
            return no("action.malformed", "refuse_malformed", action=kind_name)
        player, phase = self.to_move, self.phase
        holding = self.meld_pool(player) if phase == DECLARE else self.holding(player)
        kind = action.type
        if kind is ActionType.PARTNER:
            return no("declare.partner", "refuse_partner")
        if phase == OVER:
            return no("deal.over", "refuse_deal_over")
        if kind is ActionType.CARTE_BLANCHE:
            dec = self.profile.declaring
            return no("meld.carte_blanche", "refuse_carte_blanche_none"
                      if dec.carte_blanche <= 0 else "refuse_carte_blanche_first"
                      if dec.carte_blanche_timing == "first_appearance"
                      else "refuse_carte_blanche")
        if kind in (ActionType.DECLARE, ActionType.ANNOUNCE, ActionType.SCORE_PENDING) and (
                self.profile.declaring.source == "captured"):
            return no("capture.meld", "refuse_captured_only")   # 000: never from the hand
        if kind is ActionType.PLAY:
            if phase == DECLARE:
                return no("play.winner_declares_then_draws", "refuse_draw_first")
            if action.card not in holding:
                return no("play.exposed_cards_in_hand", "refuse_not_in_hand",
                          card=_p(action.card), player=player + 1)
            if not self.in_playoff:
                return no("play.follow_in_stock", "refuse_follow_in_stock")
            rule = playoff_obligation(sorted(holding), self.trick[0], self.trump,
                                      self.profile.playoff,
                                      self.trick[trick_best(self.trick, self.trump)])
            keys = {"playoff.must_win": "refuse_must_win",
                    "playoff.follow_suit": "refuse_follow_suit",
                    "playoff.must_trump": "refuse_must_trump"}
            return no(rule or "playoff.follow_suit", keys.get(rule, "refuse_card_not_now"))
        if phase != DECLARE:
            if kind is ActionType.DRAW:
                return no("play.winner_declares_then_draws", "refuse_draw_after_trick")
            if self.in_playoff:
                return no("playoff.no_declarations", "refuse_playoff_declare")
            return no("declare.after_win", "refuse_declare_after_win")
        if kind in (ActionType.SHOW_SEVEN, ActionType.EXCHANGE_SEVEN):
            card = action.card
            if card not in holding or not self.is_trump_seven(card):
                key = ("refuse_not_trump_seven" if self.profile.dix.card_rank == Rank.SEVEN
                       else "refuse_not_trump_nine")  # 004 (jokers): a nine replaces it
                return no("dix.show", key, card=_p(card))
            if kind is ActionType.SHOW_SEVEN:
                return no("dix.once_per_card", "refuse_seven_counted", card=_p(card))
            if self.profile.dix.exchange_is_declaration and (
                    self.scored_this_turn >= self.profile.declaring.per_trick):
                return no("declare.one_per_trick", "refuse_exchange_after_declaration")
            return no("dix.exchange", "refuse_no_exchange" if self.profile.dix.card_rank
                      == Rank.SEVEN else "refuse_no_exchange_nine")
        if kind in (ActionType.DECLARE, ActionType.ANNOUNCE, ActionType.SCORE_PENDING):
            if not self.profile.has_meld(action.meld):
                return no("declare.after_win", "refuse_no_meld", meld=action.meld)
            missing = [c for c in action.cards if c not in holding]
            if missing:
                return no("play.exposed_cards_in_hand", "refuse_cards_missing",
                          cards=pretty(missing))
            dec = self.profile.declaring
            if self.tricks_taken[player] < dec.after_tricks:
                return no("declare.after_tricks", "refuse_after_tricks", count=dec.after_tricks,
                          won=self.tricks_taken[player])
            if kind is ActionType.ANNOUNCE:
                if dec.pending != "cady":
                    return no("cady.pending", "refuse_no_pending")
                if self.scored_this_turn < dec.per_trick:
                    return no("cady.pending", "refuse_score_first")
            elif self.scored_this_turn >= dec.per_trick:
                if self.actions and self.actions[-1].type is ActionType.EXCHANGE_SEVEN:
                    return no("declare.one_per_trick", "refuse_declaration_after_exchange")
                prev = self.history[player][-1].kind if self.history[player] else ""
                return no("declare.one_per_trick", "one_per_trick", prev_meld=prev)
            if kind is ActionType.SCORE_PENDING and ScoredMeld(
                    action.meld, frozenset(action.cards)) not in self.pending[player]:
                return no("cady.pending", "refuse_not_waiting")
            verdict = judge(self.profile, self.profile.meld(action.meld), self.trump,
                            action.cards, self.history[player], frozenset(self.played))
            if not verdict.legal:
                steps = tuple(verdict.steps)
                return IllegalActionError(verdict.rule_id,
                                          "; ".join(s.render() for s in steps), steps)
            return no("cady.pending", "refuse_already_waiting")
        return no("deal.action", "refuse_action", action=action)

    # --- applying actions -------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action for the player to move and return its events."""
        # Shape first: an action with a str type or float card ids compares equal to a
        # legal one, yet would be dispatched wrongly (nor may a fine be committed for it).
        if not well_formed(action):
            raise self.why_illegal(action)
        if action not in self.legal_actions():
            refusal = self.why_illegal(action)
            if self.profile.infractions == "penalise":
                start = len(self.events)
                if penalties.commit(self, action):
                    self.actions.append(action)
                    self._legal = None
                    return self.events[start:]
            raise refusal
        self._legal = None
        start = len(self.events)
        self.actions.append(action)
        kind = action.type
        if kind is ActionType.PLAY:
            self.play_card(action.card)
        elif kind is ActionType.DECLARE:
            self._score_meld(ScoredMeld(action.meld, frozenset(action.cards)), pending=False)
        elif kind is ActionType.SCORE_PENDING:
            meld = ScoredMeld(action.meld, frozenset(action.cards))
            self.pending[self.to_move].remove(meld)
            self._score_meld(meld, pending=True)
        elif kind is ActionType.ANNOUNCE:
            self._announce(ScoredMeld(action.meld, frozenset(action.cards)))
        elif kind is ActionType.SHOW_SEVEN:
            self.score_dix(self.to_move, action.card, "dix.show", "dix_show")
        elif kind is ActionType.EXCHANGE_SEVEN:
            self._exchange(action.card)
            if self.game_meld_side is not None:   # 000: the turn-up completed it
                self._end_deal(None)
        elif kind is ActionType.CARTE_BLANCHE:
            self._claim_blanche()
        elif kind is ActionType.PARTNER:
            mate = self.partner(self.to_move)
            assert mate is not None
            self.emit(Event("partner", self.to_move, "declare.partner", 0, ()))
            self.to_move = mate
        else:
            self.draw()
        return self.events[start:]

    def apply_text(self, text: str) -> list[Event]:
        return self.apply(Action.parse(text))

    # --- carrying out the rules -----------------------------------------------------
    # The public methods from here on (emit, score_points, score_dix, play_card, draw)
    # are the operations a mechanic may call (engine.rules.hooks.DealOps). They carry
    # out a step as told, with no legality check and no entry in ``actions``: a
    # player's move goes through apply().

    def emit(self, event: Event) -> None:
        """Record ``event``, its points going to its player, stamped with the running
        scores and the citation of its rule."""
        if event.points and event.player is not None:
            self.scores[event.player] += event.points
            side = self.profile.team(event.player)
            if self.reached[side] is None and self._game_total(side) >= (
                    self.profile.scoring.target):
                self.reached[side] = self.clock
        totals = tuple(self.scores)
        self.events.append(Event(event.type, event.player, event.rule_id, event.points,
                                 event.cards, event.meld, event.steps,
                                 event.citation or self._citations.get(event.rule_id, ""), totals))

    def _game_total(self, side: int) -> int:
        team = self.profile.team
        return sum(self.prior_totals[p] + self.scores[p]
                   for p in range(self.profile.players) if team(p) == side)

    def score_points(self, player: int, rule_id: str, points: int, steps: list[Step],
                     kind: str, cards: tuple[int, ...] = (), meld: str = "") -> None:
        """Emit a ``kind`` event giving ``player`` ``points`` (a fine: negative) under
        ``rule_id``; ``steps`` explain it, and a last step states the running score."""
        running = self.scores[player] + points
        steps = [*steps, step(rule_id, "running", score=running)]
        self.emit(Event(kind, player, rule_id, points, cards, meld, tuple(steps)))

    def _expose(self, player: int, cards: frozenset[int]) -> None:
        moving = cards & self.hands[player]
        self.hands[player] -= moving
        self.tables[player] |= moving

    def _score_meld(self, meld: ScoredMeld, pending: bool) -> None:
        player = self.to_move
        spec = self.profile.meld(meld.kind)
        verdict = judge(self.profile, spec, self.trump, tuple(meld.cards),
                        self.history[player], frozenset(self.played))
        steps = list(verdict.steps)
        if pending:
            steps.insert(0, step("cady.pending", "pending_scored", meld=meld.kind))
        if fixes_trump(spec, self.trump, self.profile.declaring.trump_from):
            self.trump = suit_of(min(meld.cards))
            key = ("trump_fixed" if self.profile.declaring.sequence_fixes_trump
                   else "trump_fixed_marriage")
            steps.insert(1, step("trump.first_marriage", key, suit=Suit(self.trump).letter))
        self._expose(player, meld.cards)
        self.history[player].append(meld)
        self.scored_this_turn += 1
        self.score_points(player, spec.rule_id, spec.points, steps, "declare",
                          tuple(sorted(meld.cards, key=display_order)), meld.kind)
        if spec.kind in self.profile.scoring.game_melds and self.game_meld_side is None:
            self.game_meld_side = self.profile.team(player)
            self.emit(Event("game_meld", player, "game.meld_wins", 0, (), spec.kind,
                            (step("game.meld_wins", "game_meld_wins", meld=spec.kind),)))
            self._end_deal(None)   # 004 three-handed: a triple bezique wins the game at once

    def _claim_blanche(self) -> None:
        player = self.to_move
        dec = self.profile.declaring
        claimers = [player]
        mate = self.partner(player)
        rule, points = "meld.carte_blanche", dec.carte_blanche
        if (mate is not None and dec.double_carte_blanche and mate not in self.blanche
                and not any(is_court(c) for c in self.holding(mate))):
            claimers.append(mate)  # both partners: one double carte blanche (003)
            rule, points = "meld.double_carte_blanche", dec.double_carte_blanche
        shown: list[int] = []
        for claimer in claimers:
            self.blanche.add(claimer)
            if dec.carte_blanche_repeat:
                self.blanche_open.add(claimer)
            self.revealed[claimer] |= self.holding(claimer)
            shown += self.holding(claimer)
        steps = [step(rule, "blanche", points=points)]
        if dec.carte_blanche_timing == "first_appearance":
            steps.append(step(rule, "blanche_first"))
            self.blanche_offer = None
        self.score_points(player, rule, points, steps, "declare",
                          tuple(sorted(shown, key=display_order)), rule.removeprefix("meld."))

    def _blanche_draw(self, player: int, card: int) -> None:
        """A claimed carte blanche scores again for each non-court card drawn (003)."""
        if is_court(card):
            self.blanche_open.discard(player)
            self.emit(Event("blanche_end", player, "carte_blanche.repeat", 0, (card,), "",
                            (step("carte_blanche.repeat", "blanche_ends", card=_p(card)),)))
            return
        points = self.profile.declaring.carte_blanche
        self.revealed[player].add(card)
        self.score_points(player, "carte_blanche.repeat", points,
                          [step("carte_blanche.repeat", "blanche_again", card=_p(card),
                                points=points)], "declare", (card,), "carte_blanche")

    def _announce(self, meld: ScoredMeld) -> None:
        player = self.to_move
        spec = self.profile.meld(meld.kind)
        self._expose(player, meld.cards)
        self.pending[player].append(meld)
        self.emit(Event("pending", player, "cady.pending", 0,
                        tuple(sorted(meld.cards, key=display_order)), meld.kind,
                        (step("cady.pending", "pending_named", meld=meld.kind,
                              points=spec.points),)))

    def score_dix(self, player: int, card: int, rule_id: str, key: str) -> None:
        """Score the seven of trumps ``card`` to ``player`` (``dix.points``), under
        ``rule_id`` explained by message ``key``; the card never scores again."""
        points = self.profile.dix.points
        self.dix_counted.add(card)
        steps = [step(rule_id, key, card=_p(card), points=points),
                 step("dix.once_per_card", "dix_once")]
        self.score_points(player, rule_id, points, steps, "dix", (card,))

    def _exchange(self, card: int) -> None:
        if self.profile.dix.exchange_from == "captured":
            captures.exchange(self, card)
            return
        player = self.to_move
        assert self.turn_up is not None
        old = self.turn_up
        self.hands[player].discard(card)
        self.tables[player].discard(card)
        self.hands[player].add(old)
        self.turn_up = card
        key = "dix_exchange" if self.profile.dix.card_rank == Rank.SEVEN else "turn_up_exchange"
        self.emit(Event("exchange", player, "dix.exchange", 0, (card, old), "",
                        (step("dix.exchange", key, card=_p(card), other=_p(old)),)))
        if not self.profile.dix.points:
            pass  # 004 (jokers): the nine replaces the turn-up and scores nothing
        elif card in self.dix_counted:
            self.emit(Event("dix", player, "dix.once_per_card", 0, (card,), "",
                            (step("dix.once_per_card", "dix_counted", card=_p(card)),)))
        else:
            self.score_dix(player, card, "dix.exchange", "dix_exchanged")
        if self.profile.dix.exchange_is_declaration:
            self.scored_this_turn += 1  # 002: the exchange is this trick's declaration

    def play_card(self, card: int) -> None:
        """The player to move puts ``card`` on the trick; the trick is finished when
        it is full."""
        player = self.to_move
        self.hands[player].discard(card)
        self.tables[player].discard(card)
        self.played.add(card)
        self.trick.append(card)
        self.emit(Event("play", player, "play.stock_any_card" if not self.in_playoff
                        else "playoff.follow_suit", 0, (card,)))
        for meld in list(self.pending[player]):
            if card in meld.cards:
                self.pending[player].remove(meld)
                self.emit(Event("pending_lost", player, "cady.lost_card_played", 0,
                                tuple(meld.cards), meld.kind,
                                (step("cady.lost_card_played", "pending_lost_played",
                                      card=_p(card), meld=meld.kind),)))
        if (self.profile.dix.on_first_play and self.is_trump_seven(card)
                and card not in self.dix_counted):
            self.score_dix(player, card, "dix.first_play", "dix_first_play")
        seats = self.trick_seats()
        if len(self.trick) < len(seats):
            self.phase = FOLLOW
            self.to_move = seats[len(self.trick)]
            return
        self._finish_trick()

    def _finish_trick(self) -> None:
        seats = self.trick_seats()
        n = len(seats)
        self.trick_leader = self.leader
        best = trick_best(self.trick, self.trump)
        winner = seats[best]
        if self.duels:
            self.duel_tricks[self.duel_turn] += 1
        self.clock = (self.split_at + self.duel_tricks[self.duel_turn] if self.duels
                      else self.tricks_played + 1)
        win_card = self.trick[best]
        # Explain against the strongest card it beat (or that failed to beat it).
        others = [c for i, c in enumerate(self.trick) if i != best]
        rival = others[trick_best(others, self.trump)]
        lead, follow = (win_card, rival) if best == 0 else (rival, win_card)
        (self.won[winner] if self.profile.tricks_kept else self.heap).extend(self.trick)
        self.emit(Event("trick", winner, "play.trick_winner", 0, tuple(self.trick), "",
                        (self._trick_reason(lead, follow, win_card, rival),)))
        if (self.profile.dix.on_trick_win and self.is_trump_seven(win_card)
                and win_card not in self.dix_counted):
            self.score_dix(winner, win_card, "dix.trick_win", "dix_trick_win")
        if self.profile.declaring.source == "captured":
            captures.on_trick(self, winner, tuple(self.trick))
        self.trick = []
        self.tricks_played += 1
        self.tricks_taken[winner] += 1
        self.last_trick_winner = winner
        scoring = self.profile.scoring
        if scoring.points_per_trick:
            each = scoring.points_per_trick
            self.score_points(winner, "score.per_trick", each,
                              [step("score.per_trick", "per_trick", points=each)], "trick_points")
        for rule_id, points, steps in trick_extras(self.profile, self.won[winner][-n:],
                                                   self.in_playoff):
            self.score_points(winner, rule_id, points, steps, "trick_points")
        self.leader = self.to_move = winner
        if self.game_meld_side is not None:    # 000: the game is won at once
            self._end_deal(None)
        elif self.tricks_played == self.profile.tricks_per_deal:
            self._end_deal(winner)
        elif self.duels:
            self._next_duel(winner)
        elif not self.in_playoff:
            self.phase = DECLARE
            self.scored_this_turn = 0
        else:
            self.phase = LEAD

    def _next_duel(self, winner: int) -> None:
        """000, four-handed: the play-offs take turns, trick by trick."""
        self.duel_leaders[self.duel_turn] = winner
        other = 1 - self.duel_turn
        if self.hands[self.duels[other][0]]:
            self.duel_turn = other
        self.leader = self.to_move = self.duel_leaders[self.duel_turn]
        self.phase = LEAD

    def _split_pairs(self) -> None:
        """000, four-handed: the winner of the last stock trick plays the last tricks
        against his left-hand opponent, his partner against the other, at once."""
        n = self.profile.players
        first = self.leader
        mate = (first + 2) % n
        self.duels = [(first, (first + 1) % n), (mate, (first + 3) % n)]
        self.duel_leaders = [first, mate]
        self.duel_tricks = [0, 0]
        self.duel_turn = 0
        self.split_at = self.tricks_played
        self.emit(Event("split", first, "capture.split", 0, (), "",
                        (step("capture.split", "split_pairs", player=first + 1,
                              left=(first + 1) % n + 1, partner=mate + 1,
                              other=(first + 3) % n + 1),)))

    def _trick_reason(self, lead: int, follow: int, win: int, lose: int) -> Step:
        names = {"winner": _p(win), "loser": _p(lose)}
        if is_joker(lose):  # 004 l.59 as we read it: a joker covers nothing, any card covers it
            return step("play.joker", "trick_joker", **names)
        if lead % 32 == follow % 32:
            return step("play.identical_leader_wins", "trick_identical", **names)
        if suit_of(lead) == suit_of(follow):
            key = "trick_higher_trump" if suit_of(lead) == self.trump else "trick_higher"
            return step("play.trick_winner", key, **names)
        if suit_of(win) == self.trump:
            return step("play.trick_winner", "trick_trump", **names)
        return step("play.trick_winner", "trick_offsuit", **names)

    def draw(self) -> None:
        """Everyone draws from the stock, the trick winner (or, by the profile, the
        leader) first; the next trick is led."""
        n = self.profile.players
        winner = self.leader  # the trick winner draws first, even if the partner declared
        # 004's card-point game: the player who led the trick draws first.
        first = self.trick_leader if self.profile.draw_first == "leader" else winner
        marker_before = len(self.stock) > self.profile.stock_marker
        self.blanche_offer = None  # 002: a carte blanche is claimed before drawing
        for offset in range(n):
            player = (first + offset) % n
            if self.stock:
                card = self.stock.pop()
                self.hands[player].add(card)
                self.emit(Event("draw", player, "play.winner_declares_then_draws"
                                if first == winner else "play.draw_first", 0, ()))
                if player in self.blanche_open:
                    self._blanche_draw(player, card)
            elif self.turn_up is not None:
                card, self.turn_up = self.turn_up, None
                self.hands[player].add(card)
                self.emit(Event("draw", player, "play.stock_end", 0, (card,), "",
                                (step("play.stock_end",
                                      "stock_end_draw_leader" if first != winner
                                      else "stock_end_draw" if n == 2
                                      else "stock_end_draw_last", card=_p(card)),)))
        self.phase = LEAD
        self.to_move = winner
        self._offer_blanche([(first + offset) % n for offset in range(n)])  # who drew first
        if self.profile.stock_marker and marker_before and 0 < len(self.stock) <= (
                self.profile.stock_marker):
            self.emit(Event("stock_marker", None, "play.stock_marker", 0, (), "",
                            (step("play.stock_marker", "stock_marker", count=len(self.stock)),)))
        if self.stock_count == 0:
            if self.profile.scoring.last_trick_at == "stock_end":
                self._score_last_trick(winner)
            self._stock_exhausted()

    def _stock_exhausted(self) -> None:
        for player in range(self.profile.players):
            for meld in self.pending[player]:
                self.emit(Event("pending_lost", player, "cady.lost_stock_end", 0,
                                tuple(meld.cards), meld.kind,
                                (step("cady.lost_stock_end", "pending_lost_stock",
                                      meld=meld.kind),)))
            self.pending[player] = []
            self.hands[player] |= self.tables[player]
            self.tables[player] = set()
        if self.profile.deal_end == "stock_out":
            # 004 (jokers): with no tricks kept nothing is left to play for.
            self.emit(Event("stock_end", None, "deal.stock_out", 0, (), "",
                            (step("deal.stock_out", "stock_out_end"),)))
            self._end_deal(None)
            return
        if self.profile.declaring.source == "captured":
            self.emit(Event("stock_end", None, "capture.playoff", 0, (), "",
                            (step("capture.playoff", "stock_end_captures"),)))
            if self.profile.playoff.split_pairs:
                self._split_pairs()
        else:
            self.emit(Event("stock_end", None, "playoff.no_declarations", 0, (), "",
                            (step("playoff.no_declarations", "stock_end"),)))
        if self._playoff_is_hopeless():
            self.emit(Event("playoff_skipped", None, "settle.skip_playoff", 0, (), "",
                            (step("settle.skip_playoff", "playoff_skipped"),)))
            self._end_deal(None)

    def brisque_points(self) -> list[int]:
        """Points of the brisques each side (player or partnership) has captured."""
        each = self.profile.scoring.brisque_points
        totals = [0] * self.profile.sides
        for player, won in enumerate(self.won):
            totals[self.profile.team(player)] += each * sum(1 for c in won if is_brisque(c))
        return totals

    def _playoff_is_hopeless(self) -> bool:
        """003: skip the play-off when one player is rubiconed whatever happens in it
        and the result cannot change (every split of brisques and the last trick)."""
        from engine.rules.settlement import settle

        rules = self.profile.settlement
        if rules is None or not rules.skip_hopeless_playoff or self.profile.sides != 2:
            return False
        each = self.profile.scoring.brisque_points
        left = sum(1 for hand in self.hands for c in hand if is_brisque(c))
        sides = self.team_scores()
        base = self.brisque_points()
        bonus = self.profile.scoring.last_trick_bonus
        results = set()
        for share in range(left + 1):
            for last in range(2):
                scores = [sides[p] + (bonus if p == last else 0) for p in range(2)]
                brisques = [base[0] + share * each, base[1] + (left - share) * each]
                result = settle(self.profile, scores, brisques)
                if not result.rubiconed:
                    return False
                results.add((result.winner, result.points))
        return len(results) == 1

    def _score_last_trick(self, winner: int) -> None:
        bonus = self.profile.scoring.last_trick_bonus
        mate = self.partner(winner)
        if not self.profile.scoring.last_trick_split or mate is None:
            key = "last_trick" if self.profile.scoring.last_trick_at == "deal_end" \
                else "last_trick_stock"
            self.score_points(winner, "score.last_trick", bonus,
                              [step("score.last_trick", key, points=bonus)], "last_trick")
            return
        # 004 (four-handed): the bonus is shared half and half between the partners.
        half = bonus // 2
        for player, points in ((winner, bonus - half), (mate, half)):
            self.score_points(player, "score.last_trick_split", points,
                              [step("score.last_trick_split", "last_trick_split", points=bonus,
                                    share=points)], "last_trick")

    def _end_deal(self, last_winner: int | None) -> None:
        scoring = self.profile.scoring
        if scoring.brisques == "tiebreak_only":
            for player in range(self.profile.players):
                count = sum(1 for c in self.won[player] if is_brisque(c))
                self.emit(Event("brisques", player, "score.brisque", 0, (), "",
                                (step("score.brisque", "brisques_tiebreak", count=count),)))
        if scoring.last_trick_bonus and last_winner is not None and \
                scoring.last_trick_at == "deal_end":
            self._score_last_trick(last_winner)
        if scoring.brisques == "count" and scoring.brisque_points:
            for player in range(self.profile.players):
                brisques = [c for c in self.won[player] if is_brisque(c)]
                if brisques:
                    points = len(brisques) * scoring.brisque_points
                    self.score_points(player, "score.brisque", points,
                                      [step("score.brisque", "brisques", count=len(brisques),
                                            each=scoring.brisque_points, points=points)],
                                      "brisques", tuple(sorted(brisques, key=display_order)))
        self.phase = OVER
        self.emit(Event("deal_end", None, "game.target", 0, (), "",
                        (step("game.target", "deal_total",
                              scores=" : ".join(map(str, self.scores))),)))

    # --- saving and restoring -------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """A save: the deck order and the actions, which replay to this state."""
        data: dict[str, Any] = {"format": SAVE_FORMAT, "version": 1, "variant": self.profile.name,
                "dealer": self.dealer, "deck": [str(Card.from_id(c)) for c in self.deck],
                "actions": [str(a) for a in self.actions]}
        if self.prior_trumps or any(self.prior_totals):
            data["prior_trumps"] = list(self.prior_trumps)
            data["prior_totals"] = list(self.prior_totals)
        if self.profile.infractions != "refuse":
            data["infractions"] = self.profile.infractions
        if self.profile.options:   # the same [id, choice] pairs as a game save's
            data["options"] = [list(o) for o in self.profile.options]
        return data

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False)

    @classmethod
    def from_json(cls, data: Any, profile: Profile | None = None) -> Deal:
        """Restore a save by replaying it; any flaw raises :class:`CorruptSaveError`.

        Without ``profile`` the deal replays under its variant and the named options it
        records (none in older saves: the variant's own rules). A game passes its
        profile: a deal that records other options than the game's is refused."""
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise CorruptSaveError("not a saved Bezique deal")
        check_version(data)
        variant = data.get("variant")
        if profile is None:
            if not isinstance(variant, str) or variant not in variant_names():
                raise CorruptSaveError(f"unknown variant {variant!r} in save")
            profile = saved_profile(variant, data)
        elif variant != profile.name:
            raise CorruptSaveError(f"a deal of variant {variant!r} in a game of "
                                   f"{profile.name!r}")
        elif "options" in data and saved_options(data["options"]) != profile.options:
            raise CorruptSaveError("the deal's options differ from its game's")
        deck_text, actions = data.get("deck"), data.get("actions")
        dealer = data.get("dealer")
        if not isinstance(deck_text, list) or len(deck_text) != profile.deck_size:
            raise CorruptSaveError(f"the deck must list {profile.deck_size} cards")
        if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
            raise CorruptSaveError("the save's action list is missing or too long")
        if not isinstance(dealer, int) or isinstance(dealer, bool):
            raise CorruptSaveError("the dealer must be a player number")
        try:
            deck = [parse_card(t).id for t in deck_text]
            deal = cls(profile, deck, dealer, *_context(data, profile))
            for index, text in enumerate(actions):
                try:
                    deal.apply(Action.parse(text))
                except BeziqueError as exc:
                    raise CorruptSaveError(f"action {index + 1} ({text!r}): {exc}") from exc
        except CorruptSaveError:
            raise
        except BeziqueError as exc:
            raise CorruptSaveError(str(exc)) from exc
        return deal

    @classmethod
    def loads(cls, text: str | bytes) -> Deal:
        return cls.from_json(parse_save(text, "save"))

    def snapshot(self) -> dict[str, Any]:
        """Every field of the state, in plain data: equal snapshots are equal states."""
        def cards(ids: Any) -> list[str]:
            return [str(Card.from_id(c)) for c in sorted(ids)]
        return {
            "variant": self.profile.name, "dealer": self.dealer, "phase": self.phase,
            "prior_trumps": list(self.prior_trumps), "prior_totals": list(self.prior_totals),
            "to_move": self.to_move, "leader": self.leader, "trump": self.trump,
            "trick_leader": self.trick_leader,
            "turn_up": self.turn_up, "stock": list(self.stock),
            "hands": [cards(h) for h in self.hands], "tables": [cards(t) for t in self.tables],
            "won": [cards(w) for w in self.won], "trick": list(self.trick),
            "heap": cards(self.heap),
            "scores": list(self.scores), "tricks_played": self.tricks_played,
            "tricks_taken": list(self.tricks_taken),
            "scored_this_turn": self.scored_this_turn, "dix_counted": sorted(self.dix_counted),
            "history": [[(m.kind, cards(m.cards)) for m in h] for h in self.history],
            "blanche": sorted(self.blanche), "blanche_open": sorted(self.blanche_open),
            "blanche_seen": self.blanche_seen, "blanche_offer": self.blanche_offer,
            "laid": [cards(c) for c in self.laid],
            "duels": [list(d) for d in self.duels], "duel_turn": self.duel_turn,
            "duel_leaders": list(self.duel_leaders), "duel_tricks": list(self.duel_tricks),
            "reached": list(self.reached), "game_meld_side": self.game_meld_side,
            "pending": [[(m.kind, cards(m.cards)) for m in p] for p in self.pending],
            "events": [e.to_json() for e in self.events],
        }

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deal) and self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]

    def playoff_position(self) -> Any:
        """The play-off as a solver position (perfect information), when in it."""
        from engine.solver import Position

        if not self.in_playoff or self.phase == OVER:
            raise BeziqueError("the deal is not in the play-off")
        return Position.from_playoff(self.profile, self.trump,
                                     [sorted(self.holding(p)) for p in range(self.profile.players)],
                                     self.leader, list(self.trick))


def parse_save(text: str | bytes, what: str) -> Any:
    """JSON of a save, refused with :class:`CorruptSaveError` when too large or invalid.
    A UTF-8 byte order mark (some editors write one) is ignored."""
    if len(text) > MAX_SAVE_BYTES:
        raise CorruptSaveError(f"the {what} is too large")
    text = text.removeprefix(b"\xef\xbb\xbf") if isinstance(text, bytes) \
        else text.removeprefix("\ufeff")
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise CorruptSaveError(f"the {what} is not valid JSON: {json_problem(exc)}") from exc


def saved_options(raw: Any) -> tuple[tuple[str, str], ...]:
    """A save's ``options``: a short list of ``[id, choice]`` string pairs."""
    if not isinstance(raw, list) or len(raw) > 50 or not all(
            isinstance(o, list) and len(o) == 2 and all(isinstance(x, str) for x in o)
            for o in raw):
        raise CorruptSaveError("a save's options must be a list of [id, choice] pairs")
    return tuple((o[0], o[1]) for o in raw)


def saved_profile(variant: str, data: dict[str, Any]) -> Profile:
    """The rules a deal or game save was played under: its variant, the table-rules
    mode, then its named options in order. An unknown option or choice, or one of
    another variant, raises :class:`CorruptSaveError`."""
    profile = load_profile(variant)
    chosen = saved_options(data.get("options", []))
    if data.get("infractions") == "penalise":  # the table-rules mode (002, 004), older saves
        chosen = (("infractions", "penalise"), *chosen)
    for option_id, choice in chosen:
        try:
            profile = apply_option(profile, option_id, choice)
        except BeziqueError as exc:
            raise CorruptSaveError(f"option {option_id}={choice}: {exc}") from exc
    return profile


def check_version(data: dict[str, Any]) -> None:
    """Saves are version 1, the integer (``true`` and ``1.0`` are not)."""
    version = data.get("version")
    if type(version) is not int or version != 1:
        raise CorruptSaveError(f"unsupported save version {version!r}")


def _context(data: dict[str, Any], profile: Profile) -> tuple[list[int], list[int]]:
    """The game context a save may carry: earlier trumps and totals."""
    trumps = data.get("prior_trumps", [])
    totals = data.get("prior_totals", [])
    ints = all(isinstance(v, int) and not isinstance(v, bool) for v in [*trumps, *totals]) \
        if isinstance(trumps, list) and isinstance(totals, list) else False
    if not ints or any(not 0 <= t < 4 for t in trumps) or len(trumps) > 200 or (
            totals and len(totals) != profile.players):
        raise CorruptSaveError("the save's game context (prior trumps, totals) is invalid")
    return trumps, totals


def is_court(card: int) -> bool:
    """A court card (king, queen or jack): a hand without one may claim carte blanche."""
    return Rank.JACK <= card % 8 <= Rank.KING


def _p(card: int) -> str:
    return Card.from_id(card).pretty


def _copied(value: Any, memo: dict[int, Any]) -> Any:
    """``value`` with its lists, sets and dicts copied (nested ones too, each once:
    ``memo`` keeps objects shared within the deal shared in the copy)."""
    if not isinstance(value, (list, set, dict)):
        return value
    seen = memo.get(id(value))
    if seen is not None:
        return seen
    copied: Any
    if isinstance(value, set):
        copied = set(value)
    elif isinstance(value, dict):
        copied = dict(value)
    elif value and isinstance(value[0], (list, set, dict)):
        copied = [_copied(item, memo) for item in value]
    else:
        copied = list(value)
    memo[id(value)] = copied
    return copied
