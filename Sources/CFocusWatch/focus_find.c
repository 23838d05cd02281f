/* Which object has the focus now. AT-SPI tells focus changes and has no call that says where
   the focus is, so the watch looks for it as it starts and when the keyboard is shown (a
   password prompt may have got the focus before the watch listened, or unheard while the
   keyboard was hidden): in each application's active windows, the object whose states say
   FOCUSED. Each question is a round trip on the bus (fewer with libatspi's cache), asked on
   the watch's own thread only. The search is bounded in objects, depth and time, so that a
   huge tree cannot hold the watch long; cut short, or refused an answer, it cannot tell. */
#include "atspi_calls.h"

/* A dialog has tens of objects, a desktop program's window a few hundred; a long web page
   may have more, and then the next focus change tells its focus. */
enum { most_objects = 3000, most_depth = 64 };
static const gint64 most_us = 2000000;

struct search {
    int objects;
    gint64 until;
    /* Stopped before it looked everywhere the focus could be (a bound, an error). */
    int cut;
    /* Left a list's rows unread (below): the focus may be among them. */
    int skipped;
};

static int has(AtspiStateSet *states, AtspiStateType state) {
    return atspi.state_set_contains(states, state);
}

/* Counts one more object at `depth`; whether the search must stop. */
static int stops(struct search *search, int depth) {
    if (++search->objects > most_objects || depth > most_depth || atspi.monotonic_time() > search->until) search->cut = 1;
    return search->cut;
}

/* Takes `error`, if any: the application did not answer, so the search cannot tell. */
static int failed(GError *error, struct search *search) {
    if (!error) return 0;
    atspi.error_free(error);
    search->cut = 1;
    return 1;
}

static AtspiAccessible *focused_in(AtspiAccessible *node, int depth, struct search *search);

/* The focused object under one of `node`'s children; NULL: none (or the search stopped). */
static AtspiAccessible *focused_under_children(AtspiAccessible *node, int depth, struct search *search) {
    GError *error = NULL;
    int count = atspi.get_child_count(node, &error);
    if (failed(error, search)) return NULL;
    for (int i = 0; i < count && !search->cut; i++) {
        AtspiAccessible *child = atspi.get_child_at_index(node, i, &error);
        if (failed(error, search) || !child) {
            if (child) atspi.object_unref(child);
            continue;
        }
        AtspiAccessible *found = focused_in(child, depth + 1, search);
        atspi.object_unref(child);
        if (found) return found;
    }
    return NULL;
}

/* `node` when it has the focus, else the focused object under it. Only a showing object can
   have the focus; an object that manages its descendants (a list or a table, thousands of
   rows made on demand) is not looked into, but then a search that finds nothing cannot tell. */
static AtspiAccessible *focused_in(AtspiAccessible *node, int depth, struct search *search) {
    if (stops(search, depth)) return NULL;
    AtspiStateSet *states = atspi.get_state_set(node);
    if (!states) {
        search->cut = 1;
        return NULL;
    }
    int focused = has(states, ATSPI_STATE_FOCUSED), gone = has(states, ATSPI_STATE_DEFUNCT);
    int showing = has(states, ATSPI_STATE_SHOWING), manages = has(states, ATSPI_STATE_MANAGES_DESCENDANTS);
    atspi.object_unref(states);
    if (gone) return NULL;
    if (focused) return atspi.object_ref(node);
    if (!showing) return NULL;
    if (manages) {
        search->skipped = 1;
        return NULL;
    }
    return focused_under_children(node, depth, search);
}

/* The focused object in `application`'s active windows (those that have the X focus). */
static AtspiAccessible *focused_in_application(AtspiAccessible *application, struct search *search) {
    GError *error = NULL;
    int windows = atspi.get_child_count(application, &error);
    if (failed(error, search)) return NULL;
    AtspiAccessible *found = NULL;
    for (int i = 0; i < windows && !found && !search->cut; i++) {
        AtspiAccessible *window = atspi.get_child_at_index(application, i, &error);
        if (failed(error, search) || !window) {
            if (window) atspi.object_unref(window);
            continue;
        }
        AtspiStateSet *states = atspi.get_state_set(window);
        int active = states && has(states, ATSPI_STATE_ACTIVE);
        if (states) atspi.object_unref(states);
        if (!states) search->cut = 1;
        if (active) found = focused_in(window, 1, search);
        atspi.object_unref(window);
    }
    return found;
}

AtspiAccessible *clavier_find_focus(int *sure) {
    struct search search = {0, atspi.monotonic_time() + most_us, 0, 0};
    AtspiAccessible *found = NULL;
    AtspiAccessible *desktop = atspi.get_desktop(0);
    if (!desktop) {
        *sure = 0;
        return NULL;
    }
    GError *error = NULL;
    int applications = atspi.get_child_count(desktop, &error);
    failed(error, &search);
    for (int i = 0; i < applications && !found && !search.cut; i++) {
        AtspiAccessible *application = atspi.get_child_at_index(desktop, i, &error);
        if (failed(error, &search) || !application) {
            if (application) atspi.object_unref(application);
            continue;
        }
        found = focused_in_application(application, &search);
        atspi.object_unref(application);
    }
    atspi.object_unref(desktop);
    /* No active window of any application on the bus: the focus is in a program without
       AT-SPI (xterm), which tells nothing of its fields, as when its focus change is heard. */
    *sure = found || (!search.cut && !search.skipped);
    return found;
}
