# Docent: `make site` builds the site from content/, `make test` runs every test.
# Both install what they need first (Debian packages via apt-get when run as root).

SWIFT ?= swift
DOCENT_RELEASE := .build/release/docent
APT_PACKAGES := libcmark-dev pkg-config libfaketime bubblewrap util-linux chromium chromium-driver python3 python3-venv
# Flags for `swift test`; CI can add e.g. --parallel.
TEST_FLAGS ?=

.PHONY: site test setup tools build bench fuzz clean help browser-test

help:
	@echo "make site   set up, build docent (release) and build site/ from content/"
	@echo "make test   set up and run the whole test suite"
	@echo "make bench  benchmark docent against a per-block runner, the compile floor, Hugo and cmark; write BENCHMARKS.md"
	@echo "make fuzz   fuzz the Markdown, front matter and snippet readers for longer than make test does"
	@echo "make clean  remove build products and site/"

## Installs the system packages Docent needs, or says exactly how to.
setup:
	@command -v $(SWIFT) >/dev/null 2>&1 || { echo "error: the Swift toolchain is not on PATH (https://swift.org/install)"; exit 1; }
	@scripts/need-packages.sh Docent $(APT_PACKAGES)

build: setup
	$(SWIFT) build -c release --product docent

## Pagefind (the search index) and selenium (the browser test), in .build/tools.
tools: setup
	scripts/tools.sh

site: build tools
	PAGEFIND=$(CURDIR)/.build/tools/bin/pagefind $(DOCENT_RELEASE) build --content content --templates templates --output site

test: setup
	$(SWIFT) build --build-tests
	SWIFT=$(SWIFT) scripts/swift-test.sh $(TEST_FLAGS)
	SWIFT=$(SWIFT) scripts/sandbox-tests-unprivileged.sh
	$(MAKE) browser-test

## The theme in headless Chromium: the fixture site at phone and desktop widths (Tests/Browser/).
browser-test: setup
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
	DOCENT_FUZZ_ITERATIONS=$${DOCENT_FUZZ_ITERATIONS:-200000} DOCENT_FUZZ_SEED=$${DOCENT_FUZZ_SEED:-$$(date +%s)} \
	  $(SWIFT) test --skip-build --filter FuzzTests

clean:
	rm -rf .build site
