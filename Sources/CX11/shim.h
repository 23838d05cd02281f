#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/keysym.h>
#include <X11/XKBlib.h>
#include <X11/extensions/XTest.h>
#include <X11/extensions/XInput2.h>
#include <X11/extensions/Xrandr.h>
#include <X11/Xlib-xcb.h>
#include <xkbcommon/xkbcommon.h>
#include <xkbcommon/xkbcommon-x11.h>
#include <X11/extensions/XShm.h>
#include <sys/ipc.h>
#include <sys/shm.h>

/* Function-like macros do not import into Swift: these are their function forms. */
static inline int clavier_connection_number(Display *d) { return ConnectionNumber(d); }
static inline int clavier_default_screen(Display *d) { return DefaultScreen(d); }
static inline Window clavier_root_window(Display *d) { return DefaultRootWindow(d); }
static inline int clavier_display_width(Display *d) { return DisplayWidth(d, DefaultScreen(d)); }
static inline int clavier_display_height(Display *d) { return DisplayHeight(d, DefaultScreen(d)); }
static inline int clavier_display_mm_width(Display *d) { return DisplayWidthMM(d, DefaultScreen(d)); }
static inline int clavier_display_mm_height(Display *d) { return DisplayHeightMM(d, DefaultScreen(d)); }
static inline Visual *clavier_default_visual(Display *d) { return DefaultVisual(d, DefaultScreen(d)); }
static inline int clavier_default_depth(Display *d) { return DefaultDepth(d, DefaultScreen(d)); }
static inline Colormap clavier_default_colormap(Display *d) { return DefaultColormap(d, DefaultScreen(d)); }

/* Xlib's default error handler exits the process; this one only counts, so a
   vanished window or a refused grab cannot kill the keyboard. */
static int clavier_x_error_count = 0;
static int clavier_x_error_handler(Display *d, XErrorEvent *e) { (void)d; (void)e; clavier_x_error_count++; return 0; }
static inline void clavier_install_x_error_handler(void) { XSetErrorHandler(clavier_x_error_handler); }
static inline int clavier_x_errors(void) { return clavier_x_error_count; }

/* XGetPixel and XDestroyImage are macros over the image's function table. */
static inline unsigned long clavier_get_pixel(XImage *image, int x, int y) { return XGetPixel(image, x, y); }
static inline void clavier_destroy_image(XImage *image) { XDestroyImage(image); }
