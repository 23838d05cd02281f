/* The bench's floor for an on-press keyboard (make bench builds it; clavier-bench's
 * PressBreakdown.swift runs it): a window at the keyboard's place that, on a button press
 * anywhere on it, types one key through XTest at once and does nothing else: no painting, no
 * state, core events. What a keyboard that types on the press can reach on this machine.
 *
 *   bench-instant-keyboard X Y WIDTH HEIGHT KEYSYM   (KEYSYM in hex, e.g. 67 for g) */
#include <X11/Xlib.h>
#include <X11/extensions/XTest.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    if (argc != 6) {
        fprintf(stderr, "usage: bench-instant-keyboard X Y WIDTH HEIGHT KEYSYM\n");
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
    for (;;) {
        XEvent event;
        XNextEvent(display, &event);
        if (event.type != ButtonPress) continue;
        XTestFakeKeyEvent(display, keycode, True, CurrentTime);
        XTestFakeKeyEvent(display, keycode, False, CurrentTime);
        XFlush(display);
    }
}
