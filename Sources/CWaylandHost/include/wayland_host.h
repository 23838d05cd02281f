// The Wayland host's C side (Sources/clavier/WaylandHost*.swift is the Swift side): the
// connection and its globals, the keyboard's layer surface and its wl_shm buffers, the
// pointer's and fingers' events, and typing through virtual-keyboard-v1 and input-method-v2.
// Events are queued here as plain values (`clv_wl_event`) and read by the loop after
// `clv_wl_dispatch`; nothing here calls back into Swift.
#ifndef CLAVIER_WAYLAND_HOST_H
#define CLAVIER_WAYLAND_HOST_H

#include <stddef.h>
#include <stdint.h>

typedef struct clv_wl clv_wl;

/// What came from the compositor, in order.
enum clv_wl_event_kind {
    /// A button or finger went down / up / moved while down: `pointer` (0 the pointer, 1+ a
    /// finger), `x`, `y` in buffer pixels.
    CLV_WL_PRESS, CLV_WL_RELEASE, CLV_WL_MOTION,
    /// That pointer's press ends without a release (touch cancel, the pointer left while held).
    CLV_WL_LOST,
    /// The pointer moved over the surface with no button down (`x`, `y`), or left it (`CLV_WL_LEAVE`).
    CLV_WL_HOVER, CLV_WL_LEAVE,
    /// The compositor gave the surface its size: `width`, `height` in buffer pixels.
    CLV_WL_CONFIGURE,
    /// The compositor closed the surface (its output went).
    CLV_WL_CLOSED,
    /// An output came, went or changed (size, scale).
    CLV_WL_OUTPUTS,
    /// input-method-v2: a text field took the focus (its state is read with the
    /// `clv_wl_im_*` getters), it lost it, its text or kind changed while focused.
    CLV_WL_FIELD_ACTIVE, CLV_WL_FIELD_INACTIVE, CLV_WL_FIELD_CHANGED,
    /// Another input method holds the seat: the field is never told.
    CLV_WL_IM_UNAVAILABLE,
    /// The show button was tapped (pressed and released on it).
    CLV_WL_BUTTON_TAP,
    /// The pointer's middle or right button went down / up on the surface: `pointer` is its
    /// number as X counts them (2, 3). Only switch scanning reads them.
    CLV_WL_OTHER_DOWN, CLV_WL_OTHER_UP,
};

typedef struct {
    int kind;
    int pointer;
    double x, y;
    int width, height;
} clv_wl_event;

/// Connects to `name` (NULL: $WAYLAND_DISPLAY) and binds what the compositor offers. NULL
/// with the reason in `why` when there is no compositor there.
clv_wl *clv_wl_connect(const char *name, char *why, size_t why_size);
void clv_wl_disconnect(clv_wl *wl);

/// What the compositor offers.
int clv_wl_has_layer_shell(clv_wl *wl);
int clv_wl_has_virtual_keyboard(clv_wl *wl);
int clv_wl_has_input_method(clv_wl *wl);

/// The connection's descriptor, to poll; flushes what is written first. -1 once it is gone.
int clv_wl_prepare(clv_wl *wl);
/// Reads what the descriptor has (after poll said it can be read; `readable` 0 when it did
/// not) and dispatches it into the queue. -1 when the connection is gone.
int clv_wl_dispatch(clv_wl *wl, int readable);
/// The next queued event into `event`; 0 when there is none.
int clv_wl_next_event(clv_wl *wl, clv_wl_event *event);
/// Waits until the compositor has handled every request sent so far.
int clv_wl_roundtrip(clv_wl *wl);

/// The output the keyboard docks on (the one named, else the first): its size in logical
/// pixels, its physical size in mm (0 unknown), its scale, and its name ("" unknown). 0
/// when there is no output.
int clv_wl_output(clv_wl *wl, const char *name, int *width, int *height, int *mm_width, int *mm_height,
                  int *scale, char *out_name, size_t out_name_size);

/// Where the surface goes.
enum clv_wl_place { CLV_WL_DOCK_BOTTOM, CLV_WL_DOCK_TOP, CLV_WL_FLOAT };

/// Makes the keyboard's layer surface (mapped at the first commit of a buffer): docked with
/// an exclusive zone of its height, full width, on the top layer (`overlay`: the overlay
/// layer, above fullscreen windows), or floating on the overlay layer at x, y. Sizes in
/// logical pixels. Waits for its first configure. 0 on failure.
int clv_wl_surface_create(clv_wl *wl, const char *output, int place, int overlay, int x, int y, int width, int height);
/// Takes the surface down (the keyboard hides); made again by the next create.
void clv_wl_surface_destroy(clv_wl *wl);
/// The surface's scale (buffer pixels per logical pixel), and its size in buffer pixels (0 without one).
int clv_wl_scale(clv_wl *wl);
int clv_wl_surface_width(clv_wl *wl);
int clv_wl_surface_height(clv_wl *wl);

/// A buffer of the surface's size, not held by the compositor: its pixels (x8r8g8b8, rows of
/// `*stride` bytes) to fill before `clv_wl_present`. NULL when none can be made.
uint32_t *clv_wl_buffer(clv_wl *wl, int *width, int *height, int *stride);
/// What that buffer lacks of the frame last put up: `*rects` (x, y, w, h each) and their
/// count, or -1 when it lacks all (new, or too much changed). It holds the rest already.
int clv_wl_buffer_stale(clv_wl *wl, const int **rects);
/// Lets go of the buffers the compositor does not hold, but the one last committed.
void clv_wl_trim(clv_wl *wl);
/// The pixels of the buffer last committed (what is on screen); NULL when there is none.
const uint32_t *clv_wl_shown_pixels(clv_wl *wl, int *width, int *height, int *stride);
/// Attaches the buffer last given, damages `count` rectangles (x, y, w, h in buffer pixels;
/// none: all) and commits.
void clv_wl_present(clv_wl *wl, const int *rects, int count);

/// Shows the key preview's pixels (`width` × `height` buffer pixels, rows of `stride`
/// bytes) at x, y of the keyboard's surface (buffer pixels; above it when negative); 0 when
/// it cannot. Hidden by `clv_wl_popup_hide` and with the surface.
int clv_wl_popup_show(clv_wl *wl, int x, int y, int width, int height, const uint32_t *pixels, int stride);
void clv_wl_popup_hide(clv_wl *wl);

/// Shows the show button (`size` logical pixels square, `margin` from the output's bottom
/// right corner) with these pixels (size × scale square); a tap on it is `CLV_WL_BUTTON_TAP`.
int clv_wl_button_show(clv_wl *wl, const char *output, int size, int margin, const uint32_t *pixels, int stride);
void clv_wl_button_hide(clv_wl *wl);
int clv_wl_button_shown(clv_wl *wl);

/// Uploads `keymap` (XKB text) as the virtual keyboard's; 0 on failure.
int clv_wl_keymap(clv_wl *wl, const char *keymap);
/// Sends the modifiers' real-mods masks, then `key` (an evdev code: XKB keycode - 8) down or up.
void clv_wl_key(clv_wl *wl, uint32_t mods, uint32_t key, int down);
/// Sends the modifiers' masks alone (0: none held).
void clv_wl_key_modifiers(clv_wl *wl, uint32_t mods);
/// Whether a text field has the focus through input-method-v2.
int clv_wl_im_active(clv_wl *wl);
/// Commits `text` into the focused field.
void clv_wl_im_commit_string(clv_wl *wl, const char *text);
/// The focused field's text around the caret (UTF-8, NULL if none), the caret's byte offset,
/// and its content purpose and hints (text-input-v3's values).
const char *clv_wl_im_surrounding(clv_wl *wl, uint32_t *cursor);
uint32_t clv_wl_im_purpose(clv_wl *wl);
uint32_t clv_wl_im_hints(clv_wl *wl);

/// KWin's input method (kwin_im.c): whether KWin gave input-method-v1 (Clavier is its input
/// method) and fake input; whether a field has a context now. The field's text and kind are
/// read with `clv_wl_im_surrounding`, `clv_wl_im_purpose` (text-input-v3's values) and
/// `clv_wl_im_hints`, and its focus is `CLV_WL_FIELD_*` as input-method-v2's.
int clv_kwin_has_input_method(clv_wl *wl);
int clv_kwin_has_fake_input(clv_wl *wl);
int clv_kwin_field_active(clv_wl *wl);
/// Commits `text` into the field (input-method-v1's commit_string).
void clv_kwin_commit_string(clv_wl *wl, const char *text);
/// Presses and releases `sym` through input-method-v1 (BackSpace, Return and arrows reach a
/// text-input-v3 client).
void clv_kwin_keysym(clv_wl *wl, uint32_t sym);
/// Presses or releases evdev key `code` through fake input (KWin's keymap reads it).
void clv_kwin_fake_key(clv_wl *wl, uint32_t code, int down);

/// The clipboard strip (wlr-data-control): starts watching the seat's CLIPBOARD selection;
/// 0 when the compositor offers no data-control. The selection there before is not read.
int clv_wl_clipboard_watch(clv_wl *wl);
/// The pipe a new copy's text comes through, for the loop to poll; -1 when none is coming.
int clv_wl_clipboard_fd(clv_wl *wl);
/// Reads what the pipe holds: 1 when the text is whole (`text`, `length`: valid until the
/// next call; not NUL-terminated), 0 when more is to come, -1 when none is coming or it was
/// dropped (larger than 4096 bytes, or a failed read).
int clv_wl_clipboard_read(clv_wl *wl, const char **text, size_t *length);
/// How many copies marked secret (x-kde-passwordManagerHint offered) were left unread since
/// the last call.
int clv_wl_clipboard_take_secrets(clv_wl *wl);
/// Stops the watch (the connection ends).
void clv_wl_clipboard_stop(clv_wl *wl);

/// Hands the touch listener a finger's event as the compositor would (`CLV_WL_PRESS`,
/// `CLV_WL_MOTION`, `CLV_WL_RELEASE`; anything else: a cancel), on the keyboard's surface at
/// x, y (logical pixels): headless compositors have no touch device, so the tests feed the
/// same handlers the connection's listener calls.
void clv_wl_feed_touch(clv_wl *wl, int kind, int32_t id, double x, double y);

#endif
