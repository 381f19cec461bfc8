# Counts strokes in an evemu recording without StylusKit: an independent check for the tests.
# The rule is libinput's: the tip goes down when pressure reaches `hi` (5% of the range) and up
# when it falls to `lo` (1%) or the tool leaves proximity (a BTN_TOOL_* release). Contact with the
# eraser end (BTN_TOOL_RUBBER in proximity) is not ink, so it is not a stroke.
# Usage: awk -v hi=102 -v lo=20 -f strokes.awk RECORDING
/^E:/ {
    type = $3; code = $4; value = $5 + 0
    if (type == "0003" && code == "0018") pressure = value
    if (type == "0001" && code >= "0140" && code <= "0147" && value == 0) leaving = 1
    if (type == "0001" && code == "0141") eraser = value
    if (type == "0000" && code == "0000") {
        if (leaving) { down = 0; leaving = 0; pressure = 0; next }
        if (!down && pressure >= hi) { down = 1; if (!eraser) strokes++ }
        else if (down && pressure <= lo) down = 0
    }
}
END { print strokes + 0 }
