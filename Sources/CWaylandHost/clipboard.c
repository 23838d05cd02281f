// The clipboard strip's watch (wlr-data-control): the seat's CLIPBOARD selection as offers,
// seen without the focus. The text of each new selection offered as UTF-8 is asked through a
// non-blocking pipe that the loop polls (clv_wl_clipboard_fd) and reads as it comes
// (clv_wl_clipboard_read): nothing waits for the client that copied. A selection that also
// offers x-kde-passwordManagerHint (a password manager's copy of a password, KDE's mark for
// "keep no history of this"; its one value in use is "secret") is never asked for (issue 48).
// The text is never logged, and kept only until the Swift side takes it.
#define _GNU_SOURCE
#include "host_private.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char text_type[] = "text/plain;charset=utf-8";
static const char secret_type[] = "x-kde-passwordManagerHint";

// What an offer's MIME types say: whether it has UTF-8 text, and whether it is marked secret.
struct clv_offer { int text, secret; };

static void offer_offer(void *data, struct zwlr_data_control_offer_v1 *offer, const char *mime_type) {
    struct clv_offer *o = data;
    (void)offer;
    if (o && strcmp(mime_type, text_type) == 0) o->text = 1;
    if (o && strcmp(mime_type, secret_type) == 0) o->secret = 1;
}

static const struct zwlr_data_control_offer_v1_listener offer_listener = { .offer = offer_offer };

static void offer_destroy(struct zwlr_data_control_offer_v1 *offer) {
    free(zwlr_data_control_offer_v1_get_user_data(offer));
    zwlr_data_control_offer_v1_destroy(offer);
}

static void stop_reading(struct clv_wl *wl) {
    if (wl->clip_fd >= 0) close(wl->clip_fd);
    wl->clip_fd = -1;
    wl->clip_len = 0;
}

static void device_data_offer(void *data, struct zwlr_data_control_device_v1 *device, struct zwlr_data_control_offer_v1 *offer) {
    (void)data; (void)device;
    zwlr_data_control_offer_v1_add_listener(offer, &offer_listener, calloc(1, sizeof(struct clv_offer)));
}

static void device_selection(void *data, struct zwlr_data_control_device_v1 *device, struct zwlr_data_control_offer_v1 *offer) {
    struct clv_wl *wl = data;
    (void)device;
    if (wl->clip_offer && wl->clip_offer != offer) offer_destroy(wl->clip_offer);
    wl->clip_offer = offer;
    // The first selection told is the one there before the keyboard came: not a copy made
    // while it runs, and never part of its first picture.
    int first = !wl->clip_heard;
    wl->clip_heard = 1;
    struct clv_offer *o = offer ? zwlr_data_control_offer_v1_get_user_data(offer) : NULL;
    if (first || !o || !o->text) return;
    // A secret copy is not read, and the copy being read before it (an older one) goes on.
    if (o->secret) {
        wl->clip_secrets++;
        return;
    }
    int fds[2];
    if (pipe2(fds, O_CLOEXEC | O_NONBLOCK) < 0) return;
    zwlr_data_control_offer_v1_receive(offer, text_type, fds[1]);
    close(fds[1]);
    stop_reading(wl);  // A copy still being read is overtaken by this one.
    wl->clip_fd = fds[0];
    wl_display_flush(wl->display);
}

static void device_finished(void *data, struct zwlr_data_control_device_v1 *device) {
    struct clv_wl *wl = data;
    if (wl->clip_offer) offer_destroy(wl->clip_offer);
    wl->clip_offer = NULL;
    zwlr_data_control_device_v1_destroy(device);
    wl->clip_device = NULL;
    stop_reading(wl);
}

static void device_primary_selection(void *data, struct zwlr_data_control_device_v1 *device,
                                     struct zwlr_data_control_offer_v1 *offer) {
    // Bound at version 1, this never comes; an offer it brought would be no copy.
    (void)data; (void)device;
    if (offer) offer_destroy(offer);
}

static const struct zwlr_data_control_device_v1_listener device_listener = {
    .data_offer = device_data_offer, .selection = device_selection, .finished = device_finished,
    .primary_selection = device_primary_selection,
};

int clv_wl_clipboard_watch(clv_wl *wl) {
    if (wl->clip_device) return 1;
    if (!wl->clip_manager || !wl->seat) return 0;
    wl->clip_device = zwlr_data_control_manager_v1_get_data_device(wl->clip_manager, wl->seat);
    zwlr_data_control_device_v1_add_listener(wl->clip_device, &device_listener, wl);
    wl_display_flush(wl->display);
    return 1;
}

int clv_wl_clipboard_fd(clv_wl *wl) { return wl->clip_fd; }

int clv_wl_clipboard_take_secrets(clv_wl *wl) {
    int n = wl->clip_secrets;
    wl->clip_secrets = 0;
    return n;
}

int clv_wl_clipboard_read(clv_wl *wl, const char **text, size_t *length) {
    if (wl->clip_fd < 0) return -1;
    for (;;) {
        size_t room = sizeof wl->clip_text - wl->clip_len;
        ssize_t n = read(wl->clip_fd, wl->clip_text + wl->clip_len, room);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return 0;
        if (n < 0 || (n > 0 && (size_t)n == room)) {
            // Larger than the strip keeps (or unreadable): dropped whole.
            stop_reading(wl);
            return -1;
        }
        if (n == 0) {
            *text = wl->clip_text;
            *length = wl->clip_len;
            close(wl->clip_fd);
            wl->clip_fd = -1;
            wl->clip_len = 0;
            return 1;
        }
        wl->clip_len += (size_t)n;
    }
}

void clv_wl_clipboard_stop(clv_wl *wl) {
    stop_reading(wl);
    if (wl->clip_offer) offer_destroy(wl->clip_offer);
    wl->clip_offer = NULL;
    if (wl->clip_device) zwlr_data_control_device_v1_destroy(wl->clip_device);
    wl->clip_device = NULL;
    if (wl->clip_manager) zwlr_data_control_manager_v1_destroy(wl->clip_manager);
    wl->clip_manager = NULL;
}
