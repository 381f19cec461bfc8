#include <libxml/xmlversion.h>
/* Debian builds libxml2 with ICU, so <libxml/encoding.h> includes the system's <unicode/ucnv.h>.
 * Foundation on Linux carries its own copy of ICU's headers (_FoundationICU), and a Swift module
 * that sees both fails to build ("UErrorCode ... is not present in definition"). The ICU part
 * only adds two pointer fields at the end of xmlCharEncodingHandler, a struct StylusKit never
 * allocates or reads, so hiding it from Swift is safe. */
#undef LIBXML_ICU_ENABLED
#include <libxml/xmlwriter.h>
#include <libxml/xmlreader.h>
#include <libxml/parser.h>
#include <libxml/xmlerror.h>
