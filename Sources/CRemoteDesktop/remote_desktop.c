/* mutter's RemoteDesktop session over GDBus, with libgio loaded at the first call (see
   CRemoteDesktop.h). The functions used are declared from GLib's own prototypes. */
#include "CRemoteDesktop.h"

#include <dlfcn.h>
#include <gio/gio.h>
#include <stdio.h>
#include <string.h>

#define BUS_NAME "org.gnome.Mutter.RemoteDesktop"
#define SESSION_INTERFACE "org.gnome.Mutter.RemoteDesktop.Session"
/* A sync call's limit: mutter answers in well under a millisecond; a hung one must not hold
   the keyboard for GDBus's default 25 s. */
#define TIMEOUT_MS 2000

static struct {
    __typeof__(&g_bus_get_sync) bus_get_sync;
    __typeof__(&g_dbus_connection_call_sync) call_sync;
    __typeof__(&g_dbus_connection_call) call;
    __typeof__(&g_dbus_connection_call_finish) call_finish;
    __typeof__(&g_variant_new) variant_new;
    __typeof__(&g_variant_get) variant_get;
    __typeof__(&g_variant_unref) variant_unref;
    __typeof__(&g_error_free) error_free;
    __typeof__(&g_free) free;
    __typeof__(&g_main_context_new) context_new;
    __typeof__(&g_main_context_iteration) context_iteration;
    __typeof__(&g_main_context_push_thread_default) push_thread_default;
    __typeof__(&g_main_context_pop_thread_default) pop_thread_default;
} gio;

static int loaded;
static GDBusConnection *bus;
/* The keys' answers come to this context, read at each key without waiting. */
static GMainContext *answers;
static char *session;
/* Keys sent whose answer has not come; set when one said the session is gone. */
static int pending;
static int gone;

static int load(char *error, size_t size) {
    if (loaded) return 1;
    void *library = dlopen("libgio-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(error, size, "cannot load libgio-2.0.so.0: %s", dlerror());
        return 0;
    }
#define FIND(field, name) \
    if (!(gio.field = (__typeof__(gio.field))dlsym(library, #name))) { \
        snprintf(error, size, "libgio-2.0.so.0 has no %s", #name); \
        return 0; \
    }
    FIND(bus_get_sync, g_bus_get_sync)
    FIND(call_sync, g_dbus_connection_call_sync)
    FIND(call, g_dbus_connection_call)
    FIND(call_finish, g_dbus_connection_call_finish)
    FIND(variant_new, g_variant_new)
    FIND(variant_get, g_variant_get)
    FIND(variant_unref, g_variant_unref)
    FIND(error_free, g_error_free)
    FIND(free, g_free)
    FIND(context_new, g_main_context_new)
    FIND(context_iteration, g_main_context_iteration)
    FIND(push_thread_default, g_main_context_push_thread_default)
    FIND(pop_thread_default, g_main_context_pop_thread_default)
#undef FIND
    loaded = 1;
    return 1;
}

static int connect_bus(char *error, size_t size) {
    if (bus) return 1;
    if (!load(error, size)) return 0;
    GError *failure = NULL;
    bus = gio.bus_get_sync(G_BUS_TYPE_SESSION, NULL, &failure);
    if (!bus) {
        snprintf(error, size, "no session bus: %s", failure ? failure->message : "?");
        if (failure) gio.error_free(failure);
        return 0;
    }
    answers = gio.context_new();
    return 1;
}

/* A sync call; its reply (to unref) or NULL with `error` filled. */
static GVariant *ask(const char *destination, const char *path, const char *interface, const char *method,
                     GVariant *arguments, const GVariantType *reply, char *error, size_t size) {
    GError *failure = NULL;
    GVariant *result = gio.call_sync(bus, destination, path, interface, method, arguments, reply,
                                     G_DBUS_CALL_FLAGS_NO_AUTO_START, TIMEOUT_MS, NULL, &failure);
    if (!result) {
        snprintf(error, size, "%s.%s: %s", interface, method, failure ? failure->message : "?");
        if (failure) gio.error_free(failure);
    }
    return result;
}

int clavier_remote_desktop_offered(char *error, size_t size) {
    if (!connect_bus(error, size)) return 0;
    GVariant *reply = ask("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner",
                          gio.variant_new("(s)", BUS_NAME), (const GVariantType *)"(b)", error, size);
    if (!reply) return 0;
    gboolean owned = FALSE;
    gio.variant_get(reply, "(b)", &owned);
    gio.variant_unref(reply);
    if (!owned) snprintf(error, size, "nothing owns %s on the session bus", BUS_NAME);
    return owned ? 1 : 0;
}

static void answered(GObject *source, GAsyncResult *result, gpointer data) {
    (void)source; (void)data;
    GError *failure = NULL;
    GVariant *reply = gio.call_finish(bus, result, &failure);
    if (reply) gio.variant_unref(reply);
    if (failure) {
        gone = 1;
        gio.error_free(failure);
    }
    pending--;
}

/* Reads the answers that came, without waiting. */
static void read_answers(void) {
    while (pending > 0 && gio.context_iteration(answers, FALSE)) {}
}

static void forget_session(void) {
    if (session) gio.free(session);
    session = NULL;
    /* Answers still to come belong to the old session: read them, and forget what they say. */
    while (pending > 0 && gio.context_iteration(answers, TRUE)) {}
    gone = 0;
}

static void send_key(uint32_t keysym, int pressed) {
    gio.push_thread_default(answers);
    gio.call(bus, BUS_NAME, session, SESSION_INTERFACE, "NotifyKeyboardKeysym",
             gio.variant_new("(ub)", keysym, pressed ? TRUE : FALSE), NULL, G_DBUS_CALL_FLAGS_NO_AUTO_START, TIMEOUT_MS,
             NULL, answered, NULL);
    gio.pop_thread_default(answers);
    pending++;
}

int clavier_remote_desktop_open(char *error, size_t size) {
    if (session && !gone) return 1;
    if (session) forget_session();
    if (!connect_bus(error, size)) return 0;
    GVariant *made = ask(BUS_NAME, "/org/gnome/Mutter/RemoteDesktop", BUS_NAME, "CreateSession", NULL,
                         (const GVariantType *)"(o)", error, size);
    if (!made) return 0;
    gio.variant_get(made, "(o)", &session);
    gio.variant_unref(made);
    GVariant *started = ask(BUS_NAME, session, SESSION_INTERFACE, "Start", NULL, NULL, error, size);
    if (!started) {
        gio.free(session);
        session = NULL;
        return 0;
    }
    gio.variant_unref(started);
    /* mutter drops a new session's first key, and any sent before it has taken that one: a
       Shift press and release goes first, each waiting for mutter's answer (sent without
       waiting, the key after them was dropped too). */
    for (int pressed = 1; pressed >= 0; pressed--) {
        GVariant *shifted = ask(BUS_NAME, session, SESSION_INTERFACE, "NotifyKeyboardKeysym",
                                gio.variant_new("(ub)", 0xffe1u, pressed ? TRUE : FALSE), NULL, error, size);
        if (!shifted) {
            gio.free(session);
            session = NULL;
            return 0;
        }
        gio.variant_unref(shifted);
    }
    return 1;
}

int clavier_remote_desktop_key(uint32_t keysym, int pressed) {
    if (!session) return 0;
    read_answers();
    if (gone) return 0;
    send_key(keysym, pressed);
    return 1;
}

int clavier_remote_desktop_sync(void) {
    if (!session) return 0;
    while (pending > 0 && gio.context_iteration(answers, TRUE)) {}
    return gone ? 0 : 1;
}

void clavier_remote_desktop_close(void) {
    if (!session) return;
    char error[256];
    if (!gone) {
        read_answers();
        GVariant *stopped = ask(BUS_NAME, session, SESSION_INTERFACE, "Stop", NULL, NULL, error, sizeof error);
        if (stopped) gio.variant_unref(stopped);
    }
    forget_session();
}
