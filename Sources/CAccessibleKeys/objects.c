/* The accessible keys' objects on the accessibility bus: under /org/a11y/atspi/accessible, `root`
   (the application), `window` (the keyboard's window) and `kG_I`, item I of generation G (a key
   or a word of the bar: a push button with a "press" action). Called on the server's thread;
   what shows is read under the lock, as the keyboard's loop last published it. */
#define _GNU_SOURCE
#include "server.h"
#include "interfaces.h"
#include "object.h"
#include "CAccessibleKeys.h"

#include <atspi/atspi-constants.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static GDBusNodeInfo *node;

enum kind accessible_kind_of(const char *path, unsigned *generation, int *index) {
    const char *prefix = CLAVIER_ACCESSIBLE_PATH "/";
    if (!path || strncmp(path, prefix, strlen(prefix)) != 0) return NONE;
    const char *leaf = path + strlen(prefix);
    if (strcmp(leaf, "root") == 0) return ROOT;
    if (strcmp(leaf, "window") == 0) return WINDOW;
    if (sscanf(leaf, "k%u_%d", generation, index) == 2 && *index >= 0) return KEY;
    return NONE;
}

static struct object look_up(const char *path) {
    struct object object = {0};
    unsigned generation = 0;
    int index = -1;
    object.kind = accessible_kind_of(path, &generation, &index);
    pthread_mutex_lock(&clavier_accessible_lock);
    const struct clavier_accessible_shown *now = &clavier_accessible_now;
    object.generation = now->generation;
    object.count = now->count;
    object.x = now->x, object.y = now->y, object.width = now->width, object.height = now->height;
    object.window_x = now->x, object.window_y = now->y;
    object.shown = now->shown;
    snprintf(object.name, sizeof object.name, "%s", object.kind == ROOT ? clavier_accessible_app_name() : "Clavier");
    object.index = -1;
    if (object.kind == KEY && generation == now->generation && index < now->count) {
        const struct clavier_accessible_item *item = &now->items[index];
        object.index = index;
        object.x = item->x, object.y = item->y, object.width = item->width, object.height = item->height;
        object.state = item->state;
        snprintf(object.name, sizeof object.name, "%s", item->name ? item->name : "");
        snprintf(object.id, sizeof object.id, "%s", item->id ? item->id : "");
    } else if (object.kind == KEY) {
        object.name[0] = 0;
        object.width = object.height = 0;
    }
    pthread_mutex_unlock(&clavier_accessible_lock);
    return object;
}

static const char *own_name(void) { return gio.unique_name(clavier_accessible_bus); }

GVariant *accessible_reference(const char *path) { return gio.variant_new("(so)", own_name(), path); }

GVariant *accessible_key_reference(unsigned generation, int index) {
    char path[128];
    snprintf(path, sizeof path, CLAVIER_ACCESSIBLE_PATH "/k%u_%d", generation, index);
    return accessible_reference(path);
}

static GVariant *parent_of(const struct object *object) {
    switch (object->kind) {
    case ROOT: {
        pthread_mutex_lock(&clavier_accessible_lock);
        GVariant *parent = gio.variant_new("(so)", clavier_accessible_parent_name[0] ? clavier_accessible_parent_name : own_name(),
                                           clavier_accessible_parent_path);
        pthread_mutex_unlock(&clavier_accessible_lock);
        return parent;
    }
    case WINDOW: return accessible_reference(CLAVIER_ACCESSIBLE_PATH "/root");
    default: return accessible_reference(CLAVIER_ACCESSIBLE_PATH "/window");
    }
}

static int child_count(const struct object *object) {
    return object->kind == ROOT ? 1 : object->kind == WINDOW ? object->count : 0;
}

static GVariant *child_at(const struct object *object, int index) {
    if (object->kind == ROOT && index == 0) return accessible_reference(CLAVIER_ACCESSIBLE_PATH "/window");
    if (object->kind == WINDOW && index >= 0 && index < object->count) return accessible_key_reference(object->generation, index);
    return accessible_reference("/org/a11y/atspi/null");
}


static GVariant *accessible_method(const struct object *object, const char *method, GVariant *parameters) {
    static const char *roles[] = {"", "application", "window", "push button"};
    if (IS("GetChildAtIndex")) {
        gint32 index = 0;
        gio.variant_get(parameters, "(i)", &index);
        return gio.variant_new("(@(so))", child_at(object, index));
    }
    if (IS("GetChildren")) {
        GVariantBuilder builder;
        gio.builder_init(&builder, TYPE("a(so)"));
        for (int i = 0; i < child_count(object); i++) gio.builder_add(&builder, "@(so)", child_at(object, i));
        return gio.variant_new("(@a(so))", gio.builder_end(&builder));
    }
    if (IS("GetIndexInParent")) return gio.variant_new("(i)", object->kind == WINDOW ? 0 : object->kind == KEY ? object->index : -1);
    if (IS("GetRelationSet")) {
        GVariantBuilder builder;
        gio.builder_init(&builder, TYPE("a(ua(so))"));
        return gio.variant_new("(@a(ua(so)))", gio.builder_end(&builder));
    }
    if (IS("GetRole")) {
        guint32 role = object->kind == ROOT ? ATSPI_ROLE_APPLICATION : object->kind == WINDOW ? ATSPI_ROLE_WINDOW : ATSPI_ROLE_PUSH_BUTTON;
        return gio.variant_new("(u)", role);
    }
    if (IS("GetRoleName") || IS("GetLocalizedRoleName")) return gio.variant_new("(s)", roles[object->kind]);
    if (IS("GetState")) return gio.variant_new("(@au)", accessible_states(object));
    if (IS("GetAttributes")) {
        GVariantBuilder builder;
        gio.builder_init(&builder, TYPE("a{ss}"));
        if (object->kind == ROOT) gio.builder_add(&builder, "{ss}", "toolkit", "Clavier");
        return gio.variant_new("(@a{ss})", gio.builder_end(&builder));
    }
    if (IS("GetApplication")) return gio.variant_new("(@(so))", accessible_reference(CLAVIER_ACCESSIBLE_PATH "/root"));
    if (IS("GetInterfaces")) {
        GVariantBuilder builder;
        gio.builder_init(&builder, TYPE("as"));
        gio.builder_add(&builder, "s", ACCESSIBLE);
        if (object->kind == ROOT) gio.builder_add(&builder, "s", "org.a11y.atspi.Application");
        if (object->kind != ROOT) gio.builder_add(&builder, "s", "org.a11y.atspi.Component");
        if (object->kind == KEY) gio.builder_add(&builder, "s", "org.a11y.atspi.Action");
        return gio.variant_new("(@as)", gio.builder_end(&builder));
    }
    return NULL;
}

static GVariant *application_method(const char *method, GVariant *parameters) {
    (void)parameters;
    if (IS("GetLocale")) return gio.variant_new("(s)", "");
    return NULL;
}

static void method_call(GDBusConnection *connection, const gchar *sender, const gchar *path, const gchar *interface,
                        const gchar *method, GVariant *parameters, GDBusMethodInvocation *invocation, gpointer unused) {
    (void)connection, (void)sender, (void)unused;
    struct object object = look_up(path);
    GVariant *reply = NULL;
    if (strcmp(interface, ACCESSIBLE) == 0) reply = accessible_method(&object, method, parameters);
    else if (strcmp(interface, "org.a11y.atspi.Component") == 0 && object.kind != ROOT) reply = accessible_component_call(&object, method, parameters);
    else if (strcmp(interface, "org.a11y.atspi.Action") == 0 && object.kind == KEY) reply = accessible_action_call(&object, method, parameters);
    else if (strcmp(interface, "org.a11y.atspi.Application") == 0) reply = application_method(method, parameters);
    else if (strcmp(interface, "org.a11y.atspi.Cache") == 0 && IS("GetItems")) {
        /* No cache: a client asks each object (libatspi warns when the call fails). */
        GVariantBuilder builder;
        gio.builder_init(&builder, TYPE("a((so)(so)(so)iiassusau)"));
        reply = gio.variant_new("(@a((so)(so)(so)iiassusau))", gio.builder_end(&builder));
    }
    if (reply) gio.return_value(invocation, reply);
    else gio.return_error(invocation, "org.freedesktop.DBus.Error.UnknownMethod", "not served");
}

static GVariant *get_property(GDBusConnection *connection, const gchar *sender, const gchar *path, const gchar *interface,
                              const gchar *property, GError **error, gpointer unused) {
    (void)connection, (void)sender, (void)error, (void)unused;
    struct object object = look_up(path);
    const char *method = property;
    if (strcmp(interface, ACCESSIBLE) == 0) {
        if (IS("Name")) return gio.variant_new("s", object.name);
        if (IS("Parent")) return parent_of(&object);
        if (IS("ChildCount")) return gio.variant_new("i", child_count(&object));
        if (IS("AccessibleId")) return gio.variant_new("s", object.id);
    }
    if (IS("NActions")) return gio.variant_new("i", 1);
    if (IS("ToolkitName")) return gio.variant_new("s", "Clavier");
    if (IS("AtspiVersion")) return gio.variant_new("s", "2.1");
    if (IS("InterfaceVersion") || IS("version")) return gio.variant_new("u", 1);
    if (IS("Id")) return gio.variant_new("i", 0);
    return gio.variant_new("s", "");  /* Description, Locale, HelpText, Version, ToolkitVersion */
}

static gboolean set_property(GDBusConnection *connection, const gchar *sender, const gchar *path, const gchar *interface,
                             const gchar *property, GVariant *value, GError **error, gpointer unused) {
    (void)connection, (void)sender, (void)path, (void)interface, (void)property, (void)value, (void)error, (void)unused;
    return TRUE;  /* The registry's Id: nothing asks for it back. */
}

static const GDBusInterfaceVTable calls = {method_call, get_property, set_property, {0}};

static gchar **enumerate(GDBusConnection *connection, const gchar *sender, const gchar *path, gpointer unused) {
    (void)connection, (void)sender, (void)path, (void)unused;
    gchar **nodes = gio.malloc0(3 * sizeof *nodes);
    nodes[0] = strdup("root");
    nodes[1] = strdup("window");
    return nodes;
}

static GDBusInterfaceInfo **introspect(GDBusConnection *connection, const gchar *sender, const gchar *path, const gchar *leaf,
                                       gpointer unused) {
    (void)connection, (void)sender, (void)path, (void)unused;
    if (!leaf) return NULL;
    char full[256];
    snprintf(full, sizeof full, CLAVIER_ACCESSIBLE_PATH "/%s", leaf);
    unsigned generation;
    int index;
    enum kind kind = accessible_kind_of(full, &generation, &index);
    if (kind == NONE) return NULL;
    const char *names[] = {ACCESSIBLE, kind == ROOT ? "org.a11y.atspi.Application" : "org.a11y.atspi.Component",
                           kind == KEY ? "org.a11y.atspi.Action" : NULL, NULL};
    GDBusInterfaceInfo **infos = gio.malloc0(4 * sizeof *infos);
    for (int i = 0; names[i]; i++) infos[i] = gio.interface_info_ref(gio.lookup_interface(node, names[i]));
    return infos;
}

static const GDBusInterfaceVTable *dispatch(GDBusConnection *connection, const gchar *sender, const gchar *path,
                                            const gchar *interface, const gchar *leaf, gpointer *user_data, gpointer unused) {
    (void)connection, (void)sender, (void)path, (void)interface, (void)leaf, (void)unused;
    *user_data = NULL;
    return &calls;
}

static const GDBusSubtreeVTable subtree = {enumerate, introspect, dispatch, {0}};

int clavier_accessible_register_objects(GDBusConnection *connection, char *error, size_t size) {
    GError *failure = NULL;
    node = gio.node_info_new_for_xml(CLAVIER_ACCESSIBLE_XML, &failure);
    if (node && gio.register_subtree(connection, CLAVIER_ACCESSIBLE_PATH, &subtree, G_DBUS_SUBTREE_FLAGS_DISPATCH_TO_UNENUMERATED_NODES,
                                     NULL, NULL, &failure)
        && gio.register_object(connection, "/org/a11y/atspi/cache", gio.lookup_interface(node, "org.a11y.atspi.Cache"), &calls,
                               NULL, NULL, &failure)) return 1;
    snprintf(error, size, "%s", failure ? failure->message : "no interfaces");
    if (failure) gio.error_free(failure);
    return 0;
}

void clavier_accessible_children_changed(unsigned generation, int count) {
    if (!clavier_accessible_wanted()) return;
    GVariantBuilder properties;
    gio.builder_init(&properties, TYPE("a{sv}"));
    gio.emit_signal(clavier_accessible_bus, NULL, CLAVIER_ACCESSIBLE_PATH "/window", "org.a11y.atspi.Event.Object", "ChildrenChanged",
                    gio.variant_new("(siiv@a{sv})", "add", 0, count,
                                    count > 0 ? accessible_key_reference(generation, 0) : accessible_reference("/org/a11y/atspi/null"),
                                    gio.builder_end(&properties)), NULL);
}

/* One AT-SPI object event from the key at `path`. */
static void emit_event(const char *path, const char *signal, const char *detail, int detail1, GVariant *data) {
    GVariantBuilder properties;
    gio.builder_init(&properties, TYPE("a{sv}"));
    gio.emit_signal(clavier_accessible_bus, NULL, path, "org.a11y.atspi.Event.Object", signal,
                    gio.variant_new("(siiv@a{sv})", detail, detail1, 0, data, gio.builder_end(&properties)), NULL);
}

static void state_changed(const char *path, const char *state, int was, int is) {
    if (was != is) emit_event(path, "StateChanged", state, is ? 1 : 0, gio.variant_new("i", 0));
}

void clavier_accessible_changed(unsigned generation, const struct clavier_accessible_shown *old,
                                const struct clavier_accessible_shown *now) {
    if (!clavier_accessible_wanted()) return;
    for (int i = 0; i < now->count && i < old->count; i++) {
        const struct clavier_accessible_item *was = &old->items[i], *is = &now->items[i];
        char path[128];
        snprintf(path, sizeof path, CLAVIER_ACCESSIBLE_PATH "/k%u_%d", generation, i);
        state_changed(path, "pressed", was->state == CLAVIER_ACCESSIBLE_PRESSED, is->state == CLAVIER_ACCESSIBLE_PRESSED);
        state_changed(path, "checked", was->state == CLAVIER_ACCESSIBLE_CHECKED, is->state == CLAVIER_ACCESSIBLE_CHECKED);
        state_changed(path, "enabled", was->state != CLAVIER_ACCESSIBLE_DISABLED, is->state != CLAVIER_ACCESSIBLE_DISABLED);
        state_changed(path, "sensitive", was->state != CLAVIER_ACCESSIBLE_DISABLED, is->state != CLAVIER_ACCESSIBLE_DISABLED);
        const char *name = is->name ? is->name : "";
        if (strcmp(was->name ? was->name : "", name) != 0)
            emit_event(path, "PropertyChange", "accessible-name", 0, gio.variant_new("s", name));
    }
}
