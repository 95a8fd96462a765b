# Docent: `make site` builds the site from content/, `make test` runs every test.
# Both install what they need first (Debian packages via apt-get when run as root).

SWIFT ?= swift
# debug or release: what `make build` and `make install` build (`make install CONFIGURATION=debug` tries the install
# without the 7-minute release build).
CONFIGURATION ?= release
DOCENT_RELEASE := .build/$(CONFIGURATION)/docent
# Where `make install` puts docent: $(DESTDIR)$(PREFIX)/bin/docent.
PREFIX ?= /usr/local
# What building and running docent needs (cmark, the sandbox and setpriv, libfaketime), and the Python tools beside
# it (Pagefind's wheel for the search index, actionlint's for make test). The browser test's packages are apart:
# `make site` and `make install` never install a browser.
APT_PACKAGES := libcmark-dev pkg-config libfaketime bubblewrap util-linux
APT_PYTHON_PACKAGES := python3 python3-venv
APT_BROWSER_PACKAGES := chromium chromium-driver
# Flags for `swift test`; CI can add e.g. --parallel.
TEST_FLAGS ?=

.PHONY: site test check setup tools build install bench fuzz clean help browser-test check-action

help:
	@echo "make site   set up, build docent (release) and build site/ from content/"
	@echo "make test   set up and run the whole test suite"
	@echo "make check  the tests that need no Swift compiler at run time (under two minutes once built)"
	@echo "make install  build docent (release) and install it in \$$(PREFIX)/bin (PREFIX=$(PREFIX))"
	@echo "make bench  benchmark docent against a per-block runner, the compile floor, Hugo and cmark; write BENCHMARKS.md"
	@echo "make fuzz   fuzz the Markdown, front matter and snippet readers for longer than make test does"
	@echo "make clean  remove build products and site/"

## Installs the system packages Docent needs, or says exactly how to.
setup:
	@command -v $(SWIFT) >/dev/null 2>&1 || { echo "error: the Swift toolchain is not on PATH (https://swift.org/install)"; exit 1; }
	@scripts/need-packages.sh Docent $(APT_PACKAGES)

build: setup
	$(SWIFT) build -c $(CONFIGURATION) --product docent

## docent is one executable: the theme and the playground runtime's sources are inside it; at run time it needs the
## Swift toolchain (swiftc, and its runtime libraries, found through the toolchain's path), and finds bwrap, setpriv
## and libfaketime where Debian installs them.
install: build
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 755 $(DOCENT_RELEASE) "$(DESTDIR)$(PREFIX)/bin/docent"
	@echo "Installed $(DESTDIR)$(PREFIX)/bin/docent: $$("$(DESTDIR)$(PREFIX)/bin/docent" --version)"

## Pagefind (the search index) and selenium (the browser test), in .build/tools.
tools: setup
	@scripts/need-packages.sh "Docent's Python tools" $(APT_PYTHON_PACKAGES)
	scripts/tools.sh

site: build tools
	PAGEFIND=$(CURDIR)/.build/tools/bin/pagefind $(DOCENT_RELEASE) build --content content --templates templates --output site

test: setup
	$(SWIFT) build --build-tests
	SWIFT=$(SWIFT) scripts/swift-test.sh $(TEST_FLAGS)
	SWIFT=$(SWIFT) scripts/sandbox-tests-unprivileged.sh
	$(MAKE) check-action
	$(MAKE) browser-test

## For contributors: every test not tagged .compiler (scripts/tagged-tests.sh finds those), without the browser.
check: setup
	$(SWIFT) build --build-tests
	skip=$$(SWIFT=$(SWIFT) scripts/tagged-tests.sh compiler) && \
	  SWIFT=$(SWIFT) scripts/swift-test.sh --skip-build --skip "$$skip" $(TEST_FLAGS)

## action.yml through actionlint and a check of the composite action's keys (scripts/check-action.sh).
check-action:
	@scripts/need-packages.sh "make check-action" $(APT_PYTHON_PACKAGES)
	scripts/check-action.sh

## The theme in headless Chromium: the fixture site at phone and desktop widths (Tests/Browser/).
browser-test: setup
	@scripts/need-packages.sh "the browser test" $(APT_BROWSER_PACKAGES) $(APT_PYTHON_PACKAGES)
	Tests/Browser/run.sh

## Benchmarks (scripts/bench/): docent against a per-block runner, the compile-and-run floor, Hugo and cmark;
## writes BENCHMARKS.md. Takes about 25 minutes on 2 cores. Installs hyperfine, hugo, cmark and GNU time (as root).
bench: build
	@scripts/need-packages.sh "make bench" hyperfine hugo cmark time bc
	scripts/bench/run.sh $(DOCENT_RELEASE)
	scripts/bench-loop.sh $(DOCENT_RELEASE)

## The bounded fuzz run is part of `make test`; this one runs 200 times longer, with a new seed each time.
fuzz: setup
	$(SWIFT) build --build-tests
	suites=$$(SWIFT=$(SWIFT) scripts/tagged-tests.sh fuzz) && \
	  DOCENT_FUZZ_ITERATIONS=$${DOCENT_FUZZ_ITERATIONS:-200000} DOCENT_FUZZ_SEED=$${DOCENT_FUZZ_SEED:-$$(date +%s)} \
	  $(SWIFT) test --skip-build --filter "$$suites"

clean:
	rm -rf .build site
