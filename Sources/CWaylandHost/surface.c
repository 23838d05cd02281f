// The keyboard's layer surface and the wl_shm buffers its pixels go through.
#define _GNU_SOURCE
#include "host_private.h"

#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

// MARK: The layer surface

static void layer_configure(void *data, struct zwlr_layer_surface_v1 *layer, uint32_t serial, uint32_t width, uint32_t height) {
    struct clv_wl *wl = data;
    zwlr_layer_surface_v1_ack_configure(layer, serial);
    int scale = wl->scale > 0 ? wl->scale : 1;
    int w = (int)width * scale, h = (int)height * scale;
    int changed = !wl->configured || w != wl->width || h != wl->height;
    wl->width = w;
    wl->height = h;
    if (changed && wl->configured) clv_wl_push(wl, (clv_wl_event){ .kind = CLV_WL_CONFIGURE, .width = w, .height = h });
    wl->configured = 1;
}

static void layer_closed(void *data, struct zwlr_layer_surface_v1 *layer) {
    struct clv_wl *wl = data;
    (void)layer;
    wl->closed = 1;
    clv_wl_push(wl, (clv_wl_event){ .kind = CLV_WL_CLOSED });
}

static const struct zwlr_layer_surface_v1_listener layer_listener = { .configure = layer_configure, .closed = layer_closed };

int clv_wl_surface_create(clv_wl *wl, const char *output, int place, int overlay, int x, int y, int width, int height) {
    // On KWin as its input method, a keyboard docked at the bottom above fullscreen windows
    // (overlay: --kiosk, --layer overlay) is its input panel, which KWin keeps above them.
    int panel = wl->panel && place == CLV_WL_DOCK_BOTTOM && overlay;
    if (!wl->layer_shell && !panel) return 0;
    clv_wl_surface_destroy(wl);
    struct clv_output *on = clv_wl_output_named(wl, output);
    wl->on = on;
    wl->scale = on && on->scale > 0 ? on->scale : 1;
    wl->surface = wl_compositor_create_surface(wl->compositor);
    wl_surface_set_buffer_scale(wl->surface, wl->scale);
    wl->place = place;
    if (panel) return clv_kwin_panel_create(wl, on, height);
    // The overlay layer is drawn above a fullscreen window and takes the pointer before it; the
    // top layer is neither drawn nor clicked there (sway, labwc).
    uint32_t layer = place == CLV_WL_FLOAT || overlay ? ZWLR_LAYER_SHELL_V1_LAYER_OVERLAY : ZWLR_LAYER_SHELL_V1_LAYER_TOP;
    // KWin gives the keyboard focus to a clicked layer surface, the field losing it, unless
    // its namespace is `dock` (issue 49): on KWin (its input method, or started by hand with
    // fake input, which only KWin offers), Clavier's is.
    const char *namespace = wl->im1 || wl->fake_input ? "dock" : "clavier";
    wl->layer = zwlr_layer_shell_v1_get_layer_surface(wl->layer_shell, wl->surface, on ? on->output : NULL, layer, namespace);
    zwlr_layer_surface_v1_add_listener(wl->layer, &layer_listener, wl);
    switch (place) {
    case CLV_WL_DOCK_TOP:
    case CLV_WL_DOCK_BOTTOM: {
        uint32_t edge = place == CLV_WL_DOCK_TOP ? ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP : ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM;
        zwlr_layer_surface_v1_set_anchor(wl->layer, edge | ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT | ZWLR_LAYER_SURFACE_V1_ANCHOR_RIGHT);
        zwlr_layer_surface_v1_set_size(wl->layer, 0, (uint32_t)height);
        // Windows are laid out above (below) it, as a panel's; a fullscreen one keeps the
        // whole output (under an overlay keyboard, its bottom rows are covered).
        zwlr_layer_surface_v1_set_exclusive_zone(wl->layer, height);
        break;
    }
    default:
        zwlr_layer_surface_v1_set_anchor(wl->layer, ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP | ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT);
        zwlr_layer_surface_v1_set_size(wl->layer, (uint32_t)width, (uint32_t)height);
        zwlr_layer_surface_v1_set_margin(wl->layer, y, 0, 0, x);
        zwlr_layer_surface_v1_set_exclusive_zone(wl->layer, -1);
        break;
    }
    // Never the keyboard focus: what is typed goes to the application's window.
    zwlr_layer_surface_v1_set_keyboard_interactivity(wl->layer, ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_NONE);
    wl->configured = 0;
    wl->closed = 0;
    wl_surface_commit(wl->surface);
    while (!wl->configured && !wl->closed) {
        if (wl_display_dispatch(wl->display) < 0) return 0;
    }
    return wl->configured && !wl->closed;
}

void clv_wl_surface_destroy(clv_wl *wl) {
    clv_wl_popup_hide(wl);
    // A hidden keyboard holds no pixels for the compositor (a new surface gets new buffers).
    for (int i = 0; i < CLV_WL_BUFFERS; i++) clv_wl_buffer_free(&wl->buffers[i]);
    wl->shown = NULL;
    wl->filling = NULL;
    if (wl->layer) zwlr_layer_surface_v1_destroy(wl->layer);
    clv_kwin_panel_destroy(wl);
    if (wl->surface) wl_surface_destroy(wl->surface);
    wl->layer = NULL;
    wl->surface = NULL;
    wl->configured = 0;
    wl->pointer_in = 0;
}

int clv_wl_scale(clv_wl *wl) { return wl->scale > 0 ? wl->scale : 1; }
int clv_wl_surface_width(clv_wl *wl) { return wl->surface ? wl->width : 0; }
int clv_wl_surface_height(clv_wl *wl) { return wl->surface ? wl->height : 0; }

// MARK: Buffers

static void buffer_release(void *data, struct wl_buffer *buffer) {
    struct clv_buffer *b = data;
    (void)buffer;
    b->busy = 0;
}

static const struct wl_buffer_listener buffer_listener = { .release = buffer_release };

void clv_wl_buffer_free(struct clv_buffer *b) {
    if (b->buffer) wl_buffer_destroy(b->buffer);
    if (b->pixels) munmap(b->pixels, b->size);
    memset(b, 0, sizeof *b);
}

void clv_wl_release_buffers(clv_wl *wl) {
    wl->shown = NULL;
    for (int i = 0; i < CLV_WL_BUFFERS; i++) clv_wl_buffer_free(&wl->buffers[i]);
    for (int i = 0; i < 2; i++) clv_wl_buffer_free(&wl->popup_buffers[i]);
    for (int i = 0; i < 2; i++) clv_wl_buffer_free(&wl->button_buffers[i]);
    wl->filling = NULL;
}

static int buffer_make(clv_wl *wl, struct clv_buffer *b, int width, int height) {
    int stride = width * 4;
    size_t size = (size_t)stride * (size_t)height;
    int fd = memfd_create("clavier-keys", MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (fd < 0) return 0;
    if (ftruncate(fd, (off_t)size) < 0) {
        close(fd);
        return 0;
    }
    void *pixels = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (pixels == MAP_FAILED) {
        close(fd);
        return 0;
    }
    struct wl_shm_pool *pool = wl_shm_create_pool(wl->shm, fd, (int32_t)size);
    b->buffer = wl_shm_pool_create_buffer(pool, 0, width, height, stride, WL_SHM_FORMAT_XRGB8888);
    wl_shm_pool_destroy(pool);
    close(fd);
    wl_buffer_add_listener(b->buffer, &buffer_listener, b);
    b->pixels = pixels;
    b->size = size;
    b->width = width;
    b->height = height;
    b->stride = stride;
    b->busy = 0;
    b->stale_count = -1;
    return 1;
}

struct clv_buffer *clv_wl_buffer_in(clv_wl *wl, struct clv_buffer *set, int count, int width, int height) {
    if (width <= 0 || height <= 0) return NULL;
    struct clv_buffer *free_one = NULL;
    for (int i = 0; i < count; i++) {
        struct clv_buffer *b = &set[i];
        if (b->buffer && (b->width != width || b->height != height) && !b->busy) clv_wl_buffer_free(b);
        if (!b->busy && b->buffer && !free_one) free_one = b;
    }
    for (int i = 0; i < count && !free_one; i++) {
        if (!set[i].buffer && buffer_make(wl, &set[i], width, height)) free_one = &set[i];
    }
    if (!free_one) {
        // All held: wait for the compositor to let one go.
        wl_display_roundtrip(wl->display);
        for (int i = 0; i < count && !free_one; i++) {
            if (!set[i].busy && set[i].buffer && set[i].width == width && set[i].height == height) free_one = &set[i];
        }
    }
    return free_one;
}

uint32_t *clv_wl_buffer(clv_wl *wl, int *width, int *height, int *stride) {
    if (!wl->surface) return NULL;
    struct clv_buffer *free_one = clv_wl_buffer_in(wl, wl->buffers, CLV_WL_BUFFERS, wl->width, wl->height);
    if (!free_one) return NULL;
    wl->filling = free_one;
    *width = free_one->width;
    *height = free_one->height;
    *stride = free_one->stride;
    return free_one->pixels;
}

int clv_wl_buffer_stale(clv_wl *wl, const int **rects) {
    struct clv_buffer *b = wl->filling;
    *rects = b ? &b->stale[0][0] : NULL;
    return b ? b->stale_count : -1;
}

// The frame in `b` goes up with `rects` changed (`count`, none: all): the other buffers lack them.
static void mark_stale(clv_wl *wl, struct clv_buffer *b, const int *rects, int count) {
    b->stale_count = 0;
    for (int i = 0; i < CLV_WL_BUFFERS; i++) {
        struct clv_buffer *o = &wl->buffers[i];
        if (o == b || !o->buffer || o->stale_count < 0) continue;
        if (count <= 0 || o->stale_count + count > CLV_WL_STALE) {
            o->stale_count = -1;
            continue;
        }
        memcpy(o->stale[o->stale_count], rects, sizeof(int) * 4 * (size_t)count);
        o->stale_count += count;
    }
}

void clv_wl_trim(clv_wl *wl) {
    // One buffer is enough between frames: sway holds the one on screen until the next
    // commit and lets the one before go then, so a second is made only while the first is
    // held, and goes once it is idle (1.7 MB at 1280x330).
    for (int i = 0; i < CLV_WL_BUFFERS; i++) {
        struct clv_buffer *b = &wl->buffers[i];
        if (b->buffer && !b->busy && b != wl->shown) clv_wl_buffer_free(b);
    }
    // The one on screen stays (sway reads it whenever it composites), but this process needs
    // its pixels only to paint the next frame: its pages leave the process (MADV_DONTNEED on a
    // shared memfd mapping keeps what they hold, in the memfd the compositor maps too), and
    // the next frame faults back the ones it reads. On X the window's pixels live in the server.
    if (wl->shown && wl->shown->pixels) madvise(wl->shown->pixels, wl->shown->size, MADV_DONTNEED);
}

const uint32_t *clv_wl_shown_pixels(clv_wl *wl, int *width, int *height, int *stride) {
    struct clv_buffer *b = wl->shown;
    if (!b || !b->buffer) return NULL;
    *width = b->width;
    *height = b->height;
    *stride = b->stride;
    return b->pixels;
}

void clv_wl_present(clv_wl *wl, const int *rects, int count) {
    struct clv_buffer *b = wl->filling;
    if (!b || !wl->surface) return;
    wl->filling = NULL;
    wl_surface_attach(wl->surface, b->buffer, 0, 0);
    if (count <= 0) {
        wl_surface_damage_buffer(wl->surface, 0, 0, b->width, b->height);
    } else {
        for (int i = 0; i < count; i++) wl_surface_damage_buffer(wl->surface, rects[4 * i], rects[4 * i + 1], rects[4 * i + 2], rects[4 * i + 3]);
    }
    b->busy = 1;
    wl->shown = b;
    mark_stale(wl, b, rects, count);
    wl_surface_commit(wl->surface);
    wl_display_flush(wl->display);
}
