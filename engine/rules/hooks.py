"""How variant mechanics plug into a deal.

A *mechanic* is a module of rules that only some profiles switch on: capture scoring
(:mod:`engine.rules.captures`, 000) and the table-rules fines
(:mod:`engine.rules.penalties`, 002, 004). The deal (:mod:`engine.rules.deal`) calls a
mechanic at a few hook points, when a profile field says so; the mechanic then
reads the deal and changes it only through :class:`DealOps`, which ``Deal`` satisfies.
A mechanic imports this module, never ``engine.rules.deal``: imports run one way,
deal → mechanics → hooks.

Hook points (the deal calls them; ``deal`` is the deal itself):

* a trick is won, ``declaring.source = "captured"``: ``captures.on_trick(deal, winner,
  trick)`` scores the capture;
* the declaring phase lists its actions, ``dix.exchange_from = "captured"``:
  ``captures.exchangeable(deal, player)`` gives the sevens that may be exchanged, and
  ``captures.exchange(deal, card)`` carries an exchange out;
* an illegal action, ``infractions = "penalise"``: ``penalties.commit(deal, action)``
  carries it out and fines it, or returns False (the deal then refuses it).

A new mechanic adds its hook call to ``Deal`` behind a profile field (rules are data),
and any operation it needs to :class:`DealOps` and ``Deal`` as a public method.
Jokers (004) and the split play-off (000, four-handed) change who plays and how a
trick is won, the deal's own flow; they stay in ``Deal``, read from profile fields.
"""

from __future__ import annotations

from typing import Protocol

from engine.notation.actions import Action
from engine.rules.melds import ScoredMeld
from engine.rules.profile import Profile
from engine.text.explain import Event, Step


class DealOps(Protocol):
    """What a mechanic may read and do on a deal (see the module text).

    Properties are read-only to a mechanic; the lists and sets are the deal's own,
    and a mechanic changes them only as its rules say (the cards it lays out, the
    melds they score, a turn-up exchanged for a captured seven)."""

    @property
    def profile(self) -> Profile: ...
    @property
    def trump(self) -> int | None: ...
    @property
    def to_move(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def scores(self) -> list[int]: ...
    @property
    def prior_totals(self) -> tuple[int, ...]: ...
    @property
    def history(self) -> list[list[ScoredMeld]]: ...
    @property
    def laid(self) -> list[set[int]]: ...
    @property
    def won(self) -> list[list[int]]: ...
    @property
    def trick(self) -> list[int]: ...
    @property
    def played(self) -> set[int]: ...
    @property
    def dix_counted(self) -> set[int]: ...
    @property
    def events(self) -> list[Event]: ...
    @property
    def last_trick_winner(self) -> int | None: ...
    @property
    def stock_count(self) -> int: ...
    @property
    def in_playoff(self) -> bool: ...
    @property
    def is_over(self) -> bool: ...

    turn_up: int | None            # 000: a captured seven is exchanged for it
    game_meld_side: int | None     # 000: the side whose combination won the game

    def holding(self, player: int) -> set[int]: ...
    def meld_pool(self, player: int) -> set[int]: ...
    def partner(self, player: int) -> int | None: ...
    def legal_actions(self) -> list[Action]: ...
    def is_trump_seven(self, card: int) -> bool: ...

    # The operations: each carries out one step of the rules and records its events.
    def emit(self, event: Event) -> None: ...
    def score_points(self, player: int, rule_id: str, points: int, steps: list[Step],
                     kind: str, cards: tuple[int, ...] = (), meld: str = "") -> None: ...
    def score_dix(self, player: int, card: int, rule_id: str, key: str) -> None: ...
    def draw(self) -> None: ...
    def play_card(self, card: int) -> None: ...
