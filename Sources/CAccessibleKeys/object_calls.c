/* The accessible keys' Component and Action calls: where an object is, what is under a point,
   what its states are, and the "press" action, which the keyboard's loop carries out as a tap. */
#include "object.h"
#include "CAccessibleKeys.h"

#include <atspi/atspi-constants.h>
#include <string.h>

GVariant *accessible_states(const struct object *object) {
    guint32 bits[2] = {0, 0};
#define SET(state) (bits[(state) / 32] |= 1u << ((state) % 32))
    if (object->kind == KEY && object->index < 0) {
        SET(ATSPI_STATE_DEFUNCT);
    } else if (object->kind != ROOT) {
        if (object->state != CLAVIER_ACCESSIBLE_DISABLED) SET(ATSPI_STATE_ENABLED), SET(ATSPI_STATE_SENSITIVE);
        if (object->shown) SET(ATSPI_STATE_VISIBLE), SET(ATSPI_STATE_SHOWING);
        if (object->state == CLAVIER_ACCESSIBLE_PRESSED) SET(ATSPI_STATE_PRESSED);
        if (object->state == CLAVIER_ACCESSIBLE_CHECKED) SET(ATSPI_STATE_CHECKED);
    }
#undef SET
    GVariantBuilder builder;
    gio.builder_init(&builder, TYPE("au"));
    gio.builder_add(&builder, "u", bits[0]);
    gio.builder_add(&builder, "u", bits[1]);
    return gio.builder_end(&builder);
}

/* The object's rectangle in `coordinates` (AT-SPI's screen, window or parent). */
static void extents(const struct object *object, guint32 coordinates, int rect[4]) {
    rect[0] = object->x, rect[1] = object->y, rect[2] = object->width, rect[3] = object->height;
    if (coordinates == ATSPI_COORD_TYPE_SCREEN) return;
    if (object->kind == WINDOW && coordinates == ATSPI_COORD_TYPE_WINDOW) rect[0] = rect[1] = 0;
    if (object->kind == KEY) rect[0] -= object->window_x, rect[1] -= object->window_y;
}

/* The key of the window at (x, y) in `coordinates`; -1 for none. */
static int key_at(int x, int y, guint32 coordinates) {
    int found = -1;
    pthread_mutex_lock(&clavier_accessible_lock);
    const struct clavier_accessible_shown *now = &clavier_accessible_now;
    if (coordinates != ATSPI_COORD_TYPE_SCREEN) x += now->x, y += now->y;
    for (int i = 0; i < now->count && found < 0; i++) {
        const struct clavier_accessible_item *item = &now->items[i];
        if (x >= item->x && y >= item->y && x < item->x + item->width && y < item->y + item->height) found = i;
    }
    pthread_mutex_unlock(&clavier_accessible_lock);
    return found;
}

GVariant *accessible_component_call(const struct object *object, const char *method, GVariant *parameters) {
    int rect[4];
    if (IS("GetExtents") || IS("GetPosition")) {
        guint32 coordinates = 0;
        gio.variant_get(parameters, "(u)", &coordinates);
        extents(object, coordinates, rect);
        if (IS("GetPosition")) return gio.variant_new("(ii)", rect[0], rect[1]);
        return gio.variant_new("((iiii))", rect[0], rect[1], rect[2], rect[3]);
    }
    if (IS("GetSize")) return gio.variant_new("(ii)", object->width, object->height);
    if (IS("Contains") || IS("GetAccessibleAtPoint")) {
        gint32 x = 0, y = 0;
        guint32 coordinates = 0;
        gio.variant_get(parameters, "(iiu)", &x, &y, &coordinates);
        extents(object, coordinates, rect);
        int inside = x >= rect[0] && y >= rect[1] && x < rect[0] + rect[2] && y < rect[1] + rect[3];
        if (IS("Contains")) return gio.variant_new("(b)", inside);
        int key = object->kind == WINDOW && inside ? key_at(x, y, coordinates) : -1;
        return gio.variant_new("(@(so))", key >= 0 ? accessible_key_reference(object->generation, key) : accessible_reference("/org/a11y/atspi/null"));
    }
    if (IS("GetLayer")) return gio.variant_new("(u)", object->kind == WINDOW ? ATSPI_LAYER_WINDOW : ATSPI_LAYER_WIDGET);
    if (IS("GetMDIZOrder")) return gio.variant_new("(n)", (gint16)0);
    if (IS("GrabFocus")) return gio.variant_new("(b)", FALSE);
    if (IS("GetAlpha")) return gio.variant_new("(d)", 1.0);
    return NULL;
}

GVariant *accessible_action_call(const struct object *object, const char *method, GVariant *parameters) {
    if (IS("GetActions")) {
        GVariantBuilder builder;
        gio.builder_init(&builder, TYPE("a(sss)"));
        gio.builder_add(&builder, "(sss)", "press", "press", "");
        return gio.variant_new("(@a(sss))", gio.builder_end(&builder));
    }
    gint32 index = 0;
    gio.variant_get(parameters, "(i)", &index);
    if (IS("DoAction")) {
        if (index != 0 || object->index < 0) return gio.variant_new("(b)", FALSE);
        clavier_accessible_pressed(object->generation, object->index);
        return gio.variant_new("(b)", TRUE);
    }
    if (IS("GetName") || IS("GetLocalizedName")) return gio.variant_new("(s)", index == 0 ? "press" : "");
    if (IS("GetDescription") || IS("GetKeyBinding")) return gio.variant_new("(s)", "");
    return NULL;
}

