// cairo's drawing API and its PDF, SVG and PNG surfaces; pkg-config cairo puts /usr/include/cairo on the path.
#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
