# Clavier — an on-screen keyboard for X11 and Wayland.
#   make run      install missing Debian packages, build (release), start the keyboard
#   make test     install missing packages, start a private Xvfb, run every test
#   make bench    install the peers, build (release), measure Clavier beside xvkbd, matchbox-keyboard
#                 and onboard on a private Xvfb, and beside wvkbd on a headless sway (Wayland rows, a
#                 table of their own); on stdout and in bench/results.md
#                 (BENCH_ARGS="--quick --only clavier-wayland,wvkbd": the Wayland rows alone)
#   make install  PREFIX=/usr/local DESTDIR= : binary, assets, man page, shell completions, desktop and
#                 autostart entries, AppStream metainfo
#   make models   rebuild the word-prediction models (Assets/models) with tools/build-models.py
#   make deb      dist/clavier_VERSION_ARCH.deb and a clavier-lang-LANG_VERSION_all.deb for each
#                 word-prediction model, with dpkg-buildpackage (packaging/debian)
#   make check-deb  the .debs: lintian, then clavier from the extracted packages, without and with a model

PREFIX ?= /usr/local
SYSCONFDIR ?= /etc
DESTDIR ?=
SWIFT ?= swift
# Release builds link the Swift runtime statically: less resident memory and start-up
# without the dynamic lookup of libswiftCore, Foundation … (BENCHMARKS.md). The rest of the
# release tuning is in docs/release-tuning.md: with the toolchain's lld, the functions
# Clavier runs are laid out side by side (tools/link-order.txt: 2.2 MB less resident, the ledger there) and,
# where glibc is 2.36 or newer, the relative relocations are packed (DT_RELR).
SWIFT_BIN_DIR := $(dir $(realpath $(shell command -v $(SWIFT) 2>/dev/null)))
LLD := $(wildcard $(SWIFT_BIN_DIR)ld.lld)
RELR := $(shell getconf GNU_LIBC_VERSION 2>/dev/null | awk '{ split($$2, v, "."); if (v[1] > 2 || (v[1] == 2 && v[2] >= 36)) print "yes" }')
# Deleting the file links without an order.
LINK_ORDER := $(if $(LLD),$(wildcard tools/link-order.txt))
LINK_FLAGS =
ifneq ($(LLD),)
LINK_FLAGS += -Xswiftc -use-ld=lld
ifneq ($(LINK_ORDER),)
LINK_FLAGS += -Xswiftc -Xfrontend -Xswiftc -function-sections
# Only clavier's link takes the order: the other programs lack most of its functions, and
# lld warns of each name in the order that no object defines. For clavier those warnings
# mean the list is behind the code, which costs resident memory: `make release` then warns
# after the link (gen-link-order.py --warn), and fails only where a release is made
# (LINK_ORDER_STALE=error: packaging/debian/rules, so `make deb` and CI). lld also warns "unable to order discarded
# symbol" for the extra copies of a function several objects define: harmless, the kept
# copy is ordered. clavier's build also links make-builtins, the build-time tool ClavierBuiltins
# is written by, with the same flags: it defines none of the names, so lld's own warnings
# (~3,000 lines) are off and the check after the link is the one that counts.
ORDER_FLAGS = -Xlinker --symbol-ordering-file=$(CURDIR)/$(LINK_ORDER) -Xlinker --no-warn-symbol-ordering
endif
ifeq ($(RELR),yes)
LINK_FLAGS += -Xlinker -z -Xlinker pack-relative-relocs
endif
endif
# The Swift runtime is C++: libstdc++ comes in from its archive where the toolchain's clang finds
# one (libstdc++-12-dev on Debian 12, which the toolchain itself needs), so the dynamic loader no
# longer binds its 4,300 symbols at every start (ld.so 2,356 → 692 relocations, ~0.5 ms of
# `clavier --version`, BENCHMARKS.md). The toolchain's own link arguments say -lstdc++; a directory
# holding only the archive, searched first, makes that the static one. GCC's runtime library
# exception allows it.
STATIC_CXX := $(shell $(SWIFT_BIN_DIR)clang -print-file-name=libstdc++.a 2>/dev/null)
STATIC_CXX_DIR := $(CURDIR)/.build/static-cxx
ifneq ($(filter /%,$(wildcard $(STATIC_CXX))),)
STATIC_CXX_LINK := $(STATIC_CXX_DIR)/libstdc++.a
LINK_FLAGS += -Xlinker -L$(STATIC_CXX_DIR)
endif
# With the runtime inside, no $$ORIGIN search path is needed: without one the loader does not
# readlink /proc/self/exe at every start. The Swift driver links executables with
# -export-dynamic: every symbol of Clavier's and ArgumentParser's objects in the dynamic symbol
# table (4,260 names, 0.36 MB of the stripped binary). Nothing looks them up (dlsym is only
# called on the libraries Clavier loads), so they are not exported: a crash's backtrace from the
# stripped binary loses those names, which the -dbgsym package keeps.
# warn (everyday make release/run) or error (make deb, CI): a link order behind the code.
LINK_ORDER_STALE ?= warn
RELEASE_FLAGS = -c release --static-swift-stdlib --disable-local-rpath -Xlinker --no-export-dynamic $(LINK_FLAGS)
RELEASE_BIN = $(shell $(SWIFT) build $(RELEASE_FLAGS) --show-bin-path 2>/dev/null)
DEBUG_BIN = $(shell $(SWIFT) build --show-bin-path 2>/dev/null)

.PHONY: all build release run test check-core check-lazy-libs bench bench-deps models install uninstall deps test-deps clean \
	package-files package-deps deb check-deb wayland-protocols

all: build

deps:
	@tools/install-deps build

test-deps:
	@tools/install-deps test

# The C of the Wayland protocols (Sources/CWayland/generated/, not in git), written by
# wayland-scanner before every swift build: SwiftPM cannot make it (tools/gen-wayland-protocols).
# Unchanged protocols leave the files as they are, so nothing is compiled again.
wayland-protocols: deps
	@tools/gen-wayland-protocols

build: deps wayland-protocols
	$(SWIFT) build

release: deps wayland-protocols $(STATIC_CXX_LINK)
	@# SwiftPM does not see the link order file: a newer one means linking again.
	@bin="$(RELEASE_BIN)/clavier"; if [ tools/link-order.txt -nt "$$bin" ]; then rm -f "$$bin"; fi
	$(SWIFT) build $(RELEASE_FLAGS) $(ORDER_FLAGS) --product clavier
	$(SWIFT) build $(RELEASE_FLAGS) --product clavier-bench
	$(SWIFT) build $(RELEASE_FLAGS) --product bench-floor
	$(SWIFT) build $(RELEASE_FLAGS) --product wl-press-probe
	$(SWIFT) build $(RELEASE_FLAGS) --product wl-pointer
ifneq ($(LINK_ORDER),)
	@python3 tools/gen-link-order.py $(if $(filter error,$(LINK_ORDER_STALE)),--check,--warn) "$(RELEASE_BIN)/clavier" $(LINK_ORDER)
endif

$(STATIC_CXX_DIR)/libstdc++.a:
	@mkdir -p $(@D) && ln -sf $(STATIC_CXX) $@

run: release
	"$(RELEASE_BIN)/clavier" $(ARGS)

# Rebuilds the word-prediction models (Assets/models) and their held-out texts (bench/ksr).
models:
	@tools/install-deps models
	python3 tools/build-models.py

bench-deps:
	@tools/install-deps bench

# The C programs of the bench, built with the toolchain's clang (SwiftPM would link the Swift
# runtime into them): the floor for resident memory (clavier-bench's Floors.swift), the probe
# inside each keyboard and the instant keyboard (PressBreakdown.swift). Without them the bench
# still runs to the end and says what was not built.
CLANG := $(or $(wildcard $(SWIFT_BIN_DIR)clang),cc)

# Benchmarks are not tests: timings live here, never as assertions in make test.
bench: bench-deps release
	@mkdir -p bench
	-"$(CLANG)" -O2 -o "$(RELEASE_BIN)/bench-floor-pango" tools/bench-floor-pango.c $$(pkg-config --cflags --libs pangocairo)
	-"$(CLANG)" -O2 -shared -fPIC -o "$(RELEASE_BIN)/bench-press-shim.so" tools/bench-press-shim.c -ldl -lxcb
	-"$(CLANG)" -O2 -o "$(RELEASE_BIN)/bench-instant-keyboard" tools/bench-instant-keyboard.c -lX11 -lXtst
	"$(RELEASE_BIN)/clavier-bench" --clavier "$(RELEASE_BIN)/clavier" --floor-layout "$(CURDIR)/Assets/layouts/us.yaml" \
		--output bench/results.md $(BENCH_ARGS)

check-core:
	@tools/check-core-imports

# Sources/CLazyLibs/lazy_libs.c forwards every function of the Cairo, Pango, GObject and ALSA
# headers, so no build needs it run first. This checks it against the headers (they change
# with a new Debian release) and names a call that cannot be forwarded; a release (make deb)
# runs it.
check-lazy-libs: deps
	@python3 tools/gen-lazy-libs.py --check

test: test-deps check-core wayland-protocols
	@# The model tools' words and case (a second; no download).
	python3 -m unittest discover -s tools -p 'test_models*.py'
	$(SWIFT) build --build-tests
	@# Onboard's KSR typist (make bench) counts as clavier-bench's: the same text, the same presses.
	CLAVIER_BIN_DIR="$(DEBUG_BIN)" python3 -m unittest tools/test_onboard_ksr.py
	@tools/check-shipped-symbols "$(DEBUG_BIN)"
	@# ManPageTests make clavier(1) with it, beside the clavier they test.
	$(SWIFT) build --product generate-manual
	# A private config, state and cache, so tests neither read nor change the user's own; a test
	# whose programs are missing fails here (a plain `swift test` skips it).
	CLAVIER_TESTS_NEED_ALL=1 CLAVIER_BIN="$(DEBUG_BIN)/clavier" XDG_CONFIG_HOME="$$(mktemp -d)" XDG_STATE_HOME="$$(mktemp -d)" XDG_CACHE_HOME="$$(mktemp -d)" \
		tools/with-xvfb $(SWIFT) test --skip-build

# The version is set in one place, the top entry of packaging/debian/changelog (`dch -v X.Y.Z`
# makes a release): the .deb takes it from there, and `clavier --version` from
# Sources/clavier/Version.swift, which make writes from it (committed, so swift build alone has it).
VERSION := $(shell sed -n '1s/^[^(]*(\([^)]*\)).*/\1/p' packaging/debian/changelog)
ARCH := $(shell dpkg --print-architecture 2>/dev/null)
DEB := dist/clavier_$(VERSION)_$(ARCH).deb
# One package per word-prediction model, as packaging/debian/control lists them.
LANG_DEBS := $(patsubst Assets/models/%.lm,dist/clavier-lang-%_$(VERSION)_all.deb,$(wildcard Assets/models/*.lm))
MANDIR ?= $(PREFIX)/share/man
BASH_COMPLETION_DIR ?= $(PREFIX)/share/bash-completion/completions
ZSH_COMPLETION_DIR ?= $(PREFIX)/share/zsh/site-functions
FISH_COMPLETION_DIR ?= $(PREFIX)/share/fish/vendor_completions.d
# The man page and completions made from the release binary, for make install.
PACKAGE_FILES := .build/package-files
APP_ID := io.github.clavier.Clavier

Sources/clavier/Version.swift: packaging/debian/changelog
	@printf '%s\n' '// Written by make from packaging/debian/changelog, the one place the version is set: do not edit.' '' \
		'/// The version `clavier --version` prints: the Debian package'"'"'s version.' 'let clavierVersion = "$(VERSION)"' > $@.new
	@if cmp -s $@.new $@; then rm $@.new; else mv $@.new $@; echo "$@: $(VERSION)"; fi

build release test: Sources/clavier/Version.swift

# clavier(1) from the binary's own command-line definitions (tools/gen-manpage), and the
# completion scripts ArgumentParser writes from the same definitions.
package-files: release
	$(SWIFT) build $(RELEASE_FLAGS) --product generate-manual
	@mkdir -p $(PACKAGE_FILES)
	tools/gen-manpage "$(RELEASE_BIN)/clavier" "$(RELEASE_BIN)/generate-manual" $(PACKAGE_FILES)/clavier.1
	@# bash-completion sources the script: a #! line would only mislead (lintian: bash-completion-with-hashbang).
	for shell in bash zsh fish; do "$(RELEASE_BIN)/clavier" --generate-completion-script $$shell | sed '1{/^#!/d}' > $(PACKAGE_FILES)/clavier.$$shell; done

# Every file is written beside its place and renamed into it (tools/install-beside), never
# rewritten in place: a running keyboard keeps the language model it has mapped, whole.
install: package-files
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/clavier" \
		"$(DESTDIR)$(PREFIX)/share/applications" "$(DESTDIR)$(PREFIX)/share/metainfo" "$(DESTDIR)$(SYSCONFDIR)/xdg/autostart" \
		"$(DESTDIR)$(MANDIR)/man1" "$(DESTDIR)$(BASH_COMPLETION_DIR)" "$(DESTDIR)$(ZSH_COMPLETION_DIR)" "$(DESTDIR)$(FISH_COMPLETION_DIR)"
	tools/install-beside 0755 "$(RELEASE_BIN)/clavier" "$(DESTDIR)$(PREFIX)/bin/clavier"
	cd Assets && find . -type d -exec install -d "$(DESTDIR)$(PREFIX)/share/clavier/{}" \; && \
		find . -type f -exec ../tools/install-beside 0644 {} "$(DESTDIR)$(PREFIX)/share/clavier/{}" \;
	tools/install-beside 0644 packaging/$(APP_ID).desktop "$(DESTDIR)$(PREFIX)/share/applications/$(APP_ID).desktop"
	@# KDE Plasma's virtual keyboard (System Settings lists it; KWin runs its Exec as its input method and
	@# grants fake input to the binary it names): the real binary's path, not a wrapper's.
	sed 's|/usr/bin/clavier|$(PREFIX)/bin/clavier|g' packaging/$(APP_ID).KWin.desktop > $(PACKAGE_FILES)/$(APP_ID).KWin.desktop
	tools/install-beside 0644 $(PACKAGE_FILES)/$(APP_ID).KWin.desktop "$(DESTDIR)$(PREFIX)/share/applications/$(APP_ID).KWin.desktop"
	tools/install-beside 0644 packaging/$(APP_ID).metainfo.xml "$(DESTDIR)$(PREFIX)/share/metainfo/$(APP_ID).metainfo.xml"
	@# Named clavier.desktop still: a user's ~/.config/autostart/clavier.desktop with Hidden=true turns it off.
	tools/install-beside 0644 packaging/clavier-autostart.desktop "$(DESTDIR)$(SYSCONFDIR)/xdg/autostart/clavier.desktop"
	tools/install-beside 0644 $(PACKAGE_FILES)/clavier.1 "$(DESTDIR)$(MANDIR)/man1/clavier.1"
	tools/install-beside 0644 $(PACKAGE_FILES)/clavier.bash "$(DESTDIR)$(BASH_COMPLETION_DIR)/clavier"
	tools/install-beside 0644 $(PACKAGE_FILES)/clavier.zsh "$(DESTDIR)$(ZSH_COMPLETION_DIR)/_clavier"
	tools/install-beside 0644 $(PACKAGE_FILES)/clavier.fish "$(DESTDIR)$(FISH_COMPLETION_DIR)/clavier.fish"

# Also the desktop file's name before 0.1.0 (clavier.desktop), should an older install have left it.
uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/clavier" "$(DESTDIR)$(PREFIX)/share/applications/$(APP_ID).desktop" \
		"$(DESTDIR)$(PREFIX)/share/applications/$(APP_ID).KWin.desktop" \
		"$(DESTDIR)$(PREFIX)/share/applications/clavier.desktop" "$(DESTDIR)$(PREFIX)/share/metainfo/$(APP_ID).metainfo.xml" \
		"$(DESTDIR)$(SYSCONFDIR)/xdg/autostart/clavier.desktop" "$(DESTDIR)$(MANDIR)/man1/clavier.1" \
		"$(DESTDIR)$(BASH_COMPLETION_DIR)/clavier" "$(DESTDIR)$(ZSH_COMPLETION_DIR)/_clavier" "$(DESTDIR)$(FISH_COMPLETION_DIR)/clavier.fish"
	rm -rf "$(DESTDIR)$(PREFIX)/share/clavier"

package-deps:
	@tools/install-deps package

# dpkg-buildpackage with debhelper, from packaging/debian/ (copied to debian/ for the build:
# an upstream tree keeps its Debian files out of the way of a distribution's own debian/).
# The .debs, clavier's -dbgsym, .buildinfo and .changes go to dist/.
deb: package-deps check-lazy-libs
	rm -rf debian && cp -R packaging/debian debian
	@mkdir -p dist
	dpkg-buildpackage --build=binary --no-sign \
		--buildinfo-option=-udist --buildinfo-file=dist/clavier_$(VERSION)_$(ARCH).buildinfo \
		--changes-option=-udist --changes-file=dist/clavier_$(VERSION)_$(ARCH).changes
	rm -rf debian
	@for deb in $(DEB) $(LANG_DEBS); do echo "$$deb: $$(du -h $$deb | cut -f1)"; done

# The packages as a user gets them: lintian, then the binary and its data from the extracted .debs.
check-deb: deb
	tools/check-deb $(VERSION) $(DEB) $(LANG_DEBS)

clean:
	rm -rf .build dist debian Sources/CWayland/generated
