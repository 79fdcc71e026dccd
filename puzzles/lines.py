"""The play-off lines a solver returns, walked trick by trick: who wins each trick,
which brisques change sides, and the themes the best line shows against the
refutation of every worse card (:func:`themes`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.notation.cards import Rank, parse_card
from engine.rules.profile import Profile
from engine.rules.trick_scoring import trick_value
from engine.rules.tricks import is_brisque, trick_best
from engine.solver import Position, Solution

# --- walking a line ------------------------------------------------------------------

def side_of(seat: int, players: int = 2) -> int:
    """The side of a seat: itself with two or three players; partners {0, 2} and
    {1, 3} share a side with four."""
    return seat if players == 3 else seat % 2


@dataclass(frozen=True, slots=True)
class Trick:
    leader: int
    cards: tuple[int, ...]   # kinds in play order from the leader
    winner: int

    def seat(self, index: int) -> int:
        return (self.leader + index) % len(self.cards)


def tricks_of(position: Position, plays: Sequence[tuple[int, str]]) -> list[Trick]:
    """The complete tricks of a line (``(player, face)`` per card) from ``position``."""
    trump = None if position.trump is None else int(position.trump)
    seats = position.players
    leader = position.leader
    cards = [c.kind for c in position.trick]
    out: list[Trick] = []
    for player, face in plays:
        if not cards:
            leader = player
        cards.append(parse_card(face).kind)
        if len(cards) == seats:
            winner = (leader + trick_best(cards, trump)) % seats
            out.append(Trick(leader, tuple(cards), winner))
            leader, cards = winner, []
    return out


def trick_points(position: Position, face: str) -> tuple[int, int] | None:
    """(winner, points) when ``face`` completes the trick on the table: brisques,
    what the trick itself scores (002, 004) and, for the last trick, the last-trick
    bonus; ``None`` when it does not."""
    if len(position.trick) != position.players - 1:
        return None
    profile = position.profile
    cards = [c.kind for c in position.trick] + [parse_card(face).kind]
    trump = None if position.trump is None else int(position.trump)
    winner = (position.leader + trick_best(cards, trump)) % position.players
    points = profile.scoring.brisque_points * sum(map(is_brisque, cards))
    points += trick_value(profile, cards, playoff=True)   # 002 trick points, 004 card values
    if position.tricks_left == 1:
        points += profile.scoring.last_trick_bonus
    return winner, points


@dataclass
class LineFacts:
    last_won: bool | None = None  # the mover's side wins the last trick
    lost_own: int = 0          # the mover's side's brisques captured by the other side
    tens_taken: int = 0        # the other side's tens captured by the mover's side
    aces_taken: int = 0
    identical: bool = False    # a trick holding identical cards
    winners: list[int] = field(default_factory=list)
    # The cards that score when taken (:func:`scores_when_taken`), by kind: the mover's
    # side's lost to the other side, and the other side's the mover's side captures.
    lost_cards: list[int] = field(default_factory=list)
    taken_cards: list[int] = field(default_factory=list)


def scores_when_taken(profile: Profile, kind: int) -> bool:
    """Whether a card scores for the side that takes it: its card value where cards
    have values (004's card-point game: kings, queens and jacks too), else a brisque
    (an ace or a ten: brisques, or 002's trick with an ace or a ten)."""
    if profile.card_points.any:
        return profile.card_points.of_rank(kind % 8) > 0
    return is_brisque(kind)


def facts(position: Position, plays: Sequence[tuple[int, str]], mover: int) -> LineFacts:
    f = LineFacts()
    n = position.players
    ours = side_of(mover, n)
    for trick in tricks_of(position, plays):
        won = side_of(trick.winner, n) == ours
        for index, kind in enumerate(trick.cards):
            mine = side_of(trick.seat(index), n) == ours
            if scores_when_taken(position.profile, kind) and mine != won:
                (f.lost_cards if mine else f.taken_cards).append(kind)
            if not is_brisque(kind):
                continue
            if mine and not won:
                f.lost_own += 1
            if not mine and won:
                if kind % 8 == Rank.TEN:
                    f.tens_taken += 1
                else:
                    f.aces_taken += 1
        f.identical |= len(set(trick.cards)) < len(trick.cards)
        f.winners.append(trick.winner)
    f.last_won = side_of(f.winners[-1], n) == ours if f.winners else None
    return f


def _plays(players: Sequence[int], faces: Sequence[str]) -> list[tuple[int, str]]:
    return list(zip(players, faces, strict=True))


def themes(solution: Solution) -> list[str]:
    """Rules on the best line against the refutation lines:

    * ``last_trick``: the best line wins the last trick, some worse card loses it;
    * ``save_brisque``: some worse card lets the opponents capture more of your
      side's aces and tens than the best line does;
    * ``force_ten`` / ``capture_ace``: the best line captures more of the
      opponent's tens / aces than some worse card;
    * ``draw_trumps``: you lead a trump while an opponent still holds trumps;
    * ``ruff``: you trump a plain-suit lead;
    * ``feed_partner`` (four-handed): you add an ace or ten to a trick your
      partner holds and your side wins it;
    * ``identical_cards``: the best line has a trick holding identical cards
      (the first played wins);
    * ``opening_lead`` (first lead of the play-off), ``short`` (3 tricks or fewer),
      ``long`` (6 or more).
    """
    pos = solution.position
    mover = solution.to_move
    trump = None if pos.trump is None else int(pos.trump)
    best = facts(pos, _plays(solution.line_players, solution.line), mover)
    worse = [facts(pos, [(mover, r.move), *_plays(r.line_players, r.line)], mover)
             for r in solution.refutations]
    out: list[str] = []
    if best.last_won and any(not w.last_won for w in worse):
        out.append("last_trick")
    if any(w.lost_own > best.lost_own for w in worse):
        out.append("save_brisque")
    if any(w.tens_taken < best.tens_taken for w in worse):
        out.append("force_ten")
    if any(w.aces_taken < best.aces_taken for w in worse):
        out.append("capture_ace")
    first = parse_card(solution.line[0]).kind
    opponent_trumps = trump is not None and any(
        c.suit == trump for seat, hand in enumerate(pos.hands)
        if side_of(seat, pos.players) != side_of(mover, pos.players) for c in hand)
    if not pos.trick and trump is not None and first // 8 == trump and opponent_trumps:
        out.append("draw_trumps")
    if pos.trick and trump is not None and first // 8 == trump and pos.trick[0].suit != trump:
        out.append("ruff")
    if pos.trick and is_brisque(first):
        kinds = [c.kind for c in pos.trick]
        holder = (pos.leader + trick_best(kinds, trump)) % pos.players
        n = pos.players
        if holder != mover and side_of(holder, n) == side_of(mover, n) and \
                side_of(best.winners[0], n) == side_of(mover, n):
            out.append("feed_partner")
    if best.identical:
        out.append("identical_cards")
    if not pos.trick and pos.tricks_left == pos.profile.playoff_tricks:
        out.append("opening_lead")
    if pos.tricks_left <= 3:
        out.append("short")
    elif pos.tricks_left >= 6:
        out.append("long")
    return out
