/* Whether the session's accessibility is on (org.a11y.Status IsEnabled or ScreenReaderEnabled),
   asked and then followed through libdbus: small, with no thread or type system of its own, so
   that a keyboard on a desktop where no accessibility client runs holds next to nothing more.
   GDBus, which serves the objects (server.c), is loaded only once it is on. */
#define _GNU_SOURCE
#include "server.h"

#include <dbus/dbus.h>
#include <dlfcn.h>
#include <stdio.h>

static struct {
    __typeof__(&dbus_error_init) error_init;
    __typeof__(&dbus_error_free) error_free;
    __typeof__(&dbus_bus_get_private) bus_get_private;
    __typeof__(&dbus_connection_set_exit_on_disconnect) set_exit_on_disconnect;
    __typeof__(&dbus_bus_add_match) add_match;
    __typeof__(&dbus_message_new_method_call) new_method_call;
    __typeof__(&dbus_message_append_args) append_args;
    __typeof__(&dbus_connection_send_with_reply_and_block) send_and_block;
    __typeof__(&dbus_message_unref) message_unref;
    __typeof__(&dbus_message_iter_init) iter_init;
    __typeof__(&dbus_message_iter_recurse) iter_recurse;
    __typeof__(&dbus_message_iter_get_arg_type) iter_arg_type;
    __typeof__(&dbus_message_iter_get_basic) iter_get_basic;
    __typeof__(&dbus_connection_read_write) read_write;
    __typeof__(&dbus_connection_pop_message) pop_message;
    __typeof__(&dbus_message_is_signal) is_signal;
    __typeof__(&dbus_connection_close) close;
    __typeof__(&dbus_connection_unref) unref;
} dbus;

static int load(char *error, size_t size) {
    void *library = dlopen("libdbus-1.so.3", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(error, size, "cannot load libdbus-1.so.3");
        return 0;
    }
#define FIND(field, symbol) \
    if (!(dbus.field = (__typeof__(dbus.field))dlsym(library, #symbol))) { \
        snprintf(error, size, "libdbus-1.so.3 has no %s", #symbol); \
        return 0; \
    }
    FIND(error_init, dbus_error_init)
    FIND(error_free, dbus_error_free)
    FIND(bus_get_private, dbus_bus_get_private)
    FIND(set_exit_on_disconnect, dbus_connection_set_exit_on_disconnect)
    FIND(add_match, dbus_bus_add_match)
    FIND(new_method_call, dbus_message_new_method_call)
    FIND(append_args, dbus_message_append_args)
    FIND(send_and_block, dbus_connection_send_with_reply_and_block)
    FIND(message_unref, dbus_message_unref)
    FIND(iter_init, dbus_message_iter_init)
    FIND(iter_recurse, dbus_message_iter_recurse)
    FIND(iter_arg_type, dbus_message_iter_get_arg_type)
    FIND(iter_get_basic, dbus_message_iter_get_basic)
    FIND(read_write, dbus_connection_read_write)
    FIND(pop_message, dbus_connection_pop_message)
    FIND(is_signal, dbus_message_is_signal)
    FIND(close, dbus_connection_close)
    FIND(unref, dbus_connection_unref)
#undef FIND
    return 1;
}

/* Whether org.a11y.Status says `property` is true. */
static int says(DBusConnection *connection, const char *property) {
    DBusMessage *call = dbus.new_method_call("org.a11y.Bus", "/org/a11y/bus", "org.freedesktop.DBus.Properties", "Get");
    if (!call) return 0;
    const char *interface = "org.a11y.Status";
    dbus.append_args(call, DBUS_TYPE_STRING, &interface, DBUS_TYPE_STRING, &property, DBUS_TYPE_INVALID);
    DBusError error;
    dbus.error_init(&error);
    DBusMessage *reply = dbus.send_and_block(connection, call, 2000, &error);
    dbus.message_unref(call);
    dbus.error_free(&error);
    if (!reply) return 0;
    dbus_bool_t on = FALSE;
    DBusMessageIter iter, value;
    if (dbus.iter_init(reply, &iter) && dbus.iter_arg_type(&iter) == DBUS_TYPE_VARIANT) {
        dbus.iter_recurse(&iter, &value);
        if (dbus.iter_arg_type(&value) == DBUS_TYPE_BOOLEAN) dbus.iter_get_basic(&value, &on);
    }
    dbus.message_unref(reply);
    return on;
}

int clavier_accessible_wait_until_on(void (*told)(const char *what, const char *detail)) {
    char why[128];
    if (!load(why, sizeof why)) {
        told("cannot tell whether accessibility is on", why);
        return 0;
    }
    DBusError error;
    dbus.error_init(&error);
    DBusConnection *connection = dbus.bus_get_private(DBUS_BUS_SESSION, &error);
    if (!connection) {
        told("no session bus", error.message);
        dbus.error_free(&error);
        return 0;
    }
    /* A session bus that goes away ends this watch, never the keyboard. */
    dbus.set_exit_on_disconnect(connection, FALSE);
    dbus.add_match(connection, "type='signal',sender='org.a11y.Bus',path='/org/a11y/bus',"
                   "interface='org.freedesktop.DBus.Properties',member='PropertiesChanged'", &error);
    dbus.error_free(&error);
    int on = says(connection, "IsEnabled") || says(connection, "ScreenReaderEnabled");
    if (!on) told("accessibility is off: waiting until it is on", NULL);
    while (!on && dbus.read_write(connection, -1)) {
        DBusMessage *message;
        int changed = 0;
        while ((message = dbus.pop_message(connection))) {
            changed = changed || dbus.is_signal(message, "org.freedesktop.DBus.Properties", "PropertiesChanged");
            dbus.message_unref(message);
        }
        if (changed) on = says(connection, "IsEnabled") || says(connection, "ScreenReaderEnabled");
    }
    dbus.close(connection);
    dbus.unref(connection);
    return on;
}
