// SDL2's video, events and rendering API; pkg-config sdl2 puts /usr/include/SDL2 on the path.
#include <SDL.h>
