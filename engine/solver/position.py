"""Play-off positions and their notation.

Terminology
-----------
* The *play-off* is the end of a two-handed deal: the stock is exhausted, each
  player sees the other's hand, and the cards are played out under the
  follow/win/trump rules of ``profile.playoff``.
* The *leader* is the player who leads the current trick. When ``trick`` holds
  the leader's card, the other player is *to move*.
* A position is a pure value: the profile (packs, rules, scoring), the trump
  suit, who leads, both hands and the card already led, if any.

Two notations round-trip exactly (copy numbers included):

JSON::

    {"variant": "two-handed", "trump": "H", "leader": 0,
     "hands": [["AS", "TS"], ["KS", "AS#2"]], "trick": []}

Text, one line, six fields separated by ``/``::

    two-handed/H/0/AS TS/AS#2 KS/-

    variant[,option=value...] / trump / leader / hand of player 0 / hand of player 1 / trick

``-`` stands for "none" (no trump, an empty hand, no card led). A card without
``#n`` gets the lowest copy number not used elsewhere in the position.

Four-handed play-offs (``rubicon-four-handed``: seats 0..3, partners {0, 2} and
{1, 3}) have four hands, and the trick holds the cards already played to it in
play order from the leader; the seats that have played hold one card fewer::

    {"variant": "rubicon-four-handed", "trump": "H", "leader": 2,
     "hands": [["AS"], ["TS"], ["7S"], ["8S"]], "trick": []}

    rubicon-four-handed/H/2/AS/TS/7S/8S/-

    >>> q = Position.from_text("rubicon-four-handed/H/3/AS/TS/7S/-/9S")
    >>> q.to_move, q.tricks_left
    (0, 1)

    >>> p = Position.from_text("two-handed/H/0/AS TS/KS AS/-")
    >>> p.to_text()
    'two-handed/H/0/AS TS/AS#2 KS/-'
    >>> Position.from_text(p.to_text()) == p
    True
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.errors import BeziqueError, PositionError, json_problem, listed
from engine.notation.cards import KINDS_PER_PACK, Card, Suit, parse_card
from engine.rules.profile import Profile, load_profile

# Profile fields a position may override, by flat option name -> (section, field).
# ``section`` is "" for top-level profile fields.
OPTION_FIELDS: dict[str, tuple[str, str]] = {
    "packs": ("", "packs"),
    "hand_size": ("", "hand_size"),
    "brisque_points": ("scoring", "brisque_points"),
    "brisques": ("scoring", "brisques"),
    "last_trick_bonus": ("scoring", "last_trick_bonus"),
    "follow_suit": ("playoff", "follow_suit"),
    "must_win": ("playoff", "must_win"),
    "must_trump": ("playoff", "must_trump"),
}

NONE_MARK = "-"

# Limits of the games that exist: the eight-pack game has the most packs (8) and the
# longest hands (13). They are also what the solver supports: it keeps a count of
# each kind per hand in 4 bits (engine/solver/search.py), so no hand may hold more
# than 15 identical cards; a position beyond these limits is refused, never solved
# wrongly.
MAX_PACKS = 8
MAX_HAND_SIZE = 13
MAX_POINTS = 1000       # brisque_points and last_trick_bonus
SOLVER_MAX_COPIES = 15
assert MAX_PACKS <= SOLVER_MAX_COPIES   # copies of a kind never exceed the packs
_LIMITS = {"packs": (1, MAX_PACKS), "hand_size": (1, MAX_HAND_SIZE),
           "brisque_points": (0, MAX_POINTS), "last_trick_bonus": (0, MAX_POINTS)}
_INTEGER = re.compile(r"-?[0-9]{1,9}", re.ASCII)


def card_token(card: Card) -> str:
    """Notation of one card in a position: ``AS`` for copy 1, ``AS#2`` otherwise."""
    return card.face if card.copy == 1 else str(card)


def _cards(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"


def _sort_key(card: Card) -> tuple[int, int, int]:
    return (int(card.suit), -int(card.rank), card.copy)


def _option_value(profile: Profile, name: str) -> Any:
    section, field_name = OPTION_FIELDS[name]
    holder: Any = profile if not section else getattr(profile, section)
    return getattr(holder, field_name)


def profile_options(profile: Profile) -> dict[str, Any]:
    """Options in which ``profile`` differs from the shipped profile of its name."""
    try:
        base = load_profile(profile.name)
    except BeziqueError:
        return {}
    return {name: _option_value(profile, name) for name in OPTION_FIELDS
            if _option_value(profile, name) != _option_value(base, name)}


def profile_with_options(variant: str, options: Mapping[str, Any]) -> Profile:
    """The shipped profile ``variant`` with flat options applied
    (``{"packs": 6, "hand_size": 12}``)."""
    if not isinstance(variant, str):
        raise PositionError("variant must be a string, e.g. \"two-handed\"")
    if len(variant) > 40:   # no variant name is that long; do not echo a long line back
        raise PositionError(f"unknown variant {_short(variant)}")
    try:
        profile = load_profile(variant)
    except BeziqueError as exc:
        raise PositionError(str(exc)) from exc
    top: dict[str, Any] = {}
    nested: dict[str, dict[str, Any]] = {}
    for name, value in options.items():
        if name not in OPTION_FIELDS:
            raise PositionError(f"unknown position option {name!r}; known: "
                                f"{', '.join(OPTION_FIELDS)}")
        expected = type(_option_value(profile, name))
        if expected is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise PositionError(f"option {name!r} must be an integer, not {_short(value)}")
        if expected is not int and not isinstance(value, expected):
            raise PositionError(f"option {name!r} must be a {expected.__name__}, "
                                f"not {_short(value)}")
        if name in _LIMITS and not _LIMITS[name][0] <= value <= _LIMITS[name][1]:
            low, high = _LIMITS[name]
            raise PositionError(f"option {name!r} must be between {low} and {high}, "
                                f"not {_short(value)}")
        section, field_name = OPTION_FIELDS[name]
        if section:
            nested.setdefault(section, {})[field_name] = value
        else:
            top[field_name] = value
    if "brisques" in nested.get("scoring", {}) and \
            nested["scoring"]["brisques"] not in ("count", "tiebreak_only"):
        raise PositionError("option 'brisques' must be \"count\" or \"tiebreak_only\"")
    if not top and not nested:
        return profile
    return profile.with_options(**top, **nested)


def _parse_option_text(text: str) -> tuple[str, Any]:
    name, eq, raw = text.partition("=")
    if not eq or not name:
        raise PositionError(f"malformed option {_short(text)}: expected name=value")
    raw = raw.strip()
    value: Any = raw
    if raw.lower() in ("true", "false"):
        value = raw.lower() == "true"
    elif _INTEGER.fullmatch(raw):
        value = int(raw)   # anything else stays text and fails the option's type check
    return name.strip(), value


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:37]}..."


def check_limits(profile: Profile) -> None:
    """Refuse a profile beyond :data:`MAX_PACKS` / :data:`MAX_HAND_SIZE` (see there)."""
    for name in ("packs", "hand_size"):
        low, high = _LIMITS[name]
        value = _option_value(profile, name)
        if not low <= value <= high:
            raise PositionError(f"{name} must be between {low} and {high} for the solver, "
                                f"not {value}")


def _format_option(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _assign_copies(groups: Sequence[Sequence[Any]], packs: int) -> list[list[Card]]:
    """Parse card tokens (or ids, or Cards); tokens without ``#n`` get free copies."""
    parsed: list[list[tuple[Card, bool]]] = []
    used: set[int] = set()
    for group in groups:
        row: list[tuple[Card, bool]] = []
        for token in group:
            if isinstance(token, Card):
                card, explicit = token, True
            elif isinstance(token, int) and not isinstance(token, bool):
                try:
                    card, explicit = Card.from_id(token), True
                except BeziqueError as exc:
                    raise PositionError(f"bad card id {token}: {exc}") from exc
            elif isinstance(token, str):
                try:
                    card = parse_card(token)
                except BeziqueError as exc:
                    raise PositionError(f"malformed card: {exc}") from exc
                explicit = "#" in token
            else:
                raise PositionError(f"a card must be a string such as \"AS\", not {_short(token)}")
            if explicit:
                _check_exists(card, packs)
                if card.id in used:
                    raise PositionError(f"card {card} is listed twice")
                used.add(card.id)
            row.append((card, explicit))
        parsed.append(row)
    result: list[list[Card]] = []
    for row in parsed:
        cards: list[Card] = []
        for card, explicit in row:
            if not explicit:
                copy = 1
                while (copy - 1) * KINDS_PER_PACK + card.kind in used:
                    copy += 1
                if copy > packs:
                    raise PositionError(
                        f"too many copies of {card.face}: the variant uses {packs} "
                        f"pack{'s' if packs != 1 else ''}, so there are only {packs}")
                card = Card(card.suit, card.rank, copy)
                used.add(card.id)
            cards.append(card)
        result.append(cards)
    return result


def _parse_trump(value: Any) -> Suit | None:
    if value is None or value in ("", NONE_MARK):
        return None
    if isinstance(value, Suit):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        if 0 <= value <= 3:
            return Suit(value)
        raise PositionError(f"trump suit number must be 0..3, not {value}")
    if isinstance(value, str):
        try:
            return Suit.parse(value)
        except BeziqueError as exc:
            raise PositionError(f"bad trump: {exc}") from exc
    raise PositionError(f"trump must be a suit letter such as \"H\" or null, not {value!r}")


_NUMBER_WORDS = {2: "two", 4: "four"}


def _parse_leader(value: Any, players: int = 2) -> int:
    seats = [str(i) for i in range(players)]
    if isinstance(value, str) and value.strip() in seats:
        return int(value)
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players:
        return value
    choices = "0 or 1" if players == 2 else f"a seat 0..{players - 1}"
    raise PositionError(f"leader must be {choices}, not {value!r}")


def _hand_count(profile: Profile) -> str:
    return _NUMBER_WORDS.get(profile.players, str(profile.players))


def _check_exists(card: Card, packs: int) -> None:
    if card.copy > packs:
        raise PositionError(f"card {card} does not exist: the variant uses "
                            f"{packs} pack{'s' if packs != 1 else ''}")


def _check_cards(profile: Profile, cards: Sequence[Card]) -> None:
    """Every card exists in the profile's packs (so copies <= packs) and is unique."""
    packs = profile.packs
    seen: set[int] = set()
    for card in cards:
        _check_exists(card, packs)
        if card.id in seen:
            raise PositionError(f"card {card} appears more than once")
        seen.add(card.id)


def _check_tricks_left(profile: Profile, size: int) -> None:
    """The hand of the player to move holds 1..playoff_tricks cards."""
    if size == 0:
        raise PositionError("no cards left to play")
    if size > profile.playoff_tricks:
        raise PositionError(
            f"wrong card count: a hand holds {size} cards, but the play-off of "
            f"{profile.name!r} has {profile.playoff_tricks} tricks")


@dataclass(frozen=True, slots=True)
class Position:
    """A play-off position: who leads, every hand, trump, and the cards played
    to the current trick.

    ``hands[p]`` is player (seat) ``p``'s hand: two hands, or four in a
    partnership play-off. ``trick`` holds the cards already played to the
    current trick in play order from ``leader`` (two-handed: ``()`` or the card
    led). Hands are kept sorted (suits S H D C, high rank first), so equal
    positions compare equal. Construction validates and raises
    :class:`~engine.errors.PositionError`.
    """

    profile: Profile
    trump: Suit | None
    leader: int
    hands: tuple[tuple[Card, ...], ...]
    trick: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        profile = self.profile
        if not isinstance(profile, Profile):
            raise PositionError("a position needs a Profile")
        check_limits(profile)
        players = profile.players
        if players not in (2, 3, 4) or (players == 4) != profile.partnerships:
            raise PositionError(f"the solver handles two- and three-player and four-handed "
                                f"partnership play-offs; variant {profile.name!r} has "
                                f"{players} players")
        if self.trump is not None and not isinstance(self.trump, Suit):
            raise PositionError(f"trump must be a Suit or None, not {self.trump!r}")
        _parse_leader(self.leader, players)
        if len(self.hands) != players:
            raise PositionError(f"a position of {profile.name!r} has {_hand_count(profile)} "
                                f"hands, not {len(self.hands)}")
        hands = tuple(tuple(sorted(hand, key=_sort_key)) for hand in self.hands)
        trick = tuple(self.trick)
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "trick", trick)
        for card in (*(c for h in hands for c in h), *trick):
            if not isinstance(card, Card):
                raise PositionError(f"hands and trick must hold Cards, not {card!r}")
        if players != 2:
            self._check_four_handed()
            return
        if len(trick) > 1:
            raise PositionError(f"the trick may hold only the card led, not {len(trick)} "
                                "cards: finish the trick before solving")
        _check_cards(profile, [*hands[0], *hands[1], *trick])
        lead_size, other_size = len(hands[self.leader]), len(hands[1 - self.leader])
        if trick:
            if lead_size + 1 != other_size:
                raise PositionError(
                    f"player {self.leader} led {card_token(trick[0])}, so must hold one card "
                    f"fewer than player {1 - self.leader}: holds {_cards(lead_size)}, "
                    f"player {1 - self.leader} holds {_cards(other_size)}")
        elif lead_size != other_size:
            raise PositionError(f"hands must be equal before a trick: player 0 holds "
                                f"{_cards(len(hands[0]))}, player 1 holds "
                                f"{_cards(len(hands[1]))}")
        _check_tricks_left(profile, other_size)

    def _check_four_handed(self) -> None:
        """Three or four hands: the trick holds the cards played from the leader."""
        profile, hands, trick = self.profile, self.hands, self.trick
        n = len(hands)
        if len(trick) > n - 1:
            raise PositionError(f"the trick may hold at most {n - 1} cards (one per seat "
                                f"before the last), not {len(trick)}: finish the trick "
                                f"before solving")
        _check_cards(profile, [c for h in hands for c in h] + list(trick))
        to_move = (self.leader + len(trick)) % n
        size = len(hands[to_move])
        for i in range(n):
            seat = (self.leader + i) % n
            expected = size - 1 if i < len(trick) else size
            if len(hands[seat]) != expected:
                played = ("has played to this trick, so must hold one card fewer than"
                          if i < len(trick) else "has not played to this trick yet, so must "
                          "hold as many cards as")
                raise PositionError(
                    f"seat {seat} {played} seat {to_move} (to move, "
                    f"{_cards(size)}): holds {_cards(len(hands[seat]))}")
        _check_tricks_left(profile, size)

    # ------------------------------------------------------------------ views
    @property
    def players(self) -> int:
        """Number of hands (seats): 2, or 4 in a partnership play-off."""
        return len(self.hands)

    @property
    def to_move(self) -> int:
        """The player who plays the next card."""
        return (self.leader + len(self.trick)) % len(self.hands)

    @property
    def tricks_left(self) -> int:
        """Tricks still to finish, the current one included."""
        return len(self.hands[self.to_move])

    @property
    def lead(self) -> Card | None:
        return self.trick[0] if self.trick else None

    def hand_ids(self, player: int) -> list[int]:
        return [card.id for card in self.hands[player]]

    # --------------------------------------------------------- construction
    @classmethod
    def from_playoff(
        cls,
        profile: Profile,
        trump: int | Suit | None,
        hands: Sequence[Iterable[int | Card]],
        leader: int,
        trick: Iterable[int | Card] = (),
    ) -> Position:
        """Build a position from plain deal data: card ids (or Cards) per player,
        the trump suit as an int (or ``None``), the player leading the current trick
        and the card(s) already played to it, in play order."""
        if len(hands) != profile.players:
            raise PositionError(f"a position of {profile.name!r} has {_hand_count(profile)} "
                                f"hands, not {len(hands)}")
        cards = _assign_copies([*(list(h) for h in hands), list(trick)], profile.packs)
        return cls(profile, _parse_trump(trump), _parse_leader(leader, profile.players),
                   tuple(tuple(h) for h in cards[:-1]), tuple(cards[-1]))

    # -------------------------------------------------------------- JSON form
    def to_dict(self) -> dict[str, Any]:
        """The JSON form as a dict (see the module docstring)."""
        data: dict[str, Any] = {"variant": self.profile.name}
        options = profile_options(self.profile)
        if options:
            data["options"] = options
        data["trump"] = self.trump.letter if self.trump is not None else None
        data["leader"] = self.leader
        data["hands"] = [[card_token(c) for c in hand] for hand in self.hands]
        data["trick"] = [card_token(c) for c in self.trick]
        return data

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], profile: Profile | None = None) -> Position:
        """Read the JSON form. ``profile`` overrides ``variant`` and ``options``."""
        if not isinstance(data, Mapping):
            raise PositionError("a position must be a JSON object")
        known = {"variant", "options", "trump", "leader", "hands", "trick"}
        extra = set(data) - known
        if extra:
            raise PositionError(f"unknown position field(s): {listed(extra)}")
        if profile is None:
            options = data.get("options", {})
            if not isinstance(options, Mapping):
                raise PositionError("options must be an object, e.g. {\"packs\": 6}")
            profile = profile_with_options(data.get("variant", "two-handed"), options)
        if "hands" not in data:
            raise PositionError("missing field 'hands'")
        players = profile.players
        if "leader" not in data:
            seats = "0 or 1" if players == 2 else f"a seat 0..{players - 1}"
            raise PositionError(f"missing field 'leader' ({seats})")
        hands = data["hands"]
        if not isinstance(hands, list) or len(hands) != players:
            got = f", not {len(hands)}" if isinstance(hands, list) else ""
            raise PositionError(f"hands must be a list of {_hand_count(profile)} lists of "
                                f"cards for {profile.name!r}{got}")
        trick = data.get("trick", [])
        groups: list[list[Any]] = []
        named = [(f"hand {i}", h) for i, h in enumerate(hands)] + [("trick", trick)]
        for name, group in named:
            if isinstance(group, str):
                group = group.replace(",", " ").split()
            if not isinstance(group, list):
                raise PositionError(f"{name} must be a list of cards")
            groups.append(group)
        cards = _assign_copies(groups, profile.packs)
        return cls(profile, _parse_trump(data.get("trump")),
                   _parse_leader(data["leader"], players),
                   tuple(tuple(h) for h in cards[:-1]), tuple(cards[-1]))

    @classmethod
    def from_json(cls, text: str | bytes | Mapping[str, Any]) -> Position:
        """Read the JSON form from a string (or an already parsed dict)."""
        if isinstance(text, Mapping):
            return cls.from_dict(text)
        try:
            data = json.loads(text)
        except (ValueError, TypeError) as exc:
            raise PositionError(f"position is not valid JSON: {json_problem(exc)}") from exc
        return cls.from_dict(data)

    # -------------------------------------------------------------- text form
    def to_text(self) -> str:
        """The one-line text form, ``variant/trump/leader/hand0/hand1/trick``
        (four hands in a four-handed play-off)."""
        variant = self.profile.name
        for name, value in profile_options(self.profile).items():
            variant += f",{name}={_format_option(value)}"

        def cards(group: Sequence[Card]) -> str:
            return " ".join(card_token(c) for c in group) or NONE_MARK

        trump = self.trump.letter if self.trump is not None else NONE_MARK
        return "/".join((variant, trump, str(self.leader),
                         *(cards(h) for h in self.hands), cards(self.trick)))

    @classmethod
    def from_text(cls, text: str) -> Position:
        """Read the one-line text form; the trick field may be left out."""
        if not isinstance(text, str):
            raise PositionError("a text position must be a string")
        fields = [f.strip() for f in text.strip().split("/")]
        head, *option_texts = fields[0].split(",")
        options = dict(_parse_option_text(t) for t in option_texts)
        profile = profile_with_options(head.strip() or "two-handed", options)
        players = profile.players
        if len(fields) == 3 + players:
            fields.append(NONE_MARK)
        if len(fields) != 4 + players:
            hand_names = "/".join(f"hand{i}" for i in range(players))
            raise PositionError(
                f"a text position of {profile.name!r} has {4 + players} fields separated "
                f"by '/' (variant/trump/leader/{hand_names}/trick), not {len(fields)}")

        def tokens(field: str) -> list[str]:
            return [] if field in ("", NONE_MARK) else field.replace(",", " ").split()

        cards = _assign_copies([tokens(f) for f in fields[3:]], profile.packs)
        return cls(profile, _parse_trump(fields[1]), _parse_leader(fields[2], players),
                   tuple(tuple(h) for h in cards[:-1]), tuple(cards[-1]))

    @classmethod
    def parse(cls, text: str) -> Position:
        """Read either form: a line starting with ``{`` (or ``[``) is JSON, anything
        else text."""
        if not isinstance(text, str):
            raise PositionError("a position must be a string of text or JSON")
        stripped = text.strip()
        if stripped.startswith(("{", "[")):
            return cls.from_json(stripped)
        return cls.from_text(stripped)

    def __str__(self) -> str:
        return self.to_text()
