// The Wayland host's state, shared by its C files (never seen by Swift).
#ifndef CLAVIER_WAYLAND_HOST_PRIVATE_H
#define CLAVIER_WAYLAND_HOST_PRIVATE_H

#include "cwayland.h"
#include "wayland_host.h"

#define CLV_WL_OUTPUTS_MAX 8
#define CLV_WL_BUFFERS 2
#define CLV_WL_FINGERS 10
/// The largest copied text read, in bytes (ClipboardHistory.largestText): one more is too large.
#define CLV_WL_CLIPBOARD_MAX 4096

struct clv_wl;

struct clv_output {
    struct clv_wl *wl;
    struct wl_output *output;
    uint32_t global;
    int width, height, mm_width, mm_height, scale;
    char name[64];
};

// The most rectangles a buffer remembers as changed since it was last filled; past them, all.
#define CLV_WL_STALE 16

struct clv_buffer {
    struct wl_buffer *buffer;
    void *pixels;
    size_t size;
    int width, height, stride;
    int busy;
    // What frames put up since this buffer's last hold that it lacks (x, y, w, h each); -1: all.
    int stale_count;
    int stale[CLV_WL_STALE][4];
};

struct clv_wl {
    struct wl_display *display;
    struct wl_registry *registry;
    struct wl_compositor *compositor;
    struct wl_subcompositor *subcompositor;
    struct wl_shm *shm;
    struct wl_seat *seat;
    struct wl_pointer *pointer;
    struct wl_touch *touch;
    struct zwlr_layer_shell_v1 *layer_shell;
    struct zwp_virtual_keyboard_manager_v1 *vk_manager;
    struct zwp_virtual_keyboard_v1 *vk;
    struct zwp_input_method_manager_v2 *im_manager;
    struct zwp_input_method_v2 *im;
    struct clv_output outputs[CLV_WL_OUTPUTS_MAX];
    int output_count;

    // The keyboard's surface.
    struct wl_surface *surface;
    struct zwlr_layer_surface_v1 *layer;
    struct clv_output *on;
    int place, configured, width, height, scale, closed;
    struct clv_buffer buffers[CLV_WL_BUFFERS];
    struct clv_buffer *filling;
    /// The buffer last committed: it holds the frame on screen, and is kept between frames.
    struct clv_buffer *shown;

    // The key preview: a subsurface of the keyboard's, above the key held.
    struct wl_surface *popup;
    struct wl_subsurface *popup_sub;
    struct clv_buffer popup_buffers[2];

    // The show button: a small layer surface of its own while the keyboard is hidden.
    struct wl_surface *button;
    struct zwlr_layer_surface_v1 *button_layer;
    int button_configured, button_in, button_down;
    int32_t button_touch;
    struct clv_buffer button_buffers[2];

    // Input: the pointer's place and whether a button is down; each finger's id and place.
    int pointer_in, pointer_down;
    double pointer_x, pointer_y;
    int32_t fingers[CLV_WL_FINGERS];
    double finger_x[CLV_WL_FINGERS], finger_y[CLV_WL_FINGERS];

    // Typing.
    uint32_t mods_sent;
    int keymap_sent;
    // input-method-v2: the state being received, and the state after the last `done`.
    uint32_t im_serial;
    int im_active, pending_active;
    char *surrounding, *pending_surrounding;
    uint32_t cursor, pending_cursor, purpose, pending_purpose, hints, pending_hints;

    // The clipboard strip (clipboard.c): data-control's device, the selection's offer, the
    // first selection heard (the one there before the keyboard), the text being read, and
    // the copies marked secret left unread since the Swift side last asked.
    struct zwlr_data_control_manager_v1 *clip_manager;
    struct zwlr_data_control_device_v1 *clip_device;
    struct zwlr_data_control_offer_v1 *clip_offer;
    int clip_heard, clip_fd, clip_secrets;
    size_t clip_len;
    char clip_text[CLV_WL_CLIPBOARD_MAX + 1];

    // KWin's input method (kwin_im.c, issue 49): input-method-v1, the focused field's
    // context and its last serial, and fake input.
    struct zwp_input_method_v1 *im1;
    struct zwp_input_method_context_v1 *im1_context;
    uint32_t im1_serial;
    struct org_kde_kwin_fake_input *fake_input;
    // input-panel-v1: the docked keyboard above a fullscreen window (clv_kwin_panel_create).
    struct zwp_input_panel_v1 *panel;
    struct zwp_input_panel_surface_v1 *panel_surface;

    clv_wl_event *queue;
    size_t queued, queue_head, queue_capacity;
};

void clv_wl_push(struct clv_wl *wl, clv_wl_event event);
void clv_wl_seat_input(struct clv_wl *wl, uint32_t capabilities);
void clv_wl_start_typing(struct clv_wl *wl);
void clv_wl_stop_typing(struct clv_wl *wl);
/// KWin's globals (kwin_im.c): binds `interface` when it is one of them (1), else 0.
int clv_kwin_global(struct clv_wl *wl, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version);
void clv_kwin_stop(struct clv_wl *wl);
/// Makes wl->surface KWin's input panel at the bottom of `on`, `height` logical pixels high
/// and as wide as the output, when KWin offers input-panel-v1 (1), else 0 (kwin_im.c).
int clv_kwin_panel_create(struct clv_wl *wl, struct clv_output *on, int height);
void clv_kwin_panel_destroy(struct clv_wl *wl);
void clv_wl_release_buffers(struct clv_wl *wl);
/// A buffer of `set` (`count` of them) of that size that the compositor does not hold, made if need be.
struct clv_buffer *clv_wl_buffer_in(struct clv_wl *wl, struct clv_buffer *set, int count, int width, int height);
void clv_wl_buffer_free(struct clv_buffer *b);
struct clv_output *clv_wl_output_named(struct clv_wl *wl, const char *name);

#endif
