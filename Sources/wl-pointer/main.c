// wl-pointer: drives the pointer of a Wayland compositor through wlr-virtual-pointer-unstable-v1,
// for tests of the Wayland host (not shipped). Positions are absolute: by default in the first
// output's logical coordinates (its mode size over its scale; the pointer is tied to that output
// when the manager is version 2), or, with --extent WxH, in a W×H box over the whole layout.
//
//   wl-pointer [--extent WxH] click X Y    move to X,Y, then press and release the left button
//   wl-pointer [--extent WxH] move X Y     move to X,Y
//   wl-pointer down | up [left|right|middle]  press | release that button (the left unless
//                                          named) where the pointer is
//   wl-pointer [--extent WxH] -            the same commands, one a line, from stdin, plus
//                                          `sleep MS` (e.g. down, many moves, up: a gesture);
//                                          blank lines and lines from # on are skipped
//   --stamps                               print `down MS` / `up MS` for each button, MS its
//                                          CLOCK_MONOTONIC just before the request is made (it
//                                          is flushed at once): make bench's press → key on KWin
//
// A seat with no pointer before (a headless compositor has none) gains one only when the
// virtual pointer is made: clients bind their wl_pointer on hearing that, and events sent
// before reach none of them. So wl-pointer then waits --settle MS (default 200) before its
// first command. The pointer goes at exit and with it, on such a seat, the capability again.
//
// KWin offers no virtual pointer: there wl-pointer drives KDE's fake input
// (org_kde_kwin_fake_input, after `authenticate`), which KWin gives a client only when its
// .desktop file asks for it or KWIN_WAYLAND_NO_PERMISSION_CHECKS=1 (the tests' KWin, wl-pointer run as its user).
//
// Exit status: 0 done, 1 the compositor lacks the protocol or refused a request, 2 usage or a
// bad line, 3 no compositor to connect to.
#include <errno.h>
#include <linux/input-event-codes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cwayland.h"

static struct wl_seat *seat;
static uint32_t seat_capabilities;
static struct wl_output *output;
static struct zwlr_virtual_pointer_manager_v1 *manager;
static uint32_t manager_version;
static struct zwlr_virtual_pointer_v1 *pointer;
static struct wl_display *display;
static struct org_kde_kwin_fake_input *fake;

// The first output's current mode, scale and transform.
static int32_t mode_width, mode_height, output_scale = 1, output_transform;

static void die(int status, const char *format, ...) {
    va_list args;
    va_start(args, format);
    fputs("wl-pointer: ", stderr);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
    exit(status);
}

static void output_geometry(void *data, struct wl_output *o, int32_t x, int32_t y, int32_t mm_width, int32_t mm_height,
                            int32_t subpixel, const char *make, const char *model, int32_t transform) {
    (void)data; (void)o; (void)x; (void)y; (void)mm_width; (void)mm_height; (void)subpixel; (void)make; (void)model;
    output_transform = transform;
}
static void output_mode(void *data, struct wl_output *o, uint32_t flags, int32_t width, int32_t height, int32_t refresh) {
    (void)data; (void)o; (void)refresh;
    if (flags & WL_OUTPUT_MODE_CURRENT) { mode_width = width; mode_height = height; }
}
static void output_done(void *data, struct wl_output *o) { (void)data; (void)o; }
static void output_scale_event(void *data, struct wl_output *o, int32_t factor) { (void)data; (void)o; output_scale = factor > 0 ? factor : 1; }
static void output_name(void *data, struct wl_output *o, const char *name) { (void)data; (void)o; (void)name; }
static const struct wl_output_listener output_listener = {
    .geometry = output_geometry, .mode = output_mode, .done = output_done, .scale = output_scale_event,
    .name = output_name, .description = output_name,
};

static void seat_capabilities_event(void *data, struct wl_seat *s, uint32_t capabilities) { (void)data; (void)s; seat_capabilities = capabilities; }
static void seat_name(void *data, struct wl_seat *s, const char *name) { (void)data; (void)s; (void)name; }
static const struct wl_seat_listener seat_listener = { .capabilities = seat_capabilities_event, .name = seat_name };

static uint32_t min_u32(uint32_t a, uint32_t b) { return a < b ? a : b; }

static void registry_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    (void)data;
    if (!seat && strcmp(interface, wl_seat_interface.name) == 0) {
        seat = wl_registry_bind(registry, name, &wl_seat_interface, 1);
        wl_seat_add_listener(seat, &seat_listener, NULL);
    } else if (!output && strcmp(interface, wl_output_interface.name) == 0) {
        output = wl_registry_bind(registry, name, &wl_output_interface, min_u32(version, 2));
        wl_output_add_listener(output, &output_listener, NULL);
    } else if (!manager && strcmp(interface, zwlr_virtual_pointer_manager_v1_interface.name) == 0) {
        manager_version = min_u32(version, 2);
        manager = wl_registry_bind(registry, name, &zwlr_virtual_pointer_manager_v1_interface, manager_version);
    } else if (!fake && strcmp(interface, org_kde_kwin_fake_input_interface.name) == 0 && version >= 3) {
        fake = wl_registry_bind(registry, name, &org_kde_kwin_fake_input_interface, 3);
    }
}
static void registry_global_remove(void *data, struct wl_registry *registry, uint32_t name) { (void)data; (void)registry; (void)name; }
static const struct wl_registry_listener registry_listener = { .global = registry_global, .global_remove = registry_global_remove };

static uint32_t now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint32_t)(t.tv_sec * 1000 + t.tv_nsec / 1000000);
}

// Sends what is queued and has the compositor answer it: a protocol error (a refused request)
// shows up here, not silently at exit.
static void roundtrip(void) {
    if (wl_display_roundtrip(display) < 0) {
        int error = wl_display_get_error(display);
        uint32_t code = 0;
        const struct wl_interface *interface = NULL;
        if (error == EPROTO) wl_display_get_protocol_error(display, &interface, &code);
        if (interface) die(1, "the compositor refused a request: protocol error %u on %s", code, interface->name);
        die(1, "lost the compositor: %s", strerror(error));
    }
}

static uint32_t extent_width, extent_height;
static bool stamps;

static double monotonic_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void move_to(long x, long y) {
    if (x < 0 || y < 0 || (uint32_t)x > extent_width || (uint32_t)y > extent_height)
        die(2, "%ld,%ld is outside the %ux%u extent", x, y, extent_width, extent_height);
    if (!pointer) {  // KWin's fake input: the output's logical coordinates
        org_kde_kwin_fake_input_pointer_motion_absolute(fake, wl_fixed_from_int((int)x), wl_fixed_from_int((int)y));
        return;
    }
    zwlr_virtual_pointer_v1_motion_absolute(pointer, now_ms(), (uint32_t)x, (uint32_t)y, extent_width, extent_height);
    zwlr_virtual_pointer_v1_frame(pointer);
}

static void button(enum wl_pointer_button_state state, uint32_t code) {
    double at = monotonic_ms();
    if (!pointer) {
        org_kde_kwin_fake_input_button(fake, code, state);
    } else {
        zwlr_virtual_pointer_v1_button(pointer, now_ms(), code, state);
        zwlr_virtual_pointer_v1_frame(pointer);
    }
    if (stamps) {
        if (wl_display_flush(display) < 0 && errno != EAGAIN) die(1, "lost the compositor: %s", strerror(errno));
        printf("%s %.3f\n", state == WL_POINTER_BUTTON_STATE_PRESSED ? "down" : "up", at);
    }
}

static void sleep_ms(long ms) {
    struct timespec pause = { ms / 1000, (ms % 1000) * 1000000 };
    while (nanosleep(&pause, &pause) < 0 && errno == EINTR) {}
}

static long number(const char *word, const char *what) {
    char *end;
    errno = 0;
    long value = word ? strtol(word, &end, 10) : 0;
    if (!word || errno || *end || end == word) die(2, "%s: not a number: %s", what, word ? word : "(missing)");
    return value;
}

// Runs one command (words[0..count)); `sleep` only in a script.
static void run(char **words, int count, bool script) {
    const char *command = words[0];
    if (strcmp(command, "click") == 0 && count == 3) {
        move_to(number(words[1], "X"), number(words[2], "Y"));
        button(WL_POINTER_BUTTON_STATE_PRESSED, BTN_LEFT);
        button(WL_POINTER_BUTTON_STATE_RELEASED, BTN_LEFT);
    } else if (strcmp(command, "move") == 0 && count == 3) {
        move_to(number(words[1], "X"), number(words[2], "Y"));
    } else if ((strcmp(command, "down") == 0 || strcmp(command, "up") == 0) && count <= 2) {
        uint32_t code = count == 1 || strcmp(words[1], "left") == 0 ? BTN_LEFT
                      : strcmp(words[1], "right") == 0 ? BTN_RIGHT : strcmp(words[1], "middle") == 0 ? BTN_MIDDLE : 0;
        if (!code) die(2, "%s: no button %s (left, right, middle)", command, words[1]);
        button(command[0] == 'd' ? WL_POINTER_BUTTON_STATE_PRESSED : WL_POINTER_BUTTON_STATE_RELEASED, code);
    } else if (script && strcmp(command, "sleep") == 0 && count == 2) {
        long ms = number(words[1], "MS");
        if (ms < 0) die(2, "sleep: negative time");
        wl_display_flush(display);  // what came before happens before the pause
        sleep_ms(ms);
    } else {
        die(2, "unknown command or wrong arguments: %s (click X Y, move X Y, down [BUTTON], up [BUTTON]%s)", command, script ? ", sleep MS" : "");
    }
}

static void run_script(void) {
    char line[4096];
    unsigned number = 0;
    while (fgets(line, sizeof line, stdin)) {
        number++;
        char *hash = strchr(line, '#');
        if (hash) *hash = '\0';
        char *words[4];
        int count = 0;
        for (char *word = strtok(line, " \t\r\n"); word; word = strtok(NULL, " \t\r\n")) {
            if (count == 4) die(2, "line %u: too many words", number);
            words[count++] = word;
        }
        if (count == 0) continue;
        run(words, count, true);
        // Each line goes out at once, so a script's timing (sleep) is the gesture's.
        if (wl_display_flush(display) < 0 && errno != EAGAIN) die(1, "lost the compositor: %s", strerror(errno));
    }
}

static void usage(void) {
    fputs("usage: wl-pointer [--extent WxH] [--settle MS] [--stamps] click X Y | move X Y | down | up | -   (- reads those and `sleep MS` from stdin)\n", stderr);
    exit(2);
}

int main(int argc, char **argv) {
    int first = 1;
    long settle = 200;
    while (argc > first + 1 && strncmp(argv[first], "--", 2) == 0) {
        if (strcmp(argv[first], "--stamps") == 0) {
            stamps = true;
            first += 1;
            continue;
        }
        if (strcmp(argv[first], "--extent") == 0) {
            unsigned w, h;
            char extra;
            if (sscanf(argv[first + 1], "%ux%u%c", &w, &h, &extra) != 2 || w == 0 || h == 0) die(2, "--extent wants WxH, e.g. 1280x800: %s", argv[first + 1]);
            extent_width = w; extent_height = h;
        } else if (strcmp(argv[first], "--settle") == 0) {
            settle = number(argv[first + 1], "--settle");
            if (settle < 0) die(2, "--settle: negative time");
        } else {
            usage();
        }
        first += 2;
    }
    if (first >= argc) usage();

    display = wl_display_connect(NULL);
    if (!display) {
        const char *name = getenv("WAYLAND_DISPLAY");
        die(3, "cannot connect to a Wayland compositor (WAYLAND_DISPLAY=%s): %s", name ? name : "(unset)", strerror(errno));
    }
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    roundtrip();  // the globals, bound
    roundtrip();  // the output's geometry, mode and scale
    if (!manager && !fake) die(1, "the compositor lacks zwlr_virtual_pointer_manager_v1 (wlr-virtual-pointer-unstable-v1): it cannot take a virtual pointer");

    // With --extent the box spans the whole layout; otherwise it is the first output's logical size.
    bool tied = false;
    if (!extent_width) {
        if (!output || mode_width <= 0 || mode_height <= 0) die(1, "no output with a current mode to take the extent from: pass --extent WxH");
        bool turned = output_transform & 1;  // 90 and 270, flipped or not
        extent_width = (uint32_t)((turned ? mode_height : mode_width) / output_scale);
        extent_height = (uint32_t)((turned ? mode_width : mode_height) / output_scale);
        tied = manager_version >= 2;
    }
    if (fake && !manager) org_kde_kwin_fake_input_authenticate(fake, "wl-pointer", "Clavier's tests click its keys");
    if (manager) pointer = tied ? zwlr_virtual_pointer_manager_v1_create_virtual_pointer_with_output(manager, seat, output)
                   : zwlr_virtual_pointer_manager_v1_create_virtual_pointer(manager, seat);
    if (!(seat_capabilities & WL_SEAT_CAPABILITY_POINTER)) {
        roundtrip();  // the seat has its pointer: clients hear of it now
        sleep_ms(settle);
    }

    if (strcmp(argv[first], "-") == 0 && argc == first + 1) run_script();
    else run(argv + first, argc - first, false);

    // Everything sent reaches the compositor and is handled before the pointer goes.
    roundtrip();
    if (pointer) zwlr_virtual_pointer_v1_destroy(pointer);
    if (manager) zwlr_virtual_pointer_manager_v1_destroy(manager);
    roundtrip();
    wl_display_disconnect(display);
    return 0;
}
