// SDL2's video, events and rendering API; pkg-config sdl2 puts /usr/include/SDL2 on the path.
#include <SDL.h>
#include <dlfcn.h>

// ALSA's error handler, which SDL's ALSA audio driver leaves at its default: without a sound card it prints
// a dozen "ALSA lib pcm.c:...: Unknown PCM default" lines on the operator's terminal, which say nothing the
// session does not already say ("instructions shown, not spoken"). The handler takes ALSA's variadic
// arguments, so it is written here in C, not in Swift.
static void styluskit_alsa_quiet(const char *file, int line, const char *function, int err, const char *format, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)format;
}

// Loads the ALSA library SDL will load (the same instance: the handler holds for SDL's use of it) and sets
// the quiet handler; does nothing where ALSA is not installed. The library stays loaded for the process.
static inline void styluskit_quiet_alsa(void) {
    void *alsa = dlopen("libasound.so.2", RTLD_NOW | RTLD_LOCAL);
    if (alsa == NULL) return;
    typedef void (*handler_t)(const char *, int, const char *, int, const char *, ...);
    int (*set_handler)(handler_t) = (int (*)(handler_t))dlsym(alsa, "snd_lib_error_set_handler");
    if (set_handler != NULL) set_handler(styluskit_alsa_quiet);
}
