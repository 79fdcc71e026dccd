"""One Russian word for the stock: «колода», as the lessons say (issue 53 follow-up: the
Stock play page said «прикуп»). The sources also say «прикуп» and «талон»
(../shared/GLOSSARY.md); the app names them only where it introduces them as other
words for the stock (the glossary, the dealing lesson, the table's diagram)."""

from __future__ import annotations

import re
from pathlib import Path

from puzzles.i18n import MESSAGES

ROOT = Path(__file__).parent.parent
WHERE = ("app_pages", "puzzles", "engine", "lessons")
SUFFIXES = {".py", ".toml", ".md", ".jsonl"}
# "колода (прикуп, талон)": the other words, named as such
INTRODUCED = re.compile(r"колода\*{0,2} \(прикуп")
GLOSSARY = ROOT / "lessons" / "glossary.toml"


def test_the_app_calls_the_stock_koloda() -> None:
    found = []
    for top in WHERE:
        for path in sorted((ROOT / top).rglob("*")):
            if path.suffix not in SUFFIXES or path == GLOSSARY or not path.is_file():
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if "прикуп" in line.lower() and not INTRODUCED.search(line):
                    found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:90]}")
    assert not found, "\n".join(found)


def test_the_stock_pages_questions_count_the_cards_left_in_good_russian() -> None:
    # «в прикупе 2 карт» did not agree with its number; «осталось карт: 2» always does
    for key in ("stock.q_lead", "stock.q_follow", "stock.q_win_or_let_go", "stock.q_declare",
                "stock.q_exchange"):
        ru = MESSAGES[key][1].format(stock=2)
        assert "в колоде осталось карт: 2" in ru, ru
