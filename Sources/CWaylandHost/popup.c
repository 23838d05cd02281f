// The key preview (a subsurface of the keyboard's surface, above the key held, which may
// reach above the keyboard) and the show button (a small layer surface of its own while
// the keyboard is hidden).
#include "host_private.h"

#include <string.h>

static void fill(struct clv_buffer *b, const uint32_t *pixels, int stride) {
    if (stride == b->stride) {
        memcpy(b->pixels, pixels, (size_t)stride * (size_t)b->height);
        return;
    }
    int row = stride < b->stride ? stride : b->stride;
    for (int y = 0; y < b->height; y++) memcpy((char *)b->pixels + y * b->stride, (const char *)pixels + y * stride, (size_t)row);
}

// MARK: The preview

int clv_wl_popup_show(clv_wl *wl, int x, int y, int width, int height, const uint32_t *pixels, int stride) {
    if (!wl->surface || !wl->subcompositor) return 0;
    if (!wl->popup) {
        wl->popup = wl_compositor_create_surface(wl->compositor);
        wl->popup_sub = wl_subcompositor_get_subsurface(wl->subcompositor, wl->popup, wl->surface);
        // Its own commits show it at once, not at the keyboard's next one.
        wl_subsurface_set_desync(wl->popup_sub);
        // Input goes through to the keyboard: the finger that holds the key moves on it.
        struct wl_region *none = wl_compositor_create_region(wl->compositor);
        wl_surface_set_input_region(wl->popup, none);
        wl_region_destroy(none);
    }
    int scale = wl->scale > 0 ? wl->scale : 1;
    struct clv_buffer *b = clv_wl_buffer_in(wl, wl->popup_buffers, 2, width, height);
    if (!b) return 0;
    fill(b, pixels, stride);
    wl_surface_set_buffer_scale(wl->popup, scale);
    wl_subsurface_set_position(wl->popup_sub, x / scale, y / scale);
    wl_surface_attach(wl->popup, b->buffer, 0, 0);
    wl_surface_damage_buffer(wl->popup, 0, 0, width, height);
    b->busy = 1;
    wl_surface_commit(wl->popup);
    // The position is the parent's state: it applies at the parent's next commit.
    wl_surface_commit(wl->surface);
    wl_display_flush(wl->display);
    return 1;
}

void clv_wl_popup_hide(clv_wl *wl) {
    if (wl->popup_sub) wl_subsurface_destroy(wl->popup_sub);
    if (wl->popup) wl_surface_destroy(wl->popup);
    wl->popup_sub = NULL;
    wl->popup = NULL;
    if (wl->surface) wl_surface_commit(wl->surface);
}

// MARK: The show button

static void button_configure(void *data, struct zwlr_layer_surface_v1 *layer, uint32_t serial, uint32_t width, uint32_t height) {
    struct clv_wl *wl = data;
    (void)width; (void)height;
    zwlr_layer_surface_v1_ack_configure(layer, serial);
    wl->button_configured = 1;
}

static void button_closed(void *data, struct zwlr_layer_surface_v1 *layer) {
    struct clv_wl *wl = data;
    (void)layer;
    clv_wl_button_hide(wl);
}

static const struct zwlr_layer_surface_v1_listener button_listener = { .configure = button_configure, .closed = button_closed };

int clv_wl_button_show(clv_wl *wl, const char *output, int size, int margin, const uint32_t *pixels, int stride) {
    if (!wl->layer_shell) return 0;
    struct clv_output *on = clv_wl_output_named(wl, output);
    int scale = on && on->scale > 0 ? on->scale : 1;
    if (!wl->button) {
        wl->button = wl_compositor_create_surface(wl->compositor);
        wl->button_layer = zwlr_layer_shell_v1_get_layer_surface(wl->layer_shell, wl->button, on ? on->output : NULL,
                                                                 ZWLR_LAYER_SHELL_V1_LAYER_OVERLAY, "clavier-button");
        zwlr_layer_surface_v1_add_listener(wl->button_layer, &button_listener, wl);
        zwlr_layer_surface_v1_set_anchor(wl->button_layer, ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM | ZWLR_LAYER_SURFACE_V1_ANCHOR_RIGHT);
        zwlr_layer_surface_v1_set_size(wl->button_layer, (uint32_t)size, (uint32_t)size);
        zwlr_layer_surface_v1_set_margin(wl->button_layer, 0, margin, margin, 0);
        zwlr_layer_surface_v1_set_keyboard_interactivity(wl->button_layer, ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_NONE);
        wl->button_configured = 0;
        wl_surface_commit(wl->button);
        while (wl->button && !wl->button_configured) {
            if (wl_display_dispatch(wl->display) < 0) return 0;
        }
        if (!wl->button) return 0;
    }
    struct clv_buffer *b = clv_wl_buffer_in(wl, wl->button_buffers, 2, size * scale, size * scale);
    if (!b) return 0;
    fill(b, pixels, stride);
    wl_surface_set_buffer_scale(wl->button, scale);
    wl_surface_attach(wl->button, b->buffer, 0, 0);
    wl_surface_damage_buffer(wl->button, 0, 0, b->width, b->height);
    b->busy = 1;
    wl_surface_commit(wl->button);
    wl_display_flush(wl->display);
    return 1;
}

void clv_wl_button_hide(clv_wl *wl) {
    if (wl->button_layer) zwlr_layer_surface_v1_destroy(wl->button_layer);
    if (wl->button) wl_surface_destroy(wl->button);
    wl->button_layer = NULL;
    wl->button = NULL;
    wl->button_in = wl->button_down = 0;
}

int clv_wl_button_shown(clv_wl *wl) { return wl->button != NULL; }
