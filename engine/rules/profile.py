"""Variant profiles: every rule of a variant as frozen data, loaded from TOML.

A profile is the *definition* layer: it never changes during a deal. Code reads
its fields and never branches on a variant's name, so a new variant is a new
data file (``engine/variants/NAME.toml``).

    >>> p = load_profile("two-handed")
    >>> p.packs, p.hand_size, p.meld("trump_sequence").points
    (2, 8, 250)
"""

from __future__ import annotations

import dataclasses
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any, Literal, cast

from engine.errors import OptionScopeError, ProfileError
from engine.notation.cards import Rank, Suit, parse_card
from engine.rules.table_rules import CardPoints, DealBonuses, Penalties, card_points, deal_bonuses
from engine.rules.table_rules import penalties as penalties_table

MeldPattern = Literal["marriage", "sequence", "bezique", "rank_set", "carte_blanche"]
# "bezique_jack": the suit of the jack of the bezique pair (004's bezique jacks).
SuitRule = Literal["plain", "trump", "any", "bezique_jack"]


@dataclass(frozen=True, slots=True)
class MeldSpec:
    """One row of a meld table."""

    kind: str
    pattern: MeldPattern
    points: int
    meld_class: str
    level: int
    suit: SuitRule = "any"
    rank: Rank | None = None
    count: int = 1
    # Ladders (004's 18-card game): a rung is declared only after the rung ``after``
    # has scored in the deal, and ``once`` a deal; a set of a rank may need one card
    # of each suit; a sequence may take the bezique jack for the jack.
    after: str = ""
    once: bool = False
    distinct_suits: bool = False
    jack_from_bezique: bool = False
    # 004 no-trump: the row scores only as the declaration that fixes trumps (the double
    # marriage's 50); once trumps exist it is no combination at all.
    fixing_only: bool = False

    @property
    def rule_id(self) -> str:
        return f"meld.{self.kind}"


@dataclass(frozen=True, slots=True)
class DeclaringRules:
    per_trick: int
    pending: Literal["cady", "none"]
    reuse: Literal["class_levels", "reform_after_play"]
    bezique_cards: tuple[int, int]  # kinds (0..31): the queen and the jack
    bezique_pair_switch: tuple[tuple[Suit, tuple[int, int]], ...]
    carte_blanche: int
    carte_blanche_repeat: bool = False
    # "after_deal": claimed before one's first card (003); "first_appearance": the
    # first court-less hand of the deal, after the deal or a draw, claimed before
    # the holder's next draw, one per deal (002).
    carte_blanche_timing: Literal["after_deal", "first_appearance"] = "after_deal"
    # Rubicon reuse (003): patterns whose cards may re-pair with cards of other
    # standing melds on the table once one card of them has been played (marriages).
    re_pair_on_table: tuple[str, ...] = ()
    # 004: a double (or larger) bezique scores only when none of its cards has
    # scored in a bezique before; 001 lets a single bezique go up to the double.
    multi_bezique_all_new: bool = False
    double_carte_blanche: int = 0      # partners both without court cards (003)
    partner_declares: bool = False     # the trick winner may let the partner declare
    use_partner_table: bool = False    # melds may use the partner's exposed cards
    # Patterns whose first declaration fixes trumps when there is no turn-up
    # (Rubicon: marriage or sequence; no-trump bezique: marriage only, 004).
    trump_from: tuple[str, ...] = ("marriage", "sequence")
    # Where combinations come from: "hand" (declared after a win, 001) or "captured"
    # (000, Fildinski: the trick winner lays out the captured cards that can combine,
    # and every combination they complete with his laid-out cards scores at once).
    source: Literal["hand", "captured"] = "hand"
    after_tricks: int = 0              # 004: declaring only once this many tricks are played
    jokers_per_meld: int = 0           # 004 (18-card game): jokers that may stand in one meld
    # 000, four-handed Fildinski (an option): a player's bezique counts as the double
    # (triple...) together with the beziques his partner has laid out, never a queen of
    # one partner with the other's jack.
    partner_bezique: bool = False
    # 000 'заявления': when one capture completes a combination and a higher one
    # containing it, "each" scores both, the lower first (000's "combination or
    # combinations"); "higher_only" scores the higher alone (001's one declaration a turn).
    capture_nested: Literal["each", "higher_only"] = "each"

    @property
    def sequence_fixes_trump(self) -> bool:
        """Rubicon: a sequence may name trumps too (003); no-trump: only a marriage (004)."""
        return "sequence" in self.trump_from


@dataclass(frozen=True, slots=True)
class PlayoffRules:
    follow_suit: bool
    must_win: bool
    must_trump: bool
    # 000, four-handed Fildinski: the last tricks are two simultaneous play-offs, the
    # winner of the last stock trick against his left-hand opponent, his partner
    # against the other.
    split_pairs: bool = False


@dataclass(frozen=True, slots=True)
class DixRules:
    points: int
    dealer_on_turn_up: bool
    on_show: bool
    on_exchange: bool
    on_first_play: bool                # 001: a seven not yet counted, when first played
    on_trick_win: bool = False         # 004 item 8, 002: a seven not yet counted wins a trick
    on_capture: bool = False           # 000: a seven not yet counted scores to its capturer
    # Which seven may be exchanged for the turn-up: one from the hand (001) or the
    # one just captured (000 'заявления'; the turn-up then joins the captures).
    exchange_from: Literal["hand", "captured"] = "hand"
    exchange_is_declaration: bool = False  # 002: the exchange is that trick's one declaration
    card_rank: int = 0                 # the rank exchanged for the turn-up: 7, or 9 (004, jokers)
    # 004 card-point ("перед своим ходом"): the seven may also be exchanged by the player
    # about to lead, so before the opening lead too, not only after winning a trick.
    exchange_before_lead: bool = False


@dataclass(frozen=True, slots=True)
class ScoringRules:
    brisque_points: int
    brisques: Literal["count", "tiebreak_only", "on_capture"]
    last_trick_bonus: int
    points_per_trick: int
    target: int
    end: Literal["target_finish_deal", "single_deal"]
    tie: Literal["draw"]
    last_trick_split: bool = False     # partners share the last trick's bonus half and half (004)
    # "deal_end": the deal's last trick (001); "stock_end": the last trick before the
    # stock runs out (000 'эндшпиль').
    last_trick_at: Literal["deal_end", "stock_end"] = "deal_end"
    trick_bonus: int = 0                   # 002: for a trick won holding one of these ranks
    trick_bonus_ranks: tuple[str, ...] = ()
    # 002: the ranks of the bonus in the last eight tricks when they differ from the
    # first stage's (empty: the same as ``trick_bonus_ranks``).
    playoff_trick_bonus_ranks: tuple[str, ...] = ()
    # When more than one side passed the target: the higher total, the side of the last
    # trick's winner (002, 004), or the side that reached it on the earlier trick (000).
    both_over: Literal["higher", "last_trick", "first_reached"] = "higher"
    game_melds: tuple[str, ...] = ()   # 000: a combination that wins the game at once


@dataclass(frozen=True, slots=True)
class SettlementRules:
    """How a single-deal game (Rubicon family) turns deal points into a game score."""

    rounding: int                 # round down to this multiple (0: no rounding)
    game_bonus: int               # for winning the game
    rubicon: int                  # the loser must reach this
    rubicon_rule: Literal["extra_bonus", "sum_and_brisques"]
    rubicon_bonus: int            # extra for rubiconing the loser
    rubicon_brisque_bonus: int    # "sum_and_brisques": added for all brisques
    small_score_limit: int        # a winner's extra when the loser scores under this
    small_score_bonus: int
    tie_break: Literal["brisques_then_round_up", "none"]
    brisque_rescue: bool          # the loser may count brisques to cross the rubicon
    skip_hopeless_playoff: bool   # skip the last tricks when they cannot change the result
    # 003's last tie-break, "the higher actual score rounds up": the totals with the
    # brisques just added ("with_brisques") or the deal's points before them.
    round_up_on: Literal["with_brisques", "before_brisques"] = "with_brisques"
    # 004's 320 for the brisques is all the brisques of four packs: "flat" pays it as
    # printed, "per_pack" pays 80 a pack (480 with six packs, 640 with eight).
    brisque_bonus_packs: Literal["flat", "per_pack"] = "flat"


# The most deals of the unseen cards a [bots] floor may ask for per decision.
MAX_SEARCH_DEALS = 100_000


@dataclass(frozen=True, slots=True)
class SearchFloor:
    """How many deals of the unseen cards the expert's search tries at each decision it
    searches (the ``[bots]`` table of a variant file): not a rule of play, so two
    profiles that differ here only are equal. The games the rules engine plays (not the
    fast simulator) afford fewer in the same time; raise the numbers when the simulator
    gets faster. ``stock_end_deals`` is for the last stock tricks, where every line is
    followed to the end of the deal. Hints and the hand review search the same."""

    expert_deals: int = 60
    stock_end_deals: int = 60


@dataclass(frozen=True, slots=True)
class Profile:
    name: str
    title: str
    title_ru: str
    sources: tuple[str, ...]
    players: int
    partnerships: bool
    packs: int
    hand_size: int
    deal_packets: tuple[int, ...]
    first_dealer: Literal["cut"]
    dealer_rotation: Literal["alternate"]
    trump: Literal["turn_up", "first_marriage"]
    identical_cards: Literal["leader_wins"]
    stock_end: Literal["winner_hidden_loser_turn_up"]
    exposed_cards_playable: bool
    declaring: DeclaringRules
    playoff: PlayoffRules
    dix: DixRules
    scoring: ScoringRules
    melds: tuple[MeldSpec, ...]
    citations: tuple[tuple[str, str], ...] = field(default=())
    settlement: SettlementRules | None = None
    stock_marker: int = 0              # a marker this many cards from the stock's end
    deal_first: Literal["opponent", "dealer"] = "opponent"  # 002: the dealer deals himself first
    # Who leads the first trick: the player on the dealer's left (the next seat) or on
    # his right (004, three-handed, l.224/l.298; its l.363 says the left).
    first_lead: Literal["left", "right"] = "left"
    follow_in_stock: bool = False      # 004 card-point game: follow suit while the stock lasts
    draw_first: Literal["winner", "leader"] = "winner"  # 004 card-point: the trick's leader
    deal_bonuses: DealBonuses = field(default=DealBonuses())
    card_points: CardPoints = field(default=CardPoints())
    infractions: Literal["refuse", "penalise"] = "refuse"  # table-rules mode: fine, go on
    penalties: Penalties = field(default=Penalties())
    # The cards (004's 18-card game): each pack holds only ``pack_ranks`` (empty: all
    # eight), ``extra_copies`` of ``extra_rank`` per suit join them, and ``jokers``.
    pack_ranks: tuple[str, ...] = ()
    extra_rank: str = ""
    extra_copies: int = 0
    jokers: int = 0
    tricks_kept: bool = True           # 004 (jokers): played cards go to one common heap
    deal_end: Literal["playoff", "stock_out"] = "playoff"  # stock_out: no play-off
    search: SearchFloor = field(default=SearchFloor(), compare=False)
    # The named options (id, choice) applied to the variant's file, in order: a save
    # records them so that it replays under the same rules. Not compared: two profiles
    # with the same rules are equal however they were reached.
    options: tuple[tuple[str, str], ...] = field(default=(), compare=False)

    def team(self, player: int) -> int:
        return player % 2 if self.partnerships else player

    def first_leader(self, dealer: int) -> int:
        """Who leads the deal's first trick: the next seat (the dealer's left) or, by
        ``first_lead = "right"``, the seat before the dealer."""
        step = -1 if self.first_lead == "right" else 1
        return (dealer + step) % self.players

    @property
    def sides(self) -> int:
        return 2 if self.partnerships else self.players

    @property
    def deck_size(self) -> int:
        return len(self.deck_ids())

    def deck_ids(self) -> tuple[int, ...]:
        """Every card id of the variant's cards, ascending."""
        return _deck_ids(self.packs, self.pack_ranks, self.extra_rank, self.extra_copies,
                         self.jokers)

    @property
    def turn_up(self) -> bool:
        return self.trump == "turn_up"

    @property
    def tricks_per_deal(self) -> int:
        if self.playoff.split_pairs:  # 000: the last cards go in tricks of two
            return ((self.deck_size - self.players * self.hand_size) // self.players
                    + self.players * self.hand_size // 2)
        return self.deck_size // self.players

    @property
    def one_deal_game(self) -> bool:
        """Whether one deal is the whole game: a settled single deal (003), or no target
        at all (004's jokers: target 0, the higher score wins)."""
        return self.scoring.end == "single_deal" or self.scoring.target == 0

    @property
    def playoff_tricks(self) -> int:
        return self.hand_size

    def meld(self, kind: str) -> MeldSpec:
        for spec in self.melds:
            if spec.kind == kind:
                return spec
        raise ProfileError(f"variant {self.name!r} has no meld {kind!r}")

    def has_meld(self, kind: str) -> bool:
        return any(spec.kind == kind for spec in self.melds)

    def citation(self, rule_id: str) -> str:
        for rid, where in self.citations:
            if rid == rule_id:
                return where
        return ""

    def bezique_pair(self, trump: Suit | None) -> tuple[int, int]:
        for suit, pair in self.declaring.bezique_pair_switch:
            if suit == trump:
                return pair
        return self.declaring.bezique_cards

    def with_options(self, **changes: Any) -> Profile:
        """A copy with some top-level or nested fields replaced, e.g.
        ``with_options(scoring={"last_trick_bonus": 250})``."""
        updates: dict[str, Any] = {}
        for key, value in changes.items():
            current = getattr(self, key, None)
            if current is None and key not in {f.name for f in dataclasses.fields(self)}:
                raise ProfileError(f"unknown profile field {key!r}")
            if isinstance(value, dict) and dataclasses.is_dataclass(current):
                updates[key] = dataclasses.replace(cast(Any, current), **value)
            else:
                updates[key] = value
        return dataclasses.replace(self, **updates)


def fixes_trump_pattern(spec: MeldSpec, trump_from: tuple[str, ...]) -> bool:
    """True when declaring ``spec`` with no trump yet would fix trumps."""
    return spec.suit == "trump" and spec.pattern in trump_from


@cache
def _deck_ids(packs: int, ranks: tuple[str, ...], extra_rank: str, extra_copies: int,
              jokers: int) -> tuple[int, ...]:
    from engine.notation.cards import joker_id

    if not ranks:
        ids = list(range(packs * 32))
    else:
        keep = {Rank(parse_card(r + "S").rank) for r in ranks}
        ids = [c for c in range(packs * 32) if c % 8 in keep]
    if extra_rank:
        rank = parse_card(extra_rank + "S").rank
        ids += [(copy - 1) * 32 + suit * 8 + rank for copy in range(1, extra_copies + 1)
                for suit in range(4)]
    ids += [joker_id(n) for n in range(1, jokers + 1)]
    if len(set(ids)) != len(ids):
        raise ProfileError("the extra cards repeat cards of the packs")
    return tuple(sorted(ids))


def _take(table: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in table:
        raise ProfileError(f"{where}: missing field {key!r}")
    value = table[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ProfileError(f"{where}: field {key!r} has the wrong type")
    return value


def _choice(table: dict[str, Any], key: str, allowed: tuple[str, ...], where: str) -> str:
    value = _take(table, key, str, where)
    if value not in allowed:
        raise ProfileError(f"{where}: {key!r} must be one of {allowed}, not {value!r}")
    return cast(str, value)


def _meld(row: dict[str, Any], where: str) -> MeldSpec:
    pattern = _choice(row, "pattern", ("marriage", "sequence", "bezique", "rank_set",
                                       "carte_blanche"), where)
    rank = Rank(parse_card(row["rank"] + "S").rank) if "rank" in row else None
    return MeldSpec(
        kind=_take(row, "kind", str, where),
        pattern=cast(MeldPattern, pattern),
        points=_take(row, "points", int, where),
        meld_class=_take(row, "class", str, where),
        level=_take(row, "level", int, where),
        suit=cast(SuitRule, row.get("suit", "any")),
        rank=rank,
        count=int(row.get("count", 1)),
        after=str(row.get("after", "")),
        once=bool(row.get("once", False)),
        distinct_suits=bool(row.get("distinct_suits", False)),
        jack_from_bezique=bool(row.get("jack_from_bezique", False)),
        fixing_only=bool(row.get("fixing_only", False)),
    )


def _settlement(table: Any, where: str) -> SettlementRules:
    if not isinstance(table, dict):
        raise ProfileError(f"{where}: [settlement] must be a table")
    ints = ("rounding", "game_bonus", "rubicon", "rubicon_bonus", "rubicon_brisque_bonus",
            "small_score_limit", "small_score_bonus")
    values: dict[str, Any] = {k: _take(table, k, int, where) for k in ints}
    values["rubicon_rule"] = _choice(table, "rubicon_rule", ("extra_bonus", "sum_and_brisques"),
                                     where)
    values["tie_break"] = _choice(table, "tie_break", ("brisques_then_round_up", "none"), where)
    values["brisque_rescue"] = _take(table, "brisque_rescue", bool, where)
    values["skip_hopeless_playoff"] = _take(table, "skip_hopeless_playoff", bool, where)
    values["round_up_on"] = _choice({"round_up_on": "with_brisques", **table}, "round_up_on",
                                    ("with_brisques", "before_brisques"), where)
    values["brisque_bonus_packs"] = _choice({"brisque_bonus_packs": "flat", **table},
                                            "brisque_bonus_packs", ("flat", "per_pack"), where)
    return SettlementRules(**values)


# Every key a profile file may hold. A key the engine does not read would be a
# rule that silently changes nothing, so it is refused at load.
_KNOWN_KEYS: dict[str, frozenset[str]] = {
    # ``options`` records named options applied after load: a file cannot set it.
    # ``catalogue`` is how the app lists the variant, read by variant_catalogue().
    # ``bots`` holds the search floor (SearchFloor), read into ``search``.
    "": frozenset({f.name for f in dataclasses.fields(Profile)} - {"options", "search"}
                  | {"catalogue", "bots"}),
    "bots": frozenset({f.name for f in dataclasses.fields(SearchFloor)}),
    "declaring": frozenset({f.name for f in dataclasses.fields(DeclaringRules)}),
    "playoff": frozenset({f.name for f in dataclasses.fields(PlayoffRules)}),
    "dix": frozenset({f.name for f in dataclasses.fields(DixRules)}),
    "scoring": frozenset({f.name for f in dataclasses.fields(ScoringRules)}),
    "settlement": frozenset({f.name for f in dataclasses.fields(SettlementRules)}),
    "melds": frozenset({"kind", "pattern", "points", "class", "level", "suit", "rank",
                        "count", "after", "once", "distinct_suits", "jack_from_bezique",
                        "fixing_only"}),
}
_PATTERNS = ("marriage", "sequence", "bezique", "rank_set", "carte_blanche")


def _refuse_unknown(table: Any, section: str, where: str) -> None:
    if not isinstance(table, dict):
        return
    unknown = sorted(set(table) - _KNOWN_KEYS[section])
    if unknown:
        place = f"[{section}]" if section else "the top level"
        raise ProfileError(f"{where}: unknown field(s) {', '.join(map(repr, unknown))} in "
                           f"{place}; the engine reads no such rule")


def _only_known(data: dict[str, Any], dec: dict[str, Any], play: dict[str, Any],
                dix: dict[str, Any], sc: dict[str, Any], where: str) -> None:
    _refuse_unknown(data, "", where)
    for section, table in (("declaring", dec), ("playoff", play), ("dix", dix),
                           ("scoring", sc), ("settlement", data.get("settlement")),
                           ("bots", data.get("bots"))):
        _refuse_unknown(table, section, where)
    for row in data.get("melds", []):
        _refuse_unknown(row, "melds", where)
    if dec.get("re_pair_on_table") and dec.get("reuse") != "reform_after_play":
        raise ProfileError(f"{where}: 're_pair_on_table' is read only when reuse is "
                           "'reform_after_play'")
    if dec.get("carte_blanche_timing") == "first_appearance" and dec.get(
            "carte_blanche_repeat"):
        raise ProfileError(f"{where}: a first-appearance carte blanche scores once; it "
                           "cannot also repeat")


def _patterns(value: Any, where: str) -> list[str]:
    if not isinstance(value, list) or any(v not in _PATTERNS for v in value):
        raise ProfileError(f"{where}: 're_pair_on_table' must list meld patterns "
                           f"from {_PATTERNS}")
    return list(value)
def _ranks(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or any(v not in ("A", "T", "K", "Q", "J") for v in value):
        raise ProfileError(f"{where}: 'trick_bonus_ranks' must list rank letters A T K Q J")
    return tuple(value)


def _search_floor(table: Any, where: str) -> SearchFloor:
    """The ``[bots]`` table: deals per decision, each a whole number from 1 to
    :data:`MAX_SEARCH_DEALS` (the defaults where a field is left out)."""
    if not isinstance(table, dict):
        raise ProfileError(f"{where}: [bots] must be a table")
    values: dict[str, int] = {}
    defaults = SearchFloor()
    for key, default in (("expert_deals", defaults.expert_deals),
                         ("stock_end_deals", defaults.stock_end_deals)):
        value = _take({key: default, **table}, key, int, f"{where} [bots]")
        if not 1 <= value <= MAX_SEARCH_DEALS:
            raise ProfileError(f"{where} [bots]: {key!r} must be from 1 to {MAX_SEARCH_DEALS}")
        values[key] = value
    return SearchFloor(**values)


def profile_from_dict(data: dict[str, Any]) -> Profile:
    """Build and validate a profile from parsed TOML data."""
    name = _take(data, "name", str, "profile")
    where = f"profile {name!r}"
    dec = _take(data, "declaring", dict, where)
    play = _take(data, "playoff", dict, where)
    dix = _take(data, "dix", dict, where)
    sc = _take(data, "scoring", dict, where)
    _only_known(data, dec, play, dix, sc, where)
    queen, jack = (parse_card(t).kind for t in _take(dec, "bezique_cards", list, where))
    switch = tuple(
        (Suit.parse(suit), (parse_card(pair[0]).kind, parse_card(pair[1]).kind))
        for suit, pair in dec.get("bezique_pair_switch", {}).items()
    )
    melds = tuple(_meld(row, f"{where} meld {i}") for i, row in enumerate(data.get("melds", [])))
    if len({m.kind for m in melds}) != len(melds):
        raise ProfileError(f"{where}: duplicate meld kinds")
    profile = Profile(
        name=name,
        title=_take(data, "title", str, where),
        title_ru=_take(data, "title_ru", str, where),
        sources=tuple(_take(data, "sources", list, where)),
        players=_take(data, "players", int, where),
        partnerships=_take(data, "partnerships", bool, where),
        packs=_take(data, "packs", int, where),
        hand_size=_take(data, "hand_size", int, where),
        deal_packets=tuple(_take(data, "deal_packets", list, where)),
        first_dealer=cast(Any, _choice(data, "first_dealer", ("cut",), where)),
        dealer_rotation=cast(Any, _choice(data, "dealer_rotation", ("alternate",), where)),
        trump=cast(Any, _choice(data, "trump", ("turn_up", "first_marriage"), where)),
        identical_cards=cast(Any, _choice(data, "identical_cards", ("leader_wins",), where)),
        stock_end=cast(Any, _choice(data, "stock_end", ("winner_hidden_loser_turn_up",), where)),
        exposed_cards_playable=_take(data, "exposed_cards_playable", bool, where),
        declaring=DeclaringRules(
            per_trick=_take(dec, "per_trick", int, where),
            pending=cast(Any, _choice(dec, "pending", ("cady", "none"), where)),
            reuse=cast(Any, _choice(dec, "reuse", ("class_levels", "reform_after_play"), where)),
            bezique_cards=(queen, jack),
            bezique_pair_switch=switch,
            carte_blanche=_take(dec, "carte_blanche", int, where),
            carte_blanche_repeat=bool(dec.get("carte_blanche_repeat", False)),
            carte_blanche_timing=cast(Any, _choice(
                {"carte_blanche_timing": "after_deal", **dec}, "carte_blanche_timing",
                ("after_deal", "first_appearance"), where)),
            re_pair_on_table=tuple(_patterns(dec.get("re_pair_on_table", []), where)),
            multi_bezique_all_new=bool(dec.get("multi_bezique_all_new", False)),
            double_carte_blanche=int(dec.get("double_carte_blanche", 0)),
            partner_declares=bool(dec.get("partner_declares", False)),
            use_partner_table=bool(dec.get("use_partner_table", False)),
            trump_from=tuple(dec.get("trump_from", ("marriage", "sequence"))),
            source=cast(Any, _choice({"source": "hand", **dec}, "source",
                                     ("hand", "captured"), where)),
            after_tricks=int(dec.get("after_tricks", 0)),
            jokers_per_meld=int(dec.get("jokers_per_meld", 0)),
            partner_bezique=bool(dec.get("partner_bezique", False)),
            capture_nested=cast(Any, _choice({"capture_nested": "each", **dec},
                                             "capture_nested", ("each", "higher_only"), where)),
        ),
        playoff=PlayoffRules(
            follow_suit=_take(play, "follow_suit", bool, where),
            must_win=_take(play, "must_win", bool, where),
            must_trump=_take(play, "must_trump", bool, where),
            split_pairs=bool(play.get("split_pairs", False)),
        ),
        dix=DixRules(**{k: _take(dix, k, int if k == "points" else bool, where)
                        for k in ("points", "dealer_on_turn_up", "on_show", "on_exchange",
                                  "on_first_play", "on_trick_win")},
                     on_capture=_take({"on_capture": False, **dix}, "on_capture", bool, where),
                     exchange_from=cast(Any, _choice({"exchange_from": "hand", **dix},
                                                     "exchange_from", ("hand", "captured"),
                                                     where)),
                     exchange_is_declaration=bool(dix.get("exchange_is_declaration", False)),
                     card_rank=int(parse_card(str(dix.get("card_rank", "7")) + "S").rank),
                     exchange_before_lead=bool(dix.get("exchange_before_lead", False))),
        scoring=ScoringRules(
            brisque_points=_take(sc, "brisque_points", int, where),
            brisques=cast(Any, _choice(sc, "brisques", ("count", "tiebreak_only", "on_capture"),
                                       where)),
            last_trick_bonus=_take(sc, "last_trick_bonus", int, where),
            points_per_trick=_take(sc, "points_per_trick", int, where),
            target=_take(sc, "target", int, where),
            end=cast(Any, _choice(sc, "end", ("target_finish_deal", "single_deal"), where)),
            tie=cast(Any, _choice(sc, "tie", ("draw",), where)),
            last_trick_split=bool(sc.get("last_trick_split", False)),
            last_trick_at=cast(Any, _choice({"last_trick_at": "deal_end", **sc}, "last_trick_at",
                                            ("deal_end", "stock_end"), where)),
            trick_bonus=int(sc.get("trick_bonus", 0)),
            trick_bonus_ranks=_ranks(sc.get("trick_bonus_ranks", []), where),
            playoff_trick_bonus_ranks=_ranks(sc.get("playoff_trick_bonus_ranks", []), where),
            both_over=cast(Any, _choice({"both_over": "higher", **sc}, "both_over",
                                        ("higher", "last_trick", "first_reached"), where)),
            game_melds=tuple(sc.get("game_melds", ())),
        ),
        melds=melds,
        citations=tuple(sorted(data.get("citations", {}).items())),
        settlement=_settlement(data["settlement"], where) if "settlement" in data else None,
        stock_marker=int(data.get("stock_marker", 0)),
        deal_first=cast(Any, _choice({"deal_first": "opponent", **data}, "deal_first",
                                     ("opponent", "dealer"), where)),
        first_lead=cast(Any, _choice({"first_lead": "left", **data}, "first_lead",
                                     ("left", "right"), where)),
        follow_in_stock=bool(data.get("follow_in_stock", False)),
        draw_first=cast(Any, _choice({"draw_first": "winner", **data}, "draw_first",
                                     ("winner", "leader"), where)),
        deal_bonuses=deal_bonuses(data.get("deal_bonuses"), where),
        card_points=card_points(data.get("card_points"), where),
        infractions=cast(Any, _choice({"infractions": "refuse", **data}, "infractions",
                                      ("refuse", "penalise"), where)),
        penalties=penalties_table(data.get("penalties"), where),
        pack_ranks=tuple(_ranks(data.get("pack_ranks", []), where)),
        extra_rank=_take({"extra_rank": "", **data}, "extra_rank", str, where),
        extra_copies=int(data.get("extra_copies", 0)),
        jokers=int(data.get("jokers", 0)),
        tricks_kept=bool(data.get("tricks_kept", True)),
        deal_end=cast(Any, _choice({"deal_end": "playoff", **data}, "deal_end",
                                   ("playoff", "stock_out"), where)),
        search=_search_floor(data.get("bots", {}), where),
    )
    kinds = {m.kind for m in profile.melds}
    for spec in profile.melds:
        if spec.after and spec.after not in kinds:
            raise ProfileError(f"{where}: meld {spec.kind!r} comes after an unknown meld "
                               f"{spec.after!r}")
    if profile.extra_rank and profile.extra_rank not in "98" or not 0 <= profile.jokers <= 9:
        raise ProfileError(f"{where}: extra cards are nines or eights; at most nine jokers")
    if not set(profile.declaring.trump_from) <= {"marriage", "sequence"}:
        raise ProfileError(f"{where}: trump_from may name only marriage and sequence")
    if profile.declaring.source == "captured" and (profile.declaring.per_trick
                                                   or profile.declaring.pending != "none"):
        raise ProfileError(f"{where}: melds from captured cards score at once: per_trick "
                           "must be 0 and pending 'none'")
    if profile.dix.exchange_from == "captured" and not profile.dix.on_capture:
        raise ProfileError(f"{where}: exchanging a captured seven needs dix.on_capture")
    if profile.playoff.split_pairs and not (profile.partnerships
                                            and profile.declaring.source == "captured"):
        raise ProfileError(f"{where}: split_pairs needs partnerships and melds from "
                           "captured cards")
    if any(m.fixing_only and not fixes_trump_pattern(m, profile.declaring.trump_from)
           for m in profile.melds):
        raise ProfileError(f"{where}: a fixing_only row must be a trump meld that fixes trumps")
    if not set(profile.scoring.game_melds) <= {m.kind for m in profile.melds}:
        raise ProfileError(f"{where}: game_melds names a combination the variant lacks")
    if profile.scoring.last_trick_split and not profile.partnerships:
        raise ProfileError(f"{where}: last_trick_split needs partnerships")
    if profile.partnerships and profile.players != 4:
        raise ProfileError(f"{where}: partnerships need four players")
    if profile.scoring.end == "single_deal" and profile.settlement is None:
        raise ProfileError(f"{where}: a single-deal game needs a [settlement] table")
    hand_total = sum(profile.deal_packets)
    if hand_total != profile.hand_size:
        raise ProfileError(f"{where}: deal packets {profile.deal_packets} do not make a hand")
    if profile.players * profile.hand_size + (1 if profile.turn_up else 0) > profile.deck_size:
        raise ProfileError(f"{where}: not enough cards to deal")
    return profile


@dataclass(frozen=True, slots=True)
class OptionChoice:
    name: str                          # the id: --option ID=NAME, saves, tests
    source: str
    changes: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...]  # table -> (field, value)
    label: str = ""                    # what a page shows for it, in English
    label_ru: str = ""                 # and in Russian

    def label_in(self, lang: str) -> str:
        """The choice as a page names it (``two``, «двое»), never its id."""
        return self.label_ru if lang == "ru" else self.label


@dataclass(frozen=True, slots=True)
class Option:
    """A rule on which the sources disagree, with one named choice per source."""

    id: str
    title: str
    title_ru: str
    choices: tuple[OptionChoice, ...]
    variants: tuple[str, ...]          # the variants it belongs to; any other refuses it

    def applies_to(self, variant: str) -> bool:
        return variant in self.variants

    def choice(self, name: str) -> OptionChoice:
        for choice in self.choices:
            if choice.name == name:
                return choice
        raise ProfileError(f"option {self.id!r} has no choice {name!r}; "
                           f"choose one of {', '.join(c.name for c in self.choices)}")


def _freeze(value: Any) -> Any:
    return tuple(_freeze(v) for v in value) if isinstance(value, list) else value


@cache
def options() -> tuple[Option, ...]:
    """Every named option of the engine (``engine/variants/options.toml``)."""
    text = (resources.files("engine") / "variants" / "options.toml").read_text("utf-8")
    found = []
    for row in tomllib.loads(text)["option"]:
        choices = tuple(
            OptionChoice(c["name"], c["source"], tuple(
                (table, tuple((k, _freeze(v)) for k, v in fields.items()))
                if isinstance(fields, dict) else ("", ((table, _freeze(fields)),))
                for table, fields in c["set"].items()), c["label"], c["label_ru"])
            for c in row["choice"])
        variants = row.get("variants")
        if not isinstance(variants, list) or not variants or not set(variants) <= set(
                variant_names()):
            raise ProfileError(f"option {row['id']!r} must list the variants it applies to "
                               f"(known: {', '.join(variant_names())})")
        found.append(Option(row["id"], row["title"], row["title_ru"], choices,
                            tuple(variants)))
    return tuple(found)


def find_option(option_id: str) -> Option:
    for option in options():
        if option.id == option_id:
            return option
    raise ProfileError(f"unknown option {option_id!r}")


def variant_options(variant: str) -> tuple[Option, ...]:
    """The named options that belong to a variant, in the order of options.toml."""
    return tuple(option for option in options() if option.applies_to(variant))


def _coerce(table: str, field_name: str, value: Any) -> Any:
    if table == "scoring" and field_name in ("trick_bonus_ranks", "playoff_trick_bonus_ranks"):
        return _ranks(list(value), "option")
    if table == "declaring" and field_name == "bezique_pair_switch":
        return tuple((Suit.parse(s), (parse_card(q).kind, parse_card(j).kind))
                     for s, q, j in value)
    return value


def apply_option(profile: Profile, option_id: str, choice_name: str) -> Profile:
    """The profile with one named option set, e.g. ``("last_trick_bonus", "club_250")``.
    An option of another variant raises :class:`OptionScopeError`."""
    option = find_option(option_id)
    if not option.applies_to(profile.name):
        raise OptionScopeError(option_id, profile.name, option.variants)
    return _with_choice(profile, option, choice_name)


def _with_choice(profile: Profile, option: Option, choice_name: str) -> Profile:
    """The profile with a choice of ``option`` set, whatever the option's scope."""
    option_id = option.id
    choice = option.choice(choice_name)
    changes: dict[str, Any] = {}
    for table, fields in choice.changes:
        if not table:  # top-level fields, e.g. the number of players, deal_packets, infractions
            changes.update({k: _coerce(table, k, v) for k, v in fields})
            continue
        if table == "meld_points":  # re-price meld rows by kind
            prices = dict(fields)
            if not set(prices) <= {m.kind for m in profile.melds}:
                raise ProfileError(f"option {option_id!r} does not apply to {profile.name!r}")
            changes["melds"] = tuple(dataclasses.replace(m, points=prices.get(m.kind, m.points))
                                     for m in profile.melds)
            continue
        if getattr(profile, table, None) is None:
            raise ProfileError(f"option {option_id!r} does not apply to {profile.name!r}")
        changes[table] = {k: _coerce(table, k, v) for k, v in fields}
    # Choosing an option again replaces its earlier choice: every choice of an option
    # sets the same fields, so the record replays to the same rules.
    chosen = (*((i, c) for i, c in profile.options if i != option_id), (option_id, choice_name))
    changed = profile.with_options(**changes, options=chosen)
    if changed.partnerships and changed.players != 4:
        raise ProfileError(f"option {option_id!r}: partnerships need four players")
    if sum(changed.deal_packets) != changed.hand_size:
        raise ProfileError(f"option {option_id!r}: its packets do not make a hand of "
                           f"{profile.name!r}")
    return changed


def current_choice(profile: Profile, option_id: str) -> str | None:
    """Which named choice of an option a profile's rules make, if any. It describes the
    rules, so it answers for any variant, the option's own or not."""
    option = find_option(option_id)
    for choice in option.choices:
        try:
            if _with_choice(profile, option, choice.name) == profile:
                return choice.name
        except ProfileError:
            return None
    return None


def variant_names() -> list[str]:
    folder = resources.files("engine") / "variants"
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".toml")
                  and p.name != "options.toml")


# --- the catalogue: how the app lists the variants (not rules of play) -----------------

CATALOGUE_KEYS = frozenset({"family", "order", "blurb", "blurb_ru"})


@dataclass(frozen=True, slots=True)
class CatalogueEntry:
    """A variant as a picker lists it: its ``family`` (games that share a mechanism),
    its place (``order``, the reference game first) and a one- or two-sentence
    ``blurb`` in each language saying what the game is. Read from the ``[catalogue]``
    table of the variant's own file: a variant that extends another never inherits
    its base's entry."""

    name: str
    family: str
    order: int
    blurb: str
    blurb_ru: str

    def text(self, lang: str) -> str:
        return self.blurb_ru if lang == "ru" else self.blurb


def _own_file(name: str) -> dict[str, Any]:
    if name not in variant_names():
        raise ProfileError(f"unknown variant {name!r}; known: {', '.join(variant_names())}")
    text = (resources.files("engine") / "variants" / f"{name}.toml").read_text("utf-8")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ProfileError(f"variant file {name}.toml is not valid TOML: {exc}") from exc


@cache
def variant_catalogue(name: str) -> CatalogueEntry:
    """The ``[catalogue]`` entry of a shipped variant; every variant file has one."""
    table = _own_file(name).get("catalogue")
    where = f"variant file {name}.toml [catalogue]"
    if not isinstance(table, dict) or set(table) != CATALOGUE_KEYS:
        raise ProfileError(f"{where}: give exactly {', '.join(sorted(CATALOGUE_KEYS))}")
    return CatalogueEntry(name, _take(table, "family", str, where),
                          _take(table, "order", int, where), _take(table, "blurb", str, where),
                          _take(table, "blurb_ru", str, where))


def ordered_variants() -> list[str]:
    """The variants in the order pickers list them: by the catalogue's ``order`` (the
    reference game first, then family by family), never by file name."""
    return sorted(variant_names(), key=lambda name: (variant_catalogue(name).order, name))


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = _merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def _raw_profile(name: str, seen: tuple[str, ...] = ()) -> dict[str, Any]:
    """The TOML data of a variant, with ``extends`` resolved.

    A file may name a base profile in ``extends``: its tables merge over the
    base's, ``melds_extra`` rows are appended, ``meld_points`` re-prices rows,
    ``meld_levels`` moves rows to another reuse level and ``melds_remove`` drops
    rows by kind.
    """
    if name in seen:
        raise ProfileError(f"variant {name!r} extends itself")
    data = _own_file(name)
    data.pop("catalogue", None)     # how the app lists it, read by variant_catalogue()
    base_name = data.pop("extends", None)
    if base_name is None:
        return data
    base = _raw_profile(base_name, (*seen, name))
    extra = data.pop("melds_extra", [])
    prices = data.pop("meld_points", {})
    levels = data.pop("meld_levels", {})
    removed = set(data.pop("melds_remove", []))
    merged = _merge(base, data)
    rows = [dict(row) for row in merged.get("melds", []) if row["kind"] not in removed]
    for row in rows:
        if row["kind"] in prices:
            row["points"] = prices[row["kind"]]
    rows += [dict(row) for row in extra]
    if not set(levels) <= {row["kind"] for row in rows}:
        raise ProfileError(f"variant {name!r}: meld_levels names a combination it lacks")
    for row in rows:
        if row["kind"] in levels:
            row["level"] = levels[row["kind"]]
    merged["melds"] = rows
    return merged


@cache
def variant_lineage(name: str) -> tuple[str, ...]:
    """The variant and the profiles it extends, nearest first:
    ``("fildinski-three-pack", "fildinski", "two-handed")``."""
    out: list[str] = []
    current: str | None = name
    while current is not None:
        if current not in variant_names():
            raise ProfileError(f"unknown variant {current!r}")
        if current in out:
            raise ProfileError(f"variant {current!r} extends itself")
        out.append(current)
        text = (resources.files("engine") / "variants" / f"{current}.toml").read_text("utf-8")
        base = tomllib.loads(text).get("extends")
        current = base if isinstance(base, str) else None
    return tuple(out)


def load_profile(name: str, options: Iterable[tuple[str, str]] = ()) -> Profile:
    """Load a shipped variant profile by name (``two-handed``), with named options
    ``(id, choice)`` applied in order; an option of another variant raises
    :class:`OptionScopeError`."""
    profile = _shipped_profile(name)
    for option_id, choice in options:
        profile = apply_option(profile, option_id, choice)
    return profile


@cache
def _shipped_profile(name: str) -> Profile:
    return profile_from_dict(_raw_profile(name))
