"""The ``bezique`` command line. Each subcommand is a module of this package that
exposes ``register(subparsers)``; this module only routes."""

from __future__ import annotations

import argparse
import sys

from engine.cli import arena, melds, play, puzzles, review, scorepad, solve
from engine.errors import BeziqueError, UsageError

# Subcommand modules, in help order.
COMMANDS = (play, melds, solve, puzzles, arena, scorepad, review)

# What ``bezique --help`` tells a player (the docstring above is for developers).
DESCRIPTION = ("Bezique from the command line, in all its variants: play deals and "
               "read why every point was scored, ask which declarations a hand may make, "
               "solve the last tricks exactly, build and check puzzle banks, let the bots "
               "play each other, keep the score of a game played with real cards, and "
               "review a saved game's decisions.")
EPILOG = ("Run 'bezique COMMAND --help' for a command's options; --variant takes a "
          "variant's name (e.g. two-handed, rubicon), --lang en or ru.")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="bezique", description=DESCRIPTION, epilog=EPILOG)
    subparsers = parser.add_subparsers(dest="command", required=True)
    for module in COMMANDS:
        module.register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    # Exit status: 0 all well, 1 some input or work failed, 2 a usage error only.
    try:
        return int(args.run(args))
    except UsageError as exc:
        parser.print_usage(sys.stderr)
        print(f"bezique: error: {exc}", file=sys.stderr)
        return 2
    except BeziqueError as exc:
        print(f"bezique: error: {exc}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
