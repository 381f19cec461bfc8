# The two commands of the README, and their parts.
#   make demo   set up, build, and replay the bundled recording into an ADF results file
#   make test   set up, build, and run the whole test suite
#   make bench  the benchmarks against their baselines (about 15 min); writes BENCHMARKS.md
#   make bench-smoke  the same harness at a tiny size (seconds once built; asserts nothing about speed)
#   make bench-adf [N=1000000]   ADF write/read throughput against libxml2 (a benchmark, not a test)
#   make bench-proctor [N=1000000]   the proctors' ns per pen sample (a benchmark, not a test)
#   make test-vm  the real-kernel tests in a QEMU virtual machine (tests/vm/run.sh)
#   make limits   very large inputs (10^8 events, 2 GB files, 10 MB lines, huge mazes and ADF files):
#                 outcome, peak memory and time of each (scripts/limits.sh; about an hour, 10 GB of /tmp)

SWIFT ?= swift
OUT ?= out
EXAMPLE ?= Fixtures/recordings/real/Wacom-Cintiq-22HDT-Pen.events
N ?= 1000000

.PHONY: setup build demo test test-vm install-udev-rules bench bench-smoke bench-adf bench-proctor limits clean

setup:
	@bash scripts/setup.sh

build: setup
	$(SWIFT) build -c release --product styluskit

demo: build
	@mkdir -p $(OUT)
	$(SWIFT) run -c release --skip-build styluskit replay $(EXAMPLE) --test clock --out $(OUT) --force

test: setup
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

bench: setup
	bash Benchmarks/bench.sh

bench-smoke: setup
	BENCH_MINUTES=0.05 RUNS=1 ADF_N=1000 STARTUP_RUNS=2 BENCH_OUT=$${TMPDIR:-/tmp}/BENCHMARKS-smoke.md bash Benchmarks/bench.sh

bench-adf: setup
	bash Benchmarks/adf.sh $(N)

bench-proctor: setup
	$(SWIFT) build -c release --product proctor-bench
	$(SWIFT) run -c release --skip-build proctor-bench $(N)

limits: setup
	bash scripts/limits.sh

# Real-kernel tests: boots a stock Debian kernel in QEMU and drives uinput tablets (tests/vm/run.sh).
test-vm: setup
	$(SWIFT) build --product styluskit
	bash tests/vm/run.sh

# Gives the seat user access to pen tablets (and only those) through udev's uaccess tag.
UDEV_RULES_DIR ?= /etc/udev/rules.d
install-udev-rules:
	install -D -m 0644 udev-rules/70-styluskit-tablets.rules $(UDEV_RULES_DIR)/70-styluskit-tablets.rules
	udevadm control --reload-rules
	udevadm trigger --subsystem-match=input --action=change

clean:
	rm -rf .build $(OUT)
