"""No module of the project imports itself back, even through others: `python -m
tools.import_cycles` lists every import cycle among the project's modules (imports made only for
type checking or inside a function count) and exits 1 if there is one. Part of `make check`.

import-linter's contracts (pyproject.toml) check the layers between packages; this checks what
they leave open: cycles among the modules of one folder, or between a package and its modules.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable

import grimp

PACKAGES = ("oracle", "commands", "provenance", "model", "acceptance", "games", "tools", "web")


def cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The groups of modules that import one another in a ring (Tarjan's strongly connected
    components of more than one module, or of a module that imports itself), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []
    for root in sorted(graph.modules):
        if root in index:
            continue
        # Iterative depth-first search: each frame is a module and its imports still to visit.
        frames = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        while frames:
            module, imported = frames[-1]
            following = next(imported, None)
            if following is None:
                frames.pop()
                if frames:
                    parent = frames[-1][0]
                    low[parent] = min(low[parent], low[module])
                if low[module] == index[module]:
                    group = _pop_group(stack, module)
                    if len(group) > 1 or graph.direct_import_exists(
                        importer=module, imported=module
                    ):
                        found.append(sorted(group))
            elif following not in index:
                index[following] = low[following] = len(index)
                stack.append(following)
                frames.append(
                    (following, iter(sorted(graph.find_modules_directly_imported_by(following))))
                )
            elif following in stack:
                low[module] = min(low[module], index[following])
    return sorted(found)


def _pop_group(stack: list[str], module: str) -> list[str]:
    """The modules above `module` on the stack, `module` included, taken off it."""
    position = stack.index(module)
    group = stack[position:]
    del stack[position:]
    return group


def report(found: Iterable[list[str]]) -> str:
    """One line per cycle: its modules."""
    return "".join(f"import cycle: {', '.join(group)}\n" for group in found)


def main() -> int:
    found = cycles(grimp.build_graph(*PACKAGES, cache_dir=None))
    sys.stderr.write(report(found))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
