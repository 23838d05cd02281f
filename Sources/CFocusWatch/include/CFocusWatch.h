#ifndef CLAVIER_FOCUS_WATCH_H
#define CLAVIER_FOCUS_WATCH_H

#include <stddef.h>

/* What the focus watch writes to its pipe: one byte per message. */
enum {
    /* Listening on the accessibility bus. */
    CLAVIER_FOCUS_READY = 'r',
    /* No accessibility bus to be had (no session bus, no at-spi-bus-launcher); the watch has ended. */
    CLAVIER_FOCUS_NO_BUS = 'u',
    /* The focus report changed: clavier_focus_watch_take has the latest. At most one such
       byte waits in the pipe, however many focus events came: only the last one matters. */
    CLAVIER_FOCUS_REPORT = 'f',
};

/* What got or lost the focus last. */
enum {
    /* Something one types into got the focus: AT-SPI's STATE_EDITABLE, or a terminal. */
    CLAVIER_FOCUS_TEXT_FIELD = 1,
    /* Something else got the focus. */
    CLAVIER_FOCUS_OTHER = 2,
    /* The focused text field lost the focus. */
    CLAVIER_FOCUS_TEXT_FIELD_LEFT = 3,
};

/* The kind of the focused field: its role and the attributes that matter. */
enum {
    CLAVIER_FIELD_UNKNOWN = 0,
    CLAVIER_FIELD_PROSE,
    CLAVIER_FIELD_TERMINAL,
    CLAVIER_FIELD_PASSWORD,
    CLAVIER_FIELD_EMAIL,
    CLAVIER_FIELD_URL,
    CLAVIER_FIELD_TELEPHONE,
    CLAVIER_FIELD_NUMBER,
};

/* The most text before the caret a report carries, in bytes of UTF-8 (200 characters at most). */
#define CLAVIER_FOCUS_TEXT_BYTES 1024

/* The latest state of the focus, as the watch last saw it. */
struct clavier_focus_report {
    /* Counts focus reports (a new count: `focus` and `kind` are about a new focus): the changes
       heard on the bus and the answers to clavier_focus_watch_ask. */
    unsigned long focus_serial;
    /* Counts the focus changes heard on the bus only. */
    unsigned long heard_serial;
    /* Counts readings of the text before the caret (a new count: `before` is new). */
    unsigned long text_serial;
    /* CLAVIER_FOCUS_TEXT_FIELD, _OTHER or _TEXT_FIELD_LEFT. */
    int focus;
    /* CLAVIER_FIELD_*: the focused field's kind. */
    int kind;
    /* Whether the focused field (prose) says it takes several lines (AT-SPI's MULTI_LINE). */
    int multi_line;
    /* Whether `before` holds the focused field's text before the caret. */
    int has_text;
    /* UTF-8, NUL-terminated; never read from a password field. */
    char before[CLAVIER_FOCUS_TEXT_BYTES];
};

/* Loads libatspi with dlopen (it is not linked: only --auto-show needs it) and starts a thread
   that runs its own GLib main loop with AT-SPI listeners for focus changes (and caret moves,
   with `follow_text`: the text before the caret is read then), keeping the latest report and
   writing one byte into a pipe when it changes. Once it listens it asks which object has the
   focus (clavier_focus_watch_ask). Returns the pipe's read end (non-blocking,
   close-on-exec), or -1 with why in `error` when the library cannot be loaded or the thread
   not made. GLib's messages from that thread go to stderr only when `debug` is set. */
int clavier_focus_watch_start(int debug, int follow_text, char *error, size_t size);

/* Copies the latest report into `report`; the next change writes a byte again. */
void clavier_focus_watch_take(struct clavier_focus_report *report);

/* Asks the watch's thread which object has the focus now (AT-SPI tells changes only): its
   answer is a report as a focus change's is, with `heard_serial` unchanged; none when it
   cannot tell (focus_find.c). The watch asks by itself once it listens; an ask before that, or
   while another waits to be answered, adds nothing. Safe from any thread; it never waits. */
void clavier_focus_watch_ask(void);

/* Pauses the watch (auto-show turned off on the settings page: `paused` 1) or lets it go on
   (0): paused, it looks into no focus change or caret move and answers no ask, so it makes no
   call on the bus and writes nothing into its pipe. Its thread stays, listening (libatspi is
   never unloaded), so turning auto-show off and on again starts nothing more; on again, ask
   which field has the focus. Safe from any thread; it never waits. */
void clavier_focus_watch_pause(int paused);

#endif
