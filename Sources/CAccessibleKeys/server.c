/* The accessible keys' thread: waits (through libdbus, status_watch.c) until the session says an
   accessibility client wants objects (org.a11y.Status IsEnabled or ScreenReaderEnabled), then
   loads GDBus (libgio), serves the objects (objects.c) on the accessibility bus and embeds them
   under the registry's desktop.
   No call on a bus is ever made on the keyboard's loop, which only publishes and reads a pipe. */
#define _GNU_SOURCE
#include "CAccessibleKeys.h"
#include "server.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct clavier_gio gio;
pthread_mutex_t clavier_accessible_lock = PTHREAD_MUTEX_INITIALIZER;
struct clavier_accessible_shown clavier_accessible_now;
GDBusConnection *clavier_accessible_bus;
char clavier_accessible_parent_name[256];
char clavier_accessible_parent_path[256] = "/org/a11y/atspi/null";

static struct clavier_accessible_shown next;
static int out = -1;
static int debug_on;
static int wanted;
static char *app_name;

/* Presses heard and not yet taken: a few at most, however fast a client presses. */
#define MOST_PRESSES 32
static struct { unsigned generation; int index; } presses[MOST_PRESSES];
static int press_count;

static void say(char byte) { (void)!write(out, &byte, 1); }

static void debug(const char *what, const char *detail) {
    if (debug_on) fprintf(stderr, "clavier: debug: accessible keys: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
}

static void failed(const char *what, GError *error) {
    debug(what, error ? error->message : NULL);
    if (error) gio.error_free(error);
}

/* Registers on the accessibility bus: the objects, then Embed on the registry, whose answer is
   the desktop the root hangs under. Once only: turned off again, the objects stay. */
static void register_on_bus(GDBusConnection *session) {
    if (__atomic_load_n(&wanted, __ATOMIC_ACQUIRE)) return;
    GError *error = NULL;
    GVariant *reply = gio.call_sync(session, "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", NULL,
                                    TYPE("(s)"), G_DBUS_CALL_FLAGS_NONE, 5000, NULL, &error);
    if (!reply) return failed("no accessibility bus", error);
    const char *address = NULL;
    gio.variant_get(reply, "(&s)", &address);
    GDBusConnection *bus = gio.new_for_address_sync(address, G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT
                                                    | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION, NULL, NULL, &error);
    gio.variant_unref(reply);
    if (!bus) return failed("cannot reach the accessibility bus", error);
    char why[256];
    if (!clavier_accessible_register_objects(bus, why, sizeof why)) return debug("cannot serve the objects", why);
    clavier_accessible_bus = bus;
    const char *unique = gio.unique_name(bus);
    GVariant *socket = gio.call_sync(bus, "org.a11y.atspi.Registry", CLAVIER_ACCESSIBLE_PATH "/root", "org.a11y.atspi.Socket",
                                     "Embed", gio.variant_new("((so))", unique, CLAVIER_ACCESSIBLE_PATH "/root"),
                                     TYPE("((so))"), G_DBUS_CALL_FLAGS_NONE, 5000, NULL, &error);
    if (!socket) return failed("the registry did not embed the keyboard", error);
    const char *name = NULL, *path = NULL;
    gio.variant_get(socket, "((&s&o))", &name, &path);
    pthread_mutex_lock(&clavier_accessible_lock);
    snprintf(clavier_accessible_parent_name, sizeof clavier_accessible_parent_name, "%s", name);
    snprintf(clavier_accessible_parent_path, sizeof clavier_accessible_parent_path, "%s", path);
    pthread_mutex_unlock(&clavier_accessible_lock);
    gio.variant_unref(socket);
    __atomic_store_n(&wanted, 1, __ATOMIC_RELEASE);
    debug("registered on the accessibility bus as", unique);
    say(CLAVIER_ACCESSIBLE_WANTED);
}

/* Loads GDBus's functions (libgio, which Pango has loaded already unless the first picture was a kept one). */
static int load_gio(char *error, size_t size) {
    void *library = dlopen("libgio-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *why = dlerror();
        snprintf(error, size, "%s", why ? why : "cannot load libgio-2.0.so.0");
        return 0;
    }
#define FIND(field, symbol) \
    if (!(gio.field = (__typeof__(gio.field))dlsym(library, #symbol))) { \
        snprintf(error, size, "libgio-2.0.so.0 has no %s", #symbol); \
        return 0; \
    }
    FIND(bus_get_sync, g_bus_get_sync)
    FIND(call_sync, g_dbus_connection_call_sync)
    FIND(new_for_address_sync, g_dbus_connection_new_for_address_sync)
    FIND(unique_name, g_dbus_connection_get_unique_name)
    FIND(register_subtree, g_dbus_connection_register_subtree)
    FIND(register_object, g_dbus_connection_register_object)
    FIND(emit_signal, g_dbus_connection_emit_signal)
    FIND(node_info_new_for_xml, g_dbus_node_info_new_for_xml)
    FIND(lookup_interface, g_dbus_node_info_lookup_interface)
    FIND(interface_info_ref, g_dbus_interface_info_ref)
    FIND(return_value, g_dbus_method_invocation_return_value)
    FIND(return_error, g_dbus_method_invocation_return_dbus_error)
    FIND(variant_new, g_variant_new)
    FIND(variant_get, g_variant_get)
    FIND(variant_unref, g_variant_unref)
    FIND(is_of_type, g_variant_is_of_type)
    FIND(builder_init, g_variant_builder_init)
    FIND(builder_add, g_variant_builder_add)
    FIND(builder_end, g_variant_builder_end)
    FIND(main_context_new, g_main_context_new)
    FIND(push_thread_default, g_main_context_push_thread_default)
    FIND(main_loop_new, g_main_loop_new)
    FIND(main_loop_run, g_main_loop_run)
    FIND(malloc0, g_malloc0)
    FIND(error_free, g_error_free)
#undef FIND
    return 1;
}

static void *serve(void *unused) {
    (void)unused;
    sigset_t all;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, NULL);
    /* Until an accessibility client wants the objects, only libdbus waits (status_watch.c). */
    if (!clavier_accessible_wait_until_on(debug)) return NULL;
    char why[256];
    if (!load_gio(why, sizeof why)) {
        debug("cannot serve the objects", why);
        return NULL;
    }
    /* GDBus calls the objects' methods in the context that was the thread's default when they
       were registered: this thread's own, which nothing else in Clavier runs. */
    GMainContext *context = gio.main_context_new();
    gio.push_thread_default(context);
    GError *error = NULL;
    GDBusConnection *session = gio.bus_get_sync(G_BUS_TYPE_SESSION, NULL, &error);
    if (!session) {
        failed("no session bus", error);
        return NULL;
    }
    register_on_bus(session);
    gio.main_loop_run(gio.main_loop_new(context, FALSE));
    return NULL;
}

int clavier_accessible_start(const char *name, int debug_wanted, char *error, size_t size) {
    int ends[2];
    if (pipe2(ends, O_CLOEXEC | O_NONBLOCK) != 0) {
        snprintf(error, size, "cannot make a pipe: %s", strerror(errno));
        return -1;
    }
    out = ends[1];
    debug_on = debug_wanted;
    app_name = strdup(name);
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    pthread_t thread;
    int failure = pthread_create(&thread, &attributes, serve, NULL);
    pthread_attr_destroy(&attributes);
    if (failure) {
        snprintf(error, size, "cannot start the accessible keys' thread: %s", strerror(failure));
        close(ends[0]);
        close(ends[1]);
        return -1;
    }
    return ends[0];
}

const char *clavier_accessible_app_name(void) { return app_name; }

int clavier_accessible_wanted(void) { return __atomic_load_n(&wanted, __ATOMIC_ACQUIRE); }

static void forget(struct clavier_accessible_shown *shown) {
    for (int i = 0; i < shown->count; i++) {
        free(shown->items[i].name);
        free(shown->items[i].id);
    }
    free(shown->items);
    shown->items = NULL;
    shown->count = 0;
}

void clavier_accessible_begin(int count, int x, int y, int width, int height, int shown) {
    forget(&next);
    next.items = calloc(count > 0 ? (size_t)count : 1, sizeof *next.items);
    next.count = next.items ? count : 0;
    next.x = x, next.y = y, next.width = width, next.height = height, next.shown = shown;
}

void clavier_accessible_item(int index, const char *name, const char *id, int x, int y, int width, int height, int state) {
    if (index < 0 || index >= next.count) return;
    struct clavier_accessible_item *item = &next.items[index];
    free(item->name);
    free(item->id);
    item->name = strdup(name);
    item->id = strdup(id);
    item->x = x, item->y = y, item->width = width, item->height = height, item->state = state;
}

/* Whether `a` and `b` are the same objects: the same keys (by id) in the same places, in a
   window at the same place and shown alike; only states and names may differ. */
static int same_objects(const struct clavier_accessible_shown *a, const struct clavier_accessible_shown *b) {
    if (a->count != b->count || a->shown != b->shown || a->x != b->x || a->y != b->y || a->width != b->width
        || a->height != b->height) return 0;
    for (int i = 0; i < a->count; i++) {
        const struct clavier_accessible_item *p = &a->items[i], *q = &b->items[i];
        if (strcmp(p->id ? p->id : "", q->id ? q->id : "") != 0 || p->x != q->x || p->y != q->y || p->width != q->width
            || p->height != q->height) return 0;
    }
    return 1;
}

/* Other keys (a page, a word more or less, a move) are a new generation of objects and
   ChildrenChanged; the same keys with other states or names keep theirs, and each change is
   told on its object. Only the keyboard's loop writes `clavier_accessible_now`, so it reads it
   here without the lock. */
unsigned clavier_accessible_commit(void) {
    pthread_mutex_lock(&clavier_accessible_lock);
    struct clavier_accessible_shown old = clavier_accessible_now;
    int same = old.generation > 0 && same_objects(&old, &next);
    unsigned generation = same ? old.generation : old.generation + 1;
    clavier_accessible_now = next;
    clavier_accessible_now.generation = generation;
    int count = next.count;
    pthread_mutex_unlock(&clavier_accessible_lock);
    next.items = NULL;
    next.count = 0;
    if (same) clavier_accessible_changed(generation, &old, &clavier_accessible_now);
    else clavier_accessible_children_changed(generation, count);
    forget(&old);
    return generation;
}

void clavier_accessible_pressed(unsigned generation, int index) {
    pthread_mutex_lock(&clavier_accessible_lock);
    int first = press_count == 0;
    if (press_count < MOST_PRESSES) {
        presses[press_count].generation = generation;
        presses[press_count].index = index;
        press_count++;
    }
    pthread_mutex_unlock(&clavier_accessible_lock);
    if (first) say(CLAVIER_ACCESSIBLE_PRESS);
}

int clavier_accessible_take_presses(unsigned generation, int *into, int most) {
    int taken = 0;
    pthread_mutex_lock(&clavier_accessible_lock);
    for (int i = 0; i < press_count; i++) {
        if (presses[i].generation == generation && taken < most) into[taken++] = presses[i].index;
    }
    press_count = 0;
    pthread_mutex_unlock(&clavier_accessible_lock);
    return taken;
}
