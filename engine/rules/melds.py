"""Meld recognition and the card-reuse rule, with explanations.

This is the one source of declaration legality: the deal's legal actions, the
``bezique melds`` command, the lessons, the hints and the puzzles all call it.

Terminology
-----------
* *meld* (declaration): a scoring combination, one row of the profile's meld
  table (:class:`engine.rules.profile.MeldSpec`).
* *class* and *level*: under 001's reuse rule a physical card may not be
  scored again in a meld of its class whose level is the same or lower
  (marriage → sequence and bezique → double bezique go up a level).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, product

from engine.notation.cards import JOKER_MIN_ID, Card, Rank, Suit
from engine.rules.profile import MeldSpec, Profile
from engine.text.explain import Step, step

SEQUENCE_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)


@dataclass(frozen=True, slots=True)
class ScoredMeld:
    """A declaration a player has already scored in this deal."""

    kind: str
    cards: frozenset[int]


@dataclass(frozen=True, slots=True)
class Verdict:
    """Whether a meld may be scored now, with the steps that show why."""

    spec: MeldSpec
    cards: tuple[int, ...]
    legal: bool
    rule_id: str
    steps: tuple[Step, ...]

    @property
    def points(self) -> int:
        return self.spec.points if self.legal else 0


def display_order(card: int) -> tuple[int, int, int]:
    """Sort key that shows cards by suit, then A 10 K Q J 9 8 7, then copy; jokers last."""
    if card >= JOKER_MIN_ID:
        return (4, 0, card)
    return (card % 32 // 8, -(card % 8), card // 32)


def pretty(cards: Iterable[int]) -> str:
    return " ".join(Card.from_id(c).pretty for c in sorted(cards, key=display_order))


def suits_for(spec: MeldSpec, trump: int | None,
               trump_from: tuple[str, ...] = ("marriage", "sequence")) -> list[int]:
    """The suits ``spec`` may be formed in now (``trump_from``: the profile's
    ``declaring.trump_from``)."""
    if trump is None:
        # No trump yet (Rubicon family): a marriage (or sequence, where the profile
        # says so) would fix trump and count as trump; nothing else that needs
        # trumps can be formed.
        return list(range(4)) if fixes_trump(spec, trump, trump_from) or spec.suit == "any" \
            else []
    if spec.fixing_only:
        return []  # 004 no-trump: scores only as the declaration that fixes trumps
    if spec.suit == "trump":
        return [trump]
    if spec.suit == "bezique_jack":
        return []  # read by candidate_sets from the bezique pair
    if spec.suit == "plain":
        return [s for s in range(4) if s != trump]
    return list(range(4))


def fixes_trump(spec: MeldSpec, trump: int | None,
                trump_from: tuple[str, ...] = ("marriage", "sequence")) -> bool:
    """True when declaring ``spec`` now makes its suit trumps (no trump yet);
    ``trump_from`` is the profile's ``declaring.trump_from``."""
    return trump is None and spec.suit == "trump" and spec.pattern in trump_from


def by_kind(available: Iterable[int]) -> dict[int, list[int]]:
    """Real cards by kind; jokers (004) are kept apart under the key -1."""
    table: dict[int, list[int]] = {}
    for card in sorted(available):
        table.setdefault(card % 32 if card < JOKER_MIN_ID else -1, []).append(card)
    return table


def candidate_sets(
    profile: Profile, spec: MeldSpec, trump: int | None, available: Iterable[int],
    kinds: dict[int, list[int]] | None = None,
) -> Iterator[tuple[int, ...]]:
    """Every set of physical cards in ``available`` that forms ``spec``
    (``kinds``, if given, is ``available`` already grouped by kind). Where the
    profile lets jokers stand in a meld (004), each place may also take a joker, up
    to ``declaring.jokers_per_meld`` of them in one meld."""
    if kinds is None:
        kinds = by_kind(available)
    limit = profile.declaring.jokers_per_meld
    wild = kinds.get(-1, [])[:limit] if limit else []
    if not wild:
        yield from _real_sets(profile, spec, trump, kinds, [])
        return
    yield from distinct_sets(_real_sets(profile, spec, trump, kinds, wild), limit)


def distinct_sets(found: Iterable[tuple[int, ...]], limit: int) -> Iterator[tuple[int, ...]]:
    """The card sets of ``found`` (places filled by jokers too) that use no card twice
    and at most ``limit`` jokers, each set once, as first found."""
    seen: set[tuple[int, ...]] = set()
    for cards in found:
        if len(set(cards)) != len(cards) or sum(c >= JOKER_MIN_ID for c in cards) > limit:
            continue
        key = tuple(sorted(cards))
        if key not in seen:
            seen.add(key)
            yield cards


def _real_sets(
    profile: Profile, spec: MeldSpec, trump: int | None, kinds: dict[int, list[int]],
    wild: list[int],
) -> Iterator[tuple[int, ...]]:
    """The candidates of :func:`candidate_sets`, each place of a meld drawing on its
    kind's cards and on ``wild`` (repeats are filtered by the caller)."""
    suits = suits_for(spec, trump, profile.declaring.trump_from)
    if spec.pattern == "marriage":
        for suit in suits:
            kings = kinds.get(suit * 8 + Rank.KING, []) + wild
            queens = kinds.get(suit * 8 + Rank.QUEEN, []) + wild
            # count > 1: a double or triple marriage, that many kings and queens (004)
            for ks in combinations(kings, spec.count):
                for qs in combinations(queens, spec.count):
                    yield ks + qs
    elif spec.pattern == "sequence":
        for suit in suits:
            groups = [kinds.get(suit * 8 + r, []) + wild for r in SEQUENCE_RANKS]
            if spec.jack_from_bezique and trump is not None:
                # 004: a trump quint may hold the bezique jack instead of the trump jack
                jack = profile.bezique_pair(Suit(trump))[1]
                if jack != suit * 8 + Rank.JACK:
                    groups[-1] = groups[-1] + kinds.get(jack, [])
            yield from product(*groups)
    elif spec.pattern == "bezique":
        queen, jack = profile.bezique_pair(None if trump is None else Suit(trump))
        queens, jacks = kinds.get(queen, []) + wild, kinds.get(jack, []) + wild
        for qs in combinations(queens, spec.count):
            for js in combinations(jacks, spec.count):
                yield qs + js
    elif spec.pattern == "rank_set":
        assert spec.rank is not None
        if spec.suit == "bezique_jack":
            if trump is None:
                return
            suits = [profile.bezique_pair(Suit(trump))[1] // 8]
        if spec.distinct_suits:  # 004: four queens "of different suits", one of each
            yield from product(*(kinds.get(s * 8 + spec.rank, []) + wild for s in range(4)))
            return
        pool = [c for s in suits for c in kinds.get(s * 8 + spec.rank, [])] + wild
        yield from combinations(sorted(pool), spec.count)


def pattern_error(
    profile: Profile, spec: MeldSpec, trump: int | None, cards: Sequence[int]
) -> str:
    """Why ``cards`` do not form ``spec`` (empty string when they do)."""
    if len(set(cards)) != len(cards):
        return "a card is listed twice"
    for candidate in candidate_sets(profile, spec, trump, cards):
        if sorted(candidate) == sorted(cards):
            return ""
    if spec.suit == "trump" and trump is None:
        return "no trump suit is fixed yet"
    if spec.fixing_only and trump is not None:
        return "it scores only as the declaration that fixes trumps"
    return "wrong cards for this combination"


def check_reuse(
    profile: Profile,
    spec: MeldSpec,
    cards: Sequence[int],
    history: Sequence[ScoredMeld],
    played: frozenset[int] = frozenset(),
    explain: bool = True,
) -> tuple[bool, str, list[Step]]:
    """Apply the profile's card-reuse policy. Returns (legal, rule id, steps);
    with ``explain=False`` the steps are skipped (listing legal actions is hot)."""
    steps: list[Step] = []
    if spec.after or spec.once:
        out_of_turn = ladder_refusal(spec, cards, history, explain)
        if out_of_turn is not None:
            return False, out_of_turn[0], out_of_turn[1]
    if profile.declaring.multi_bezique_all_new:
        refusal = _not_all_new(profile, spec, cards, history, explain)
        if refusal is not None:
            return False, "reuse.all_new", refusal
    if profile.declaring.reuse == "reform_after_play":
        return rubicon_reuse(profile, spec, cards, history, played, explain)

    said: set[tuple[str, str, object]] = set()

    def note(rule_id: str, key: str, **params: object) -> None:
        # Two copies of one card read alike ("Q♠ already scored in…"): say it once.
        copyless = (key, str(params.get("card", "")).split("#")[0], params.get("prev_meld"))
        if explain and copyless not in said:
            said.add(copyless)
            steps.append(step(rule_id, key, **params))

    seen_same_class = False
    new_set = frozenset(cards)
    blocking: list[tuple[int, ScoredMeld]] = []
    for card in sorted(cards):
        for prior in history:
            if card not in prior.cards:
                continue
            prior_spec = profile.meld(prior.kind)
            name = Card.from_id(card).pretty if explain else ""
            if prior_spec.meld_class != spec.meld_class:
                note("reuse.cross_class", "reuse_cross", card=name,
                                  prev_meld=prior.kind, meld=spec.kind)
                continue
            seen_same_class = True
            if prior_spec.level < spec.level:
                note("reuse.upgrade", "reuse_upgrade", card=name,
                                  prev_meld=prior.kind, meld=spec.kind)
                continue
            blocking.append((card, prior))
    if blocking:
        card, prior = blocking[0]
        name = Card.from_id(card).pretty if explain else ""
        if prior.kind == spec.kind and not prior.cards <= new_set:
            note("reuse.partner_swap", "partner_swap", card=name,
                              prev_meld=prior.kind)
            return False, "reuse.partner_swap", steps
        note("reuse.same_class", "reuse_refused", card=name, prev_meld=prior.kind)
        return False, "reuse.same_class", steps
    if not seen_same_class:
        if explain:
            steps.insert(0, step("reuse.same_class", "reuse_fresh",
                                 **{"class": spec.meld_class}))
    return True, "", steps


def ladder_refusal(spec: MeldSpec, cards: Sequence[int], history: Sequence[ScoredMeld],
                   explain: bool = True) -> tuple[str, list[Step]] | None:
    """004's ladders: a rung scores once a deal, only after the rung before it, and a
    rung that grows a set (the fifth queen to the four) keeps the cards shown before.
    None when ``spec`` passes; else (rule id, steps)."""
    if spec.once and any(h.kind == spec.kind for h in history):
        return "ladder.once", [step("ladder.once", "ladder_once", meld=spec.kind)] \
            if explain else []
    if not spec.after:
        return None
    before = [h for h in history if h.kind == spec.after]
    if not before:
        return "ladder.order", [step("ladder.order", "ladder_order", meld=spec.kind,
                                     prev_meld=spec.after)] if explain else []
    if spec.pattern == "rank_set" and len(before[-1].cards) < spec.count:
        if not before[-1].cards <= frozenset(cards):
            return "ladder.grow", [step("ladder.grow", "ladder_grow", meld=spec.kind,
                                        prev_meld=spec.after, cards=pretty(before[-1].cards))
                                   ] if explain else []
    return None


def _not_all_new(profile: Profile, spec: MeldSpec, cards: Sequence[int],
                 history: Sequence[ScoredMeld], explain: bool) -> list[Step] | None:
    """004's reading: a double or larger bezique needs four (six, eight...) cards
    that never scored in a bezique; None when ``spec`` passes."""
    if spec.pattern != "bezique" or spec.count < 2:
        return None
    for card in sorted(cards):
        for prior in history:
            if card in prior.cards and profile.meld(prior.kind).pattern == "bezique":
                if not explain:
                    return []
                return [step("reuse.all_new", "reuse_not_all_new", card=_name(card),
                             prev_meld=prior.kind, meld=spec.kind)]
    return None


def _name(card: int) -> str:
    return Card.from_id(card).pretty


# --- The Rubicon family's reuse rule (003, 'заявления') ------------------------------
#
# For a new meld, each of its cards is in one of four states, judged by the latest
# earlier meld of the same class, at the new meld's level or higher, that holds it:
#   fresh    no such meld (a card new to this combination, or going up a level);
#   freed    that meld has lost a card to a trick since: the card may form it again;
#   standing that meld, of the same level, is intact;
#   raised   that meld is a higher one (a sequence, a larger bezique), intact.
# The meld is legal when no card is standing or raised. Otherwise only patterns in
# ``declaring.re_pair_on_table`` (marriages) have a way out: standing cards may
# re-pair with a freed card (003: three marriages of one suit, one card gone), and a
# raised king or queen may take a fresh or freed partner (003: the king or queen of
# a sequence with a queen or king from the hand). Whatever the states, the lower
# meld lying wholly inside a higher one already scored is barred (the marriage of a
# declared sequence). Beziques and sets are never re-paired on the table: only a
# played card may be replaced from the hand, and each re-forming needs a new play.

FRESH, FREED, STANDING, RAISED = "fresh", "freed", "standing", "raised"


@dataclass(frozen=True, slots=True)
class CardState:
    """Where one card of a proposed meld stands under the Rubicon reuse rule."""

    card: int
    state: str
    prior: ScoredMeld | None = None     # the meld that decides the state
    gone: int | None = None             # for ``freed``: a card of it that was played


def card_states(
    profile: Profile, spec: MeldSpec, cards: Sequence[int], history: Sequence[ScoredMeld],
    played: frozenset[int],
) -> list[CardState]:
    """The state of each card of ``cards`` for a new ``spec`` (see the table above)."""
    states = []
    for card in sorted(cards):
        prior = None
        for earlier in reversed(history):
            if card not in earlier.cards:
                continue
            earlier_spec = profile.meld(earlier.kind)
            if earlier_spec.meld_class == spec.meld_class and earlier_spec.level >= spec.level:
                prior = earlier
                break
        if prior is None:
            states.append(CardState(card, FRESH))
            continue
        gone = prior.cards & played
        if gone:
            states.append(CardState(card, FREED, prior, min(gone)))
        elif profile.meld(prior.kind).level > spec.level:
            states.append(CardState(card, RAISED, prior))
        else:
            states.append(CardState(card, STANDING, prior))
    return states


def rubicon_reuse(
    profile: Profile,
    spec: MeldSpec,
    cards: Sequence[int],
    history: Sequence[ScoredMeld],
    played: frozenset[int] = frozenset(),
    explain: bool = True,
) -> tuple[bool, str, list[Step]]:
    """The reuse rule of the Rubicon family (003, 'заявления'): (legal, rule id, steps)."""
    rule = "reuse.reform"
    new_set = frozenset(cards)
    for prior in history:
        prior_spec = profile.meld(prior.kind)
        if (prior_spec.meld_class == spec.meld_class and prior_spec.level > spec.level
                and new_set <= prior.cards):
            if not explain:
                return False, rule, []
            return False, rule, [step(rule, "reform_contained", cards=pretty(cards),
                                      meld=spec.kind, prev_meld=prior.kind,
                                      prev_cards=pretty(prior.cards))]
    for prior in history:
        if prior.kind == spec.kind and prior.cards == new_set:
            # Re-pairing must not bring back a card set already scored as this meld.
            if not explain:
                return False, rule, []
            return False, rule, [step(rule, "reform_same_cards", cards=pretty(cards),
                                      meld=spec.kind)]
    states = card_states(profile, spec, cards, history, played)
    by_state: dict[str, list[CardState]] = {}
    for state in states:
        by_state.setdefault(state.state, []).append(state)
    standing, raised = by_state.get(STANDING, []), by_state.get(RAISED, [])
    freed, fresh = by_state.get(FREED, []), by_state.get(FRESH, [])
    re_pair = spec.pattern in profile.declaring.re_pair_on_table
    legal = not standing and not raised
    if re_pair:
        legal = (not standing or bool(freed)) and (not raised or bool(freed or fresh))
    if not explain:
        return legal, "" if legal else rule, []
    if not legal:
        blocker = (standing or raised)[0]
        assert blocker.prior is not None
        if re_pair:
            key = "reform_no_free_card" if standing else "reform_raised_needs_partner"
        elif freed:
            key = "reform_no_re_pair"
        else:
            key = "reform_standing"
        return False, rule, [step(rule, key, card=_name(blocker.card), meld=spec.kind,
                                  prev_meld=blocker.prior.kind,
                                  prev_cards=pretty(blocker.prior.cards),
                                  declared=pretty(cards))]
    steps: list[Step] = []
    for state in states:
        earlier = state.prior
        if earlier is None:
            continue
        if state.state == FREED and state.gone is not None:
            steps.append(step(rule, "reform_freed", card=_name(state.card), meld=spec.kind,
                              prev_meld=earlier.kind, prev_cards=pretty(earlier.cards),
                              gone=_name(state.gone), declared=pretty(cards)))
        elif state.state == STANDING:
            steps.append(step(rule, "reform_re_pair", card=_name(state.card),
                              prev_meld=earlier.kind, prev_cards=pretty(earlier.cards),
                              declared=pretty(cards)))
        elif state.state == RAISED:
            steps.append(step(rule, "reform_raised", card=_name(state.card),
                              prev_meld=earlier.kind, prev_cards=pretty(earlier.cards),
                              meld=spec.kind, declared=pretty(cards)))
    if not steps:
        steps.append(_fresh_note(profile, spec, cards, history))
    return True, "", steps


def _fresh_note(profile: Profile, spec: MeldSpec, cards: Sequence[int],
                history: Sequence[ScoredMeld]) -> Step:
    """Why fresh cards are fresh: new to the class, or going up a level."""
    for card in sorted(cards):
        for prior in reversed(history):
            prior_spec = profile.meld(prior.kind)
            if card in prior.cards and prior_spec.meld_class == spec.meld_class:
                return step("reuse.upgrade", "reuse_upgrade", card=_name(card),
                            prev_meld=prior.kind, meld=spec.kind)
    return step("reuse.reform", "reuse_fresh", **{"class": spec.meld_class})


def judge(
    profile: Profile,
    spec: MeldSpec,
    trump: int | None,
    cards: Sequence[int],
    history: Sequence[ScoredMeld],
    played: frozenset[int] = frozenset(),
) -> Verdict:
    """Full verdict for declaring ``cards`` as ``spec`` (pattern and reuse)."""
    rule = spec.rule_id
    why = pattern_error(profile, spec, trump, cards)
    if why:
        bad = step(rule, "pattern_wrong", cards=pretty(cards), meld=spec.kind, why=why)
        return Verdict(spec, tuple(cards), False, rule, (bad,))
    found = step(rule, "meld_found", cards=pretty(cards), meld=spec.kind)
    legal, refuse_rule, steps = check_reuse(profile, spec, cards, history, played)
    jokers = [c for c in cards if c >= JOKER_MIN_ID]
    if jokers:  # 004 l.59: the joker answers for any suit and rank
        steps.insert(0, step("meld.joker", "meld_joker", card=_name(jokers[0]), meld=spec.kind))
    if not legal:
        return Verdict(spec, tuple(sorted(cards, key=display_order)), False, refuse_rule,
                       (found, *steps))
    points = step(rule, "meld_points", meld=spec.kind, points=spec.points,
                  citation=profile.citation(rule) or "profile")   # citation_text names it
    return Verdict(spec, tuple(sorted(cards, key=display_order)), True, rule,
                   (found, *steps, points))


def all_verdicts(
    profile: Profile,
    trump: int | None,
    available: Iterable[int],
    history: Sequence[ScoredMeld],
    played: frozenset[int] = frozenset(),
    explain: bool = True,
) -> Iterator[Verdict]:
    """A verdict for every candidate card set of every meld in the profile
    (``explain=False``: legality only, no steps)."""
    pool = sorted(set(available))
    kinds = by_kind(pool)
    scored = {h.kind for h in history}
    for spec in profile.melds:
        if spec.pattern == "carte_blanche":
            continue
        out_of_turn = bool((spec.once and spec.kind in scored)
                           or (spec.after and spec.after not in scored))
        if out_of_turn and not explain:
            continue  # a ladder rung out of turn: nothing to list
        for cards in candidate_sets(profile, spec, trump, pool, kinds):
            if explain:
                yield judge(profile, spec, trump, cards, history, played)
                if out_of_turn:
                    break  # refused whatever the cards: one verdict says why
                continue
            legal, rule, _ = check_reuse(profile, spec, cards, history, played, explain=False)
            yield Verdict(spec, tuple(cards), legal, rule or spec.rule_id, ())
