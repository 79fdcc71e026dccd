"""Random deals per variant, checking the invariants on every deal; prints timings.

    python scripts/bench_variants.py --deals 10000
    python scripts/bench_variants.py --deals 10000 --variant no-trump --option players=3
    python scripts/bench_variants.py --deals 10000 --variant club --option infractions=penalise
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from engine.cli.play import random_deal
from engine.rules.deal import Deal
from engine.rules.profile import apply_option, load_profile, variant_names


def check(deal: Deal) -> None:
    profile = deal.profile
    assert sorted(deal.every_card()) == list(profile.deck_ids()), "cards not conserved"
    for p in range(profile.players):
        assert deal.scores[p] == sum(e.points for e in deal.events if e.player == p)
    for p in range(profile.players):
        assert deal.laid[p] <= set(deal.won[p]), "a laid-out card was not captured"
    assert all(e.citation for e in deal.events if e.points), "a point without its source"
    declared = [(e.player, e.meld) for e in deal.events if e.type == "declare"]
    once = [d for d in declared if profile.has_meld(d[1]) and profile.meld(d[1]).once]
    assert len(once) == len(set(once)), "a ladder step scored twice"
    sevens = [e.cards[0] for e in deal.events if e.type == "dix" and e.points]
    assert len(sevens) == len(set(sevens)), "a seven of trumps counted twice"
    if profile.playoff.split_pairs and deal.game_meld_side is None:
        # 000, four-handed: two play-offs of a hand each, between the two sides
        assert deal.duel_tricks == [profile.hand_size] * 2, "a play-off left unfinished"
        assert all(profile.team(a) != profile.team(b) for a, b in deal.duels)
        assert deal.tricks_played == profile.tricks_per_deal


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--variant", action="append")
    parser.add_argument("--option", action="append", default=[], metavar="ID=CHOICE",
                        help="a named option, e.g. infractions=penalise (random play then "
                             "also commits fined infractions)")
    args = parser.parse_args()
    for name in args.variant or variant_names():
        profile = load_profile(name)
        for setting in args.option:
            option_id, _, choice = setting.partition("=")
            profile = apply_option(profile, option_id, choice)
            name += f",{setting}"
        fines = 0
        started = time.perf_counter()
        skipped = 0
        for seed in range(args.deals):
            rng = random.Random(seed)
            deal = random_deal(Deal.new(profile, rng, dealer=seed % profile.players), rng)
            check(deal)
            fines += sum(1 for e in deal.events if e.type == "penalty")
            skipped += any(e.type == "playoff_skipped" for e in deal.events)
        elapsed = time.perf_counter() - started
        print(f"{name:<22} {args.deals} deals, invariants held, {elapsed:7.1f} s, "
              f"{args.deals / elapsed:6.0f} deals/s, play-off skipped in {skipped}, "
              f"fines {fines}")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
