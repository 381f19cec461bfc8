// cairo's drawing API and its PDF surface; pkg-config cairo puts /usr/include/cairo on the path.
#include <cairo.h>
#include <cairo-pdf.h>
