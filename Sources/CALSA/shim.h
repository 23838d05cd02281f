#include <alsa/asoundlib.h>

/* ALSA prints its own errors to stderr through a variadic handler, which Swift
   cannot implement; this silent one lets the player report errors once, itself. */
static void clavier_alsa_silent(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}
static inline void clavier_alsa_silence_errors(void) { snd_lib_error_set_handler(clavier_alsa_silent); }
