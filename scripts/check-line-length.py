#!/usr/bin/env python3
"""Lines of Swift no longer than .swift-format's lineLength, except where a string literal makes them long.

swift-format's lint reports a line too long only where its printer could break it; a line it cannot
break (a long comment, a long string literal, a long identifier) passes silently. This check closes
that gap with one explicit exception: a line may pass the limit only by the contents of its string
literals (what a test pins of a user-facing message, a path, a command line), since breaking those
would hide the text from a search. Measured with the contents of every string literal on the line
taken out (the quotes stay), the line must fit; a comment, or code, never passes the limit.

Usage: check-line-length.py [--limit N] [--wrap-comments] PATH...   (directories are searched for *.swift)
Prints every long line as FILE:LINE:COLUMN and exits 1 when there is one; the limit defaults to
.swift-format's lineLength in the working directory. --wrap-comments first breaks each `//` or `///`
line over the limit at its last space that fits, the rest going on a new comment line below with the
same indentation (never joined to the next line, whose sentence may be another), as `make format` does
after swift-format; what is left is reported as usual.
"""

import json
import os
import re
import sys


def literal_free(line, state):
    """The line with the contents of its string literals taken out, and the lexer state after it.

    state is a stack carried from line to line: ("code", depth) for code (depth counts the open
    parentheses of an interpolation), ("string", hashes, multiline) inside a literal, ("comment",)
    inside a block comment. Interpolations count as the literal's contents.
    """
    out = []
    i = 0
    n = len(line)
    while i < n:
        top = state[-1]
        if top[0] == "comment":
            end = line.find("*/", i)
            if end < 0:
                out.append(line[i:])
                return "".join(out), state
            out.append(line[i : end + 2])
            i = end + 2
            state.pop()
            continue
        if top[0] == "string":
            _, hashes, multiline = top
            close = ('"""' if multiline else '"') + "#" * hashes
            escape = "\\" + "#" * hashes
            if line.startswith(escape + "(", i):
                state.append(("code", 1, True))
                i += len(escape) + 1
                continue
            if line.startswith(escape, i):
                i += len(escape) + 1
                continue
            if line.startswith(close, i):
                out.append(close)
                i += len(close)
                state.pop()
                continue
            i += 1
            continue
        # Code, at the top level or inside an interpolation (whose text belongs to its literal).
        inside = len(top) > 2
        ch = line[i]
        if line.startswith("//", i):
            if not inside:
                out.append(line[i:])
            return "".join(out), state
        if line.startswith("/*", i):
            state.append(("comment",))
            if not inside:
                out.append("/*")
            i += 2
            continue
        hashes = 0
        while i + hashes < n and line[i + hashes] == "#":
            hashes += 1
        if i + hashes < n and line[i + hashes] == '"':
            multiline = line.startswith('"""', i + hashes)
            opening = "#" * hashes + ('"""' if multiline else '"')
            if not inside:
                out.append(opening)
            state.append(("string", hashes, multiline))
            i += len(opening)
            continue
        if inside:
            if ch == "(":
                state[-1] = ("code", top[1] + 1, True)
            elif ch == ")":
                if top[1] == 1:
                    state.pop()
                else:
                    state[-1] = ("code", top[1] - 1, True)
        else:
            out.append(ch)
        i += 1
    return "".join(out), state


def wrap_comment(line, limit):
    """A whole-line comment over `limit` as lines within it, or None when it is no such comment or has no space to
    break at."""
    match = re.match(r"^(\s*(?:///|//)) ?(.*)$", line)
    if not match:
        return None
    prefix = match.group(1) + " "
    wrapped = []
    while len(line) > limit:
        cut = line.rfind(" ", len(prefix), limit + 1)
        if cut < 0:
            break
        wrapped.append(line[:cut].rstrip())
        line = prefix + line[cut + 1 :].lstrip()
    wrapped.append(line)
    return wrapped if len(wrapped) > 1 else None


def wrap_comments(path, limit):
    """Wraps the whole-line comments over `limit` in the file at `path`; returns how many were wrapped."""
    with open(path, encoding="utf-8") as source:
        lines = source.read().split("\n")
    state = [("code", 0)]
    out = []
    wrapped = 0
    for line in lines:
        in_code = state[-1] == ("code", 0)
        _, state = literal_free(line, state)
        pieces = wrap_comment(line, limit) if in_code and len(line) > limit else None
        if pieces:
            out.extend(pieces)
            wrapped += 1
        else:
            out.append(line)
    if wrapped:
        with open(path, "w", encoding="utf-8") as target:
            target.write("\n".join(out))
    return wrapped


def swift_files(paths):
    for path in paths:
        if os.path.isdir(path):
            for root, dirs, files in os.walk(path):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                for name in sorted(files):
                    if name.endswith(".swift"):
                        yield os.path.join(root, name)
        else:
            yield path


def main(argv):
    args = argv[1:]
    limit = None
    if args[:1] == ["--limit"]:
        limit = int(args[1])
        args = args[2:]
    wrap = args[:1] == ["--wrap-comments"]
    if wrap:
        args = args[1:]
    if limit is None:
        with open(".swift-format") as config:
            limit = json.load(config)["lineLength"]
    if wrap:
        wrapped = sum(wrap_comments(path, limit) for path in swift_files(args))
        print(f"{wrapped} comment lines over {limit} columns wrapped")
    long_lines = 0
    for path in swift_files(args):
        state = [("code", 0)]
        with open(path, encoding="utf-8") as source:
            for number, raw in enumerate(source, 1):
                line = raw.rstrip("\n")
                in_literal = state[-1][0] == "string"
                measured, state = literal_free(line, state)
                if len(line) <= limit or in_literal and state[-1][0] == "string":
                    continue  # short, or inside a multi-line literal from end to end
                if len(measured) > limit:
                    long_lines += 1
                    print(f"{path}:{number}:{limit + 1}: line is {len(line)} columns, over {limit} "
                          "(a string literal's contents may pass the limit; code and comments may not)")
    if long_lines:
        print(f"{long_lines} lines over {limit} columns: break them (swift format format breaks code; "
              "comments are wrapped by hand)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
