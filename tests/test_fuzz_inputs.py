"""Fuzz of every input the project reads (issue 23, item 5): card and action notation,
solver positions (text and JSON), ``bezique melds`` requests, saves (and game logs with
another variant's options), hand-built actions of the wrong types, puzzle bank records
and database addresses with credentials. Each input either parses or raises the
project's own error type, never a bare Python exception. Bounded: a fixed number of
derandomized examples per test, a few seconds each."""

from __future__ import annotations

import copy
import json
import random
from functools import cache
from typing import Any
from urllib.parse import quote

import pytest
import sweep
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from engine.errors import BeziqueError, CorruptSaveError
from engine.notation.actions import Action, ActionType, well_formed
from engine.notation.cards import Suit, parse_card, parse_cards
from engine.rules.deal import Deal
from engine.rules.game import Game
from engine.rules.meld_query import query
from engine.rules.profile import load_profile, options, variant_names, variant_options
from engine.rules.replay import load_game
from engine.solver import Position, solve
from engine.solver.position import OPTION_FIELDS
from puzzles import bank
from puzzles.dsn import redact
from puzzles.store import ProgressStoreError, open_store
from puzzles.store_db import POOLS

FUZZ = settings(max_examples=sweep.count(100, 600), deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

DIGITS = "0123456789²١１"
VARIANTS = ["two-handed", "rubicon", "chinese", "eight-pack", "rubicon-four-handed", "nope", ""]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**30, 10**30) | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=12)

card_tokens = st.builds(
    lambda rank, suit, mark: rank + suit + mark,
    st.sampled_from(["A", "T", "10", "K", "Q", "J", "9", "8", "7", "Д", "В", "Т", "К", "x", ""]),
    st.sampled_from(["S", "H", "D", "C", "♠", "♥", "п", "ч", "z", ""]),
    st.one_of(st.just(""), st.text(DIGITS, max_size=3).map(lambda d: "#" + d)))

option_texts = st.builds(
    lambda name, value: f"{name}={value}",
    st.sampled_from([*OPTION_FIELDS, "colour", ""]),
    st.one_of(st.integers(-20, 70).map(str), st.sampled_from(
        ["--5", "²", "+5", "true", "false", "count", "9" * 5000, "", "1.5"])))


def hand_text(cards: list[str]) -> str:
    return " ".join(cards) or "-"


position_texts = st.builds(
    lambda variant, options, trump, leader, hands: "/".join(
        [",".join([variant, *options]), trump, leader, *map(hand_text, hands)]),
    st.sampled_from(VARIANTS), st.lists(option_texts, max_size=3),
    st.sampled_from(["S", "H", "D", "C", "-", "Z", ""]),
    st.sampled_from(["0", "1", "2", "3", "x", "-1", "²"]),
    st.lists(st.lists(card_tokens, max_size=3), min_size=1, max_size=6))


def _solve_if_small(position: Position) -> None:
    if position.tricks_left <= 3:
        solve(position)


# --- notation -----------------------------------------------------------------------------

@FUZZ
@given(st.one_of(card_tokens, st.text(max_size=15), json_values))
def test_card_and_action_notation(token: Any) -> None:
    for parse in (parse_card, parse_cards, Suit.parse, Action.parse,
                  lambda t: Action.parse(f"play {t}"), lambda t: Action.parse(f"declare x {t}")):
        try:
            parse(token)
        except BeziqueError:
            pass


# --- positions ----------------------------------------------------------------------------

@FUZZ
@given(st.one_of(position_texts, st.text(max_size=60)))
def test_position_text(text: str) -> None:
    try:
        position = Position.parse(text)
    except BeziqueError:
        return
    assert Position.parse(position.to_text()) == position
    _solve_if_small(position)


@FUZZ
@given(st.fixed_dictionaries(
    {}, optional={"variant": st.sampled_from(VARIANTS) | json_values,
                  "options": st.dictionaries(st.sampled_from([*OPTION_FIELDS, "x"]),
                                             json_values | st.integers(-5, 20), max_size=3)
                  | json_values,
                  "trump": st.sampled_from(["S", "H", None, 3, 9, "Z"]) | json_values,
                  "leader": st.integers(-1, 4) | json_values,
                  "hands": st.lists(st.lists(card_tokens | json_values, max_size=3),
                                    max_size=5) | json_values,
                  "trick": st.lists(card_tokens, max_size=3) | json_values,
                  "\ud800": json_values}))
def test_position_json(data: dict[str, Any]) -> None:
    try:
        position = Position.from_dict(data)
    except BeziqueError:
        return
    _solve_if_small(position)


# --- melds requests -----------------------------------------------------------------------

@FUZZ
@given(st.one_of(json_values, st.fixed_dictionaries(
    {}, optional={"variant": st.sampled_from(VARIANTS) | json_values,
                  "trump": st.sampled_from(["S", "H", "D", "C", "Z"]) | json_values,
                  "hand": st.lists(card_tokens, max_size=8) | json_values,
                  "table": st.lists(card_tokens, max_size=4) | json_values,
                  "partner_table": st.lists(card_tokens, max_size=3) | json_values,
                  "history": st.lists(st.fixed_dictionaries(
                      {"meld": st.sampled_from(["marriage", "bezique", "x"]) | json_values,
                       "cards": st.lists(card_tokens, max_size=4) | json_values}),
                      max_size=3) | json_values,
                  "\ud800": json_values})))
def test_melds_requests(request_obj: Any) -> None:
    try:
        query(request_obj)
    except BeziqueError:
        pass


# --- tree mutations of real saves and records ---------------------------------------------

def _paths(tree: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(tree, dict):
        for key, value in tree.items():
            out += _paths(value, (*prefix, key))
    elif isinstance(tree, list):
        for index, value in enumerate(tree):
            out += _paths(value, (*prefix, index))
    return out


def mutate(tree: Any, data: st.DataObject) -> Any:
    """``tree`` with one to three nodes replaced, dropped or given a card token."""
    tree = copy.deepcopy(tree)
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(_paths(tree)))
        if not path:
            return data.draw(json_values)
        parent = tree
        for key in path[:-1]:
            parent = parent[key]
        how = data.draw(st.sampled_from(["replace", "drop", "card"]))
        if how == "drop":
            del parent[path[-1]]
        else:
            parent[path[-1]] = data.draw(card_tokens if how == "card" else json_values)
    return tree


def _deal_save() -> dict[str, Any]:
    deal = Deal.new(load_profile("two-handed"), random.Random(7))
    rng = random.Random(7)
    for _ in range(12):
        deal.apply(rng.choice(deal.legal_actions()))
    return deal.to_json()


DEAL_SAVE = _deal_save()
GAME_SAVE = {**Game.new(load_profile("two-handed"), random.Random(7)).to_json(),
             "deals": [DEAL_SAVE]}


@FUZZ
@given(st.data())
def test_saves(data: st.DataObject) -> None:
    deal = mutate(DEAL_SAVE, data)
    game = mutate(GAME_SAVE, data)
    for load in (lambda: Deal.from_json(deal), lambda: Deal.loads(json.dumps(deal)),
                 lambda: Game.from_json(game), lambda: load_game(json.dumps(game)),
                 lambda: load_game(json.dumps(game).encode("utf-8", "surrogatepass"))):
        try:
            load()
        except CorruptSaveError:
            pass


@settings(max_examples=100, deadline=None, derandomize=True)
@given(st.binary(max_size=200) | st.text(max_size=200))
def test_save_bytes(blob: bytes | str) -> None:
    for load in (Deal.loads, Game.loads, load_game):
        try:
            load(blob)
        except CorruptSaveError:
            pass


RECORDS = [bank.load(kind)[i] for kind in ("meld", "endgame") for i in range(3)]


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.data())
def test_bank_records(data: st.DataObject) -> None:
    record = mutate(data.draw(st.sampled_from(RECORDS)), data)
    if bank.malformed(record):
        return
    try:
        assert isinstance(bank.verify(record), list)
    except BeziqueError:
        pass


# --- game logs with options of another variant ------------------------------------------

FOREIGN = [(variant, option.id, choice.name) for variant in variant_names()
           for option in options() if not option.applies_to(variant)
           for choice in option.choices]


@cache
def _game_save(variant: str) -> dict[str, Any]:
    game = Game.new(load_profile(variant), random.Random(11))
    rng = random.Random(11)
    for _ in range(6):
        game.deal.apply(rng.choice(game.deal.legal_actions()))
    return game.to_json()


@FUZZ
@given(st.sampled_from(FOREIGN), st.data())
def test_game_logs_with_foreign_options_are_refused(foreign: tuple[str, str, str],
                                                    data: st.DataObject) -> None:
    """N1: an option not of the game's variant (alone or among its own) is refused."""
    variant, option_id, choice = foreign
    save = copy.deepcopy(_game_save(variant))
    own = [[o.id, c.name] for o in variant_options(variant) for c in o.choices]
    chosen = data.draw(st.lists(st.sampled_from(own), max_size=2)) if own else []
    at = data.draw(st.integers(0, len(chosen)))
    save["options"] = [*chosen[:at], [option_id, choice], *chosen[at:]]
    for text in (json.dumps(save), json.dumps(save).encode()):
        with pytest.raises(CorruptSaveError):
            load_game(text)


# --- actions of the wrong types ---------------------------------------------------------

@cache
def _positions() -> tuple[tuple[str, tuple[tuple[str, str], ...], int], ...]:
    """(variant, options, steps) of positions to probe, fines included where they exist."""
    out = []
    for variant in variant_names():
        fined = tuple(("infractions", "penalise") for o in variant_options(variant)
                      if o.id == "infractions")
        for chosen in {(), fined}:
            out += [(variant, chosen, steps) for steps in (0, 5, 17)]
    return tuple(out)


def _deal_at(variant: str, chosen: tuple[tuple[str, str], ...], steps: int) -> Deal:
    deal = Deal.new(load_profile(variant, chosen), random.Random(steps))
    rng = random.Random(steps)
    for _ in range(steps):
        if deal.is_over:
            break
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


wrong_card = st.one_of(st.floats(allow_nan=True), st.text(max_size=4), st.booleans(),
                       st.none(), st.integers(-5, -1), st.lists(st.integers(0, 3), max_size=2))
wrong_type = st.one_of(st.sampled_from([t.value for t in ActionType]), st.text(max_size=8),
                       st.integers(-2, 9), st.none())


@FUZZ
@given(st.sampled_from(_positions()), st.data())
def test_actions_of_the_wrong_types_are_refused(position: tuple[str, Any, int],
                                                data: st.DataObject) -> None:
    """N4: an action that compares equal to a legal one but is built of the wrong
    types (a str type, float or bool card ids, a list, a non-str meld) is refused with
    the engine's error, and the deal is left exactly as it was."""
    deal = _deal_at(*position)
    if deal.is_over:
        return
    legal = data.draw(st.sampled_from(deal.legal_actions()))
    kind, cards, meld = legal.type, legal.cards, legal.meld
    broken = data.draw(st.sets(st.sampled_from(["type", "card", "cards", "meld"]),
                               min_size=1))
    if "type" in broken:
        kind = data.draw(wrong_type)
    if "card" in broken and cards:
        at = data.draw(st.integers(0, len(cards) - 1))
        cards = (*cards[:at], data.draw(wrong_card), *cards[at + 1:])
    if "cards" in broken:   # the whole tuple of the wrong kind
        cards = data.draw(st.sampled_from([list(legal.cards), str(legal.cards), None,
                                           tuple(float(c) for c in legal.cards)]))
    if "meld" in broken:
        meld = data.draw(st.one_of(st.none(), st.integers(), st.binary(max_size=3)))
    action = Action(kind, cards, meld)   # type: ignore[arg-type]
    assume(not well_formed(action))
    before = json.dumps(deal.to_json(), sort_keys=True)
    events = len(deal.events)
    with pytest.raises(BeziqueError):
        deal.apply(action)
    assert json.dumps(deal.to_json(), sort_keys=True) == before
    assert len(deal.events) == events and deal.legal_actions()


# --- database addresses with credentials -------------------------------------------------

passwords = st.text(st.characters(min_codepoint=33, max_codepoint=0x24F,
                                  blacklist_characters="'\\\""), min_size=6, max_size=16)


def _targets(password: str, form: str) -> str:
    encoded = quote(password, safe="")
    return {
        "url": f"postgresql://bezique:{encoded}@127.0.0.1:1/bezique?connect_timeout=2",
        "raw": f"postgresql://bezique:{password}@127.0.0.1:1/bezique",
        "query": f"postgresql://bezique@127.0.0.1:1/bezique?password={encoded}",
        "conninfo": f"host=127.0.0.1 port=1 dbname=bezique user=bezique "
                    f"password='{password}' connect_timeout=2",
    }[form]


@settings(max_examples=sweep.count(40, 200), deadline=None, derandomize=True)
@given(passwords, st.sampled_from(["url", "raw", "query", "conninfo"]))
def test_no_password_in_a_store_error(password: str, form: str) -> None:
    """N2: whatever the password and the form of the address, the store's error (its
    text and every error chained to it) never shows it, raw or percent-encoded."""
    assume(password.strip() == password and not password.isdigit())
    target = _targets(password, form)
    secrets = {password, quote(password, safe=""), quote(password)}
    assert not any(s in redact(f"failed for {target}: {target!r}", target) for s in secrets)
    try:
        with pytest.raises(ProgressStoreError) as caught:
            open_store(target)
    finally:
        POOLS.close()
    chain: BaseException | None = caught.value
    while chain is not None:
        assert not any(s in str(chain) for s in secrets), (form, str(chain))
        chain = chain.__cause__
