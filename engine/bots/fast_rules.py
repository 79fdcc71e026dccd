"""The profile fields the fast simulator reads, compiled once per trump suit.

:class:`Rules` holds flags and small tables on plain ints (:mod:`engine.bots.fastplay`
reads only these, never a variant's name); :class:`MeldRule` is the coarse meld table
the bots' rules of thumb plan with (:mod:`engine.bots.policy`,
:mod:`engine.bots.heuristic`); the exact one, for legality, is
:class:`engine.bots.fast_melds.MeldTable` (``Rules.table``).

    >>> from engine.rules.profile import load_profile
    >>> r = rules_for(load_profile("club"), 2)
    >>> r.trick_points, r.trick_bonus, r.blanche, r.exchange_declares
    (10, 10, 250, True)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from engine.bots.fast_captures import laid_kinds
from engine.bots.fast_melds import Looks, MeldTable, meld_table
from engine.notation.cards import JOKER_MIN_ID, Rank, Suit
from engine.rules.profile import Profile
from engine.rules.table_rules import DealBonuses
from engine.rules.trick_scoring import bonus_ranks


@dataclass(frozen=True, slots=True)
class MeldRule:
    """One meld of the profile compiled for one trump suit (the rules of thumb's table)."""

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
    seven: int                 # kind exchanged for the turn-up (the seven of trumps), -1
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
    brisque_points: int        # 0 when brisques do not count at the deal's end
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
    # for three; 000: a quadruple bezique).
    game_melds: frozenset[int] = frozenset()
    # The exact meld table (legality and reuse), for this trump.
    table: MeldTable | None = None
    # The table's quick looks when it is plain (MeldTable.plain): the trick loop reads
    # them to skip the look at a pool no row may pass, by one cached lookup and a count.
    plain_looks: Looks | None = None
    seven_ids: tuple[int, ...] = ()   # the deck's cards of kind ``seven``, ascending
    seven_mask: int = 0               # the same cards as a bitmask
    # The seven's other rules: scored for the dealer when turned up, exchanged from
    # the captures (000), the exchange counting as the declaration (002), exchanged
    # by the player about to lead (004 card-point).
    dix_dealer: bool = False
    exchange_captured: bool = False
    exchange_declares: bool = False
    exchange_before_lead: bool = False
    # 002 and 004's trick rules: what a trick is worth by itself (its cards' values, the
    # bonus for a trick with one of some kinds, in the stock and in the play-off),
    # following suit in the stock, the leader drawing first, declaring only after so
    # many tricks won.
    trick_scores: bool = False
    card_values: tuple[int, ...] = (0,) * 32
    trick_bonus: int = 0
    bonus_kinds: int = 0       # bitmask of kinds (0..31)
    playoff_bonus_kinds: int = 0
    follow_in_stock: bool = False
    leader_draws_first: bool = False
    after_tricks: int = 0
    # Carte blanche (003 after the deal, again for each non-court card drawn; 002 the first
    # court-less hand, once; 003 for four: both partners at once).
    blanche: int = 0
    blanche_double: int = 0
    blanche_repeat: bool = False
    blanche_first_appearance: bool = False
    # 004's 18-card game: jokers, no tricks kept, the deal ending with the stock.
    jokers: bool = False
    tricks_kept: bool = True
    stock_out_ends: bool = False
    # 000, four-handed: two play-offs side by side.
    split_pairs: bool = False
    # 003: the play-off skipped when it cannot change the result.
    skip_hopeless: bool = False
    # Derived: a trick's rarer rules (sevens won, captures, tricks counted, points per
    # trick); the declarations without a wait for tricks won (the quick look after a
    # trick: fast_melds.quick_looks, with the partner's exposed cards where they count);
    # the sevens of the holding that may be shown or exchanged.
    trick_extras: bool = False
    quiet_declare: bool = False
    hand_sevens: int = 0
    # 000: the kinds laid out when captured (a bitmask), the points of a brisque
    # captured (0: brisques counted at the deal's end).
    laid_kinds: int = 0
    capture_brisque: int = 0
    # 002: points on the deal for the turn-up (engine.rules.dealing.turn_up_bonuses).
    deal_bonuses: bool = False


_RULES: dict[tuple[int, int], Rules] = {}


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


def _meld_rules(profile: Profile, t: int) -> tuple[tuple[MeldRule, ...], dict[str, int]]:
    """The rules of thumb's meld table and the class numbers."""
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
    return tuple(melds), classes


def _kinds_mask(ranks: frozenset[int]) -> int:
    return sum(1 << (s * 8 + r) for s in range(4) for r in ranks)


def rules_for(profile: Profile, trump: int | None) -> Rules:
    """Compiled rules, cached per (profile, trump)."""
    key = (id(profile), -1 if trump is None else trump)
    rules = _RULES.get(key)
    if rules is not None and rules.profile is profile:
        return rules
    t = -1 if trump is None else trump
    melds, classes = _meld_rules(profile, t)
    dec, dix, sc, po = profile.declaring, profile.dix, profile.scoring, profile.playoff
    values = profile.card_points
    settle = profile.settlement
    table = meld_table(profile, t)
    card_values = tuple(values.of_rank(k & 7) for k in range(32))
    bonus_kinds = _kinds_mask(bonus_ranks(profile, False)) if sc.trick_bonus else 0
    playoff_bonus = _kinds_mask(bonus_ranks(profile, True)) if sc.trick_bonus else 0
    sevens = () if t < 0 else tuple(c for c in profile.deck_ids()
                                    if c < JOKER_MIN_ID and c & 31 == t * 8 + dix.card_rank)
    rules = Rules(
        profile=profile, trump=t, melds=melds,
        seven=-1 if t < 0 else t * 8 + dix.card_rank, per_trick=dec.per_trick,
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
        game_melds=frozenset(i for i, m in enumerate(profile.melds) if m.kind in sc.game_melds),
        table=table, plain_looks=table.looks if table.plain else None,
        seven_ids=sevens, seven_mask=sum(1 << c for c in sevens),
        dix_dealer=dix.dealer_on_turn_up,
        exchange_captured=dix.exchange_from == "captured",
        exchange_declares=dix.exchange_is_declaration,
        exchange_before_lead=dix.exchange_before_lead,
        trick_scores=bool(sc.points_per_trick or sc.trick_bonus or values.any),
        card_values=card_values, trick_bonus=sc.trick_bonus, bonus_kinds=bonus_kinds,
        playoff_bonus_kinds=playoff_bonus,
        follow_in_stock=profile.follow_in_stock,
        leader_draws_first=profile.draw_first == "leader",
        after_tricks=dec.after_tricks,
        blanche=dec.carte_blanche, blanche_double=dec.double_carte_blanche,
        blanche_repeat=dec.carte_blanche_repeat,
        blanche_first_appearance=dec.carte_blanche_timing == "first_appearance",
        jokers=profile.jokers > 0, tricks_kept=profile.tricks_kept,
        stock_out_ends=profile.deal_end == "stock_out",
        split_pairs=po.split_pairs,
        skip_hopeless=settle is not None and settle.skip_hopeless_playoff
        and profile.sides == 2)
    rules = dataclasses.replace(
        rules,
        trick_extras=(rules.dix_trick_win or rules.captured or rules.after_tricks > 0
                      or rules.trick_scores),
        quiet_declare=not rules.after_tricks,
        hand_sevens=(rules.seven_mask if (rules.dix_show or rules.dix_exchange)
                     and not rules.exchange_captured else 0),
        laid_kinds=laid_kinds(rules.table) if rules.captured and rules.table else 0,
        capture_brisque=sc.brisque_points if sc.brisques == "on_capture" else 0,
        deal_bonuses=profile.deal_bonuses != DealBonuses())
    _RULES[key] = rules
    return rules


__all__ = ["MeldRule", "Rules", "rules_for"]
