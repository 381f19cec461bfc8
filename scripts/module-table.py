#!/usr/bin/env python3
"""Prints docs/architecture.md's module table for the tree as it is.

Each module's layer (from the layer table in docs/architecture.md), its non-blank Swift lines, its direct
dependencies in Package.swift, and the C libraries (and swift-crypto) it links directly or through its imports.
Usage: scripts/module-table.py [PACKAGE_JSON] (default: runs `swift package dump-package`).
"""
import json
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
LIBRARIES = {"CEvdev": "libevdev", "CUdev": "libudev", "CLibwacom": "libwacom", "CLibXML2": "libxml2",
             "CCairo": "cairo", "CSDL2": "SDL2", "CEspeakNG": "espeak-ng"}
PRODUCTS = {"Crypto": "swift-crypto"}


def package():
    if len(sys.argv) > 1:
        return json.loads(pathlib.Path(sys.argv[1]).read_text())
    return json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True,
                                     capture_output=True, text=True).stdout)


def layers():
    found = {}
    for line in (ROOT / "docs/architecture.md").read_text().splitlines():
        cells = [c.strip() for c in line.split("|")]
        if len(cells) > 4 and "`" in cells[3]:
            for module in re.findall(r"`([^`]+)`", cells[3]):
                found.setdefault(module, cells[1])
    return found


def main():
    targets = {t["name"]: t for t in package()["targets"] if t["type"] in ("regular", "executable", "system")}
    direct = {}
    for name, target in targets.items():
        names = []
        for dependency in target["dependencies"]:
            kind, value = next(iter(dependency.items()))
            names.append(value[0])
        direct[name] = names

    def links(name, seen=None):
        seen = set() if seen is None else seen
        found = set()
        for dependency in direct.get(name, []):
            if dependency in LIBRARIES:
                found.add(LIBRARIES[dependency])
            elif dependency in PRODUCTS:
                found.add(PRODUCTS[dependency])
            elif dependency in targets and dependency not in seen:
                seen.add(dependency)
                found |= links(dependency, seen)
        return found

    layer_of = layers()
    order = list(dict.fromkeys(layer_of.values()))
    rows = []
    for name, target in targets.items():
        if name.startswith("C") and name in LIBRARIES or name in ("CBuildStamp", "FuzzTargets"):
            continue
        if name not in layer_of:
            continue
        folder = ROOT / (target.get("path") or f"Sources/{name}")
        lines = sum(1 for f in folder.rglob("*.swift") for line in f.read_text().splitlines() if line.strip())
        imports = sum(1 for d in direct[name] if d not in LIBRARIES and d != "CBuildStamp")
        rows.append((order.index(layer_of[name]), name, layer_of[name], lines, imports,
                     ", ".join(sorted(links(name), key=str.lower))))
    print("| module | layer | lines | imports | links |")
    print("|---|---|---|---|---|")
    for _, name, layer, lines, imports, linked in sorted(rows, key=lambda r: r[0]):
        print(f"| `{name}` | {layer} | {lines} | {imports} | {linked} |")


main()
