/* The bench's probe inside a keyboard (make bench builds it; clavier-bench's PressBreakdown.swift
 * loads it with LD_PRELOAD into a second start of each keyboard): how long the keyboard itself
 * takes from reading the X event that makes it type to writing the XTest key to the server.
 *
 * Xlib reads events with recvmsg (through xcb) and writes requests with writev. The time of the
 * last read on a connection that brings a pointer button or touch event (core ButtonPress or
 * ButtonRelease; XInput 2's, major opcode BENCH_XI_OPCODE: ButtonPress, ButtonRelease,
 * TouchBegin, TouchEnd) is kept; the next writev on that connection that begins with an XTest
 * FakeInput KeyPress (major opcode BENCH_XTEST_OPCODE, minor 2, type 2) takes now minus that
 * time as one sample. A keyboard that reads other events or replies between the two is timed
 * from its pointer event all the same. Samples go, in microseconds, into the file
 * BENCH_PRESS_OUT (a 32-bit count, 4 bytes of padding, then doubles), mapped shared: no system
 * call is added after the key, and the figures survive the keyboard being killed. Nothing the
 * keyboard reads or writes is changed or kept. */
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

enum { capacity = 4096 };
struct record { uint32_t count; uint32_t pad; double micros[capacity]; };

static struct record *out;
static int opcode = -1, xi_opcode = -1;
/* By file descriptor: a D-Bus or other socket read on another thread is not the X event. */
enum { descriptors = 1024 };
static double event_read[descriptors];
/* Bytes of a message cut by the end of the previous read, by connection. */
static size_t carry[descriptors];

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

/* Whether the server's bytes hold a pointer button or touch event: its messages are 32 bytes,
 * replies (1) and generic events (35) 4 × their length field more. */
static int brings_button(int fd, const unsigned char *bytes, size_t size) {
    size_t at = carry[fd];
    int found = 0;
    while (at + 32 <= size) {
        const unsigned char *m = bytes + at;
        unsigned char type = m[0] & 0x7f;
        size_t length = 32;
        if (type == 1 || type == 35) length += 4 * (size_t)(m[4] | m[5] << 8 | m[6] << 16 | (uint32_t)m[7] << 24);
        if (type == 4 || type == 5) found = 1;
        if (type == 35 && m[1] == xi_opcode) {
            unsigned evtype = m[8] | m[9] << 8;
            if (evtype == 4 || evtype == 5 || evtype == 18 || evtype == 20) found = 1;
        }
        at += length;
    }
    /* A message cut short: its rest opens the next read (a header cut short cannot be followed). */
    carry[fd] = at > size ? at - size : 0;
    return found;
}

ssize_t recvmsg(int fd, struct msghdr *message, int flags) {
    static ssize_t (*real)(int, struct msghdr *, int);
    if (!real) real = (ssize_t (*)(int, struct msghdr *, int))dlsym(RTLD_NEXT, "recvmsg");
    ssize_t got = real(fd, message, flags);
    if (out && got > 0 && fd >= 0 && fd < descriptors && message->msg_iovlen > 0 && message->msg_iov[0].iov_len > 0) {
        size_t size = (size_t)got < message->msg_iov[0].iov_len ? (size_t)got : message->msg_iov[0].iov_len;
        if (brings_button(fd, message->msg_iov[0].iov_base, size)) event_read[fd] = now();
    }
    return got;
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
