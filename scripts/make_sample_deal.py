"""Write the sample deal's game log and recorded events (lessons/sample_deal/).

The seed, the variant and the bot level are read from ``notes.toml``: the club-level
bot plays both seats (and the exact solver the last eight tricks), one deal. The saved
log is what the app replays; rerun this only to choose another deal, then rewrite the
notes for it (the tests say which note no longer fits).

    python scripts/make_sample_deal.py            # writes game.json and events.json
    python scripts/make_sample_deal.py --check    # only compares with the stored files
"""

from __future__ import annotations

import json
import sys

from app_pages.session import PlaySession
from lessons import sample_deal


def play() -> tuple[str, list[list[list[object]]]]:
    notes = sample_deal.notes()
    s = PlaySession.new(notes["variant"], seed=int(notes["seed"]), level=notes["level"])
    s.autoplay_to_end()
    deal = s.deal
    played = sum(len(turn.events) for turn in s.turns)
    opening = deal.events[:len(deal.events) - played]   # the deal itself: step 0
    steps = [[sample_deal.event_record(e) for e in opening]]
    steps += [[sample_deal.event_record(e) for e in turn.events] for turn in s.turns]
    return s.game.dumps(), steps


def main(argv: list[str]) -> int:
    text, steps = play()
    events = json.dumps(steps, ensure_ascii=False, indent=0)
    if "--check" in argv:
        same = (text == sample_deal.GAME_FILE.read_text("utf-8").strip()
                and steps == sample_deal.recorded())
        print("the stored sample deal is what the seed plays" if same
              else "the bots now play the seed differently")
        return 0 if same else 1
    sample_deal.GAME_FILE.write_text(text + "\n", "utf-8")
    sample_deal.EVENTS_FILE.write_text(events + "\n", "utf-8")
    print(f"{len(steps) - 1} actions written to {sample_deal.HERE}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
