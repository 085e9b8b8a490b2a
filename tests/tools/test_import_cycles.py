"""tools/import_cycles.py: the import cycles among modules, found whatever their length."""

import grimp

from tools.import_cycles import PACKAGES, cycles, report


def graph_of(*imports: tuple[str, str]) -> grimp.ImportGraph:
    graph = grimp.ImportGraph()
    for importer, imported in imports:
        graph.add_import(importer=importer, imported=imported)
    return graph


def test_a_ring_of_three_modules_is_one_cycle_and_a_chain_is_none() -> None:
    graph = graph_of(("p.a", "p.b"), ("p.b", "p.c"), ("p.c", "p.a"), ("p.c", "p.d"), ("p.e", "p.a"))
    assert cycles(graph) == [["p.a", "p.b", "p.c"]]
    assert report(cycles(graph)) == "import cycle: p.a, p.b, p.c\n"
    assert cycles(graph_of(("p.a", "p.b"), ("p.b", "p.c"), ("p.a", "p.c"))) == []


def test_two_separate_cycles_and_a_module_importing_itself_are_each_found() -> None:
    graph = graph_of(("a", "b"), ("b", "a"), ("c", "d"), ("d", "e"), ("e", "c"), ("f", "f"))
    assert cycles(graph) == [["a", "b"], ["c", "d", "e"], ["f"]]


def test_the_project_has_no_import_cycle() -> None:
    assert cycles(grimp.build_graph(*PACKAGES, cache_dir=None)) == []
