/* For experiments on the press (BENCHMARKS.md, issue 26's fifth pass), not built by make: clicks
 * at X Y as clavier-bench does and prints the median pointer → KeyPress. It maps and focuses a
 * window of its own, moves the pointer to X Y, then N + 5 times: XTest button press, wait for the
 * KeyPress on its window, release, 25 ms pause (the first 5 are not counted). With ON_RELEASE 1
 * it presses, syncs, waits 10 ms and times from the release instead, as the bench times the peers.
 *
 *   cc -O2 -o clicker tools/bench-press-clicker.c -lX11 -lXtst
 *   DISPLAY=:N ./clicker X Y N [ON_RELEASE]
 *
 * To see where each press's time goes, run it under
 *   perf record -a -e sched:sched_switch,sched:sched_wakeup,sched:sched_migrate_task -- ./clicker …
 */
#include <X11/Xlib.h>
#include <X11/extensions/XTest.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void drain(Display *display) {
    XEvent event;
    while (XPending(display)) XNextEvent(display, &event);
}

int main(int argc, char **argv) {
    if (argc < 4 || argc > 5) {
        fprintf(stderr, "usage: clicker X Y N [ON_RELEASE]\n");
        return 2;
    }
    int x = atoi(argv[1]), y = atoi(argv[2]), n = atoi(argv[3]), on_release = argc > 4 && atoi(argv[4]);
    Display *display = XOpenDisplay(NULL);
    if (!display || n < 1) return 1;
    XSetWindowAttributes attributes = { .event_mask = KeyPressMask, .override_redirect = True };
    Window window = XCreateWindow(display, DefaultRootWindow(display), 0, 0, 200, 100, 0, CopyFromParent,
                                  InputOutput, CopyFromParent, CWEventMask | CWOverrideRedirect, &attributes);
    XMapWindow(display, window);
    XSync(display, False);
    usleep(100000);
    XSetInputFocus(display, window, RevertToParent, CurrentTime);
    XTestFakeMotionEvent(display, -1, x, y, CurrentTime);
    XSync(display, False);
    usleep(50000);
    double *samples = calloc(n, sizeof *samples);
    int count = 0, misses = 0;
    for (int i = 0; i < n + 5; i++) {
        drain(display);
        if (on_release) {
            XTestFakeButtonEvent(display, 1, True, CurrentTime);
            XSync(display, False);
            usleep(10000);
            drain(display);
        }
        double start = now_ms(), got = 0;
        XTestFakeButtonEvent(display, 1, !on_release, CurrentTime);
        XFlush(display);
        while (!got && now_ms() < start + 1000) {
            while (!got && XPending(display)) {
                XEvent event;
                XNextEvent(display, &event);
                if (event.type == KeyPress && event.xkey.window == window) got = now_ms();
            }
            struct pollfd fd = { ConnectionNumber(display), POLLIN, 0 };
            if (!got) poll(&fd, 1, 10);
        }
        if (!on_release) {
            XTestFakeButtonEvent(display, 1, False, CurrentTime);
            XFlush(display);
        }
        if (!got) misses++;
        else if (i >= 5) samples[count++] = got - start;
        usleep(25000);
    }
    if (count == 0) {
        printf("no KeyPress in %d clicks\n", misses);
        return 1;
    }
    qsort(samples, count, sizeof *samples, compare);
    printf("median %.3f ms  p10 %.3f  p90 %.3f  n=%d  misses=%d\n", samples[count / 2], samples[count / 10],
           samples[count * 9 / 10], count, misses);
    return 0;
}
