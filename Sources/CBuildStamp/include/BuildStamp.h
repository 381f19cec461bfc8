#ifndef STYLUSKIT_BUILD_STAMP_H
#define STYLUSKIT_BUILD_STAMP_H

/// What `make` stamped into the released binary after linking it (scripts/stamp-build.py): the
/// commit and the build date, as one line of text; empty in a binary nobody stamped (`swift build`).
const char *styluskit_build_stamp(void);

#endif
