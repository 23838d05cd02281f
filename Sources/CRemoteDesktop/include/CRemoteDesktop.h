#ifndef CLAVIER_REMOTE_DESKTOP_H
#define CLAVIER_REMOTE_DESKTOP_H

#include <stddef.h>
#include <stdint.h>

/* Typing through mutter's (GNOME's) own D-Bus org.gnome.Mutter.RemoteDesktop on the session
   bus: libgio is loaded with dlopen at the first call, so a keyboard that never types there
   loads nothing. Every function is called from one thread (the keyboard's loop). */

/* Whether org.gnome.Mutter.RemoteDesktop has an owner on the session bus (loads libgio and
   connects; one round trip). 0 with `error` filled when there is no bus or no libgio. */
int clavier_remote_desktop_offered(char *error, size_t size);

/* Makes and starts a session (CreateSession, Start: two round trips) unless one is open, and
   presses and releases Shift once, as mutter drops the first key of a new session otherwise.
   1 when a session is open; 0 with `error` filled. */
int clavier_remote_desktop_open(char *error, size_t size);

/* Sends a key press (`pressed` 1) or release of `keysym` on the open session without waiting
   for mutter's answer (the message is queued in order on the connection). Answers of earlier
   calls are read first: when mutter said the session is gone (stopped from GNOME Shell's
   indicator, say), returns 0 and the next clavier_remote_desktop_open makes a new one. */
int clavier_remote_desktop_key(uint32_t keysym, int pressed);

/* Waits until mutter has answered every key sent so far (one round trip); 0 if the session
   ended meanwhile. */
int clavier_remote_desktop_sync(void);

/* Stops the session (Stop), if one is open; mutter releases whatever it still holds. */
void clavier_remote_desktop_close(void);

#endif
