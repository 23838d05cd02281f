#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/keysym.h>
#include <X11/XKBlib.h>
#include <X11/extensions/XTest.h>
#include <X11/extensions/XInput2.h>
#include <X11/extensions/Xrandr.h>
#include <X11/extensions/Xfixes.h>
#include <X11/Xlib-xcb.h>
#include <xkbcommon/xkbcommon.h>
#include <xkbcommon/xkbcommon-x11.h>
#include <X11/extensions/XShm.h>
#include <X11/extensions/shape.h>
#include <xcb/shm.h>
#include <fcntl.h>
#include <stdlib.h>
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

/* XGetPixel and XDestroyImage are macros over the image's function table. */
static inline unsigned long clavier_get_pixel(XImage *image, int x, int y) { return XGetPixel(image, x, y); }
static inline void clavier_destroy_image(XImage *image) { XDestroyImage(image); }

/* MIT-SHM 1.2 (ShmAttachFd): the server maps a file we hand it and reads pixels from it
   itself, so a kept picture goes up without crossing the socket or being read by us.
   xcb_shm_id is a mutable C global, which Swift 6 will not touch: these wrap it. */
static inline void clavier_shm_prefetch(xcb_connection_t *c) { xcb_prefetch_extension_data(c, &xcb_shm_id); }

/* Asks the server's MIT-SHM version; 0 when it has no MIT-SHM. */
static inline unsigned int clavier_shm_ask_version(xcb_connection_t *c) {
    const xcb_query_extension_reply_t *ext = xcb_get_extension_data(c, &xcb_shm_id);
    if (!ext || !ext->present) return 0;
    return xcb_shm_query_version(c).sequence;
}

/* Whether the answer to clavier_shm_ask_version says 1.2 or later. */
static inline int clavier_shm_attaches_files(xcb_connection_t *c, unsigned int asked) {
    if (!asked) return 0;
    xcb_shm_query_version_cookie_t cookie = { asked };
    xcb_shm_query_version_reply_t *reply = xcb_shm_query_version_reply(c, cookie, NULL);
    int ok = reply && (reply->major_version > 1 || (reply->major_version == 1 && reply->minor_version >= 2));
    free(reply);
    return ok;
}

/* Puts width x height x8r8g8b8 pixels, rows width * 4 bytes apart, from byte `offset` of the
   file `fd` onto `drawable` at (x, y): the server attaches a read-only duplicate of `fd`,
   puts, and detaches. Returns the put's sequence for clavier_shm_failed (0 when `fd` could
   not be duplicated: nothing was sent). */
static inline unsigned int clavier_shm_put_file(xcb_connection_t *c, xcb_drawable_t drawable, xcb_gcontext_t gc,
                                                int fd, uint32_t offset, uint16_t width, uint16_t height,
                                                int16_t x, int16_t y, uint8_t depth) {
    int copy = fcntl(fd, F_DUPFD_CLOEXEC, 0);
    if (copy < 0) return 0;
    xcb_shm_seg_t segment = xcb_generate_id(c);
    xcb_shm_attach_fd(c, segment, copy, 1);  /* xcb closes `copy` once sent */
    unsigned int put = xcb_shm_put_image_checked(c, drawable, gc, width, height, 0, 0, width, height, x, y, depth,
                                                 XCB_IMAGE_FORMAT_Z_PIXMAP, 0, segment, offset).sequence;
    xcb_shm_detach(c, segment);
    return put;
}

/* Whether the put numbered `put` failed (a failed attach fails it too). Waits for the server
   only if it has not yet answered anything sent after it. */
static inline int clavier_shm_failed(xcb_connection_t *c, unsigned int put) {
    xcb_void_cookie_t cookie = { put };
    xcb_generic_error_t *error = xcb_request_check(c, cookie);
    int failed = error != NULL;
    free(error);
    return failed;
}
