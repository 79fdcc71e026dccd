"""The ``bezique melds`` contract: a JSON request about a position, answered with the
melds it allows or refuses and why (the CLI command, the meld explainer, the trainers
and the lessons ask it).

A request with a ``"trick"`` asks what winning that trick scores where combinations
come from captured cards (000, :mod:`engine.rules.captures`); any other asks what the
hand may declare (:mod:`engine.rules.melds`).
"""

from __future__ import annotations

from typing import Any

from engine.errors import PositionError, listed
from engine.notation.cards import Card, Suit, parse_card
from engine.rules.captures import score_capture, seven_step
from engine.rules.melds import ScoredMeld, Verdict, all_verdicts, judge
from engine.rules.profile import MeldSpec, load_profile

MAX_QUERY_CARDS = 200


def _cards(value: Any, field: str, packs: int, deck: frozenset[int] = frozenset()
           ) -> list[int]:
    """Card ids of a request's list; ``deck`` (when given) holds every card the
    variant has (004's 18-card game: no sevens or eights, three nines a suit, jokers)."""
    if not isinstance(value, list) or len(value) > MAX_QUERY_CARDS:
        raise PositionError(f"{field!r} must be a list of cards")
    ids = []
    for token in value:
        card = parse_card(token)
        if deck and card.id not in deck:
            raise PositionError(f"{field!r}: the variant has no card {token!r}")
        if card.copy > packs and not deck:
            raise PositionError(f"{field!r}: {token!r} has copy {card.copy} but the variant "
                                f"has {packs} packs")
        ids.append(card.id)
    return ids


def _staleness(verdict: Verdict, used: frozenset[int]) -> int:
    return sum(1 for c in verdict.cards if c in used)


def query(obj: Any, lang: str = "en") -> dict[str, Any]:
    """Answer one ``bezique melds`` request (docs/cli.md): legal and refused melds,
    with explanations in ``lang`` ("en" or "ru")."""
    if not isinstance(obj, dict):
        raise PositionError("a melds request must be a JSON object")
    if "trick" in obj:  # 000: what a won trick scores where melds come from captures
        return capture_query(obj, lang)
    unknown = set(obj) - {"variant", "trump", "hand", "table", "partner_table", "history"}
    if unknown:
        raise PositionError(f"unknown field(s): {listed(unknown)}")
    variant = obj.get("variant", "two-handed")
    if not isinstance(variant, str):
        raise PositionError("'variant' must be a string")
    profile = load_profile(variant)
    trump_text = obj.get("trump")
    if trump_text is None:
        if profile.turn_up:
            raise PositionError("'trump' is required for this variant")
        trump: int | None = None
    elif isinstance(trump_text, str):
        trump = int(Suit.parse(trump_text))
    else:
        raise PositionError("'trump' must be a suit letter such as \"D\"")
    deck = frozenset(profile.deck_ids()) if profile.jokers or profile.pack_ranks \
        else frozenset()
    hand = _cards(obj.get("hand", []), "hand", profile.packs, deck)
    table = _cards(obj.get("table", []), "table", profile.packs, deck)
    holding = hand + table
    if len(set(holding)) != len(holding):
        raise PositionError("a card appears twice in hand and table")
    if len(holding) > profile.hand_size:
        raise PositionError(f"hand and table hold {len(holding)} cards; a hand has at most "
                            f"{profile.hand_size}")
    partner_table = _cards(obj.get("partner_table", []), "partner_table", profile.packs, deck)
    if partner_table and not profile.declaring.use_partner_table:
        raise PositionError("this variant does not let a player use the partner's cards")
    if set(partner_table) & set(holding) or len(partner_table) > profile.hand_size:
        raise PositionError("'partner_table' must be the partner's own exposed cards")
    holding += partner_table
    raw_history = obj.get("history", [])
    if not isinstance(raw_history, list) or len(raw_history) > MAX_QUERY_CARDS:
        raise PositionError("'history' must be a list of declarations")
    parsed: list[tuple[MeldSpec, list[int]]] = []
    for index, entry in enumerate(raw_history):
        if not isinstance(entry, dict) or not isinstance(entry.get("meld"), str):
            raise PositionError(f"history[{index}] must be {{\"meld\": KIND, \"cards\": [...]}}")
        if not profile.has_meld(entry["meld"]):
            raise PositionError(f"history[{index}]: unknown meld {entry['meld']!r}")
        cards = _cards(entry.get("cards"), f"history[{index}].cards", profile.packs, deck)
        parsed.append((profile.meld(entry["meld"]), cards))
    # Cards of earlier melds no longer held have been played (this matters where
    # melds re-form after a card is played).
    played = frozenset(c for _, cards in parsed for c in cards) - frozenset(holding)
    history: list[ScoredMeld] = []
    for index, (spec, cards) in enumerate(parsed):
        verdict = judge(profile, spec, trump, cards, history, played)
        if not verdict.legal:
            raise PositionError(f"history[{index}] could not have been scored: "
                                + "; ".join(s.render() for s in verdict.steps))
        history.append(ScoredMeld(spec.kind, frozenset(cards)))
    used = frozenset(c for h in history for c in h.cards)
    best: dict[str, Verdict] = {}
    refused: dict[str, Verdict] = {}
    for verdict in all_verdicts(profile, trump, holding, history, played):
        kind = verdict.spec.kind
        if verdict.legal:
            best.setdefault(kind, verdict)
        elif kind not in refused or _staleness(verdict, used) < _staleness(refused[kind], used):
            # Report the attempt with the freshest cards: it shows the real obstacle.
            refused[kind] = verdict
    scored = {h.kind for h in history}
    rungs_after = {spec.after for spec in profile.melds if spec.after}

    def worth_saying(v: Verdict) -> bool:
        """A ladder's refusals only where they teach: the rung right after one that may
        be declared now, and the last rung already scored (not every rung above)."""
        if v.rule_id == "ladder.order":
            return v.spec.after in best
        if v.rule_id == "ladder.once":
            return not any(s.after == v.spec.kind and s.kind in scored
                           for s in profile.melds if v.spec.kind in rungs_after)
        return True

    refused = {k: v for k, v in refused.items() if worth_saying(v)}

    def card_list(v: Verdict) -> list[str]:
        return [str(Card.from_id(c)) for c in v.cards]
    return {
        "declarations": [
            {"meld": v.spec.kind, "points": v.points, "cards": card_list(v),
             # Both copies of a card give the same sentence: say it once.
             "rule": v.rule_id,
             "explanation": list(dict.fromkeys(s.render(lang) for s in v.steps))}
            for v in best.values()
        ],
        "refused": [
            {"meld": v.spec.kind, "cards": card_list(v), "rule": v.rule_id,
             # Only the step that refuses: notes that a card was free elsewhere
             # would read as if the meld were allowed.
             "why": v.steps[-1].render(lang)}
            for kind, v in refused.items() if kind not in best
        ],
    }


def capture_query(obj: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    """Answer a ``bezique melds`` capture request (000):
    ``{"variant", "trump", "laid", "trick", "history": [{"meld", "cards"}],
    "sevens_scored": [...]}`` (the last optional: sevens of trumps that scored before,
    such as a turned-up one) → ``{"declarations": [{"meld", "points", "cards", "rule",
    "explanation"}], "refused": [], "brisques": N, "sevens": [{"card", "points",
    "rule", "explanation"}], "laid_out": [...], "discarded": [...], "total": N}``."""
    unknown = set(obj) - {"variant", "trump", "laid", "trick", "history", "sevens_scored"}
    if unknown:
        raise PositionError(f"unknown field(s): {listed(unknown)}")
    variant = obj.get("variant")
    if not isinstance(variant, str):
        raise PositionError("'variant' must be a string")
    profile = load_profile(variant)
    if profile.declaring.source != "captured":
        raise PositionError(f"variant {variant!r} declares from the hand; a 'trick' request "
                            "is for variants whose melds come from captured cards")
    trump_text = obj.get("trump")
    if not isinstance(trump_text, str):
        raise PositionError("'trump' must be a suit letter such as \"D\"")
    trump = int(Suit.parse(trump_text))
    laid = _cards(obj.get("laid", []), "laid", profile.packs)
    trick = _cards(obj.get("trick"), "trick", profile.packs)
    if len(trick) != profile.players:
        raise PositionError(f"'trick' must hold {profile.players} cards")
    if len({*laid, *trick}) != len(laid) + len(trick):
        raise PositionError("a card appears twice in 'laid' and 'trick'")
    raw = obj.get("history", [])
    if not isinstance(raw, list):
        raise PositionError("'history' must be a list of declarations")
    history: list[ScoredMeld] = []
    for index, entry in enumerate(raw):
        if not isinstance(entry, dict) or not isinstance(entry.get("meld"), str) or \
                not profile.has_meld(entry["meld"]):
            raise PositionError(f"history[{index}] must be {{\"meld\": KIND, \"cards\": [...]}}"
                                " with a meld of the variant")
        history.append(ScoredMeld(entry["meld"], frozenset(
            _cards(entry.get("cards"), f"history[{index}].cards", profile.packs))))
    counted = _cards(obj.get("sevens_scored", []), "sevens_scored", profile.packs)
    capture = score_capture(profile, trump, laid, trick, history, counted=counted)
    points = profile.dix.points
    return {
        "declarations": [{"meld": v.spec.kind, "points": v.points,
                          "cards": [str(Card.from_id(c)) for c in v.cards], "rule": v.rule_id,
                          "explanation": [s.render(lang) for s in v.steps]}
                         for v in capture.melds],
        "refused": [], "brisques": capture.brisque_points,
        "sevens": [{"card": str(Card.from_id(c)), "points": points, "rule": "dix.capture",
                    "explanation": [seven_step(profile, c).render(lang)]}
                   for c in capture.sevens],
        "laid_out": [str(Card.from_id(c)) for c in capture.kept],
        "discarded": [str(Card.from_id(c)) for c in capture.dropped],
        "total": capture.total,
    }
