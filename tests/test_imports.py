"""The package's folders are its layers: display -> engine -> sandbox -> analysis -> lessons ->
table -> classroom -> server -> widget, with the command line and the package's own ``__init__``
on top. The class server sits between the class record and the widget: a student's seat in a
notebook is a thin client of it.
The sandbox (where a student's code runs: processes, namespaces, pipes) reads only the engine;
the analysis runs players through it. Every
import of every module is read (those inside functions and under ``TYPE_CHECKING`` too), and
none may point up a layer or close a circle between modules of different folders. There is no
exception list.

The analysis is layered the same way by its sub-folders: its shared helpers at the package's top
(statistics, progress, random positions), then fast play and search (``search``), the players, the
judging (reviews, win chances, hints, odds), the runs (simulations, calibration, check_player)
and the league's ranking, with the package's own ``__init__`` on top. The display (tables and
charts) knows nothing of the game.

Inside the engine, nothing may close a circle at all, and :mod:`~kingscorner_widget.engine.words`
reads only values (cards, spaces, moves, reasons, outcomes) and the language it speaks
(:mod:`~kingscorner_widget.display.language`), never the game that judges.
"""

from __future__ import annotations

import ast
import pathlib
from collections.abc import Iterator, Mapping, Set

import kingscorner_widget

PACKAGE = pathlib.Path(kingscorner_widget.__file__).parent
NAME = "kingscorner_widget"
LAYERS = {
    "display": 0,
    "engine": 1,
    "sandbox": 2,
    "analysis": 3,
    "lessons": 4,
    "table": 5,
    "classroom": 6,
    "server": 7,
    "widget": 8,
}
ANALYSIS_LAYERS = {"": 0, "search": 1, "players": 2, "judging": 3, "runs": 4, "league": 5}
TOP = len(LAYERS)
WORDS_MAY_READ = {"cards", "spaces", "moves", "reasons", "errors", "language", "naming"}
NAMING_MAY_READ = {"cards", "spaces", "language"}
"""engine/naming.py names cards and spaces in a sentence's slots: it reads values alone too."""

Graph = Mapping[str, Set[str]]


def modules(root: pathlib.Path = PACKAGE, name: str = NAME) -> dict[str, pathlib.Path]:
    """Every module under ``root`` by its dotted name (a package by its own name)."""
    found = {}
    for path in root.rglob("*.py"):
        parts = [name, *path.relative_to(root).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imports_of(name: str, path: pathlib.Path, known: Set[str]) -> Iterator[str]:
    """The package's modules that ``name`` (at ``path``) imports, anywhere in its source."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1])
                base = f"{base}.{node.module}" if node.module else base
            else:
                base = node.module or ""
            named = [f"{base}.{alias.name}" for alias in node.names]
            targets = [t for t in named if t in known] or [base]
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute | ast.Name)
            and getattr(node.func, "attr", getattr(node.func, "id", "")) == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            targets = [node.args[0].value]
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                yield target


def import_graph(found: Mapping[str, pathlib.Path]) -> dict[str, set[str]]:
    known = set(found)
    return {name: set(imports_of(name, path, known)) for name, path in found.items()}


def folder(module: str) -> str:
    """``"engine"`` for ``kingscorner_widget.engine.game``; ``""`` for a top-level module."""
    parts = module.split(".")
    return parts[1] if len(parts) > 2 or (len(parts) == 2 and parts[1] in LAYERS) else ""


def layer(module: str) -> int:
    return LAYERS.get(folder(module), TOP)


def analysis_layer(module: str) -> int:
    """The analysis sub-layer of a module of ``analysis`` (its package face on top)."""
    parts = module.split(".")
    if parts == [NAME, "analysis"]:
        return len(ANALYSIS_LAYERS)
    sub = parts[2] if len(parts) > 3 or (len(parts) == 3 and parts[2] in ANALYSIS_LAYERS) else ""
    return ANALYSIS_LAYERS[sub]


def upward(graph: Graph) -> list[tuple[str, str]]:
    """Every import from a lower layer to a higher one."""
    return sorted((a, b) for a, targets in graph.items() for b in targets if layer(b) > layer(a))


def circles(graph: Graph) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            step = next(edges, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph.get(step, ())))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


GRAPH = import_graph(modules())


def test_the_reader_sees_imports_inside_functions_and_type_checking_blocks() -> None:
    found = GRAPH[f"{NAME}.engine.words"]
    assert f"{NAME}.engine.cards" in found
    assert f"{NAME}.engine.reasons" in found
    assert f"{NAME}.table" in GRAPH[f"{NAME}.widget.adapter"] or any(
        target.startswith(f"{NAME}.table.") for target in GRAPH[f"{NAME}.widget.adapter"]
    )
    # the checks themselves catch what they are for
    fake = {
        f"{NAME}.engine.game": {f"{NAME}.analysis.review"},
        f"{NAME}.analysis.review": {f"{NAME}.engine.game"},
    }
    assert upward(fake) == [(f"{NAME}.engine.game", f"{NAME}.analysis.review")]
    assert circles(fake) == [sorted(fake)]


def variable_imports(found: Mapping[str, pathlib.Path]) -> list[str]:
    """Every ``import_module``/``__import__`` call whose name is not a constant (the graph
    cannot read it), as ``module:line``."""
    out = []
    for name, path in sorted(found.items()):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "attr", getattr(node.func, "id", ""))
                in ("import_module", "__import__")
                and not (node.args and isinstance(node.args[0], ast.Constant))
            ):
                out.append(f"{name}:{node.lineno}")
    return out


def test_every_import_is_a_constant_the_graph_reads(tmp_path: pathlib.Path) -> None:
    assert variable_imports(modules()) == []
    loads = "import importlib\nfor n in ['a']:\n    importlib.import_module(n)\n"
    (tmp_path / "loads.py").write_text(loads)
    assert variable_imports(modules(tmp_path, "fake")) == ["fake.loads:3"]


def test_no_import_points_up_a_layer() -> None:
    assert upward(GRAPH) == []


def test_no_circle_joins_modules_of_different_folders() -> None:
    mixed = [group for group in circles(GRAPH) if len({folder(m) for m in group}) > 1]
    assert mixed == []


def test_the_engine_has_no_circle_and_its_words_read_only_values() -> None:
    engine = {m: t for m, t in GRAPH.items() if folder(m) == "engine"}
    assert circles(engine) == []
    read = {target.rpartition(".")[2] for target in GRAPH[f"{NAME}.engine.words"]}
    assert read <= WORDS_MAY_READ, read - WORDS_MAY_READ
    named = {target.rpartition(".")[2] for target in GRAPH[f"{NAME}.engine.naming"]}
    assert named <= NAMING_MAY_READ, named - NAMING_MAY_READ


def analysis_upward(graph: Graph) -> list[tuple[str, str]]:
    """Every import inside ``analysis`` from a lower sub-layer to a higher one."""
    return sorted(
        (a, b)
        for a, targets in graph.items()
        if folder(a) == "analysis"
        for b in targets
        if folder(b) == "analysis" and analysis_layer(b) > analysis_layer(a)
    )


def test_the_analysis_layers_are_read_in_order() -> None:
    found = {m for m in GRAPH if folder(m) == "analysis"}
    assert {analysis_layer(m) for m in found} == set(range(len(ANALYSIS_LAYERS) + 1))
    fake = {f"{NAME}.analysis.search.playout": {f"{NAME}.analysis.judging.review"}}
    assert analysis_upward(fake) == [
        (f"{NAME}.analysis.search.playout", f"{NAME}.analysis.judging.review")
    ]
    assert analysis_upward(GRAPH) == []


def test_no_circle_joins_analysis_layers() -> None:
    analysis = {m: t for m, t in GRAPH.items() if folder(m) == "analysis"}
    mixed = [group for group in circles(analysis) if len({analysis_layer(m) for m in group}) > 1]
    assert mixed == []


def test_the_display_knows_nothing_of_the_game() -> None:
    display = {m: t for m, t in GRAPH.items() if folder(m) == "display"}
    assert display
    assert all(folder(target) == "display" for targets in display.values() for target in targets)
