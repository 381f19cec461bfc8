#include "BuildStamp.h"

// 128 bytes that scripts/stamp-build.py finds by their marker in the linked binary and overwrites
// after it (the text, then at least one zero). Not const and not static, so the compiler cannot fold
// the unstamped contents into styluskit_build_stamp: the bytes are read as the file was stamped.
#define STYLUSKIT_BUILD_STAMP_MARKER "STYLUSKIT-BUILD-STAMP:"
char styluskit_build_stamp_bytes[128] = STYLUSKIT_BUILD_STAMP_MARKER;

const char *styluskit_build_stamp(void) {
    return styluskit_build_stamp_bytes + sizeof STYLUSKIT_BUILD_STAMP_MARKER - 1;
}
