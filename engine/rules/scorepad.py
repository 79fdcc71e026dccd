"""The score pad: a game played with real cards, kept entry by entry, the engine as
referee.

A pad records what a table writes on paper: each deal's declarations (who, which meld,
optionally with the cards), the sevens of trumps, carte blanche, fines, and at the end
of the deal the brisques (or card points) and the last trick's winner, or simply the
deal's points. The engine totals and explains every entry, checks declarations given
with their cards against the variant's reuse rule (:func:`engine.rules.melds.judge`),
ends the game by the variant's rule (:func:`engine.rules.game.target_outcome`) and
settles a single-deal game (:func:`engine.rules.settlement.settle`). Nothing here
restates a rule: the numbers come from the profile and those functions.

    >>> pad = ScorePad.from_json({"variant": "rubicon", "players": ["Anna", "Boris"],
    ...     "deals": [{"brisques": [60, 100], "last_trick": 0, "scores": [1290, 1200]}]})
    >>> report = pad.report()
    >>> report.over, report.settlement.winner, report.settlement.points
    (True, 0, 600)

Terminology
-----------
* *item*: one thing recorded during a deal (a declaration, a seven of trumps, carte
  blanche, a fine, cards played from the table).
* *standing* cards: a player's cards in melds on the table that have not been played.
  A card named without a copy mark (``KH``) is the standing one when the declarer has
  one on the table; more copies than the table holds come from the hand. ``KH#2``
  names a copy exactly.
* the deal's *points* (``scores``), when written, are the deal's score (the end counts
  included); entries recorded beside them are totalled to check the paper.
* *finished* deal: one whose end (brisques, last trick or the deal's points) is recorded.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields, replace
from functools import cache, lru_cache
from itertools import combinations, product
from typing import Any

from engine.errors import BeziqueError, IllegalActionError, NotationError, json_problem, listed
from engine.notation.cards import JOKER_MIN_ID, Card, Suit, parse_card
from engine.rules.dealing import turn_up_bonuses
from engine.rules.game import MAX_DEALS, target_outcome
from engine.rules.melds import ScoredMeld, Verdict, fixes_trump, judge, ladder_refusal, pretty
from engine.rules.profile import MeldSpec, Profile, apply_option, load_profile, variant_names
from engine.rules.score_bounds import deal_ceiling, deal_floor, end_ceiling, end_step, score_step
from engine.rules.settlement import Settlement, settle
from engine.rules.table_rules import Penalties
from engine.text.explain import Event, Step, step
from engine.text.naming import Name, named_step
from engine.text.sentences import capital_first

MAX_ITEMS = 300          # items in one deal
MAX_NAME = 40            # characters of a player's name
MAX_POINTS = 1_000_000   # the largest deal score a pad accepts, either sign
MAX_CARDS = 16           # cards in one declaration
ITEM_KINDS = ("meld", "dix", "carte_blanche", "double_carte_blanche", "fine", "played")
# The fines a pad records: the fields of the profile's ``penalties`` table.
FINES = tuple("false_declaration" if f.name == "false_declaration_all" else f.name
              for f in fields(Penalties))


class ScorePadError(BeziqueError):
    """A score pad (or an entry for it) is malformed: the message names the problem."""


class MissingFact(ScorePadError):
    """More than one side passed the target and the fact that decides the game (who
    reached it first, or who won the last trick) was not recorded; ``field`` names it."""

    def __init__(self, field: str, deal: int) -> None:
        self.field = field
        super().__init__(f"deal {deal}: more than one side passed the target: record "
                         f"{_MISSING[field]} to decide the game")


class DeclarationRefused(IllegalActionError):
    """The engine refuses an entry; ``steps`` say which rule and why."""


# --- the recorded values ---------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Item:
    """One entry of a deal. ``meld``: the meld kind (``kind == "meld"``) or the fine's
    name (``kind == "fine"``); ``cards`` and ``played`` as written (``KH``, ``KH#2``)."""

    player: int
    kind: str = "meld"
    meld: str = ""
    cards: tuple[str, ...] = ()
    trick: int | None = None
    played: tuple[str, ...] = ()

    def to_json(self, players: Sequence[str]) -> dict[str, Any]:
        out: dict[str, Any] = {"player": players[self.player]}
        if self.kind == "fine":
            out["fine"] = self.meld
        elif self.kind == "meld":
            out["meld"] = self.meld
        elif self.kind != "played":
            out["meld"] = self.kind
        if self.cards:
            out["cards"] = list(self.cards)
        if self.trick is not None:
            out["trick"] = self.trick
        if self.played:
            out["played"] = list(self.played)
        return out


@dataclass(frozen=True, slots=True)
class DealRecord:
    """One deal as recorded: its items in order and, once finished, its end."""

    trump: str | None = None
    turn_up: str | None = None
    items: tuple[Item, ...] = ()
    brisques: tuple[int, ...] | None = None
    last_trick: int | None = None
    scores: tuple[int, ...] | None = None
    first_to_target: int | None = None

    @property
    def finished(self) -> bool:
        return self.brisques is not None or self.last_trick is not None \
            or self.scores is not None

    def to_json(self, players: Sequence[str]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.trump is not None:
            out["trump"] = self.trump
        if self.turn_up is not None:
            out["turn_up"] = self.turn_up
        out["declarations"] = [item.to_json(players) for item in self.items]
        if self.brisques is not None:
            out["brisques"] = list(self.brisques)
        if self.last_trick is not None:
            out["last_trick"] = self.last_trick
        if self.first_to_target is not None:
            out["first_to_target"] = self.first_to_target
        if self.scores is not None:
            out["scores"] = list(self.scores)
        return out


@cache
def pad_profile(variant: str, options: tuple[tuple[str, str], ...]) -> Profile:
    """The variant's profile with the pad's named options applied, in order."""
    if variant not in variant_names():
        raise ScorePadError(f"unknown variant {variant!r}; known: {', '.join(variant_names())}")
    profile = load_profile(variant)
    for option_id, choice in options:
        try:
            profile = apply_option(profile, option_id, choice)
        except BeziqueError as exc:
            raise ScorePadError(f"option {option_id}={choice}: {exc}") from exc
    return profile


@dataclass(frozen=True, slots=True)
class ScorePad:
    """A game kept on paper: immutable; every change returns a new pad."""

    variant: str
    players: tuple[str, ...]
    options: tuple[tuple[str, str], ...] = ()
    first_dealer: int = 0
    deals: tuple[DealRecord, ...] = ()

    @property
    def profile(self) -> Profile:
        return pad_profile(self.variant, self.options)

    # --- building ------------------------------------------------------------------

    @classmethod
    def new(cls, variant: str, players: Sequence[str],
            options: Iterable[tuple[str, str]] = (), first_dealer: int = 0) -> ScorePad:
        return cls.from_json({"variant": variant, "players": list(players),
                              "options": dict(options), "first_dealer": first_dealer,
                              "deals": []})

    def start_deal(self, trump: str | None = None, turn_up: str | None = None) -> ScorePad:
        """A new deal (the previous one must be finished and the game not over)."""
        if self.deals and not self.deals[-1].finished:
            raise ScorePadError(f"deal {len(self.deals)} is not finished yet")
        report = self.report()
        if report.over:
            raise ScorePadError("the game is over")
        if report.missing:
            raise MissingFact(report.missing, len(self.deals))
        deal = DealRecord(trump=_suit(trump, "trump") if trump else None,
                          turn_up=_card_token(turn_up, "turn_up", self.profile)
                          if turn_up else None)
        return self._checked(replace(self, deals=(*self.deals, deal)))

    def record(self, item: Item) -> ScorePad:
        """The pad with ``item`` added to the current deal; :class:`DeclarationRefused`
        (with the engine's reasons) when the engine refuses it."""
        if not self.deals or self.deals[-1].finished:
            raise ScorePadError("start a deal first")
        if not 0 <= item.player < len(self.players):
            raise ScorePadError(f"player {item.player} is not at this table")
        last = self.deals[-1]
        pad = self._checked(replace(self, deals=(*self.deals[:-1],
                                                  replace(last, items=(*last.items, item)))))
        entry = pad.report().deals[-1].items[-1]
        if not entry.scored and entry.event.type == "refused":
            raise DeclarationRefused(entry.event.rule_id,
                                     "; ".join(s.render("en") for s in entry.event.steps),
                                     entry.event.steps)
        return pad

    def finish_deal(self, brisques: Sequence[int] | None = None, last_trick: int | None = None,
                    scores: Sequence[int] | None = None,
                    first_to_target: int | None = None) -> ScorePad:
        """Record the end of the current deal."""
        if not self.deals or self.deals[-1].finished:
            raise ScorePadError("start a deal first")
        if brisques is None and last_trick is None and scores is None:
            raise ScorePadError("give the brisques, the last trick or the deal's points")
        last = replace(self.deals[-1],
                       brisques=None if brisques is None else tuple(brisques),
                       last_trick=last_trick, first_to_target=first_to_target,
                       scores=None if scores is None else tuple(scores))
        pad = self._checked(replace(self, deals=(*self.deals[:-1], last)))
        missing = pad.report().missing
        if missing:   # kept open: the game's end is not guessed from the totals
            raise MissingFact(missing, len(self.deals))
        return pad

    def undo(self) -> ScorePad:
        """One step back: the deal's end, else its last item, else the deal itself."""
        if not self.deals:
            raise ScorePadError("nothing to undo")
        last = self.deals[-1]
        if last.finished:
            last = replace(last, brisques=None, last_trick=None, scores=None,
                           first_to_target=None)
        elif last.items:
            last = replace(last, items=last.items[:-1])
        else:
            return replace(self, deals=self.deals[:-1])
        return replace(self, deals=(*self.deals[:-1], last))

    def _checked(self, pad: ScorePad) -> ScorePad:
        """``pad`` validated as :meth:`from_json` validates a file. Only its last deal
        changed, so only that deal is read again; the report checks the game as a whole."""
        where = f"deal {len(pad.deals)}"
        last = _deal(pad.deals[-1].to_json(pad.players), pad.players, pad.profile, where)
        checked = replace(pad, deals=(*pad.deals[:-1], last))
        checked.report()
        return checked

    # --- JSON ------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {"variant": self.variant, "options": dict(self.options),
                "players": list(self.players), "first_dealer": self.first_dealer,
                "deals": [d.to_json(self.players) for d in self.deals]}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1)

    @classmethod
    def loads(cls, text: str | bytes) -> ScorePad:
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as exc:
            raise ScorePadError(f"not JSON: {json_problem(exc)}") from None
        return cls.from_json(data)

    @classmethod
    def from_json(cls, data: Any) -> ScorePad:
        """A pad from the JSON the CLI reads; :class:`ScorePadError` names what is wrong."""
        if not isinstance(data, dict):
            raise ScorePadError("a score pad must be a JSON object")
        unknown = set(data) - {"variant", "options", "players", "first_dealer", "deals"}
        if unknown:
            raise ScorePadError(f"unknown field(s): {listed(unknown)}")
        variant = data.get("variant")
        if not isinstance(variant, str):
            raise ScorePadError("'variant' must be a variant name such as \"rubicon\"")
        raw_options = data.get("options", {})
        if not isinstance(raw_options, dict) or len(raw_options) > 50 or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in raw_options.items()):
            raise ScorePadError("'options' must map option ids to choices, e.g. "
                                "{\"rubicon_settlement\": \"unrounded_004\"}")
        options = tuple(raw_options.items())
        profile = pad_profile(variant, options)
        players = _players(data.get("players"), profile)
        first = _player(data.get("first_dealer", 0), players, "'first_dealer'")
        raw_deals = data.get("deals", [])
        if not isinstance(raw_deals, list) or len(raw_deals) > MAX_DEALS:
            raise ScorePadError(f"'deals' must be a list of at most {MAX_DEALS} deals")
        deals = tuple(_deal(raw, players, profile, f"deal {n}")
                      for n, raw in enumerate(raw_deals, 1))
        for n, deal in enumerate(deals[:-1], 1):
            if not deal.finished:
                raise ScorePadError(f"deal {n} is not finished, but a deal follows it")
        pad = cls(variant, players, options, first, deals)
        pad.report()   # a deal after the game's end, or a copy used twice, is malformed
        return pad

    # --- CSV ---------------------------------------------------------------------------

    def to_csv(self, lang: str = "en") -> str:
        """One row per entry, with its points, rule, source and explanation; the columns
        ``deal, entry, player, meld, cards, trick, played, value`` rebuild the pad
        (:meth:`from_csv`)."""
        report = self.report()
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(CSV_COLUMNS)
        writer.writerow(["", "variant", "", self.variant, "", "", "", "", "", "", "", ""])
        for option_id, choice in self.options:
            writer.writerow(["", "option", "", option_id, "", "", "", choice, "", "", "", ""])
        for name in self.players:
            writer.writerow(["", "player", name, "", "", "", "", "", "", "", "", ""])
        writer.writerow(["", "first_dealer", self.players[self.first_dealer], "", "", "", "",
                         "", "", "", "", ""])
        for number, (deal, scored) in enumerate(zip(self.deals, report.deals, strict=True), 1):
            writer.writerow([number, "deal", "", deal.trump or "", deal.turn_up or "", "", "",
                             "", "", "", "", ""])
            for item, entry in zip(deal.items, scored.items, strict=True):
                kind = item.kind if item.kind != "meld" else "declaration"
                writer.writerow([number, kind, self.players[item.player], item.meld,
                                 " ".join(item.cards), "" if item.trick is None else item.trick,
                                 " ".join(item.played), "", entry.event.points,
                                 entry.event.rule_id, entry.event.cited(lang),
                                 " ".join(report.line(entry, lang).split("\n"))])
            for player in range(len(self.players)):
                name = self.players[player]
                if deal.brisques is not None:
                    writer.writerow([number, "brisques", name, "", "", "", "",
                                     deal.brisques[player], "", "", "", ""])
                if deal.scores is not None:
                    writer.writerow([number, "scores", name, "", "", "", "",
                                     deal.scores[player], "", "", "", ""])
            if deal.last_trick is not None:
                writer.writerow([number, "last_trick", self.players[deal.last_trick], "", "",
                                 "", "", "", "", "", "", ""])
            if deal.first_to_target is not None:
                writer.writerow([number, "first_to_target",
                                 self.players[deal.first_to_target], "", "", "", "", "", "",
                                 "", "", ""])
            writer.writerow([number, "deal_total", "", "", "", "", "", "",
                             " : ".join(map(str, scored.scores)), "", "",
                             " : ".join(map(str, scored.totals))])
        for line in report.closing_lines(lang):
            writer.writerow(["", "result", "", "", "", "", "", "", "", "", "", line])
        return out.getvalue()

    @classmethod
    def from_csv(cls, text: str) -> ScorePad:
        """A pad from :meth:`to_csv`'s output (the explanation columns are not read)."""
        # A short row's missing cells read as empty, so they are named as missing
        # values (ScorePadError), never met as None.
        rows = list(csv.DictReader(io.StringIO(text), restval=""))
        if not rows or set(CSV_COLUMNS) - set(rows[0]):
            raise ScorePadError(f"a score pad CSV needs the columns {', '.join(CSV_COLUMNS)}")
        data: dict[str, Any] = {"options": {}, "players": [], "deals": []}
        for row in rows:
            kind = row["entry"]
            deals: list[dict[str, Any]] = data["deals"]
            if kind == "variant":
                data["variant"] = row["meld"]
            elif kind == "option":
                data["options"][row["meld"]] = row["value"]
            elif kind == "player":
                data["players"].append(row["player"])
            elif kind == "first_dealer":
                data["first_dealer"] = row["player"]
            elif kind == "deal":
                deal: dict[str, Any] = {"declarations": []}
                if row["meld"]:
                    deal["trump"] = row["meld"]
                if row["cards"]:
                    deal["turn_up"] = row["cards"]
                deals.append(deal)
            elif kind in ("declaration", *ITEM_KINDS):
                if not deals:
                    raise ScorePadError("a CSV entry comes before its deal")
                item: dict[str, Any] = {"player": row["player"]}
                if kind == "fine":
                    item["fine"] = row["meld"]
                elif kind != "played":
                    item["meld"] = row["meld"] if kind == "declaration" else kind
                if row["cards"]:
                    item["cards"] = row["cards"].split()
                if row["trick"]:
                    item["trick"] = _csv_int(row["trick"], "trick")
                if row["played"]:
                    item["played"] = row["played"].split()
                deals[-1]["declarations"].append(item)
            elif kind in ("brisques", "scores"):
                if not deals:
                    raise ScorePadError("a CSV entry comes before its deal")
                deals[-1].setdefault(kind, []).append(_csv_int(row["value"]))
            elif kind in ("last_trick", "first_to_target"):
                if not deals:
                    raise ScorePadError("a CSV entry comes before its deal")
                deals[-1][kind] = row["player"]
            elif kind not in ("deal_total", "result"):
                raise ScorePadError(f"unknown CSV entry {kind!r}")
        return cls.from_json(data)

    # --- scoring ----------------------------------------------------------------------

    def report(self) -> PadReport:
        """Every entry explained, the totals, the game's end and its settlement."""
        return _report(self)


CSV_COLUMNS = ("deal", "entry", "player", "meld", "cards", "trick", "played", "value",
               "points", "rule", "source", "explanation")


def _csv_int(text: str, column: str = "value") -> int:
    if not text.strip():
        raise ScorePadError(f"a CSV row has no {column!r}: a whole number is needed there")
    try:
        return int(text)
    except ValueError:
        raise ScorePadError(f"{column!r}: {text!r} is not a whole number") from None


# --- validation of the raw JSON --------------------------------------------------------

def _players(raw: Any, profile: Profile) -> tuple[str, ...]:
    if not isinstance(raw, list) or not all(isinstance(n, str) for n in raw):
        raise ScorePadError("'players' must be a list of names")
    names = tuple(" ".join(n.split()) for n in raw)
    if len(names) != profile.players:
        raise ScorePadError(f"{profile.title} is played by {profile.players} players, but "
                            f"{len(names)} are named")
    if any(not n or len(n) > MAX_NAME for n in names):
        raise ScorePadError(f"a player's name must have 1 to {MAX_NAME} characters")
    if len(set(names)) != len(names):
        raise ScorePadError("two players have the same name")
    return names


def _player(raw: Any, players: Sequence[str], where: str) -> int:
    """A player given by number (0 first) or by name."""
    if isinstance(raw, bool):
        raise ScorePadError(f"{where}: a player is a number from 0 or a name")
    if isinstance(raw, int) and 0 <= raw < len(players):
        return raw
    if isinstance(raw, str) and " ".join(raw.split()) in players:
        return players.index(" ".join(raw.split()))
    raise ScorePadError(f"{where}: {raw!r} is not one of the players "
                        f"({', '.join(players)}, or 0 to {len(players) - 1})")


def _points(raw: Any, where: str, low: int = -MAX_POINTS) -> int:
    if not isinstance(raw, int) or isinstance(raw, bool) or not low <= raw <= MAX_POINTS:
        raise ScorePadError(f"{where} must be a whole number from {low} to {MAX_POINTS}")
    return raw


def _per_player(raw: Any, players: Sequence[str], where: str, low: int) -> tuple[int, ...]:
    if not isinstance(raw, list) or len(raw) != len(players):
        raise ScorePadError(f"{where} must list one number for each of the "
                            f"{len(players)} players")
    return tuple(_points(v, f"{where}[{i}]", low) for i, v in enumerate(raw))


def _suit(raw: Any, where: str) -> str:
    if isinstance(raw, str) and len(raw) <= 8:
        try:
            return Suit.parse(raw.strip()).letter
        except (NotationError, ValueError, KeyError):
            pass
    raise ScorePadError(f"{where} must be a suit letter: S, H, D or C")


def _card_token(raw: Any, where: str, profile: Profile) -> str:
    """A card as the pad keeps it: ``KH`` (no copy named) or ``KH#2``; Russian letters
    (Т К Д В) and suit symbols are read too."""
    if not isinstance(raw, str) or len(raw) > 12:
        raise ScorePadError(f"{where}: a card is written like \"KH\", \"10♥\" or \"Дп\"")
    try:
        card = parse_card(raw.strip())
    except NotationError as exc:
        raise ScorePadError(f"{where}: {exc}") from None
    if card.id not in _deck(profile):
        raise ScorePadError(f"{where}: {profile.title} has no card {raw!r}")
    return str(card) if "#" in raw else card.face


def _cards(raw: Any, where: str, profile: Profile) -> tuple[str, ...]:
    if not isinstance(raw, list) or len(raw) > MAX_CARDS:
        raise ScorePadError(f"{where} must be a list of at most {MAX_CARDS} cards")
    return tuple(_card_token(token, where, profile) for token in raw)


def _deck(profile: Profile) -> frozenset[int]:
    return _deck_of(profile.deck_ids())


def _copies(profile: Profile) -> dict[str, tuple[int, ...]]:
    """Every card id of the variant by its face (``KH`` → the kings of hearts)."""
    return _copies_of(profile.deck_ids())


# Keyed by the deck's ids (itself cached by the pack's make-up), not by the profile:
# hashing a whole profile for every card of a long pad cost seconds.
@cache
def _deck_of(ids: tuple[int, ...]) -> frozenset[int]:
    return frozenset(ids)


@cache
def _copies_of(ids: tuple[int, ...]) -> dict[str, tuple[int, ...]]:
    found: dict[str, list[int]] = {}
    for card in ids:
        found.setdefault(Card.from_id(card).face, []).append(card)
    return {face: tuple(ids) for face, ids in found.items()}


def _item(raw: Any, players: Sequence[str], profile: Profile, where: str) -> Item:
    if not isinstance(raw, dict):
        raise ScorePadError(f"{where} must be an object such as "
                            "{\"player\": 0, \"meld\": \"bezique\"}")
    unknown = set(raw) - {"player", "meld", "fine", "cards", "trick", "played"}
    if unknown:
        raise ScorePadError(f"{where}: unknown field(s) {listed(unknown)}")
    player = _player(raw.get("player"), players, f"{where}: 'player'")
    meld, fine = raw.get("meld"), raw.get("fine")
    if meld is not None and fine is not None:
        raise ScorePadError(f"{where}: an entry is a meld or a fine, not both")
    if fine is not None:
        if fine not in FINES:
            raise ScorePadError(f"{where}: unknown fine {fine!r}; one of {', '.join(FINES)}")
        kind, name = "fine", str(fine)
    elif meld is None:
        if "played" not in raw:
            raise ScorePadError(f"{where}: give a 'meld', a 'fine' or the cards 'played'")
        kind, name = "played", ""
    elif not isinstance(meld, str):
        raise ScorePadError(f"{where}: 'meld' must be a meld name such as \"bezique\"")
    elif meld in ITEM_KINDS[1:4]:
        kind, name = meld, ""
    elif profile.has_meld(meld) and profile.meld(meld).pattern == "carte_blanche":
        kind, name = meld if meld in ITEM_KINDS else "carte_blanche", ""
    elif profile.has_meld(meld):
        kind, name = "meld", meld
    else:
        known = [m.kind for m in profile.melds if m.pattern != "carte_blanche"]
        raise ScorePadError(f"{where}: {profile.title} has no meld {meld!r}; its melds: "
                            f"{', '.join(known)}, and dix, carte_blanche")
    trick = raw.get("trick")
    if trick is not None and (not isinstance(trick, int) or isinstance(trick, bool)
                              or not 1 <= trick <= profile.tricks_per_deal):
        raise ScorePadError(f"{where}: 'trick' must be the number of the trick won, 1 to "
                            f"{profile.tricks_per_deal}")
    cards = _cards(raw.get("cards", []), f"{where}: 'cards'", profile)
    played = _cards(raw.get("played", []), f"{where}: 'played'", profile)
    if kind in ("carte_blanche", "double_carte_blanche", "fine") and cards:
        raise ScorePadError(f"{where}: a {kind.replace('_', ' ')} takes no cards")
    if kind == "dix" and len(cards) > 1:
        raise ScorePadError(f"{where}: a seven of trumps is one card")
    if kind == "played" and not played:
        raise ScorePadError(f"{where}: name the cards played")
    return Item(player, kind, name, cards, trick, played)


def _deal(raw: Any, players: Sequence[str], profile: Profile, where: str) -> DealRecord:
    if not isinstance(raw, dict):
        raise ScorePadError(f"{where} must be an object")
    unknown = set(raw) - {"trump", "turn_up", "declarations", "brisques", "last_trick",
                          "scores", "first_to_target"}
    if unknown:
        raise ScorePadError(f"{where}: unknown field(s) {listed(unknown)}")
    items = raw.get("declarations", [])
    if not isinstance(items, list) or len(items) > MAX_ITEMS:
        raise ScorePadError(f"{where}: 'declarations' must be a list of at most "
                            f"{MAX_ITEMS} entries")

    if raw.get("turn_up") is not None and not profile.turn_up:
        raise ScorePadError(f"{where}: {profile.title} turns up no card: the first marriage "
                            "fixes trumps (give the deal's 'trump' instead)")

    def maybe_player(key: str) -> int | None:
        value = raw.get(key)
        return None if value is None else _player(value, players, f"{where}: {key!r}")

    return DealRecord(
        trump=None if raw.get("trump") is None else _suit(raw["trump"], f"{where}: trump"),
        turn_up=None if raw.get("turn_up") is None
        else _card_token(raw["turn_up"], f"{where}: 'turn_up'", profile),
        items=tuple(_item(v, players, profile, f"{where}, entry {i}")
                    for i, v in enumerate(items, 1)),
        brisques=None if raw.get("brisques") is None
        else _per_player(raw["brisques"], players, f"{where}: 'brisques'", 0),
        last_trick=maybe_player("last_trick"),
        scores=None if raw.get("scores") is None
        else _per_player(raw["scores"], players, f"{where}: 'scores'", -MAX_POINTS),
        first_to_target=maybe_player("first_to_target"),
    )


# --- the report ---------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Entry:
    """One explained line of the pad: an :class:`Event` (points to ``event.player``)."""

    deal: int                   # 1-based
    event: Event

    @property
    def scored(self) -> bool:
        return self.event.type != "refused"


@dataclass(frozen=True, slots=True)
class DealReport:
    number: int
    opening: tuple[Entry, ...]          # the deal's bonuses on the turn-up
    items: tuple[Entry, ...]            # one per recorded item, in order
    closing: tuple[Entry, ...]          # the end counts and the arithmetic check
    scores: tuple[int, ...]             # per player
    totals: tuple[int, ...]             # per side, the game so far
    finished: bool
    outcome: Event | None               # after a finished deal: next deal, game end, undecided
    # Both sides passed the target and the deciding fact is not recorded: its field
    # (``first_to_target`` or ``last_trick``); the game waits for it.
    missing: str | None = None

    @property
    def entries(self) -> tuple[Entry, ...]:
        return (*self.opening, *self.items, *self.closing)


@dataclass(frozen=True, slots=True)
class PadReport:
    pad: ScorePad
    deals: tuple[DealReport, ...]
    settlement: Settlement | None
    result: Event | None                # the game's end, once over

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def totals(self) -> tuple[int, ...]:
        """Per side (per player, or per partnership)."""
        return self.deals[-1].totals if self.deals else (0,) * self.pad.profile.sides

    @property
    def missing(self) -> str | None:
        """The field the last deal needs before the game can end (see DealReport)."""
        return self.deals[-1].missing if self.deals else None

    @property
    def refused(self) -> tuple[Entry, ...]:
        return tuple(e for d in self.deals for e in d.items if not e.scored)

    # --- words ----------------------------------------------------------------------

    def side_names(self, lang: str = "en") -> list[str]:
        profile, names = self.pad.profile, self.pad.players
        if not profile.partnerships:
            return list(names)
        joint = " и " if lang == "ru" else " & "
        return [joint.join(names[p] for p in range(profile.players) if profile.team(p) == s)
                for s in range(profile.sides)]

    def _names(self, lang: str) -> tuple[list[str | Name], list[str | Name]]:
        # Names typed at a table say nothing sure of their gender: the Russian lines
        # are worded without a gendered verb («Победа в партии: Anna»).
        players: list[str | Name] = [Name(n, "n") for n in self.pad.players]
        sides: list[str | Name] = [Name(n, "they") for n in self.side_names(lang)] \
            if self.pad.profile.partnerships else list(players)
        return players, sides

    def step_text(self, s: Step, lang: str = "en") -> str:
        names, sides = self._names(lang)
        return named_step(s, lang, names, sides)

    def line(self, entry: Entry, lang: str = "en") -> str:
        """An entry as one line: who, what and why, with its source."""
        event = entry.event
        text = "; ".join(dict.fromkeys(self.step_text(s, lang) for s in event.steps))
        who = "" if event.player is None or event.type in ("game_end", "next_deal") \
            else f"{self.pad.players[event.player]}: "
        source = event.cited(lang)
        cite = f" [{source}]" if source and source not in text else ""
        refused = ("ОТКЛОНЕНО: " if lang == "ru" else "REFUSED: ") if not entry.scored else ""
        return f"{refused}{who}{text if who else capital_first(text)}{cite}"

    def closing_lines(self, lang: str = "en") -> list[str]:
        """The game's state after the last deal: its end and the settlement, explained,
        each line a sentence that starts with a capital."""
        if self.result is None:
            last = self.deals[-1].outcome if self.deals else None
            return [] if last is None else [self.line(Entry(len(self.deals), last), lang)]
        return [capital_first(self.step_text(s, lang)) for s in self.result.steps]

    def lines(self, lang: str = "en") -> list[str]:
        out: list[str] = []
        heading = "Сдача" if lang == "ru" else "Deal"
        for deal in self.deals:
            out.append(f"{heading} {deal.number}")
            out.extend("  " + self.line(e, lang) for e in deal.entries)
            out.append("  " + step("", "deal_total", scores=" : ".join(
                map(str, deal.scores))).render(lang) + "; " + _totals_text(
                self.side_names(lang), deal.totals, lang))
        out.extend(self.closing_lines(lang))
        return out

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        players = self.pad.players

        def entry_json(e: Entry) -> dict[str, Any]:
            out = e.event.to_json(lang)
            out["player"] = None if e.event.player is None else players[e.event.player]
            out["scored"] = e.scored
            out["explanation"] = [self.step_text(s, lang) for s in e.event.steps]
            return out

        result: dict[str, Any] = {
            "variant": self.pad.variant, "players": list(players),
            "sides": self.side_names(lang),
            "deals": [{"deal": d.number, "finished": d.finished,
                       "entries": [entry_json(e) for e in d.entries],
                       "scores": list(d.scores), "totals": list(d.totals)}
                      for d in self.deals],
            "totals": list(self.totals), "over": self.over, "missing": self.missing,
            "refused": [entry_json(e) for e in self.refused],
            "explanation": self.closing_lines(lang),
        }
        if self.result is not None:
            winner = self.result.player
            result["winner"] = None if winner is None else self.side_names(lang)[winner]
        if self.settlement is not None:
            s = self.settlement
            result["settlement"] = {
                "winner": None if s.winner is None else self.side_names(lang)[s.winner],
                "points": s.points, "rubiconed": s.rubiconed,
                "game_scores": s.game_scores(self.pad.profile.sides),
                "explanation": [self.step_text(x, lang) for x in s.steps]}
        return result


def _totals_text(names: Sequence[str], totals: Sequence[int], lang: str) -> str:
    word = "итог" if lang == "ru" else "total"
    return f"{word} " + ", ".join(f"{n} {t}" for n, t in zip(names, totals, strict=True))


# --- scoring a deal ---------------------------------------------------------------------

@dataclass
class _DealState:
    """What the referee tracks while reading one deal's items in order."""

    trump: int | None                   # the trump suit in force, when known
    history: list[list[ScoredMeld]]
    standing: list[set[int]]            # per player: cards of melds on the table, unplayed
    # Trumps are fixed: from the start where a card is turned up; where the first
    # marriage fixes them (Rubicon, no-trump), once it is recorded.
    fixed: bool = True
    named_trump: int | None = None      # no turn-up: the suit the deal's record names
    taken: set[int] = field(default_factory=set)   # cards shown in melds or played
    played: set[int] = field(default_factory=set)
    dix: set[int] = field(default_factory=set)
    dix_count: int = 0
    blanche: list[int] = field(default_factory=list)        # players, in order
    double_blanche: set[int] = field(default_factory=set)   # sides
    tricks: dict[tuple[int, int], str] = field(default_factory=dict)
    meld_side: int | None = None


# A pad is an immutable value: its report is computed once for its content, not on every
# page run (a long pad takes seconds). A few recent pads are kept, each some MB at most.
@lru_cache(maxsize=8)
def _report(pad: ScorePad) -> PadReport:
    profile = pad.profile
    sides = profile.sides
    totals = [0] * sides
    player_totals = [0] * profile.players
    trumps: list[int] = []
    reports: list[DealReport] = []
    result: Event | None = None
    settlement: Settlement | None = None
    for index, deal in enumerate(pad.deals):
        number = index + 1
        if profile.scoring.end == "single_deal" and index:
            raise ScorePadError(f"{profile.title} is a game of one deal")
        if result is not None:
            raise ScorePadError(f"deal {number}: the game was already over after deal {index}")
        if reports and reports[-1].missing:
            raise ScorePadError(f"deal {number}: deal {index} left the game undecided: record "
                                f"{_MISSING[reports[-1].missing]} there first")
        dealer = (pad.first_dealer + index) % profile.players
        scored = _score_deal(profile, pad.players, deal, number, dealer, tuple(trumps),
                             tuple(player_totals))
        opening, items, closing, scores = scored.opening, scored.items, scored.closing, \
            scored.scores
        if scored.trump is not None:
            trumps.append(scored.trump)
        for p in range(profile.players):
            player_totals[p] += scores[p]
            totals[profile.team(p)] += scores[p]
        outcome: Event | None = None
        missing: str | None = None
        if deal.finished:
            if profile.scoring.end == "single_deal":
                settlement = settle(profile, _sides(profile, scores), None
                                    if deal.brisques is None else _sides(profile, deal.brisques))
                rule = "game.tie" if settlement.winner is None else "settle.rubicon"
                outcome = Event("game_end", settlement.winner, rule, settlement.points, (), "",
                                settlement.steps, profile.citation(rule),
                                tuple(settlement.game_scores(sides)))
            else:
                outcome, missing = _target_end(pad, deal, number, totals, scored.meld_side)
            if outcome.type == "game_end":
                result = outcome
        reports.append(DealReport(number, opening, items, closing, scores, tuple(totals),
                                  deal.finished, outcome, missing))
    return PadReport(pad, tuple(reports), settlement, result)


# The fact that decides a game both sides finish over the target, by the profile's
# ``both_over``, and the pad's field that records it.
_DECIDING = {"first_reached": "first_to_target", "last_trick": "last_trick"}
_MISSING = {"first_to_target": "who reached the target first ('first_to_target')",
            "last_trick": "who won the last trick ('last_trick')"}


def _target_end(pad: ScorePad, deal: DealRecord, number: int, totals: Sequence[int],
                meld_side: int | None) -> tuple[Event, str | None]:
    """After a finished deal of a game to a target: its outcome, and the field that is
    missing when more than one side passed the target and the fact that decides it (000
    l.10: who reached it first; 002 l.79, 004 l.324: the last trick) was not recorded.
    The pad never guesses it from the totals."""
    profile = pad.profile
    target = profile.scoring.target
    first = None if deal.first_to_target is None else profile.team(deal.first_to_target)
    if first is not None and totals[first] < target:
        raise ScorePadError(
            f"deal {number}: 'first_to_target' names {pad.players[deal.first_to_target or 0]}, "
            f"whose side has {totals[first]}, under the target {target}")
    field = _DECIDING.get(profile.scoring.both_over, "")
    over = sum(1 for t in totals if t >= target)
    if target and over > 1 and meld_side is None and field and getattr(deal, field) is None:
        rule = "game.first_reached" if field == "first_to_target" else "game.last_trick"
        return Event("undecided", None, rule, 0, (), "", (
            step(rule, f"pad_needs_{field}", target=target, field=field),),
            profile.citation(rule),
            tuple(totals)), field
    return target_outcome(profile, list(totals), deal.last_trick, first, meld_side), None


def _sides(profile: Profile, per_player: Sequence[int]) -> list[int]:
    out = [0] * profile.sides
    for player, value in enumerate(per_player):
        out[profile.team(player)] += value
    return out


def _event(profile: Profile, kind: str, player: int | None, rule: str, points: int,
           steps: Sequence[Step], cards: Sequence[int] = (), meld: str = "") -> Event:
    return Event(kind, player, rule, points, tuple(cards), meld, tuple(steps),
                 profile.citation(rule))


def _refused(profile: Profile, player: int, rule: str, steps: Sequence[Step],
             cards: Sequence[int] = (), meld: str = "") -> Event:
    return _event(profile, "refused", player, rule, 0, steps, cards, meld)


@dataclass(frozen=True, slots=True)
class _ScoredDeal:
    """One deal refereed: its explained entries, each player's points, the trump suit it
    was played in (when known) and the side that scored a game-winning meld."""

    opening: tuple[Entry, ...]
    items: tuple[Entry, ...]
    closing: tuple[Entry, ...]
    scores: tuple[int, ...]
    trump: int | None
    meld_side: int | None


# A deal's account depends only on these arguments: a pad one entry longer re-scores
# only its last deal (a long pad's every change would otherwise take seconds).
@lru_cache(maxsize=256)
def _score_deal(profile: Profile, players: tuple[str, ...], deal: DealRecord, number: int,
                dealer: int, prior_trumps: tuple[int, ...], prior_totals: tuple[int, ...]
                ) -> _ScoredDeal:
    n = profile.players
    trump = None if deal.trump is None else int(Suit.parse(deal.trump))
    extras: list[Entry] = []
    scores = [0] * n
    if profile.turn_up:
        state = _DealState(trump, [[] for _ in range(n)], [set() for _ in range(n)])
    else:   # the deal's trumps, if recorded, are the suit its first marriage will fix
        state = _DealState(None, [[] for _ in range(n)], [set() for _ in range(n)],
                           fixed=False, named_trump=trump)
    if deal.turn_up is not None:
        card = parse_card(deal.turn_up)
        turn_suit = int(card.suit)
        if trump is not None and trump != turn_suit:
            raise ScorePadError(f"deal {number}: the turn-up {deal.turn_up} is not of the "
                                f"trump suit {deal.trump}")
        state.trump = turn_suit
        for bonus in turn_up_bonuses(profile, dealer, card.id, prior_trumps):
            extras.append(Entry(number, _event(profile, "deal_bonus", bonus.player,
                                               bonus.rule_id, bonus.points, bonus.steps,
                                               (card.id,))))
        if profile.dix.dealer_on_turn_up and card.rank == profile.dix.card_rank \
                and profile.dix.points:
            state.dix.add(card.id)
            state.dix_count += 1
            rule = "dix.turn_up"
            extras.append(Entry(number, _event(
                profile, "dix_turn_up", dealer, rule, profile.dix.points,
                [step(rule, "dix_turn_up", card=card.pretty, points=profile.dix.points)],
                (card.id,))))
    for entry in extras:
        if entry.event.player is not None:
            scores[entry.event.player] += entry.event.points
    items: list[Entry] = []
    for position, item in enumerate(deal.items, 1):
        where = f"deal {number}, entry {position}"
        event = _score_item(profile, players, item, state, where,
                            prior_totals[item.player] + scores[item.player])
        items.append(Entry(number, event))
        if event.player is not None:
            scores[event.player] += event.points
    counted = list(scores)
    end: list[Entry] = []
    if deal.brisques is not None:
        end.extend(_brisques(profile, deal.brisques, number))
    if deal.last_trick is not None:
        end.extend(_last_trick(profile, deal.last_trick, number))
    for entry in end:
        if entry.event.player is not None:
            counted[entry.event.player] += entry.event.points
    if deal.scores is not None:
        # The deal's points as the table wrote them count, the end counts included; the
        # entries recorded beside them only check the paper's arithmetic.
        given = list(deal.scores)
        _check_scores(profile, players, given, number)
        # Kept: brisques that only break ties (Rubicon), when there are any.
        end = [e for e in end if e.event.points == 0 and e.event.type == "brisques"
               and deal.brisques and e.event.player is not None
               and deal.brisques[e.event.player]]
        end.append(Entry(number, _event(profile, "scores", None, "", 0, [
            step("", "pad_scores_given", scores=" : ".join(map(str, given)))])))
        if (deal.items or extras) and given != counted:
            end.append(Entry(number, _event(profile, "discrepancy", None, "", 0, [
                step("", "pad_scores_differ", given=" : ".join(map(str, given)),
                     counted=" : ".join(map(str, counted)))])))
        elif any(g < c for g, c in zip(given, counted, strict=True)):
            # Only the end counts beside the points: these alone cannot be more.
            end.append(Entry(number, _event(profile, "discrepancy", None, "", 0, [
                step("", "pad_scores_below", given=" : ".join(map(str, given)),
                     counted=" : ".join(map(str, counted)))])))
        counted = given
    if deal.brisques is not None:
        _check_brisques(profile, deal.brisques, number)
    return _ScoredDeal(tuple(extras), tuple(items), tuple(end), tuple(counted), state.trump,
                       state.meld_side)


def _brisques(profile: Profile, brisques: Sequence[int], number: int) -> list[Entry]:
    rules = profile.scoring
    out: list[Entry] = []
    for player, points in enumerate(brisques):
        if rules.brisque_points and rules.brisques == "tiebreak_only":
            out.append(Entry(number, _event(profile, "brisques", player, "score.brisque", 0, [
                step("score.brisque", "brisques_tiebreak",
                     count=points // rules.brisque_points)])))
        elif rules.brisque_points:
            out.append(Entry(number, _event(profile, "brisques", player, "score.brisque",
                                            points, [step("score.brisque", "brisques",
                                                          count=points // rules.brisque_points,
                                                          each=rules.brisque_points,
                                                          points=points)])))
        else:
            rule = "score.per_trick" if rules.points_per_trick else "score.card_points"
            out.append(Entry(number, _event(profile, "card_points", player, rule, points, [
                step(rule, "pad_counted", points=points)])))
    return out


def _check_brisques(profile: Profile, brisques: Sequence[int], number: int) -> None:
    """The brisques (or trick and card points) no more than the cards hold, and in the
    steps they are counted in (10 a brisque; 002's tricks 10 and 10 more)."""
    most = end_ceiling(profile)
    if sum(brisques) > most:
        raise ScorePadError(f"deal {number}: the brisques come to {sum(brisques)}, but the "
                            f"cards hold at most {most}")
    unit = end_step(profile)
    if unit > 1 and any(b % unit for b in brisques):
        what = "brisque" if profile.scoring.brisque_points else "trick"
        raise ScorePadError(f"deal {number}: {what} points are counted in {unit}s")


def _check_scores(profile: Profile, players: Sequence[str], given: Sequence[int],
                  number: int) -> None:
    """The deal's points as written are points this game can score: in its steps (10
    in most games), not below what nothing can take away, not beyond what one deal can
    bring (:mod:`engine.rules.score_bounds`)."""
    unit, high, low = score_step(profile), deal_ceiling(profile), deal_floor(profile)
    for player, points in enumerate(given):
        where = f"deal {number}: {players[player]}'s points, {points},"
        if low is not None and points < low:
            raise ScorePadError(f"{where} cannot be negative in {profile.title}: nothing "
                                "there takes points away" if low == 0 else
                                f"{where} cannot be below {low} in {profile.title}")
        if points % unit:
            raise ScorePadError(f"{where} are not a multiple of {unit}: every score of "
                                f"{profile.title} is (check the paper)")
        if points > high:
            raise ScorePadError(f"{where} are more than one deal of {profile.title} can "
                                f"bring (at most {high}): check the paper")


def _last_trick(profile: Profile, player: int, number: int) -> list[Entry]:
    rules = profile.scoring
    bonus = rules.last_trick_bonus
    rule = "score.last_trick"
    if rules.last_trick_split:
        share = bonus // 2
        partner = next(p for p in range(profile.players)
                       if p != player and profile.team(p) == profile.team(player))
        steps = [step("score.last_trick_split", "last_trick_split", points=bonus, share=share)]
        return [Entry(number, _event(profile, "last_trick", player, "score.last_trick_split",
                                     share, steps)),
                Entry(number, _event(profile, "last_trick", partner, "score.last_trick_split",
                                     bonus - share, steps))]
    key = "last_trick_stock" if rules.last_trick_at == "stock_end" else "last_trick"
    return [Entry(number, _event(profile, "last_trick", player, rule, bonus,
                                 [step(rule, key, points=bonus)]))]


def _score_item(profile: Profile, players: Sequence[str], item: Item, state: _DealState,
                where: str, game_so_far: int) -> Event:
    played_steps, gone = _mark_played(item, state, players, where)
    if item.kind == "played":
        return _event(profile, "played", item.player, "", 0, played_steps, gone)
    if item.kind == "meld":
        event = _score_meld(profile, item, state, where)
        return replace(event, steps=(*played_steps, *event.steps))
    if item.kind == "dix":
        return _score_dix(profile, item, state, where)
    if item.kind in ("carte_blanche", "double_carte_blanche"):
        return _score_blanche(profile, item, state)
    return _score_fine(profile, item, game_so_far)


def _mark_played(item: Item, state: _DealState, players: Sequence[str],
                 where: str) -> tuple[list[Step], list[int]]:
    """Take the cards ``item.played`` off the declarer's table (played to tricks)."""
    if not item.played:
        return [], []
    gone: list[int] = []
    for token in item.played:
        card = parse_card(token)
        if "#" in token:
            choices = [card.id] if card.id in state.standing[item.player] else []
        else:
            choices = sorted(c for c in state.standing[item.player]
                             if Card.from_id(c).face == card.face and c not in gone)
        if not choices:
            raise ScorePadError(f"{where}: {card_name(token)} is not in "
                                f"{players[item.player]}'s melds on the table")
        gone.append(choices[0])
    state.standing[item.player] -= set(gone)
    state.played |= set(gone)
    state.taken |= set(gone)
    return [step("", "pad_played", cards=pretty(gone))], gone


def card_name(token: str) -> str:
    return parse_card(token).pretty if "#" in token else parse_card(token).pretty.split("#")[0]


def _per_trick_refusal(profile: Profile, item: Item, state: _DealState) -> Event | None:
    if item.trick is None or not profile.declaring.per_trick:
        return None
    earlier = state.tricks.get((item.player, item.trick))
    if earlier is None:
        return None
    rule = "declare.one_per_trick"
    return _refused(profile, item.player, rule, [step(rule, "one_per_trick", prev_meld=earlier)],
                    meld=item.meld)


def _candidates(profile: Profile, item: Item, state: _DealState,
                where: str) -> list[tuple[int, ...]]:
    """The physical cards ``item.cards`` may be (see the module's terminology): each
    face's standing copies first, then as many fresh copies as the table lacks."""
    exact = [parse_card(t).id for t in item.cards if "#" in t]
    wanted: dict[str, int] = {}
    for token in item.cards:
        if "#" not in token:
            wanted[token] = wanted.get(token, 0) + 1
    options: list[list[tuple[int, ...]]] = []
    used = set(state.taken) | set(exact)
    for face, count in wanted.items():
        standing = sorted(c for c in state.standing[item.player]
                          if Card.from_id(c).face == face and c not in exact)
        if count <= len(standing):
            options.append(list(combinations(standing, count)))
            continue
        fresh = [c for c in _copies(profile)[face] if c not in used][:count - len(standing)]
        if len(fresh) < count - len(standing):
            raise ScorePadError(f"{where}: the packs hold no further {card_name(face)}: every "
                                "copy is already on the table or played")
        options.append([(*standing, *fresh)])
    found = []
    for parts in product(*options):
        cards = (*exact, *(c for part in parts for c in part))
        if len(set(cards)) == len(cards):
            found.append(cards)
    return found or [tuple(exact)]


def _score_meld(profile: Profile, item: Item, state: _DealState, where: str) -> Event:
    spec = profile.meld(item.meld)
    history = state.history[item.player]
    refusal = _per_trick_refusal(profile, item, state)
    if refusal is not None:
        return refusal
    trump_from = profile.declaring.trump_from
    # No turn-up: this declaration fixes trumps (Rubicon 003, no-trump 004 l.234).
    fixes = not state.fixed and fixes_trump(spec, None, trump_from)
    # A turned-up card not recorded: a trump marriage's cards tell the trump suit.
    names = state.fixed and state.trump is None and bool(item.cards) \
        and fixes_trump(spec, None, trump_from)
    if not state.fixed and not fixes and spec.suit != "any":
        rule = "trump.first_marriage"
        key = "pad_no_trump_yet" if profile.declaring.sequence_fixes_trump \
            else "pad_no_trump_yet_marriage"
        return _refused(profile, item.player, rule, [step(rule, key)], meld=spec.kind)
    if not item.cards:
        out_of_turn = ladder_refusal(spec, (), history)
        if out_of_turn is not None:
            return _refused(profile, item.player, out_of_turn[0], out_of_turn[1],
                            meld=spec.kind)
        if spec.fixing_only and state.fixed:
            return _refused(profile, item.player, spec.rule_id,
                            [step(spec.rule_id, "pad_fixing_only", meld=spec.kind)],
                            meld=spec.kind)
        if fixes and state.named_trump is None:
            rule = "trump.first_marriage"
            return _refused(profile, item.player, rule,
                            [step(rule, "pad_fixing_suit", meld=spec.kind)], meld=spec.kind)
        verdict_steps = [step(spec.rule_id, "pad_meld_unchecked", meld=spec.kind,
                              points=spec.points)]
        return _scored_meld(profile, item, state, spec, (), verdict_steps, fixes)
    needs_trump = spec.suit != "any" or bool(profile.declaring.bezique_pair_switch)
    if state.fixed and state.trump is None and needs_trump and not names:
        return _refused(profile, item.player, spec.rule_id,
                        [step(spec.rule_id, "pad_trump_needed", meld=spec.kind)],
                        meld=spec.kind)
    verdicts: list[Verdict] = []
    for cards in _candidates(profile, item, state, where):
        verdict = judge(profile, spec, state.trump, cards, history, frozenset(state.played))
        if verdict.legal:
            suit = _suit_of(verdict.cards)
            if fixes and state.named_trump is not None and suit != state.named_trump:
                rule = "trump.first_marriage"
                return _refused(profile, item.player, rule, [step(
                    rule, "pad_fixing_other_suit", cards=pretty(verdict.cards),
                    suit=Suit(state.named_trump).letter)], verdict.cards, spec.kind)
            return _scored_meld(profile, item, state, spec, verdict.cards,
                                list(verdict.steps), fixes or names)
        verdicts.append(verdict)
    refused = verdicts[0]
    return _refused(profile, item.player, refused.rule_id, refused.steps, refused.cards,
                    spec.kind)


def _suit_of(cards: Sequence[int]) -> int | None:
    """The suit of a marriage's or sequence's cards (a joker takes no suit)."""
    return next((int(Card.from_id(c).suit) for c in cards if c < JOKER_MIN_ID), None)


def _scored_meld(profile: Profile, item: Item, state: _DealState, spec: MeldSpec,
                 cards: Sequence[int], steps: list[Step], fixes: bool = False) -> Event:
    if fixes:
        suit = _suit_of(cards) if cards else state.named_trump
        state.trump, state.fixed = suit, True
        if suit is not None and not state.named_trump and profile.turn_up:
            steps.append(step("", "pad_trump_inferred", suit=Suit(suit).letter))
        elif suit is not None:
            key = "trump_fixed" if profile.declaring.sequence_fixes_trump \
                else "trump_fixed_marriage"
            steps.append(step("trump.first_marriage", key, suit=Suit(suit).letter))
    state.history[item.player].append(ScoredMeld(spec.kind, frozenset(cards)))
    state.standing[item.player] |= set(cards)
    state.taken |= set(cards)
    if item.trick is not None:
        state.tricks[(item.player, item.trick)] = spec.kind
    if spec.kind in profile.scoring.game_melds:
        state.meld_side = profile.team(item.player)
    return _event(profile, "meld", item.player, spec.rule_id, spec.points, steps, cards,
                  spec.kind)


def _score_dix(profile: Profile, item: Item, state: _DealState, where: str) -> Event:
    rules = profile.dix
    rule = "dix.show"
    if not rules.points:
        return _refused(profile, item.player, rule, [step(rule, "pad_dix_none")])
    if profile.dix.exchange_is_declaration:
        refusal = _per_trick_refusal(profile, replace(item, meld="dix"), state)
        if refusal is not None:
            return refusal
    # As many sevens of trumps as one suit has copies of its seven (each counts once).
    sevens = [c for c in profile.deck_ids() if c < JOKER_MIN_ID and c % 32 == rules.card_rank]
    once = "dix.once_per_card"
    if state.dix_count >= len(sevens):
        return _refused(profile, item.player, once,
                        [step(once, "pad_dix_all", count=len(sevens))])
    points = rules.points
    if item.cards:
        card = parse_card(item.cards[0])
        if card.rank != rules.card_rank or (state.trump is not None
                                            and int(card.suit) != state.trump):
            return _refused(profile, item.player, rule,
                            [step(rule, "pad_dix_not_trump", card=card.pretty)], (card.id,))
        if "#" not in item.cards[0]:
            free = [c for c in _copies(profile)[card.face] if c not in state.dix]
            card = Card.from_id(free[0]) if free else card
        if card.id in state.dix:
            return _refused(profile, item.player, once,
                            [step(once, "refuse_seven_counted", card=card.pretty)], (card.id,))
        state.dix.add(card.id)
        steps = [step(rule, "pad_dix_card", card=card.pretty.split("#")[0], points=points)]
        cards: tuple[int, ...] = (card.id,)
    else:
        steps, cards = [step(rule, "pad_dix", points=points)], ()
    state.dix_count += 1
    if item.trick is not None and profile.dix.exchange_is_declaration:
        state.tricks[(item.player, item.trick)] = "dix"
    return _event(profile, "dix", item.player, rule, points, steps, cards)


def _score_blanche(profile: Profile, item: Item, state: _DealState) -> Event:
    rules = profile.declaring
    rule = "meld.carte_blanche"
    if item.kind == "double_carte_blanche":
        rule = "meld.double_carte_blanche"
        if not rules.double_carte_blanche or not profile.partnerships:
            return _refused(profile, item.player, rule, [step(rule, "pad_double_blanche_none")])
        side = profile.team(item.player)
        if side in state.double_blanche:
            return _refused(profile, item.player, rule, [step(rule, "pad_blanche_once")])
        state.double_blanche.add(side)
        return _event(profile, "double_carte_blanche", item.player, rule,
                      rules.double_carte_blanche,
                      [step(rule, "pad_double_blanche", points=rules.double_carte_blanche)])
    if not rules.carte_blanche:
        return _refused(profile, item.player, rule, [step(rule, "pad_blanche_none")])
    before = state.blanche
    mine = item.player in before
    if not rules.carte_blanche_repeat and (
            mine or (rules.carte_blanche_timing == "first_appearance" and before)):
        return _refused(profile, item.player, rule, [step(rule, "pad_blanche_once")])
    state.blanche.append(item.player)
    if mine:
        again = "carte_blanche.repeat"
        return _event(profile, "carte_blanche", item.player, again, rules.carte_blanche,
                      [step(again, "pad_blanche_again", points=rules.carte_blanche)])
    steps = [step(rule, "blanche", points=rules.carte_blanche)]
    if rules.carte_blanche_timing == "first_appearance":
        steps.append(step(rule, "blanche_first"))
    return _event(profile, "carte_blanche", item.player, rule, rules.carte_blanche, steps)


def _score_fine(profile: Profile, item: Item, game_so_far: int) -> Event:
    rule = f"penalty.{item.meld}"
    fines = profile.penalties
    if item.meld == "false_declaration":
        if not fines.false_declaration_all:
            return _refused(profile, item.player, rule, [step(rule, "pad_fine_none")])
        lost = max(game_so_far, 0)
        return _event(profile, "fine", item.player, rule, -lost,
                      [step(rule, "pad_fine_false_declaration", points=lost)])
    amount = int(getattr(fines, item.meld))
    if not amount:
        return _refused(profile, item.player, rule, [step(rule, "pad_fine_none")])
    return _event(profile, "fine", item.player, rule, -amount,
                  [step(rule, f"pad_fine_{item.meld}", points=amount)])
