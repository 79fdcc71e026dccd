"""The exact four-seat (partnership) play-off search on count vectors: the hot
code behind :mod:`engine.solver.partnership`.

Terminology
-----------
* Hands are count vectors as in :mod:`engine.solver.search` (4 bits per kind)
  with a 32-bit presence mask each. Seats are named from the *leader* of the
  trick: ``A`` leads, ``B`` plays second, ``C`` (``A``'s partner) third and ``D``
  fourth; ``A`` and ``C`` form one side, ``B`` and ``D`` the other.
* ``V(A, B, C, D)`` is the value of a trick-boundary position for the leader's
  side: the units (see :class:`engine.solver.solution.Scale`) that side will
  still capture with best play. The other side gets ``rem - V``, where ``rem`` is
  every unit still to be won.

Techniques
----------
* MTD(f) on top of fail-soft zero-window alpha-beta: every search answers
  "is V >= beta?", and the answers tighten bounds in a transposition table;
* the table is keyed on the four hands from the leader at trick boundaries,
  with *canonical suits*: after a trick the suits whose shape changed are
  rewritten (:func:`canonical_suit4`): ranks no seat holds are squeezed out and
  a run of ranks held by one seat only (no other seat holding a rank between,
  same point class) becomes one rank holding all its copies;
* equivalent-card pruning across the four hands: of a seat's ranks in a suit
  with no card of any other seat (or of the current trick) between them, and of
  the same point class, only one is tried;
* move ordering: the stored best lead first, then leads the opponents cannot
  beat; a follower holding the trick for its side feeds brisques when last to
  play, otherwise plays low; a follower facing the other side's card tries the
  cheapest winner first;
* sure-trick bounds: trump aces (and tens) that only one side holds win every
  trick they are played to, so their points bound the value from both sides;
* the last trick is played out inline; positions of two tricks are solved
  exactly and memoised.

Legality mirrors :func:`engine.rules.tricks.playoff_legal` with ``best`` the card
winning the trick so far; the tests check the search against a brute force.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from engine.rules.profile import PlayoffRules
from engine.rules.tricks import is_brisque
from engine.solver.search import (
    BYTE_BITS,
    SUIT_MASKS,
    beat_masks_for,
    mtd,
    presence,
    rep_table,
)

NIBBLE = 4
Hands4 = tuple[int, int, int, int]

# (4 suit slices of A, B, C, D, 32 bits each, packed) -> canonical slices placed
# at suit 0 and their presence bytes; shared by every searcher (pure function).
_FIX4: dict[int, tuple[int, int, int, int, int, int, int, int]] = {}


def canonical_suit4(slices: Sequence[int]) -> tuple[int, ...]:
    """Canonical form of one suit of four hands (count slices, 8 nibbles each).

    Ranks no hand holds are squeezed out; each run of ranks held by a single
    hand (no rank of another hand between them, the same point class: brisque or
    not) becomes one rank holding all their copies; a rank held by several
    hands stays apart (of identical cards the first played wins). Only the order
    of the ranks within a point class, the point classes and the suit decide
    tricks, so the position keeps its value. Non-brisque ranks are packed from
    the seven up, brisques from the ace down.
    """
    runs: list[list[int]] = []  # [owner bits, class, count per hand...]
    for rank in range(8):
        counts = [(s >> (4 * rank)) & 15 for s in slices]
        if not any(counts):
            continue
        owner = sum(1 << i for i, c in enumerate(counts) if c)
        cls = 1 if rank >= 6 else 0
        last = runs[-1] if runs else None
        if last is not None and owner in (1, 2, 4, 8) and last[0] == owner \
                and last[1] == cls and all(a + b <= 15 for a, b in zip(last[2:], counts,
                                                                       strict=True)):
            for i, c in enumerate(counts):
                last[2 + i] += c
        else:
            runs.append([owner, cls, *counts])
    low = [r for r in runs if r[1] == 0]
    high = [r for r in runs if r[1] == 1]
    out = [0] * len(slices)
    for i, r in enumerate(low):
        for h in range(len(slices)):
            out[h] |= r[2 + h] << (4 * i)
    for i, r in enumerate(high):
        rank = 8 - len(high) + i
        for h in range(len(slices)):
            out[h] |= r[2 + h] << (4 * rank)
    return tuple(out)


def _fix_entry(key: int) -> tuple[int, int, int, int, int, int, int, int]:
    slices = [(key >> (96 - 32 * i)) & 0xFFFFFFFF for i in range(4)]
    a, b, c, d = canonical_suit4(slices)
    if len(_FIX4) > 400_000:
        _FIX4.clear()
    found = _FIX4[key] = (a, b, c, d, presence(a), presence(b), presence(c), presence(d))
    return found


@cache
def cheap_keys(trump: int | None, bunit: int) -> tuple[int, ...]:
    """Sort key per kind, cheapest card first: points, then trumps after plain
    suits, then rank."""
    return tuple(((bunit if is_brisque(k) else 0) * 4 + (2 if k >> 3 == trump else 0)) * 8
                 + (k & 7) for k in range(32))


class Search4:
    """Exact four-seat search for one trump suit, rule set and unit scale. The
    table lives as long as the searcher: several questions about one deal share
    it. Values never depend on the table's contents, only the time taken does."""

    def __init__(self, trump: int | None, rules: PlayoffRules, brisque_units: int,
                 last_units: int) -> None:
        self.trump = trump
        self.rules = rules
        self.brisque_units = brisque_units
        self.last_units = last_units
        self.nodes = 0
        self.tt: dict[int, list[Any]] = {}
        self.beat_masks = beat_masks_for(trump)
        self.node, self.canon, self.follow_moves = self._build()

    def _build(self) -> tuple[Callable[..., int], Callable[[Hands4], tuple[int, ...]],
                              Callable[[int, int, int, int, int], tuple[int, ...]]]:
        trump = self.trump
        rules = self.rules
        follow_suit, must_win, must_trump = rules.follow_suit, rules.must_win, rules.must_trump
        beat_masks = self.beat_masks
        bunit = self.brisque_units
        bunits = tuple(bunit if is_brisque(k) else 0 for k in range(32))
        tt = self.tt
        stats = self
        suit_masks = SUIT_MASKS
        trump_mask = SUIT_MASKS[trump] if trump is not None else 0
        byte_bits = BYTE_BITS
        shifts = tuple(1 << (NIBBLE * k) for k in range(32))
        nib = tuple(NIBBLE * k for k in range(32))
        table = rep_table()
        cheap = cheap_keys(trump, bunit)
        use_bounds = trump is not None and bunit > 0
        ace_shift = NIBBLE * (8 * trump + 7) if trump is not None else 0
        ten_shift = ace_shift - NIBBLE
        fix_cache = _FIX4
        slice_shift = tuple(32 * s for s in range(4))
        not_nib = tuple(((1 << 128) - 1) ^ (0xFFFFFFFF << (32 * s)) for s in range(4))
        not_byte = tuple(0xFFFFFFFF ^ (0xFF << (8 * s)) for s in range(4))
        small: dict[int, int] = {}  # exact values of two-trick positions
        # The caches are capped (cleared when full): a shared solver lives as
        # long as its thread (see engine.solver.partnership.shared_solver).

        def reps(mine: int, others: int) -> int:
            """One kind (the lowest) per class of equivalent kinds of ``mine``."""
            return (table[(mine & 0xFF) << 8 | (others & 0xFF)]
                    | table[(mine & 0xFF00) | ((others >> 8) & 0xFF)] << 8
                    | table[((mine >> 8) & 0xFF00) | ((others >> 16) & 0xFF)] << 16
                    | table[((mine >> 16) & 0xFF00) | ((others >> 24) & 0xFF)] << 24)

        def legal(hp: int, lead: int, best: int) -> int:
            suit = lead >> 3
            same = hp & suit_masks[suit]
            if same and follow_suit:
                if must_win:
                    higher = same & beat_masks[best]
                    if higher:
                        return higher
                return same
            if must_trump and trump_mask and suit != trump:
                trumps = hp & trump_mask
                if trumps:
                    if must_win:
                        higher = trumps & beat_masks[best]
                        if higher:
                            return higher
                    return trumps
            return hp

        def kinds(mask: int) -> list[int]:
            out: list[int] = []
            for shift in (0, 8, 16, 24):
                byte = (mask >> shift) & 0xFF
                if byte:
                    out.extend([shift + r for r in byte_bits[byte]])
            return out

        follow_cache: dict[int, tuple[int, ...]] = {}

        def follow_moves(hp: int, others: int, lead: int, best: int, role: int) -> tuple[int, ...]:
            """Representative legal cards of a follower in search order. ``role``:
            0 the other side holds the trick, 1 the own side holds it and a seat
            of the other side is still to play, 2 the own side holds it and the
            mover plays last."""
            lg = legal(hp, lead, best)
            # Only the other seats' cards in the suits of the legal cards matter.
            sm = (((((lg & 0x7F7F7F7F) + 0x7F7F7F7F) | lg) & 0x80808080) >> 7) * 0xFF
            key = ((((lg << 32 | others & sm) << 5 | best) << 2 | role) << 32) | hp & sm
            found = follow_cache.get(key)
            if found is None:
                ks = kinds(lg & reps(hp, others))
                if role == 2:
                    # The trick is the side's whatever is played: feed points.
                    ks.sort(key=lambda k: (-bunits[k], cheap[k]))
                elif role == 1:
                    ks.sort(key=lambda k: cheap[k])
                else:
                    bm = beat_masks[best]
                    ks.sort(key=lambda k: (0 if (bm >> k) & 1 else 1, cheap[k]))
                found = tuple(ks)
                if len(follow_cache) > 300_000:
                    follow_cache.clear()
                follow_cache[key] = found
            return found

        beatable_cache: dict[int, int] = {}

        def beatable(hp: int) -> int:
            """Kinds (all 32) a lead of which the seat holding ``hp`` can beat."""
            found = 0
            for s in range(4):
                key = (hp & (suit_masks[s] | trump_mask)) << 2 | s
                part = beatable_cache.get(key)
                if part is None:
                    part = 0
                    for c in range(8 * s, 8 * s + 8):
                        if beat_masks[c] & legal(hp, c, c):
                            part |= 1 << c
                    beatable_cache[key] = part
                found |= part
            return found

        lead_cache: dict[int, tuple[int, ...]] = {}

        def lead_order(Ap: int, Bp: int, Cp: int, Dp: int) -> tuple[int, ...]:
            """Representative leads: those neither opponent can beat first (plain
            suits before trumps, high ranks first), then the rest cheapest first."""
            key = ((Ap << 32 | Bp) << 32 | Cp) << 32 | Dp
            found = lead_cache.get(key)
            if found is None:
                leads = kinds(reps(Ap, Bp | Cp | Dp))
                beat = beatable(Bp) | beatable(Dp)
                safe = [k for k in leads if not (beat >> k) & 1]
                safe.sort(key=lambda k: (1 if k >> 3 == trump else 0, -(k & 7)))
                rest = [k for k in leads if (beat >> k) & 1]
                rest.sort(key=lambda k: cheap[k])
                found = tuple(safe + rest)
                if len(lead_cache) > 300_000:
                    lead_cache.clear()
                lead_cache[key] = found
            return found

        def fix(A: int, B: int, C: int, D: int, Ap: int, Bp: int, Cp: int, Dp: int,
                s: int) -> tuple[int, int, int, int, int, int, int, int]:
            """The hands with suit ``s`` made canonical."""
            sh = slice_shift[s]
            key = ((((A >> sh) & 0xFFFFFFFF) << 32 | ((B >> sh) & 0xFFFFFFFF)) << 32
                   | ((C >> sh) & 0xFFFFFFFF)) << 32 | ((D >> sh) & 0xFFFFFFFF)
            f = fix_cache.get(key)
            if f is None:
                f = _fix_entry(key)
            m = not_nib[s]
            b = not_byte[s]
            ps = 8 * s
            return (A & m | f[0] << sh, B & m | f[1] << sh, C & m | f[2] << sh,
                    D & m | f[3] << sh, Ap & b | f[4] << ps, Bp & b | f[5] << ps,
                    Cp & b | f[6] << ps, Dp & b | f[7] << ps)

        def canon(hands: Hands4) -> tuple[int, ...]:
            """Four hands made canonical in every suit, with presence masks."""
            A, B, C, D = hands
            st = (A, B, C, D, presence(A), presence(B), presence(C), presence(D))
            for s in range(4):
                st = fix(*st, s)
            return st

        def last_trick(Ap: int, Bp: int, Cp: int, Dp: int) -> int:
            """Index (0..3 from the leader) of the winner of the forced last trick."""
            a = Ap.bit_length() - 1
            b = Bp.bit_length() - 1
            c = Cp.bit_length() - 1
            d = Dp.bit_length() - 1
            w, bk = 0, a
            if (beat_masks[bk] >> b) & 1:
                w, bk = 1, b
            if (beat_masks[bk] >> c) & 1:
                w, bk = 2, c
            if (beat_masks[bk] >> d) & 1:
                w = 3
            return w

        def node(A: int, B: int, C: int, D: int, Ap: int, Bp: int, Cp: int, Dp: int,
                 rem: int, n: int, beta: int) -> int:
            """Fail-soft test of V >= beta at a trick boundary, ``n`` cards a hand.
            Returns g: if g >= beta then V >= g, otherwise V <= g."""
            if beta <= 0:
                return 0
            if beta > rem:
                return rem
            if n == 1:
                return rem if last_trick(Ap, Bp, Cp, Dp) & 1 == 0 else 0
            if use_bounds:
                # Trump aces only one side holds win their tricks; so do its trump
                # tens when the other side holds no trump ace or ten.
                a0 = ((A >> ace_shift) & 15) + ((C >> ace_shift) & 15)
                a1 = ((B >> ace_shift) & 15) + ((D >> ace_shift) & 15)
                t0 = ((A >> ten_shift) & 15) + ((C >> ten_shift) & 15)
                t1 = ((B >> ten_shift) & 15) + ((D >> ten_shift) & 15)
                if a0:
                    sure0 = 0 if a1 else a0 + (0 if t1 else t0)
                    sure1 = 0
                elif a1:
                    sure0 = 0
                    sure1 = a1 + (0 if t0 else t1)
                else:
                    sure0 = 0 if t1 else t0
                    sure1 = 0 if t0 else t1
                if sure1:
                    top = rem - sure1 * bunit
                    if top < beta:
                        return top
                if sure0 * bunit >= beta:
                    return sure0 * bunit
            key = ((A << 128 | B) << 128 | C) << 128 | D
            if n == 2:
                found = small.get(key)
                if found is None:
                    found = exact2(A, B, C, D, Ap, Bp, Cp, Dp, rem)
                    if len(small) > 500_000:
                        small.clear()
                    small[key] = found
                return found
            stats.nodes += 1
            entry = tt.get(key)
            if entry is not None:
                if entry[0] >= beta:
                    return entry[0]  # type: ignore[no-any-return]
                if entry[1] < beta:
                    return entry[1]  # type: ignore[no-any-return]
                order = entry[2]
            else:
                order = lead_order(Ap, Bp, Cp, Dp)
                entry = tt[key] = [0, rem, order]
            best = -1
            for index, c in enumerate(order):
                A2 = A - shifts[c]
                Ap2 = Ap if (A2 >> nib[c]) & 15 else Ap ^ (1 << c)
                v = second(A2, B, C, D, Ap2, Bp, Cp, Dp, c, rem, n, beta)
                if v >= beta:
                    if v > entry[0]:
                        entry[0] = v
                    if index:  # the best lead first next time
                        entry[2] = (c,) + order[:index] + order[index + 1:]
                    return v
                if v > best:
                    best = v
            if best < entry[1]:
                entry[1] = best
            return best

        def second(A: int, B: int, C: int, D: int, Ap: int, Bp: int, Cp: int, Dp: int,
                   c: int, rem: int, n: int, beta: int) -> int:
            """B to play to the lead ``c`` (A no longer holds it): minimise."""
            worst = rem + 1
            cbit = 1 << c
            dirty = 0 if Ap & cbit else 1 << (c >> 3)
            for d in follow_moves(Bp, Ap | Cp | Dp | cbit, c, c, 0):
                B2 = B - shifts[d]
                Bp2 = Bp if (B2 >> nib[d]) & 15 else Bp ^ (1 << d)
                if (beat_masks[c] >> d) & 1:
                    bk, bi = d, 1
                else:
                    bk, bi = c, 0
                v = third(A, B2, C, D, Ap, Bp2, Cp, Dp, c, cbit | 1 << d, bk, bi,
                          bunits[c] + bunits[d],
                          dirty if Bp2 == Bp else dirty | 1 << (d >> 3), rem, n, beta)
                if v < worst:
                    worst = v
                    if v < beta:
                        return v
            return worst

        def third(A: int, B: int, C: int, D: int, Ap: int, Bp: int, Cp: int, Dp: int,
                  c: int, tmask: int, bk: int, bi: int, pts: int, dirty: int, rem: int,
                  n: int, beta: int) -> int:
            """C (the leader's partner) to play: maximise."""
            best = -1
            for e in follow_moves(Cp, Ap | Bp | Dp | tmask, c, bk, bi ^ 1):
                C2 = C - shifts[e]
                Cp2 = Cp if (C2 >> nib[e]) & 15 else Cp ^ (1 << e)
                if (beat_masks[bk] >> e) & 1:
                    v = fourth(A, B, C2, D, Ap, Bp, Cp2, Dp, c, tmask | 1 << e, e, 2,
                               pts + bunits[e],
                               dirty if Cp2 == Cp else dirty | 1 << (e >> 3), rem, n, beta)
                else:
                    v = fourth(A, B, C2, D, Ap, Bp, Cp2, Dp, c, tmask | 1 << e, bk, bi,
                               pts + bunits[e],
                               dirty if Cp2 == Cp else dirty | 1 << (e >> 3), rem, n, beta)
                if v > best:
                    best = v
                    if v >= beta:
                        return v
            return best

        def fourth(A: int, B: int, C: int, D: int, Ap: int, Bp: int, Cp: int, Dp: int,
                   c: int, tmask: int, bk: int, bi: int, pts: int, dirty: int, rem: int,
                   n: int, beta: int) -> int:
            """D to play the last card of the trick: minimise over the outcomes."""
            worst = rem + 1
            m = n - 1
            for f in follow_moves(Dp, Ap | Bp | Cp | tmask, c, bk, 2 if bi & 1 else 0):
                D2 = D - shifts[f]
                Dp2 = Dp if (D2 >> nib[f]) & 15 else Dp ^ (1 << f)
                w = 3 if (beat_masks[bk] >> f) & 1 else bi
                gained = pts + bunits[f]
                rem2 = rem - gained
                st = (A, B, C, D2, Ap, Bp, Cp, Dp2)
                dirt = dirty if Dp2 == Dp else dirty | 1 << (f >> 3)
                if dirt:
                    for s in range(4):
                        if (dirt >> s) & 1:
                            st = fix(*st, s)
                a, b, cc, d, ap, bp, cp, dp = st
                if w == 0:
                    v = gained + node(a, b, cc, d, ap, bp, cp, dp, rem2, m, beta - gained)
                elif w == 1:
                    v = rem2 - node(b, cc, d, a, bp, cp, dp, ap, rem2, m, rem2 - beta + 1)
                elif w == 2:
                    v = gained + node(cc, d, a, b, cp, dp, ap, bp, rem2, m, beta - gained)
                else:
                    v = rem2 - node(d, a, b, cc, dp, ap, bp, cp, rem2, m, rem2 - beta + 1)
                if v < worst:
                    worst = v
                    if v < beta:
                        return v
            return worst

        def exact2(A: int, B: int, C: int, D: int, Ap: int, Bp: int, Cp: int, Dp: int,
                   rem: int) -> int:
            """Exact V of a two-trick position: every play of the first trick, the
            last one forced."""
            stats.nodes += 1
            best = -1
            for c in kinds(reps(Ap, Bp | Cp | Dp)):
                A2 = A - shifts[c]
                Ap2 = Ap if (A2 >> nib[c]) & 15 else Ap ^ (1 << c)
                cbit = 1 << c
                low = rem + 1  # the opponents' best answer to this lead
                for d in kinds(legal(Bp, c, c) & reps(Bp, Ap2 | Cp | Dp | cbit)):
                    B2 = B - shifts[d]
                    Bp2 = Bp if (B2 >> nib[d]) & 15 else Bp ^ (1 << d)
                    b1, i1 = (d, 1) if (beat_masks[c] >> d) & 1 else (c, 0)
                    t2 = cbit | 1 << d
                    high = -1
                    for e in kinds(legal(Cp, c, b1) & reps(Cp, Ap2 | Bp2 | Dp | t2)):
                        C2 = C - shifts[e]
                        Cp2 = Cp if (C2 >> nib[e]) & 15 else Cp ^ (1 << e)
                        b2, i2 = (e, 2) if (beat_masks[b1] >> e) & 1 else (b1, i1)
                        t3 = t2 | 1 << e
                        pts = bunits[c] + bunits[d] + bunits[e]
                        low2 = rem + 1
                        for f in kinds(legal(Dp, c, b2) & reps(Dp, Ap2 | Bp2 | Cp2 | t3)):
                            D2 = D - shifts[f]
                            Dp2 = Dp if (D2 >> nib[f]) & 15 else Dp ^ (1 << f)
                            w = 3 if (beat_masks[b2] >> f) & 1 else i2
                            gained = pts + bunits[f]
                            rest = rem - gained  # the last trick: its cards and bonus
                            order = (Ap2, Bp2, Cp2, Dp2)
                            lw = (w + last_trick(order[w], order[(w + 1) & 3],
                                                 order[(w + 2) & 3], order[(w + 3) & 3])) & 3
                            v = (gained if w & 1 == 0 else 0) + (rest if lw & 1 == 0 else 0)
                            if v < low2:
                                low2 = v
                                if low2 <= high:
                                    break
                        if low2 > high:
                            high = low2
                            if high >= low:
                                break
                    if high < low:
                        low = high
                        if low <= best:
                            break
                if low > best:
                    best = low
                    if best == rem:
                        break
            return best

        return node, canon, follow_moves

    # ------------------------------------------------------------ questions
    def rem_of(self, hands: Sequence[int], trick: Sequence[int]) -> int:
        """Every unit still to be won: brisques in the hands and on the trick,
        and the last trick while any card is left to play."""
        bu = self.brisque_units
        total = sum(bu for h in hands for k in _kinds(h) if is_brisque(k))
        total += sum(bu for k in trick if is_brisque(k))
        if any(hands) or trick:
            total += self.last_units
        return total

    def test(self, hands: Hands4, trick: tuple[int, ...], rem: int, beta: int) -> int:
        """Fail-soft test "V >= beta?" for the side of the leader of ``trick``
        (``hands`` from the leader; the seats that played to the trick no longer
        hold those cards)."""
        i = len(trick)
        if i == 0:
            if not any(hands):
                return 0
            n = hand_size(hands[0])
            st = self.canon(hands)
            return self.node(*st, rem, n, beta)
        if i == 4:
            return self._complete(hands, trick, rem, beta)
        A, B, C, D = hands
        mover = hands[i]
        others = 0
        for j in range(4):
            if j != i:
                others |= presence(hands[j])
        for k in trick:
            others |= 1 << k
        best = trick[_best_index(trick, self.beat_masks)]
        moves = self.follow_moves(presence(mover), others, trick[0], best, 0)
        maximise = i % 2 == 0
        out = -1 if maximise else rem + 1
        for k in moves:
            new = list(hands)
            new[i] -= 1 << (NIBBLE * k)
            v = self.test((new[0], new[1], new[2], new[3]), (*trick, k), rem, beta)
            if maximise:
                if v > out:
                    out = v
                    if v >= beta:
                        return v
            elif v < out:
                out = v
                if v < beta:
                    return v
        return out

    def _complete(self, hands: Hands4, trick: tuple[int, ...], rem: int, beta: int) -> int:
        w = _best_index(trick, self.beat_masks)
        bu = self.brisque_units
        gained = sum(bu for k in trick if is_brisque(k))
        if not any(hands):
            return rem if w % 2 == 0 else 0
        rem2 = rem - gained
        rot = (hands[w], hands[(w + 1) % 4], hands[(w + 2) % 4], hands[(w + 3) % 4])
        if w % 2 == 0:
            return gained + self.test(rot, (), rem2, beta - gained)
        return rem2 - self.test(rot, (), rem2, rem2 - beta + 1)

    def value(self, hands: Hands4, trick: tuple[int, ...], rem: int,
              guess: int | None = None, hi: int | None = None) -> int:
        """Exact V for the side of the trick's leader, by MTD(f)."""
        return mtd(lambda beta: self.test(hands, trick, rem, beta), rem, guess, hi)


def _kinds(counts: int) -> list[int]:
    out: list[int] = []
    for kind in range(32):
        out.extend([kind] * ((counts >> (NIBBLE * kind)) & 15))
    return out


def hand_size(counts: int) -> int:
    return sum((counts >> (NIBBLE * k)) & 15 for k in range(32))


def _best_index(trick: Sequence[int], beat_masks: Sequence[int]) -> int:
    best = 0
    for i in range(1, len(trick)):
        if (beat_masks[trick[best]] >> trick[i]) & 1:
            best = i
    return best


__all__ = ["Search4", "canonical_suit4", "cheap_keys", "hand_size"]
