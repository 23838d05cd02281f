/* Whether the session's accessibility is on (org.a11y.Status IsEnabled or ScreenReaderEnabled),
   asked and then followed on the session bus's socket in D-Bus's own few bytes: no library is
   loaded for it, so a keyboard on a desktop where no accessibility client runs holds what it
   held before (a library for it, libdbus or GDBus, held 1 MB more, measured). GDBus, which
   serves the objects (server.c), is loaded only once it is on. Little-endian messages only. */
#define _GNU_SOURCE
#include "server.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

struct message { unsigned char data[1024]; size_t length; };

static void put(struct message *m, const void *bytes, size_t count) {
    if (m->length + count > sizeof m->data) return;
    memcpy(m->data + m->length, bytes, count);
    m->length += count;
}
static void align(struct message *m, size_t to) { while (m->length % to) put(m, "", 1); }
static void put32(struct message *m, uint32_t value) { align(m, 4); put(m, &value, 4); }
static void put_string(struct message *m, const char *text) { put32(m, (uint32_t)strlen(text)); put(m, text, strlen(text) + 1); }
static void put_signature(struct message *m, const char *text) {
    unsigned char length = (unsigned char)strlen(text);
    put(m, &length, 1);
    put(m, text, length + 1u);
}
static void field(struct message *m, unsigned char code, const char *type, const char *value) {
    align(m, 8);
    put(m, &code, 1);
    put_signature(m, type);
    if (type[0] == 'g') put_signature(m, value); else put_string(m, value);
}

/* Sends a method call `serial` to the bus or org.a11y.Bus, with the strings `a` and `b` (or none). */
static int call(int fd, uint32_t serial, const char *destination, const char *path, const char *interface, const char *member,
                const char *a, const char *b) {
    struct message m = {.length = 0};
    put(&m, "l\1\0\1", 4);
    put32(&m, 0);        /* the body's length, set below */
    put32(&m, serial);
    put32(&m, 0);        /* the header fields' length, set below */
    field(&m, 1, "o", path);
    field(&m, 2, "s", interface);
    field(&m, 3, "s", member);
    field(&m, 6, "s", destination);
    if (a) field(&m, 8, "g", b ? "ss" : "s");
    uint32_t fields = (uint32_t)(m.length - 16);
    memcpy(m.data + 12, &fields, 4);
    align(&m, 8);
    size_t body = m.length;
    if (a) put_string(&m, a);
    if (b) put_string(&m, b);
    uint32_t length = (uint32_t)(m.length - body);
    memcpy(m.data + 4, &length, 4);
    return write(fd, m.data, m.length) == (ssize_t)m.length;
}

static int ask(int fd, uint32_t *serial) {
    return call(fd, ++*serial, "org.a11y.Bus", "/org/a11y/bus", "org.freedesktop.DBus.Properties", "Get", "org.a11y.Status", "IsEnabled")
        && call(fd, ++*serial, "org.a11y.Bus", "/org/a11y/bus", "org.freedesktop.DBus.Properties", "Get", "org.a11y.Status",
                "ScreenReaderEnabled");
}

/* The session bus's socket, authenticated as this user; -1 when there is none. */
static int connect_bus(void) {
    const char *address = getenv("DBUS_SESSION_BUS_ADDRESS");
    struct sockaddr_un place = {.sun_family = AF_UNIX};
    socklen_t size = sizeof place;
    char fallback[sizeof place.sun_path + 16];
    const char *runtime = getenv("XDG_RUNTIME_DIR");
    if (!address && runtime) {
        snprintf(fallback, sizeof fallback, "unix:path=%s/bus", runtime);
        address = fallback;
    }
    const char *path = address ? strstr(address, "unix:path=") : NULL;
    const char *abstract = address ? strstr(address, "unix:abstract=") : NULL;
    if (path) {
        snprintf(place.sun_path, sizeof place.sun_path, "%.*s", (int)strcspn(path + 10, ",;"), path + 10);
    } else if (abstract) {
        int length = (int)strcspn(abstract + 14, ",;");
        snprintf(place.sun_path + 1, sizeof place.sun_path - 1, "%.*s", length, abstract + 14);
        size = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + (size_t)length);
    } else {
        return -1;
    }
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0 || connect(fd, (struct sockaddr *)&place, size) != 0) {
        if (fd >= 0) close(fd);
        return -1;
    }
    char line[128], uid[16], hex[40] = "";
    snprintf(uid, sizeof uid, "%u", (unsigned)getuid());
    for (size_t i = 0; uid[i]; i++) snprintf(hex + 2 * i, 3, "%02x", (unsigned char)uid[i]);
    int length = snprintf(line, sizeof line, "AUTH EXTERNAL %s\r\n", hex);
    ssize_t got = 0;
    if (write(fd, "", 1) != 1 || write(fd, line, (size_t)length) != length || (got = read(fd, line, sizeof line - 1)) < 3
        || strncmp(line, "OK ", 3) != 0 || write(fd, "BEGIN\r\n", 7) != 7) {
        close(fd);
        return -1;
    }
    return fd;
}

static uint32_t at32(const unsigned char *p) { uint32_t v; memcpy(&v, p, 4); return v; }

/* A method return's reply serial (0: none), from the header fields of `m` (`fields` bytes). */
static uint32_t reply_serial(const unsigned char *m, uint32_t fields) {
    size_t i = 16, end = 16 + fields;
    while (i + 4 <= end) {
        i = (i + 7) & ~(size_t)7;
        unsigned char code = m[i], sig_length = m[i + 1];
        char type = (char)m[i + 2];
        i += 3u + sig_length;
        if (type == 'u') { i = (i + 3) & ~(size_t)3; if (code == 5) return at32(m + i); i += 4; }
        else if (type == 's' || type == 'o') { i = (i + 3) & ~(size_t)3; i += 4 + at32(m + i) + 1; }
        else if (type == 'g') i += 1u + m[i] + 1u;
        else return 0;
    }
    return 0;
}

int clavier_accessible_wait_until_on(void (*told)(const char *what, const char *detail)) {
    int fd = connect_bus();
    if (fd < 0) {
        told("no session bus to ask whether accessibility is on", NULL);
        return 0;
    }
    uint32_t serial = 0;
    call(fd, ++serial, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "Hello", NULL, NULL);
    call(fd, ++serial, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "AddMatch",
         "type='signal',sender='org.a11y.Bus',path='/org/a11y/bus',interface='org.freedesktop.DBus.Properties',"
         "member='PropertiesChanged'", NULL);
    ask(fd, &serial);
    int on = 0, said = 0, answers = 0;
    static unsigned char in[65536];
    size_t have = 0;
    while (!on) {
        ssize_t got = read(fd, in + have, sizeof in - have);
        if (got <= 0) break;
        have += (size_t)got;
        while (have >= 16 && in[0] == 'l') {
            uint32_t body = at32(in + 4), fields = at32(in + 12);
            size_t start = (16 + (size_t)fields + 7) & ~(size_t)7, total = start + body;
            if (total > sizeof in) { have = 0; break; }
            if (have < total) break;
            if (in[1] == 2 && reply_serial(in, fields) >= 3 && body >= 8 && in[start] == 1 && in[start + 1] == 'b') {
                on = on || at32(in + start + 4) != 0;
                answers++;
            }
            if (in[1] == 4 && !on) ask(fd, &serial);   /* PropertiesChanged (or the bus's NameAcquired) */
            memmove(in, in + total, have - total);
            have -= total;
        }
        if (!on && answers >= 2 && !said) told("accessibility is off: waiting until it is on", NULL), said = 1;
        if (have >= 16 && in[0] != 'l') break;
    }
    close(fd);
    return on;
}
