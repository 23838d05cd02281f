/* The AT-SPI side of --auto-show: a thread of its own, so that no call into the accessibility
   bus (each may wait up to AT-SPI's 800 ms method timeout on a hung application, or longer at
   its start) ever holds up the keyboard's loop, which only reads the bytes this thread writes. */
#define _GNU_SOURCE
#include "CFocusWatch.h"
#include "atspi_calls.h"

#include <atspi/atspi.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

struct clavier_atspi atspi;

static int out = -1;
static int debug_on;
static int follow_text;
/* Set on the watch's own thread only. */
static __thread int on_watcher;

/* The latest report, shared with the keyboard's loop (clavier_focus_watch_take). */
static pthread_mutex_t report_lock = PTHREAD_MUTEX_INITIALIZER;
static struct clavier_focus_report report;
/* Whether a CLAVIER_FOCUS_REPORT byte waits in the pipe unread: then no other is written. */
static int report_said;

/* The watch thread's own state: the focused accessible (a reference), and the latest event
   not yet looked into, which an idle callback handles once the bus's queue is drained. */
static AtspiAccessible *focused;
static AtspiAccessible *waiting;
static int waiting_focus;   /* 1 gained, 0 lost, -1 a caret move */
static int idle_set;
static gint64 waiting_since;
/* How long an event may wait for the idle callback before the next one is handled at once:
   a flood that never drains the queue still gets its latest focus through. */
static const gint64 most_wait_us = 100000;

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

/* Publishes `next` as the latest report, and says so unless a byte already waits. */
static void publish(const struct clavier_focus_report *next) {
    pthread_mutex_lock(&report_lock);
    report = *next;
    int said = report_said;
    report_said = 1;
    pthread_mutex_unlock(&report_lock);
    if (!said) say(CLAVIER_FOCUS_REPORT);
}

/* `source` (a reference the watch keeps; NULL: nothing that tells) has the focus now: `next`
   says what kind of field it is and, with suggestions, its text before the caret. */
static void now_focused(AtspiAccessible *source, struct clavier_focus_report *next) {
    if (focused) atspi.object_unref(focused);
    focused = source;
    next->kind = source ? clavier_text_field_kind(source) : CLAVIER_FIELD_UNKNOWN;
    next->focus = next->kind != CLAVIER_FIELD_UNKNOWN ? CLAVIER_FOCUS_TEXT_FIELD : CLAVIER_FOCUS_OTHER;
    /* Asked of prose only: where a copied text's new lines may be typed as Returns. */
    next->multi_line = next->kind == CLAVIER_FIELD_PROSE && clavier_text_field_multi_line(source);
    if (follow_text && next->kind != CLAVIER_FIELD_UNKNOWN && next->kind != CLAVIER_FIELD_PASSWORD) {
        next->has_text = clavier_text_before_caret(source, next->before);
    }
    next->focus_serial++;
    if (next->has_text) next->text_serial++;
}

/* Looks into the latest event: the accessible's role, states and text, each a round trip
   on the bus, asked only for the last of a burst of events. */
static void look_into_one(void) {
    AtspiAccessible *source = waiting;
    int gained = waiting_focus;
    waiting = NULL;
    if (!source) return;
    struct clavier_focus_report next;
    pthread_mutex_lock(&report_lock);
    next = report;
    pthread_mutex_unlock(&report_lock);
    next.has_text = 0;
    next.before[0] = 0;
    if (gained == -1) {
        /* A caret move in the focused field: its text before the caret, never a password's. */
        if (source == focused && next.kind != CLAVIER_FIELD_PASSWORD && next.kind != CLAVIER_FIELD_UNKNOWN
            && clavier_text_before_caret(source, next.before)) {
            next.has_text = 1;
            next.text_serial++;
            publish(&next);
        }
        atspi.object_unref(source);
        return;
    }
    if (!gained) {
        /* A field that lost the focus after another got it says nothing about the focus now. */
        if (focused && source != focused) {
            atspi.object_unref(source);
            return;
        }
        int was_field = next.kind != CLAVIER_FIELD_UNKNOWN || (!focused && clavier_text_field_kind(source) != CLAVIER_FIELD_UNKNOWN);
        if (focused) atspi.object_unref(focused);
        focused = NULL;
        atspi.object_unref(source);
        if (!was_field) return;
        next.focus = CLAVIER_FOCUS_TEXT_FIELD_LEFT;
        next.kind = CLAVIER_FIELD_UNKNOWN;
        next.multi_line = 0;
        next.focus_serial++;
        next.heard_serial++;
        publish(&next);
        return;
    }
    now_focused(source, &next);
    next.heard_serial++;
    publish(&next);
}

/* Whether look_into_waiting runs: libatspi dispatches the bus's incoming events while it
   waits for a reply, so the listeners run inside it; they then only keep the event. */
static int looking;

static void look_into_waiting(void) {
    if (looking) return;
    looking = 1;
    while (waiting) look_into_one();
    looking = 0;
}

static gboolean idle_look(gpointer unused) {
    (void)unused;
    idle_set = 0;
    look_into_waiting();
    return G_SOURCE_REMOVE;
}

/* Whether the watch listens (then an ask is answered), whether an ask waits for the
   watch's loop, and whether it is paused (clavier_focus_watch_pause): set by other threads too. */
static int listening;
static int ask_waits;
static int paused;

void clavier_focus_watch_pause(int pause) {
    __atomic_store_n(&paused, pause ? 1 : 0, __ATOMIC_RELEASE);
}

/* Answers an ask (clavier_focus_watch_ask): which object has the focus now, reported as a
   focus change is, but not counted as one heard. Events heard before are looked into first,
   those heard meanwhile after it, as the newer news. When the search cannot tell, nothing is
   reported: the keyboard keeps the field private until the next focus change tells it. */
static gboolean idle_ask(gpointer unused) {
    (void)unused;
    __atomic_store_n(&ask_waits, 0, __ATOMIC_SEQ_CST);
    look_into_waiting();
    int sure = 0;
    looking = 1;
    AtspiAccessible *found = clavier_find_focus(&sure);
    looking = 0;
    if (found || sure) {
        struct clavier_focus_report next;
        pthread_mutex_lock(&report_lock);
        next = report;
        pthread_mutex_unlock(&report_lock);
        next.has_text = 0;
        next.before[0] = 0;
        now_focused(found, &next);
        publish(&next);
    } else if (debug_on) {
        fprintf(stderr, "clavier: debug: AT-SPI: cannot tell which object has the focus\n");
    }
    look_into_waiting();
    return G_SOURCE_REMOVE;
}

void clavier_focus_watch_ask(void) {
    if (!__atomic_load_n(&listening, __ATOMIC_ACQUIRE) || __atomic_load_n(&paused, __ATOMIC_ACQUIRE)) return;
    if (__atomic_exchange_n(&ask_waits, 1, __ATOMIC_ACQ_REL)) return;
    /* Thread-safe in GLib: it wakes the watch's loop. */
    atspi.idle_add(idle_ask, NULL);
}

/* Keeps only the latest event (focus changes and caret moves replace each other, except that
   a caret move never replaces a focus change, which reads the text anyway), and
   looks into it once the bus's queue is drained, or at once when it waited too long. */
static void wait_on(AtspiAccessible *source, int gained) {
    if (waiting && gained == -1 && waiting_focus != -1) return;
    if (waiting && waiting_focus == 1 && gained == 0) {
        /* A loss after a gain not looked into yet: of another object, it is old news (the
           gain is the focus now); of the same one, the gain is looked into first. */
        if (source != waiting) return;
        look_into_waiting();
    }
    if (waiting) atspi.object_unref(waiting);
    waiting = atspi.object_ref(source);
    waiting_focus = gained;
    gint64 now = atspi.monotonic_time();
    if (!idle_set) {
        idle_set = 1;
        waiting_since = now;
        atspi.idle_add(idle_look, NULL);
    } else if (now - waiting_since > most_wait_us) {
        waiting_since = now;
        look_into_waiting();
    }
}

static void focus_changed(const AtspiEvent *event) {
    if (__atomic_load_n(&paused, __ATOMIC_ACQUIRE)) return;
    if (event->source) wait_on(event->source, event->detail1 ? 1 : 0);
}

static void caret_moved(const AtspiEvent *event) {
    if (__atomic_load_n(&paused, __ATOMIC_ACQUIRE)) return;
    if (event->source && event->source == focused) wait_on(event->source, -1);
}

void clavier_focus_watch_take(struct clavier_focus_report *taken) {
    pthread_mutex_lock(&report_lock);
    *taken = report;
    report_said = 0;
    pthread_mutex_unlock(&report_lock);
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
    AtspiEventListener *caret = follow_text ? atspi.listener_new(caret_moved, NULL) : NULL;
    if (!listener || !atspi.listener_register(listener, "object:state-changed:focused", &error)
        || (caret && !atspi.listener_register(caret, "object:text-caret-moved", &error))) {
        if (error) {
            if (debug_on) fprintf(stderr, "clavier: debug: AT-SPI: %s\n", error->message);
            atspi.error_free(error);
        }
        say(CLAVIER_FOCUS_NO_BUS);
        return NULL;
    }
    say(CLAVIER_FOCUS_READY);
    /* The focus may have moved before the watch listened: it asks who has it now. */
    __atomic_store_n(&listening, 1, __ATOMIC_RELEASE);
    clavier_focus_watch_ask();
    /* AT-SPI dispatches on GLib's default context, which nothing else in Clavier runs. */
    atspi.main_loop_run(atspi.main_loop_new(NULL, FALSE));
    return NULL;
}

int clavier_focus_watch_start(int debug, int follow, char *error, size_t size) {
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
    FIND(get_attributes, atspi_accessible_get_attributes)
    FIND(get_text_iface, atspi_accessible_get_text_iface)
    FIND(get_caret_offset, atspi_text_get_caret_offset)
    FIND(get_text, atspi_text_get_text)
    FIND(state_set_contains, atspi_state_set_contains)
    FIND(get_desktop, atspi_get_desktop)
    FIND(get_child_count, atspi_accessible_get_child_count)
    FIND(get_child_at_index, atspi_accessible_get_child_at_index)
    /* Named in two parts: tools/gen-lazy-libs.py takes every g_object name written whole
       for a call of Pango's GObject, which would need a forwarder (and this one is a macro). */
    if (!(atspi.object_ref = (__typeof__(atspi.object_ref))dlsym(library, "g_object" "_ref"))) {
        snprintf(error, size, "libatspi.so.0 has no g_object" "_ref");
        return -1;
    }
    FIND(object_unref, g_object_unref)
    FIND(error_free, g_error_free)
    FIND(free, g_free)
    FIND(hash_table_lookup, g_hash_table_lookup)
    FIND(hash_table_unref, g_hash_table_unref)
    FIND(idle_add, g_idle_add)
    FIND(monotonic_time, g_get_monotonic_time)
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
    follow_text = follow;
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
