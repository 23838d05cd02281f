// The pointer's and the fingers' events on the keyboard's surface, queued in buffer pixels:
// the pointer is pointer 0, each finger its own pointer from 1 on (as XI2's touches on X).
#include "host_private.h"

#include <linux/input-event-codes.h>
#include <string.h>

static void push_input(struct clv_wl *wl, int kind, int pointer, double x, double y) {
    int scale = wl->scale > 0 ? wl->scale : 1;
    clv_wl_push(wl, (clv_wl_event){ .kind = kind, .pointer = pointer, .x = x * scale, .y = y * scale });
}

// MARK: The pointer

static void pointer_enter(void *data, struct wl_pointer *pointer, uint32_t serial, struct wl_surface *surface,
                          wl_fixed_t x, wl_fixed_t y) {
    struct clv_wl *wl = data;
    (void)pointer; (void)serial;
    // A surface made again under a held button (a setting that places the keyboard again, on
    // its press) gets no leave: that press ended with the old surface, and the next is new.
    if (wl->pointer_down) push_input(wl, CLV_WL_LOST, 0, wl->pointer_x, wl->pointer_y);
    wl->pointer_down = 0;
    wl->pointer_in = surface != NULL && surface == wl->surface;
    wl->button_in = surface != NULL && surface == wl->button;
    wl->pointer_x = wl_fixed_to_double(x);
    wl->pointer_y = wl_fixed_to_double(y);
    if (wl->pointer_in) push_input(wl, CLV_WL_HOVER, 0, wl->pointer_x, wl->pointer_y);
}

static void pointer_leave(void *data, struct wl_pointer *pointer, uint32_t serial, struct wl_surface *surface) {
    struct clv_wl *wl = data;
    (void)pointer; (void)serial; (void)surface;
    wl->button_in = wl->button_down = 0;
    if (!wl->pointer_in) return;
    wl->pointer_in = 0;
    // A press whose release will come elsewhere, if at all.
    if (wl->pointer_down) push_input(wl, CLV_WL_LOST, 0, wl->pointer_x, wl->pointer_y);
    wl->pointer_down = 0;
    clv_wl_push(wl, (clv_wl_event){ .kind = CLV_WL_LEAVE });
}

static void pointer_motion(void *data, struct wl_pointer *pointer, uint32_t time, wl_fixed_t x, wl_fixed_t y) {
    struct clv_wl *wl = data;
    (void)pointer; (void)time;
    if (!wl->pointer_in) return;
    wl->pointer_x = wl_fixed_to_double(x);
    wl->pointer_y = wl_fixed_to_double(y);
    push_input(wl, wl->pointer_down ? CLV_WL_MOTION : CLV_WL_HOVER, 0, wl->pointer_x, wl->pointer_y);
}

static void pointer_button(void *data, struct wl_pointer *pointer, uint32_t serial, uint32_t time, uint32_t button, uint32_t state) {
    struct clv_wl *wl = data;
    (void)pointer; (void)serial; (void)time;
    int down = state == WL_POINTER_BUTTON_STATE_PRESSED;
    if (wl->button_in && button == BTN_LEFT) {
        // The show button: a tap is a press and a release on it.
        if (!down && wl->button_down) clv_wl_push(wl, (clv_wl_event){ .kind = CLV_WL_BUTTON_TAP });
        wl->button_down = down;
        return;
    }
    if (!wl->pointer_in) return;
    if (button == BTN_MIDDLE || button == BTN_RIGHT) {
        // Scanning's switches where it takes them (PointerSwitches); nothing else reads them.
        push_input(wl, down ? CLV_WL_OTHER_DOWN : CLV_WL_OTHER_UP, button == BTN_RIGHT ? 3 : 2, wl->pointer_x, wl->pointer_y);
        return;
    }
    if (button != BTN_LEFT) return;
    if (down == wl->pointer_down) return;
    wl->pointer_down = down;
    push_input(wl, down ? CLV_WL_PRESS : CLV_WL_RELEASE, 0, wl->pointer_x, wl->pointer_y);
}

static void pointer_axis(void *data, struct wl_pointer *pointer, uint32_t time, uint32_t axis, wl_fixed_t value) {
    (void)data; (void)pointer; (void)time; (void)axis; (void)value;
}
static void pointer_frame(void *data, struct wl_pointer *pointer) { (void)data; (void)pointer; }
static void pointer_axis_source(void *data, struct wl_pointer *pointer, uint32_t source) { (void)data; (void)pointer; (void)source; }
static void pointer_axis_stop(void *data, struct wl_pointer *pointer, uint32_t time, uint32_t axis) {
    (void)data; (void)pointer; (void)time; (void)axis;
}
static void pointer_axis_discrete(void *data, struct wl_pointer *pointer, uint32_t axis, int32_t discrete) {
    (void)data; (void)pointer; (void)axis; (void)discrete;
}

static const struct wl_pointer_listener pointer_listener = {
    .enter = pointer_enter, .leave = pointer_leave, .motion = pointer_motion, .button = pointer_button,
    .axis = pointer_axis, .frame = pointer_frame, .axis_source = pointer_axis_source, .axis_stop = pointer_axis_stop,
    .axis_discrete = pointer_axis_discrete,
};

// MARK: Fingers

static int finger_slot(struct clv_wl *wl, int32_t id, int claim) {
    for (int i = 0; i < CLV_WL_FINGERS; i++) if (wl->fingers[i] == id) return i;
    if (!claim) return -1;
    for (int i = 0; i < CLV_WL_FINGERS; i++) {
        if (wl->fingers[i] == -1) {
            wl->fingers[i] = id;
            return i;
        }
    }
    return -1;
}

static void touch_down(void *data, struct wl_touch *touch, uint32_t serial, uint32_t time, struct wl_surface *surface,
                       int32_t id, wl_fixed_t x, wl_fixed_t y) {
    struct clv_wl *wl = data;
    (void)touch; (void)serial; (void)time;
    if (surface && surface == wl->button) {
        wl->button_touch = id;
        return;
    }
    if (!surface || surface != wl->surface) return;
    int slot = finger_slot(wl, id, 1);
    if (slot < 0) return;
    wl->finger_x[slot] = wl_fixed_to_double(x);
    wl->finger_y[slot] = wl_fixed_to_double(y);
    push_input(wl, CLV_WL_PRESS, slot + 1, wl->finger_x[slot], wl->finger_y[slot]);
}

static void touch_up(void *data, struct wl_touch *touch, uint32_t serial, uint32_t time, int32_t id) {
    struct clv_wl *wl = data;
    (void)touch; (void)serial; (void)time;
    if (id == wl->button_touch) {
        wl->button_touch = -1;
        clv_wl_push(wl, (clv_wl_event){ .kind = CLV_WL_BUTTON_TAP });
        return;
    }
    int slot = finger_slot(wl, id, 0);
    if (slot < 0) return;
    wl->fingers[slot] = -1;
    push_input(wl, CLV_WL_RELEASE, slot + 1, wl->finger_x[slot], wl->finger_y[slot]);
}

static void touch_motion(void *data, struct wl_touch *touch, uint32_t time, int32_t id, wl_fixed_t x, wl_fixed_t y) {
    struct clv_wl *wl = data;
    (void)touch; (void)time;
    int slot = finger_slot(wl, id, 0);
    if (slot < 0) return;
    wl->finger_x[slot] = wl_fixed_to_double(x);
    wl->finger_y[slot] = wl_fixed_to_double(y);
    push_input(wl, CLV_WL_MOTION, slot + 1, wl->finger_x[slot], wl->finger_y[slot]);
}

static void touch_frame(void *data, struct wl_touch *touch) { (void)data; (void)touch; }

static void touch_cancel(void *data, struct wl_touch *touch) {
    struct clv_wl *wl = data;
    (void)touch;
    wl->button_touch = -1;
    for (int i = 0; i < CLV_WL_FINGERS; i++) {
        if (wl->fingers[i] == -1) continue;
        wl->fingers[i] = -1;
        push_input(wl, CLV_WL_LOST, i + 1, wl->finger_x[i], wl->finger_y[i]);
    }
}

static void touch_shape(void *data, struct wl_touch *touch, int32_t id, wl_fixed_t major, wl_fixed_t minor) {
    (void)data; (void)touch; (void)id; (void)major; (void)minor;
}
static void touch_orientation(void *data, struct wl_touch *touch, int32_t id, wl_fixed_t orientation) {
    (void)data; (void)touch; (void)id; (void)orientation;
}

static const struct wl_touch_listener touch_listener = {
    .down = touch_down, .up = touch_up, .motion = touch_motion, .frame = touch_frame, .cancel = touch_cancel,
    .shape = touch_shape, .orientation = touch_orientation,
};

void clv_wl_seat_input(struct clv_wl *wl, uint32_t capabilities) {
    int has_pointer = (capabilities & WL_SEAT_CAPABILITY_POINTER) != 0;
    int has_touch = (capabilities & WL_SEAT_CAPABILITY_TOUCH) != 0;
    if (has_pointer && !wl->pointer) {
        wl->pointer = wl_seat_get_pointer(wl->seat);
        wl_pointer_add_listener(wl->pointer, &pointer_listener, wl);
    } else if (!has_pointer && wl->pointer) {
        wl_pointer_release(wl->pointer);
        wl->pointer = NULL;
    }
    if (has_touch && !wl->touch) {
        wl->touch = wl_seat_get_touch(wl->seat);
        wl_touch_add_listener(wl->touch, &touch_listener, wl);
    } else if (!has_touch && wl->touch) {
        wl_touch_release(wl->touch);
        wl->touch = NULL;
    }
}

// MARK: Fingers for the tests

void clv_wl_feed_touch(clv_wl *wl, int kind, int32_t id, double x, double y) {
    wl_fixed_t fx = wl_fixed_from_double(x), fy = wl_fixed_from_double(y);
    switch (kind) {
    case CLV_WL_PRESS: touch_down(wl, NULL, 0, 0, wl->surface, id, fx, fy); break;
    case CLV_WL_MOTION: touch_motion(wl, NULL, 0, id, fx, fy); break;
    case CLV_WL_RELEASE: touch_up(wl, NULL, 0, 0, id); break;
    default: touch_cancel(wl, NULL); break;
    }
}
