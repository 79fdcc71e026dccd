"""A game: deals to the target, with the first dealer chosen by cut.

    >>> import random
    >>> from engine.rules.profile import load_profile
    >>> game = Game.new(load_profile("two-handed"), random.Random(1))
    >>> game.deal.dealer == game.first_dealer
    True
"""

from __future__ import annotations

import json
import random
from typing import Any

from engine.errors import BeziqueError, CorruptSaveError
from engine.notation.cards import Card
from engine.rules.deal import Deal, check_version, parse_save, saved_profile
from engine.rules.profile import Profile, variant_names
from engine.text.explain import Event, Step, step

GAME_FORMAT = "bezique-game"
MAX_DEALS = 200


def cut_for_dealer(profile: Profile, rng: random.Random) -> tuple[int, list[Event]]:
    """Each player cuts a card; the highest deals, equal highest cut again."""
    events: list[Event] = []
    while True:
        pack = list(profile.deck_ids())
        cuts = rng.sample(pack, profile.players)
        for player, card in enumerate(cuts):
            events.append(Event("cut", player, "deal.cut", 0, (card,), "",
                                (step("deal.cut", "cut", player=player + 1,
                                      card=Card.from_id(card).pretty),),
                                profile.citation("deal.cut")))
        ranks = [c % 8 for c in cuts]
        best = max(ranks)
        if ranks.count(best) == 1:
            dealer = ranks.index(best)
            events.append(Event("dealer", dealer, "deal.cut", 0, (), "",
                                (step("deal.cut", "cut_dealer", player=dealer + 1),),
                                profile.citation("deal.cut")))
            return dealer, events
        events.append(Event("cut", None, "deal.cut", 0, (), "",
                            (step("deal.cut", "cut_tie"),), profile.citation("deal.cut")))


def target_outcome(profile: Profile, totals: list[int],
                   last_trick: int | None = None, first: int | None = None,
                   meld_side: int | None = None) -> Event:
    """After a deal of a game played to a target, given the totals per side: a
    ``game_end`` event (the higher total wins once anyone has reached the target; equal
    totals draw; with ``both_over = "last_trick"`` (002, 004) the side of the player who
    took the deal's last trick wins when more than one side passed the target; with
    ``"first_reached"`` (000) the side ``first`` that reached it on the earlier trick)
    or a ``next_deal`` event. ``meld_side``: the side that scored one of
    ``scoring.game_melds`` (000: a quadruple bezique wins the game). A pure function
    of its arguments, so lessons can ask "who wins the game"."""
    target = profile.scoring.target
    scores = " : ".join(map(str, totals))

    def won(side: int, rule_id: str) -> Step:
        if not profile.partnerships:
            return step(rule_id, "game_won", player=side + 1, scores=scores)
        first, second = (p + 1 for p in range(profile.players) if profile.team(p) == side)
        return step(rule_id, "game_won_side", scores=scores, first=first, second=second)

    if meld_side is not None:
        return Event("game_end", meld_side, "game.meld_wins", 0, (), "", (
            step("game.meld_wins", "game_meld_wins", meld=profile.scoring.game_melds[0]),
            won(meld_side, "game.meld_wins")),
            profile.citation("game.meld_wins"), tuple(totals))
    if max(totals) >= target:
        over = [s for s, t in enumerate(totals) if t >= target]
        if profile.scoring.both_over == "first_reached" and len(over) > 1 and (
                first is not None):
            return Event("game_end", first, "game.first_reached", 0, (), "", (
                step("game.first_reached", "game_first_reached", target=target),
                won(first, "game.first_reached")),
                profile.citation("game.first_reached"), tuple(totals))
        if profile.scoring.both_over == "last_trick" and len(over) > 1 and (
                last_trick is not None):
            side = profile.team(last_trick)
            return Event("game_end", side, "game.last_trick", 0, (), "", (
                step("game.last_trick", "game_last_trick", target=target),
                won(side, "game.last_trick")),
                profile.citation("game.last_trick"), tuple(totals))
        best = max(totals)
        leaders = [p for p, t in enumerate(totals) if t == best]
        if len(leaders) == 1:
            if target == 0:  # a game of one deal (004, jokers: an option)
                return Event("game_end", leaders[0], "game.one_deal", 0, (), "", (
                    step("game.one_deal", "game_one_deal"), won(leaders[0], "game.one_deal")),
                    profile.citation("game.one_deal"), tuple(totals))
            return Event("game_end", leaders[0], "game.target", 0, (), "", (
                step("game.target", "game_higher", target=target),
                won(leaders[0], "game.target")),
                profile.citation("game.target"), tuple(totals))
        if target == 0:
            return Event("game_end", None, "game.one_deal", 0, (), "",
                         (step("game.one_deal", "game_draw_one_deal", scores=scores),),
                         profile.citation("game.one_deal"), tuple(totals))
        return Event("game_end", None, "game.tie", 0, (), "",
                     (step("game.tie", "game_draw", scores=scores),),
                     profile.citation("game.tie"), tuple(totals))
    return Event("next_deal", None, "game.target", 0, (), "",
                 (step("game.target", "game_continue", target=target, scores=scores),),
                 profile.citation("game.target"), tuple(totals))


class Game:
    """Several deals played until a player reaches the profile's target."""

    def __init__(self, profile: Profile, first_dealer: int, seeds: list[int],
                 cut_events: list[Event]) -> None:
        self.profile = profile
        self.first_dealer = first_dealer
        self.cut_events = cut_events
        self.seeds = seeds            # one shuffle seed per deal, drawn from the game RNG
        self.finished_deals: list[Deal] = []
        self.deal = Deal.new(profile, random.Random(seeds[0]), first_dealer)
        self.result: Event | None = None
        self.game_scores: list[int] | None = None  # single-deal games: the settlement

    @classmethod
    def new(cls, profile: Profile, rng: random.Random) -> Game:
        dealer, events = cut_for_dealer(profile, rng)
        return cls(profile, dealer, [rng.getrandbits(64)], events)

    @property
    def options(self) -> tuple[tuple[str, str], ...]:
        """The named options (id, choice) the profile was built with: saved so that a
        reload rebuilds the same table (e.g. no-trump for three players)."""
        return self.profile.options

    @property
    def totals(self) -> list[int]:
        base = [0] * self.profile.players
        for deal in [*self.finished_deals, self.deal]:
            for p in range(self.profile.players):
                base[p] += deal.scores[p]
        return base

    @property
    def side_totals(self) -> list[int]:
        """Totals per side: per player, or per partnership (partners score together)."""
        sides = [0] * self.profile.sides
        for player, points in enumerate(self.totals):
            sides[self.profile.team(player)] += points
        return sides

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def next_deal(self, rng_seed: int | None = None) -> Event:
        """Close the current (finished) deal: end the game or deal again."""
        if not self.deal.is_over:
            raise BeziqueError("the current deal is not finished")
        if self.result is not None:
            return self.result
        if self.profile.scoring.end == "single_deal":
            return self._settle()
        outcome = self._target_outcome()
        if outcome.type == "game_end":
            self.result = outcome
            return self.result
        if len(self.finished_deals) + 1 >= MAX_DEALS:
            raise BeziqueError("too many deals in one game")
        seed = rng_seed if rng_seed is not None else random.Random(self.seeds[-1]).getrandbits(64)
        self.seeds.append(seed)
        per_player = self.totals   # 002's deal bonuses see the game so far
        self.finished_deals.append(self.deal)
        dealer = (self.deal.dealer + 1) % self.profile.players
        trumps = [d.trump for d in self.finished_deals if d.trump is not None]
        self.deal = Deal.new(self.profile, random.Random(seed), dealer, trumps, per_player)
        return outcome

    @property
    def decided(self) -> bool:
        """Whether the finished deal ends the game when it is closed (the target
        reached, a game-winning meld, a single-deal game): then no deal follows."""
        if self.result is not None:
            return True
        if not self.deal.is_over:
            return False
        return self.profile.scoring.end == "single_deal" or \
            self._target_outcome().type == "game_end"

    def _target_outcome(self) -> Event:
        return target_outcome(self.profile, self.side_totals, self.deal.last_trick_winner,
                              self.deal.first_to_target(), self.deal.game_meld_side)

    def _settle(self) -> Event:
        from engine.rules.settlement import settle

        result = settle(self.profile, self.deal.team_scores(), self.deal.brisque_points())
        self.game_scores = result.game_scores(self.profile.sides)
        rule = "game.tie" if result.winner is None else "settle.rubicon"
        self.result = Event("game_end", result.winner, rule, result.points, (), "",
                            result.steps, self.profile.citation(rule), tuple(self.game_scores))
        return self.result

    # --- saving ---------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {"format": GAME_FORMAT, "version": 1, "variant": self.profile.name,
                "first_dealer": self.first_dealer,
                "cuts": [[str(Card.from_id(c)) for c in e.cards] for e in self.cut_events
                         if e.type == "cut" and e.cards],
                "deals": [d.to_json() for d in [*self.finished_deals, self.deal]],
                **({"infractions": self.profile.infractions}
                   if self.profile.infractions != "refuse" else {}),
                **({"options": [list(o) for o in self.options]} if self.options else {})}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False)

    @classmethod
    def loads(cls, text: str | bytes) -> Game:
        return cls.from_json(parse_save(text, "saved game"))

    @classmethod
    def from_json(cls, data: Any) -> Game:
        if not isinstance(data, dict) or data.get("format") != GAME_FORMAT:
            raise CorruptSaveError("not a saved Bezique game")
        check_version(data)
        variant = data.get("variant")
        if not isinstance(variant, str) or variant not in variant_names():
            raise CorruptSaveError(f"unknown variant {variant!r} in save")
        profile = saved_profile(variant, data)
        deals = data.get("deals")
        first = data.get("first_dealer")
        if not isinstance(deals, list) or not 1 <= len(deals) <= MAX_DEALS:
            raise CorruptSaveError("a saved game needs a list of deals")
        if not isinstance(first, int) or isinstance(first, bool) or not (
                0 <= first < profile.players):
            raise CorruptSaveError("the first dealer must be a player number")
        restored = [Deal.from_json(d, profile) for d in deals]
        for index, deal in enumerate(restored):
            if deal.dealer != (first + index) % profile.players:
                raise CorruptSaveError(f"deal {index + 1} has the wrong dealer")
            if index < len(restored) - 1 and not deal.is_over:
                raise CorruptSaveError(f"deal {index + 1} is not finished")
        game = cls.__new__(cls)
        game.profile, game.first_dealer, game.cut_events = profile, first, []
        game.seeds = [0] * len(restored)
        game.finished_deals, game.deal, game.result = restored[:-1], restored[-1], None
        game.game_scores = None
        if profile.scoring.end == "single_deal" and len(restored) != 1:
            raise CorruptSaveError("this variant's game is a single deal")
        for index in range(len(restored) - 1):
            totals = [sum(d.scores[p] for d in restored[:index + 1]
                          for p in range(profile.players) if profile.team(p) == side)
                      for side in range(profile.sides)]
            if profile.scoring.end != "single_deal" and max(totals) >= profile.scoring.target:
                raise CorruptSaveError(f"the game was already over after deal {index + 1}")
        if game.deal.is_over:
            game.next_deal()
            # Not over: drop the fresh deal so the save round-trips.
            if game.result is None and game.finished_deals:
                game.deal = game.finished_deals.pop()
                game.seeds.pop()
        return game
