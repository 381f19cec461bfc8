#include <libwacom/libwacom.h>
