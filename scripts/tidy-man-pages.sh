#!/usr/bin/env bash
# Tidies the man pages swift-argument-parser's GenerateManual plugin writes (make man), so man-db
# indexes them and groff reads them without warnings:
# - NAME gives the page's own name (styluskit.replay), which whatis and apropos look pages up by;
#   the synopsis and the rest still show the command as typed (styluskit replay);
# - a blank line in a help text becomes an mdoc paragraph break (.Pp) instead of an empty input line.
# Usage: scripts/tidy-man-pages.sh DIR
set -euo pipefail
for page in "$1"/*.1; do
    name=$(basename "$page" .1)
    spaced=${name//./ }
    sed -i -e 's/^$/.Pp/' -e "s/^\.Nm \"$spaced\"\$/.Nm $name/" -e "s/^\.Nm$/.Nm \"$spaced\"/" "$page"
done
