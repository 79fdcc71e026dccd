"""The code's shape stays as docs/architecture.md says: imports run one
way (no cycles, deferred imports included), no module takes another's private name,
the project's own packages are never imported as optional, and broad exception
handlers stay at the two boundaries that need them."""

from __future__ import annotations

import ast
import graphlib
from pathlib import Path

ROOT = Path(__file__).parent.parent
PACKAGES = ("engine", "lessons", "puzzles", "app_pages")
# The boundaries allowed to catch everything, each with its reason in a comment there.
BROAD_HANDLERS = {"app.py": 1,                 # the app's one error boundary
                  "engine/cli/worker.py": 1}   # one answer line per record, whatever fails


def modules() -> dict[str, Path]:
    files = [p for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py")] + [ROOT / "app.py"]
    found = {}
    for path in files:
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


MODULES = modules()
TREES = {name: ast.parse(path.read_text(), str(path)) for name, path in MODULES.items()}


def imported(tree: ast.AST) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(tree):   # every import, deferred ones too
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
    return names


def graph() -> dict[str, set[str]]:
    edges: dict[str, set[str]] = {}
    for name, tree in TREES.items():
        targets = set()
        for target in imported(tree):
            while target and target not in MODULES:
                target = target.rpartition(".")[0]
            if target and target != name and not name.startswith(target + "."):
                targets.add(target)
        edges[name] = targets
    return edges


def test_imports_have_no_cycle() -> None:
    graphlib.TopologicalSorter(graph()).prepare()   # raises CycleError naming the cycle


def test_the_engine_imports_nothing_above_it() -> None:
    # The command line is an entry point, like app.py: `bezique puzzles` uses puzzles/.
    for name, targets in graph().items():
        if name.startswith("engine") and not name.startswith("engine.cli"):
            assert all(t.startswith("engine") for t in targets), (name, targets)


def test_lessons_and_puzzles_never_import_the_app() -> None:
    for name, targets in graph().items():
        if name.startswith(("lessons", "puzzles")):
            assert not any(t.startswith("app_pages") for t in targets), (name, targets)


def test_no_private_name_is_taken_from_another_module() -> None:
    taken = [f"{MODULES[name]}:{node.lineno} {node.module}.{a.name}"
             for name, tree in TREES.items() for node in ast.walk(tree)
             if isinstance(node, ast.ImportFrom) and node.module
             and node.module.split(".")[0] in PACKAGES
             for a in node.names if a.name.startswith("_") and not a.name.startswith("__")]
    assert taken == []


def test_our_packages_are_never_imported_as_optional() -> None:
    # (The CLI's worker process loads the function it serves by name: not optional.)
    dynamic = [f"{MODULES[name]}:{node.lineno}" for name, tree in TREES.items()
               for node in ast.walk(tree)
               if isinstance(node, ast.Call)
               and getattr(node.func, "attr", getattr(node.func, "id", "")) == "import_module"
               and node.args and isinstance(node.args[0], ast.Constant)]
    assert dynamic == []
    guarded = [f"{MODULES[name]}:{node.lineno}" for name, tree in TREES.items()
               for node in ast.walk(tree) if isinstance(node, ast.Try)
               and any(isinstance(h.type, ast.Name) and h.type.id in
                       ("ImportError", "ModuleNotFoundError") for h in node.handlers)
               and any(isinstance(n, ast.ImportFrom | ast.Import) and
                       (getattr(n, "module", None) or n.names[0].name).split(".")[0] in PACKAGES
                       for s in node.body for n in ast.walk(s))]
    assert guarded == []


def test_broad_handlers_only_at_the_boundaries() -> None:
    counts: dict[str, int] = {}
    for name, tree in TREES.items():
        for node in ast.walk(tree):
            if not isinstance(node, ast.ExceptHandler):
                continue
            caught = node.type.elts if isinstance(node.type, ast.Tuple) else [node.type]
            if node.type is None or any(isinstance(c, ast.Name) and c.id in
                                        ("Exception", "BaseException") for c in caught):
                where = str(MODULES[name].relative_to(ROOT))
                counts[where] = counts.get(where, 0) + 1
    assert counts == BROAD_HANDLERS


def test_no_handler_probes_a_signature_with_type_error() -> None:
    probes = [f"{MODULES[name]}:{node.lineno}" for name, tree in TREES.items()
              for node in ast.walk(tree) if isinstance(node, ast.ExceptHandler)
              and isinstance(node.type, ast.Name) and node.type.id == "TypeError"]
    assert probes == []
