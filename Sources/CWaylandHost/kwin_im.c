// KWin's way in for its input method (issue 49): the process KWin starts with
// `--inputmethod` (kwinrc's InputMethod=) gets zwp_input_method_v1, and fake input
// (org_kde_kwin_fake_input) when its .desktop file asks for it. input-method-v1 tells the
// focused field (activate: a context; deactivate), its text and its content type, and takes
// text (commit_string) and a few keysyms (BackSpace, Return, arrows reach text-input-v3
// clients); every other key goes through fake input as an evdev code. The field's state goes
// where input-method-v2's does (typing.c), so `clv_wl_im_*` read either.
#define _GNU_SOURCE
#include "host_private.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

// text-input-v1's content purposes lack v3's `pin` (9): date, time, datetime and terminal
// are one lower there. The hints are the same bits in both.
static uint32_t purpose_v3(uint32_t v1) { return v1 >= 9 ? v1 + 1 : v1; }

static void set_surrounding(struct clv_wl *wl, const char *text, uint32_t cursor) {
    free(wl->surrounding);
    wl->surrounding = text ? strdup(text) : NULL;
    wl->cursor = cursor;
}

static void context_surrounding_text(void *data, struct zwp_input_method_context_v1 *context, const char *text,
                                     uint32_t cursor, uint32_t anchor) {
    struct clv_wl *wl = data;
    (void)context; (void)anchor;
    int same = wl->surrounding && text && strcmp(wl->surrounding, text) == 0 && wl->cursor == cursor;
    set_surrounding(wl, text, cursor);
    if (!same && wl->im_active) clv_wl_push(wl, (clv_wl_event){ .kind = CLV_WL_FIELD_CHANGED });
}

static void context_reset(void *data, struct zwp_input_method_context_v1 *context) { (void)data; (void)context; }

static void context_content_type(void *data, struct zwp_input_method_context_v1 *context, uint32_t hint, uint32_t purpose) {
    struct clv_wl *wl = data;
    (void)context;
    uint32_t p = purpose_v3(purpose);
    if (p == wl->purpose && hint == wl->hints) return;
    wl->purpose = p;
    wl->hints = hint;
    if (wl->im_active) clv_wl_push(wl, (clv_wl_event){ .kind = CLV_WL_FIELD_CHANGED });
}

static void context_invoke_action(void *data, struct zwp_input_method_context_v1 *context, uint32_t button, uint32_t index) {
    (void)data; (void)context; (void)button; (void)index;
}

static void context_commit_state(void *data, struct zwp_input_method_context_v1 *context, uint32_t serial) {
    struct clv_wl *wl = data;
    (void)context;
    wl->im1_serial = serial;
}

static void context_preferred_language(void *data, struct zwp_input_method_context_v1 *context, const char *language) {
    (void)data; (void)context; (void)language;
}

static const struct zwp_input_method_context_v1_listener context_listener = {
    .surrounding_text = context_surrounding_text, .reset = context_reset, .content_type = context_content_type,
    .invoke_action = context_invoke_action, .commit_state = context_commit_state,
    .preferred_language = context_preferred_language,
};

static void im1_activate(void *data, struct zwp_input_method_v1 *im, struct zwp_input_method_context_v1 *context) {
    struct clv_wl *wl = data;
    (void)im;
    if (wl->im1_context) zwp_input_method_context_v1_destroy(wl->im1_context);
    wl->im1_context = context;
    wl->im1_serial = 0;
    zwp_input_method_context_v1_add_listener(context, &context_listener, wl);
    // A new field: what the last one said is forgotten; its text and kind follow.
    set_surrounding(wl, NULL, 0);
    wl->purpose = 0;
    wl->hints = 0;
    int was = wl->im_active;
    wl->im_active = 1;
    clv_wl_push(wl, (clv_wl_event){ .kind = was ? CLV_WL_FIELD_CHANGED : CLV_WL_FIELD_ACTIVE });
}

static void im1_deactivate(void *data, struct zwp_input_method_v1 *im, struct zwp_input_method_context_v1 *context) {
    struct clv_wl *wl = data;
    (void)im;
    zwp_input_method_context_v1_destroy(context);
    if (context != wl->im1_context) return;
    wl->im1_context = NULL;
    wl->im_active = 0;
    set_surrounding(wl, NULL, 0);
    clv_wl_push(wl, (clv_wl_event){ .kind = CLV_WL_FIELD_INACTIVE });
}

static const struct zwp_input_method_v1_listener im1_listener = { .activate = im1_activate, .deactivate = im1_deactivate };

int clv_kwin_global(struct clv_wl *wl, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    if (strcmp(interface, zwp_input_method_v1_interface.name) == 0 && !wl->im1) {
        wl->im1 = wl_registry_bind(registry, name, &zwp_input_method_v1_interface, 1);
        zwp_input_method_v1_add_listener(wl->im1, &im1_listener, wl);
        return 1;
    }
    if (strcmp(interface, zwp_input_panel_v1_interface.name) == 0 && !wl->panel) {
        wl->panel = wl_registry_bind(registry, name, &zwp_input_panel_v1_interface, 1);
        return 1;
    }
    // keyboard_key is version 4's.
    if (strcmp(interface, org_kde_kwin_fake_input_interface.name) == 0 && !wl->fake_input && version >= 4) {
        wl->fake_input = wl_registry_bind(registry, name, &org_kde_kwin_fake_input_interface, 4);
        org_kde_kwin_fake_input_authenticate(wl->fake_input, "Clavier", "an on-screen keyboard types its keys");
        return 1;
    }
    return 0;
}

void clv_kwin_stop(struct clv_wl *wl) {
    if (wl->im1_context) zwp_input_method_context_v1_destroy(wl->im1_context);
    if (wl->im1) zwp_input_method_v1_destroy(wl->im1);
    if (wl->fake_input) org_kde_kwin_fake_input_destroy(wl->fake_input);
    clv_kwin_panel_destroy(wl);
    if (wl->panel) zwp_input_panel_v1_destroy(wl->panel);
    wl->panel = NULL;
    wl->im1_context = NULL;
    wl->im1 = NULL;
    wl->fake_input = NULL;
}

// KWin 5.27 stacks a layer surface named `dock` (Clavier's there, so that a click leaves the
// focus with the field) beneath the active fullscreen window, whatever its layer. Its input
// panel is an input method's window, which it keeps above every window (UnmanagedLayer) and
// never gives the focus; a toplevel one it puts at the bottom of the maximize area, shown
// while a field has the input method (after touch input, or with KWIN_IM_SHOW_ALWAYS=1).
// It sends no configure: the size is ours, the output's width and our height.
int clv_kwin_panel_create(struct clv_wl *wl, struct clv_output *on, int height) {
    if (!wl->panel || !wl->surface || !on) return 0;
    wl->panel_surface = zwp_input_panel_v1_get_input_panel_surface(wl->panel, wl->surface);
    zwp_input_panel_surface_v1_set_toplevel(wl->panel_surface, on->output, ZWP_INPUT_PANEL_SURFACE_V1_POSITION_CENTER_BOTTOM);
    wl->width = on->width;
    wl->height = height * wl->scale;
    wl->configured = wl->width > 0 && wl->height > 0;
    wl->closed = 0;
    wl_surface_commit(wl->surface);
    wl_display_flush(wl->display);
    return wl->configured;
}

void clv_kwin_panel_destroy(struct clv_wl *wl) {
    // input-panel-v1 has no destructor request: the surface's going takes the panel with it.
    if (wl->panel_surface) zwp_input_panel_surface_v1_destroy(wl->panel_surface);
    wl->panel_surface = NULL;
}

int clv_kwin_has_input_method(clv_wl *wl) { return wl->im1 != NULL; }
int clv_kwin_has_fake_input(clv_wl *wl) { return wl->fake_input != NULL; }
int clv_kwin_field_active(clv_wl *wl) { return wl->im1_context != NULL; }

void clv_kwin_commit_string(clv_wl *wl, const char *text) {
    if (!wl->im1_context) return;
    zwp_input_method_context_v1_commit_string(wl->im1_context, wl->im1_serial, text);
    wl_display_flush(wl->display);
}

static uint32_t milliseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint32_t)(now.tv_sec * 1000 + now.tv_nsec / 1000000);
}

void clv_kwin_keysym(clv_wl *wl, uint32_t sym) {
    if (!wl->im1_context) return;
    uint32_t time = milliseconds();
    zwp_input_method_context_v1_keysym(wl->im1_context, wl->im1_serial, time, sym, WL_KEYBOARD_KEY_STATE_PRESSED, 0);
    zwp_input_method_context_v1_keysym(wl->im1_context, wl->im1_serial, time, sym, WL_KEYBOARD_KEY_STATE_RELEASED, 0);
    wl_display_flush(wl->display);
}

void clv_kwin_fake_key(clv_wl *wl, uint32_t code, int down) {
    if (!wl->fake_input) return;
    org_kde_kwin_fake_input_keyboard_key(wl->fake_input, code, down ? WL_KEYBOARD_KEY_STATE_PRESSED : WL_KEYBOARD_KEY_STATE_RELEASED);
    wl_display_flush(wl->display);
}
