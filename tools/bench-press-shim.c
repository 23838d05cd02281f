/* The bench's probe inside a keyboard (make bench builds it; clavier-bench's PressBreakdown.swift
 * loads it with LD_PRELOAD into a second start of each keyboard): how long the keyboard itself
 * takes from receiving the pointer event that makes it type to writing its XTest key.
 *
 * Xlib takes each event from xcb (xcb_poll_for_event, xcb_poll_for_queued_event,
 * xcb_wait_for_event), which reads them with recvmsg, and writes requests with writev. When
 * xcb hands over a pointer button or touch event (core ButtonPress or ButtonRelease; XInput
 * 2's, major opcode BENCH_XI_OPCODE: ButtonPress, ButtonRelease, TouchBegin, TouchEnd), the
 * time of the recvmsg that brought it is kept by connection;
 * the next writev on that connection that begins with an XTest FakeInput KeyPress (major
 * opcode BENCH_XTEST_OPCODE, minor 2, type 2) takes now minus that time as one sample. A
 * keyboard that reads other events or replies between the two is timed from its pointer
 * event all the same. Samples go, in microseconds, into the file BENCH_PRESS_OUT (a 32-bit
 * count, 4 bytes of padding, then doubles), mapped shared: no system call is added after the
 * key, and the figures survive the keyboard being killed. Nothing the keyboard reads or writes
 * is changed or kept. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>
#include <xcb/xcb.h>

enum { capacity = 4096 };
struct record { uint32_t count; uint32_t pad; double micros[capacity]; };

static struct record *out;
static int opcode = -1, xi_opcode = -1;
/* By file descriptor: a D-Bus or other socket read on another thread is not the X event. */
enum { descriptors = 1024 };
static double event_read[descriptors];
/* When each connection's last read brought bytes. */
static double received[descriptors];

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

__attribute__((constructor)) static void open_record(void) {
    const char *path = getenv("BENCH_PRESS_OUT"), *op = getenv("BENCH_XTEST_OPCODE"), *xi = getenv("BENCH_XI_OPCODE");
    if (!path || !op) return;
    if (xi) xi_opcode = atoi(xi);
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0) return;
    if (ftruncate(fd, sizeof(struct record)) == 0) {
        void *p = mmap(NULL, sizeof(struct record), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
        if (p != MAP_FAILED) {
            out = p;
            opcode = atoi(op);
        }
    }
    close(fd);
}

static int is_button(const xcb_generic_event_t *event) {
    if (!event) return 0;
    unsigned char type = event->response_type & 0x7f;
    if (type == XCB_BUTTON_PRESS || type == XCB_BUTTON_RELEASE) return 1;
    if (type != XCB_GE_GENERIC) return 0;
    const xcb_ge_generic_event_t *generic = (const xcb_ge_generic_event_t *)event;
    return generic->extension == xi_opcode && (generic->event_type == 4 || generic->event_type == 5 ||
                                               generic->event_type == 18 || generic->event_type == 20);
}

/* The event handed to Xlib: a button's time is that of the read that brought it, the last
 * on its connection (xcb hands events over as Xlib asks, right after reading them). */
static xcb_generic_event_t *seen(xcb_connection_t *connection, xcb_generic_event_t *event) {
    if (out && is_button(event)) {
        int fd = xcb_get_file_descriptor(connection);
        if (fd >= 0 && fd < descriptors) event_read[fd] = received[fd] > 0 ? received[fd] : now();
    }
    return event;
}

ssize_t recvmsg(int fd, struct msghdr *message, int flags) {
    static ssize_t (*real)(int, struct msghdr *, int);
    if (!real) real = (ssize_t (*)(int, struct msghdr *, int))dlsym(RTLD_NEXT, "recvmsg");
    ssize_t got = real(fd, message, flags);
    if (out && got > 0 && fd >= 0 && fd < descriptors) received[fd] = now();
    return got;
}

xcb_generic_event_t *xcb_poll_for_event(xcb_connection_t *c) {
    static xcb_generic_event_t *(*real)(xcb_connection_t *);
    if (!real) real = (xcb_generic_event_t * (*)(xcb_connection_t *)) dlsym(RTLD_NEXT, "xcb_poll_for_event");
    return seen(c, real(c));
}

xcb_generic_event_t *xcb_poll_for_queued_event(xcb_connection_t *c) {
    static xcb_generic_event_t *(*real)(xcb_connection_t *);
    if (!real) real = (xcb_generic_event_t * (*)(xcb_connection_t *)) dlsym(RTLD_NEXT, "xcb_poll_for_queued_event");
    return seen(c, real(c));
}

xcb_generic_event_t *xcb_wait_for_event(xcb_connection_t *c) {
    static xcb_generic_event_t *(*real)(xcb_connection_t *);
    if (!real) real = (xcb_generic_event_t * (*)(xcb_connection_t *)) dlsym(RTLD_NEXT, "xcb_wait_for_event");
    return seen(c, real(c));
}

ssize_t writev(int fd, const struct iovec *vectors, int count) {
    static ssize_t (*real)(int, const struct iovec *, int);
    if (!real) real = (ssize_t (*)(int, const struct iovec *, int))dlsym(RTLD_NEXT, "writev");
    /* xcb puts its own empty vector first when it has nothing pending: find the request. */
    const unsigned char *request = NULL;
    for (int i = 0; i < count && !request; i++)
        if (vectors[i].iov_len >= 8) request = vectors[i].iov_base;
    if (out && fd >= 0 && fd < descriptors && event_read[fd] > 0 && request && request[0] == opcode && request[1] == 2 &&
        request[4] == 2) {
        double took = now() - event_read[fd];
        event_read[fd] = 0;
        if (out->count < capacity) out->micros[out->count] = took;
        out->count++;
    }
    return real(fd, vectors, count);
}
