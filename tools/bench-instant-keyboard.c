/* The bench's floor for an on-press keyboard (make bench builds it; clavier-bench's
 * PressBreakdown.swift runs it): a window at the keyboard's place that, on a button press
 * anywhere on it, types one key through XTest at once and does nothing else: no painting, no
 * state, core events. What a keyboard that types on the press can reach on this machine.
 *
 *   bench-instant-keyboard X Y WIDTH HEIGHT KEYSYM [BEFORE_US [ROUND_TRIPS]]
 *
 * KEYSYM in hex, e.g. 67 for g. For experiments (BENCHMARKS.md, issue 26's fourth pass), not the
 * bench: BEFORE_US µs of busy work before the key, and ROUND_TRIPS XSyncs 1 ms after it, each
 * followed by 100 µs of busy work. */
#include <X11/Xlib.h>
#include <X11/extensions/XTest.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static void busy(long micros) {
    struct timespec start, now;
    clock_gettime(CLOCK_MONOTONIC, &start);
    do clock_gettime(CLOCK_MONOTONIC, &now);
    while ((now.tv_sec - start.tv_sec) * 1000000L + (now.tv_nsec - start.tv_nsec) / 1000 < micros);
}

int main(int argc, char **argv) {
    if (argc < 6 || argc > 8) {
        fprintf(stderr, "usage: bench-instant-keyboard X Y WIDTH HEIGHT KEYSYM [BEFORE_US [ROUND_TRIPS]]\n");
        return 2;
    }
    Display *display = XOpenDisplay(NULL);
    if (!display) return 1;
    XSetWindowAttributes attributes = { .override_redirect = True, .background_pixel = 0x808080 };
    Window window = XCreateWindow(display, DefaultRootWindow(display), atoi(argv[1]), atoi(argv[2]),
                                  atoi(argv[3]), atoi(argv[4]), 0, CopyFromParent, InputOutput, CopyFromParent,
                                  CWOverrideRedirect | CWBackPixel, &attributes);
    XStoreName(display, window, "bench-instant-keyboard");
    XSelectInput(display, window, ButtonPressMask);
    XMapWindow(display, window);
    KeyCode keycode = XKeysymToKeycode(display, strtoul(argv[5], NULL, 16));
    long before = argc > 6 ? atol(argv[6]) : 0, trips = argc > 7 ? atol(argv[7]) : 0;
    for (;;) {
        XEvent event;
        XNextEvent(display, &event);
        if (event.type != ButtonPress) continue;
        if (before > 0) busy(before);
        XTestFakeKeyEvent(display, keycode, True, CurrentTime);
        XTestFakeKeyEvent(display, keycode, False, CurrentTime);
        XFlush(display);
        if (trips > 0) usleep(1000);
        for (long i = 0; i < trips; i++) {
            XSync(display, False);
            busy(100);
        }
    }
}
