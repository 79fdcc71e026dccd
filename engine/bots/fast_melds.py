"""Melds on plain ints for the fast simulator: every card set that forms a meld, in
the order :func:`engine.rules.melds.candidate_sets` lists them, and the card-reuse
rules of :func:`engine.rules.melds.check_reuse` (001's class levels, 004's all-new
multiple bezique and its ladders, the Rubicon family's re-forming).

The profile's meld rows are compiled once per trump suit (:func:`meld_table`): a
:class:`Row` per row and suit, each a list of *groups*, the places of the meld that
draw on the same cards (the kings of a marriage, the queens of a double bezique, the
aces of four aces). A candidate takes ``count`` cards from each group's pool, jokers
standing in where the profile lets them (004's 18-card game).

A *history* is a list of ``(meld index, sorted cards)`` of the melds a side scored.

    >>> from engine.rules.profile import load_profile
    >>> table = meld_table(load_profile("two-handed"), 1)     # hearts trumps
    >>> [(row.kind, cards) for row, cards in candidates(table, [13, 12, 45])]  # K Q K#2
    [('trump_marriage', (12, 13)), ('trump_marriage', (12, 45))]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations, product

from engine.notation.cards import JOKER_MIN_ID, Rank, Suit
from engine.rules.melds import SEQUENCE_RANKS, distinct_sets
from engine.rules.profile import MeldSpec, Profile

History = list[tuple[int, tuple[int, ...]]]
# What 001's class levels forbid after a history (class_blocks).
Blocks = tuple[dict[int, list[tuple[int, int]]], int]

# How a group's pool is built: (kinds before the jokers, kinds after them).
Pool = tuple[tuple[int, ...], tuple[int, ...]]


@dataclass(frozen=True, slots=True)
class Row:
    """One meld row of the profile in one suit (or suitless), as candidate_sets forms it."""

    index: int                     # position in profile.melds
    kind: str
    points: int
    meld_class: int                # class number (classes numbered in profile order)
    level: int
    groups: tuple[tuple[Pool, int], ...]   # (pool, cards taken from it)
    sort_pool: bool                # rank sets: one pool, sorted by card id
    single: bool                   # one card from each group (sequences, sets of suits)
    need: tuple[tuple[tuple[int, ...], int], ...]   # (kinds, count): quick reject
    fixes_trump: bool              # no trump yet: declaring it makes its suit trumps
    need_all: int = 0              # the kinds of the groups of one card of one kind
    # (the cards of the group's kinds as a bitmask, cards needed) of the other groups:
    # counted against the pool's cards (see kinds_present).
    need_counts: tuple[tuple[int, int], ...] = ()
    cards: int = 0                 # every card (every copy) of the kinds it takes
    # Per group, every copy of each of its kinds as one bitmask, kind by kind, those
    # before the jokers and those after them (a sorted pool: all its kinds in one):
    # free_sets reads a group's pool off these.
    kind_masks: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = ()


@dataclass(frozen=True, slots=True)
class Spec:
    """What the reuse rules read of a meld row (index-aligned with profile.melds)."""

    meld_class: int
    level: int
    once: bool
    after: int                     # index of the rung before it, or -1
    grows: bool                    # a ladder rung that grows a set (keeps the cards shown)
    count: int
    multi_bezique: bool            # a bezique pattern of two or more pairs
    bezique: bool
    re_pair: bool                  # Rubicon: may re-pair on the table (marriages)


@dataclass(frozen=True, slots=True)
class Looks:
    """The quick look (:func:`quick_looks`) at every row of a table, in two parts: the
    rows whose groups are single cards of one kind (marriages, sequences, a bezique),
    by the kinds of ``simple_mask`` present, as (kinds needed, their positions in
    ``MeldTable.quick``) for each set of kinds some row needs, with the positions that pass for
    each such set of kinds (and jokers), filled as hands are met; and the rows whose
    groups are counted, by their groups (the rows of a ladder share them: the cards
    of a group are counted once), those of one group as (cards mask, fewest cards
    needed, ((position, cards needed), ...) by cards needed), those of several as
    (cards masks, fewest cards needed from the first, ((position, cards needed per
    group), ...)), with the cards of all their groups and the fewest cards any of them
    needs (most hands hold fewer: no counted row is looked at)."""

    simple_mask: int
    simple_looks: tuple[tuple[int, tuple[int, ...]], ...]   # (kinds needed, positions)
    mixed: dict[int, tuple[tuple[int, int], ...]]   # position: the counted groups
    counted_looks: tuple[tuple[tuple[int, ...], int,
                               tuple[tuple[int, tuple[int, ...]], ...]], ...]
    counted_single: tuple[tuple[int, int, tuple[tuple[int, int], ...]], ...]
    counted_cards: int
    counted_least: int
    simple_sorted: bool = True     # simple_looks' positions, one group after another, ascend
    simple_pass: dict[int, tuple[int, ...]] = field(default_factory=dict, compare=False)
    # With many simple kinds (eight packs: 20, a million sets of kinds present) the simple
    # rows are looked at part by part instead: parts of rows sharing no kind, each as
    # (its kinds, ((kinds needed, positions as bits), ...), its cache by the kinds
    # present), the positions passing in all parts then read from ``simple_pass`` by
    # their bits.
    parts: tuple[tuple[int, tuple[tuple[int, int], ...], dict[int, int]], ...] = ()
    # The simple rows passing as bits of their positions, by the same keys as
    # ``simple_pass`` (read where ladder rungs are cut to those in turn).
    simple_bits: dict[int, int] = field(default_factory=dict, compare=False)
    # Entries of counted_single whose cards are of one suit, several to a suit, taken out
    # of it: (their cards, the fewest cards any needs, the entries).
    counted_suits: tuple[tuple[int, int, tuple[tuple[int, int, tuple[tuple[int, int], ...]],
                                               ...]], ...] = ()
    # simple_looks with their positions as bits (what simple_bits keeps, formed at once).
    simple_masks: tuple[tuple[int, int], ...] = ()
    # The kinds needed by the simple rows that need no other's kinds and more (a
    # marriage, not the sequence around it): none all present, no simple row passes.
    least_needs: tuple[int, ...] = ()
    # The counted rows' groups two by two (the singles' groups, the first groups of rows
    # of several), each pair as (its cards, the fewest any of the two needs): a hand
    # short of that in every pair passes no counted row (_plain_passing's second look,
    # fewer counts than one per group).
    counted_pairs: tuple[tuple[int, int], ...] = ()
    # The same groups one by one (cards, fewest needed): read when some pair has enough.
    counted_firsts: tuple[tuple[int, int], ...] = ()


# The most simple kinds looked at in one cache key (2**15 sets of kinds at most).
_ONE_KEY_KINDS = 15


def _simple_parts(simple: Sequence[tuple[int, tuple[int, ...]]]
                  ) -> tuple[tuple[int, tuple[tuple[int, int], ...], dict[int, int]], ...]:
    """The simple looks ``(kinds needed, positions)`` in parts that share no kind."""
    parts: list[tuple[int, list[tuple[int, int]]]] = []
    for need, positions in simple:
        bits = sum(1 << pos for pos in positions)
        joined = [(need, bits)]
        kinds = need
        for part in [part for part in parts if part[0] & need]:
            parts.remove(part)
            kinds |= part[0]
            joined += part[1]
        parts.append((kinds, joined))
    return tuple((kinds, tuple(looks), {}) for kinds, looks in parts)


def _looks(rows: Sequence[tuple[int, Row]]) -> Looks:
    """The quick look at ``rows`` (each with its position in ``MeldTable.quick``)."""
    # A row with single cards of one kind and counted groups is looked at first by the
    # kinds it needs (with the simple rows), then by its counted groups.
    simple = [(pos, row.need_all) for pos, row in rows if row.need_all or not row.need_counts]
    counted = [(pos, row.need_counts) for pos, row in rows
               if row.need_counts and not row.need_all]
    mixed = {pos: row.need_counts for pos, row in rows if row.need_counts and row.need_all}
    simple_mask = 0
    by_need: dict[int, list[int]] = {}    # rows needing the same kinds (004's ladders)
    for pos, kinds_needed in simple:
        simple_mask |= kinds_needed
        by_need.setdefault(kinds_needed, []).append(pos)
    counted_cards = 0
    for _pos, groups in counted:
        for group, _n in groups:
            counted_cards |= group
    # no counted row: no hand holds enough of their (no) cards
    least = min((sum(n for _group, n in groups) for _pos, groups in counted), default=1)
    single: dict[int, list[tuple[int, int]]] = {}
    several: dict[tuple[int, ...], list[tuple[int, tuple[int, ...]]]] = {}
    for pos, groups in counted:
        if len(groups) == 1:
            single.setdefault(groups[0][0], []).append((pos, groups[0][1]))
        else:
            several.setdefault(tuple(g for g, _n in groups), []).append(
                (pos, tuple(n for _g, n in groups)))
    simple_looks = tuple((need, tuple(found)) for need, found in by_need.items())
    singles = [(mask, min(n for _pos, n in found), tuple(sorted(found, key=lambda f: f[1])))
               for mask, found in single.items()]
    # The groups of one suit (the trump's rank sets: five trump aces...) are looked at
    # together first: most hands hold too few cards of that suit for any of them.
    by_suit: dict[int, list[tuple[int, int, tuple[tuple[int, int], ...]]]] = {}
    for entry in singles:
        suits = {(pos & 31) >> 3 for pos in range(entry[0].bit_length()) if entry[0] >> pos & 1}
        if len(suits) == 1:
            by_suit.setdefault(suits.pop(), []).append(entry)
    suited = [group for group in by_suit.values() if len(group) > 1]
    in_suits = {id(entry) for group in suited for entry in group}
    several_looks = tuple((masks, min(needs[0] for _pos, needs in found), tuple(found))
                          for masks, found in several.items())
    firsts = ([(entry[0], entry[1]) for entry in singles]
              + [(masks[0], fewest) for masks, fewest, _found in several_looks])
    ones = tuple(firsts)
    if len(firsts) % 2:
        firsts.append((0, 1 << 30))     # an odd group alone (no cards, never the fewest)
    pairs = tuple((a[0] | b[0], min(a[1], b[1]))
                  for a, b in zip(firsts[::2], firsts[1::2], strict=True))
    return Looks(simple_mask, simple_looks,
                 mixed,
                 several_looks,
                 tuple(entry for entry in singles if id(entry) not in in_suits),
                 counted_cards, least,
                 [p for found in by_need.values() for p in found]
                 == sorted(pos for pos, _need in simple),
                 parts=(_simple_parts(simple_looks)
                        if simple_mask.bit_count() > _ONE_KEY_KINDS else ()),
                 counted_suits=tuple((sum(entry[0] for entry in group),
                                      min(entry[1] for entry in group), tuple(group))
                                     for group in suited),
                 simple_masks=tuple((need, sum(1 << pos for pos in positions))
                                    for need, positions in simple_looks),
                 least_needs=tuple(need for need in by_need
                                   if not any(other != need and other & need == other
                                              for other in by_need)),
                 counted_pairs=pairs, counted_firsts=ones)


@dataclass(frozen=True, slots=True)
class MeldTable:
    """A profile's melds compiled for one trump suit (-1: none yet)."""

    profile: Profile
    trump: int
    rows: tuple[Row, ...]
    specs: tuple[Spec, ...]
    jokers: int                    # jokers one meld may take
    reform: bool                   # the Rubicon family's reuse rule
    copies: int                    # most copies of one card kind in the deck
    folds: tuple[int, ...]         # kinds_present: the shifts folding the copies onto
                                   # the first but the last (32)
    all_new: bool                  # 004: a multiple bezique needs cards new to beziques
    ladders: bool                  # some row scores once or only after another
    # Per row: (kinds that must be present, the groups to count, the row): the quick
    # look of legal_melds.
    quick: tuple[Quick, ...] = ()
    # 004's ladders: per profile row, its quick looks; as bits of positions in
    # ``quick``: the rows no rung comes after (the first rungs, and rows outside any
    # ladder), per profile row the rungs after it, and per profile row its own
    # positions where it scores once (else 0).
    quick_of: tuple[tuple[Quick, ...], ...] = ()
    firsts: int = 0
    nexts: tuple[int, ...] = ()
    once: tuple[int, ...] = ()
    looks: Looks | None = None     # the quick look at every row
    # One or two packs, no jokers, no ladders, no simple rows in parts, no mixed rows,
    # no suited counted groups (the two-handed game and most others): quick_looks'
    # short way (_plain_passing), none of the general look's branches read.
    plain: bool = False


_TABLES: dict[tuple[int, int], MeldTable] = {}
_REAL = (1 << JOKER_MIN_ID) - 1     # every card id below the jokers
# ``1 << card`` looked up, not computed (a shift past 30 bits allocates a new int): the
# cards of up to sixteen packs and nine jokers (fastplay.supported); 0 in between.
PACK_IDS = 16 * 32
CARD_BIT = tuple(1 << c if c < PACK_IDS or c >= JOKER_MIN_ID else 0
                 for c in range(JOKER_MIN_ID + 9 * 32))


def meld_table(profile: Profile, trump: int) -> MeldTable:
    """The compiled melds of ``profile`` with ``trump`` (-1: none), cached."""
    key = (id(profile), trump)
    table = _TABLES.get(key)
    if table is None or table.profile is not profile:
        table = _TABLES[key] = _compile(profile, trump)
    return table


def _suits(spec: MeldSpec, trump: int, trump_from: tuple[str, ...]) -> list[int]:
    """As :func:`engine.rules.melds.suits_for`."""
    fixes = spec.suit == "trump" and spec.pattern in trump_from
    if trump < 0:
        return [0, 1, 2, 3] if fixes or spec.suit == "any" else []
    if spec.fixing_only:
        return []
    if spec.suit == "trump":
        return [trump]
    if spec.suit == "bezique_jack":
        return []
    if spec.suit == "plain":
        return [s for s in range(4) if s != trump]
    return [0, 1, 2, 3]


def _shapes(profile: Profile, spec: MeldSpec, trump: int
            ) -> list[tuple[tuple[tuple[Pool, int], ...], bool]]:
    """Per suit (in candidate_sets' order), the groups of the meld and whether its one
    pool is sorted."""
    suits = _suits(spec, trump, profile.declaring.trump_from)
    count = spec.count
    if spec.pattern == "marriage":
        return [(((((s * 8 + Rank.KING,), ()), count), (((s * 8 + Rank.QUEEN,), ()), count)),
                 False) for s in suits]
    if spec.pattern == "sequence":
        out = []
        for s in suits:
            groups: list[tuple[Pool, int]] = [(((s * 8 + r,), ()), 1) for r in SEQUENCE_RANKS]
            if spec.jack_from_bezique and trump >= 0:
                jack = profile.bezique_pair(Suit(trump))[1]
                if jack != s * 8 + Rank.JACK:
                    groups[-1] = (((s * 8 + Rank.JACK,), (jack,)), 1)
            out.append((tuple(groups), False))
        return out
    if spec.pattern == "bezique":
        queen, jack = profile.bezique_pair(None if trump < 0 else Suit(trump))
        return [(((((queen,), ()), count), (((jack,), ()), count)), False)]
    if spec.pattern == "rank_set":
        assert spec.rank is not None
        if spec.suit == "bezique_jack":
            if trump < 0:
                return []
            suits = [profile.bezique_pair(Suit(trump))[1] // 8]
        if spec.distinct_suits:
            return [(tuple((((s * 8 + spec.rank,), ()), 1) for s in range(4)), False)]
        return [((((tuple(s * 8 + spec.rank for s in suits), ()), count),), True)]
    return []


def _compile(profile: Profile, trump: int) -> MeldTable:
    dec = profile.declaring
    copies = [0] * 32
    for card in profile.deck_ids():
        if card < JOKER_MIN_ID:
            copies[card & 31] += 1
    slots = max(copies)
    classes: dict[str, int] = {}
    for spec in profile.melds:
        classes.setdefault(spec.meld_class, len(classes))
    index = {spec.kind: i for i, spec in enumerate(profile.melds)}
    rows: list[Row] = []
    specs: list[Spec] = []
    for i, spec in enumerate(profile.melds):
        specs.append(Spec(classes[spec.meld_class], spec.level, spec.once,
                          index[spec.after] if spec.after else -1,
                          spec.pattern == "rank_set" and bool(spec.after), spec.count,
                          spec.pattern == "bezique" and spec.count >= 2,
                          spec.pattern == "bezique", spec.pattern in dec.re_pair_on_table))
        if spec.pattern == "carte_blanche":
            continue
        fixes = trump < 0 and spec.suit == "trump" and spec.pattern in dec.trump_from
        for groups, sort_pool in _shapes(profile, spec, trump):
            need = tuple((pool[0] + pool[1], n) for pool, n in groups)
            single = not sort_pool and all(n == 1 for _pool, n in groups)
            need_all = sum(1 << kinds[0] for kinds, n in need if len(kinds) == 1 and n == 1)
            counts = tuple((sum(1 << (k + 32 * copy) for k in kinds for copy in range(slots)), n)
                           for kinds, n in need if len(kinds) > 1 or n > 1)
            every = sum(1 << (k + 32 * copy) for kinds, _n in need for k in kinds
                        for copy in range(slots))
            kind_masks = tuple(
                ((sum(1 << (k + 32 * copy) for k in before + after for copy in range(slots)),),
                 ()) if sort_pool else
                (tuple(sum(1 << (k + 32 * copy) for copy in range(slots)) for k in before),
                 tuple(sum(1 << (k + 32 * copy) for copy in range(slots)) for k in after))
                for (before, after), _n in groups)
            rows.append(Row(i, spec.kind, spec.points, classes[spec.meld_class], spec.level,
                            groups, sort_pool, single, need, fixes, need_all, counts, every,
                            kind_masks))
    looks = _looks(list(enumerate(rows)))
    folds = _folds(slots)
    ladders = any(s.once or s.after for s in profile.melds)
    plain = (not dec.jokers_per_meld and not folds and not ladders and not looks.parts
             and not looks.mixed and not looks.counted_suits)
    return MeldTable(profile, trump, tuple(rows), tuple(specs), dec.jokers_per_meld,
                     dec.reuse == "reform_after_play", slots, folds,
                     dec.multi_bezique_all_new, ladders, *_quick_looks(rows, specs), looks,
                     plain)


Quick = tuple[int, tuple[tuple[int, int], ...], Row]
# The quick looks that pass, and the class blocks read (quick_looks).
Looked = tuple[Sequence[Quick], Blocks | None]


def _folds(slots: int) -> tuple[int, ...]:
    """The shifts, halving, that fold ``slots`` copies of 32 bits onto the first, the
    last one (by 32) left to the reader: (128, 64) for eight packs, () for two."""
    width = 32
    while width < 32 * slots:
        width *= 2
    out = []
    while width > 64:
        width //= 2
        out.append(width)
    return tuple(out)


def _quick_looks(rows: list[Row], specs: list[Spec]
                 ) -> tuple[tuple[Quick, ...], tuple[tuple[Quick, ...], ...], int,
                            tuple[int, ...], tuple[int, ...]]:
    quick = tuple((row.need_all, row.need_counts, row) for row in rows)
    quick_of = tuple(tuple(q for q in quick if q[2].index == i) for i in range(len(specs)))
    # each profile row's positions in quick, as bits
    bits = [sum(1 << pos for pos, q in enumerate(quick) if q[2].index == i)
            for i in range(len(specs))]
    firsts = sum(bits[i] for i, spec in enumerate(specs) if spec.after < 0)
    nexts = tuple(sum(bits[j] for j, other in enumerate(specs) if other.after == i)
                  for i in range(len(specs)))
    once = tuple(bits[i] if spec.once else 0 for i, spec in enumerate(specs))
    return quick, quick_of, firsts, nexts, once


def by_kind(pool: Sequence[int]) -> dict[int, list[int]]:
    """Cards by kind, each list ascending; jokers under -1 (as engine.rules.melds.by_kind)."""
    table: dict[int, list[int]] = {}
    for card in sorted(pool):
        key = card & 31 if card < JOKER_MIN_ID else -1
        found = table.get(key)
        if found is None:
            table[key] = [card]
        else:
            found.append(card)
    return table


def row_sets(table: MeldTable, row: Row, kinds: dict[int, list[int]],
             blocked: int = 0) -> Iterator[tuple[int, ...]]:
    """Every card set of ``kinds`` forming ``row``, in candidate_sets' order (unsorted
    tuples, as it yields them); with ``blocked`` (a bitmask of cards), only the sets
    without those cards, in the same order."""
    wild = kinds.get(-1, [])[:table.jokers] if table.jokers else []
    if blocked and wild:   # the jokers a meld may take are chosen before the filter
        wild = [c for c in wild if not blocked >> c & 1]
    spare = len(wild)
    for need_kinds, n in row.need:
        have = spare
        for k in need_kinds:
            found = kinds.get(k)
            if found:
                have += len(found)
        if have < n:
            return
    pools: list[list[int]] = []
    for ((before, after), _n) in row.groups:
        pool = [c for k in before for c in kinds.get(k, ())] + wild
        if after:
            pool += [c for k in after for c in kinds.get(k, ())]
        if blocked:
            pool = [c for c in pool if not blocked >> c & 1]
        pools.append(pool)
    found_sets: Iterator[tuple[int, ...]]
    if row.sort_pool:
        found_sets = combinations(sorted(pools[0]), row.groups[0][1])
    elif row.single:
        found_sets = product(*pools)
    else:
        found_sets = (sum(parts, ()) for parts in product(
            *(combinations(pool, n) for pool, (_p, n) in zip(pools, row.groups, strict=True))))
    if not wild:
        yield from found_sets
    elif len(wild) == 1:
        # One joker a meld (004's default): a set may only take it twice, and no set
        # arises twice (its one joker stands in one place, each real card in its own).
        joker = wild[0]
        for cards in found_sets:
            if cards.count(joker) < 2:
                yield cards
    else:
        yield from distinct_sets(found_sets, table.jokers)


_GROUPS: dict[int, tuple[Row, tuple[tuple[int, ...], ...]]] = {}


def group_cards(table: MeldTable, row: Row) -> tuple[tuple[int, ...], ...]:
    """Every card (every copy) of each group of ``row``, in the order of its pool:
    kind by kind, each kind's copies ascending (as :func:`by_kind` lists them)."""
    found = _GROUPS.get(id(row))
    if found is None or found[0] is not row:
        ids = range(0, 32 * table.copies, 32)
        found = _GROUPS[id(row)] = (row, tuple(
            tuple(k + copy for k in before + after for copy in ids)
            for (before, after), _n in row.groups))
    return found[1]


def _add_cards(pool: list[int], kinds: tuple[int, ...], free: int) -> None:
    """Append to ``pool`` the cards of ``free`` of each kind (a bitmask of its copies) of
    ``kinds``, kind by kind, each ascending: bit by bit, as a group holds few of them."""
    for kind in kinds:
        have = free & kind
        while have:
            low = have & -have
            pool.append(low.bit_length() - 1)
            have ^= low


def free_sets(table: MeldTable, row: Row, free: int, wild: Sequence[int] = ()
              ) -> Iterable[tuple[int, ...]]:
    """:func:`row_sets` of the cards ``free`` (a bitmask of real cards) and the jokers
    ``wild`` (ascending, those a meld may take, none blocked), its pools read off the
    bitmask: the same sets in the same order, without a by_kind of the pool."""
    pools: list[list[int]] = []
    for before, after in row.kind_masks:
        pool: list[int] = []
        _add_cards(pool, before, free)
        if wild or after:
            pool += wild
            _add_cards(pool, after, free)
        pools.append(pool)
    found_sets: Iterable[tuple[int, ...]]
    if row.sort_pool:   # one mask (ascending), then the jokers (whose ids are higher)
        found_sets = combinations(pools[0], row.groups[0][1])
    elif row.single:
        found_sets = product(*pools)
    else:
        found_sets = (sum(parts, ()) for parts in product(
            *(combinations(pool, n) for pool, (_p, n) in zip(pools, row.groups, strict=True))))
    if not wild:
        return found_sets
    if len(wild) == 1:   # as row_sets: a set takes its one joker once
        joker = wild[0]
        return (cards for cards in found_sets if cards.count(joker) < 2)
    return distinct_sets(found_sets, table.jokers)


def candidates(table: MeldTable, pool: Sequence[int]) -> Iterator[tuple[Row, tuple[int, ...]]]:
    """Every (row, sorted cards) of ``pool`` forming a meld, reuse aside."""
    kinds = by_kind(pool)
    for row in table.rows:
        for cards in row_sets(table, row, kinds):
            yield row, tuple(sorted(cards))


def forms(table: MeldTable, index: int, cards: tuple[int, ...]) -> bool:
    """Whether ``cards`` (sorted) form the meld of profile row ``index`` now (as
    :func:`engine.rules.melds.pattern_error` finds no error)."""
    if len(set(cards)) != len(cards):
        return False
    kinds = by_kind(cards)
    for row in table.rows:
        if row.index == index:
            for found in row_sets(table, row, kinds):
                if tuple(sorted(found)) == cards:
                    return True
    return False


_MASKS: dict[tuple[int, ...], int] = {}


def mask_of(cards: tuple[int, ...]) -> int:
    """The bitmask of a meld's cards (cached: histories are read at every declaration)."""
    found = _MASKS.get(cards)
    if found is None:
        if len(_MASKS) > 200_000:
            _MASKS.clear()
        found = 0
        for c in cards:
            found |= 1 << c
        _MASKS[cards] = found
    return found


def after_scoring(table: MeldTable, melds: Sequence[tuple[int, tuple[int, ...]]], index: int,
                  cards: tuple[int, ...]) -> list[tuple[int, tuple[int, ...]]]:
    """Of ``melds`` (profile row, cards: what :func:`legal_melds` found for a pool),
    those still legal once the meld ``index``/``cards`` is scored from the same pool and
    nothing else changed: :func:`reuse_ok`'s checks against the new meld alone, the
    others having passed already. Only where :func:`carries_over` says so: ladders'
    turns, Rubicon's re-forming and jokers chosen around blocked cards can make a set
    legal that was not found before."""
    specs = table.specs
    new = specs[index]
    new_mask = mask_of(cards)
    beziques = table.all_new and new.bezique
    out: list[tuple[int, tuple[int, ...]]] = []
    for i, c in melds:
        if mask_of(c) & new_mask:
            spec = specs[i]
            if spec.meld_class == new.meld_class and new.level >= spec.level:
                continue
            if beziques and spec.multi_bezique:
                continue
        out.append((i, c))
    return out


def carries_over(table: MeldTable) -> bool:
    """Whether :func:`after_scoring` gives what a new search would: the legal melds after
    a score are then a subset of those before, in the same order."""
    return not (table.ladders or table.reform or table.jokers)


def reuse_ok(table: MeldTable, index: int, cards: Sequence[int], history: History,
             played: int, ladder_checked: bool = False) -> bool:
    """:func:`engine.rules.melds.check_reuse` (legality only): ``index`` is the profile
    row, ``played`` the bitmask of the cards played so far (for Rubicon's re-forming);
    ``ladder_checked``: the rung is known to be in turn (only its growing is checked)."""
    specs = table.specs
    spec = specs[index]
    if table.ladders and (spec.once or spec.after >= 0):
        if not ladder_checked and spec.once and any(i == index for i, _c in history):
            return False
        if spec.after >= 0:
            before = [c for i, c in history if i == spec.after]
            if not before:
                return False
            if spec.grows and len(before[-1]) < spec.count and not set(before[-1]) <= set(cards):
                return False
    if not history:
        return True
    mask = 0
    for c in cards:
        mask |= 1 << c
    if table.all_new and spec.multi_bezique:
        for i, prior in history:
            if specs[i].bezique and mask_of(prior) & mask:
                return False
    if table.reform:
        return _reform_ok(table, index, cards, mask, _history_rows(table, history), played)
    cls, level = spec.meld_class, spec.level
    for i, prior in history:
        other = specs[i]
        if other.meld_class == cls and other.level >= level and mask_of(prior) & mask:
            return False
    return True


def _reform_ok(table: MeldTable, index: int, cards: Sequence[int], mask: int,
               rows: list[tuple[int, int, int, int]], played: int) -> bool:
    """:func:`engine.rules.melds.rubicon_reuse` (legality only); ``rows``: the
    history's :func:`_history_rows`."""
    spec = table.specs[index]
    cls, level = spec.meld_class, spec.level
    same: list[tuple[int, int]] = []          # (level, mask) of the class's melds, in order
    for i, other_class, other_level, pmask in rows:
        if other_class == cls:
            if other_level > level and mask & pmask == mask:
                return False            # lies wholly inside a higher meld already scored
            if other_level >= level:
                same.append((other_level, pmask))
        if i == index and pmask == mask:
            return False                # the same cards as this meld again
    if not same:
        return True
    standing = raised = freed = fresh = False
    for c in cards:
        bit = 1 << c
        for prior_level, pmask in reversed(same):
            if pmask & bit:
                if pmask & played:
                    freed = True
                elif prior_level > level:
                    raised = True
                else:
                    standing = True
                break
        else:
            fresh = True
    if spec.re_pair:
        return (not standing or freed) and (not raised or freed or fresh)
    return not standing and not raised


def kinds_present(table: MeldTable, pool: Sequence[int], cards: int = -1
                  ) -> tuple[int, int, int]:
    """What the quick looks read of ``pool``: the kinds present (a bitmask), the cards
    themselves as a bitmask (bit ``c`` for card id ``c``, jokers left out; a card id is
    its kind plus 32 times its copy, so the cards of a group of kinds are counted by
    one ``bit_count`` against the group's mask), and the jokers. ``cards``: the pool's
    bitmask when the caller has it (jokers included)."""
    if cards < 0:
        cards = 0
        for c in pool:
            cards |= CARD_BIT[c]
    jokers = 0
    if cards >> JOKER_MIN_ID:
        jokers = (cards >> JOKER_MIN_ID).bit_count()
        cards &= _REAL
    present = cards
    for shift in table.folds:
        present |= present >> shift
    return (present | present >> 32) & 0xFFFFFFFF, cards, jokers


def may_form(look: Quick, present: int, cards: int, wild: int) -> bool:
    """The quick look: whether the ``cards`` (a bitmask) of the kinds ``present``
    (:func:`kinds_present`) and ``wild`` jokers may form the row of ``look``."""
    need, groups, _row = look
    short = (need & ~present).bit_count()
    if short > wild:
        return False
    for mask, n in groups:
        have = (cards & mask).bit_count()
        if have < n:
            short += n - have
            if short > wild:
                return False
    return True


def class_blocks(table: MeldTable, history: History) -> Blocks:
    """What 001's class levels forbid after ``history``: per class the (level, cards
    bitmask) of its melds, and the cards of every bezique (004's all-new rule)."""
    by_class: dict[int, list[tuple[int, int]]] = {}
    in_beziques = 0
    specs = table.specs
    for i, prior in history:
        spec = specs[i]
        mask = mask_of(prior)
        by_class.setdefault(spec.meld_class, []).append((spec.level, mask))
        if spec.bezique:
            in_beziques |= mask
    return by_class, in_beziques


def with_meld(table: MeldTable, blocks: Blocks, index: int, cards: tuple[int, ...]) -> Blocks:
    """:func:`class_blocks` of a history and one more meld (profile row ``index``)."""
    by_class, in_beziques = blocks
    spec = table.specs[index]
    mask = mask_of(cards)
    grown = dict(by_class)
    grown[spec.meld_class] = [*by_class.get(spec.meld_class, ()), (spec.level, mask)]
    return grown, (in_beziques | mask) if spec.bezique else in_beziques


def blocked_cards(table: MeldTable, row: Row, blocks: Blocks) -> int:
    """The cards ``row`` may not take by the class levels (:func:`class_blocks`)."""
    by_class, in_beziques = blocks
    blocked = 0
    level = row.level
    for prior_level, mask in by_class.get(row.meld_class, ()):
        if prior_level >= level:
            blocked |= mask
    if table.all_new and table.specs[row.index].multi_bezique:
        blocked |= in_beziques
    return blocked


def _simple_passing(looks: Looks, present: int, wild: int) -> tuple[int, ...]:
    """The simple rows of ``looks`` the kinds ``present`` and ``wild`` jokers may
    form, cached."""
    if len(looks.simple_pass) > 50_000:
        looks.simple_pass.clear()
    key = present & looks.simple_mask
    absent = ~present
    if wild:
        passed = [positions for need, positions in looks.simple_looks
                  if (need & absent).bit_count() <= wild]
    else:
        passed = [positions for need, positions in looks.simple_looks if not need & absent]
    if len(passed) == 1:
        found = passed[0]
    elif looks.simple_sorted:
        found = tuple(p for group in passed for p in group)
    else:
        found = tuple(sorted(p for group in passed for p in group))
    looks.simple_pass[key | wild << 32] = found
    return found


# Positions as bits: the positions, ascending (passing_rows, with rows in turn).
_POSITIONS: dict[int, tuple[int, ...]] = {}


def _simple_bits(looks: Looks, present: int, wild: int) -> int:
    """:func:`_simple_passing` as bits of the positions, cached in ``simple_bits``."""
    if len(looks.simple_bits) > 50_000:
        looks.simple_bits.clear()
    absent = ~present
    bits = 0
    for need, positions in looks.simple_masks:
        if (need & absent).bit_count() <= wild:
            bits |= positions
    looks.simple_bits[present & looks.simple_mask | wild << 32] = bits
    return bits


def _parts_passing(looks: Looks, present: int, wild: int) -> tuple[int, ...]:
    """:func:`_simple_passing` part by part (``Looks.parts``), each part cached."""
    absent = ~present
    if not wild:
        for need in looks.least_needs:
            if not need & absent:
                break
        else:
            return ()     # most often: no simple row at all
    bits = 0
    for kinds, part, seen in looks.parts:
        key = present & kinds | wild << 32
        found = seen.get(key)
        if found is None:
            if len(seen) > 50_000:
                seen.clear()
            found = 0
            for need, positions in part:
                if (need & absent).bit_count() <= wild:
                    found |= positions
            seen[key] = found
        bits |= found
    passing = looks.simple_pass.get(bits)
    if passing is None:
        if len(looks.simple_pass) > 50_000:
            looks.simple_pass.clear()
        passing = looks.simple_pass[bits] = tuple(pos for pos in range(bits.bit_length())
                                                  if bits >> pos & 1)
    return passing


def folded_form(table: MeldTable, look: Quick, cards: int) -> bool:
    """The quick look of ``look`` on ``cards`` (a bitmask, jokers included)."""
    wild = 0
    if cards >> JOKER_MIN_ID:
        wild = min((cards >> JOKER_MIN_ID).bit_count(), table.jokers)
        cards &= _REAL
    present = cards
    for shift in table.folds:
        present |= present >> shift
    return may_form(look, present | present >> 32, cards, wild)


_NO_LOOKS: tuple[Quick, ...] = ()
# What the quick look reads of a history, per history list (its id), while the list
# has the same length (histories only grow, by append): [the list itself, its length,
# the table, its class blocks, its rungs in turn, its rows (_history_rows), per
# profile row the cards it may not take (blocked_cards: they depend on the profile row
# alone, not its suit), per (class,
# level) the cards of the melds Rubicon's re-forming reads], each computed when first
# read. A history grows far more rarely than it is looked at (once a trick).
_FACTS: dict[int, list[object]] = {}


def _facts(table: MeldTable, history: History) -> list[object]:
    entry = _FACTS.get(id(history))
    if (entry is None or entry[0] is not history or entry[1] != len(history)
            or entry[2] is not table):
        if len(_FACTS) > 4096:
            _FACTS.clear()
        old = entry
        entry = _FACTS[id(history)] = [history, len(history), table, None, None, None,
                                       {}, {}]
        if old is not None and old[0] is history and old[2] is table:
            seen = old[1]
            assert isinstance(seen, int)
            if seen < len(history):
                # The same history grown: its class blocks and its rows grow by the
                # melds added.
                if old[3] is not None:
                    blocks: Blocks = old[3]   # type: ignore[assignment]
                    for index, cards in history[seen:]:
                        blocks = with_meld(table, blocks, index, cards)
                    entry[3] = blocks
                if old[5] is not None:
                    entry[5] = [*old[5], *_rows_of(table, history[seen:])]  # type: ignore[misc]
    return entry


def _rows_of(table: MeldTable, history: History) -> list[tuple[int, int, int, int]]:
    """Each meld of ``history`` as (profile row, class, level, cards bitmask)."""
    specs = table.specs
    return [(i, specs[i].meld_class, specs[i].level, mask_of(prior)) for i, prior in history]


def _history_rows(table: MeldTable, history: History) -> list[tuple[int, int, int, int]]:
    """Each meld of ``history`` as (profile row, class, level, cards bitmask), kept
    while ``history`` does not grow (Rubicon's re-forming reads them at every look)."""
    facts = _facts(table, history)
    rows = facts[5]
    if rows is None:
        rows = facts[5] = _rows_of(table, history)
    return rows   # type: ignore[return-value]


def history_blocks(table: MeldTable, history: History) -> Blocks:
    """:func:`class_blocks`, kept while ``history`` does not grow."""
    facts = _facts(table, history)
    blocks = facts[3]
    if blocks is None:
        blocks = facts[3] = class_blocks(table, history)
    return blocks   # type: ignore[return-value]


def _turn_positions(table: MeldTable, history: History, facts: list[object]) -> int:
    """004's ladders: the rungs in turn, those after a rung scored or first, as bits of
    their positions in ``table.quick`` (kept in ``facts``, those of
    ``history``). The quick look is made at every row and kept for these: the sets of
    rungs in turn are too many to keep a look at each."""
    if facts[4] is not None:
        return facts[4]   # type: ignore[return-value]
    # The first rungs and those after a rung scored, less the rungs scored once (each
    # profile row's positions are its own: the bits subtract exactly).
    positions = table.firsts
    spent = 0
    nexts, once = table.nexts, table.once
    for i, _cards in history:
        positions |= nexts[i]
        spent |= once[i]
    positions &= ~spent
    facts[4] = positions
    return positions


def quick_looks(table: MeldTable, mask: int, history: History, played: int = 0,
                short: bool | None = None) -> Looked:
    """The quick looks that pass for the pool of cards ``mask`` (a bitmask, jokers
    included) after ``history`` (with ``played``, the cards played, for Rubicon's
    re-forming): the rows :func:`legal_melds` enumerates (given them, it does not look
    again), with the class blocks of ``history`` when they were read. No looks (most
    often): nothing to declare. The hot path of every deal, in as few operations as
    can be. ``short``: :func:`no_counted` of a plain table's pool, when the caller
    asked it already."""
    looks = table.looks
    assert looks is not None
    facts = None
    if table.plain:
        passing = _plain_passing(looks, mask, short)
    else:
        turn = -1
        if table.ladders:
            facts = _facts(table, history)
            turn = _turn_positions(table, history, facts)
        passing = passing_rows(table, looks, mask, turn)
    if not passing:
        return _NO_LOOKS, None
    quick = table.quick
    if not history:
        return [quick[pos] for pos in passing], None
    if table.reform:
        return _reform_looks(table, [quick[pos] for pos in passing], mask, history,
                             played), None
    # 001's class levels: a row passes only with the cards it may still take (most
    # often its cards are those of the same meld, scored already).
    if facts is None:
        facts = _facts(table, history)
    blocks = facts[3]
    if blocks is None:
        blocks = facts[3] = class_blocks(table, history)
    blocked_at: dict[int, int] = facts[6]   # type: ignore[assignment]
    # Without jokers the look passing_rows made at the whole pool is may_form's: a row
    # none of whose blocked cards the pool holds passes again (no second look).
    exact = not (table.jokers and mask >> JOKER_MIN_ID)
    found = []
    for pos in passing:
        look = quick[pos]
        index = look[2].index
        blocked = blocked_at.get(index)
        if blocked is None:
            blocked = blocked_at[index] = blocked_cards(table, look[2],
                                                        blocks)  # type: ignore[arg-type]
        if (exact and not mask & blocked) or folded_form(table, look, mask & ~blocked):
            found.append(look)
    return found, blocks   # type: ignore[return-value]


def _reform_looks(table: MeldTable, found: list[Quick], mask: int, history: History,
                  played: int) -> list[Quick]:
    """Rubicon's re-forming (:func:`_reform_ok`) on the quick looks ``found``: a card
    whose every meld of the row's class at its level or higher still stands on the
    table (none of its cards played) is standing or raised in any set that takes it. A
    row may take no such card, and a marriage, which may re-pair, not only such
    cards."""
    specs = table.specs
    blocked_at: dict[tuple[int, int], int] = {}
    out = []
    facts = _facts(table, history)
    # per (class, level): the cards of the melds of that class at that level or higher
    prior_of: dict[tuple[int, int], list[int]] = facts[7]   # type: ignore[assignment]
    for look in found:
        row = look[2]
        key = (row.meld_class, row.level)
        blocked = blocked_at.get(key)
        if blocked is None:
            priors = prior_of.get(key)
            if priors is None:
                cls, level = key
                priors = prior_of[key] = [
                    pmask for _i, other_class, other_level, pmask
                    in _history_rows(table, history)
                    if other_class == cls and other_level >= level]
            standing = freed = 0
            for pmask in priors:
                if pmask & played:
                    freed |= pmask
                else:
                    standing |= pmask
            blocked = blocked_at[key] = standing & ~freed
        if not blocked & mask:
            out.append(look)
        elif specs[row.index].re_pair:
            if mask & ~blocked & row.cards:
                out.append(look)
        elif folded_form(table, look, mask & ~blocked):
            out.append(look)
    return out


def _counted_short(groups: tuple[tuple[int, int], ...], mask: int) -> int:
    """The cards the pool ``mask`` lacks for ``groups`` (cards mask, cards needed)."""
    short = 0
    for group, n in groups:
        have = (mask & group).bit_count()
        if have < n:
            short += n - have
    return short


def _counted_rows(entries: Sequence[tuple[int, int, tuple[tuple[int, int], ...]]], mask: int,
                  wild: int, turn: int, counted: list[int]) -> None:
    """The positions of the counted rows of one group (``Looks.counted_single``'s
    entries) that the pool ``mask`` and ``wild`` jokers pass, in ``turn``, appended to
    ``counted``."""
    for group, least, rows in entries:
        have = (mask & group).bit_count() + wild
        if have >= least:
            for pos, n in rows:
                if have < n:
                    break
                if turn >> pos & 1:
                    counted.append(pos)


def no_counted(looks: Looks, mask: int) -> bool:
    """Whether the pool ``mask`` (jokers none) is short of every counted row of a plain
    table (``MeldTable.plain``): too few counted cards (most hands), too few in each
    pair of groups (most others), or in each group. False: some counted row may pass."""
    if (mask & looks.counted_cards).bit_count() < looks.counted_least:
        return True
    for cards, fewest in looks.counted_pairs:
        if (mask & cards).bit_count() >= fewest:
            break
    else:
        return True
    for cards, fewest in looks.counted_firsts:
        if (mask & cards).bit_count() >= fewest:
            return False
    return True


def _plain_passing(looks: Looks, mask: int, short: bool | None = None) -> Sequence[int]:
    """:func:`passing_rows` of a plain table (``MeldTable.plain``: no jokers, no folds
    but the copies' 32, rows in no turn, no parts, no mixed rows, no suited groups):
    the same positions, with only the branches such a table reaches (``short``:
    :func:`no_counted`, when known)."""
    present = mask | mask >> 32
    passing = looks.simple_pass.get(present & looks.simple_mask)
    if passing is None:
        passing = _simple_passing(looks, present, 0)
    if no_counted(looks, mask) if short is None else short:
        return passing
    counted: list[int] = []
    _counted_rows(looks.counted_single, mask, 0, -1, counted)
    _several_rows(looks, mask, 0, -1, counted)
    return tuple(sorted((*passing, *counted))) if counted else passing


def passing_rows(table: MeldTable, looks: Looks, mask: int, turn: int = -1) -> Sequence[int]:
    """The positions (in ``table.quick``, ascending) of the rows of ``looks`` that the
    pool of cards ``mask`` (a bitmask, jokers included) passes: the simple rows by the
    kinds present (cached), the counted rows by their cards and the jokers; ``turn``:
    only these positions (bits; 004's ladder rungs in turn)."""
    wild = 0
    if table.jokers and mask >> JOKER_MIN_ID:
        wild = min((mask >> JOKER_MIN_ID).bit_count(), table.jokers)
    present = mask
    for shift in table.folds:
        present |= present >> shift
    present |= present >> 32
    passing: Sequence[int] | None
    if turn >= 0:
        # the simple rows as bits, cut to those in turn before anything else is read
        # (a ladder's rungs pass the kinds' look together: eight for one set of kinds)
        key = present & looks.simple_mask | wild << 32
        bits = looks.simple_bits.get(key)
        if bits is None:
            bits = _simple_bits(looks, present, wild)
        bits &= turn
        passing = _POSITIONS.get(bits)
        if passing is None:
            if len(_POSITIONS) > 50_000:
                _POSITIONS.clear()
            passing = _POSITIONS[bits] = tuple(pos for pos in range(bits.bit_length())
                                               if bits >> pos & 1)
    elif looks.parts:
        passing = _parts_passing(looks, present, wild)
    else:
        passing = looks.simple_pass.get(present & looks.simple_mask | wild << 32)
        if passing is None:
            passing = _simple_passing(looks, present, wild)
    if passing and looks.mixed:
        mixed = looks.mixed
        passing = [pos for pos in passing
                   if pos not in mixed or _counted_short(mixed[pos], mask) <= wild]
    if (mask & looks.counted_cards).bit_count() + wild < looks.counted_least:
        return passing
    counted: list[int] = []
    _counted_rows(looks.counted_single, mask, wild, turn, counted)
    for cards, fewest, entries in looks.counted_suits:
        if (mask & cards).bit_count() + wild >= fewest:
            _counted_rows(entries, mask, wild, turn, counted)
    _several_rows(looks, mask, wild, turn, counted)
    return tuple(sorted((*passing, *counted))) if counted else passing


def _several_rows(looks: Looks, mask: int, wild: int, turn: int, counted: list[int]) -> None:
    """The positions of the counted rows of several groups (``Looks.counted_looks``)
    that the pool ``mask`` and ``wild`` jokers pass, in ``turn``, appended to
    ``counted``."""
    for groups, least, several in looks.counted_looks:
        if (mask & groups[0]).bit_count() + wild < least:
            continue
        haves = [(mask & group).bit_count() for group in groups]
        for pos, needs in several:
            short = 0
            for have, n in zip(haves, needs, strict=True):
                if have < n:
                    short += n - have
            if short <= wild and turn >> pos & 1:
                counted.append(pos)


def legal_melds(table: MeldTable, pool: Sequence[int], history: History,
                played: int, mask: int = -1, looked: Looked | None = None
                ) -> list[tuple[Row, tuple[int, ...]]]:
    """Every meld ``pool`` may score now, in the order Deal lists its declarations
    (out-of-turn ladder rungs are skipped as :func:`engine.rules.melds.all_verdicts`
    skips them); ``mask``: the pool's cards as a bitmask (given, ``pool`` is not read),
    ``looked``: its :func:`quick_looks`, when the caller has them."""
    # A quick look at the kinds present first (:func:`may_form`): most rows fail it.
    if mask < 0:
        mask = 0
        for c in pool:
            mask |= CARD_BIT[c]
    if looked is None:
        looked = quick_looks(table, mask, history, played)
    looks, blocks = looked
    # 001's class levels (and 004's all-new beziques) forbid single cards: the cards a
    # row may not take are left out of its candidates, which then pass the rule (only
    # Rubicon's re-forming and a growing ladder rung are judged set by set).
    out: list[tuple[Row, tuple[int, ...]]] = []
    if not looks:
        return out
    specs = table.specs
    # the sets are read off the bitmask (free_sets); the jokers a meld may take, the
    # lowest ids first (as by_kind lists them)
    wild: list[int] = []
    if table.jokers and mask >> JOKER_MIN_ID:
        jokers = mask >> JOKER_MIN_ID
        while jokers and len(wild) < table.jokers:
            low = jokers & -jokers
            wild.append(JOKER_MIN_ID + low.bit_length() - 1)
            jokers ^= low
    real = mask & _REAL
    # the blocked cards per profile row, kept with the history's blocks (quick_looks)
    blocked_at: dict[int, int] = {}
    if blocks:
        facts = _facts(table, history)
        if facts[3] is blocks:
            blocked_at = facts[6]   # type: ignore[assignment]
    # Rubicon's re-forming alone judges every set after a history: _reform_ok directly,
    # the history's rows read once (as reuse_ok would, set by set)
    reform_rows = (_history_rows(table, history)
                   if history and table.reform and not table.ladders and not table.all_new
                   else None)
    for _need, _counts, row in looks:
        judged = bool(history) and (table.reform or specs[row.index].grows)
        blocked = 0
        if blocks:
            found = blocked_at.get(row.index)
            if found is None:
                found = blocked_at[row.index] = blocked_cards(table, row, blocks)
            blocked = found
        usable = wild
        if blocked and wild:   # the jokers a meld may take are chosen before the filter
            usable = [c for c in wild if not blocked >> c & 1]
        for cards in free_sets(table, row, real & ~blocked, usable):
            if reform_rows is not None:
                bits = 0
                for c in cards:
                    bits |= CARD_BIT[c]
                if _reform_ok(table, row.index, cards, bits, reform_rows, played):
                    out.append((row, tuple(sorted(cards))))
            elif not judged or reuse_ok(table, row.index, cards, history, played, True):
                out.append((row, tuple(sorted(cards))))
    return out


__all__ = ["CARD_BIT", "PACK_IDS", "Blocks", "History", "Looked", "Looks", "MeldTable",
           "Quick", "Row", "Spec", "after_scoring", "blocked_cards", "by_kind", "candidates",
           "carries_over", "free_sets", "group_cards",
           "class_blocks", "folded_form", "forms", "history_blocks", "kinds_present",
           "legal_melds", "mask_of", "may_form", "meld_table", "no_counted", "passing_rows",
           "quick_looks", "reuse_ok", "row_sets", "with_meld"]
