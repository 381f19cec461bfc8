#include <stdio.h>
#include <evemu.h>
