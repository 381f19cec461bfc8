#!/usr/bin/env python3
"""Writes the build's commit and date into a linked styluskit binary (Sources/CBuildStamp), for
`styluskit --version`. Usage: scripts/stamp-build.py BINARY TEXT

The binary holds 128 bytes beginning with the marker below; TEXT goes after the marker, then zeros.
Exactly one marker must be found: none means a binary without CBuildStamp, several mean the marker
leaked into another string, and either way the stamp would not be what --version reads."""
import sys

MARKER = b"STYLUSKIT-BUILD-STAMP:"
SIZE = 128


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: scripts/stamp-build.py BINARY TEXT")
    path, text = sys.argv[1], sys.argv[2].encode("utf-8")
    data = bytearray(open(path, "rb").read())
    at = data.find(MARKER)
    if at < 0 or data.find(MARKER, at + 1) >= 0:
        count = data.count(MARKER)
        sys.exit(f"stamp-build: {path} has {count} build stamp markers, not one: is it a styluskit binary built "
                 "with Sources/CBuildStamp?")
    room = SIZE - len(MARKER) - 1
    if len(text) > room:
        sys.exit(f"stamp-build: the stamp '{sys.argv[2]}' is longer than the {room} bytes the binary keeps for it")
    start = at + len(MARKER)
    data[start:at + SIZE] = text + bytes(SIZE - len(MARKER) - len(text))
    with open(path, "wb") as out:
        out.write(data)


main()
