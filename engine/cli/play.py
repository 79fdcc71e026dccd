"""``bezique play``: play one deal (or a whole game) with random legal actions and
print the event log with its explanations."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

from engine.cli.arguments import count_arg, variant_help
from engine.errors import BeziqueError, UsageError
from engine.notation.cards import card_text
from engine.rules.deal import Deal
from engine.rules.game import Game
from engine.rules.penalties import attempts
from engine.rules.profile import apply_option, load_profile
from engine.text.event_names import event_name, player_label


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("play", help="play deals with random legal actions")
    parser.add_argument("--variant", default="two-handed", metavar="NAME",
                        help=variant_help())
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--deals", type=count_arg(1, 1_000_000_000), default=1,
                        help="play this many seeded deals (seed, seed+1, ...)")
    parser.add_argument("--game", action="store_true", help="play a whole game to the target")
    parser.add_argument("--option", action="append", default=[], metavar="ID=CHOICE",
                        help="play a named option where the sources disagree, e.g. "
                             "last_trick_bonus=club_250 (see engine/variants/options.toml)")
    parser.add_argument("--lang", choices=("en", "ru"), default="en",
                        help="the language of the log: en (default) or ru")
    parser.add_argument("--json", action="store_true", help="print events as JSON Lines")
    parser.add_argument("--quiet", action="store_true", help="print only the summary")
    parser.set_defaults(run=run)


INFRACTION_RATE = 0.05  # table-rules mode: how often the random player breaks a rule


def random_deal(deal: Deal, rng: random.Random) -> Deal:
    """Random legal play; in table-rules mode (``infractions = "penalise"``) the
    player now and then commits a fined infraction instead."""
    table_rules = deal.profile.infractions == "penalise"
    while not deal.is_over:
        tries = attempts(deal) if table_rules and rng.random() < INFRACTION_RATE else []
        deal.apply(rng.choice(tries)[1] if tries else rng.choice(deal.legal_actions()))
    return deal


def _print_events(deal: Deal, args: argparse.Namespace) -> None:
    for event in deal.events:
        if args.json:
            print(json.dumps(event.to_json(args.lang), ensure_ascii=False))
            continue
        # one notation per language: Т К Д В in Russian (the log keeps copy marks)
        cards = " ".join(card_text(c, args.lang, copy=True) for c in event.cards)
        who = player_label(event.player, args.lang)
        points = f"{event.points:+d}" if event.points else ""
        head = f"{event_name(event.type, args.lang):<17} {who:<3} {points:>5} {cards}".rstrip()
        print(head)
        for line in event.explain(args.lang):
            print(f"      · {line}")


def run(args: argparse.Namespace) -> int:
    try:
        profile = load_profile(args.variant)
        for setting in args.option:
            option_id, _, choice = setting.partition("=")
            profile = apply_option(profile, option_id, choice)
    except BeziqueError as exc:
        raise UsageError(str(exc)) from exc
    if args.game:
        rng = random.Random(args.seed)
        game = Game.new(profile, rng)
        while True:
            random_deal(game.deal, rng)
            if not args.quiet:
                _print_events(game.deal, args)
            event = game.next_deal()
            print(" · ".join(event.explain(args.lang)))
            if game.is_over:
                return 0
    started = time.perf_counter()
    for offset in range(args.deals):
        seed = args.seed + offset
        rng = random.Random(seed)
        deal = random_deal(Deal.new(profile, rng, dealer=seed % profile.players), rng)
        if not args.quiet:
            _print_events(deal, args)
    elapsed = time.perf_counter() - started
    if args.deals > 1 or args.quiet:
        rate = args.deals / max(elapsed, 1e-9)
        print(f"{args.deals} deals in {elapsed:.2f} s: {rate:.0f} deals/s", file=sys.stderr)
    return 0
