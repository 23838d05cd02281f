/* The bench's floor for an on-press keyboard (make bench builds it; clavier-bench's
 * PressBreakdown.swift runs it): a window at the keyboard's place that, on a button press
 * anywhere on it, types one key through XTest at once and does nothing else: no painting, no
 * state, core events. What a keyboard that types on the press can reach on this machine.
 *
 *   bench-instant-keyboard X Y WIDTH HEIGHT KEYSYM [BEFORE_US [ROUND_TRIPS [AFTER]]]
 *
 * KEYSYM in hex, e.g. 67 for g. For experiments (BENCHMARKS.md, issue 26's fourth and fifth
 * passes), not the bench: BEFORE_US µs of busy work before the key, and ROUND_TRIPS XSyncs 1 ms
 * after it, each followed by 100 µs of busy work. AFTER, letters for what a keyboard such as
 * Clavier does after its key, in this order: d sleep 1 ms first, a 100 µs of busy work,
 * s an XSync, p paint a 200×60 image (XPutImage, as Clavier paints a pressed key); r paints it
 * again on the button's release. */
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XTest.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static void busy(long micros) {
    struct timespec start, now;
    clock_gettime(CLOCK_MONOTONIC, &start);
    do clock_gettime(CLOCK_MONOTONIC, &now);
    while ((now.tv_sec - start.tv_sec) * 1000000L + (now.tv_nsec - start.tv_nsec) / 1000 < micros);
}

static void paint(Display *display, Window window, GC gc, XImage *image) {
    XPutImage(display, window, gc, image, 0, 0, 10, 10, 200, 60);
    XFlush(display);
}

int main(int argc, char **argv) {
    if (argc < 6 || argc > 9) {
        fprintf(stderr, "usage: bench-instant-keyboard X Y WIDTH HEIGHT KEYSYM [BEFORE_US [ROUND_TRIPS [AFTER]]]\n");
        return 2;
    }
    Display *display = XOpenDisplay(NULL);
    if (!display) return 1;
    XSetWindowAttributes attributes = { .override_redirect = True, .background_pixel = 0x808080 };
    Window window = XCreateWindow(display, DefaultRootWindow(display), atoi(argv[1]), atoi(argv[2]),
                                  atoi(argv[3]), atoi(argv[4]), 0, CopyFromParent, InputOutput, CopyFromParent,
                                  CWOverrideRedirect | CWBackPixel, &attributes);
    XStoreName(display, window, "bench-instant-keyboard");
    long before = argc > 6 ? atol(argv[6]) : 0, trips = argc > 7 ? atol(argv[7]) : 0;
    const char *after = argc > 8 ? argv[8] : "";
    // The release only when it paints: the bench's floor wakes for nothing but the press.
    XSelectInput(display, window, ButtonPressMask | (strchr(after, 'r') ? ButtonReleaseMask : 0));
    XMapWindow(display, window);
    KeyCode keycode = XKeysymToKeycode(display, strtoul(argv[5], NULL, 16));
    GC gc = XCreateGC(display, window, 0, NULL);
    XImage *image = XCreateImage(display, DefaultVisual(display, DefaultScreen(display)), 24, ZPixmap, 0,
                                 calloc(200 * 60, 4), 200, 60, 32, 0);
    for (;;) {
        XEvent event;
        XNextEvent(display, &event);
        if (event.type == ButtonRelease && strchr(after, 'r')) paint(display, window, gc, image);
        if (event.type != ButtonPress) continue;
        if (before > 0) busy(before);
        XTestFakeKeyEvent(display, keycode, True, CurrentTime);
        XTestFakeKeyEvent(display, keycode, False, CurrentTime);
        XFlush(display);
        if (strchr(after, 'd')) usleep(1000);
        if (strchr(after, 'a')) busy(100);
        if (strchr(after, 's')) XSync(display, False);
        if (strchr(after, 'p')) paint(display, window, gc, image);
        if (trips > 0) usleep(1000);
        for (long i = 0; i < trips; i++) {
            XSync(display, False);
            busy(100);
        }
    }
}
