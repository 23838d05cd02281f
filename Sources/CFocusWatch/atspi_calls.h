/* What the focus watch's two files share: the libatspi and GLib functions it looked up with
   dlsym (focus_watch.c), and what it asks of a focused accessible (focus_field.c). */
#ifndef CLAVIER_ATSPI_CALLS_H
#define CLAVIER_ATSPI_CALLS_H

#include <atspi/atspi.h>

/* The functions the watch calls, looked up in libatspi and the GLib it brings in: declared
   from the headers' own prototypes, so a mismatch is a compile error, not a crash. */
struct clavier_atspi {
    __typeof__(&atspi_init) init;
    __typeof__(&atspi_event_listener_new_simple) listener_new;
    __typeof__(&atspi_event_listener_register) listener_register;
    __typeof__(&atspi_accessible_get_role) get_role;
    __typeof__(&atspi_accessible_get_state_set) get_state_set;
    __typeof__(&atspi_accessible_get_attributes) get_attributes;
    __typeof__(&atspi_accessible_get_text_iface) get_text_iface;
    __typeof__(&atspi_text_get_caret_offset) get_caret_offset;
    __typeof__(&atspi_text_get_text) get_text;
    __typeof__(&atspi_state_set_contains) state_set_contains;
    __typeof__(&atspi_get_desktop) get_desktop;
    __typeof__(&atspi_accessible_get_child_count) get_child_count;
    __typeof__(&atspi_accessible_get_child_at_index) get_child_at_index;
    /* GObject's reference taking (a macro in GLib's headers over a function of that name). */
    gpointer (*object_ref)(gpointer);
    __typeof__(&g_object_unref) object_unref;
    __typeof__(&g_error_free) error_free;
    __typeof__(&g_free) free;
    __typeof__(&g_hash_table_lookup) hash_table_lookup;
    __typeof__(&g_hash_table_unref) hash_table_unref;
    __typeof__(&g_idle_add) idle_add;
    __typeof__(&g_get_monotonic_time) monotonic_time;
    __typeof__(&g_main_loop_new) main_loop_new;
    __typeof__(&g_main_loop_run) main_loop_run;
    __typeof__(&g_log_set_default_handler) log_set_default_handler;
    __typeof__(&g_log_default_handler) log_default_handler;
};
extern struct clavier_atspi atspi;


/* Whether one types into `source`, and what kind of field it is (CLAVIER_FIELD_UNKNOWN: none). */
int clavier_text_field_kind(AtspiAccessible *source);
/* Whether `source` says it takes several lines (AT-SPI's MULTI_LINE state: a text view). */
int clavier_text_field_multi_line(AtspiAccessible *source);

/* Reads up to 200 characters before the caret of `source` into `into` (CLAVIER_FOCUS_TEXT_BYTES);
   0 when it has no text. */
int clavier_text_before_caret(AtspiAccessible *source, char *into);

/* The object that has the focus now, as a reference (focus_find.c); NULL with `*sure` set when
   none has, NULL with `*sure` cleared when the search could not tell. */
AtspiAccessible *clavier_find_focus(int *sure);

#endif
