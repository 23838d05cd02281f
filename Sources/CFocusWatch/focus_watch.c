/* The AT-SPI side of --auto-show: a thread of its own, so that no call into the accessibility
   bus (each may wait up to AT-SPI's 800 ms method timeout on a hung application, or longer at
   its start) ever holds up the keyboard's loop, which only reads the bytes this thread writes. */
#define _GNU_SOURCE
#include "CFocusWatch.h"

#include <atspi/atspi.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* The functions the watch calls, looked up in libatspi and the GLib it brings in: declared
   from the headers' own prototypes, so a mismatch is a compile error, not a crash. */
static struct {
    __typeof__(&atspi_init) init;
    __typeof__(&atspi_event_listener_new_simple) listener_new;
    __typeof__(&atspi_event_listener_register) listener_register;
    __typeof__(&atspi_accessible_get_role) get_role;
    __typeof__(&atspi_accessible_get_state_set) get_state_set;
    __typeof__(&atspi_state_set_contains) state_set_contains;
    __typeof__(&g_object_unref) object_unref;
    __typeof__(&g_error_free) error_free;
    __typeof__(&g_main_loop_new) main_loop_new;
    __typeof__(&g_main_loop_run) main_loop_run;
    __typeof__(&g_log_set_default_handler) log_set_default_handler;
    __typeof__(&g_log_default_handler) log_default_handler;
} atspi;

static int out = -1;
static int debug_on;
/* Set on the watch's own thread only. */
static __thread int on_watcher;

static void say(char byte) {
    (void)!write(out, &byte, 1);
}

/* libatspi warns through GLib about buses it cannot reach and applications that went away:
   the keyboard says so in one line of its own, so these are shown only with CLAVIER_LOG=debug.
   Messages of other threads (Pango's) go on to GLib's own handler as before. */
static void log_message(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    if (on_watcher) {
        if (debug_on) fprintf(stderr, "clavier: debug: AT-SPI: %s\n", message);
        return;
    }
    atspi.log_default_handler(domain, level, message, data);
}

static int is_text_field(AtspiAccessible *source) {
    if (atspi.get_role(source, NULL) == ATSPI_ROLE_TERMINAL) return 1;
    AtspiStateSet *states = atspi.get_state_set(source);
    if (!states) return 0;
    int editable = atspi.state_set_contains(states, ATSPI_STATE_EDITABLE);
    atspi.object_unref(states);
    return editable;
}

static void focus_changed(const AtspiEvent *event) {
    if (!event->source) return;
    int field = is_text_field(event->source);
    if (event->detail1) say(field ? CLAVIER_FOCUS_TEXT_FIELD : CLAVIER_FOCUS_OTHER);
    else if (field) say(CLAVIER_FOCUS_TEXT_FIELD_LEFT);
}

static void *watch(void *unused) {
    (void)unused;
    on_watcher = 1;
    /* Signals are the keyboard's loop's to take (its self-pipe), never this thread's. */
    sigset_t all;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, NULL);
    if (atspi.init() != 0) {
        say(CLAVIER_FOCUS_NO_BUS);
        return NULL;
    }
    GError *error = NULL;
    AtspiEventListener *listener = atspi.listener_new(focus_changed, NULL);
    if (!listener || !atspi.listener_register(listener, "object:state-changed:focused", &error)) {
        if (error) {
            if (debug_on) fprintf(stderr, "clavier: debug: AT-SPI: %s\n", error->message);
            atspi.error_free(error);
        }
        say(CLAVIER_FOCUS_NO_BUS);
        return NULL;
    }
    say(CLAVIER_FOCUS_READY);
    /* AT-SPI dispatches on GLib's default context, which nothing else in Clavier runs. */
    atspi.main_loop_run(atspi.main_loop_new(NULL, FALSE));
    return NULL;
}

int clavier_focus_watch_start(int debug, char *error, size_t size) {
    void *library = dlopen("libatspi.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *why = dlerror();
        snprintf(error, size, "%s", why ? why : "cannot load libatspi.so.0");
        return -1;
    }
#define FIND(field, name) \
    if (!(atspi.field = (__typeof__(atspi.field))dlsym(library, #name))) { \
        snprintf(error, size, "libatspi.so.0 has no %s", #name); \
        return -1; \
    }
    FIND(init, atspi_init)
    FIND(listener_new, atspi_event_listener_new_simple)
    FIND(listener_register, atspi_event_listener_register)
    FIND(get_role, atspi_accessible_get_role)
    FIND(get_state_set, atspi_accessible_get_state_set)
    FIND(state_set_contains, atspi_state_set_contains)
    FIND(object_unref, g_object_unref)
    FIND(error_free, g_error_free)
    FIND(main_loop_new, g_main_loop_new)
    FIND(main_loop_run, g_main_loop_run)
    FIND(log_set_default_handler, g_log_set_default_handler)
    FIND(log_default_handler, g_log_default_handler)
#undef FIND
    int ends[2];
    /* Non-blocking both ways: a keyboard too busy to read misses a focus change rather than
       stall this thread, and the loop's reads never wait. */
    if (pipe2(ends, O_CLOEXEC | O_NONBLOCK) != 0) {
        snprintf(error, size, "cannot make a pipe: %s", strerror(errno));
        return -1;
    }
    out = ends[1];
    debug_on = debug;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    /* Set before the thread runs, so that its very first message is already routed. */
    atspi.log_set_default_handler(log_message, NULL);
    pthread_t thread;
    int failed = pthread_create(&thread, &attributes, watch, NULL);
    pthread_attr_destroy(&attributes);
    if (failed) {
        snprintf(error, size, "cannot start the focus watch: %s", strerror(failed));
        close(ends[0]);
        close(ends[1]);
        return -1;
    }
    return ends[0];
}
