// The Wayland client library and the client side of every protocol the Wayland host speaks.
// The NAME-client-protocol.h headers (and the NAME-protocol.c interface tables compiled into
// this target) are written by wayland-scanner into ../generated/ by tools/gen-wayland-protocols,
// which make runs before every swift build: they are not in git. The protocols are
// ../protocols/*.xml (wlroots' and misc ones Debian lacks, data-control among them) and the system's xdg-shell,
// viewporter, fractional-scale-v1 and input-method-v1 (wayland-protocols) and KWin's fake-input
// (plasma-wayland-protocols).
#ifndef CWAYLAND_H
#define CWAYLAND_H

#if !__has_include("../generated/xdg-shell-client-protocol.h")
#error "CWayland's protocol code is not generated: build through make (or run tools/gen-wayland-protocols first)"
#endif

#include <wayland-client.h>

#include "../generated/xdg-shell-client-protocol.h"
#include "../generated/viewporter-client-protocol.h"
#include "../generated/fractional-scale-v1-client-protocol.h"
#include "../generated/wlr-layer-shell-unstable-v1-client-protocol.h"
#include "../generated/virtual-keyboard-unstable-v1-client-protocol.h"
#include "../generated/input-method-unstable-v2-client-protocol.h"
#include "../generated/wlr-virtual-pointer-unstable-v1-client-protocol.h"
#include "../generated/wlr-data-control-unstable-v1-client-protocol.h"
#include "../generated/input-method-unstable-v1-client-protocol.h"
#include "../generated/fake-input-client-protocol.h"

#endif
