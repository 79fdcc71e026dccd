"""The strong bot: determinized search (perfect-information Monte Carlo).

For each decision the bot deals the cards it cannot see at random, consistent
with its view (:func:`engine.view.sample_unseen`), tries each candidate action
in that deal and plays the deal out with a fast rule-of-thumb policy on
:class:`engine.bots.fastplay.FastDeal`. All candidates share the same
determinizations and the same rollout seeds (common random numbers), so their
difference is measured with far less noise than their values. The action with
the best mean final margin (own deal score minus the opponent's) is chosen;
the heuristic's choice gets a small prior bonus to break near-ties.

In the play-off the bot plays exactly with the project's solver
(:mod:`engine.bots.playoff`). Where the fast simulator does not apply (four
players, no turn-up, carte blanche: :func:`engine.bots.fastplay.supported`)
the bot plays the heuristic's move.

``samples`` bounds the determinizations per decision and ``time_limit`` the
seconds per decision (whichever comes first). A *cheating* bot (``oracle``)
is handed the true deal and searches it only: an upper bound for the method.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from engine.actions import Action, ActionType
from engine.bots.fastplay import (
    DECLARE,
    DECLARE_PHASE,
    DRAW,
    EXCHANGE,
    FOLLOW,
    LEAD,
    OVER,
    SCORE,
    SHOW,
    FastAction,
    FastDeal,
    Rules,
    _by_index,
    from_action,
    rules_for,
    supported,
)
from engine.bots.heuristic import advise, ranked_plays
from engine.bots.playoff import best_playoff_card, solvable
from engine.bots.reasons import Reason
from engine.deal import Deal
from engine.view import PlayerView, sample_unseen

PRIOR_BONUS = 4.0


# --- the rollout policy ---------------------------------------------------------------

_KEEP: dict[int, list[float]] = {}


def keep_table(rules: Rules) -> list[float]:
    """A static keep value per kind (0..31) for the rollout policy."""
    table = _KEEP.get(id(rules))
    if table is not None:
        return table
    trump = rules.trump
    pair = rules.profile.bezique_pair(None if trump < 0 else trump)  # type: ignore[arg-type]
    table = []
    for kind in range(32):
        suit, rank = kind >> 3, kind & 7
        value = (10.0 if rank >= 6 else 0.0) + rank * 0.5
        if suit == trump:
            value += 6 + 2 * rank
            if rank >= 3:
                value += 10          # sequence cards
        if rank in (4, 5):
            value += 8               # marriages
        if kind in pair:
            value += 12
        if rank == 7:
            value += 4               # four aces
        table.append(value)
    _KEEP[id(rules)] = table
    return table


def rollout(state: FastDeal, rng: random.Random, noise: float = 0.1,
            horizon: int = 99) -> None:
    """Play ``state`` with the fast rule-of-thumb policy, to the end or until
    ``horizon`` more tricks are finished (then stopping before a lead). A
    negative ``horizon`` stops at the first lead of the play-off."""
    if horizon < 0:
        while state.phase != OVER and (state.stock or state.turn_up >= 0
                                       or state.phase != LEAD):
            state.apply(policy_action(state, rng, noise))
        return
    stop = state.tricks_played + horizon
    while state.phase != OVER and not (state.tricks_played >= stop and state.phase == LEAD):
        state.apply(policy_action(state, rng, noise))


def playoff_estimate(state: FastDeal, player: int) -> float:
    """A cheap estimate of ``player``'s play-off points minus the opponent's, from
    the holdings when the stock is exhausted: the brisques and the last trick
    shared by trump length and high cards."""
    if state.phase == OVER:
        return 0.0
    rules = state.rules
    trump = rules.trump
    strength = [1.0, 1.0]
    left = 0
    for p in (0, 1):
        for c in state.hold[p]:
            rank = c & 7
            if rank >= 6:
                left += 1
            if (c & 31) >> 3 == trump:
                strength[p] += 2.0 + (0.5 if rank >= 6 else 0.0)
            elif rank == 7:
                strength[p] += 1.5
            elif rank == 6:
                strength[p] += 0.5
    total = left * rules.brisque_points + rules.last_bonus + rules.trick_points * len(
        state.hold[0])
    share = strength[player] / (strength[0] + strength[1])
    return total * (2 * share - 1)


def static_value(state: FastDeal, player: int) -> float:
    """Points ``player`` may still expect from the cards held: melds complete or
    close to it, brisques, trumps. Zero once the deal is over."""
    if state.phase == OVER:
        return 0.0
    rules = state.rules
    hold = state.hold[player]
    in_stock = bool(state.stock) or state.turn_up >= 0
    value = 0.0
    for c in hold:
        if (c & 7) >= 6:
            value += 5.0
        if (c & 31) >> 3 == rules.trump:
            value += 1.0 + (c & 7) * 0.5
    if not in_stock:
        return value
    stock_factor = min(1.0, len(state.stock) / 16)
    history = state.history[player]
    melds = rules.melds
    by_index = _by_index(rules)
    blocked_cache: dict[int, int] = {}
    for rule in melds:
        blocked = blocked_cache.get(rule.meld_class * 16 + rule.level)
        if blocked is None:
            blocked = 0
            for index, cards in history:
                spec = melds[by_index[index]]
                if spec.meld_class == rule.meld_class and spec.level >= rule.level:
                    for c in cards:
                        blocked |= 1 << c
            blocked_cache[rule.meld_class * 16 + rule.level] = blocked
        missing = 0
        for bits, count in rule.groups:
            have = 0
            for c in hold:
                if bits >> (c & 31) & 1 and not blocked >> c & 1:
                    have += 1
            if have < count:
                missing += count - have
                if missing > 2:
                    break
        if missing == 0:
            value += rule.points * 0.8
        elif missing <= 2:
            value += rule.points * (0.3 ** missing) * stock_factor
    return value


def policy_action(state: FastDeal, rng: random.Random, noise: float = 0.1) -> FastAction:
    """The fast rule-of-thumb policy's action for the player to move."""
    rules = state.rules
    keep = keep_table(rules)
    trump = rules.trump
    rand = rng.random
    phase = state.phase
    p = state.to_move
    hold = state.hold[p]
    in_stock = bool(state.stock) or state.turn_up >= 0
    action: FastAction
    if phase == DECLARE_PHASE:
        acts = state._declare_actions(p)
        action = DRAW
        best = 0
        for a in acts:
            if isinstance(a, int):
                continue
            code = a[0]
            if code == EXCHANGE or code == SHOW:
                return a
            if code == DECLARE or code == SCORE:
                pts = rules.profile.melds[a[1]].points
                if pts > best:
                    best, action = pts, a
        return action
    if phase == LEAD:
        if rand() < noise:
            return hold[int(rand() * len(hold))]
        if in_stock:
            return min(hold, key=lambda c: keep[c & 31]
                       + (8.0 if (c & 7) >= 6 and (c & 31) >> 3 != trump else 0.0))
        aces = [c for c in hold if (c & 7) == 7 and (c & 31) >> 3 != trump]
        return aces[0] if aces else min(hold, key=lambda c: keep[c & 31])
    lead = state.trick[0]
    options = hold if in_stock else state.playoff_replies(hold, lead)
    if rand() < noise:
        return options[int(rand() * len(options))]
    lead_pts = 10.0 if (lead & 7) >= 6 else 0.0
    if in_stock and state.meld_options(p):
        lead_pts += 20.0         # a meld waits: winning lets it score
    best_v = -1e9
    action = options[0]
    ls = (lead & 31) >> 3
    for c in options:
        cs = (c & 31) >> 3
        wins = (c & 7) > (lead & 7) if cs == ls else cs == trump
        own = 10.0 if (c & 7) >= 6 else 0.0
        v = (lead_pts + own + 3.0 if wins else -own - 15.0) - keep[c & 31]
        if v > best_v:
            best_v, action = v, c
    return action


# --- the bot --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SearchResult:
    action: Action
    means: dict[Action, float]
    samples: int


def _candidates(view: PlayerView, prior: Action, top: int = 4,
                declare_search: bool = False) -> list[Action]:
    legal = list(view.legal)
    if view.phase == "declare":
        if not declare_search or prior.type in (ActionType.EXCHANGE_SEVEN,
                                                ActionType.SHOW_SEVEN):
            return [prior]
        seen: set[tuple[str, int]] = set()
        out = [a for a in legal if a.type is ActionType.DRAW]
        for a in legal:
            if a.type in (ActionType.DECLARE, ActionType.SCORE_PENDING):
                key = (a.meld, len(a.cards))
                if key not in seen:
                    seen.add(key)
                    out.append(a)
        if prior not in out:
            out.append(prior)
        return out
    # Plays: copies of a kind are equivalent unless one has scored in a meld.
    used = {c for m in view.history[view.seat] for c in m.cards}
    table = view.tables[view.seat]
    groups: dict[tuple[int, bool, bool], Action] = {}
    for a in [prior, *ranked_plays(view)]:
        group = (a.card % 32, a.card in used, a.card in table)
        if group not in groups:
            groups[group] = a
    return list(groups.values())[:top]


class StrongBot:
    """Determinized rollout search over the unseen cards, heuristic rollouts."""

    name = "strong"

    def __init__(self, rng: random.Random, samples: int = 60, time_limit: float = 0.9,
                 noise: float = 0.1, horizon: int = 6, top: int = 4,
                 margin: float = 8.0) -> None:
        self.rng = rng
        self.horizon = horizon
        self.top = top
        self.margin = margin
        self.samples = samples
        self.time_limit = time_limit
        self.noise = noise
        self.oracle: Deal | None = None     # set by a referee for the cheating variant

    def choose(self, view: PlayerView) -> Action:
        return self.search(view).action

    def search(self, view: PlayerView) -> SearchResult:
        legal = list(view.legal)
        prior = advise(view).action
        if len(legal) == 1:
            return SearchResult(legal[0], {}, 0)
        if solvable(view):
            card, _value, _how = best_playoff_card(view)
            return SearchResult(Action.play(card), {}, 0)
        if not supported(view.profile) or view.stock_count == 0:
            return SearchResult(prior, {}, 0)   # the simulator does not apply: heuristic
        candidates = _candidates(view, prior, self.top)
        if len(candidates) == 1:
            return SearchResult(candidates[0], {}, 0)
        rules = rules_for(view.profile, view.trump)
        fast = [from_action(rules, a) for a in candidates]
        totals = [0.0] * len(candidates)
        seat, opp = view.seat, view.opponent
        deadline = time.perf_counter() + self.time_limit
        done = 0
        while done < self.samples and (done == 0 or time.perf_counter() < deadline):
            base = self._determinize(view)
            seed = self.rng.getrandbits(32)
            for i, action in enumerate(fast):
                state = base.copy()
                state.apply(action)
                rollout(state, random.Random(seed), self.noise, self.horizon)
                if self.horizon < 0:
                    totals[i] += (state.scores[seat] - state.scores[opp]
                                  + playoff_estimate(state, seat))
                else:
                    totals[i] += (state.scores[seat] - state.scores[opp]
                                  + static_value(state, seat) - static_value(state, opp))
            done += 1
        means = {a: t / done + (self.margin if a == prior else 0.0)
                 for a, t in zip(candidates, totals, strict=True)}
        best = max(candidates, key=lambda a: means[a])
        return SearchResult(best, means, done)

    def _determinize(self, view: PlayerView) -> FastDeal:
        seat, opp = view.seat, view.opponent
        if self.oracle is not None:
            deal = self.oracle
            opp_hand = sorted(deal.hands[opp])
            stock = list(deal.stock)
        else:
            opp_hand, draw_order = sample_unseen(view, self.rng)
            stock = list(reversed(draw_order))
        holds: list[list[int]] = [[], []]
        holds[seat] = sorted(view.holding)
        holds[opp] = sorted([*opp_hand, *view.tables[opp]])
        return FastDeal.from_parts(view, holds, stock)


def search_reasons(result: SearchResult) -> list[Reason]:
    if not result.means:
        return []
    ranked = sorted(result.means.values(), reverse=True)
    second = ranked[1] if len(ranked) > 1 else ranked[0]
    return [Reason("search", samples=result.samples, margin=round(result.means[result.action]),
                   second=round(second))]


__all__ = ["StrongBot", "SearchResult", "rollout", "search_reasons", "DECLARE_PHASE",
           "FOLLOW", "LEAD"]
