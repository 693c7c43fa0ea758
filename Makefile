# Two commands for a newcomer on Debian with Swift installed:
#   make demo   install what is missing, build and run the demo
#   make test   install what is missing, then run every test (this is what CI runs: lint, release
#               build, docs with their coverage gate, unit, headless and end-to-end tests in tmux)
#   make check  the fast tier while working: install what is missing, build, then the unit and
#               headless tests only (no end-to-end tests in tmux, no docs, no release build)
#   make bench  the benchmarks (Benchmarks/, release): per frame, p50/p99 time and mallocs (not part of test)
#   make bench-peers  shoji-demo beside a thin C ncursesw program, one table (scripts/bench-peers.sh)
#   make docs   build the DocC documentation of Shoji and ShojiTesting as a static site in
#               .build/docs-site (make test builds it too); make docs-serve serves it on localhost;
#               the same pages as plain HTML that open from disk: .build/docs-offline/index.html
#               (make docs-check checks them: relative links, text in every page, w3m by file://)
#   make readme-picture  regenerate docs/demo.gif (the README's picture) from a run of the release demo
#   make format rewrite the Swift sources with swift-format (.swift-format); make lint checks them (make test does too)

SWIFT ?= swift
APT_PACKAGES := libtermkey-dev libncursesw5-dev tmux pkg-config openssh-client
DOCS_APT_PACKAGES := w3m
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps docs-deps demo test check build release bench bench-peers readme-picture docs docs-serve docs-check docs-coverage format lint clean

# Installs only what is missing, so a warm machine pays nothing; apt-get update runs only then.
define install_missing
	@missing=""; \
	for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi
endef

deps:
	$(call install_missing,$(APT_PACKAGES))

# w3m: the text browser that scripts/docs-offline-check.py opens the offline docs with (file://).
docs-deps:
	$(call install_missing,$(DOCS_APT_PACKAGES))

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product shoji-demo
	$(SWIFT) build -c release --product shoji-demo-ssh

demo: release
	./.build/release/shoji-demo

# The release build of the demo is part of the test: `make demo` uses it, and some compiler
# failures happen only with optimisation (see DECISIONS.md, Demo).
# The test build must not warn about flags SwiftPM drops (ncursesw's pkg-config flags once did:
# the shim defines what it needs instead); on a fresh clone every target compiles, so CI sees it.
# Screen snapshots (ShojiSnapshotTesting on swift-snapshot-testing): a reference missing from the
# tree fails its test in every mode. make test (CI's command), and make check when CI is set,
# record nothing (`never`), so a retry cannot pass on a file the failed run wrote itself; make
# check otherwise writes the missing one for review (`missing`, the library's default).
# SNAPSHOT_TESTING_RECORD=all make check records every snapshot again: review with git diff.
SNAPSHOT_RECORD = $(or $(SNAPSHOT_TESTING_RECORD),$(if $(CI),never,missing))

test: deps docs-deps lint
	$(SWIFT) build -c release --product shoji-demo
	@$(SWIFT) build --build-tests > .build/test-build.log 2>&1; status=$$?; cat .build/test-build.log; \
	  if [ $$status -ne 0 ]; then exit $$status; fi; \
	  if grep -q "prohibited flag" .build/test-build.log; then echo "error: the build warns about prohibited flags"; exit 1; fi
	@$(DOCC) --experimental-documentation-coverage > .build/docs.log 2>&1; status=$$?; cat .build/docs.log; if [ $$status -ne 0 ]; then exit $$status; fi; \
	  if grep -E '^(Types|Members|Globals) +[|] +[0-9.]+%' .build/docs.log | grep -vE '^[A-Za-z]+ +[|] +100% '; then \
	    echo "error: a public symbol has no doc comment (the Abstract column above; make docs-coverage)"; exit 1; fi
	$(DOCS_OFFLINE_WRITE)
	$(DOCS_OFFLINE_CHECK)
	@# Two runs (DECISIONS.md D252): in one process, Pilot's task hooks put the end-to-end tests'
	@# jobs on the main actor, where long headless tests kept them past their time limits.
	SNAPSHOT_TESTING_RECORD=never $(SWIFT) test --skip-build --skip '^EndToEndTests\.'
	SNAPSHOT_TESTING_RECORD=never $(SWIFT) test --skip-build --filter '^EndToEndTests\.'

# The fast tier: every test target but EndToEndTests (the real binaries in tmux), on the debug
# build. The regular expression is matched against `Target.Suite/test`, so only that target goes.
check: deps
	$(SWIFT) build --build-tests
	SNAPSHOT_TESTING_RECORD=$(SNAPSHOT_RECORD) $(SWIFT) test --skip-build --skip '^EndToEndTests\.'

# DocC, through swift-docc-plugin. Warnings are errors, so a broken symbol link fails `make test`,
# and so does a public symbol without a doc comment (the coverage report's Abstract column).
# Compiler-synthesised members (Equatable's !=, Hashable's hashValue) are left out, and members
# a type inherits (OptionSet's insert, …) show the documentation they come with.
# The output is a static site, DOCS_SITE: both modules in one archive (the plugin's combined
# documentation, under a landing page listing them), transformed for static hosting (DocC's
# default, said here so that a change of default cannot break the site). make test builds the
# same site, so the site CI checks is the one people open (merging the two archives costs
# about a second of CPU).
# DocC's site is a JavaScript app that loads each page's JSON with fetch() from absolute paths
# (/js, /data): browsers do not run it from file://, so it needs a web server at its root
# (make docs-serve). Hosted elsewhere under a path, add --hosting-base-path <path>.
# So make docs also writes DOCS_OFFLINE: the same pages as plain HTML, made from the site's JSON
# by scripts/docs-offline.py (relative links, no script), opened from disk at
# $(DOCS_OFFLINE)/index.html. DocC's own --experimental-transform-for-static-hosting-with-content
# crashes on Linux (DECISIONS.md, Documentation). scripts/docs-offline-check.py checks it
# (make docs-check; make test too): every page there with its text, every link relative and
# resolving, pages opened with w3m by file:// URL.
DOCS_SITE = .build/docs-site
DOCS_OFFLINE = .build/docs-offline
DOCS_OFFLINE_WRITE = python3 scripts/docs-offline.py $(DOCS_SITE) $(DOCS_OFFLINE)
DOCS_OFFLINE_CHECK = python3 scripts/docs-offline-check.py $(DOCS_SITE) $(DOCS_OFFLINE)
DOCS_PORT ?= 8000
DOCC_TARGETS = --target Shoji --target ShojiTesting
DOCC_FLAGS = --experimental-skip-synthesized-symbols --enable-inherited-docs --warnings-as-errors \
  --enable-experimental-combined-documentation --transform-for-static-hosting --output-path $(DOCS_SITE)
DOCC = $(SWIFT) package --allow-writing-to-directory $(DOCS_SITE) generate-documentation $(DOCC_TARGETS) $(DOCC_FLAGS)

docs: deps
	$(DOCC)
	$(DOCS_OFFLINE_WRITE)
	@echo "The site is in $(DOCS_SITE); make docs-serve serves it at http://localhost:$(DOCS_PORT)/documentation/"
	@echo "Offline (opens from disk, no server): $(DOCS_OFFLINE)/index.html"

docs-check: docs-deps docs
	$(DOCS_OFFLINE_CHECK)

# python3's static file server on the site, on localhost only; Ctrl-C stops it.
docs-serve: docs
	@echo "Serving $(DOCS_SITE) at http://localhost:$(DOCS_PORT)/documentation/ (Ctrl-C stops)"
	python3 -m http.server $(DOCS_PORT) --bind 127.0.0.1 --directory $(DOCS_SITE)

# The share of public symbols with documentation (the "Abstract" column), per module.
docs-coverage: deps
	$(DOCC) --experimental-documentation-coverage

# package-benchmark in a package of its own (Benchmarks/, Shoji by path), so `make test` never
# builds it. Swift 6.3 counts mallocs with package-benchmark's interposer: no jemalloc needed.
# BENCH_FLAGS passes options on, e.g. BENCH_FLAGS='--filter tiles' or '--format markdown'.
# The one-off memory figure: swift run -c release --package-path Benchmarks shoji-bench stack-memory 1000 2
# Typing and wrapping figures: ... shoji-bench text-typing | paste-typing | field-typing | long-word
bench: deps
	cd Benchmarks && $(SWIFT) package --disable-sandbox benchmark --no-progress $(BENCH_FLAGS)

# The README's picture: the release demo run in a pseudo-terminal with scripted keys, replayed
# through pyte and drawn with Pillow (both installed in a venv under .build on first use).
readme-picture: release
	python3 scripts/readme-picture.py

# swift-format ships with the toolchain; the style is `.swift-format` (4 spaces, 120 columns).
# The generated DefaultMenu.swift is left as its script writes it.
FORMAT_FILES = $(shell git ls-files '*.swift' | grep -v 'Sources/ShojiDemoKit/Menu/DefaultMenu.swift')

format:
	@$(SWIFT) format format --in-place --parallel $(FORMAT_FILES)

# DECISIONS.md's entry numbers, its index and every reference to it (scripts/decisions.py).
lint:
	@$(SWIFT) format lint --strict --parallel $(FORMAT_FILES)
	@python3 scripts/decisions.py

bench-peers: deps
	scripts/bench-peers.sh

clean:
	rm -rf .build
