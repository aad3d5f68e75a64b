"""Print hacktable's import circles and its upward imports between layers.

docs/architecture.md promises that calls only go down: the engine knows no game, the
games know no server, nothing below the command line imports it. This script reads every
module under src/hacktable with the standard library's `ast` (no import is executed),
counts every import, the ones inside functions and under `if TYPE_CHECKING:` too (a
lazy import or a type named from another module is still a dependency), and prints

- each circle: a group of modules that reach one another through imports, with one
  shortest loop through it, and
- each upward import: a module importing one of a higher layer.

    uv run python scripts/import_graph.py          # text
    uv run python scripts/import_graph.py --json   # the same as JSON

The exit status is 0 either way: this is a measurement, tests/test_style.py holds the rule.
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
from collections import deque
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "src"
PACKAGE = "hacktable"

LAYERS: dict[str, int] = {
    "engine": 0,
    "media": 0,
    "console": 1,
    "games": 1,
    "bots": 2,
    "sim": 3,
    "store": 3,
    "web": 3,
    "server": 4,
    "lab": 5,
    "mail": 5,
    "site": 6,
    "cli": 7,
}
"""Each top-level part of the package and its height: a module may import its own layer or
any lower one. `console` holds the terminal helpers every command shares (it knows only the
engine's errors); the Lab and the mail gateway are extensions mounted on the server;
`site` puts the server and its extensions together, and the command line serves it."""


def module_names(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its `__init__`)."""
    names: dict[str, Path] = {}
    for path in sorted((root / PACKAGE).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


def _imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    found: list[ast.Import | ast.ImportFrom] = []
    todo: list[ast.AST] = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        todo.extend(ast.iter_child_nodes(node))
    return found


def _resolve(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".")
    if not is_package:
        base = base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def edges(names: dict[str, Path]) -> dict[str, set[str]]:
    """Which modules of the package each module imports."""
    graph: dict[str, set[str]] = {name: set() for name in names}
    for name, path in names.items():
        tree = ast.parse(path.read_text("utf-8"), str(path))
        is_package = path.name == "__init__.py"
        for node in _imports(tree):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                base = _resolve(name, is_package, node)
                for alias in node.names:
                    sub = f"{base}.{alias.name}"
                    targets.append(sub if sub in names else base)
            for target in targets:
                while target and target not in names:
                    target = target.rpartition(".")[0]
                if target and target != name and target != PACKAGE:
                    graph[name].add(target)
    return graph


def layer(module: str) -> str | None:
    parts = module.split(".")
    if len(parts) < 2:
        return None
    if parts[1] == "server" and len(parts) > 2 and parts[2] == "lab":
        return "lab"
    if parts[1] == "games" and len(parts) > 3 and parts[3].startswith("screen"):
        return "web"  # a game's screen lives with the game but is the web layer's part
    return parts[1] if parts[1] in LAYERS else None


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan), each given as one
    shortest loop from its first module, and the group's size."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    counter = 0
    sys.setrecursionlimit(10_000)

    def visit(node: str) -> None:
        nonlocal counter
        index[node] = low[node] = counter
        counter += 1
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group: list[str] = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted((_loop(graph, group) for group in groups), key=lambda loop: loop[0])


def _loop(graph: dict[str, set[str]], group: list[str]) -> list[str]:
    """The shortest path from the group's first module back to itself inside the group."""
    start, members = group[0], set(group)
    came: dict[str, str] = {}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for nxt in sorted(graph[node] & members):
            if nxt == start:
                path = [node]
                while path[-1] != start:
                    path.append(came[path[-1]])
                return [*reversed(path), start]
            if nxt not in came:
                came[nxt] = node
                queue.append(nxt)
    return group


def upward(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    """Imports from a lower layer into a higher one."""
    found = []
    for source, targets in sorted(graph.items()):
        here = layer(source)
        for target in sorted(targets):
            there = layer(target)
            if here and there and LAYERS[there] > LAYERS[here]:
                found.append((source, target))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    args = parser.parse_args(argv)
    graph = edges(module_names())
    loops = circles(graph)
    ups = upward(graph)
    if args.json:
        print(json.dumps({"modules": len(graph), "circles": loops,
                          "upward": [list(pair) for pair in ups]}, indent=2))
        return 0
    print(f"{len(graph)} modules, {sum(map(len, graph.values()))} imports")
    print(f"{len(loops)} import circles")
    for loop in loops:
        print("  " + " -> ".join(name.removeprefix(PACKAGE + ".") for name in loop))
    print(f"{len(ups)} upward imports")
    for source, target in ups:
        print(f"  {source.removeprefix(PACKAGE + '.')} ({layer(source)}) -> "
              f"{target.removeprefix(PACKAGE + '.')} ({layer(target)})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
