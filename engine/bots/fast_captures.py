"""000's combinations from captured cards on plain ints, for the fast simulator: what a
won trick scores and lays out (:func:`engine.rules.captures.score_capture`), the
combinations it completes in the engine's scoring order
(:func:`engine.rules.captures.capture_melds`), with the partner's laid-out beziques
where the profile lets them count.

    >>> from engine.bots.fast_melds import meld_table
    >>> from engine.rules.profile import load_profile
    >>> table = meld_table(load_profile("fildinski"), 1)          # hearts trumps
    >>> capture(table, [13], [12, 7], [], [])                      # Q♥ to K♥, and A♠
    (10, [12, 7], [(1, (12, 13))])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.bots.fast_melds import (
    CARD_BIT,
    Blocks,
    History,
    MeldTable,
    Quick,
    Row,
    blocked_cards,
    by_kind,
    folded_form,
    free_sets,
    history_blocks,
    kinds_present,
    mask_of,
    may_form,
    passing_rows,
    reuse_ok,
    row_sets,
    with_meld,
)
from engine.notation.cards import Suit
from engine.rules.captures import meld_kinds

# Per table: the card kinds each meld row can use (index-aligned with profile.melds),
# their union (the cards that are laid out), per kind the compiled rows that hold it
# (their positions in table.quick as bits), the compiled rows of multiple beziques
# (which may count the partner's pairs: their positions and profile rows) and the
# bezique's queen.
Kinds = tuple[tuple[frozenset[int], ...], frozenset[int], tuple[int, ...],
              frozenset[int], frozenset[int], int]
_KINDS: dict[int, tuple[MeldTable, Kinds]] = {}
# Each laid-out list's cards as a bitmask, while it grows (by id: [the list, how many
# of its cards are in the mask, the mask]).
_LAID: dict[int, tuple[Sequence[int], int, int]] = {}
_NO_MATES: frozenset[int] = frozenset()


def _kinds(table: MeldTable) -> Kinds:
    found = _KINDS.get(id(table))
    if found is None or found[0] is not table:
        trump = None if table.trump < 0 else table.trump
        profile = table.profile
        rows = tuple(frozenset(meld_kinds(profile, spec, trump))
                     if spec.pattern != "carte_blanche" else frozenset()
                     for spec in profile.melds)
        # per kind, the quick looks (positions in table.quick) of the rows that hold it
        specs_of = tuple(sum(1 << i for i, (_need, _counts, row) in enumerate(table.quick)
                             if kind in rows[row.index]
                             and any(kind in pool[0] + pool[1] for pool, _n in row.groups))
                         for kind in range(32))
        shareable = frozenset(i for i, (_need, _counts, row) in enumerate(table.quick)
                              if profile.melds[row.index].pattern == "bezique"
                              and profile.melds[row.index].count > 1)
        queen = profile.bezique_pair(None if trump is None else Suit(trump))[0]
        found = _KINDS[id(table)] = (table, (rows, frozenset().union(*rows), specs_of,
                                             shareable,
                                             frozenset(table.quick[i][2].index
                                                       for i in shareable), queen))
    return found[1]


def _laid_mask(laid: Sequence[int]) -> int:
    """The cards of ``laid`` as a bitmask (laid-out cards are only ever added)."""
    entry = _LAID.get(id(laid))
    if entry is not None and entry[0] is laid and entry[1] <= len(laid):
        start, mask = entry[1], entry[2]
        if start == len(laid):
            return mask
    else:
        if len(_LAID) > 4096:
            _LAID.clear()
        start = mask = 0
    for c in laid[start:]:
        mask |= CARD_BIT[c]
    _LAID[id(laid)] = (laid, len(laid), mask)
    return mask


def laid_kinds(table: MeldTable) -> int:
    """The kinds some combination can use, as a bitmask: captured, they are laid out."""
    mask = 0
    for kind in _kinds(table)[1]:
        mask |= 1 << kind
    return mask


def combinable(table: MeldTable, card: int) -> bool:
    """Whether some combination can use ``card``: it is laid out when captured."""
    return card & 31 in _kinds(table)[1]


_DISPLAY: dict[tuple[int, ...], tuple[tuple[int, int, int], ...]] = {}


def _order(table: MeldTable, option: tuple[int, tuple[int, ...]]
           ) -> tuple[int, int, tuple[tuple[int, int, int], ...]]:
    """:func:`engine.rules.captures._order`: the higher combination first, then the
    cards in display order (cached per card set: the same sets meet again and again)."""
    index, cards = option
    spec = table.profile.melds[index]
    shown = _DISPLAY.get(cards)
    if shown is None:
        if len(_DISPLAY) > 100_000:
            _DISPLAY.clear()
        shown = _DISPLAY[cards] = tuple(sorted(((c & 31) >> 3, -(c & 7), c >> 5)
                                               for c in cards))
    return -spec.level, -spec.points, shown


def capture_melds(table: MeldTable, laid: Sequence[int], new: Sequence[int], history: History,
                  partner: Sequence[int] = ()) -> list[tuple[int, tuple[int, ...]]]:
    """The combinations a capture of ``new`` scores with ``laid`` already laid out, in
    scoring order, as ``(meld index, sorted cards)``; ``partner``: the partner's
    laid-out cards, read where a bezique may count the partner's pairs."""
    scored: list[tuple[int, tuple[int, ...]]] = []
    wanted = 0      # the rows that may take a new card, as bits of their positions
    _rows, _union, rows_of, shareable, shared_rows, queen = _kinds(table)
    for c in new:
        wanted |= rows_of[c & 31]
    if not wanted:
        return scored
    new_mask = 0
    for c in new:
        new_mask |= CARD_BIT[c]
    mask = _laid_mask(laid) | new_mask
    mates = (set(partner) if partner and table.profile.declaring.partner_bezique
             else _NO_MATES)
    quick = table.quick
    if not mates and not table.jokers and not (table.reform or table.ladders):
        # Without jokers or the partner's cards passing_rows' look is may_form's: only
        # the rows that may take a new card are looked at (a few of them), in order.
        present = kinds_present(table, (), mask)[0]
        levels: list[Quick] = []
        while wanted:
            low = wanted & -wanted
            wanted ^= low
            look = quick[low.bit_length() - 1]
            if may_form(look, present, mask, 0):
                levels.append(look)
        if not levels:
            return scored
        return _levels_melds(table, levels, new_mask, mask, history)
    looks_all = table.looks
    assert looks_all is not None
    # The quick look at the whole pool first (the rows of multiple beziques may also
    # take the partner's cards).
    passing: Iterable[int] = passing_rows(table, looks_all, mask)
    if mates:
        passing = sorted({*passing, *shareable})
    looks = [quick[i] for i in passing if wanted >> i & 1]
    if not looks:
        return scored
    fresh = set(new)
    pool = [*laid, *fresh]          # laid out and captured: never the same card
    held = mask
    own: dict[int, list[int]] | None = None
    both: dict[int, list[int]] | None = None
    # 001's class levels leave cards out of the candidates (see fast_melds.legal_melds);
    # other reuse rules judge each set.
    judged = table.reform or table.ladders
    done = list(history)
    blocks: Blocks | None = None
    # Under class levels (not judged) the sets of a later pass are those of the first
    # without the cards its scored combinations block, in the same order: the first
    # pass's sets (row, cards) are kept and filtered rather than formed again.
    found: list[tuple[Row, tuple[int, ...]]] | None = None
    while True:
        if found is not None:
            if blocks is None:
                blocks = history_blocks(table, history) if history else ({}, 0)
                for index, cards in scored:
                    blocks = with_meld(table, blocks, index, cards)
            found = [(row, cards) for row, cards in found
                     if not mask_of(cards) & blocked_cards(table, row, blocks)]
            options = [(row.index, cards) for row, cards in found]
        else:
            options = []
            sets: list[tuple[Row, tuple[int, ...]]] = []
            for look in looks:
                row = look[2]
                shared = bool(mates) and row.index in shared_rows
                if blocks is None and done and not judged:
                    blocks = history_blocks(table, history) if history else ({}, 0)
                    for index, cards in scored:
                        blocks = with_meld(table, blocks, index, cards)
                blocked = blocked_cards(table, row, blocks) if blocks else 0
                if not new_mask & ~blocked & row.cards and not table.jokers:
                    continue   # no new card it may take: every set it forms was there before
                if blocked and not shared and not folded_form(table, look, held & ~blocked):
                    continue   # only with cards of combinations scored already
                if own is None:
                    own = by_kind(pool)
                    both = by_kind([*pool, *mates]) if mates else own
                assert both is not None
                for cards in row_sets(table, row, both if shared else own, blocked):
                    if fresh.isdisjoint(cards):
                        continue
                    if shared:
                        theirs = [c for c in cards if c in mates]
                        if 2 * sum(1 for c in theirs if c & 31 == queen) != len(theirs):
                            continue
                    if not judged or reuse_ok(table, row.index, cards, done, 0):
                        options.append((row.index, tuple(cards)))
                        sets.append((row, tuple(cards)))
            if not judged and not table.jokers:
                found = sets
        if not options:
            return scored
        best = options[0] if len(options) == 1 else min(options, key=lambda o: _order(table, o))
        while True:
            inner = _inner(table, best, options, done, mates)
            if inner is None:
                break
            best = inner
        entry = (best[0], tuple(sorted(best[1])))
        scored.append(entry)
        done.append(entry)
        if blocks is not None:
            blocks = with_meld(table, blocks, *entry)


Found = tuple[Row, tuple[int, ...], int]   # a row, a card set forming it, its cards' bitmask


def _levels_melds(table: MeldTable, looks: list[Quick], new_mask: int, held: int,
                  history: History) -> list[tuple[int, tuple[int, ...]]]:
    """:func:`capture_melds` under 001's class levels, without jokers or the partner's
    cards (the Fildinski games): the same combinations in the same order, with each
    set's bitmask kept beside it and each row's blocked cards read once a pass (the
    sets of a later pass are those of the first without the cards newly blocked)."""
    scored: list[tuple[int, tuple[int, ...]]] = []
    blocks: Blocks | None = history_blocks(table, history) if history else None
    sets: list[Found] = []
    for look in looks:
        row = look[2]
        blocked = blocked_cards(table, row, blocks) if blocks else 0
        if not new_mask & ~blocked & row.cards:
            continue   # no new card it may take: every set it forms was there before
        if blocked and not folded_form(table, look, held & ~blocked):
            continue   # only with cards of combinations scored already
        for cards in free_sets(table, row, held & ~blocked):
            bits = 0    # formed here: a few cards cost less than mask_of's look-up
            for c in cards:
                bits |= CARD_BIT[c]
            if bits & new_mask:
                sets.append((row, cards, bits))
    done = list(history)
    while sets:
        best = sets[0] if len(sets) == 1 else min(
            sets, key=lambda f: _order(table, (f[0].index, f[1])))
        while True:
            inner = _levels_inner(table, best, sets, done)
            if inner is None:
                break
            best = inner
        entry = (best[0].index, tuple(sorted(best[1])))
        scored.append(entry)
        done.append(entry)
        blocks = with_meld(table, ({}, 0) if blocks is None else blocks, *entry)
        blocked_at: dict[int, int] = {}
        kept = []
        for found in sets:
            index = found[0].index
            now = blocked_at.get(index)
            if now is None:
                now = blocked_at[index] = blocked_cards(table, found[0], blocks)
            if not found[2] & now:
                kept.append(found)
        sets = kept
    return scored


def _levels_inner(table: MeldTable, outer: Found, sets: list[Found], done: History
                  ) -> Found | None:
    """:func:`_inner` on :func:`_levels_melds`' sets (no partner's cards)."""
    if len(sets) < 2:
        return None     # the outer set alone: nothing inside it
    if table.profile.declaring.capture_nested != "each":
        return None
    outer_row, outer_cards, cards = outer
    cls, level = outer_row.meld_class, outer_row.level
    inside = [found for found in sets
              if found[0].meld_class == cls and found[0].level < level
              and not found[2] & ~cards and found[2] != cards]
    if not inside:
        return None
    for found in sorted(inside, key=lambda f: _order(table, (f[0].index, f[1]))):
        after = [*done, (found[0].index, tuple(sorted(found[1])))]
        if reuse_ok(table, outer_row.index, outer_cards, after, 0):
            return found
    return None


def _inner(table: MeldTable, outer: tuple[int, tuple[int, ...]],
           options: list[tuple[int, tuple[int, ...]]], done: History,
           mates: set[int] | frozenset[int]
           ) -> tuple[int, tuple[int, ...]] | None:
    """:func:`engine.rules.captures._inner`: the highest combination inside ``outer``
    to score before it, or None."""
    specs = table.specs
    shared = not mates.isdisjoint(outer[1])
    if table.profile.declaring.capture_nested != "each" and not shared:
        return None
    outer_spec = specs[outer[0]]
    cls, level = outer_spec.meld_class, outer_spec.level
    cards = mask_of(outer[1])
    inside = []
    for option in options:
        spec = specs[option[0]]
        if spec.meld_class != cls or spec.level >= level:
            continue
        mask = mask_of(option[1])
        # strictly inside the outer combination's cards (no card twice in one set)
        if mask & ~cards or mask == cards or (shared and not mates.isdisjoint(option[1])):
            continue
        inside.append(option)
    for option in sorted(inside, key=lambda o: _order(table, o)):
        after = [*done, (option[0], tuple(sorted(option[1])))]
        if reuse_ok(table, outer[0], outer[1], after, 0):
            return option
    return None


def capture(table: MeldTable, laid: Sequence[int], trick: Sequence[int], history: History,
            partner: Sequence[int]) -> tuple[int, list[int], list[tuple[int, tuple[int, ...]]]]:
    """What winning ``trick`` scores with ``laid`` laid out (000), as
    :func:`engine.rules.captures.score_capture`: (brisque points, the cards laid out,
    the combinations completed)."""
    scoring = table.profile.scoring
    brisques = 0
    if scoring.brisques == "on_capture":
        for c in trick:
            if c & 6 == 6:     # a ten or an ace
                brisques += scoring.brisque_points
    union = _kinds(table)[1]
    kept = [c for c in trick if c & 31 in union]
    melds = capture_melds(table, laid, kept, history, partner) if kept else []
    return brisques, kept, melds


__all__ = ["capture", "capture_melds", "combinable", "laid_kinds"]
