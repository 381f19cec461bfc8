#!/usr/bin/env python3
"""Checks that Package.swift's dependencies are the true import graph (run by `make test`).

For every Swift target, the modules its files import (other than the toolchain's) must be exactly
the targets and products it declares: an undeclared import builds only by accident of build
order, and an unused dependency is an edge in the graph that lies. Prints each mismatch with the
fix; exits 1 if there is any. It also enforces docs/architecture.md's layer table: no import the
layer rule forbids, and no C library linked (directly or through imports) beyond what a module's
layer allows, except the debt listed in DEBT, which only shrinks.

Usage: swift package dump-package | python3 scripts/check-imports.py
"""
import glob
import json
import re
import sys

TOOLCHAIN = {"Foundation", "FoundationEssentials", "Glibc", "Darwin", "Musl", "Dispatch", "Synchronization", "XCTest", "Testing"}
IMPORT = re.compile(r"^(?:@testable |@preconcurrency |public |internal |package |private |fileprivate )*import (?:(?:struct|class|enum|func|protocol|var|let|typealias) )?(\w+)")

package = json.load(sys.stdin)
problems = []
for target in package["targets"]:
    if target["type"] in ("system", "binary", "plugin"):
        continue
    name = target["name"]
    path = target.get("path") or (("Tests/" if target["type"] == "test" else "Sources/") + name)
    declared = set()
    for dependency in target["dependencies"]:
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                declared.add(dependency[kind][0])
    imported = set()
    for file in glob.glob(path + "/**/*.swift", recursive=True):
        with open(file, encoding="utf-8") as source:
            for line in source:
                match = IMPORT.match(line)
                if match:
                    imported.add(match.group(1))
    imported -= TOOLCHAIN
    for module in sorted(imported - declared):
        problems.append(f"{name} imports {module} but does not declare it: add \"{module}\" to its dependencies in Package.swift")
    for module in sorted(declared - imported):
        problems.append(f"{name} declares {module} but no file of it imports it: remove it from its dependencies in Package.swift")
# The layer rule of docs/architecture.md (issue 29): a module imports only its own layer and the
# layers its row names, and links (directly or through what it imports) only the C libraries its
# layer allows. The table there is the one source; DEBT lists what breaks the rule today, each to be
# removed, and a debt that no longer holds is reported too, so the list only shrinks.
import os
import re
DOC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs", "architecture.md")
table = open(DOC, encoding="utf-8").read().split("<!-- layers: read by scripts/architecture-graph.py -->", 1)[1]
table = table.split("<!-- end layers -->", 1)[0]
layer_of, allowed_of = {}, {}
for row in table.strip().splitlines()[2:]:
    cells = [cell.strip() for cell in row.strip().strip("|").split("|")]
    for module in re.findall(r"`([^`]+)`", cells[2]):
        layer_of[module] = cells[0]
    allowed_of[cells[0]] = None if cells[3] == "any layer" else {layer.strip() for layer in cells[3].split(",") if layer.strip()}
DEVICE = {"CEvdev", "CUdev", "CLibwacom"}
WINDOW = {"CSDL2", "CEspeakNG"}
ALL_C = DEVICE | WINDOW | {"CLibXML2", "CCairo"}
# The C libraries each layer may link; a module named here narrows its layer's set (a data model,
# a CSV writer or a report links no device library).
LINKS = {
    "base": set(), "pure core": set(), "formats": {"CLibXML2", "CCairo"},
    "platform adapters": ALL_C, "engine": {"CLibXML2"}, "live runtime": ALL_C, "services": ALL_C, "command line": ALL_C,
}
LINKS_OF_MODULE = {
    "LinuxInput": DEVICE, "PatientWindow": WINDOW | {"CCairo"},
    "Features": {"CLibXML2"}, "Exports": {"CLibXML2"}, "VisitReport": {"CLibXML2", "CCairo"},
    "Batch": set(), "PatientData": {"CLibXML2"}, "Synthesis": set(), "Serving": {"CLibXML2", "CCairo"},
}
# What breaks the rule today (docs/architecture.md, "Known debt"): nothing since the Sessions split's stages 3 and 4
# (issue 29); a new entry needs its line in the doc and a plan to remove it.
DEBT: set[str] = set()
graph = {}
for target in package["targets"]:
    graph[target["name"]] = {d[k][0] for d in target["dependencies"] for k in ("byName", "target") if k in d}
def closure(name, seen=None):
    seen = set() if seen is None else seen
    for dependency in graph.get(name, ()):
        if dependency not in seen:
            seen.add(dependency)
            closure(dependency, seen)
    return seen
found = set()
for target in package["targets"]:
    name = target["name"]
    if name not in layer_of or layer_of[name] == "C libraries":
        continue
    allowed = allowed_of[layer_of[name]]
    for dependency in sorted(graph[name]):
        there = layer_of.get(dependency)
        if there is None or there in ("C libraries", layer_of[name]) or allowed is None or there in allowed:
            continue
        found.add(f"{name} imports {dependency}")
        if f"{name} imports {dependency}" not in DEBT:
            problems.append(f"{name} ({layer_of[name]}) imports {dependency} ({there}), which its layer may not import "
                            f"(docs/architecture.md, Layers): move what it needs down a layer, or pass it in as a parameter")
    links = LINKS_OF_MODULE.get(name, LINKS[layer_of[name]])
    for library in sorted((closure(name) & ALL_C) - links):
        found.add(f"{name} links {library}")
        if f"{name} links {library}" not in DEBT:
            problems.append(f"{name} ({layer_of[name]}) links {library} through its imports, which docs/architecture.md does not "
                            f"allow it: find the import that brings it (swift package show-dependencies) and cut it")
for debt in sorted(DEBT - found):
    problems.append(f"'{debt}' no longer holds: remove it from DEBT in scripts/check-imports.py and from docs/architecture.md's known debt")
for name in sorted(t["name"] for t in package["targets"] if t["type"] == "regular" and t["name"] not in layer_of
                   and not t["name"].startswith(("Fuzz", "TestSupport"))):
    problems.append(f"{name} is in no layer: add it to the layer table of docs/architecture.md")
for problem in problems:
    print(problem)
if problems:
    sys.exit(1)
print(f"check-imports: Package.swift's dependencies are the import graph of {sum(1 for t in package['targets'] if t['type'] not in ('system', 'binary', 'plugin'))} targets")
