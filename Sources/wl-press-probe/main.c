// wl-press-probe: the Wayland side of `make bench`'s press → key figure (not shipped). It maps a
// small xdg_toplevel of its own, so sway focuses it and sends it the keys an on-screen keyboard
// types, then clicks the keyboard through wlr-virtual-pointer and times, on one CLOCK_MONOTONIC
// in one process, the button event that makes the keyboard type → the wl_keyboard.key (pressed)
// that reaches the window. The window enables no text-input, so an input-method keyboard
// (Clavier) types into it through its virtual keyboard, as a plain terminal would be typed into.
//
//   wl-press-probe [--extent WxH] [--rounds N] [--warmup N] [--on-release] X Y
//       clicks X,Y (absolute, in a W×H box over the layout: the output's logical size) N times;
//       by default timed from the button press, with --on-release from the release (the
//       keyboards that type on release: the press goes first, 10 ms before)
//   wl-press-probe [--rounds N] [--warmup N] --floor
//       the floor: a virtual keyboard of its own (the US keymap) sends a key; timed
//       from that request to its wl_keyboard.key
//
// Prints one delay a line, in ms (`miss` where no key came within 500 ms), after N warm-up
// rounds that are not printed. Exit status: 0 done, 1 the compositor lacks a protocol or went
// away, 2 usage, 3 no compositor.
#define _GNU_SOURCE
#include <errno.h>
#include <linux/input-event-codes.h>
#include <poll.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "cwayland.h"

static struct wl_display *display;
static struct wl_compositor *compositor;
static struct wl_shm *shm;
static struct xdg_wm_base *wm_base;
static struct wl_seat *seat;
static struct wl_keyboard *keyboard;
static struct zwlr_virtual_pointer_manager_v1 *pointer_manager;
static struct zwp_virtual_keyboard_manager_v1 *keyboard_manager;
static struct wl_surface *surface;
static bool configured, focused;
// The key events the window received: how many presses, and when the last one came.
static unsigned presses_seen;
static double last_press_at;

static void die(int status, const char *format, ...) {
    va_list args;
    va_start(args, format);
    fputs("wl-press-probe: ", stderr);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
    exit(status);
}

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void sleep_ms(long ms) {
    struct timespec pause = { ms / 1000, (ms % 1000) * 1000000 };
    while (nanosleep(&pause, &pause) < 0 && errno == EINTR) {}
}

static void roundtrip(void) {
    if (wl_display_roundtrip(display) < 0) die(1, "lost the compositor: %s", strerror(wl_display_get_error(display)));
}

// Reads and dispatches whatever arrives within `timeout` ms (0: only what is there now).
static void dispatch_for(int timeout) {
    while (wl_display_prepare_read(display) != 0) wl_display_dispatch_pending(display);
    if (wl_display_flush(display) < 0 && errno != EAGAIN) die(1, "lost the compositor: %s", strerror(errno));
    struct pollfd fd = { wl_display_get_fd(display), POLLIN, 0 };
    if (poll(&fd, 1, timeout) > 0) wl_display_read_events(display);
    else wl_display_cancel_read(display);
    wl_display_dispatch_pending(display);
}

// --- the keyboard: every key press is counted and stamped as it is read

static void kb_keymap(void *d, struct wl_keyboard *k, uint32_t format, int32_t fd, uint32_t size) {
    (void)d; (void)k; (void)format; (void)size;
    close(fd);
}
static void kb_enter(void *d, struct wl_keyboard *k, uint32_t serial, struct wl_surface *s, struct wl_array *keys) {
    (void)d; (void)k; (void)serial; (void)keys;
    if (s == surface) focused = true;
}
static void kb_leave(void *d, struct wl_keyboard *k, uint32_t serial, struct wl_surface *s) {
    (void)d; (void)k; (void)serial;
    if (s == surface) focused = false;
}
static void kb_key(void *d, struct wl_keyboard *k, uint32_t serial, uint32_t time, uint32_t key, uint32_t state) {
    (void)d; (void)k; (void)serial; (void)time; (void)key;
    if (state != WL_KEYBOARD_KEY_STATE_PRESSED) return;
    last_press_at = now_ms();
    presses_seen++;
}
static void kb_modifiers(void *d, struct wl_keyboard *k, uint32_t serial, uint32_t dep, uint32_t lat, uint32_t lock, uint32_t group) {
    (void)d; (void)k; (void)serial; (void)dep; (void)lat; (void)lock; (void)group;
}
static void kb_repeat(void *d, struct wl_keyboard *k, int32_t rate, int32_t delay) { (void)d; (void)k; (void)rate; (void)delay; }
static const struct wl_keyboard_listener keyboard_listener = {
    .keymap = kb_keymap, .enter = kb_enter, .leave = kb_leave, .key = kb_key, .modifiers = kb_modifiers, .repeat_info = kb_repeat,
};

// A headless seat has a keyboard only while a virtual keyboard exists (the keyboard under test
// makes one): the wl_keyboard is taken whenever the capability is there.
static void seat_capabilities(void *d, struct wl_seat *s, uint32_t caps) {
    (void)d;
    if ((caps & WL_SEAT_CAPABILITY_KEYBOARD) && !keyboard) {
        keyboard = wl_seat_get_keyboard(s);
        wl_keyboard_add_listener(keyboard, &keyboard_listener, NULL);
    } else if (!(caps & WL_SEAT_CAPABILITY_KEYBOARD) && keyboard) {
        wl_keyboard_release(keyboard);
        keyboard = NULL;
        focused = false;
    }
}
static void seat_name(void *d, struct wl_seat *s, const char *name) { (void)d; (void)s; (void)name; }
static const struct wl_seat_listener seat_listener = { .capabilities = seat_capabilities, .name = seat_name };

// --- the window: an xdg_toplevel with a 64×64 buffer, enough for sway to map and focus it

static void wm_ping(void *d, struct xdg_wm_base *b, uint32_t serial) { (void)d; xdg_wm_base_pong(b, serial); }
static const struct xdg_wm_base_listener wm_listener = { .ping = wm_ping };
static void xs_configure(void *d, struct xdg_surface *x, uint32_t serial) {
    (void)d;
    xdg_surface_ack_configure(x, serial);
    configured = true;
}
static const struct xdg_surface_listener xdg_surface_listener = { .configure = xs_configure };
static void top_configure(void *d, struct xdg_toplevel *t, int32_t w, int32_t h, struct wl_array *states) {
    (void)d; (void)t; (void)w; (void)h; (void)states;
}
static void top_close(void *d, struct xdg_toplevel *t) { (void)d; (void)t; }
static const struct xdg_toplevel_listener toplevel_listener = { .configure = top_configure, .close = top_close };

static struct wl_buffer *grey_buffer(int width, int height) {
    int stride = width * 4, size = stride * height;
    int fd = memfd_create("wl-press-probe", MFD_CLOEXEC);
    if (fd < 0 || ftruncate(fd, size) < 0) die(1, "memfd: %s", strerror(errno));
    void *pixels = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (pixels == MAP_FAILED) die(1, "mmap: %s", strerror(errno));
    memset(pixels, 0x80, size);
    munmap(pixels, size);
    struct wl_shm_pool *pool = wl_shm_create_pool(shm, fd, size);
    struct wl_buffer *buffer = wl_shm_pool_create_buffer(pool, 0, width, height, stride, WL_SHM_FORMAT_XRGB8888);
    wl_shm_pool_destroy(pool);
    close(fd);
    return buffer;
}

static void registry_global(void *d, struct wl_registry *r, uint32_t name, const char *interface, uint32_t version) {
    (void)d; (void)version;
    if (strcmp(interface, wl_compositor_interface.name) == 0) compositor = wl_registry_bind(r, name, &wl_compositor_interface, 1);
    else if (strcmp(interface, wl_shm_interface.name) == 0) shm = wl_registry_bind(r, name, &wl_shm_interface, 1);
    else if (strcmp(interface, xdg_wm_base_interface.name) == 0) {
        wm_base = wl_registry_bind(r, name, &xdg_wm_base_interface, 1);
        xdg_wm_base_add_listener(wm_base, &wm_listener, NULL);
    } else if (!seat && strcmp(interface, wl_seat_interface.name) == 0) {
        seat = wl_registry_bind(r, name, &wl_seat_interface, 1);
        wl_seat_add_listener(seat, &seat_listener, NULL);
    } else if (strcmp(interface, zwlr_virtual_pointer_manager_v1_interface.name) == 0) {
        pointer_manager = wl_registry_bind(r, name, &zwlr_virtual_pointer_manager_v1_interface, 1);
    } else if (strcmp(interface, zwp_virtual_keyboard_manager_v1_interface.name) == 0) {
        keyboard_manager = wl_registry_bind(r, name, &zwp_virtual_keyboard_manager_v1_interface, 1);
    }
}
static void registry_remove(void *d, struct wl_registry *r, uint32_t name) { (void)d; (void)r; (void)name; }
static const struct wl_registry_listener registry_listener = { .global = registry_global, .global_remove = registry_remove };

static void map_window(void) {
    surface = wl_compositor_create_surface(compositor);
    struct xdg_surface *xs = xdg_wm_base_get_xdg_surface(wm_base, surface);
    xdg_surface_add_listener(xs, &xdg_surface_listener, NULL);
    struct xdg_toplevel *top = xdg_surface_get_toplevel(xs);
    xdg_toplevel_add_listener(top, &toplevel_listener, NULL);
    xdg_toplevel_set_title(top, "wl-press-probe");
    xdg_toplevel_set_app_id(top, "wl-press-probe");
    wl_surface_commit(surface);
    double deadline = now_ms() + 5000;
    while (!configured && now_ms() < deadline) dispatch_for(50);
    if (!configured) die(1, "the window was never configured");
    wl_surface_attach(surface, grey_buffer(64, 64), 0, 0);
    wl_surface_commit(surface);
    // Mapped, it takes the focus: the keys typed from now on come here.
    deadline = now_ms() + 5000;
    while (!focused && now_ms() < deadline) dispatch_for(50);
    if (!focused) die(1, "the window never got the keyboard focus (is a keyboard under test running?)");
}

// Reads and dispatches everything that arrives for `ms` ms: dispatch_for returns at the first
// event, and each click brings several (the key's release, its modifiers), so a pause made of
// one dispatch_for lasted well under a millisecond.
static void pause_ms(int ms) {
    double deadline = now_ms() + ms;
    for (double left = ms; left > 0; left = deadline - now_ms()) dispatch_for((int)left + 1);
}

// Waits up to 500 ms for a key press after `since` presses; its time, or a negative number.
static double wait_key(unsigned since) {
    double deadline = now_ms() + 500;
    while (presses_seen == since && now_ms() < deadline) dispatch_for(5);
    return presses_seen > since ? last_press_at : -1;
}

static void print_delay(int round, int warmup, double t0, double at) {
    if (round < warmup) return;
    if (at < 0) puts("miss");
    else printf("%.3f\n", at - t0);
    fflush(stdout);
}

static long number(const char *word, const char *what) {
    char *end;
    errno = 0;
    long value = word ? strtol(word, &end, 10) : 0;
    if (!word || errno || *end || end == word || value < 0) die(2, "%s: not a number: %s", what, word ? word : "(missing)");
    return value;
}

static void usage(void) {
    fputs("usage: wl-press-probe [--extent WxH] [--rounds N] [--warmup N] [--on-release] X Y | [--rounds N] [--warmup N] --floor\n", stderr);
    exit(2);
}

static void press_rounds(int rounds, int warmup, bool on_release, uint32_t x, uint32_t y, uint32_t width, uint32_t height) {
    if (!pointer_manager) die(1, "the compositor lacks zwlr_virtual_pointer_manager_v1");
    struct zwlr_virtual_pointer_v1 *pointer = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(pointer_manager, seat);
    // The seat gains its pointer capability now: the keyboards bind their wl_pointer on hearing
    // it, and events sent before reach none of them (wl-pointer's settle).
    roundtrip();
    sleep_ms(200);
    // Two moves: the first reaches the keyboard as wl_pointer.enter, which wvkbd takes for no
    // position (it clicks where the last wl_pointer.motion was); the second as a motion.
    for (uint32_t step = 0; step < 2; step++) {
        zwlr_virtual_pointer_v1_motion_absolute(pointer, (uint32_t)now_ms(), x, y + step - 1, width, height);
        zwlr_virtual_pointer_v1_frame(pointer);
        pause_ms(50);
    }
    for (int round = 0; round < warmup + rounds; round++) {
        dispatch_for(0);
        unsigned since = presses_seen;
        double t0 = 0;
        if (on_release) {
            zwlr_virtual_pointer_v1_button(pointer, (uint32_t)now_ms(), BTN_LEFT, WL_POINTER_BUTTON_STATE_PRESSED);
            zwlr_virtual_pointer_v1_frame(pointer);
            wl_display_flush(display);
            // Let it draw the pressed key before the release that makes it type.
            sleep_ms(10);
            dispatch_for(0);
            since = presses_seen;
        }
        t0 = now_ms();
        zwlr_virtual_pointer_v1_button(pointer, (uint32_t)t0, BTN_LEFT,
                                       on_release ? WL_POINTER_BUTTON_STATE_RELEASED : WL_POINTER_BUTTON_STATE_PRESSED);
        zwlr_virtual_pointer_v1_frame(pointer);
        wl_display_flush(display);
        double at = wait_key(since);
        if (!on_release) {
            zwlr_virtual_pointer_v1_button(pointer, (uint32_t)now_ms(), BTN_LEFT, WL_POINTER_BUTTON_STATE_RELEASED);
            zwlr_virtual_pointer_v1_frame(pointer);
        }
        print_delay(round, warmup, t0, at);
        // Pace the clicks (~30 ms apart, as on X) so each finds the keyboard idle.
        pause_ms(25);
    }
    zwlr_virtual_pointer_v1_destroy(pointer);
}

static void floor_rounds(int rounds, int warmup) {
    if (!keyboard_manager) die(1, "the compositor lacks zwp_virtual_keyboard_manager_v1");
    // The system's US keymap (xkbcommon on the compositor's side resolves the includes): the seat
    // sends no keymap to a new wl_keyboard when no keyboard has typed yet.
    static const char keymap[] = "xkb_keymap { xkb_keycodes { include \"evdev+aliases(qwerty)\" }; "
        "xkb_types { include \"complete\" }; xkb_compat { include \"complete\" }; xkb_symbols { include \"pc+us\" }; };";
    int fd = memfd_create("wl-press-probe-keymap", MFD_CLOEXEC);
    if (fd < 0 || write(fd, keymap, sizeof keymap) != (ssize_t)sizeof keymap) die(1, "memfd: %s", strerror(errno));
    struct zwp_virtual_keyboard_v1 *vk = zwp_virtual_keyboard_manager_v1_create_virtual_keyboard(keyboard_manager, seat);
    zwp_virtual_keyboard_v1_keymap(vk, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1, fd, sizeof keymap);
    roundtrip();
    pause_ms(50);
    for (int round = 0; round < warmup + rounds; round++) {
        dispatch_for(0);
        unsigned since = presses_seen;
        double t0 = now_ms();
        zwp_virtual_keyboard_v1_key(vk, (uint32_t)t0, KEY_G, WL_KEYBOARD_KEY_STATE_PRESSED);
        wl_display_flush(display);
        double at = wait_key(since);
        zwp_virtual_keyboard_v1_key(vk, (uint32_t)now_ms(), KEY_G, WL_KEYBOARD_KEY_STATE_RELEASED);
        print_delay(round, warmup, t0, at);
        pause_ms(25);
    }
    zwp_virtual_keyboard_v1_destroy(vk);
}

int main(int argc, char **argv) {
    int rounds = 200, warmup = 10;
    bool on_release = false, floor = false;
    uint32_t width = 0, height = 0;
    int i = 1;
    for (; i < argc && strncmp(argv[i], "--", 2) == 0; i++) {
        if (strcmp(argv[i], "--on-release") == 0) on_release = true;
        else if (strcmp(argv[i], "--floor") == 0) floor = true;
        else if (i + 1 >= argc) usage();
        else if (strcmp(argv[i], "--rounds") == 0) rounds = (int)number(argv[++i], "--rounds");
        else if (strcmp(argv[i], "--warmup") == 0) warmup = (int)number(argv[++i], "--warmup");
        else if (strcmp(argv[i], "--extent") == 0) {
            if (sscanf(argv[++i], "%ux%u", &width, &height) != 2 || !width || !height) die(2, "--extent wants WxH: %s", argv[i]);
        } else usage();
    }
    if (floor ? i != argc : (i + 2 != argc || !width)) usage();

    display = wl_display_connect(NULL);
    if (!display) die(3, "cannot connect to a Wayland compositor: %s", strerror(errno));
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    roundtrip();
    roundtrip();
    if (!compositor || !shm || !wm_base || !seat) die(1, "the compositor lacks wl_compositor, wl_shm, xdg_wm_base or wl_seat");
    map_window();
    if (floor) floor_rounds(rounds, warmup);
    else press_rounds(rounds, warmup, on_release, (uint32_t)number(argv[i], "X"), (uint32_t)number(argv[i + 1], "Y"), width, height);
    roundtrip();
    wl_display_disconnect(display);
    return 0;
}
