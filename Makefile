# Clavier — an on-screen keyboard for X11.
#   make run      install missing Debian packages, build (release), start the keyboard
#   make test     install missing packages, start a private Xvfb, run every test
#   make bench    install the peers, build (release), measure Clavier beside xvkbd, matchbox-keyboard
#                 and onboard on a private Xvfb; one table on stdout and in bench/results.md
#   make install  PREFIX=/usr/local DESTDIR= : binary, assets, desktop and autostart entries

PREFIX ?= /usr/local
SYSCONFDIR ?= /etc
DESTDIR ?=
SWIFT ?= swift
# Release builds link the Swift runtime statically: less resident memory and start-up
# without the dynamic lookup of libswiftCore, Foundation … (BENCHMARKS.md). The standard
# library's argv finder is left out for Sources/CArguments' (reads no /proc/self/maps).
# With the toolchain's lld they also lay the functions Clavier runs side by side
# (tools/link-order.txt, from tools/profile-link-order) and, where glibc is 2.36 or newer,
# pack the relative relocations (DT_RELR): 7 MB less resident (BENCHMARKS.md).
SWIFT_BIN_DIR := $(dir $(realpath $(shell command -v $(SWIFT) 2>/dev/null)))
LLD := $(wildcard $(SWIFT_BIN_DIR)ld.lld)
RELR := $(shell getconf GNU_LIBC_VERSION 2>/dev/null | awk '{ split($$2, v, "."); if (v[1] > 2 || (v[1] == 2 && v[2] >= 36)) print "yes" }')
LINK_FLAGS =
ifneq ($(LLD),)
LINK_FLAGS += -Xswiftc -Xfrontend -Xswiftc -function-sections -Xswiftc -use-ld=lld \
	-Xlinker --symbol-ordering-file=$(CURDIR)/tools/link-order.txt -Xlinker --no-warn-symbol-ordering
ifeq ($(RELR),yes)
LINK_FLAGS += -Xlinker -z -Xlinker pack-relative-relocs
endif
endif
# With the runtime inside, no $$ORIGIN search path is needed: without one the loader does not
# readlink /proc/self/exe at every start.
RELEASE_FLAGS = -c release --static-swift-stdlib --disable-local-rpath $(LINK_FLAGS)
RELEASE_BIN = $(shell $(SWIFT) build $(RELEASE_FLAGS) --show-bin-path 2>/dev/null)
DEBUG_BIN = $(shell $(SWIFT) build --show-bin-path 2>/dev/null)

.PHONY: all build release run test check-core check-lazy-libs bench bench-deps install uninstall deps test-deps clean

all: build

deps:
	@tools/install-deps build

test-deps:
	@tools/install-deps test

build: deps check-lazy-libs
	$(SWIFT) build

release: deps check-lazy-libs
	@# SwiftPM does not see the link order file: a newer one means linking again.
	@bin="$(RELEASE_BIN)/clavier"; if [ tools/link-order.txt -nt "$$bin" ]; then rm -f "$$bin"; fi
	$(SWIFT) build $(RELEASE_FLAGS)

run: release
	"$(RELEASE_BIN)/clavier" $(ARGS)

bench-deps:
	@tools/install-deps bench

# The C program among the floors for resident memory (clavier-bench's Floors.swift), built
# with the toolchain's clang: SwiftPM would link the Swift runtime into it. Without it the bench
# still runs to the end and says the floor was not built.
CLANG := $(or $(wildcard $(SWIFT_BIN_DIR)clang),cc)

# Benchmarks are not tests: timings live here, never as assertions in make test.
bench: bench-deps release
	@mkdir -p bench
	-"$(CLANG)" -O2 -o "$(RELEASE_BIN)/bench-floor-pango" tools/bench-floor-pango.c $$(pkg-config --cflags --libs pangocairo)
	"$(RELEASE_BIN)/clavier-bench" --clavier "$(RELEASE_BIN)/clavier" --floor-layout "$(CURDIR)/Assets/layouts/us.yaml" \
		--output bench/results.md $(BENCH_ARGS)

check-core:
	@tools/check-core-imports

# A Cairo, Pango or ALSA function without a forwarder in Sources/CLazyLibs is an undefined
# symbol at the link: this names it and says to run tools/gen-lazy-libs.py.
check-lazy-libs: deps
	@python3 tools/gen-lazy-libs.py --check

test: test-deps check-core check-lazy-libs
	$(SWIFT) build --build-tests
	# A private config, state and cache, so tests neither read nor change the user's own.
	CLAVIER_BIN="$(DEBUG_BIN)/clavier" XDG_CONFIG_HOME="$$(mktemp -d)" XDG_STATE_HOME="$$(mktemp -d)" XDG_CACHE_HOME="$$(mktemp -d)" \
		tools/with-xvfb $(SWIFT) test --skip-build

install: release
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/clavier" \
		"$(DESTDIR)$(PREFIX)/share/applications" "$(DESTDIR)$(SYSCONFDIR)/xdg/autostart"
	install -m 0755 "$(RELEASE_BIN)/clavier" "$(DESTDIR)$(PREFIX)/bin/clavier"
	cp -R Assets/. "$(DESTDIR)$(PREFIX)/share/clavier/"
	install -m 0644 packaging/clavier.desktop "$(DESTDIR)$(PREFIX)/share/applications/clavier.desktop"
	install -m 0644 packaging/clavier-autostart.desktop "$(DESTDIR)$(SYSCONFDIR)/xdg/autostart/clavier.desktop"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/clavier" "$(DESTDIR)$(PREFIX)/share/applications/clavier.desktop" \
		"$(DESTDIR)$(SYSCONFDIR)/xdg/autostart/clavier.desktop"
	rm -rf "$(DESTDIR)$(PREFIX)/share/clavier"

clean:
	rm -rf .build
