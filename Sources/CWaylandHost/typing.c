// Typing: keys through zwp_virtual_keyboard_v1 with a keymap Clavier writes (WaylandTypist),
// text through zwp_input_method_v2 into the focused field, whose focus, text and kind it reports.
#define _GNU_SOURCE
#include "host_private.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

// MARK: input-method-v2

static void replace(char **slot, const char *text) {
    free(*slot);
    *slot = text ? strdup(text) : NULL;
}

static void im_activate(void *data, struct zwp_input_method_v2 *im) {
    struct clv_wl *wl = data;
    (void)im;
    // A new field: what the last one said is forgotten (the protocol's rule for activate).
    wl->pending_active = 1;
    replace(&wl->pending_surrounding, NULL);
    wl->pending_cursor = 0;
    wl->pending_purpose = 0;
    wl->pending_hints = 0;
}

static void im_deactivate(void *data, struct zwp_input_method_v2 *im) {
    struct clv_wl *wl = data;
    (void)im;
    wl->pending_active = 0;
}

static void im_surrounding_text(void *data, struct zwp_input_method_v2 *im, const char *text, uint32_t cursor, uint32_t anchor) {
    struct clv_wl *wl = data;
    (void)im; (void)anchor;
    replace(&wl->pending_surrounding, text);
    wl->pending_cursor = cursor;
}

static void im_text_change_cause(void *data, struct zwp_input_method_v2 *im, uint32_t cause) { (void)data; (void)im; (void)cause; }

static void im_content_type(void *data, struct zwp_input_method_v2 *im, uint32_t hint, uint32_t purpose) {
    struct clv_wl *wl = data;
    (void)im;
    wl->pending_hints = hint;
    wl->pending_purpose = purpose;
}

static void im_done(void *data, struct zwp_input_method_v2 *im) {
    struct clv_wl *wl = data;
    (void)im;
    wl->im_serial++;
    int was = wl->im_active;
    int changed = wl->pending_purpose != wl->purpose || wl->pending_hints != wl->hints || wl->pending_cursor != wl->cursor
        || (wl->pending_surrounding == NULL) != (wl->surrounding == NULL)
        || (wl->pending_surrounding && strcmp(wl->pending_surrounding, wl->surrounding) != 0);
    wl->im_active = wl->pending_active;
    replace(&wl->surrounding, wl->pending_surrounding);
    wl->cursor = wl->pending_cursor;
    wl->purpose = wl->pending_purpose;
    wl->hints = wl->pending_hints;
    if (wl->im_active && !was) {
        clv_wl_push(wl, (clv_wl_event){ .kind = CLV_WL_FIELD_ACTIVE });
    } else if (!wl->im_active && was) {
        clv_wl_push(wl, (clv_wl_event){ .kind = CLV_WL_FIELD_INACTIVE });
    } else if (wl->im_active && changed) {
        clv_wl_push(wl, (clv_wl_event){ .kind = CLV_WL_FIELD_CHANGED });
    }
}

static void im_unavailable(void *data, struct zwp_input_method_v2 *im) {
    struct clv_wl *wl = data;
    zwp_input_method_v2_destroy(im);
    wl->im = NULL;
    wl->im_active = 0;
    clv_wl_push(wl, (clv_wl_event){ .kind = CLV_WL_IM_UNAVAILABLE });
}

static const struct zwp_input_method_v2_listener im_listener = {
    .activate = im_activate, .deactivate = im_deactivate, .surrounding_text = im_surrounding_text,
    .text_change_cause = im_text_change_cause, .content_type = im_content_type, .done = im_done,
    .unavailable = im_unavailable,
};

void clv_wl_start_typing(struct clv_wl *wl) {
    if (wl->vk_manager && wl->seat) wl->vk = zwp_virtual_keyboard_manager_v1_create_virtual_keyboard(wl->vk_manager, wl->seat);
    if (wl->im_manager && wl->seat) {
        wl->im = zwp_input_method_manager_v2_get_input_method(wl->im_manager, wl->seat);
        zwp_input_method_v2_add_listener(wl->im, &im_listener, wl);
    }
}

void clv_wl_stop_typing(struct clv_wl *wl) {
    if (wl->vk) zwp_virtual_keyboard_v1_destroy(wl->vk);
    if (wl->im) zwp_input_method_v2_destroy(wl->im);
    wl->vk = NULL;
    wl->im = NULL;
}

int clv_wl_im_active(clv_wl *wl) { return (wl->im != NULL || wl->im1_context != NULL) && wl->im_active; }

void clv_wl_im_commit_string(clv_wl *wl, const char *text) {
    if (!wl->im) return;
    zwp_input_method_v2_commit_string(wl->im, text);
    zwp_input_method_v2_commit(wl->im, wl->im_serial);
    wl_display_flush(wl->display);
}

const char *clv_wl_im_surrounding(clv_wl *wl, uint32_t *cursor) {
    *cursor = wl->cursor;
    return wl->surrounding;
}

uint32_t clv_wl_im_purpose(clv_wl *wl) { return wl->purpose; }
uint32_t clv_wl_im_hints(clv_wl *wl) { return wl->hints; }

// MARK: virtual-keyboard-v1

int clv_wl_keymap(clv_wl *wl, const char *keymap) {
    if (!wl->vk) return 0;
    size_t size = strlen(keymap) + 1;
    int fd = memfd_create("clavier-keymap", MFD_CLOEXEC);
    if (fd < 0) return 0;
    if (write(fd, keymap, size) != (ssize_t)size) {
        close(fd);
        return 0;
    }
    zwp_virtual_keyboard_v1_keymap(wl->vk, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1, fd, (uint32_t)size);
    close(fd);
    wl->keymap_sent = 1;
    wl->mods_sent = 0;
    return 1;
}

static uint32_t milliseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint32_t)(now.tv_sec * 1000 + now.tv_nsec / 1000000);
}

void clv_wl_key_modifiers(clv_wl *wl, uint32_t mods) {
    if (!wl->vk || !wl->keymap_sent || mods == wl->mods_sent) return;
    zwp_virtual_keyboard_v1_modifiers(wl->vk, mods, 0, 0, 0);
    wl->mods_sent = mods;
    wl_display_flush(wl->display);
}

void clv_wl_key(clv_wl *wl, uint32_t mods, uint32_t key, int down) {
    if (!wl->vk || !wl->keymap_sent) return;
    clv_wl_key_modifiers(wl, mods);
    zwp_virtual_keyboard_v1_key(wl->vk, milliseconds(), key,
                                down ? WL_KEYBOARD_KEY_STATE_PRESSED : WL_KEYBOARD_KEY_STATE_RELEASED);
    wl_display_flush(wl->display);
}
