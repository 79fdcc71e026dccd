"""The mechanics' interface (engine.rules.hooks): captures and fines reach a deal only
through DealOps, and no import of theirs leads back to engine.rules.deal."""
from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from engine.rules.deal import Deal
from engine.rules.hooks import DealOps
from engine.rules.profile import load_profile

ROOT = Path(__file__).resolve().parent.parent
MECHANICS = ("engine.rules.hooks", "engine.rules.captures", "engine.rules.penalties")


def _path(module: str) -> Path:
    base = ROOT.joinpath(*module.split("."))
    return base / "__init__.py" if base.is_dir() else base.with_suffix(".py")


def _imports(module: str) -> set[str]:
    """Our modules that ``module`` names in any import statement: deferred ones and
    those under TYPE_CHECKING count too."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(_path(module).read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        for name in names:
            while name and not _path(name).is_file():
                name = name.rpartition(".")[0]
            if name.split(".")[0] == "engine":
                found.add(name)
    found.discard(module)
    return found


@pytest.mark.parametrize("mechanic", MECHANICS)
def test_a_mechanic_never_leads_back_to_the_deal(mechanic: str) -> None:
    seen, todo = set(), [mechanic]
    while todo:
        module = todo.pop()
        for target in _imports(module) - seen:
            assert target != "engine.rules.deal", f"{mechanic} reaches the deal via {module}"
            seen.add(target)
            todo.append(target)


@pytest.mark.parametrize("mechanic", MECHANICS)
def test_a_mechanic_touches_no_private_member_of_the_deal(mechanic: str) -> None:
    private = [f"{_path(mechanic).name}:{node.lineno} deal.{node.attr}"
               for node in ast.walk(ast.parse(_path(mechanic).read_text()))
               if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
               and node.value.id == "deal" and node.attr.startswith("_")]
    assert not private


def test_a_deal_offers_every_operation_of_dealops() -> None:
    """mypy checks the types where the deal hands itself over; this checks the names."""
    members = {name for name in vars(DealOps) if not name.startswith("_")}
    members |= set(DealOps.__annotations__)
    assert {"emit", "score_points", "score_dix", "draw", "play_card"} <= members
    deal = Deal.new(load_profile("fildinski"), random.Random(1))
    assert [name for name in sorted(members) if not hasattr(deal, name)] == []
