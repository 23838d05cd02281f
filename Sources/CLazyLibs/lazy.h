/* Private to lazy_libs.c (generated) and lazy.c. */
#include <cairo.h>
#include <pango/pangocairo.h>
#include <alsa/asoundlib.h>
#include "CLazyLibs.h"

/* This target is compiled with -fvisibility=hidden (Package.swift): the executable exports its
   symbols (Swift links with --export-dynamic), and an exported cairo_create would stand in for
   Cairo's own inside the loaded library. */

void *clavier_lazy_symbol(int library, const char *name);

/* The library's function `name`, looked up once. */
#define clavier_lazy_fn(library, name) ({ \
    static __typeof__(&name) clavier_lazy_cached; \
    __typeof__(&name) clavier_lazy_f = __atomic_load_n(&clavier_lazy_cached, __ATOMIC_ACQUIRE); \
    if (__builtin_expect(clavier_lazy_f == 0, 0)) { \
        clavier_lazy_f = (__typeof__(&name))clavier_lazy_symbol(library, #name); \
        __atomic_store_n(&clavier_lazy_cached, clavier_lazy_f, __ATOMIC_RELEASE); \
    } \
    clavier_lazy_f; })
