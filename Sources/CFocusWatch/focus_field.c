/* What the focus watch asks of a focused accessible: the kind of field it is (its role, its
   states, the input type the application gives) and its text before the caret. Each call is a
   round trip on the accessibility bus, made on the watch's own thread only. */
#include "CFocusWatch.h"
#include "atspi_calls.h"

#include <stdio.h>
#include <string.h>

static void forget_error(GError *error) {
    if (error) atspi.error_free(error);
}

/* The field's kind: its role, then what the application says its input is for. */
static int field_kind(AtspiAccessible *source, int role) {
    if (role == ATSPI_ROLE_TERMINAL) return CLAVIER_FIELD_TERMINAL;
    if (role == ATSPI_ROLE_PASSWORD_TEXT) return CLAVIER_FIELD_PASSWORD;
    /* GTK's GtkSpinButton and Qt's QSpinBox: an editable spin button takes a number. */
    if (role == ATSPI_ROLE_SPIN_BUTTON) return CLAVIER_FIELD_NUMBER;
    GError *error = NULL;
    GHashTable *attributes = atspi.get_attributes(source, &error);
    forget_error(error);
    int kind = CLAVIER_FIELD_PROSE;
    if (attributes) {
        /* Chromium and Firefox: an <input type=...>'s type. */
        const char *type = atspi.hash_table_lookup(attributes, "text-input-type");
        if (!type) type = atspi.hash_table_lookup(attributes, "input-purpose");
        if (type) {
            if (!strcmp(type, "password") || !strcmp(type, "pin")) kind = CLAVIER_FIELD_PASSWORD;
            else if (!strcmp(type, "email")) kind = CLAVIER_FIELD_EMAIL;
            else if (!strcmp(type, "url")) kind = CLAVIER_FIELD_URL;
            else if (!strcmp(type, "tel") || !strcmp(type, "phone")) kind = CLAVIER_FIELD_TELEPHONE;
            else if (!strcmp(type, "number") || !strcmp(type, "digits")) kind = CLAVIER_FIELD_NUMBER;
        }
        atspi.hash_table_unref(attributes);
    }
    return kind;
}

int clavier_text_field_kind(AtspiAccessible *source) {
    int role = atspi.get_role(source, NULL);
    if (role == ATSPI_ROLE_TERMINAL || role == ATSPI_ROLE_PASSWORD_TEXT) return field_kind(source, role);
    AtspiStateSet *states = atspi.get_state_set(source);
    if (!states) return CLAVIER_FIELD_UNKNOWN;
    int editable = atspi.state_set_contains(states, ATSPI_STATE_EDITABLE);
    atspi.object_unref(states);
    return editable ? field_kind(source, role) : CLAVIER_FIELD_UNKNOWN;
}

int clavier_text_field_multi_line(AtspiAccessible *source) {
    AtspiStateSet *states = atspi.get_state_set(source);
    if (!states) return 0;
    int multi = atspi.state_set_contains(states, ATSPI_STATE_MULTI_LINE);
    atspi.object_unref(states);
    return multi;
}

int clavier_text_before_caret(AtspiAccessible *source, char *into) {
    AtspiText *text = atspi.get_text_iface(source);
    if (!text) return 0;
    GError *error = NULL;
    gint caret = atspi.get_caret_offset(text, &error);
    int read = 0;
    if (!error && caret >= 0) {
        gchar *before = atspi.get_text(text, caret > 200 ? caret - 200 : 0, caret, &error);
        if (before && !error) {
            size_t n = strlen(before);
            /* The end is what matters; cut at the start of a UTF-8 character. */
            const char *from = before + (n >= CLAVIER_FOCUS_TEXT_BYTES ? n - (CLAVIER_FOCUS_TEXT_BYTES - 1) : 0);
            while ((*from & 0xC0) == 0x80) from++;
            snprintf(into, CLAVIER_FOCUS_TEXT_BYTES, "%s", from);
            read = 1;
        }
        if (before) atspi.free(before);
    }
    forget_error(error);
    atspi.object_unref(text);
    return read;
}

