#ifndef CLAVIER_LAZY_LIBS_H
#define CLAVIER_LAZY_LIBS_H

/* The drawing libraries (Cairo, Pango and the ~35 libraries under them) and ALSA are not linked
   into clavier: Sources/CLazyLibs/lazy_libs.c defines every function of their headers and loads
   the library with dlopen at the first call (tools/gen-lazy-libs.py). A start from a kept picture
   puts it on screen before any of them is loaded. */

enum {
    CLAVIER_LAZY_CAIRO = 0,
    CLAVIER_LAZY_PANGOCAIRO = 1,
    CLAVIER_LAZY_PANGO = 2,
    CLAVIER_LAZY_GOBJECT = 3,
    CLAVIER_LAZY_ALSA = 4,
};

/* Loads one of the libraries above now. Returns 1 if it is loaded, 0 if it cannot be
   (clavier_lazy_error says why). Calling a function of a library that cannot be loaded prints
   that reason and exits, so a caller that can do without one (sound) asks here first. */
int clavier_lazy_load(int library);

/* Why the last clavier_lazy_load failed, or NULL. */
const char *clavier_lazy_error(void);

/* 1 if the library is already loaded, without loading it. */
int clavier_lazy_is_loaded(int library);

#endif
