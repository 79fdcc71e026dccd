"""The README and docs/ stay true to the tree and to the command line: every relative
link and image resolves to a file (and a link's #anchor to a heading of that file), every
`bezique` command quoted in a ```bash block names a real command and real options, the
README stays a front door (its set-up commands first, at most 250 lines), and
docs/variants.md lists every named option."""

from __future__ import annotations

import functools
import json
import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]
IDS = [str(p.relative_to(ROOT)) for p in PAGES]

FENCE = re.compile(r"^(```+|~~~+)(\w*)[^\n]*\n(.*?)^\1[ \t]*$", re.M | re.S)
CODE_SPAN = re.compile(r"(`+)(.+?)\1", re.S)
# [text](target "title") and ![alt](target); the text may hold one level of brackets
# and run over lines.
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HTML_LINK = re.compile(r"<(?:a|img)\b[^>]*?\b(?:href|src)=\"([^\"]+)\"", re.I)
HEADING = re.compile(r"^(#{1,6})[ \t]+(.+?)[ \t#]*$", re.M)
SCHEME = re.compile(r"^[a-z][a-z0-9+.-]*:", re.I)


def prose(text: str) -> str:
    """The text without fenced blocks and code spans, where a link is not a link."""
    return CODE_SPAN.sub("", FENCE.sub("", text))


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: the rendered text lower-cased, punctuation dropped
    (letters, digits, '_' and '-' kept), spaces made hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)   # a link's text only
    text = text.replace("`", "").strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


@functools.cache
def anchors(path: Path) -> frozenset[str]:
    seen: dict[str, int] = {}
    found = set()
    for match in HEADING.finditer(FENCE.sub("", path.read_text("utf-8"))):
        base = slug(match.group(2))
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return frozenset(found)


def relative_links(path: Path) -> list[str]:
    text = prose(path.read_text("utf-8"))
    targets = [m.group(1) for m in LINK.finditer(text)]
    targets += [m.group(1) for m in HTML_LINK.finditer(text)]
    return [t for t in targets if not SCHEME.match(t)]


def bash_commands(path: Path) -> list[list[str]]:
    """Each simple command of the page's ```bash blocks as its words (comments, pipes,
    `&&` and line continuations taken apart)."""
    commands = []
    for block in FENCE.finditer(path.read_text("utf-8")):
        if block.group(2) != "bash":
            continue
        pending = ""      # a quoted argument may run over lines
        for line in block.group(3).replace("\\\n", " ").splitlines():
            line = re.sub(r"(^|\s)#\s.*$", "", line).strip()
            if not pending and (not line or line.startswith("#")):
                continue
            pending = f"{pending}\n{line}" if pending else line
            try:
                tokens = list(shell_words(pending))
            except ValueError:          # no closing quotation yet
                continue
            pending = ""
            words: list[str] = []
            for token in tokens:
                if token in {"|", "||", "&&", ";", "&", ">", "<", ">>"}:
                    commands.append(words)
                    words = []
                else:
                    words.append(token)
            commands.append(words)
        assert not pending, f"{path.name}: an unclosed quotation in a bash block"
    return [c for c in commands if c]


def shell_words(line: str) -> shlex.shlex:
    lexer = shlex.shlex(line, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    lexer.commenters = ""
    return lexer


CHOICES = re.compile(r"positional arguments:\n\s+\{([\w,-]+)\}")
# One process prints `bezique ... --help` for the command and every subcommand, walking
# the {a,b,...} choices each help offers (the engine takes seconds to import).
WALK = f"""
import contextlib, io, json, re
from engine.cli import main
helps, todo = {{}}, [[]]
while todo:
    words = todo.pop()
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):
        main([*words, "--help"])
    helps[" ".join(words)] = out.getvalue()
    found = re.search({CHOICES.pattern!r}, out.getvalue())
    todo += [[*words, name] for name in (found.group(1).split(",") if found else [])]
print(json.dumps(helps))
"""


@functools.cache
def all_help() -> dict[str, str]:
    done = subprocess.run([sys.executable, "-c", WALK], capture_output=True, text=True,
                          cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr
    helps: dict[str, str] = json.loads(done.stdout)
    return helps


def bezique_help(*words: str) -> str:
    """What `bezique WORDS --help` prints."""
    return all_help()[" ".join(words)]


def subcommands(*words: str) -> set[str]:
    """The commands `bezique WORDS --help` offers (a {a,b,...} positional), if any."""
    found = CHOICES.search(bezique_help(*words))
    return set(found.group(1).split(",")) if found else set()


def options(*words: str) -> set[str]:
    return set(re.findall(r"(?<![\w-])(--[a-z][a-z0-9-]*)", bezique_help(*words)))


@pytest.mark.parametrize("page", PAGES, ids=IDS)
def test_every_relative_link_resolves(page: Path) -> None:
    broken = []
    for target in relative_links(page):
        file_part, _, anchor = target.partition("#")
        linked = (page.parent / file_part).resolve() if file_part else page
        if not linked.exists() or ROOT not in (linked, *linked.parents):
            broken.append(f"{target}: no such file")
        elif anchor and (linked.suffix != ".md" or anchor not in anchors(linked)):
            broken.append(f"{target}: no heading #{anchor} in {linked.name}")
    assert not broken, f"{page.name}: " + "; ".join(broken)


def test_the_readme_shows_the_play_table() -> None:
    images = [t for t in relative_links(README) if t.endswith(".png")]
    assert "docs/images/play-table.png" in images


@pytest.mark.parametrize("page", PAGES, ids=IDS)
def test_every_quoted_bezique_command_exists(page: Path) -> None:
    wrong = []
    top = subcommands()
    assert {"play", "melds", "solve", "puzzles", "arena", "scorepad", "review"} <= top
    for words in bash_commands(page):
        if words[0] != "bezique":
            continue
        path = [words[1]] if len(words) > 1 else []
        if not path or path[0] not in top:
            wrong.append(f"{' '.join(words)}: no command {path}")
            continue
        below = subcommands(*path)
        if below:
            if len(words) < 3 or words[2] not in below:
                wrong.append(f"{' '.join(words)}: {path[0]} has only {sorted(below)}")
                continue
            path.append(words[2])
        known = options(*path)
        for word in words[len(path) + 1:]:
            flag = word.strip("[]").split("=")[0]
            if flag.startswith("--") and flag not in known:
                wrong.append(f"{' '.join(words)}: bezique {' '.join(path)} has no {flag}")
    assert not wrong, "\n".join(wrong)


def test_the_readme_is_a_front_door() -> None:
    lines = README.read_text("utf-8").splitlines()
    assert len(lines) <= 250
    first = "\n".join(lines[:15])
    assert "streamlit run app.py" in first and "pytest" in first


def test_variants_page_lists_every_named_option() -> None:
    with open(ROOT / "engine" / "variants" / "options.toml", "rb") as handle:
        ids = [option["id"] for option in tomllib.load(handle)["option"]]
    page = (ROOT / "docs" / "variants.md").read_text("utf-8")
    missing = [i for i in ids if f"`{i}`" not in page]
    assert not missing, f"docs/variants.md does not list {missing}"


def test_the_checker_finds_what_it_checks() -> None:
    """The parsers themselves: a link over two lines, a code span that is not a link, an
    anchor with punctuation, and a command split at a pipe with its comment dropped."""
    text = "See ![a\nb](x.png) and `[c](y.md)` and [d](z.md#the-mechanics-hooks)."
    assert [m.group(1) for m in LINK.finditer(prose(text))] == ["x.png", "z.md#the-mechanics-hooks"]
    assert slug("The mechanics' hooks") == "the-mechanics-hooks"
    assert slug("`bezique review`") == "bezique-review"
    page = ROOT / "docs" / "cli.md"
    assert ["bezique", "melds", "-"] in bash_commands(page)
