"""How fast stock-play puzzles can be found: the judge (:mod:`puzzles.stock_judge`) on
every decision of expert-against-expert games while the stock lasts, as a generator
would run it, with the CPU seconds each step takes (``time.process_time``, so other
work on the machine does not change the figures).

For every variant it plays ``--games`` expert games (the bots at ``--bot-deals`` deals a
decision, as ``bezique puzzles generate`` plays them) and judges each position with a
choice on ``--deals`` deals of the unseen cards, giving up after ``--screen`` deals
where some move is already close to the best. A position whose verdict is clear
(:func:`puzzles.stock_judge.is_clear_only_move`) is confirmed as a generator confirms
it (:func:`puzzles.stock_bank.find_puzzle`): ``CONFIRM_FACTOR`` times the deals, another
seed, ``CONFIRM_Z`` standard errors (:mod:`engine.bots.judgement`), the same answer. It prints per
variant the positions judged, the CPU seconds a judgement takes (median and mean), how
many were clear and confirmed, by question, and the puzzles a CPU minute makes (the
games' own time included).

    python scripts/bench_stock.py [--games N] [--deals D] [--screen S] [--no-confirm]
                                  [--bot-deals B] [VARIANT ...]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter

from engine.bots.coach import BotPlayer
from engine.bots.judgement import CONFIRM_FACTOR, CONFIRM_Z
from engine.rules.deal import Deal
from engine.rules.effects import distinct_effects
from engine.rules.profile import load_profile
from puzzles.stock_bank import (
    DEALS,
    SCREEN_DEALS,
    confirm_seed,
    confirms,
    judge_seed,
)
from puzzles.stock_judge import is_clear_only_move, judge_position


def bench(variant: str, games: int, deals: int, screen: int | None, confirm: bool,
          bot_deals: int) -> dict[str, object]:
    profile = load_profile(variant)
    judged: list[float] = []
    game_seconds = confirm_seconds = 0.0
    clear: Counter[str] = Counter()
    kept: Counter[str] = Counter()
    asked: Counter[str] = Counter()
    for game in range(games):
        deal = Deal.new(profile, random.Random(game), dealer=game % profile.players)
        bots = [BotPlayer("expert", random.Random(f"{game}:{seat}"), bot_deals)
                for seat in range(profile.players)]
        while not deal.is_over and not deal.in_playoff:
            seat = deal.to_move
            if len(distinct_effects(deal, deal.legal_actions())) > 1:
                start = time.process_time()
                verdict = judge_position(deal, seat, deals, judge_seed(deal),
                                         screen_deals=screen)
                judged.append(time.process_time() - start)
                asked[verdict.question] += 1
                if is_clear_only_move(verdict):
                    clear[verdict.question] += 1
                    start = time.process_time()
                    check = judge_position(deal, seat, CONFIRM_FACTOR * deals,
                                           confirm_seed(deal), CONFIRM_Z,
                                           screen_deals=deals) if confirm else verdict
                    confirm_seconds += time.process_time() - start
                    if confirms(verdict, check):
                        kept[verdict.question] += 1
            start = time.process_time()
            deal.apply(bots[seat].choose_in(deal, seat))
            game_seconds += time.process_time() - start
    total = sum(judged) + confirm_seconds + game_seconds
    return {"variant": variant, "positions": len(judged),
            "median": statistics.median(judged) if judged else 0.0,
            "mean": statistics.mean(judged) if judged else 0.0,
            "clear": sum(clear.values()), "kept": sum(kept.values()),
            "per_minute": 60 * sum(kept.values()) / total if total else 0.0,
            "cpu": total, "games_cpu": game_seconds, "confirm_cpu": confirm_seconds,
            "by_question": {q: f"{kept[q]}/{clear[q]}/{asked[q]}" for q in asked}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("variants", nargs="*", default=["two-handed"])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--deals", type=int, default=DEALS)
    parser.add_argument("--screen", type=int, default=SCREEN_DEALS)
    parser.add_argument("--no-confirm", action="store_true")
    parser.add_argument("--bot-deals", type=int, default=6)
    args = parser.parse_args()
    screen = args.screen or None
    print(f"deals {args.deals}, screen {screen}, confirm "
          f"{'no' if args.no_confirm else f'{CONFIRM_FACTOR}x'}, {args.games} games each")
    print(f"{'variant':<22} {'positions':>9} {'s median':>8} {'s mean':>7} {'clear':>5} "
          f"{'kept':>5} {'per CPU min':>11} {'CPU s':>7}  kept/clear/judged by question")
    for variant in args.variants:
        row = bench(variant, args.games, args.deals, screen, not args.no_confirm,
                    args.bot_deals)
        print(f"{variant:<22} {row['positions']:>9} {row['median']:>8.3f} {row['mean']:>7.3f} "
              f"{row['clear']:>5} {row['kept']:>5} {row['per_minute']:>11.2f} "
              f"{row['cpu']:>7.0f}  {row['by_question']}", flush=True)


if __name__ == "__main__":
    main()
