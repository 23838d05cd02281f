/* The bench's probe inside a keyboard (make bench builds it; clavier-bench's PressBreakdown.swift
 * loads it with LD_PRELOAD into a second start of each keyboard): how long the keyboard itself
 * takes from reading the X event that makes it type to writing the XTest key to the server.
 *
 * Xlib reads events with recvmsg (through xcb) and writes requests with writev. The time of the
 * last read that brings an event is kept; the next writev that begins with an XTest FakeInput
 * KeyPress (major opcode BENCH_XTEST_OPCODE, minor 2, type 2) takes now minus that time as one
 * sample. Samples go, in microseconds, into the file BENCH_PRESS_OUT (a 32-bit count, then
 * doubles), mapped shared: no system call is added after the key, and the figures survive the
 * keyboard being killed. Nothing the keyboard reads or writes is changed or kept. */
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
static int opcode = -1;
static double event_read;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

__attribute__((constructor)) static void open_record(void) {
    const char *path = getenv("BENCH_PRESS_OUT"), *op = getenv("BENCH_XTEST_OPCODE");
    if (!path || !op) return;
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

ssize_t recvmsg(int fd, struct msghdr *message, int flags) {
    static ssize_t (*real)(int, struct msghdr *, int);
    if (!real) real = (ssize_t (*)(int, struct msghdr *, int))dlsym(RTLD_NEXT, "recvmsg");
    ssize_t got = real(fd, message, flags);
    if (out && got > 0 && message->msg_iovlen > 0 && message->msg_iov[0].iov_len > 0) {
        /* 0 is an error, 1 a reply; anything else an event (35: XGE, XInput 2's). */
        unsigned char type = ((unsigned char *)message->msg_iov[0].iov_base)[0] & 0x7f;
        if (type > 1) event_read = now();
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
    if (out && event_read > 0 && request && request[0] == opcode && request[1] == 2 && request[4] == 2) {
        double took = now() - event_read;
        event_read = 0;
        if (out->count < capacity) out->micros[out->count] = took;
        out->count++;
    }
    return real(fd, vectors, count);
}
