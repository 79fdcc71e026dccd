"""The strong bot: determinized search (perfect-information Monte Carlo).

For each play decision where the heuristic's two best plays are close (within
``gap`` points of its own scores) the bot deals the cards it cannot see at
random, consistent with its view (:func:`engine.view.sample_unseen`), tries each
candidate action in that deal and plays ``horizon`` tricks with a fast port of
the heuristic's rules (:func:`heuristic_action`: keep values from meld plans,
lead the least-kept card, win when the trick and a waiting meld are worth more
than the card, declaration timing) on :class:`engine.bots.fastplay.FastDeal`,
then adds a static value of the holdings. All candidates share the same
determinizations and the same rollout seeds (common random numbers). The bot
leaves the heuristic's choice only when another candidate's mean paired
advantage exceeds ``margin`` by ``z`` standard errors over at least
``min_samples`` samples; otherwise it plays the heuristic's move. The older,
cruder rollout policy (:func:`policy_action`) is kept as ``policy="fast"``.

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
    beats,
    from_action,
    rules_for,
    supported,
)
from engine.bots.heuristic import advise, follow_scores, lead_scores, ranked_plays
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
            horizon: int = 99, policy: str = "fast") -> None:
    """Play ``state`` with the fast rule-of-thumb policy, to the end or until
    ``horizon`` more tricks are finished (then stopping before a lead). A
    negative ``horizon`` stops at the first lead of the play-off."""
    act = heuristic_action if policy == "heuristic" else policy_action
    if horizon < 0:
        while state.phase != OVER and (state.stock or state.turn_up >= 0
                                       or state.phase != LEAD):
            state.apply(act(state, rng, noise))
        return
    stop = state.tricks_played + horizon
    while state.phase != OVER and not (state.tricks_played >= stop and state.phase == LEAD):
        state.apply(act(state, rng, noise))


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
    for rule, blocked in zip(rules.melds, _blocked_masks(state, player), strict=True):
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


def _blocked_masks(state: FastDeal, player: int) -> list[int]:
    """Per meld rule, the cards of ``player`` that may not score in it again."""
    rules = state.rules
    history = state.history[player]
    melds = rules.melds
    if not history:
        return [0] * len(melds)
    by_index = _by_index(rules)
    out = []
    for rule in melds:
        blocked = 0
        for index, cards in history:
            spec = melds[by_index[index]]
            if spec.meld_class == rule.meld_class and spec.level >= rule.level:
                for c in cards:
                    blocked |= 1 << c
        out.append(blocked)
    return out


def heuristic_keep(state: FastDeal, player: int, hold: list[int],
                   blocked: list[int]) -> tuple[dict[int, float], int]:
    """The heuristic's keep values of ``hold`` (see :func:`engine.bots.heuristic.
    keep_values`) and the points of the best complete meld in it."""
    rules = state.rules
    trump = rules.trump
    values: dict[int, float] = {}
    for c in hold:
        rank = c & 7
        v = (10.0 if rank >= 6 else 0.0) + rank * 0.5
        if (c & 31) >> 3 == trump:
            v += 6 + 2 * rank
            if rank == 0 and state.turn_up >= 0 and not state.dix_counted >> c & 1:
                v += 8
        values[c] = v
    hidden = len(state.stock)
    factor = min(1.0, hidden / 16)
    best = 0
    for i, rule in enumerate(rules.melds):
        bmask = blocked[i]
        cards: list[int] = []
        missing = 0
        for bits, count in rule.groups:
            have = sorted(c for c in hold if bits >> (c & 31) & 1 and not bmask >> c & 1)
            cards.extend(have[:count])
            if len(have) < count:
                missing += count - len(have)
                if missing > 2:
                    break
        if missing > 2 or not cards:
            continue
        if missing == 0:
            share = float(rule.points)
            if rule.points > best:
                best = rule.points
        else:
            share = rule.points * (0.35 ** missing) * factor
        for c in cards:
            values[c] += share
    return values, best


def heuristic_action(state: FastDeal, rng: random.Random, noise: float = 0.0) -> FastAction:
    """A fast port of the heuristic's stock-phase rules (keep values from meld plans,
    lead the least-kept card, win when the trick and a waiting meld are worth more
    than the card, declaration timing); the play-off greedily."""
    rules = state.rules
    phase = state.phase
    p = state.to_move
    hold = state.hold[p]
    trump = rules.trump
    in_stock = bool(state.stock) or state.turn_up >= 0
    if phase == DECLARE_PHASE:
        acts = state._declare_actions(p)
        melds = []
        for a in acts:
            if isinstance(a, int):
                continue
            if a[0] == EXCHANGE or a[0] == SHOW:
                return a
            if a[0] == DECLARE or a[0] == SCORE:
                melds.append(a)
        if not melds:
            return DRAW
        specs = rules.profile.melds
        best_a = max(melds, key=lambda a: (specs[a[1]].points, -len(a[2])))
        spec = specs[best_a[1]]
        if state.stock_count > 24 and spec.level > 1:
            cards = set(best_a[2])
            lower = [a for a in melds if specs[a[1]].meld_class == spec.meld_class
                     and specs[a[1]].level < spec.level and set(a[2]) <= cards]
            if lower:
                return max(lower, key=lambda a: (specs[a[1]].points, -len(a[2])))
        return best_a
    if noise and rng.random() < noise:
        options = hold if (phase == LEAD or in_stock) else state.playoff_replies(
            hold, state.trick[0])
        return options[int(rng.random() * len(options))]
    if not in_stock:
        if phase == LEAD:
            aces = [c for c in hold if (c & 7) == 7 and (c & 31) >> 3 != trump]
            return aces[0] if aces else min(hold, key=lambda c: ((c & 31) >> 3 == trump,
                                                                 c & 7))
        lead = state.trick[0]
        options = state.playoff_replies(hold, lead)
        winners = [c for c in options if beats(lead, c, trump)]
        if winners:
            return min(winners, key=lambda c: ((c & 31) >> 3 == trump, c & 7))
        return min(options, key=lambda c: ((c & 7) >= 6, (c & 31) >> 3 == trump, c & 7))
    blocked = _blocked_masks(state, p)
    keep, _best = heuristic_keep(state, p, hold, blocked)
    if phase == LEAD:
        return min(hold, key=lambda c: (keep[c] + (8.0 if (c & 7) >= 6
                                                   and (c & 31) >> 3 != trump else 0.0),
                                        c & 7, c))
    lead = state.trick[0]
    opp = 1 - p
    threat = 15.0
    specs = rules.profile.melds
    for index, _cards in state.pending[opp]:
        threat = max(threat, float(specs[index].points))
    if state.stock_count <= 12:
        threat *= 1.5
    pending_best = max((specs[i].points for i, _c in state.pending[p]), default=0)
    lead_pts = 10.0 if (lead & 7) >= 6 else 0.0
    best_v = -1e9
    action = hold[0]
    after: dict[int, int] = {}
    for c in hold:
        own = 10.0 if (c & 7) >= 6 else 0.0
        if beats(lead, c, trump):
            k = c & 31
            meld = after.get(k)
            if meld is None:
                rest = [x for x in hold if x != c]
                _k, meld = heuristic_keep(state, p, rest, blocked)
                meld = max(meld, pending_best)
                after[k] = meld
            v = lead_pts + own + meld + 3
        else:
            v = -own - threat
        v -= keep[c]
        if v > best_v or (v == best_v and c < action):
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


def _clear_choice(view: PlayerView, gap: float) -> bool:
    """True when the heuristic's best play beats its second by more than ``gap``."""
    cards = [a.card for a in view.legal if a.type is ActionType.PLAY]
    scores = lead_scores(view, cards) if not view.trick else follow_scores(view, cards)
    top = sorted({round(v, 6) for v in scores.values()}, reverse=True)
    return len(top) < 2 or top[0] - top[1] > gap


class StrongBot:
    """Determinized rollout search over the unseen cards, heuristic rollouts."""

    name = "strong"

    def __init__(self, rng: random.Random, samples: int = 60, time_limit: float = 0.9,
                 noise: float = 0.1, horizon: int = 6, top: int = 4,
                 margin: float = 0.0, z: float = 1.0, min_samples: int = 8,
                 policy: str = "heuristic", gap: float = 5.0) -> None:
        self.rng = rng
        self.gap = gap
        self.policy = policy
        self.z = z
        self.min_samples = min_samples
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
        if self.gap > 0 and view.phase != "declare" and _clear_choice(view, self.gap):
            return SearchResult(prior, {}, 0)
        candidates = _candidates(view, prior, self.top)
        if len(candidates) == 1:
            return SearchResult(candidates[0], {}, 0)
        rules = rules_for(view.profile, view.trump)
        fast = [from_action(rules, a) for a in candidates]
        totals = [0.0] * len(candidates)
        prior_i = candidates.index(prior) if prior in candidates else 0
        # Paired differences against the heuristic's choice (common random numbers).
        diff_sum = [0.0] * len(candidates)
        diff_sq = [0.0] * len(candidates)
        seat, opp = view.seat, view.opponent
        deadline = time.perf_counter() + self.time_limit
        done = 0
        values = [0.0] * len(candidates)
        while done < self.samples and (done == 0 or time.perf_counter() < deadline):
            base = self._determinize(view)
            seed = self.rng.getrandbits(32)
            for i, action in enumerate(fast):
                state = base.copy()
                state.apply(action)
                rollout(state, random.Random(seed), self.noise, self.horizon, self.policy)
                if self.horizon < 0:
                    v = (state.scores[seat] - state.scores[opp]
                         + playoff_estimate(state, seat))
                else:
                    v = (state.scores[seat] - state.scores[opp]
                         + static_value(state, seat) - static_value(state, opp))
                values[i] = v
                totals[i] += v
            for i in range(len(candidates)):
                d = values[i] - values[prior_i]
                diff_sum[i] += d
                diff_sq[i] += d * d
            done += 1
        means = {a: t / done + (self.margin if a == prior else 0.0)
                 for a, t in zip(candidates, totals, strict=True)}
        best = max(candidates, key=lambda a: means[a])
        if self.z > 0 and best != prior:
            i = candidates.index(best)
            mean_d = diff_sum[i] / done
            var = max(0.0, diff_sq[i] / done - mean_d * mean_d)
            stderr = (var / max(1, done - 1)) ** 0.5
            if done < self.min_samples or mean_d - self.margin < self.z * stderr:
                best = prior
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
