#ifndef CLAVIER_FOCUS_WATCH_H
#define CLAVIER_FOCUS_WATCH_H

#include <stddef.h>

/* What the focus watch writes to its pipe: one byte per event. */
enum {
    /* Listening on the accessibility bus. */
    CLAVIER_FOCUS_READY = 'r',
    /* No accessibility bus to be had (no session bus, no at-spi-bus-launcher); the watch has ended. */
    CLAVIER_FOCUS_NO_BUS = 'u',
    /* Something one types into got the focus: AT-SPI's STATE_EDITABLE, or a terminal. */
    CLAVIER_FOCUS_TEXT_FIELD = 't',
    /* Something else got the focus. */
    CLAVIER_FOCUS_OTHER = 'o',
    /* A text field lost the focus. */
    CLAVIER_FOCUS_TEXT_FIELD_LEFT = 'l',
};

/* Loads libatspi with dlopen (it is not linked: only --auto-show needs it) and starts a thread
   that runs its own GLib main loop with an AT-SPI listener for focus changes, writing one byte
   per change into a pipe. Returns the pipe's read end (non-blocking, close-on-exec), or -1 with
   why in `error` when the library cannot be loaded or the thread not made. The write end stays
   open for the thread's life: the process's. GLib's messages from that thread go to stderr only
   when `debug` is set. */
int clavier_focus_watch_start(int debug, char *error, size_t size);

#endif
