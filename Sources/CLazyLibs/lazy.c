#include "lazy.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const char *const clavier_lazy_sonames[];

#define LIBRARIES 5
static void *handles[LIBRARIES];
static char error[512];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *handle(int library) {
    void *h = __atomic_load_n(&handles[library], __ATOMIC_ACQUIRE);
    if (h) return h;
    pthread_mutex_lock(&lock);
    h = handles[library];
    if (!h) {
        h = dlopen(clavier_lazy_sonames[library], RTLD_LAZY | RTLD_LOCAL);
        if (h) {
            __atomic_store_n(&handles[library], h, __ATOMIC_RELEASE);
        } else {
            const char *why = dlerror();
            snprintf(error, sizeof error, "%s", why ? why : clavier_lazy_sonames[library]);
        }
    }
    pthread_mutex_unlock(&lock);
    return h;
}

int clavier_lazy_load(int library) {
    return library >= 0 && library < LIBRARIES && handle(library) != NULL;
}

int clavier_lazy_is_loaded(int library) {
    return library >= 0 && library < LIBRARIES && __atomic_load_n(&handles[library], __ATOMIC_ACQUIRE) != NULL;
}

const char *clavier_lazy_error(void) {
    return error[0] ? error : NULL;
}

void *clavier_lazy_symbol(int library, const char *name) {
    void *h = handle(library);
    if (!h) {
        fprintf(stderr, "clavier: cannot load %s, needed for %s: %s\n", clavier_lazy_sonames[library], name, error);
        exit(1);
    }
    void *f = dlsym(h, name);
    if (!f) {
        fprintf(stderr, "clavier: %s has no %s\n", clavier_lazy_sonames[library], name);
        exit(1);
    }
    return f;
}
