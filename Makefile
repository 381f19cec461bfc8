# The two commands of the README, and their parts.
#   make        builds what make install copies, as files under .build/install (the release binary stamped with
#               its commit and build date, its man pages and shell completions); again only what is out of date
#   make demo   set up, build, and replay the bundled recording into an ADF results file
#   make test   set up, build, and run the whole test suite (after make lint)
#   make lint   the house rules a compiler does not check: scripts/check-imports.py, the module graph
#               docs/architecture.svg up to date, swift format lint --strict with the committed .swift-format
#               (swift-format's default rules), lines of at most 120 columns (scripts/check-line-length.py), and
#               the public API's doc comments per module (scripts/doc-coverage.py; Reports and Visits at 80 % or more)
#   make format  reformats every Swift file in place as .swift-format says (what make lint's swift format finds),
#               and wraps the comments over 120 columns
#   make architecture  redraws docs/architecture.dot and .svg from Package.swift and docs/architecture.md's layers
#   make bench  the benchmarks against their baselines (about 15 min); writes BENCHMARKS.md
#   make bench-smoke  the same harness at a tiny size (seconds once built; asserts nothing about speed)
#   make bench-adf [N=1000000]   ADF write/read throughput against libxml2 (a benchmark, not a test)
#   make bench-proctor [N=1000000]   the proctors' ns per pen sample (a benchmark, not a test)
#   make test-vm  the real-kernel tests in a QEMU virtual machine (integration/vm/run.sh)
#   make test-powercut  power cuts in that VM during record and record --visit, then recover and resume
#                 (integration/powercut/run.sh; about an hour under TCG; not in .ci/run)
#   make test-soak [SOAK_MINUTES=15]   a live record in that VM with a uinput pen at 200 Hz: memory and
#                 decision latency each minute (integration/soak/run.sh; the issue's 2 hours is SOAK_MINUTES=120)
#   make test-kill9  kill -9 at 200 seeded random moments across whole visits (--feed, offscreen window), the report,
#                 the exports and score marks, each resumed or rerun and checked (integration/kill9/run.sh; strace)
#   make test-spark  the Spark job (integrations/spark) on a standalone cluster of two workers on
#                 127.0.0.1 and on local[2], every row compared with styluskit features (SPARK_SESSIONS=210)
#   make bench-spark [SPARK_SCALE_FILES=5000]   the Spark job's fixed cost and files/s per executor core on a corpus
#                 in /tmp, against features --jobs 1 (Benchmarks/spark-scale.sh; release build; after make test-spark)
#   make limits   very large inputs (10^8 events, 2 GB files, 10 MB lines, huge mazes and ADF files):
#                 outcome, peak memory and time of each (scripts/limits.sh; about an hour, 10 GB of /tmp)
#   make fuzz TARGET=evemu MINUTES=10   one parser under libFuzzer + AddressSanitizer (ROBUSTNESS.md)
#   make fuzz FUZZ_SECONDS=300          every parser, 300 s each, and a table of executions, coverage, findings
#   make test-asan   the whole test suite under AddressSanitizer (its own build in .build-asan)
#   make test-tsan   the concurrency paths' tests under ThreadSanitizer (its own build in .build-tsan)
#   make install [PREFIX=/usr/local] [DESTDIR=...]   copies what make built (the release binary, its data, docs,
#                 udev rule, man pages and shell completions) where the system looks for them; it compiles nothing,
#                 so `make && sudo make install` runs no compiler as root. make uninstall removes them
#   make deb      a Debian package of the same files (scripts/deb.sh) in .build/deb
#   make test-install   installs that package into a fresh Debian root and runs it (integration/install/run.sh)

SWIFT ?= swift
OUT ?= out
EXAMPLE ?= Fixtures/recordings/real/Wacom-Cintiq-22HDT-Pen.events
N ?= 1000000
TARGET ?= evemu
MINUTES ?= 10

.PHONY: all setup build demo test lint format test-asan test-tsan fuzz test-vm test-powercut test-soak test-attack test-kill9 test-spark bench-spark install-udev-rules bench bench-smoke bench-adf bench-proctor \
	limits clean release man completions install uninstall deb test-install architecture

# `make`: the files make install copies (their rules are under "Installing like a Linux tool" below).
all:

setup:
	@bash scripts/setup.sh

# The one release build: demo, install and deb all use it (a second configuration would compile everything again).
build: setup

demo: build
	@mkdir -p $(OUT)
	$(BUILT_BINARY) replay $(EXAMPLE) --test clock --out $(OUT) --force

test: setup lint
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# House rules a compiler does not check: Package.swift's dependencies are the import graph, and the
# code is formatted as .swift-format says with swift-format's default rules (`make format` fixes what
# the printer finds and most rule findings; the rest are fixed by hand). swift format lint passes a line
# it cannot break (a comment, a string literal), so check-line-length.py holds every line to 120
# columns, string literals' contents excepted. README.md "Style" says why each choice.
SWIFT_FILES = Sources Tests Benchmarks Fuzz Package.swift
# The modules whose public API fell below 80 % documented (issue 29), held there.
DOC_FLOORS = --require Reports=80 --require Scoring=80 --require Visits=80
lint:
	$(SWIFT) package dump-package | python3 scripts/check-imports.py
	$(SWIFT) package dump-package | python3 scripts/architecture-graph.py --check docs/architecture.dot
	@# dot's SVG is byte-stable for one graphviz version (Debian 12's, which setup.sh installs); another
	@# version lays out differently, so there only the .dot source above is compared.
	@if [ "$$(dot -V 2>&1)" = "$(DOT_VERSION)" ]; then \
	    dot -Tsvg docs/architecture.dot | cmp -s - docs/architecture.svg \
	        || { echo "docs/architecture.svg is not dot's drawing of docs/architecture.dot: run make architecture" >&2; exit 1; }; \
	else echo "lint: docs/architecture.svg not compared ($$(dot -V 2>&1 || echo 'no dot'); its drawing is pinned to $(DOT_VERSION))"; fi
	$(SWIFT) format lint --strict -r $(SWIFT_FILES)
	python3 scripts/check-line-length.py $(SWIFT_FILES)
	python3 scripts/doc-coverage.py $(DOC_FLOORS) Sources

# swift-format cannot break a comment, so the comments over 120 columns are then wrapped (each break
# on a new line of its own; reread them); what neither can fix is listed, and fails.
format:
	$(SWIFT) format format -i -r $(SWIFT_FILES)
	python3 scripts/check-line-length.py --wrap-comments $(SWIFT_FILES)

# The module graph of docs/architecture.md, from Package.swift and the layer table there.
DOT_VERSION ?= dot - graphviz version 2.43.0 (0)
architecture:
	$(SWIFT) package dump-package | python3 scripts/architecture-graph.py > docs/architecture.dot
	dot -Tsvg docs/architecture.dot > docs/architecture.svg

# The sanitizer builds have scratch paths of their own, so they do not disturb .build. Swift's
# crash backtracer is off in them: its memory reader trips ASan itself (a dynamic-stack-buffer-
# overflow in CrashHandlerLinux.cpp) and hides the real trap message under the report.
test-asan: setup
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	SWIFT_BACKTRACE=enable=no LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan-suppressions.txt:print_suppressions=0 \
	    $(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan

# The concurrency paths: the live source (LinuxInput), the journal (styluskit), libxml2 readers
# on parallel test threads (ADF), and record/replay driven through the built command (EndToEnd).
TSAN_FILTER ?= LinuxInputTests|StyluskitTests|ADFTests|EndToEndTests
test-tsan: setup
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	SWIFT_BACKTRACE=enable=no $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan --filter '$(TSAN_FILTER)'

# Fuzzes one parser for MINUTES (TARGET: evemu evemu-desc libinput adf maze trail-layout battery tablet-profile
# display-profile settings edid journal journal-recovery protocol ranges manifest scores web-request); without
# TARGET, every parser for FUZZ_SECONDS each (default 300), FUZZ_JOBS at a time, and a table of the runs.
# Crashers land in .fuzz/TARGET-artifacts/. Not part of .ci/run.
FUZZ_SECONDS ?= 300
fuzz: setup
	if [ -n "$(TARGET)" ]; then bash scripts/fuzz.sh $(TARGET) $(MINUTES); \
	else bash scripts/fuzz-all.sh $(FUZZ_SECONDS); fi

bench: setup
	bash Benchmarks/bench.sh

bench-smoke: setup
	BENCH_SPARK=0 BENCH_MINUTES=0.05 RUNS=1 ADF_N=1000 STARTUP_RUNS=2 BENCH_OUT=$${TMPDIR:-/tmp}/BENCHMARKS-smoke.md bash Benchmarks/bench.sh

bench-adf: setup
	bash Benchmarks/adf.sh $(N)

bench-proctor: setup
	$(SWIFT) build -c release --product proctor-bench
	$(SWIFT) run -c release --skip-build proctor-bench $(N)

limits: setup
	bash scripts/limits.sh

# The results browser under attack on the loopback, with a 30 s wrk run (integration/attack/run.sh, ROBUSTNESS.md).
test-attack: setup
	bash integration/attack/run.sh

# Kill -9 anywhere in a visit (issue 34 item 8; ROBUSTNESS.md): KILLS=N SEED=S.
KILLS ?= 200
SEED ?= 1
test-kill9: setup
	bash integration/kill9/run.sh --kills $(KILLS) --seed $(SEED)

# Real-kernel tests: boots a stock Debian kernel in QEMU and drives uinput tablets (integration/vm/run.sh).
test-vm: setup
	$(SWIFT) build --product styluskit
	bash integration/vm/run.sh

# Power cuts in the same VM, the results on an ext4 image of their own (integration/powercut/run.sh, ROBUSTNESS.md).
test-powercut: setup
	$(SWIFT) build --product styluskit
	bash integration/powercut/run.sh

# A soak in the same VM: record at 200 Hz for SOAK_MINUTES (integration/soak/run.sh, ROBUSTNESS.md).
test-soak: setup
	$(SWIFT) build --product styluskit
	bash integration/soak/run.sh

# The Spark job on a real Spark cluster on this machine (integrations/spark/test-spark.sh). It uses
# the debug binary, which `make test` has built already: a release build would cost CI minutes of
# compiling to save seconds of measuring. PySpark goes into a venv cached in .build-spark.
test-spark: setup
	$(SWIFT) build --product styluskit
	bash integrations/spark/test-spark.sh

# The Spark job at scale (issue 32): a corpus of SPARK_SCALE_FILES results files under /tmp, standalone 1 and 2
# workers and local[2], each run's fixed cost apart from its files/s per executor core, against features --jobs 1.
# A benchmark, not a test (not in .ci/run); it uses the PySpark venv make test-spark makes.
bench-spark: setup
	$(SWIFT) build -c release --product styluskit
	STYLUSKIT=.build/release/styluskit bash Benchmarks/spark-scale.sh

# Gives the group styluskit read access to pen tablets (and only those), and makes the group; add the people who
# record to it (sudo adduser NAME styluskit). Read is all capture and --grab need (the udev rule says why).
UDEV_RULES_DIR ?= /etc/udev/rules.d
install-udev-rules:
	getent group styluskit >/dev/null || groupadd --system styluskit
	install -D -m 0644 udev-rules/70-styluskit-tablets.rules $(UDEV_RULES_DIR)/70-styluskit-tablets.rules
	udevadm control --reload-rules
	udevadm trigger --subsystem-match=input --action=change

# Installing like a Linux tool. The binary finds its data (Calibration/, and the recordings, mazes
# and settings the messages point to) in $(PREFIX)/share/styluskit, the place
# CalibrationLookup.installedProjectDirectory looks beside the executable, so the in-tree build and
# an install use the same lookup. udev reads $(PREFIX)/lib/udev/rules.d for /usr and /usr/local;
# bash-completion, zsh and fish read the completion folders below under both prefixes (Debian's zsh
# reads /usr/share/zsh/vendor-completions, which make deb passes as ZSH_COMPLETION_DIR).
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share/styluskit
MANDIR ?= $(PREFIX)/share/man
UDEV_DIR ?= $(PREFIX)/lib/udev/rules.d
BASH_COMPLETION_DIR ?= $(PREFIX)/share/bash-completion/completions
ZSH_COMPLETION_DIR ?= $(PREFIX)/share/zsh/site-functions
FISH_COMPLETION_DIR ?= $(PREFIX)/share/fish/vendor_completions.d
# Built files (the stamped binary, man pages, completions) and the package land here.
GENERATED ?= .build/install
DEB_DIR ?= .build/deb
DOCDIR ?= $(PREFIX)/share/doc/styluskit
# The help text does not depend on the build configuration; debug reuses the build `make test` made
# (the plugin builds every product of the package, benchmarks and fuzzers included, before it runs).
MAN_CONFIGURATION ?= debug
# The data files an installed binary reads: the shipped profiles, and the files the messages and
# defaults name by their path in the checkout (synth's default --like recording, the demo recording,
# the mazes, the settings listing), kept at the same relative paths under $(DATADIR).
DATA_FILES = $(wildcard Calibration/README.md Calibration/tablets/*.yaml Calibration/displays/*.yaml) \
	Fixtures/recordings/real/Wacom-Cintiq-13HD-touch-Pen.events Fixtures/recordings/real/Wacom-Cintiq-22HDT-Pen.events \
	Fixtures/recordings/real/LICENSE Fixtures/recordings/real/README.md \
	$(wildcard Fixtures/mazes/*) $(wildcard Fixtures/trails/*) $(wildcard Fixtures/protocols/*) Fixtures/settings/README.md Fixtures/settings/default.yaml
# The pages the help texts point to (DocumentationPages: docs/PAGE in a checkout, $(DOCDIR)/PAGE installed),
# kept at their paths under docs/.
DOC_FILES = docs/visit.md docs/report.md docs/measures.md docs/settings.md docs/scoring.md docs/serve.md docs/bench.md $(wildcard docs/trails-*.md docs/adf-*.md) \
	$(wildcard docs/json/*.md)

# What the styluskit binary is built from: a change to any of these makes `make` build it again.
BUILD_INPUTS := Package.swift Package.resolved $(shell find Sources -type f 2>/dev/null)
# The reflog of HEAD grows with every commit, checkout and merge, so a new commit restamps the binary
# (git rev-parse prints nothing outside a clone, or under sudo in another user's clone: then no stamp dependency).
GIT_HEAD_LOG := $(wildcard $(shell git rev-parse --git-path logs/HEAD 2>/dev/null))
BUILT_BINARY = $(GENERATED)/bin/styluskit
MAN_PAGES = $(GENERATED)/man/styluskit.1
COMPLETION_FILES = $(GENERATED)/completions/styluskit.bash $(GENERATED)/completions/_styluskit \
	$(GENERATED)/completions/styluskit.fish
# Kept as a name for the scripts and READMEs that build the release binary.
RELEASE_BINARY = $(BUILT_BINARY)
# The Swift runtime and Foundation are linked in, so the binary needs only Debian's libraries; relocations
# are resolved at start and then read-only (full RELRO, as Debian's hardening flags ask).
RELEASE_FLAGS = -c release --static-swift-stdlib -Xlinker -z -Xlinker relro -Xlinker -z -Xlinker now
# sudo make install must only copy: a build there would compile as root, leave root-owned files in
# .build, and may not find swift on sudo's PATH. So a built file that is missing or out of date under
# sudo stops make with what to do instead of building it.
REFUSE_UNDER_SUDO = @if [ -n "$$SUDO_USER" ] && [ "$$SUDO_USER" != root ]; then \
	echo "make: $@ is missing or older than the sources; run make as $$SUDO_USER first, then sudo make install (which only copies)" >&2; \
	exit 1; fi

all: $(BUILT_BINARY) $(MAN_PAGES) $(COMPLETION_FILES)
build release: $(BUILT_BINARY)

# The release binary, copied out of .build/release and stamped with its commit and build date for
# --version (Sources/CBuildStamp): the stamp is written after linking, so the compiler's inputs hold no
# date and a new commit relinks nothing. SOURCE_DATE_EPOCH, when set, is the build date (reproducible builds).
$(BUILT_BINARY): $(BUILD_INPUTS) $(GIT_HEAD_LOG)
	$(REFUSE_UNDER_SUDO)
	$(SWIFT) build $(RELEASE_FLAGS) --product styluskit
	@mkdir -p $(@D)
	cp "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/styluskit" $@.part
	python3 scripts/stamp-build.py $@.part "commit $$(git describe --always --dirty --abbrev=12 2>/dev/null || echo unknown), \
	built $$(date -u -d @$${SOURCE_DATE_EPOCH:-$$(date +%s)} +%Y-%m-%dT%H:%MZ)"
	mv $@.part $@

# One page per command from the help, by swift-argument-parser's GenerateManual plugin: styluskit.1,
# styluskit.replay.1, styluskit.adf.show.1, ... (the generator's names, which its SEE ALSO sections
# use; `man styluskit.replay`). Dated by the last commit, so a rebuild gives the same pages.
man: $(MAN_PAGES)
$(MAN_PAGES): $(BUILD_INPUTS)
	$(REFUSE_UNDER_SUDO)
	$(SWIFT) package plugin generate-manual --configuration $(MAN_CONFIGURATION) --multi-page \
	    --date "$$(git log -1 --format=%cs 2>/dev/null || date -u +%F)" --authors "the StylusKit authors"
	rm -rf $(GENERATED)/man && mkdir -p $(GENERATED)/man
	cp $$(find .build/plugins -path '*GenerateManual*' -name 'styluskit*.1') $(GENERATED)/man/
	bash scripts/tidy-man-pages.sh $(GENERATED)/man
	@ls $(GENERATED)/man/styluskit.1 $(GENERATED)/man/styluskit.replay.1 >/dev/null

# The bash script is registered with -o default as well: where it offers nothing (an option whose
# value is free text, or a path the script leaves to the shell), readline's filename completion still works.
completions: $(COMPLETION_FILES)
$(GENERATED)/completions/styluskit.bash: $(BUILT_BINARY)
	@mkdir -p $(@D)
	@# bash-completion sources the file; it is not run, so it has no #! line.
	$(BUILT_BINARY) --generate-completion-script bash | sed '1{/^#!/d}' \
	    | sed 's/^complete -o filenames -F _styluskit styluskit$$/complete -o default -o filenames -F _styluskit styluskit/' > $@.part
	grep -qx 'complete -o default -o filenames -F _styluskit styluskit' $@.part
	mv $@.part $@
$(GENERATED)/completions/_styluskit: $(BUILT_BINARY)
	@mkdir -p $(@D)
	$(BUILT_BINARY) --generate-completion-script zsh > $@.part && mv $@.part $@
$(GENERATED)/completions/styluskit.fish: $(BUILT_BINARY)
	@mkdir -p $(@D)
	$(BUILT_BINARY) --generate-completion-script fish > $@.part && mv $@.part $@

# Copies only: its prerequisites are the built files, and under sudo a missing or stale one stops make
# (REFUSE_UNDER_SUDO) instead of compiling as root.
install: $(BUILT_BINARY) $(MAN_PAGES) $(COMPLETION_FILES)
	install -D -m 0755 $(BUILT_BINARY) $(DESTDIR)$(BINDIR)/styluskit
	for file in $(DATA_FILES); do install -D -m 0644 "$$file" "$(DESTDIR)$(DATADIR)/$$file" || exit 1; done
	for file in $(DOC_FILES); do install -D -m 0644 "$$file" "$(DESTDIR)$(DOCDIR)/$${file#docs/}" || exit 1; done
	install -D -m 0644 udev-rules/70-styluskit-tablets.rules $(DESTDIR)$(UDEV_DIR)/70-styluskit-tablets.rules
	install -d $(DESTDIR)$(MANDIR)/man1
	install -m 0644 $(GENERATED)/man/*.1 $(DESTDIR)$(MANDIR)/man1/
	install -D -m 0644 $(GENERATED)/completions/styluskit.bash $(DESTDIR)$(BASH_COMPLETION_DIR)/styluskit
	install -D -m 0644 $(GENERATED)/completions/_styluskit $(DESTDIR)$(ZSH_COMPLETION_DIR)/_styluskit
	install -D -m 0644 $(GENERATED)/completions/styluskit.fish $(DESTDIR)$(FISH_COMPLETION_DIR)/styluskit.fish
	@# On the running system (no DESTDIR), udev and man-db pick the new files up now.
	@if [ -z "$(DESTDIR)" ] && command -v udevadm >/dev/null && [ -d /run/udev ]; then udevadm control --reload-rules || true; fi
	@if [ -z "$(DESTDIR)" ] && command -v mandb >/dev/null; then mandb -q $(MANDIR) 2>/dev/null || true; fi

# Removes what install put there (the man pages by the name every generated page has).
uninstall:
	rm -f $(DESTDIR)$(BINDIR)/styluskit
	rm -rf $(DESTDIR)$(DATADIR)
	for file in $(DOC_FILES); do rm -f "$(DESTDIR)$(DOCDIR)/$${file#docs/}"; done
	-rmdir $(DESTDIR)$(DOCDIR)/json $(DESTDIR)$(DOCDIR) 2>/dev/null
	rm -f $(DESTDIR)$(UDEV_DIR)/70-styluskit-tablets.rules
	rm -f $(DESTDIR)$(MANDIR)/man1/styluskit.1 $(DESTDIR)$(MANDIR)/man1/styluskit.*.1
	rm -f $(DESTDIR)$(BASH_COMPLETION_DIR)/styluskit $(DESTDIR)$(ZSH_COMPLETION_DIR)/_styluskit \
	    $(DESTDIR)$(FISH_COMPLETION_DIR)/styluskit.fish

# The package of the files `make` built (deb.sh runs make install into a staging root: no second build).
deb: $(BUILT_BINARY) $(MAN_PAGES) $(COMPLETION_FILES)
	bash scripts/deb.sh $(DEB_DIR)

test-install: deb
	bash integration/install/run.sh $(DEB_DIR)/styluskit_*.deb

clean:
	rm -rf .build .build-asan .build-tsan .build-fuzz .build-spark .fuzz $(OUT)
