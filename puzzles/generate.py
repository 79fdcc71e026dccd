"""Reproducible puzzle generation.

:func:`generate_from_games` (what ``bezique puzzles generate`` runs) takes its
positions from expert bot-against-bot games (:mod:`puzzles.games`) as a stream
that can be stopped, resumed and grown (:class:`Plan`). :func:`generate`, the
older source the first shipped banks came from, takes them from quickly
simulated deals (:mod:`puzzles.simulate`); ``generate(kind, seed, count)`` is a
pure function of its arguments (deal seeds are drawn from ``random.Random(seed)``).

Meld banks mix the three question types (40 % spot, 30 % best, 30 % legal, with
legal/refused balanced); endgame banks take at most two puzzles of each type
from one deal and aim for half ``best`` (unique first card) puzzles.
Stock-play banks (``--kind stock``, from games only) judge every decision while
the stock lasts (:func:`puzzles.stock_bank.find_puzzle`), at most two of each
question type a game, and no type leads all the others together by more than
:data:`STOCK_LEAD` (so none exceeds about half the bank).

Two shipped banks are unions of runs (``bezique puzzles generate``)::

    --kind endgame --variant rubicon-four-handed --types best --count 60 \
        --min-tricks 4 --max-tricks 6 --seed 1     # 4-6 tricks left
    --kind endgame --variant rubicon-four-handed --types best --count 60 \
        --min-tricks 7 --max-tricks 9 --seed 2     # 7-9 tricks left (issue #22)
    --kind meld --variant eight-pack --count 100 --seed 1
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import random
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import IO, Any

from engine.rules.profile import load_profile
from puzzles import endgame, games, meld_bank
from puzzles.simulate import declare_spots

KINDS = ("meld", "endgame", "stock")
RANDOM_KINDS = ("meld", "endgame")   # --source random: stock play needs expert games
MELD_SHARE = {"spot": 0.4, "best": 0.3, "legal": 0.3}
ENDGAME_SHARE = {"best": 0.5, "value": 0.5}
# Stock play: a game may give each question type up to its share of PER_GROUP, and no
# type may lead all the others together by more than STOCK_LEAD in the bank (without
# it declarations fill a Rubicon bank: 28 of 36 in the first runs).
STOCK_SHARE = dict.fromkeys(("lead", "follow", "win_or_let_go", "declare", "exchange"), 0.2)
STOCK_LEAD = 2
PER_DEAL = 2
MAX_DEALS_PER_PUZZLE = 200   # give up when a variant cannot supply puzzles

Progress = Callable[[int, int], None]


def _quotas(share: dict[str, float], count: int) -> dict[str, int]:
    quotas = {k: int(count * v) for k, v in share.items()}
    first = next(iter(quotas))
    quotas[first] += count - sum(quotas.values())
    return quotas


def _take(pool: list[dict[str, Any]], quota: dict[str, int], got: dict[str, list[Any]],
          seen: set[str], rng: random.Random, key: Callable[[dict[str, Any]], str]) -> None:
    rng.shuffle(pool)
    taken: dict[str, int] = {}
    for rec in pool:
        group = key(rec)
        if rec["type"] not in quota or rec["id"] in seen or \
                len(got[rec["type"]]) >= quota[rec["type"]]:
            continue
        if taken.get(group, 0) >= PER_DEAL:
            continue
        if rec["type"] == "legal":
            legal = sum(1 for r in got["legal"] if r["answer"]["legal"])
            refused = len(got["legal"]) - legal
            if rec["answer"]["legal"] and legal > refused + 2:
                continue
            if not rec["answer"]["legal"] and refused > legal + 2:
                continue
        if rec["type"] == "spot" and not rec["answer"] and rng.random() > 0.15:
            continue
        taken[group] = taken.get(group, 0) + 1
        seen.add(rec["id"])
        got[rec["type"]].append(rec)


def _deal_seeds(seed: int) -> Iterator[int]:
    rng = random.Random(seed)
    while True:
        yield rng.randrange(2 ** 31)


def generate(kind: str, seed: int, count: int, variant: str = "two-handed",
             progress: Progress | None = None, *, types: Sequence[str] | None = None,
             min_tricks: int = 2, max_tricks: int | None = None) -> list[dict[str, Any]]:
    """``count`` puzzles of ``kind`` ("meld" or "endgame"), sorted by id.

    ``types`` keeps only those question types (Rubicon-family endgames keep
    ``best``: their values mix the last trick and brisques); ``min_tricks`` and
    ``max_tricks`` bound the tricks left in endgame positions."""
    if kind not in RANDOM_KINDS:
        raise ValueError(f"unknown puzzle kind {kind!r} from simulated deals; expected one of "
                         f"{', '.join(RANDOM_KINDS)}")
    profile = load_profile(variant)
    share = MELD_SHARE if kind == "meld" else ENDGAME_SHARE
    if types is not None:
        unknown = sorted(set(types) - set(share))
        if unknown or not types:
            raise ValueError(f"unknown {kind} puzzle type(s) {', '.join(unknown) or '(none)'}; "
                             f"expected some of {', '.join(share)}")
        share = {t: 1.0 / len(set(types)) for t in share if t in types}
    if min_tricks < 1 or (max_tricks is not None and max_tricks < min_tricks):
        raise ValueError("need 1 <= min_tricks <= max_tricks")
    quota = _quotas(share, count)
    got: dict[str, list[dict[str, Any]]] = {k: [] for k in quota}
    seen: set[str] = set()
    pick = random.Random(seed ^ 0x5EED)
    deals = 0
    patience = 2 * count + 20
    for deal_seed in _deal_seeds(seed):
        total = sum(len(v) for v in got.values())
        if total >= count or deals > MAX_DEALS_PER_PUZZLE * max(count, 1):
            break
        deals += 1
        if kind == "meld":
            pool = []
            for spot in declare_spots(profile, deal_seed, greed=0.3, hoard=0.9):
                for recs in meld_bank.records_from(spot).values():
                    pool.extend(recs)
            _take(pool, quota, got, seen, pick, key=lambda r: r["type"])
        else:
            pool = endgame.records_from_deal(profile, deal_seed, min_tricks, max_tricks)
            _take(pool, quota, got, seen, pick, key=lambda r: r["type"])
        # When one type runs dry (a variant without refusals, say), let the others fill.
        if deals == patience:
            short = count - sum(len(v) for v in got.values())
            for k in quota:
                quota[k] = max(quota[k], len(got[k]) + short)
        if progress is not None:
            progress(min(count, sum(len(v) for v in got.values())), count)
    out = [r for recs in got.values() for r in recs][:count]
    return sorted(out, key=lambda r: r["id"])


class ProgressBar:
    """A one-line progress bar on stderr (no dependency)."""

    def __init__(self, stream: IO[str] | None = None, width: int = 30) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.width = width
        self.start = time.perf_counter()
        self.last = -1.0

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        if done < total and now - self.last < 0.1:
            return
        self.last = now
        filled = self.width * done // max(total, 1)
        rate = done / max(now - self.start, 1e-9) * 60
        self.stream.write(f"\r[{'#' * filled}{'.' * (self.width - filled)}] {done}/{total} "
                          f"puzzles, {rate:.0f}/min")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()


# --- banks from expert games: a resumable stream ------------------------------------------

CAPTURE_MAX_TRICKS = 4   # the play-off search with scoring captures: minutes at 8 tricks
# What one game may give each question type: meld, at most ``share`` x 30 of its
# declaration decisions' records; endgame, ``share`` x 4 per number of tricks left
# (two of each type per length), so every length from 2 tricks to the whole play-off
# is harvested from every game.
PER_GROUP = {"meld": 30, "endgame": 4, "stock": 10}
SHARES = {"meld": MELD_SHARE, "endgame": ENDGAME_SHARE, "stock": STOCK_SHARE}
HARVEST = 2   # the picking rules' version: a bank from older rules is not resumed


@dataclass(frozen=True, slots=True)
class Plan:
    """What a bank is generated from; the output is a pure function of it and the
    count, and the first ``n`` puzzles of any longer run are those of a run of ``n``
    (the count never enters a choice), so a bank can be stopped, resumed and grown."""

    kind: str
    variant: str = "two-handed"
    seed: int = 1
    budget: games.Budget = games.Budget()
    types: tuple[str, ...] | None = None
    min_tricks: int = 2
    max_tricks: int | None = None

    def run_id(self) -> str:
        # 2.0: where the bots' old time cap stood, kept so that a bank begun before
        # budgets were counted in deals resumes (that cap never bound: same games).
        fields = [self.kind, self.variant, self.seed, self.budget.deals, 2.0, self.types,
                  self.min_tricks, self.max_tricks, HARVEST]
        return hashlib.sha256(json.dumps(fields).encode()).hexdigest()[:10]

    def shares(self) -> dict[str, float]:
        profile = load_profile(self.variant)
        if games.captures_score(profile) and self.kind != "stock":
            share = {"capture": 1.0} if self.kind == "meld" else {"capture_best": 1.0}
        else:
            share = SHARES[self.kind]
        if self.types is not None:
            unknown = sorted(set(self.types) - set(share))
            if unknown or not self.types:
                raise ValueError(f"unknown {self.kind} puzzle type(s) "
                                 f"{', '.join(unknown) or '(none)'} for {self.variant}; "
                                 f"expected some of {', '.join(share)}")
            share = {t: 1.0 / len(set(self.types)) for t in share if t in self.types}
        return share

    def check(self) -> None:
        """``ValueError`` naming what cannot be generated (one line)."""
        if self.kind not in KINDS:
            raise ValueError(f"unknown puzzle kind {self.kind!r}; expected one of "
                             f"{', '.join(KINDS)}")
        profile = load_profile(self.variant)
        if self.kind == "endgame" and games.endgame_refusal(profile):
            raise ValueError(games.endgame_refusal(profile))
        if self.min_tricks < 1 or (self.max_tricks is not None
                                   and self.max_tricks < self.min_tricks):
            raise ValueError("need 1 <= min_tricks <= max_tricks")
        if self.budget.deals < 1:
            raise ValueError("the bots' budget must be at least 1 deal a decision")
        self.shares()

    def tricks_range(self) -> tuple[int, int | None]:
        if self.max_tricks is None and games.captures_score(load_profile(self.variant)):
            return self.min_tricks, max(self.min_tricks, CAPTURE_MAX_TRICKS)
        return self.min_tricks, self.max_tricks


def game_seed(seed: int, game: int) -> int:
    return random.Random(f"{seed}:{game}").randrange(2 ** 31)


def resume_point(plan: Plan, records: Sequence[Mapping[str, Any]]
                 ) -> tuple[list[dict[str, Any]], int] | None:
    """The records of the games finished before the last one seen, and the game to
    go on from, when ``records`` come from this plan (else ``None``)."""
    run = plan.run_id()
    if not records or any(not isinstance(r.get("source"), dict)
                          or r["source"].get("run") != run for r in records):
        return None
    last = max(int(r["source"]["game"]) for r in records)
    return [dict(r) for r in records if r["source"]["game"] < last], last


class _Picker:
    """Which records of a game join the bank: each (question type, group) up to its
    quota for the game (``PER_GROUP`` x the type's share; a group is an endgame's
    tricks left), refused and legal declarations balanced, few "nothing to declare"
    spots. A candidate is made (an endgame solved) only while its group has room.
    Every rule reads only the game and the bank so far, never the count asked for."""

    def __init__(self, plan: Plan, kept: Sequence[Mapping[str, Any]]) -> None:
        self.plan = plan
        self.share = plan.shares()
        self.quota = {t: max(1, round(s * PER_GROUP[plan.kind])) for t, s in self.share.items()}
        self.got: list[dict[str, Any]] = [dict(r) for r in kept]
        self.seen = {r["id"] for r in kept}
        self.legal = [sum(1 for r in kept if r["type"] == "legal" and r["answer"]["legal"] is v)
                      for v in (False, True)]

    def take(self, game: int, candidates: list[games.Candidate], count: int) -> None:
        rng = random.Random(f"pick:{self.plan.seed}:{game}")
        rng.shuffle(candidates)
        taken: dict[tuple[str, int], int] = {}
        for cand in candidates:
            if len(self.got) >= count:
                return
            if all(taken.get((t, cand.group), 0) >= q or not self._room(t)
                   for t, q in self.quota.items() if cand.types is None or t in cand.types):
                continue
            for rec in cand.make():
                key = (rec["type"], cand.group)
                if len(self.got) >= count:
                    return
                if rec["type"] not in self.quota or rec["id"] in self.seen or \
                        taken.get(key, 0) >= self.quota[rec["type"]]:
                    continue
                if rec["type"] == "legal" and not self._balanced(rec):
                    continue
                if not self._room(rec["type"]):
                    continue
                if rec["type"] == "spot" and not rec["answer"] and rng.random() > 0.15:
                    continue
                taken[key] = taken.get(key, 0) + 1
                self.seen.add(rec["id"])
                if rec["type"] == "legal":
                    self.legal[rec["answer"]["legal"]] += 1
                rec["source"] = {**rec.get("source", {}), "run": self.plan.run_id(),
                                 "game": game, "from": "expert games"}
                self.got.append(rec)

    def _room(self, question: str) -> bool:
        """Whether the bank may take one more of ``question`` (stock: no type leads all
        the others together by more than :data:`STOCK_LEAD`). A bank asked for one type
        (``--types declare``: the joker game, whose leads never have one clearly best
        card among interchangeable jokers) has nothing to balance."""
        if self.plan.kind != "stock" or len(self.share) < 2:
            return True
        mine = sum(1 for r in self.got if r["type"] == question)
        return mine <= len(self.got) - mine + STOCK_LEAD - 1

    def _balanced(self, rec: Mapping[str, Any]) -> bool:
        refused, legal = self.legal
        return not (rec["answer"]["legal"] and legal > refused + 2) and \
            not (not rec["answer"]["legal"] and refused > legal + 2)


Checkpoint = Callable[[list[dict[str, Any]]], None]


def generate_from_games(plan: Plan, count: int, progress: Progress | None = None,
                        existing: Sequence[Mapping[str, Any]] = (),
                        checkpoint: Checkpoint | None = None,
                        checkpoint_seconds: float = 10.0,
                        max_games: int | None = None, jobs: int = 1) -> list[dict[str, Any]]:
    """``count`` puzzles of ``plan`` from expert games, in the order found.

    ``jobs`` > 1 plays and judges that many games at once in worker processes (every
    candidate of a game made there); the bank is the same as with one job.

    ``existing`` records of the same plan (an interrupted run's checkpoint, or a
    smaller bank) are kept and the stream goes on after them; ``checkpoint``
    receives the bank so far (whole games only) every ``checkpoint_seconds``."""
    plan.check()
    found = resume_point(plan, existing)
    kept, start = found if found is not None else ([], 0)
    if len(kept) >= count:
        return kept[:count]
    picker = _Picker(plan, kept)
    limit = max_games if max_games is not None else MAX_DEALS_PER_PUZZLE * max(count, 1)
    saved = time.monotonic()
    game = start
    with _games_source(plan, jobs, start, start + limit) as source:
        for candidates in source:
            picker.take(game, candidates, count)
            game += 1
            if progress is not None:
                progress(len(picker.got), count)
            if checkpoint is not None and time.monotonic() - saved >= checkpoint_seconds:
                checkpoint(picker.got)
                saved = time.monotonic()
            if len(picker.got) >= count:
                break
    return picker.got


def _game_of(plan: Plan, game: int) -> list[games.Candidate]:
    low, high = plan.tricks_range()
    return games.game_candidates(plan.kind, load_profile(plan.variant),
                                 game_seed(plan.seed, game), plan.budget, low, high)


def _made_game(task: tuple[Plan, int]) -> list[tuple[int, tuple[str, ...] | None,
                                                     list[dict[str, Any]]]]:
    """A worker's game: every candidate made (closures do not cross processes)."""
    return [(c.group, c.types, c.make()) for c in _game_of(*task)]


def _ready(group: int, types: tuple[str, ...] | None,
           records: list[dict[str, Any]]) -> games.Candidate:
    return games.Candidate(group, lambda: [dict(r) for r in records], types)


@contextmanager
def _games_source(plan: Plan, jobs: int, start: int, stop: int
                  ) -> Iterator[Iterator[list[games.Candidate]]]:
    """The candidates of games ``start`` to ``stop - 1`` in order, from this process
    (one job) or a pool of ``jobs`` worker processes."""
    if jobs <= 1:
        yield (_game_of(plan, game) for game in range(start, stop))
        return
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        made = pool.imap(_made_game, ((plan, game) for game in range(start, stop)))
        yield ([_ready(*c) for c in game] for game in made)
        pool.terminate()
