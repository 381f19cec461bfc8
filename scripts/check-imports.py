#!/usr/bin/env python3
"""Checks that Package.swift's dependencies are the true import graph (run by `make test`).

For every Swift target, the modules its files import (other than the toolchain's) must be exactly
the targets and products it declares: an undeclared import builds only by accident of build
order, and an unused dependency is an edge in the graph that lies. Prints each mismatch with the
fix; exits 1 if there is any.

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
# Layering rules the import graph must keep (architecture.md): the patient window draws and speaks,
# it does not read or write results files, so it must not link libxml2 (issue 16).
FORBIDDEN = {"PatientWindow": {"CLibXML2"}}
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
for name, forbidden in FORBIDDEN.items():
    for module in sorted(closure(name) & forbidden):
        problems.append(f"{name} depends on {module} (through its dependencies): it must not; move what needs it to another module")
for problem in problems:
    print(problem)
if problems:
    sys.exit(1)
print(f"check-imports: Package.swift's dependencies are the import graph of {sum(1 for t in package['targets'] if t['type'] not in ('system', 'binary', 'plugin'))} targets")
