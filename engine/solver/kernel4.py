"""The compiled (numba) play-off search for two and four seats: the default
behind :class:`engine.solver.partnership.PartnershipSolver` (four seats,
:class:`KernelSearch4`, the twin of :class:`engine.solver.search4.Search4`) and
:class:`engine.solver.analysis._Analyser` (two seats, :class:`KernelSearch2`,
the questions of :class:`engine.solver.search.Searcher`, and the best line).

The pure-Python searches stay the reference: the tests compare this kernel
with them and with the brute forces. :func:`kernel_available` is false without
numba or with ``BEZIQUE_PURE_SOLVER`` set; then the pure searches run
(``Options(compiled=False)`` or ``PartnershipSolver(..., pure=True)`` ask for them).

Technique (values for the side of seat 0; partners sit two apart): MTD(f)
(driven from Python) over fail-soft zero-window alpha-beta on an explicit stack
of frames, one per card; a transposition table at trick boundaries (bounds and
the best lead, always replaced) keyed by two independent 64-bit Zobrist hashes
of the hands and the leader, updated card by card (a false match needs both to
collide); equivalent cards (the two-seat search's table, against every other
hand and the trick); leads no opponent can beat first, then the table's best
lead, followers ordered as in :mod:`engine.solver.search4`; sure trump aces and
tens as bounds. No canonical suits: the compiled nodes are cheap enough.

numba compiles on first use, once per install (``cache=True`` keeps the machine
code beside this file or in numba's user cache): about 20 s of CPU; a new
process loads it in about 0.6 s. The recursion is an explicit stack because
numba's cache of a recursive function can crash on loading.
"""

from __future__ import annotations

import importlib.util
import os
import threading
from collections.abc import Sequence
from functools import cache
from typing import Any

import numpy as np

from engine.rules.profile import PlayoffRules
from engine.rules.tricks import is_brisque
from engine.solver.search import (
    beat_masks_for,
    legal_mask,
    mtd,
    presence,
    rep_table,
    representatives,
)
from engine.solver.search4 import cheap_keys


def kernel_available() -> bool:
    """Whether the compiled search can be used in this process: numba is
    installed and ``BEZIQUE_PURE_SOLVER`` is not set."""
    return _has_numba() and not os.environ.get("BEZIQUE_PURE_SOLVER")


@cache
def _has_numba() -> bool:
    return importlib.util.find_spec("numba") is not None


def warm_up() -> None:
    """Load (or compile, once per install) the kernel now, not in the first search."""
    if kernel_available():
        _compiled()


_COMPILE_LOCK = threading.Lock()


def _compiled() -> Any:
    """The compiled kernel and line walker (see :func:`_compile`); app threads
    may ask at once, one compiles."""
    with _COMPILE_LOCK:
        return _compile()


@cache
def _compile() -> Any:
    """The kernel, compiled on first use (numba is imported only then) for its one
    signature, or loaded from numba's disk cache: about 20 s CPU to compile once
    per install, about 0.6 s to load in a new process. Without numba, the plain
    Python function (slow, for debugging only)."""
    if not _has_numba():
        return _ab, _walk
    from numba import njit

    g = globals()
    for name in ("_clz", "_legal", "_reps"):  # inlined into the kernel
        g[name] = njit(cache=True)(g[name])
    for name in ("_setup", "_core"):  # not recursive: cached safely without a signature
        g[name] = njit(cache=True)(g[name])
    return njit(_AB_SIG, cache=True)(_ab), njit(_WALK_SIG, cache=True)(_walk)


_A1 = "int64[::1]"
_AB_SIG = ("int64(int64[::1], int64[::1], int64, int64, int64, " + ", ".join([_A1] * 5)
           + ", int64[:, :, ::1], int64[:, :, ::1], " + ", ".join([_A1] * 5)
           + ", int64[:, ::1], int64[::1])")
_WALK_SIG = ("int64(int64[::1], int64, int64[::1], int64, int64, int64, int64, int64[::1], "
             + ", ".join([_A1] * 5) + ", int64[:, :, ::1], int64[:, :, ::1], "
             + ", ".join([_A1] * 5) + ", int64[:, ::1], int64[::1])")

TT_BITS = 18  # table slots of a four-seat search: 2**18 (10 MB; 2**20 saved 2 % nodes)
TT2_BITS = 14  # of a two-seat search (many short-lived searchers)
MAX_PLIES = 4 * 16 + 4
TOO_BIG = -(1 << 62)  # the kernel's answer when a hand holds more than 16 cards

# C (int64 constants) slots
_TRUMP, _FOLLOW, _WIN, _RUFF, _BUNIT, _MASK, _ACE, _TEN, _SEATS = range(9)


def _legal(hp: int, lead: int, best: int, C: Any, BEAT: Any) -> int:
    """Kinds (presence mask) the seat holding ``hp`` may play: search4's ``legal``."""
    suit = lead >> 3
    same = hp & (0xFF << (8 * suit))
    if same and C[_FOLLOW]:
        if C[_WIN]:
            higher = same & BEAT[best]
            if higher:
                return higher  # type: ignore[no-any-return]
        return same
    trump = C[_TRUMP]
    if C[_RUFF] and trump >= 0 and suit != trump:
        trumps = hp & (0xFF << (8 * trump))
        if trumps:
            if C[_WIN]:
                higher = trumps & BEAT[best]
                if higher:
                    return higher  # type: ignore[no-any-return]
            return trumps  # type: ignore[no-any-return]
    return hp


def _reps(mine: int, others: int, REP: Any) -> int:
    """One kind per class of equivalent kinds of ``mine``."""
    return (REP[(mine & 0xFF) << 8 | (others & 0xFF)]  # type: ignore[no-any-return]
            | REP[(mine & 0xFF00) | ((others >> 8) & 0xFF)] << 8
            | REP[((mine >> 8) & 0xFF00) | ((others >> 16) & 0xFF)] << 16
            | REP[((mine >> 16) & 0xFF00) | ((others >> 24) & 0xFF)] << 24)


def _clz(x: int) -> int:
    """Leading zeros of a 32-bit mask (x > 0)."""
    n = 0
    if x <= 0x0000FFFF:
        n += 16
        x <<= 16
    if x <= 0x00FFFFFF:
        n += 8
        x <<= 8
    if x <= 0x0FFFFFFF:
        n += 4
        x <<= 4
    if x <= 0x3FFFFFFF:
        n += 2
        x <<= 2
    if x <= 0x7FFFFFFF:
        n += 1
    return n


# frame columns of the explicit stack
_NTR, _LEAD, _BI, _PTS, _REM, _N, _BETA, _H1, _H2, _IDX, _LO0, _HI0, _CNT, _I, _OUT, _BEST, \
    _MOVER, _C, _K, _ADD = range(20)
_ENTER, _NEXT, _RETURN, _CHILD, _FINISH = range(5)


def _setup(H: Any, seats: int, Z1: Any, Z2: Any) -> Any:
    """Counts, presence masks and the two hashes of the hands in ``H`` (the low
    and high 64 bits of each seat's count vector, 4 bits a kind)."""
    cnt = np.zeros((4, 32), dtype=np.int64)
    pres = np.zeros(4, dtype=np.int64)
    h1 = 0
    h2 = 0
    for s in range(seats):
        for half in range(2):
            word = H[2 * s + half]
            for j in range(16):
                c = (word >> (4 * j)) & 15
                if c:
                    k = 16 * half + j
                    cnt[s, k] = c
                    pres[s] |= 1 << k
                    h1 ^= Z1[s, k, c]
                    h2 ^= Z2[s, k, c]
    return cnt, pres, h1, h2


def _ab(H: Any, T: Any, ntr0: int, rem0: int, beta0: int, C: Any, BEAT: Any, BUN: Any,
        CHEAP: Any, REP: Any, Z1: Any, Z2: Any, TK1: Any, TK2: Any, TLO: Any, THI: Any,
        TMV: Any, BUF: Any, ST: Any) -> int:
    """Fail-soft test "V >= beta" where V is what the side of seat 0 (seats 0 and
    2), the leader of the trick ``T[:ntr]``, still captures, the trick's cards
    included (see :func:`_setup` for ``H``); ``rem`` counts every unit still to
    be won."""
    cnt, pres, h1, h2 = _setup(H, C[_SEATS], Z1, Z2)
    n = 0
    for k in range(32):
        n += cnt[0, k]
    if ntr0 > 0:
        n += 1
    if n > 16:
        return TOO_BIG
    trick = np.zeros((n + 1, 4), dtype=np.int64)
    bi = 0
    pts = 0
    for j in range(ntr0):
        k = T[j]
        trick[n, j] = k
        if j > 0 and (BEAT[T[bi]] >> k) & 1:
            bi = j
        pts += BUN[k]
    return _core(cnt, pres, trick, ntr0, 0, bi, pts, rem0, n, beta0, h1, h2, C, BEAT, BUN,
                 CHEAP, REP, Z1, Z2, TK1, TK2, TLO, THI, TMV, BUF, ST)


def _walk(H: Any, lead: int, T: Any, ntr: int, rem: int, v0: int, first: int, OUT: Any,
          C: Any, BEAT: Any, BUN: Any, CHEAP: Any, REP: Any, Z1: Any, Z2: Any, TK1: Any,
          TK2: Any, TLO: Any, THI: Any, TMV: Any, BUF: Any, ST: Any) -> int:
    """A best line to the end of the deal into ``OUT`` (its length returned): at
    each turn the lowest representative legal kind that keeps the value (``first``
    at the first turn when >= 0), by one zero-window test per candidate. Seats
    are absolute here: ``lead`` led the trick ``T[:ntr]``; ``v0`` is the value
    for the side of seat 0. The same choices as the pure walk
    (:meth:`engine.solver.analysis._Analyser.line`)."""
    seats = C[_SEATS]
    last = seats - 1
    cnt, pres, h1, h2 = _setup(H, seats, Z1, Z2)
    n = 0
    for k in range(32):
        n += cnt[lead, k]
    if ntr > 0:
        n += 1
    if n > 16:
        return TOO_BIG
    trick = np.zeros((n + 1, 4), dtype=np.int64)
    bi = 0
    pts = 0
    for j in range(ntr):
        k = T[j]
        trick[n, j] = k
        if j > 0 and (BEAT[T[bi]] >> k) & 1:
            bi = j
        pts += BUN[k]
    length = 0
    while n > 0:
        mover = (lead + ntr) & last
        hp = pres[mover]
        others = 0
        for s in range(4):
            if s != mover:
                others |= pres[s]
        if ntr == 0:
            cands = _reps(hp, others, REP)
        else:
            tmask = 0
            for j in range(ntr):
                tmask |= 1 << trick[n, j]
            cands = _legal(hp, trick[n, 0], trick[n, bi], C, BEAT) & _reps(
                hp, others | tmask, REP)
        if first >= 0:
            cands = 1 << first
            first = -1
        chosen = -1
        done = False
        nbi = 0
        while cands and not done:
            k = 0
            while not (cands >> k) & 1:
                k += 1
            cands ^= 1 << k
            c = cnt[mover, k]
            nh1 = h1 ^ Z1[mover, k, c] ^ Z1[mover, k, c - 1]
            nh2 = h2 ^ Z2[mover, k, c] ^ Z2[mover, k, c - 1]
            cnt[mover, k] = c - 1
            if c == 1:
                pres[mover] ^= 1 << k
            trick[n, ntr] = k
            if ntr == 0:
                nbi = 0
            elif (BEAT[trick[n, bi]] >> k) & 1:
                nbi = ntr
            else:
                nbi = bi
            # the value for seat 0's side after k, tested against v0 (the mover's
            # side keeps it: >= v0 for side 0, <= v0 for side 1)
            beta = v0 if (mover & 1) == 0 else v0 + 1
            # one call site of the search (each one costs seconds of compiling)
            add = 0
            if ntr < last:
                q_ntr, q_lead, q_bi, q_pts, q_rem, q_n = ntr + 1, lead, nbi, pts + BUN[k], rem, n
            else:
                w = (lead + nbi) & last
                gained = pts + BUN[k]
                add = gained if (w & 1) == 0 else 0
                q_ntr, q_lead, q_bi, q_pts, q_rem, q_n = 0, w, 0, 0, rem - gained, n - 1
            if q_n == 0:  # the last trick is over
                v = rem if (q_lead & 1) == 0 else 0
            else:
                v = add + _core(cnt, pres, trick, q_ntr, q_lead, q_bi, q_pts, q_rem, q_n,
                                beta - add, nh1, nh2, C, BEAT, BUN, CHEAP, REP, Z1, Z2, TK1,
                                TK2, TLO, THI, TMV, BUF, ST)
            if (v >= beta) == ((mover & 1) == 0):
                chosen = k
                done = True
                h1 = nh1
                h2 = nh2
            else:
                cnt[mover, k] = c
                if c == 1:
                    pres[mover] |= 1 << k
        if chosen < 0:
            return -1  # inconsistent values: the caller raises
        OUT[length] = chosen
        length += 1
        if ntr < last:
            pts += BUN[chosen]
            bi = nbi
            ntr += 1
        else:
            w = (lead + nbi) & last
            gained = pts + BUN[chosen]
            if (w & 1) == 0:
                v0 -= gained
            rem -= gained
            lead = w
            ntr = 0
            bi = 0
            pts = 0
            n -= 1
    return length


def _core(cnt: Any, pres: Any, trick: Any, ntr0: int, lead0: int, bi0: int, pts0: int,
          rem0: int, n0: int, beta0: int, h10: int, h20: int, C: Any, BEAT: Any, BUN: Any,
          CHEAP: Any, REP: Any, Z1: Any, Z2: Any, TK1: Any, TK2: Any, TLO: Any, THI: Any,
          TMV: Any, BUF: Any, ST: Any) -> int:
    """Fail-soft test "V >= beta" where V is what seats 0 and 2 still capture,
    the cards on the trick included.

    Alpha-beta on an explicit stack (numba cannot cache a recursive function
    safely): frame ``p`` of ``FR`` is one node, a card to play. At a node,
    ``ntr`` cards lie on the trick led by seat ``lead``, ``trick[n, bi]`` wins it
    so far and ``pts`` are its units; ``n`` cards were in each hand when the
    trick began (``trick[n]`` holds its cards); ``rem`` counts every unit still
    to be won (the trick's and the last trick's included)."""
    FR = np.zeros((MAX_PLIES, 20), dtype=np.int64)
    FR[0, _NTR] = ntr0
    FR[0, _LEAD] = lead0
    FR[0, _BI] = bi0
    FR[0, _PTS] = pts0
    FR[0, _REM] = rem0
    FR[0, _N] = n0
    FR[0, _BETA] = beta0
    FR[0, _H1] = h10
    FR[0, _H2] = h20
    seats = C[_SEATS]  # 2 or 4; partners sit two apart
    last = seats - 1  # the last index of a trick, and the mask of a seat number
    p = 0
    state = _ENTER
    ret = 0
    while True:
        if state == _ENTER:
            ntr = FR[p, _NTR]
            lead = FR[p, _LEAD]
            rem = FR[p, _REM]
            n = FR[p, _N]
            beta = FR[p, _BETA]
            FR[p, _IDX] = -1
            ttmove = -1
            if ntr == 0:
                if beta <= 0:
                    ret = 0
                    state = _RETURN
                    continue
                if beta > rem:
                    ret = rem
                    state = _RETURN
                    continue
                if n == 1:
                    # the forced last trick
                    w = lead
                    bk = 31 - _clz(pres[lead])
                    for j in range(1, seats):
                        s = (lead + j) & last
                        k = 31 - _clz(pres[s])
                        if (BEAT[bk] >> k) & 1:
                            bk = k
                            w = s
                    ret = rem if (w & 1) == 0 else 0
                    state = _RETURN
                    continue
                if C[_BUNIT] > 0 and C[_TRUMP] >= 0:
                    # trump aces one side holds win their tricks; so do its trump
                    # tens when the other side holds no trump ace or ten
                    ace = C[_ACE]
                    ten = C[_TEN]
                    a0 = cnt[0, ace] + cnt[2, ace]
                    a1 = cnt[1, ace] + cnt[3, ace]
                    t0 = cnt[0, ten] + cnt[2, ten]
                    t1 = cnt[1, ten] + cnt[3, ten]
                    if a0 > 0:
                        sure0 = 0 if a1 > 0 else a0 + (0 if t1 > 0 else t0)
                        sure1 = 0
                    elif a1 > 0:
                        sure0 = 0
                        sure1 = a1 + (0 if t0 > 0 else t1)
                    else:
                        sure0 = 0 if t1 > 0 else t0
                        sure1 = 0 if t0 > 0 else t1
                    if sure1 > 0 and rem - sure1 * C[_BUNIT] < beta:
                        ret = rem - sure1 * C[_BUNIT]
                        state = _RETURN
                        continue
                    if sure0 * C[_BUNIT] >= beta:
                        ret = sure0 * C[_BUNIT]
                        state = _RETURN
                        continue
                ST[0] += 1
                k1 = FR[p, _H1] ^ Z1[4, lead, 0]
                k2 = FR[p, _H2] ^ Z2[4, lead, 0]
                idx = k1 & C[_MASK]
                FR[p, _IDX] = idx
                if TK1[idx] == k1 and TK2[idx] == k2:
                    if TLO[idx] >= beta:
                        ret = TLO[idx]
                        state = _RETURN
                        continue
                    if THI[idx] < beta:
                        ret = THI[idx]
                        state = _RETURN
                        continue
                    FR[p, _LO0] = TLO[idx]
                    FR[p, _HI0] = THI[idx]
                    ttmove = TMV[idx]
                else:
                    TK1[idx] = k1
                    TK2[idx] = k2
                    TLO[idx] = 0
                    THI[idx] = rem
                    TMV[idx] = -1
                    FR[p, _LO0] = 0
                    FR[p, _HI0] = rem
            mover = (lead + ntr) & last
            FR[p, _MOVER] = mover
            hp = pres[mover]
            others = 0
            for s in range(4):
                if s != mover:
                    others |= pres[s]
            count = 0
            if ntr == 0:
                cands = _reps(hp, others, REP)
                o1 = pres[(mover + 1) & last]
                o3 = pres[(mover + 3) & last]
                while cands:
                    k = 31 - _clz(cands)
                    cands ^= 1 << k
                    if k == ttmove:
                        key = -1
                    elif (BEAT[k] & (_legal(o1, k, k, C, BEAT) | _legal(o3, k, k, C, BEAT))) == 0:
                        # neither opponent can beat it: plain suits first, high first
                        key = (8 if (k >> 3) == C[_TRUMP] else 0) + 7 - (k & 7)
                    else:
                        key = 100 + CHEAP[k]
                    BUF[p, count] = key * 64 + k
                    count += 1
            else:
                tmask = 0
                for j in range(ntr):
                    tmask |= 1 << trick[n, j]
                best = trick[n, FR[p, _BI]]
                cands = _legal(hp, trick[n, 0], best, C, BEAT) & _reps(hp, others | tmask, REP)
                holder = (lead + FR[p, _BI]) & last
                own = (holder & 1) == (mover & 1)
                while cands:
                    k = 31 - _clz(cands)
                    cands ^= 1 << k
                    if own:
                        if ntr == last:
                            key = (0 if BUN[k] > 0 else 64) + CHEAP[k]  # feed points
                        else:
                            key = CHEAP[k]
                    else:
                        key = (0 if (BEAT[best] >> k) & 1 else 64) + CHEAP[k]
                    BUF[p, count] = key * 64 + k
                    count += 1
            for i in range(1, count):  # insertion sort by key
                x = BUF[p, i]
                j = i - 1
                while j >= 0 and BUF[p, j] > x:
                    BUF[p, j + 1] = BUF[p, j]
                    j -= 1
                BUF[p, j + 1] = x
            FR[p, _CNT] = count
            FR[p, _I] = 0
            FR[p, _OUT] = -1 if (mover & 1) == 0 else rem + 1
            FR[p, _BEST] = -1
            state = _NEXT
        elif state == _NEXT:
            i = FR[p, _I]
            if i >= FR[p, _CNT]:
                state = _FINISH
                continue
            FR[p, _I] = i + 1
            k = BUF[p, i] & 63
            mover = FR[p, _MOVER]
            ntr = FR[p, _NTR]
            n = FR[p, _N]
            lead = FR[p, _LEAD]
            bi = FR[p, _BI]
            rem = FR[p, _REM]
            beta = FR[p, _BETA]
            c = cnt[mover, k]
            nh1 = FR[p, _H1] ^ Z1[mover, k, c] ^ Z1[mover, k, c - 1]
            nh2 = FR[p, _H2] ^ Z2[mover, k, c] ^ Z2[mover, k, c - 1]
            cnt[mover, k] = c - 1
            if c == 1:
                pres[mover] ^= 1 << k
            FR[p, _C] = c
            FR[p, _K] = k
            trick[n, ntr] = k
            if ntr == 0:
                nbi = 0
            elif (BEAT[trick[n, bi]] >> k) & 1:
                nbi = ntr
            else:
                nbi = bi
            q = p + 1
            if ntr < last:
                FR[p, _ADD] = 0
                FR[q, _NTR] = ntr + 1
                FR[q, _LEAD] = lead
                FR[q, _BI] = nbi
                FR[q, _PTS] = FR[p, _PTS] + BUN[k]
                FR[q, _REM] = rem
                FR[q, _N] = n
                FR[q, _BETA] = beta
            else:
                w = (lead + nbi) & last
                gained = FR[p, _PTS] + BUN[k]
                if n == 1:  # the last trick
                    FR[p, _ADD] = 0
                    ret = rem if (w & 1) == 0 else 0
                    state = _CHILD
                    continue
                add = gained if (w & 1) == 0 else 0
                FR[p, _ADD] = add
                FR[q, _NTR] = 0
                FR[q, _LEAD] = w
                FR[q, _BI] = 0
                FR[q, _PTS] = 0
                FR[q, _REM] = rem - gained
                FR[q, _N] = n - 1
                FR[q, _BETA] = beta - add
            FR[q, _H1] = nh1
            FR[q, _H2] = nh2
            p = q
            state = _ENTER
        elif state == _RETURN:
            if p == 0:
                return ret
            p -= 1
            state = _CHILD
        elif state == _CHILD:
            v = ret + FR[p, _ADD]
            mover = FR[p, _MOVER]
            k = FR[p, _K]
            c = FR[p, _C]
            cnt[mover, k] = c
            if c == 1:
                pres[mover] |= 1 << k
            beta = FR[p, _BETA]
            state = _NEXT
            if (mover & 1) == 0:
                if v > FR[p, _OUT]:
                    FR[p, _OUT] = v
                    FR[p, _BEST] = k
                    if v >= beta:
                        state = _FINISH
            elif v < FR[p, _OUT]:
                FR[p, _OUT] = v
                FR[p, _BEST] = k
                if v < beta:
                    state = _FINISH
        else:  # _FINISH: store the bound at a trick boundary, return the value
            out = FR[p, _OUT]
            idx = FR[p, _IDX]
            if idx >= 0:
                lead = FR[p, _LEAD]
                k1 = FR[p, _H1] ^ Z1[4, lead, 0]
                k2 = FR[p, _H2] ^ Z2[4, lead, 0]
                if TK1[idx] != k1 or TK2[idx] != k2:
                    # a deeper position took the slot meanwhile: take it back
                    TK1[idx] = k1
                    TK2[idx] = k2
                    TLO[idx] = FR[p, _LO0]
                    THI[idx] = FR[p, _HI0]
                if out >= FR[p, _BETA]:
                    if out > TLO[idx]:
                        TLO[idx] = out
                elif out < THI[idx]:
                    THI[idx] = out
                TMV[idx] = FR[p, _BEST]
            ret = out
            state = _RETURN


def _zobrist(seed: int) -> Any:
    rng = np.random.default_rng(seed)
    z = rng.integers(0, 2**63 - 1, size=(5, 32, 16), dtype=np.int64)
    z[:, :, 0] ^= z[:, :, 0]  # count 0 hashes to nothing (z[4] keeps the leader keys)
    z[4] = rng.integers(0, 2**63 - 1, size=(32, 16), dtype=np.int64)
    return z


_Z1 = _zobrist(22_1)
_Z2 = _zobrist(22_2)


@cache
def _rep() -> Any:
    table = rep_table()
    if len(table) != 1 << 16:  # the kernel reads it unchecked
        raise AssertionError("the equivalent-card table is incomplete")
    return np.array(table, dtype=np.int64)


_LOW64 = (1 << 64) - 1
_MAX63 = (1 << 63) - 1
_TWO64 = 1 << 64


@cache
def _constants(trump: int | None, rules: PlayoffRules, brisque_units: int, seats: int,
               tt_bits: int) -> tuple[Any, Any, Any, Any]:
    """The kernel's read-only arrays for one rule set (shared by its searchers):
    ``C`` (see the slots above), who beats whom, brisque units, cheapness rank."""
    cheap = cheap_keys(trump, brisque_units)
    order = sorted(range(32), key=lambda k: cheap[k])
    rank = [0] * 32
    for i, k in enumerate(order):
        rank[k] = i
    ace = 8 * trump + 7 if trump is not None else 0
    c = np.array([-1 if trump is None else trump, int(rules.follow_suit), int(rules.must_win),
                  int(rules.must_trump), brisque_units, (1 << tt_bits) - 1, ace,
                  ace - 1 if trump is not None else 0, seats], dtype=np.int64)
    beat = np.array(beat_masks_for(trump), dtype=np.int64)
    bun = np.array([brisque_units if is_brisque(k) else 0 for k in range(32)], dtype=np.int64)
    return c, beat, bun, np.array(rank, dtype=np.int64)


def _words(hands: Sequence[int]) -> Any:
    """Count vectors as the kernel's ``H``: low and high 64 bits of each, signed."""
    words = []
    for h in hands:
        lo = h & _LOW64
        hi = h >> 64
        words.append(lo - _TWO64 if lo > _MAX63 else lo)
        words.append(hi - _TWO64 if hi > _MAX63 else hi)
    return np.array(words, dtype=np.int64)


class KernelSearch:
    """The compiled search for ``seats`` (2 or 4) seats: fail-soft tests of the
    value for the side of a trick's leader, the table living as long as the
    searcher. ``tt_bits`` sizes the table (2**tt_bits slots)."""

    def __init__(self, trump: int | None, rules: PlayoffRules, brisque_units: int,
                 last_units: int, seats: int = 4, tt_bits: int = TT_BITS) -> None:
        if seats not in (2, 4):
            raise ValueError(f"the compiled search plays 2 or 4 seats, not {seats}")
        self.trump = trump
        self.rules = rules
        self.brisque_units = brisque_units
        self.last_units = last_units
        self.seats = seats
        self.beat_masks = beat_masks_for(trump)
        self.C, self.BEAT, self.BUN, self.CHEAP = _constants(trump, rules, brisque_units, seats,
                                                            tt_bits)
        size = 1 << tt_bits
        self.TK1 = np.zeros(size, dtype=np.int64)
        self.TK2 = np.zeros(size, dtype=np.int64)
        self.TLO = np.zeros(size, dtype=np.int64)
        self.THI = np.zeros(size, dtype=np.int64)
        self.TMV = np.zeros(size, dtype=np.int64)
        self.BUF = np.zeros((MAX_PLIES, 34), dtype=np.int64)
        self.ST = np.zeros(2, dtype=np.int64)
        self.tt: dict[int, Any] = {}  # never filled: the slots are fixed (shared_solver checks)
        self._run, self._walk = _compiled()
        self._rep = _rep()

    @property
    def nodes(self) -> int:
        return int(self.ST[0])

    def rem_of(self, hands: Sequence[int], trick: Sequence[int]) -> int:
        """Every unit still to be won: brisques in the hands and on the trick,
        and the last trick while any card is left to play."""
        bu = self.brisque_units
        total = sum(bu * ((h >> (4 * k)) & 15) for h in hands for k in range(32)
                    if is_brisque(k))
        total += sum(bu for k in trick if is_brisque(k))
        if any(hands) or trick:
            total += self.last_units
        return total

    def test(self, hands: Sequence[int], trick: Sequence[int], rem: int, beta: int) -> int:
        """Fail-soft test "V >= beta?" for the side of the leader of ``trick``
        (``hands`` as count vectors from the leader, without the trick's cards)."""
        seats = self.seats
        i = len(trick)
        if i == seats:
            w = 0
            for j in range(1, seats):
                if (self.beat_masks[trick[w]] >> trick[j]) & 1:
                    w = j
            gained = sum(self.brisque_units for k in trick if is_brisque(k))
            if not any(hands):
                return rem if w % 2 == 0 else 0
            rem2 = rem - gained
            rot = [hands[(w + j) % seats] for j in range(seats)]
            if w % 2 == 0:
                return gained + self.test(rot, (), rem2, beta - gained)
            return rem2 - self.test(rot, (), rem2, rem2 - beta + 1)
        if i == 0 and not any(hands):
            return 0
        found = int(self._run(_words(hands),
                              np.array((*trick, 0, 0, 0, 0)[:4], dtype=np.int64), i, rem,
                              beta, self.C, self.BEAT, self.BUN, self.CHEAP, self._rep, _Z1,
                              _Z2, self.TK1, self.TK2, self.TLO, self.THI, self.TMV, self.BUF,
                              self.ST))
        if found == TOO_BIG:
            raise ValueError("the compiled search takes at most 16 cards a hand")
        return found

    def walk(self, hands: Sequence[int], leader: int, trick: Sequence[int], rem: int,
             value: int, first: int = -1) -> list[int]:
        """Kinds of a best line to the end of the deal (see :func:`_walk`): ``hands``
        by seat, ``leader`` the seat that led ``trick``, ``value`` the units of
        seat 0's side, ``first`` (when >= 0) the first kind."""
        out = np.zeros(4 * 16, dtype=np.int64)
        length = int(self._walk(_words(hands), leader,
                                np.array((*trick, 0, 0, 0, 0)[:4], dtype=np.int64),
                                len(trick), rem, value, first, out, self.C, self.BEAT,
                                self.BUN, self.CHEAP, self._rep, _Z1, _Z2, self.TK1,
                                self.TK2, self.TLO, self.THI, self.TMV, self.BUF, self.ST))
        if length == TOO_BIG:
            raise ValueError("the compiled search takes at most 16 cards a hand")
        if length < 0:
            raise AssertionError("compiled search: inconsistent values on the line")
        return [int(k) for k in out[:length]]

    def value(self, hands: Sequence[int], trick: Sequence[int], rem: int,
              guess: int | None = None, hi: int | None = None) -> int:
        """Exact V for the side of the trick's leader, by MTD(f)."""
        return mtd(lambda beta: self.test(hands, trick, rem, beta), rem, guess, hi)


class KernelSearch4(KernelSearch):
    """The compiled twin of :class:`~engine.solver.search4.Search4` (four seats)."""

    def __init__(self, trump: int | None, rules: PlayoffRules, brisque_units: int,
                 last_units: int) -> None:
        super().__init__(trump, rules, brisque_units, last_units, 4)


class KernelSearch2:
    """The questions of the two-seat :class:`~engine.solver.search.Searcher` (hands
    as count vectors, ``L`` the leader's, ``F`` the follower's) answered by the
    compiled search; :func:`engine.solver.analysis._Analyser` takes it when every
    technique is on."""

    def __init__(self, trump: int | None, rules: PlayoffRules, brisque_units: int,
                 last_units: int) -> None:
        self.trump = trump
        self.rules = rules
        self.brisque_units = brisque_units
        self.last_units = last_units
        self.kernel = KernelSearch(trump, rules, brisque_units, last_units, 2, TT2_BITS)

    @property
    def nodes(self) -> int:
        return self.kernel.nodes

    def test(self, L: int, F: int, rem: int, beta: int) -> int:
        """Fail-soft answer to "V(L, F) >= beta?"."""
        return self.kernel.test((L, F), (), rem, beta)

    def value(self, L: int, F: int, rem: int, guess: int | None = None) -> int:
        """Exact V(L, F) in units, by MTD(f)."""
        return mtd(lambda beta: self.kernel.test((L, F), (), rem, beta), rem, guess)

    def replies(self, L2: int, F: int, lead: int) -> list[int]:
        """Representative legal replies (kinds) to ``lead``."""
        mask = legal_mask(presence(F), lead, self.trump, self.rules) & representatives(
            presence(F), presence(L2) | 1 << lead)
        return [k for k in range(32) if mask >> k & 1]

    def leads(self, L: int, F: int) -> list[int]:
        """Representative leads (kinds), ascending."""
        mask = representatives(presence(L), presence(F))
        return [k for k in range(32) if mask >> k & 1]

    def after_lead(self, L: int, F: int, rem: int, lead: int, beta: int) -> int:
        """Fail-soft test "the leader's value after leading ``lead`` >= beta?"
        (``L`` still holds the lead)."""
        return self.kernel.test((L - (1 << (4 * lead)), F), (lead,), rem, beta)

    def lead_value(self, L: int, F: int, rem: int, lead: int, guess: int | None = None,
                   top: int | None = None) -> int:
        """Exact value for the leader of leading ``lead``; ``top`` bounds it."""
        return mtd(lambda beta: self.after_lead(L, F, rem, lead, beta), rem, guess,
                   rem if top is None else top)

    def outcome(self, L2: int, F: int, rem: int, lead: int, reply: int, beta: int) -> int:
        """Fail-soft test of the leader's value once ``lead`` and ``reply`` are on
        the table (``L2`` no longer holds the lead, ``F`` still holds the reply)."""
        return self.kernel.test((L2, F - (1 << (4 * reply))), (lead, reply), rem, beta)

    def outcome_value(self, L2: int, F: int, rem: int, lead: int, reply: int,
                      guess: int | None = None) -> int:
        """Exact value for the leader once ``lead`` and ``reply`` are on the table."""
        return mtd(lambda beta: self.outcome(L2, F, rem, lead, reply, beta), rem, guess)


__all__ = ["KernelSearch", "KernelSearch2", "KernelSearch4", "kernel_available", "warm_up"]
