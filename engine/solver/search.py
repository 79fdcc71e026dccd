"""The exact play-off search on bitmasks (the hot code of the solver).

Terminology
-----------
* A *kind* is ``suit * 8 + rank`` (0..31); copies of one kind are interchangeable,
  so a hand is a *count vector*: an int with 4 bits per kind (count of kind ``k`` at
  bits ``4k..4k+3``), plus a 32-bit *presence* mask of the kinds held.
* ``V(L, F)`` is the value of a trick-boundary position for the player about to
  lead: the points (in *units*, see below) he will still capture with best play.
  The game is zero-sum: the follower gets ``rem - V`` where ``rem`` is every point
  still to be won (brisques in both hands plus the last-trick bonus).
* *Units*: values are scaled integers. ``brisque`` units per ace or ten captured,
  ``last`` units for the last trick (e.g. 1 and 1 when both are worth 10 points).

Techniques (all on by default; the benchmark switches them to show their worth):

* transposition table keyed on the two count vectors (leader first), holding a
  lower and an upper bound and the best lead found;
* zero-window alpha-beta (fail-soft) driven by MTD(f), so every search is a
  yes/no question "is V >= beta?" whose answers tighten the stored bounds;
* equivalent-card pruning: in one suit, ranks held by the same player with no
  card of the opponent at or between them, and of the same point class (brisque or
  not), are interchangeable for the rest of the deal, so only one is tried. A
  rank held by both players (identical cards: the leader wins) splits the run;
  when following, the card led counts as the opponent's;
* canonical suits: after each trick the suits whose shape changed are rewritten
  (:func:`canonical_suit`): ranks neither hand holds are squeezed out and a run
  of one hand's equivalent ranks becomes one kind holding all the copies, so
  positions that differ only by which equivalent cards are gone share a table
  entry (about half the nodes of the 13-trick searches);
* enhanced transposition cutoffs: before searching the replies to a lead, the
  table is probed for a reply whose position is already bounded low enough;
* move ordering: the stored best lead first, then leads the follower cannot beat
  (plain suits before trumps, high ranks first), then the rest (non-brisques
  first, plain suits before trumps, high ranks first); replies low ranks first;
* the last two tricks are played out inline, without recursion.

Legality and trick winners come from :mod:`engine.rules.tricks` (``beats`` fills the
winner table; the legal-reply mask mirrors ``playoff_legal`` field by field and
the tests check both agree on random hands).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from engine.rules.profile import PlayoffRules
from engine.rules.tricks import beats, is_brisque

NIBBLE = 4
SUIT_MASKS = tuple(0xFF << (8 * s) for s in range(4))
# Kinds of the same suit with a higher rank than kind k.
ABOVE = tuple(SUIT_MASKS[k >> 3] & ~((2 << k) - 1) for k in range(32))
# Ranks (ascending) of the set bits of a byte.
BYTE_BITS = tuple(tuple(r for r in range(8) if b >> r & 1) for b in range(256))
BRISQUE_MASK = sum(1 << k for k in range(32) if is_brisque(k))


def counts_of(kinds: Iterable[int]) -> tuple[int, int]:
    """(count vector, presence mask) of a hand given as kinds or card ids."""
    counts = presence = 0
    for card in kinds:
        kind = card % 32
        counts += 1 << (NIBBLE * kind)
        presence |= 1 << kind
    return counts, presence


def kinds_of(counts: int) -> list[int]:
    """Every kind of a count vector, repeated by its count, ascending."""
    out: list[int] = []
    for kind in range(32):
        out.extend([kind] * ((counts >> (NIBBLE * kind)) & 15))
    return out


def brisque_count(counts: int) -> int:
    return sum((counts >> (NIBBLE * k)) & 15 for k in range(32) if is_brisque(k))


def suit_groups(mine: int, theirs: int) -> list[list[int]]:
    """Classes of equivalent ranks (ascending) of ``mine`` in one suit byte.

    A run of ranks held by ``mine`` joins while no rank of ``theirs`` lies at or
    between them and the point class (brisque: ten and ace) stays the same. A
    rank held by both players is a class of its own: of identical cards the one
    led wins, so holding it is not like holding its neighbours.
    """
    groups: list[list[int]] = []
    group_class = -1  # point class of the open run, -1 when no run is open
    for rank in range(8):
        cls = 1 if rank >= 6 else 0
        if theirs >> rank & 1:
            if mine >> rank & 1:
                groups.append([rank])
            group_class = -1
        elif mine >> rank & 1:
            if group_class == cls:
                groups[-1].append(rank)
            else:
                groups.append([rank])
                group_class = cls
        elif group_class != cls:
            group_class = -1  # the run may not cross into the other point class
    return groups


def _suit_reps(mine: int, theirs: int) -> int:
    """One representative rank (the lowest) per class of :func:`suit_groups`."""
    reps = 0
    for group in suit_groups(mine, theirs):
        reps |= 1 << group[0]
    return reps


def equivalence_classes(mine: int, theirs: int) -> list[list[int]]:
    """Classes of equivalent kinds of the presence mask ``mine`` against the
    opponent's ``theirs`` (add the card led to ``theirs`` when following)."""
    out: list[list[int]] = []
    for s in range(4):
        shift = 8 * s
        for group in suit_groups((mine >> shift) & 0xFF, (theirs >> shift) & 0xFF):
            out.append([shift + r for r in group])
    return out


_REP_TABLE: list[int] = []
_REP_LOCK = threading.Lock()


def rep_table() -> list[int]:
    """``_suit_reps`` for every pair of suit bytes, index ``mine << 8 | theirs``
    (built once per process, about 0.1 s)."""
    if not _REP_TABLE:
        with _REP_LOCK:  # threads of the app: none may see a half-built table
            if not _REP_TABLE:
                table = [_suit_reps(m, t) for m in range(256) for t in range(256)]
                _REP_TABLE.extend(table)
    return _REP_TABLE


def suit_reps(mine: int, theirs: int) -> int:
    return rep_table()[mine << 8 | theirs]


def representatives(mine: int, theirs: int) -> int:
    """Presence mask of one representative per equivalence class of ``mine``."""
    table = rep_table()
    return (table[(mine & 0xFF) << 8 | (theirs & 0xFF)]
            | table[(mine & 0xFF00) | ((theirs >> 8) & 0xFF)] << 8
            | table[((mine >> 8) & 0xFF00) | ((theirs >> 16) & 0xFF)] << 16
            | table[((mine >> 16) & 0xFF00) | ((theirs >> 24) & 0xFF)] << 24)


def canonical_suit(ls: int, fs: int) -> tuple[int, int]:
    """Canonical form of one suit of two hands (count slices, 8 nibbles each).

    Ranks neither hand holds are squeezed out and each run of ranks held by one
    hand only (no rank of the other hand between them, same point class) becomes
    one rank holding all their copies; ranks held by both hands stay apart.
    Only the order of the ranks within a point class, the point classes and the
    suit decide tricks, so the position keeps its value. Non-brisque ranks are
    packed from the seven up, brisques from the ace down.
    """
    runs: list[list[int]] = []  # [owner, class, lcount, fcount]
    for rank in range(8):
        lc = (ls >> (4 * rank)) & 15
        fc = (fs >> (4 * rank)) & 15
        if not lc and not fc:
            continue
        owner = 3 if lc and fc else (1 if lc else 2)
        cls = 1 if rank >= 6 else 0
        if runs and owner != 3 and runs[-1][0] == owner and runs[-1][1] == cls \
                and runs[-1][2] + lc <= 15 and runs[-1][3] + fc <= 15:
            runs[-1][2] += lc
            runs[-1][3] += fc
        else:
            runs.append([owner, cls, lc, fc])
    low = [r for r in runs if r[1] == 0]
    high = [r for r in runs if r[1] == 1]
    out_l = out_f = 0
    for i, r in enumerate(low):
        out_l |= r[2] << (4 * i)
        out_f |= r[3] << (4 * i)
    for i, r in enumerate(high):
        rank = 8 - len(high) + i
        out_l |= r[2] << (4 * rank)
        out_f |= r[3] << (4 * rank)
    return out_l, out_f


# (suit slice of hand A) << 128 | (suit slice of hand B), in place -> the canonical
# slices and presence bytes, in place (see Searcher._build's fix).
_FIX_CACHE: dict[int, tuple[int, int, int, int]] = {}


@cache
def lead_sequences(trump: int | None, brisques: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """All 32 kinds in the search order of leads the follower cannot beat (plain
    suits before trumps, high ranks first) and of the others (non-brisques first,
    plain suits before trumps, high ranks first); ties keep the suit order."""
    first = sorted(range(32), key=lambda k: ((k >> 3) == trump) * 8 - (k & 7))
    rest = sorted(range(32), key=lambda k: 16 * (brisques and is_brisque(k))
                  + ((k >> 3) == trump) * 8 - (k & 7))
    return tuple(first), tuple(rest)


@cache
def beat_masks_for(trump: int | None) -> tuple[int, ...]:
    """``beat_masks[c]``: kinds ``d`` with ``beats(c, d, trump)`` (from engine.rules.tricks)."""
    return tuple(sum(1 << d for d in range(32) if beats(c, d, trump)) for c in range(32))


def legal_mask(hand: int, lead: int, trump: int | None, rules: PlayoffRules) -> int:
    """Presence mask of the kinds of ``hand`` that may follow ``lead`` (a kind):
    the bitmask twin of :func:`engine.rules.tricks.playoff_legal`."""
    suit = lead >> 3
    same = hand & SUIT_MASKS[suit]
    if same and rules.follow_suit:
        if rules.must_win:
            higher = same & ABOVE[lead]
            if higher:
                return higher
        return same
    if rules.must_trump and trump is not None and suit != trump:
        trumps = hand & SUIT_MASKS[trump]
        if trumps:
            return trumps
    return hand


_SHARED: dict[tuple[Any, ...], dict[str, dict[int, Any]]] = {}


def _shared_caches(config: tuple[Any, ...]) -> dict[str, dict[int, Any]]:
    """The caches shared by searchers of one configuration (trump, rules,
    units, options); a few configurations are kept."""
    found = _SHARED.get(config)
    if found is None:
        if len(_SHARED) >= 8:
            _SHARED.clear()
        found = _SHARED[config] = {name: {} for name in (
            "rep", "order", "kinds", "reply", "beatable", "seq", "small")}
    return found


@dataclass(frozen=True, slots=True)
class Options:
    """Switches for the search techniques (all on by default)."""

    tt: bool = True
    etc: bool = True
    bounds: bool = True
    exact_tricks: int = 3  # positions this small are solved exactly and memoised
    equivalence: bool = True  # equivalent-card pruning and canonical suits
    ordering: bool = True
    # The compiled search (engine/solver/kernel4.py) when every other switch is on
    # and numba is there; False keeps this pure-Python search (the reference).
    compiled: bool = True


class Searcher:
    """Exact search for one trump suit, rule set and unit scale.

    The transposition table lives as long as the searcher, so solving several
    positions of one deal (or every move of one position) reuses earlier work.
    Values never depend on the table's contents, only the time taken does.
    """

    def __init__(
        self,
        trump: int | None,
        rules: PlayoffRules,
        brisque_units: int,
        last_units: int,
        options: Options | None = None,
    ) -> None:
        self.trump = trump
        self.rules = rules
        self.brisque_units = brisque_units
        self.last_units = last_units
        self.options = options if options is not None else Options()
        self.nodes = 0
        # key (leader counts << 128 | follower counts) -> [lower, upper, ordered leads]
        self.tt: dict[int, list[Any]] = {}
        # beat_masks[c]: kinds d with beats(c, d): d played to c wins the trick.
        self.beat_masks = beat_masks_for(trump)
        self._ab, self._reply_mask, self._canon = self._build()

    # The search is a closure over local tables: much faster than attribute lookups.
    def _build(self) -> tuple[Callable[[int, int, int, int, int, int, int], int],
                              Callable[[int, int, int], int],
                              Callable[[int, int], tuple[int, int, int, int]]]:
        trump = self.trump
        rules = self.rules
        follow_suit, must_win, must_trump = rules.follow_suit, rules.must_win, rules.must_trump
        beat_masks = self.beat_masks
        bunits = tuple(self.brisque_units if is_brisque(k) else 0 for k in range(32))
        tt = self.tt
        use_tt = self.options.tt
        use_eq = self.options.equivalence
        use_order = self.options.ordering
        use_etc = self.options.tt and self.options.etc
        suit_masks = SUIT_MASKS
        above = ABOVE
        trump_mask = SUIT_MASKS[trump] if trump is not None else 0
        byte_bits = BYTE_BITS
        shifts = tuple(1 << (NIBBLE * k) for k in range(32))
        nib = tuple(NIBBLE * k for k in range(32))
        # Caches of pure functions of the position (never of the search's
        # progress) are shared by every searcher of one configuration in the
        # process, so a bot or a bank solving many positions reuses them.
        shared = _shared_caches((trump, rules, self.brisque_units, self.last_units,
                                 self.options))
        rep_cache: dict[int, int] = shared["rep"]
        order_cache: dict[int, tuple[int, ...]] = shared["order"]
        table = rep_table()
        stats = self
        small: dict[int, int] = shared["small"]  # exact values of small positions
        small_n = self.options.exact_tricks
        bunit = self.brisque_units
        use_bounds = self.options.bounds and trump is not None
        ace_shift = NIBBLE * (8 * trump + 7) if trump is not None else 0
        ten_shift = ace_shift - NIBBLE

        def reps(mine: int, theirs: int) -> int:
            if not use_eq:
                return mine
            key = mine << 32 | theirs
            found = rep_cache.get(key)
            if found is None:
                found = (table[(mine & 0xFF) << 8 | (theirs & 0xFF)]
                         | table[(mine & 0xFF00) | ((theirs >> 8) & 0xFF)] << 8
                         | table[((mine >> 8) & 0xFF00) | ((theirs >> 16) & 0xFF)] << 16
                         | table[((mine >> 16) & 0xFF00) | ((theirs >> 24) & 0xFF)] << 24)
                if len(rep_cache) > 1_000_000:
                    rep_cache.clear()
                rep_cache[key] = found
            return found

        def legal(hand: int, lead: int) -> int:
            suit = lead >> 3
            same = hand & suit_masks[suit]
            if same and follow_suit:
                if must_win:
                    higher = same & above[lead]
                    if higher:
                        return higher
                return same
            if must_trump and trump_mask and suit != trump:
                trumps = hand & trump_mask
                if trumps:
                    return trumps
            return hand

        def reply_mask(Fp: int, Lp2: int, c: int) -> int:
            """Representative legal replies to lead c (Lp2: leader's rest)."""
            replies = legal(Fp, c)
            if use_eq:
                replies &= reps(Fp, Lp2 | (1 << c))
            return replies

        kinds_cache: dict[int, tuple[int, ...]] = shared["kinds"]

        def kinds(mask: int) -> tuple[int, ...]:
            found = kinds_cache.get(mask)
            if found is None:
                out: list[int] = []
                for shift in (0, 8, 16, 24):
                    byte = (mask >> shift) & 0xFF
                    if byte:
                        out.extend([shift + r for r in byte_bits[byte]])
                found = kinds_cache[mask] = tuple(out)
            return found

        reply_cache: dict[int, tuple[int, ...]] = shared["reply"]

        def replies(Fp: int, Lp2: int, c: int) -> tuple[int, ...]:
            """Representative legal replies to lead c, in search order."""
            same = Fp & suit_masks[c >> 3]
            if same and follow_suit:  # only the suit led matters
                key = (same << 32 | (Lp2 & suit_masks[c >> 3])) << 5 | c
            else:
                key = (Fp << 32 | Lp2) << 6 | 32 | c
            found = reply_cache.get(key)
            if found is None:
                found = kinds(reply_mask(Fp, Lp2, c))
                if use_order:
                    found = order_replies(found, c)
                if len(reply_cache) > 1_000_000:
                    reply_cache.clear()
                reply_cache[key] = found
            return found

        def order_replies(ds: tuple[int, ...], c: int) -> tuple[int, ...]:
            return ds

        # Lead order: leads the follower cannot beat first, plain suits before
        # trumps, high ranks first; then the others, non-brisques before brisques,
        # plain suits before trumps, high ranks first (ties: suit order).
        first_seq, rest_seq = lead_sequences(trump, self.brisque_units > 0)
        beatable_cache: dict[int, int] = shared["beatable"]
        seq_cache: dict[int, tuple[int, ...]] = shared["seq"]

        def beatable(Fp: int) -> int:
            """Kinds (all 32) a lead of which the follower Fp can beat."""
            found = 0
            for s in range(4):
                # Only the follower's cards of the suit led and his trumps matter.
                key = (Fp & (suit_masks[s] | trump_mask)) << 2 | s
                part = beatable_cache.get(key)
                if part is None:
                    part = 0
                    for c in range(8 * s, 8 * s + 8):
                        if beat_masks[c] & legal(Fp, c):
                            part |= 1 << c
                    beatable_cache[key] = part
                found |= part
            return found

        def in_order(mask: int, rest: int) -> tuple[int, ...]:
            """The kinds of mask in first_seq (rest = 0) or rest_seq (rest = 1) order."""
            key = mask << 1 | rest
            found = seq_cache.get(key)
            if found is None:
                found = tuple(k for k in (rest_seq if rest else first_seq) if mask >> k & 1)
                if len(seq_cache) > 1_000_000:
                    seq_cache.clear()
                seq_cache[key] = found
            return found

        def lead_order(Lp: int, Fp: int) -> tuple[int, ...]:
            """Representative leads in search order (see first_seq, rest_seq)."""
            if not use_order:
                return kinds(reps(Lp, Fp))
            key = Lp << 32 | Fp
            cached = order_cache.get(key)
            if cached is None:
                leads = reps(Lp, Fp)
                beat = beatable(Fp)
                cached = in_order(leads & ~beat, 0) + in_order(leads & beat, 1)
                if len(order_cache) > 1_000_000:
                    order_cache.clear()
                order_cache[key] = cached
            return cached

        # Canonical suits: in each suit, ranks no one holds are squeezed out and
        # runs of one owner's equivalent ranks merged (see canonical_suit), so
        # positions that differ only by such ranks share one table entry.
        fix_cache = _FIX_CACHE  # canonical_suit is pure: shared by every searcher
        nib_masks = tuple(0xFFFFFFFF << (32 * s) for s in range(4))
        all_nibs = (1 << 128) - 1
        not_nib = tuple(all_nibs ^ m for m in nib_masks)
        not_byte = tuple(0xFFFFFFFF ^ (0xFF << (8 * s)) for s in range(4))

        def fix_entry(key: int, s: int) -> tuple[int, int, int, int]:
            """The canonical suit s (placed, with presence bytes) of fix_cache key."""
            sh = 32 * s
            ca, cb = canonical_suit((key >> (128 + sh)) & 0xFFFFFFFF, (key >> sh) & 0xFFFFFFFF)
            if len(fix_cache) > 300_000:
                fix_cache.clear()
            found = fix_cache[key] = (ca << sh, cb << sh,
                                      presence(ca) << (8 * s), presence(cb) << (8 * s))
            return found

        def fix(A: int, B: int, Ap: int, Bp: int, s: int) -> tuple[int, int, int, int]:
            """(A, B, Ap, Bp) with suit s of both hands made canonical."""
            m = nib_masks[s]
            key = (A & m) << 128 | (B & m)
            found = fix_cache.get(key)
            if found is None:
                found = fix_entry(key, s)
            nm = not_nib[s]
            nb = not_byte[s]
            return A & nm | found[0], B & nm | found[1], Ap & nb | found[2], Bp & nb | found[3]

        def canon(A: int, B: int) -> tuple[int, int, int, int]:
            """Both hands made canonical in every suit, with presence masks."""
            Ap, Bp = presence(A), presence(B)
            if use_eq:
                for s in range(4):
                    A, B, Ap, Bp = fix(A, B, Ap, Bp, s)
            return A, B, Ap, Bp

        def exact(L: int, F: int, Lp: int, Fp: int, rem: int, n: int) -> int:
            """Exact V(L, F) of a small position (n <= exact_tricks), memoised."""
            key = L << 128 | F
            found = small.get(key)
            if found is not None:
                return found
            stats.nodes += 1
            best = -1
            for c in kinds(reps(Lp, Fp)):
                L2 = L - shifts[c]
                Lp2 = Lp if (L2 >> nib[c]) & 15 else Lp ^ (1 << c)
                bc = bunits[c]
                bm = beat_masks[c]
                worst = rem + 1
                for d in replies(Fp, Lp2, c):
                    points = bc + bunits[d]
                    if n == 1:
                        v = 0 if (bm >> d) & 1 else rem
                    else:
                        F2 = F - shifts[d]
                        Fp2 = Fp if (F2 >> nib[d]) & 15 else Fp ^ (1 << d)
                        rem2 = rem - points
                        A, B, Ap, Bp = L2, F2, Lp2, Fp2
                        if use_eq and n > 2:
                            if Lp2 != Lp:
                                A, B, Ap, Bp = fix(A, B, Ap, Bp, c >> 3)
                            if Fp2 != Fp and (d >> 3 != c >> 3 or Lp2 == Lp):
                                A, B, Ap, Bp = fix(A, B, Ap, Bp, d >> 3)
                        if (bm >> d) & 1:
                            v = rem2 - exact(B, A, Bp, Ap, rem2, n - 1)
                        else:
                            v = points + exact(A, B, Ap, Bp, rem2, n - 1)
                    if v < worst:
                        worst = v
                        if worst <= best:
                            break  # this lead is no better than one already found
                if worst > best:
                    best = worst
                    if best == rem:
                        break
            if len(small) > 1_000_000:
                small.clear()
            small[key] = best
            return best

        def ab(L: int, F: int, Lp: int, Fp: int, rem: int, n: int, beta: int) -> int:
            """Fail-soft zero-window test of V(L, F) >= beta; n cards in each hand.

            Returns g: if g >= beta then V >= g, otherwise V <= g."""
            if beta <= 0:
                return 0
            if beta > rem:
                return rem
            if use_bounds:
                # Sure points: a trump ace (ten) wins whenever it is played if the
                # opponent holds no trump of its rank or higher.
                fa = (F >> ace_shift) & 15
                la = (L >> ace_shift) & 15
                ft = (F >> ten_shift) & 15
                lt = (L >> ten_shift) & 15
                if fa:
                    sure_l = 0
                    sure_f = 0 if la else fa + (0 if lt else ft)
                elif la:
                    sure_f = 0
                    sure_l = la + (0 if ft else lt)
                else:
                    sure_l = 0 if ft else lt
                    sure_f = 0 if lt else ft
                if sure_f:
                    top = rem - sure_f * bunit
                    if top < beta:
                        return top
                if sure_l * bunit >= beta:
                    return sure_l * bunit
            if n <= small_n:
                return exact(L, F, Lp, Fp, rem, n)
            stats.nodes += 1
            key = L << 128 | F
            entry = tt.get(key) if use_tt else None
            order: tuple[int, ...]
            if entry is not None:
                if entry[0] >= beta:
                    return entry[0]  # type: ignore[no-any-return]
                if entry[1] < beta:
                    return entry[1]  # type: ignore[no-any-return]
                order = entry[2]
            else:
                order = lead_order(Lp, Fp)
                if use_tt:
                    entry = tt[key] = [0, rem, order]
            best = -1
            m1 = n - 1
            probe: dict[int, Any] = small if m1 <= small_n else tt
            for index, c in enumerate(order):
                L2 = L - shifts[c]
                Lp2 = Lp if (L2 >> nib[c]) & 15 else Lp ^ (1 << c)
                ds = replies(Fp, Lp2, c)
                bc = bunits[c]
                bm = beat_masks[c]
                worst = rem + 1
                if n <= 2:
                    for d in ds:
                        points = bc + bunits[d]
                        follower_wins = (bm >> d) & 1
                        if n == 1:
                            v = 0 if follower_wins else rem
                        else:
                            # The last trick is forced: play it out here.
                            F2 = F - shifts[d]
                            Fp2 = Fp if (F2 >> nib[d]) & 15 else Fp ^ (1 << d)
                            rem2 = rem - points
                            lk = Lp2.bit_length() - 1
                            fk = Fp2.bit_length() - 1
                            if follower_wins:
                                v = rem2 if (beat_masks[fk] >> lk) & 1 else 0
                            else:
                                v = points + (0 if (beat_masks[lk] >> fk) & 1 else rem2)
                        if v < worst:
                            worst = v
                            if worst < beta:
                                break
                else:
                    sc = c >> 3
                    L0 = -1  # the hands with the lead's suit made canonical, when needed
                    F0 = Lp0 = Fp0 = 0
                    kids: list[tuple[int, int, int, int, int, int]] = []
                    for d in ds:
                        points = bc + bunits[d]
                        sd = d >> 3
                        if sd == sc:
                            A = L2
                            B = F - shifts[d]
                            Ap = Lp2
                            Bp = Fp if (B >> nib[d]) & 15 else Fp ^ (1 << d)
                            if use_eq and (Ap != Lp or Bp != Fp):
                                m = nib_masks[sc]
                                fx = fix_cache.get((A & m) << 128 | (B & m))
                                if fx is None:
                                    fx = fix_entry((A & m) << 128 | (B & m), sc)
                                m = not_nib[sc]
                                A = A & m | fx[0]
                                B = B & m | fx[1]
                                m = not_byte[sc]
                                Ap = Ap & m | fx[2]
                                Bp = Bp & m | fx[3]
                        else:
                            if L0 < 0:
                                if use_eq and Lp2 != Lp:
                                    # The lead's kind is gone: its suit changes shape.
                                    L0, F0, Lp0, Fp0 = fix(L2, F, Lp2, Fp, sc)
                                else:
                                    L0, F0, Lp0, Fp0 = L2, F, Lp2, Fp
                            A = L0
                            B = F0 - shifts[d]
                            Ap = Lp0
                            if (B >> nib[d]) & 15:
                                Bp = Fp0
                            else:
                                Bp = Fp0 ^ (1 << d)
                                if use_eq:
                                    m = nib_masks[sd]
                                    fx = fix_cache.get((A & m) << 128 | (B & m))
                                    if fx is None:
                                        fx = fix_entry((A & m) << 128 | (B & m), sd)
                                    m = not_nib[sd]
                                    A = A & m | fx[0]
                                    B = B & m | fx[1]
                                    m = not_byte[sd]
                                    Ap = Ap & m | fx[2]
                                    Bp = Bp & m | fx[3]
                        fw = (bm >> d) & 1
                        if fw:
                            A, B, Ap, Bp = B, A, Bp, Ap  # the winner leads next
                        if use_etc:
                            # Enhanced transposition cutoff: a reply whose position
                            # is already bounded low enough refutes this lead at once.
                            e = probe.get(A << 128 | B)
                            if e is not None:
                                if fw:
                                    v = rem - points - (e if probe is small else e[0])
                                else:
                                    v = points + (e if probe is small else e[1])
                                if v < worst:
                                    worst = v
                                    if v < beta:
                                        break
                        kids.append((fw, points, A, B, Ap, Bp))
                    if worst < beta:
                        if worst > best:
                            best = worst
                        continue
                    worst = rem + 1
                    for fw, points, A, B, Ap, Bp in kids:
                        rem2 = rem - points
                        if m1 <= small_n:
                            if fw:
                                v = rem2 - exact(A, B, Ap, Bp, rem2, m1)
                            else:
                                v = points + exact(A, B, Ap, Bp, rem2, m1)
                        elif fw:
                            v = rem2 - ab(A, B, Ap, Bp, rem2, m1, rem2 - beta + 1)
                        else:
                            v = points + ab(A, B, Ap, Bp, rem2, m1, beta - points)
                        if v < worst:
                            worst = v
                            if worst < beta:
                                break
                if worst >= beta:
                    if entry is not None:
                        if worst > entry[0]:
                            entry[0] = worst
                        if index:  # best lead first next time
                            entry[2] = (c,) + order[:index] + order[index + 1:]
                    return worst
                if worst > best:
                    best = worst
            if entry is not None and best < entry[1]:
                entry[1] = best
            return best

        return ab, reply_mask, canon

    # ------------------------------------------------------------ questions
    # Root questions take count vectors; ``rem`` is every unit still to be won in
    # the position asked about (brisques of both hands, the table, the last trick).

    def test(self, L: int, F: int, rem: int, beta: int) -> int:
        """Fail-soft answer to "V(L, F) >= beta?"."""
        n = hand_size(L)
        L, F, Lp, Fp = self._canon(L, F)
        return self._ab(L, F, Lp, Fp, rem, n, beta)

    def value(self, L: int, F: int, rem: int, guess: int | None = None) -> int:
        """Exact V(L, F) in units, by MTD(f)."""
        n = hand_size(L)
        L, F, Lp, Fp = self._canon(L, F)
        ab = self._ab
        return mtd(lambda beta: ab(L, F, Lp, Fp, rem, n, beta), rem, guess)

    def replies(self, L2: int, F: int, lead: int) -> list[int]:
        """Representative legal replies (kinds) to ``lead``; ``L2`` is the leader's
        hand without the lead."""
        mask = self._reply_mask(presence(F), presence(L2), lead)
        return [k for k in range(32) if mask >> k & 1]

    def leads(self, L: int, F: int) -> list[int]:
        """Representative leads (kinds), ascending."""
        mask = representatives(presence(L), presence(F)) if self.options.equivalence \
            else presence(L)
        return [k for k in range(32) if mask >> k & 1]

    def after_lead(self, L: int, F: int, rem: int, lead: int, beta: int) -> int:
        """Fail-soft test "the leader's value after leading ``lead`` >= beta?"
        (``L`` still holds the lead)."""
        worst = rem + 1
        L2 = L - (1 << (NIBBLE * lead))
        for d in self.replies(L2, F, lead):
            v = self.outcome(L2, F, rem, lead, d, beta)
            if v < worst:
                worst = v
                if worst < beta:
                    break
        return worst

    def lead_value(self, L: int, F: int, rem: int, lead: int, guess: int | None = None,
                   top: int | None = None) -> int:
        """Exact value for the leader of leading ``lead`` from ``L``; ``top``, when
        given, is a known upper bound (the value of the position)."""
        return mtd(lambda beta: self.after_lead(L, F, rem, lead, beta), rem, guess,
                   rem if top is None else top)

    def outcome(self, L2: int, F: int, rem: int, lead: int, reply: int, beta: int) -> int:
        """Fail-soft test of the leader's value once ``lead`` and ``reply`` are on
        the table (``L2`` no longer holds the lead, ``F`` still holds the reply)."""
        bu = self.brisque_units
        points = (bu if is_brisque(lead) else 0) + (bu if is_brisque(reply) else 0)
        follower_wins = beats(lead, reply, self.trump)
        F2 = F - (1 << (NIBBLE * reply))
        rem2 = rem - points
        if L2 == 0:
            return 0 if follower_wins else rem
        if follower_wins:
            if beta <= 0:
                return 0
            if beta > rem2:
                return rem2
            return rem2 - self.test(F2, L2, rem2, rem2 - beta + 1)
        if beta - points <= 0:
            return points
        return points + self.test(L2, F2, rem2, beta - points)

    def outcome_value(self, L2: int, F: int, rem: int, lead: int, reply: int,
                      guess: int | None = None) -> int:
        """Exact value for the leader once ``lead`` and ``reply`` are on the table."""
        return mtd(lambda beta: self.outcome(L2, F, rem, lead, reply, beta), rem, guess)


def mtd(test: Callable[[int], int], top: int, guess: int | None,
        hi: int | None = None) -> int:
    """MTD(f): the exact value in ``0..top`` from fail-soft zero-window tests;
    ``hi`` is a known upper bound (``top`` when not given)."""
    lo, hi = 0, top if hi is None else min(hi, top)
    g = hi // 2 if guess is None else min(max(guess, 0), hi)
    while lo < hi:
        beta = g + 1 if g == lo else g
        g = test(beta)
        if g >= beta:
            lo = g
        else:
            hi = g
    return lo


_NIBBLE_LOW = sum(1 << (NIBBLE * k) for k in range(32))


def presence(counts: int) -> int:
    """Presence mask (bit per kind) of a count vector."""
    x = (counts | counts >> 1 | counts >> 2 | counts >> 3) & _NIBBLE_LOW
    out = 0
    while x:
        low = x & -x
        out |= 1 << ((low.bit_length() - 1) >> 2)
        x ^= low
    return out


def hand_size(counts: int) -> int:
    """Number of cards in a count vector."""
    return sum((counts >> (NIBBLE * k)) & 15 for k in range(32))


__all__ = ["Options", "Searcher", "brisque_count", "counts_of", "equivalence_classes",
           "hand_size", "kinds_of",
           "legal_mask", "mtd", "presence", "representatives"]
