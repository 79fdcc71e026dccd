"""A fast deal simulator on plain ints, for rollouts and benchmarks.

It follows the same profile fields as :class:`engine.rules.deal.Deal` (players and
partnerships, packs, packets, the turn-up or trumps fixed by the first marriage,
the stock cards set aside when they do not share out, dix, one declaration per
trick, Cady pending melds, the reuse policy, double and triple melds, the partner
declaring and the partner's exposed cards, the play-off obligations against the
card winning so far, brisques, the last trick and its split between partners)
but keeps no events, builds no explanations and does not validate: callers pass
actions from :meth:`legal`. ``tests/test_bots_fastplay.py`` cross-checks it
against ``Deal`` for every profile it supports (:func:`supported`): the same
actions give the same legal sets and the same scores.

Terminology
-----------
* *holding*: a player's concealed and exposed cards together (one list here);
  the exposed ones are also kept as a bitmask (``tables``), which partners may
  meld with where the profile allows it.
* *side*: a player, or a partnership; partners share one list of scored melds (the
  same list object), and one of waiting melds only where they may declare with each
  other's exposed cards, as in ``Deal``.
* *fast action*: a card id (play), ``DRAW`` (-1), ``PARTNER`` (-2), or a tuple
  ``(code, meld index, cards)`` for the declare phase, ``code`` one of
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
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, product

from engine.notation.actions import Action, ActionType
from engine.notation.cards import Rank, Suit
from engine.rules.deal import Deal
from engine.rules.profile import Profile

LEAD, FOLLOW, DECLARE_PHASE, OVER = 0, 1, 2, 3
PHASE_CODES = {"lead": LEAD, "follow": FOLLOW, "declare": DECLARE_PHASE, "over": OVER}
DRAW = -1
PARTNER = -2
DECLARE, ANNOUNCE, SCORE, SHOW, EXCHANGE = 1, 2, 3, 4, 5

MeldMove = tuple[int, int, tuple[int, ...]]
FastAction = int | MeldMove
MeldList = list[tuple[int, tuple[int, ...]]]

_CODE_TYPES = {DECLARE: ActionType.DECLARE, ANNOUNCE: ActionType.ANNOUNCE,
               SCORE: ActionType.SCORE_PENDING, SHOW: ActionType.SHOW_SEVEN,
               EXCHANGE: ActionType.EXCHANGE_SEVEN}
_TYPE_CODES = {v: k for k, v in _CODE_TYPES.items()}


@dataclass(frozen=True, slots=True)
class MeldRule:
    """One meld of the profile compiled for one trump suit."""

    index: int                 # position in profile.melds
    kind: str
    points: int
    meld_class: int
    level: int
    groups: tuple[tuple[int, int], ...]   # (bitmask of the kinds pooled, cards needed)
    need_mask: int             # kinds that must be present (quick reject)
    fixes_trump: bool = False  # no trump yet: declaring it makes its suit trumps
    parts: tuple[tuple[tuple[int, ...], int], ...] = ()  # groups as (kinds, cards needed)


@dataclass(frozen=True, slots=True)
class Rules:
    """The profile fields the simulator reads, compiled for one trump suit."""

    profile: Profile
    trump: int                 # -1 when there is none (yet)
    melds: tuple[MeldRule, ...]
    seven: int                 # kind of the seven of trumps, -1 when no trump
    per_trick: int
    cady: bool
    reform: bool
    dix_points: int
    dix_show: bool
    dix_exchange: bool
    dix_first_play: bool
    follow_suit: bool
    must_win: bool
    must_trump: bool
    brisque_points: int        # 0 when brisques do not count
    last_bonus: int
    trick_points: int
    tricks: int
    players: int = 2
    partnerships: bool = False
    partner_declares: bool = False
    use_partner_table: bool = False
    last_split: bool = False
    dix_trick_win: bool = False
    all_new: bool = False      # a double (triple) bezique needs cards new to beziques
    # Per profile meld index: class number, level, points, and whether it is a bezique.
    spec_class: tuple[int, ...] = ()
    spec_level: tuple[int, ...] = ()
    spec_points: tuple[int, ...] = ()
    spec_bezique: tuple[bool, ...] = ()
    # 000, Fildinski: combinations from captured cards (engine.rules.captures), the seven of
    # trumps to its capturer, the last trick's bonus when the stock runs out.
    captured: bool = False
    dix_capture: bool = False
    last_at_stock_end: bool = False
    # Meld indices that end the deal and win the game at once (004: a triple bezique
    # for three).
    game_melds: frozenset[int] = frozenset()


_RULES: dict[tuple[int, int], Rules] = {}


def supported(profile: Profile) -> bool:
    """True when the simulator follows every rule of ``profile``: melds from the
    hand, no carte blanche, no stock marker, the reuse rule of 001 (not
    Rubicon's re-forming), and none of 002's and 004's card-point rules. Other
    profiles are played by the bots' rules of thumb (an explicit fallback)."""
    dec = profile.declaring
    settle = profile.settlement
    return (profile.players in (2, 3, 4)
            and profile.partnerships == (profile.players == 4)
            and dec.carte_blanche == 0 and dec.double_carte_blanche == 0
            and profile.stock_marker == 0
            and all(m.pattern != "carte_blanche" for m in profile.melds)
            and profile.identical_cards == "leader_wins"
            and dec.reuse == "class_levels"
            and (_hand_declaring(profile) or _capture_declaring(profile))
            and (settle is None or not settle.skip_hopeless_playoff)
            and not _trick_rules_beyond_simulator(profile))


def _hand_declaring(profile: Profile) -> bool:
    """Melds declared from the hand, the seven exchanged from the hand, the last
    trick's bonus at the deal's end."""
    return (profile.declaring.source == "hand" and profile.dix.exchange_from == "hand"
            and not profile.dix.on_capture and profile.scoring.last_trick_at == "deal_end")


def _capture_declaring(profile: Profile) -> bool:
    """000 (Fildinski) for two: combinations from captured cards, scored by the
    engine's own computation (:meth:`FastDeal._capture`); not for pairs."""
    return (profile.declaring.source == "captured" and profile.players == 2
            and not profile.partnerships)


def _trick_rules_beyond_simulator(profile: Profile) -> bool:
    """002's and 004's rules the simulator does not follow (card values, the
    ace-or-ten bonus, following in the stock, declaring late, the exchange as a
    declaration, deal bonuses, the dealer served first)."""
    bonuses = profile.deal_bonuses
    return (profile.follow_in_stock or profile.card_points.any
            or profile.scoring.trick_bonus != 0 or profile.declaring.after_tricks != 0
            or profile.dix.exchange_is_declaration or profile.deal_first != "opponent"
            or profile.draw_first != "winner"
            or any(getattr(bonuses, f) for f in bonuses.__slots__)
            or _joker_rules(profile))


def _joker_rules(profile: Profile) -> bool:
    """004's 18-card game: short packs, jokers, no tricks kept, the deal ending with
    the stock, ladders of declarations: none of it is simulated."""
    return (bool(profile.jokers or profile.pack_ranks or profile.extra_copies)
            or not profile.tricks_kept or profile.deal_end != "playoff"
            or any(m.after or m.once or m.distinct_suits or m.jack_from_bezique
                   or m.suit == "bezique_jack" for m in profile.melds))


def _suits(suit: str, pattern: str, t: int, trump_from: tuple[str, ...]) -> list[int]:
    """The suits a meld row may be formed in (as :func:`engine.rules.melds.suits_for`)."""
    if t < 0:
        return [0, 1, 2, 3] if (suit == "trump" and pattern in trump_from) or suit == "any" \
            else []
    if suit == "trump":
        return [t]
    if suit == "plain":
        return [s for s in range(4) if s != t]
    return [0, 1, 2, 3]


def rules_for(profile: Profile, trump: int | None) -> Rules:
    """Compiled rules, cached per (profile, trump)."""
    key = (id(profile), -1 if trump is None else trump)
    rules = _RULES.get(key)
    if rules is not None and rules.profile is profile:
        return rules
    t = -1 if trump is None else trump
    classes: dict[str, int] = {}
    melds: list[MeldRule] = []
    trump_from = profile.declaring.trump_from
    for index, spec in enumerate(profile.melds):
        cls = classes.setdefault(spec.meld_class, len(classes))
        if spec.pattern == "carte_blanche":
            continue
        # 004 no-trump: a row that scores only as the declaration fixing trumps.
        suits = [] if spec.fixing_only and t >= 0 else _suits(spec.suit, spec.pattern, t,
                                                               trump_from)
        if spec.suit == "bezique_jack":   # 004: the jack of the bezique pair's suit
            suits = [] if t < 0 else [profile.bezique_pair(Suit(t))[1] // 8]
        fixes = t < 0 and spec.suit == "trump" and spec.pattern in trump_from
        variants: list[tuple[tuple[tuple[int, ...], int], ...]] = []
        if spec.pattern == "marriage":
            variants = [(((s * 8 + Rank.KING,), spec.count), ((s * 8 + Rank.QUEEN,), spec.count))
                        for s in suits]
        elif spec.pattern == "sequence":
            variants = [tuple(((s * 8 + r,), 1) for r in (Rank.ACE, Rank.TEN, Rank.KING,
                                                          Rank.QUEEN, Rank.JACK))
                        for s in suits]
        elif spec.pattern == "bezique":
            queen, jack = profile.bezique_pair(None if t < 0 else Suit(t))
            variants = [(((queen,), spec.count), ((jack,), spec.count))]
        elif spec.pattern == "rank_set":
            assert spec.rank is not None
            if spec.distinct_suits:   # 004: one card of each suit
                variants = [tuple(((s * 8 + spec.rank,), 1) for s in suits)]
            else:
                variants = [((tuple(s * 8 + spec.rank for s in suits), spec.count),)]
        for groups in variants:
            need = 0
            compiled: list[tuple[int, int]] = []
            for kinds, count in groups:
                bits = sum(1 << k for k in kinds)
                compiled.append((bits, count))
                if len(kinds) == 1:
                    need |= bits
            melds.append(MeldRule(index, spec.kind, spec.points, cls, spec.level,
                                  tuple(compiled), need, fixes, tuple(groups)))
    dec, dix, sc, po = profile.declaring, profile.dix, profile.scoring, profile.playoff
    rules = Rules(
        profile=profile, trump=t, melds=tuple(melds),
        seven=-1 if t < 0 else t * 8 + Rank.SEVEN, per_trick=dec.per_trick,
        cady=dec.pending == "cady", reform=dec.reuse == "reform_after_play",
        dix_points=dix.points, dix_show=dix.on_show, dix_exchange=dix.on_exchange,
        dix_first_play=dix.on_first_play, follow_suit=po.follow_suit, must_win=po.must_win,
        must_trump=po.must_trump,
        brisque_points=sc.brisque_points if sc.brisques == "count" else 0,
        last_bonus=sc.last_trick_bonus, trick_points=sc.points_per_trick,
        tricks=profile.tricks_per_deal, players=profile.players,
        partnerships=profile.partnerships,
        partner_declares=dec.partner_declares and profile.partnerships,
        use_partner_table=dec.use_partner_table and profile.partnerships,
        last_split=sc.last_trick_split and profile.partnerships,
        dix_trick_win=dix.on_trick_win, all_new=dec.multi_bezique_all_new,
        spec_class=tuple(classes[m.meld_class] for m in profile.melds),
        spec_level=tuple(m.level for m in profile.melds),
        spec_points=tuple(m.points for m in profile.melds),
        spec_bezique=tuple(m.pattern == "bezique" for m in profile.melds),
        captured=dec.source == "captured",
        dix_capture=dix.on_capture, last_at_stock_end=sc.last_trick_at == "stock_end",
        game_melds=frozenset(i for i, m in enumerate(profile.melds) if m.kind in sc.game_melds))
    _RULES[key] = rules
    return rules


def beats(lead: int, follow: int, trump: int) -> bool:
    ls, fs = (lead & 31) >> 3, (follow & 31) >> 3
    if fs == ls:
        return (follow & 7) > (lead & 7)
    return fs == trump


def best_index(trick: Sequence[int], trump: int) -> int:
    """Index of the card winning ``trick`` so far (the first of identical cards)."""
    best = 0
    for i in range(1, len(trick)):
        if beats(trick[best], trick[i], trump):
            best = i
    return best


def _fits(rule: MeldRule, cards: tuple[int, ...]) -> bool:
    """True when ``cards`` form ``rule`` exactly."""
    total = 0
    for bits, count in rule.groups:
        if sum(1 for c in cards if bits >> (c & 31) & 1) != count:
            return False
        total += count
    return total == len(cards)


class FastDeal:
    """A deal as plain lists and ints. ``hold[p]`` is player p's holding,
    ``tables[p]`` the bitmask of its exposed cards, ``history[p]``/``pending[p]``
    lists of ``(meld index, cards tuple)``, shared by partners as in ``Deal``."""

    __slots__ = ("rules", "n", "hold", "tables", "history", "pending", "scores", "brisques",
                 "trick", "played", "dix_counted", "turn_up", "stock", "tricks_played",
                 "scored_this_turn", "leader", "to_move", "phase", "laid")

    def __init__(self, rules: Rules) -> None:
        n = rules.players
        self.rules = rules
        self.n = n
        self.hold: list[list[int]] = [[] for _ in range(n)]
        self.tables = [0] * n
        self.history: list[MeldList] = _side_lists(rules, rules.partnerships)
        self.pending: list[MeldList] = _side_lists(rules, rules.use_partner_table)
        self.scores = [0] * n
        self.brisques = [0] * n
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

    # --- construction ---------------------------------------------------------------

    @classmethod
    def new(cls, profile: Profile, rng: random.Random, dealer: int = 0) -> FastDeal:
        """Shuffle, cut and deal exactly as :meth:`Deal.new` does with the same RNG."""
        deck = list(profile.deck_ids())
        rng.shuffle(deck)
        cut = rng.randrange(1, len(deck))
        return cls.from_deck(profile, deck[cut:] + deck[:cut], dealer)

    @classmethod
    def from_deck(cls, profile: Profile, deck: Sequence[int], dealer: int) -> FastDeal:
        n = profile.players
        position = 0
        hands: list[list[int]] = [[] for _ in range(n)]
        order = [(dealer + 1 + i) % n for i in range(n)]
        for packet in profile.deal_packets:
            for player in order:
                hands[player].extend(deck[position:position + packet])
                position += packet
        trump: int | None = None
        turn_up = -1
        if profile.turn_up:
            turn_up = deck[position]
            position += 1
            trump = (turn_up & 31) >> 3
        s = cls(rules_for(profile, trump))
        s.hold = hands
        s.turn_up = turn_up
        stock = list(deck[position:])
        # Cards that cannot go round are set aside unseen, as Deal does.
        spare = (len(stock) + (1 if turn_up >= 0 else 0)) % n
        if spare:
            del stock[len(stock) - spare:]
        s.stock = list(reversed(stock))
        s.leader = s.to_move = profile.first_leader(dealer)
        if turn_up >= 0 and profile.dix.dealer_on_turn_up and (turn_up & 31) == s.rules.seven:
            s.scores[dealer] += s.rules.dix_points
            s.dix_counted |= 1 << turn_up
        return s

    @classmethod
    def from_deal(cls, deal: Deal) -> FastDeal:
        """The current state of an engine deal."""
        return cls.from_parts(deal, [sorted(deal.holding(p)) for p in range(deal.profile.players)],
                              list(deal.stock))

    @classmethod
    def from_parts(cls, deal: object, holds: list[list[int]], stock_pop_order: list[int]
                   ) -> FastDeal:
        """From any object with Deal's public attributes (a Deal or a PlayerView),
        with the holdings and the stock (in ``pop()`` order) given explicitly."""
        d = deal
        s = cls(rules_for(d.profile, d.trump))  # type: ignore[attr-defined]
        rules = s.rules
        s.hold = holds
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
        s.leader = d.leader  # type: ignore[attr-defined]
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
        return s

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

    def _reuse_ok(self, rule: MeldRule, cards: tuple[int, ...], player: int) -> bool:
        history = self.history[player]
        if not history:
            return True
        r = self.rules
        mask = card_mask(cards)
        if r.all_new and r.spec_bezique[rule.index] and len(cards) > 2:
            for index, prior in history:
                if r.spec_bezique[index] and card_mask(prior) & mask:
                    return False
        classes, levels = r.spec_class, r.spec_level
        for index, prior in history:
            if classes[index] != rule.meld_class or levels[index] < rule.level:
                continue
            pmask = card_mask(prior)
            if not pmask & mask:
                continue
            if r.reform and pmask & self.played and pmask != mask:
                continue
            return False
        return True

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

    def meld_options(self, player: int) -> list[tuple[MeldRule, tuple[int, ...]]]:
        """Every (meld, cards) ``player`` may score now by the reuse rule."""
        pool = self.meld_pool(player)
        present = 0
        by_kind: dict[int, list[int]] = {}
        for c in pool:
            present |= 1 << (c & 31)
            by_kind.setdefault(c & 31, []).append(c)
        out: list[tuple[MeldRule, tuple[int, ...]]] = []
        for rule in self.rules.melds:
            if present & rule.need_mask != rule.need_mask:
                continue
            pools = []
            for kinds, count in rule.parts:
                group = [c for k in kinds for c in by_kind.get(k, ())]
                if len(group) < count:
                    break
                group.sort()
                pools.append(list(combinations(group, count)))
            else:
                for parts in product(*pools):
                    cards = tuple(sorted(c for part in parts for c in part))
                    if self._reuse_ok(rule, cards, player):
                        out.append((rule, cards))
        return out

    def _pending_ok(self, index: int, cards: tuple[int, ...], player: int) -> bool:
        """A waiting meld may score when it still forms its meld (trumps may have
        been fixed since it was named) and the reuse rule allows it."""
        for rule in self.rules.melds:
            if rule.index == index and _fits(rule, cards):
                return self._reuse_ok(rule, cards, player)
        return False

    def legal(self) -> list[FastAction]:
        """The fast actions of the player to move, as ``Deal.legal_actions`` lists them."""
        phase = self.phase
        if phase == OVER:
            return []
        p = self.to_move
        hold = self.hold[p]
        if phase == LEAD or (phase == FOLLOW and (self.stock or self.turn_up >= 0)):
            return list[FastAction](hold)
        if phase == FOLLOW:
            return list[FastAction](self.playoff_replies(hold, self.trick[0]))
        return self.declare_actions(p)

    def playoff_replies(self, hold: list[int], lead: int) -> list[int]:
        """The cards of ``hold`` that may follow the current trick in the play-off
        (``lead`` is its first card; with more players the card winning so far
        sets what must be beaten)."""
        r = self.rules
        trick = self.trick
        best = lead if len(trick) < 2 else trick[best_index(trick, r.trump)]
        ls = (lead & 31) >> 3
        same = [c for c in hold if (c & 31) >> 3 == ls]
        if same and r.follow_suit:
            if r.must_win:
                higher = [c for c in same if beats(best, c, r.trump)]
                if higher:
                    return higher
            return same
        if r.must_trump and r.trump >= 0 and ls != r.trump:
            trumps = [c for c in hold if (c & 31) >> 3 == r.trump]
            if trumps:
                if r.must_win:
                    winners = [c for c in trumps if beats(best, c, r.trump)]
                    if winners:
                        return winners
                return trumps
        return list(hold)

    def declare_actions(self, p: int) -> list[FastAction]:
        r = self.rules
        acts: list[FastAction] = [DRAW]
        if r.captured:
            # 000: nothing is declared from the hand (rollouts skip the exchange of a
            # captured seven; an exchange chosen by the engine is applied as such).
            return acts
        if r.partner_declares and p == self.leader and self.scored_this_turn == 0:
            acts.append(PARTNER)
        if self.scored_this_turn < r.per_trick:
            for rule, cards in self.meld_options(p):
                acts.append((DECLARE, rule.index, cards))
            for index, cards in self.pending[p]:
                if self._pending_ok(index, cards, p):
                    acts.append((SCORE, index, cards))
        elif r.cady:
            waiting = set(self.pending[p])
            for rule, cards in self.meld_options(p):
                if (rule.index, cards) not in waiting:
                    acts.append((ANNOUNCE, rule.index, cards))
        seven = r.seven
        if seven >= 0:
            for c in sorted(self.hold[p]):
                if (c & 31) != seven:
                    continue
                if r.dix_show and not (self.dix_counted >> c) & 1:
                    acts.append((SHOW, -1, (c,)))
                if r.dix_exchange and self.turn_up >= 0 and (self.turn_up & 31) != seven:
                    acts.append((EXCHANGE, -1, (c,)))
        return acts

    # --- applying -------------------------------------------------------------------

    def apply(self, action: FastAction) -> None:
        """Apply a fast action taken from :meth:`legal` (not validated)."""
        if isinstance(action, int):
            if action == DRAW:
                self._draw()
            elif action == PARTNER:
                self.to_move = (self.to_move + 2) % 4
            else:
                self._play(action)
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
            if r.trump < 0:
                rule = next(m for m in r.melds if m.index == index)
                if rule.fixes_trump:
                    self.rules = rules_for(r.profile, (min(cards) & 31) >> 3)
            if index in r.game_melds:   # the game is won at once: the deal ends here
                self._end(None)
        elif code == ANNOUNCE:
            self._expose(p, cards)
            self.pending[p].append((index, cards))
        elif code == SHOW:
            self.scores[p] += r.dix_points
            self.dix_counted |= 1 << cards[0]
        elif r.captured:  # EXCHANGE of a captured seven: the turn-up joins the captures
            old, self.turn_up = self.turn_up, cards[0]
            self._capture(p, [old])   # its brisque scores too (captures.exchange)
        else:  # EXCHANGE
            card = cards[0]
            hold = self.hold[p]
            hold.remove(card)
            hold.append(self.turn_up)
            self.tables[p] &= ~(1 << card)
            self.turn_up = card
            if not (self.dix_counted >> card) & 1:
                self.scores[p] += r.dix_points
                self.dix_counted |= 1 << card

    def _expose(self, p: int, cards: tuple[int, ...]) -> None:
        """The cards of a meld from ``p``'s own holding go on its table (a partner's
        exposed cards used in it stay on the partner's table)."""
        hold = self.hold[p]
        for c in cards:
            if c in hold:
                self.tables[p] |= 1 << c

    def _play(self, card: int) -> None:
        p = self.to_move
        r = self.rules
        self.hold[p].remove(card)
        self.tables[p] &= ~(1 << card)
        self.played |= 1 << card
        self.trick.append(card)
        pending = self.pending[p]
        if pending:
            pending[:] = [m for m in pending if card not in m[1]]
        if r.dix_first_play and (card & 31) == r.seven and not (self.dix_counted >> card) & 1:
            self.scores[p] += r.dix_points
            self.dix_counted |= 1 << card
        n = self.n
        if len(self.trick) < n:
            self.phase = FOLLOW
            self.to_move = (p + 1) % n
            return
        trick = self.trick
        best = best_index(trick, r.trump)
        winner = (self.leader + best) % n
        win_card = trick[best]
        self.brisques[winner] += sum(1 for c in trick if (c & 7) >= 6)
        if r.dix_trick_win and (win_card & 31) == r.seven and not (
                self.dix_counted >> win_card) & 1:
            self.scores[winner] += r.dix_points
            self.dix_counted |= 1 << win_card
        self.trick = []
        self.tricks_played += 1
        self.scores[winner] += r.trick_points
        self.leader = self.to_move = winner
        if r.captured:
            self._capture(winner, trick)
        if self.tricks_played == r.tricks:
            self._end(winner)
        elif self.stock or self.turn_up >= 0:
            self.phase = DECLARE_PHASE
            self.scored_this_turn = 0
        else:
            self.phase = LEAD

    def _end(self, winner: int | None) -> None:
        r = self.rules
        if winner is None:
            pass   # ended by a combination that wins the game: no last trick
        elif r.last_at_stock_end:
            pass   # 000: the last trick's bonus went to the last trick before the stock ended
        elif r.last_split:
            half = r.last_bonus // 2
            self.scores[winner] += r.last_bonus - half
            self.scores[(winner + 2) % 4] += half
        else:
            self.scores[winner] += r.last_bonus
        if r.brisque_points:
            for p in range(self.n):
                self.scores[p] += self.brisques[p] * r.brisque_points
        self.phase = OVER

    def _draw(self) -> None:
        winner = self.leader   # the trick winner draws first, even if the partner declared
        n = self.n
        for offset in range(n):
            player = (winner + offset) % n
            if self.stock:
                self.hold[player].append(self.stock.pop())
            elif self.turn_up >= 0:
                self.hold[player].append(self.turn_up)
                self.turn_up = -1
        self.phase = LEAD
        self.to_move = winner
        if not self.stock and self.turn_up < 0:
            for p in range(n):
                self.pending[p].clear()
            self.tables = [0] * n
            if self.rules.last_at_stock_end:   # 000: the last trick before the stock ends
                self.scores[winner] += self.rules.last_bonus

    def _capture(self, winner: int, cards: list[int], brisques: bool = True) -> None:
        """000: what a won trick scores, by the engine's own computation
        (:func:`engine.rules.captures.score_capture`): brisques, the combinations the captured
        cards complete with the winner's laid-out cards, a seven of trumps not counted."""
        from engine.rules.captures import score_capture
        from engine.rules.melds import ScoredMeld

        r = self.rules
        melds = r.profile.melds
        history = [ScoredMeld(melds[i].kind, frozenset(c)) for i, c in self.history[winner]]
        counted = [c for c in cards if (self.dix_counted >> c) & 1]
        capture = score_capture(r.profile, None if r.trump < 0 else r.trump,
                                self.laid[winner], cards, history, counted=counted)
        self.scores[winner] += capture.total if brisques else capture.total - (
            capture.brisque_points)
        self.laid[winner].extend(capture.kept)
        index = {m.kind: i for i, m in enumerate(melds)}
        for verdict in capture.melds:
            self.history[winner].append((index[verdict.spec.kind],
                                         tuple(sorted(verdict.cards))))
        for card in capture.sevens:   # scored in capture.total
            self.dix_counted |= 1 << card

    # --- playouts ---------------------------------------------------------------------

    def play_random(self, rng: random.Random, trace: list[FastAction] | None = None) -> None:
        """Play to the end choosing uniformly among the legal actions."""
        choice = rng.choice
        while self.phase != OVER:
            phase = self.phase
            if phase == LEAD or (phase == FOLLOW and (self.stock or self.turn_up >= 0)):
                action: FastAction = choice(self.hold[self.to_move])
            elif phase == FOLLOW:
                action = choice(self.playoff_replies(self.hold[self.to_move], self.trick[0]))
            else:
                action = choice(self.declare_actions(self.to_move))
            if trace is not None:
                trace.append(action)
            self.apply(action)


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


_KINDS: dict[int, tuple[int, ...]] = {}


def _kinds_of(bits: int) -> tuple[int, ...]:
    """The kinds (0..31) set in a meld group's bitmask, cached: the hot loop of
    :meth:`FastDeal.meld_options` looks them up for every rule."""
    kinds = _KINDS.get(bits)
    if kinds is None:
        kinds = _KINDS[bits] = tuple(k for k in range(32) if bits >> k & 1)
    return kinds


# --- conversions --------------------------------------------------------------------


def card_mask(cards: Iterable[int]) -> int:
    """The cards as one int: bit ``c`` set for each card id ``c``."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


_INDEX: dict[int, dict[int, int]] = {}


def _by_index(rules: Rules) -> dict[int, int]:
    table = _INDEX.get(id(rules))
    if table is None:
        table = {}
        for i, m in enumerate(rules.melds):
            table.setdefault(m.index, i)
        _INDEX[id(rules)] = table
    return table


def to_action(rules: Rules, action: FastAction) -> Action:
    """The engine :class:`Action` of a fast action."""
    if isinstance(action, int):
        if action == DRAW:
            return Action(ActionType.DRAW)
        return Action(ActionType.PARTNER) if action == PARTNER else Action.play(action)
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
    index = -1
    if action.meld:
        index = next(i for i, m in enumerate(rules.profile.melds) if m.kind == action.meld)
    return (_TYPE_CODES[action.type], index, tuple(sorted(action.cards)))
