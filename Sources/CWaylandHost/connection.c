// The connection: globals bound from the registry, outputs followed, the event queue.
#define _GNU_SOURCE
#include "host_private.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void clv_wl_push(struct clv_wl *wl, clv_wl_event event) {
    if (wl->queue_head > 0 && wl->queue_head == wl->queued) wl->queue_head = wl->queued = 0;
    if (wl->queued == wl->queue_capacity) {
        size_t capacity = wl->queue_capacity ? wl->queue_capacity * 2 : 64;
        clv_wl_event *grown = realloc(wl->queue, capacity * sizeof *grown);
        if (!grown) return;
        wl->queue = grown;
        wl->queue_capacity = capacity;
    }
    wl->queue[wl->queued++] = event;
}

int clv_wl_next_event(clv_wl *wl, clv_wl_event *event) {
    if (wl->queue_head >= wl->queued) return 0;
    *event = wl->queue[wl->queue_head++];
    return 1;
}

// MARK: Outputs

static void output_geometry(void *data, struct wl_output *output, int32_t x, int32_t y, int32_t mm_width,
                            int32_t mm_height, int32_t subpixel, const char *make, const char *model, int32_t transform) {
    struct clv_output *o = data;
    (void)output; (void)x; (void)y; (void)subpixel; (void)make; (void)model;
    // A rotated output's physical sides swap with its pixels'.
    int swapped = transform % 2 == 1;
    o->mm_width = swapped ? mm_height : mm_width;
    o->mm_height = swapped ? mm_width : mm_height;
}

static void output_mode(void *data, struct wl_output *output, uint32_t flags, int32_t width, int32_t height, int32_t refresh) {
    struct clv_output *o = data;
    (void)output; (void)refresh;
    if (flags & WL_OUTPUT_MODE_CURRENT) {
        o->width = width;
        o->height = height;
    }
}

static void output_done(void *data, struct wl_output *output) {
    struct clv_output *o = data;
    (void)output;
    // A change once the keyboard is up (a new mode, scale, a rotation): it is placed again.
    if (o->wl->configured) clv_wl_push(o->wl, (clv_wl_event){ .kind = CLV_WL_OUTPUTS });
}

static void output_scale(void *data, struct wl_output *output, int32_t factor) {
    struct clv_output *o = data;
    (void)output;
    o->scale = factor > 0 ? factor : 1;
}

static void output_name(void *data, struct wl_output *output, const char *name) {
    struct clv_output *o = data;
    (void)output;
    snprintf(o->name, sizeof o->name, "%s", name);
}

static void output_description(void *data, struct wl_output *output, const char *description) {
    (void)data; (void)output; (void)description;
}

static const struct wl_output_listener output_listener = {
    .geometry = output_geometry, .mode = output_mode, .done = output_done, .scale = output_scale,
    .name = output_name, .description = output_description,
};

// MARK: The registry

static void seat_capabilities(void *data, struct wl_seat *seat, uint32_t capabilities) {
    (void)seat;
    clv_wl_seat_input(data, capabilities);
}

static void seat_name(void *data, struct wl_seat *seat, const char *name) { (void)data; (void)seat; (void)name; }

static const struct wl_seat_listener seat_listener = { .capabilities = seat_capabilities, .name = seat_name };

static void registry_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    struct clv_wl *wl = data;
#define MIN(a, b) ((a) < (b) ? (a) : (b))
    if (strcmp(interface, wl_compositor_interface.name) == 0) {
        wl->compositor = wl_registry_bind(registry, name, &wl_compositor_interface, MIN(version, 4));
    } else if (strcmp(interface, wl_subcompositor_interface.name) == 0) {
        wl->subcompositor = wl_registry_bind(registry, name, &wl_subcompositor_interface, 1);
    } else if (strcmp(interface, wl_shm_interface.name) == 0) {
        wl->shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
    } else if (strcmp(interface, wl_seat_interface.name) == 0 && !wl->seat) {
        wl->seat = wl_registry_bind(registry, name, &wl_seat_interface, MIN(version, 5));
        wl_seat_add_listener(wl->seat, &seat_listener, wl);
    } else if (strcmp(interface, wl_output_interface.name) == 0 && wl->output_count < CLV_WL_OUTPUTS_MAX) {
        struct clv_output *o = &wl->outputs[wl->output_count++];
        memset(o, 0, sizeof *o);
        o->scale = 1;
        o->global = name;
        o->wl = wl;
        o->output = wl_registry_bind(registry, name, &wl_output_interface, MIN(version, 4));
        wl_output_add_listener(o->output, &output_listener, o);
        if (wl->configured) clv_wl_push(wl, (clv_wl_event){ .kind = CLV_WL_OUTPUTS });
    } else if (strcmp(interface, zwlr_layer_shell_v1_interface.name) == 0) {
        wl->layer_shell = wl_registry_bind(registry, name, &zwlr_layer_shell_v1_interface, MIN(version, 4));
    } else if (strcmp(interface, zwp_virtual_keyboard_manager_v1_interface.name) == 0) {
        wl->vk_manager = wl_registry_bind(registry, name, &zwp_virtual_keyboard_manager_v1_interface, 1);
    } else if (strcmp(interface, zwp_input_method_manager_v2_interface.name) == 0) {
        wl->im_manager = wl_registry_bind(registry, name, &zwp_input_method_manager_v2_interface, 1);
    } else if (strcmp(interface, zwlr_data_control_manager_v1_interface.name) == 0) {
        // Version 1: CLIPBOARD only, no PRIMARY.
        wl->clip_manager = wl_registry_bind(registry, name, &zwlr_data_control_manager_v1_interface, 1);
    } else {
        clv_kwin_global(wl, registry, name, interface, version);  // KWin's input method (issue 49)
    }
#undef MIN
}

static void registry_global_remove(void *data, struct wl_registry *registry, uint32_t name) {
    struct clv_wl *wl = data;
    (void)registry;
    for (int i = 0; i < wl->output_count; i++) {
        if (wl->outputs[i].global != name) continue;
        wl_output_destroy(wl->outputs[i].output);
        if (wl->on == &wl->outputs[i]) wl->on = NULL;
        memmove(&wl->outputs[i], &wl->outputs[i + 1], (size_t)(wl->output_count - i - 1) * sizeof wl->outputs[0]);
        wl->output_count--;
        // The listeners' data moved with the outputs after it.
        for (int j = i; j < wl->output_count; j++) wl_proxy_set_user_data((struct wl_proxy *)wl->outputs[j].output, &wl->outputs[j]);
        clv_wl_push(wl, (clv_wl_event){ .kind = CLV_WL_OUTPUTS });
        return;
    }
}

static const struct wl_registry_listener registry_listener = { .global = registry_global, .global_remove = registry_global_remove };

clv_wl *clv_wl_connect(const char *name, char *why, size_t why_size) {
    struct wl_display *display = wl_display_connect(name);
    if (!display) {
        snprintf(why, why_size, "cannot connect to the Wayland compositor at '%s': %s",
                 name ? name : (getenv("WAYLAND_DISPLAY") ? getenv("WAYLAND_DISPLAY") : "wayland-0"), strerror(errno));
        return NULL;
    }
    struct clv_wl *wl = calloc(1, sizeof *wl);
    if (!wl) {
        wl_display_disconnect(display);
        snprintf(why, why_size, "out of memory");
        return NULL;
    }
    wl->display = display;
    for (int i = 0; i < CLV_WL_FINGERS; i++) wl->fingers[i] = -1;
    wl->button_touch = -1;
    wl->clip_fd = -1;
    wl->registry = wl_display_get_registry(display);
    wl_registry_add_listener(wl->registry, &registry_listener, wl);
    // The globals, then their first events (outputs' modes, the seat's capabilities).
    if (wl_display_roundtrip(display) < 0 || wl_display_roundtrip(display) < 0) {
        snprintf(why, why_size, "the Wayland compositor hung up");
        clv_wl_disconnect(wl);
        return NULL;
    }
    if (!wl->compositor || !wl->shm) {
        snprintf(why, why_size, "the Wayland compositor offers no %s", wl->compositor ? "wl_shm" : "wl_compositor");
        clv_wl_disconnect(wl);
        return NULL;
    }
    clv_wl_start_typing(wl);
    return wl;
}

void clv_wl_disconnect(clv_wl *wl) {
    if (!wl) return;
    clv_wl_popup_hide(wl);
    clv_wl_button_hide(wl);
    clv_wl_surface_destroy(wl);
    clv_wl_release_buffers(wl);
    clv_wl_stop_typing(wl);
    clv_kwin_stop(wl);  // KWin's input method (issue 49)
    clv_wl_clipboard_stop(wl);
    if (wl->display) {
        wl_display_roundtrip(wl->display);
        wl_display_disconnect(wl->display);
    }
    free(wl->surrounding);
    free(wl->pending_surrounding);
    free(wl->queue);
    free(wl);
}

int clv_wl_has_layer_shell(clv_wl *wl) { return wl->layer_shell != NULL; }
int clv_wl_has_virtual_keyboard(clv_wl *wl) { return wl->vk_manager != NULL && wl->seat != NULL; }
int clv_wl_has_input_method(clv_wl *wl) { return wl->im_manager != NULL && wl->seat != NULL; }

int clv_wl_prepare(clv_wl *wl) {
    // Events already read into the default queue are dispatched first: poll would not wake for them.
    while (wl_display_prepare_read(wl->display) != 0) {
        if (wl_display_dispatch_pending(wl->display) < 0) return -1;
    }
    wl_display_cancel_read(wl->display);
    if (wl_display_flush(wl->display) < 0 && errno != EAGAIN) return -1;
    return wl_display_get_fd(wl->display);
}

int clv_wl_dispatch(clv_wl *wl, int readable) {
    if (readable) {
        if (wl_display_prepare_read(wl->display) == 0) {
            if (wl_display_read_events(wl->display) < 0) return -1;
        }
    }
    if (wl_display_dispatch_pending(wl->display) < 0) return -1;
    if (wl_display_flush(wl->display) < 0 && errno != EAGAIN) return -1;
    return 0;
}

int clv_wl_roundtrip(clv_wl *wl) { return wl_display_roundtrip(wl->display) < 0 ? -1 : 0; }

static struct clv_output *output_named(clv_wl *wl, const char *name) {
    for (int i = 0; name && *name && i < wl->output_count; i++) {
        if (strcmp(wl->outputs[i].name, name) == 0) return &wl->outputs[i];
    }
    return wl->output_count > 0 ? &wl->outputs[0] : NULL;
}

struct clv_output *clv_wl_output_named(clv_wl *wl, const char *name) { return output_named(wl, name); }

int clv_wl_output(clv_wl *wl, const char *name, int *width, int *height, int *mm_width, int *mm_height,
                  int *scale, char *out_name, size_t out_name_size) {
    struct clv_output *o = output_named(wl, name);
    if (!o) return 0;
    int s = o->scale > 0 ? o->scale : 1;
    *width = o->width / s;
    *height = o->height / s;
    *mm_width = o->mm_width;
    *mm_height = o->mm_height;
    *scale = s;
    snprintf(out_name, out_name_size, "%s", o->name);
    return 1;
}
