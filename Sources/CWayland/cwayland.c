// CWayland's own source: the target is otherwise only generated/*-protocol.c, which a fresh
// clone lacks until tools/gen-wayland-protocols runs; this file then stops the build with
// cwayland.h's message instead of SwiftPM's "no sources".
#include "cwayland.h"
