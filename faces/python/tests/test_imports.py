"""The package's modules import each other without a cycle (model, result and source had one, broken by an
import inside a function): every `from .x import` anywhere in a module, in a graph that must be acyclic."""

import ast

from conftest import ROOT

PACKAGE = ROOT / "faces" / "python" / "markovjunior"


def imports():
    graph = {}
    for file in PACKAGE.glob("*.py"):
        found = set()
        for node in ast.walk(ast.parse(file.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                found |= {node.module} if node.module else {alias.name for alias in node.names}
        graph[file.stem] = {m for m in found if (PACKAGE / f"{m}.py").is_file()} - {"__init__"}
    return graph


def test_no_module_imports_one_that_imports_it_back():
    graph = imports()
    assert {"model", "result", "source"} <= graph.keys()
    done, path = set(), []

    def visit(module):
        assert module not in path, " -> ".join(path[path.index(module) :] + [module])
        if module in done:
            return
        path.append(module)
        for other in sorted(graph[module]):
            visit(other)
        path.pop()
        done.add(module)

    for module in sorted(graph):
        if module != "__init__":
            visit(module)
