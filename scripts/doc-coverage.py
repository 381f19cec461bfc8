#!/usr/bin/env python3
"""Public API with a doc comment, per module: how much of what a module offers says what it is.

A public declaration is a line declaring a type, function, initializer, subscript, property or type alias
with an explicit `public` or `open` modifier (an `override` is documented where it is declared first; an
extension and an enum's cases are not counted, as swift-format's AllPublicDeclarationsHaveDocumentation
counts). It is documented when a `///` or `/** */` comment comes just before it (attributes between them
allowed).

Usage: doc-coverage.py [--require MODULE=PERCENT ...] [SOURCES]   (SOURCES defaults to Sources)
Prints a line per module (documented / public, percent) and the total; exits 1 when a module named by
--require is below its floor.
"""

import os
import re
import sys

KEYWORDS = r"(?:func|init|subscript|var|let|struct|class|enum|protocol|typealias|actor|associatedtype)"
MODIFIER = r"(?:public|open|package|internal|private|fileprivate|static|class|final|override|mutating|nonmutating|" \
    r"nonisolated|convenience|required|lazy|weak|unowned|indirect|dynamic|optional|consuming|borrowing|" \
    r"(?:public|private|fileprivate|internal|package)\(set\))"
DECLARATION = re.compile(rf"^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*((?:{MODIFIER}\s+)+){KEYWORDS}\b")
ATTRIBUTE_ONLY = re.compile(r"^\s*(?:@[\w.]+(?:\([^)]*\))?\s*)+$")


def is_public(modifiers):
    words = modifiers.split()
    return ("public" in words or "open" in words) and "override" not in words


def documented(lines, index):
    """Whether a doc comment ends just above line `index` (attribute lines skipped)."""
    index -= 1
    while index >= 0 and ATTRIBUTE_ONLY.match(lines[index]):
        index -= 1
    if index < 0:
        return False
    above = lines[index].strip()
    if above.startswith("///"):
        return True
    if above.endswith("*/"):
        while index >= 0 and "/*" not in lines[index]:
            index -= 1
        return index >= 0 and "/**" in lines[index]
    return False


def coverage(module_path):
    public = documented_count = 0
    for root, dirs, files in os.walk(module_path):
        dirs.sort()
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            with open(os.path.join(root, name), encoding="utf-8") as source:
                lines = source.read().split("\n")
            for index, line in enumerate(lines):
                match = DECLARATION.match(line)
                if match and is_public(match.group(1)):
                    public += 1
                    documented_count += documented(lines, index)
    return documented_count, public


def main(argv):
    args = argv[1:]
    floors = {}
    while args[:1] == ["--require"]:
        module, percent = args[1].split("=")
        floors[module] = float(percent)
        args = args[2:]
    sources = args[0] if args else "Sources"
    failed = []
    total_documented = total_public = 0
    print("doc comments on public API (scripts/doc-coverage.py):")
    for module in sorted(os.listdir(sources)):
        path = os.path.join(sources, module)
        if not os.path.isdir(path):
            continue
        documented_count, public = coverage(path)
        if public == 0:
            continue
        total_documented += documented_count
        total_public += public
        percent = 100.0 * documented_count / public
        floor = floors.get(module)
        note = ""
        if floor is not None:
            note = f"  (floor {floor:g} %)"
            if percent < floor:
                failed.append(f"{module} {percent:.1f} % < {floor:g} %")
        print(f"  {module:<16} {documented_count:>4} / {public:<4} {percent:5.1f} %{note}")
    if total_public:
        print(f"  {'all':<16} {total_documented:>4} / {total_public:<4} "
              f"{100.0 * total_documented / total_public:5.1f} %")
    for module in floors:
        if not os.path.isdir(os.path.join(sources, module)):
            failed.append(f"{module}: no such module under {sources}")
    if failed:
        print("doc coverage below its floor: " + "; ".join(failed)
              + ". Give the public declarations a /// summary line (what it is, in the domain's words).",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
