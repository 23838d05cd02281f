#ifndef CLAVIER_ACCESSIBLE_KEYS_H
#define CLAVIER_ACCESSIBLE_KEYS_H

#include <stddef.h>

/* The keyboard's keys as AT-SPI objects (issue 50): an application whose one window holds a
   push button per key of the page and per word of the bar, served over D-Bus with GDBus (libgio,
   loaded with dlopen) from a thread of its own, on the accessibility bus, once the session says
   an accessibility client wants it (org.a11y.Status IsEnabled or ScreenReaderEnabled). The
   keyboard's loop only publishes what it shows and reads one byte per message from a pipe. */

/* What the server writes to its pipe: one byte per message. */
enum {
    /* Registered on the accessibility bus: publish what shows now (a client may ask at once). */
    CLAVIER_ACCESSIBLE_WANTED = 'w',
    /* A client pressed a key (its "press" action): clavier_accessible_take_presses has which. */
    CLAVIER_ACCESSIBLE_PRESS = 'p',
};

/* How a key shows, as AT-SPI states: pressed (held), checked (a latched or locked modifier). */
enum {
    CLAVIER_ACCESSIBLE_NORMAL = 0,
    CLAVIER_ACCESSIBLE_PRESSED = 1,
    CLAVIER_ACCESSIBLE_CHECKED = 2,
    CLAVIER_ACCESSIBLE_DISABLED = 3,
};

/* Starts the server's thread: it asks the session bus (through libdbus) whether accessibility is
   on and, once it is (now or later), loads libgio and registers on the accessibility bus as the
   application `name`. Returns the pipe's read end (non-blocking, close-on-exec), or -1 with why
   in `error` (no pipe, no thread). With `debug`, says on stderr what it did. */
int clavier_accessible_start(const char *name, int debug, char *error, size_t size);

/* Whether the server is registered and wants what shows (before: publishing costs nothing). */
int clavier_accessible_wanted(void);

/* Publishes what shows: the window's rectangle on the screen and whether it is shown, then
   `count` items set one by one with clavier_accessible_item (index from 0) and made the
   current ones by clavier_accessible_commit, which returns the new generation. Objects of an
   older generation are gone (a client's cached names and states never outlive a page). */
void clavier_accessible_begin(int count, int x, int y, int width, int height, int shown);
void clavier_accessible_item(int index, const char *name, const char *id, int x, int y, int width, int height, int state);
unsigned clavier_accessible_commit(void);

/* Copies up to `most` pressed items' indices (of generation `generation` only; older ones are
   dropped) into `into`; returns how many. */
int clavier_accessible_take_presses(unsigned generation, int *into, int most);

#endif
