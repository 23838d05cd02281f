/* What the accessible keys' two files share: the GDBus and GLib functions looked up with dlsym
   (server.c), what is published (under `lock`), and the objects' dispatch (objects.c). */
#ifndef CLAVIER_ACCESSIBLE_SERVER_H
#define CLAVIER_ACCESSIBLE_SERVER_H

#include <gio/gio.h>
#include <pthread.h>

/* Declared from the headers' own prototypes, so a mismatch is a compile error, not a crash. */
struct clavier_gio {
    __typeof__(&g_bus_get_sync) bus_get_sync;
    __typeof__(&g_dbus_connection_call_sync) call_sync;
    __typeof__(&g_dbus_connection_new_for_address_sync) new_for_address_sync;
    __typeof__(&g_dbus_connection_get_unique_name) unique_name;
    __typeof__(&g_dbus_connection_register_subtree) register_subtree;
    __typeof__(&g_dbus_connection_register_object) register_object;
    __typeof__(&g_dbus_connection_emit_signal) emit_signal;
    __typeof__(&g_dbus_node_info_new_for_xml) node_info_new_for_xml;
    __typeof__(&g_dbus_node_info_lookup_interface) lookup_interface;
    __typeof__(&g_dbus_interface_info_ref) interface_info_ref;
    __typeof__(&g_dbus_method_invocation_return_value) return_value;
    __typeof__(&g_dbus_method_invocation_return_dbus_error) return_error;
    __typeof__(&g_variant_new) variant_new;
    __typeof__(&g_variant_get) variant_get;
    __typeof__(&g_variant_unref) variant_unref;
    __typeof__(&g_variant_is_of_type) is_of_type;
    __typeof__(&g_variant_builder_init) builder_init;
    __typeof__(&g_variant_builder_add) builder_add;
    __typeof__(&g_variant_builder_end) builder_end;
    __typeof__(&g_main_context_new) main_context_new;
    __typeof__(&g_main_context_push_thread_default) push_thread_default;
    __typeof__(&g_main_loop_new) main_loop_new;
    __typeof__(&g_main_loop_run) main_loop_run;
    __typeof__(&g_malloc0) malloc0;
    __typeof__(&g_error_free) error_free;
};
extern struct clavier_gio gio;
/* A GVariantType from its string, without GLib's checking function (not linked). */
#define TYPE(string) ((const GVariantType *)(string))

/* One object of the window: a key or a word of the bar. */
struct clavier_accessible_item {
    char *name, *id;
    int x, y, width, height, state;
};

/* What shows, as last committed; read by the server's thread under `clavier_accessible_lock`. */
struct clavier_accessible_shown {
    struct clavier_accessible_item *items;
    int count;
    int x, y, width, height, shown;
    unsigned generation;
};
extern pthread_mutex_t clavier_accessible_lock;
extern struct clavier_accessible_shown clavier_accessible_now;

/* The accessibility bus's connection, the registry's socket the root hangs under, and the
   object paths' root. */
extern GDBusConnection *clavier_accessible_bus;
extern char clavier_accessible_parent_name[256];
extern char clavier_accessible_parent_path[256];
#define CLAVIER_ACCESSIBLE_PATH "/org/a11y/atspi/accessible"

/* The application's name (clavier_accessible_start's `name`). */
const char *clavier_accessible_app_name(void);

/* Registers the objects' subtree on `connection` (objects.c); 0 when it cannot. */
int clavier_accessible_register_objects(GDBusConnection *connection, char *error, size_t size);

/* A client pressed item `index` of `generation` (server.c: queued, the loop told). */
void clavier_accessible_pressed(unsigned generation, int index);

/* Waits until the session's accessibility is on (status_watch.c): 1 then, 0 when there is no
   session bus or libdbus; `told` says what it did (with CLAVIER_LOG=debug). */
int clavier_accessible_wait_until_on(void (*told)(const char *what, const char *detail));

/* Tells clients that the window's children changed (objects.c). */
void clavier_accessible_children_changed(unsigned generation, int count);
/* The same objects go on (`old` and `now` hold the same keys in the same places): tells listeners
   each key's states and name that changed (StateChanged, PropertyChange accessible-name). */
void clavier_accessible_changed(unsigned generation, const struct clavier_accessible_shown *old,
                                const struct clavier_accessible_shown *now);

#endif
