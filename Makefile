# Builds and installs intentd like a Linux program (README.md, "Install"):
#
#   make install PREFIX=/usr/local          # or PREFIX=$HOME/.local, DESTDIR=... for packages
#   make uninstall PREFIX=/usr/local
#
# Installs bin/intentd; the demo apps' phrase files in share/intentd/phrases (found beside
# the binary's prefix); bash, zsh and fish completions; the intentd(1) man page; and the
# systemd user units of docs/ in lib/systemd/user. CONFIGURATION=debug installs a debug build.

PREFIX ?= /usr/local
DESTDIR ?=
CONFIGURATION ?= release
SWIFT ?= swift

root := $(DESTDIR)$(PREFIX)
bin_dir := $(root)/bin
data_dir := $(root)/share/intentd
phrases_dir := $(data_dir)/phrases
man_dir := $(root)/share/man/man1
bash_dir := $(root)/share/bash-completion/completions
zsh_dir := $(root)/share/zsh/site-functions
fish_dir := $(root)/share/fish/vendor_completions.d
unit_dir := $(root)/lib/systemd/user

.PHONY: build install uninstall

build:
	$(SWIFT) build -c $(CONFIGURATION) --product intentd
	$(SWIFT) build -c $(CONFIGURATION) --product generate-manual

install: build
	@set -e; \
	built="$$($(SWIFT) build -c $(CONFIGURATION) --show-bin-path)"; \
	install -d "$(bin_dir)" "$(phrases_dir)" "$(man_dir)" "$(bash_dir)" "$(zsh_dir)" "$(fish_dir)" "$(unit_dir)"; \
	install -m 755 "$$built/intentd" "$(bin_dir)/intentd"; \
	tar -C Phrases --exclude=generators -cf - . | tar -C "$(phrases_dir)" -xf -; \
	"$$built/intentd" --generate-completion-script bash > "$(bash_dir)/intentd"; \
	"$$built/intentd" --generate-completion-script zsh > "$(zsh_dir)/_intentd"; \
	"$$built/intentd" --generate-completion-script fish > "$(fish_dir)/intentd.fish"; \
	manual="$$(mktemp -d)"; \
	"$$built/generate-manual" "$$built/intentd" --output-directory "$$manual"; \
	install -m 644 "$$manual/intentd.1" "$(man_dir)/intentd.1"; \
	rm -rf "$$manual"; \
	sed -e 's|^ExecStart=.*|ExecStart=$(PREFIX)/bin/intentd serve|' -e 's|file://%h/src/intentd/docs/daemon.md|man:intentd(1)|' \
		docs/intentd.service > "$(unit_dir)/intentd.service"; \
	sed -e 's|file://%h/src/intentd/docs/daemon.md|man:intentd(1)|' docs/intentd.socket > "$(unit_dir)/intentd.socket"; \
	echo "installed intentd in $(root)"

uninstall:
	rm -f "$(bin_dir)/intentd" "$(man_dir)/intentd.1" "$(bash_dir)/intentd" "$(zsh_dir)/_intentd" "$(fish_dir)/intentd.fish" \
		"$(unit_dir)/intentd.service" "$(unit_dir)/intentd.socket"
	rm -rf "$(data_dir)"
