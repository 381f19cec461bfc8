# The two commands of the README, and their parts.
#   make demo   set up, build, and replay the bundled recording into an ADF results file
#   make test   set up, build, and run the whole test suite (after make lint)
#   make lint   the house rules a compiler does not check: scripts/check-imports.py, and
#               swift format lint --strict with the committed .swift-format
#   make bench  the benchmarks against their baselines (about 15 min); writes BENCHMARKS.md
#   make bench-smoke  the same harness at a tiny size (seconds once built; asserts nothing about speed)
#   make bench-adf [N=1000000]   ADF write/read throughput against libxml2 (a benchmark, not a test)
#   make bench-proctor [N=1000000]   the proctors' ns per pen sample (a benchmark, not a test)
#   make test-vm  the real-kernel tests in a QEMU virtual machine (integration/vm/run.sh)
#   make test-spark  the Spark job (integrations/spark) on a standalone cluster of two workers on
#                 127.0.0.1 and on local[2], every row compared with styluskit features (SPARK_SESSIONS=210)
#   make limits   very large inputs (10^8 events, 2 GB files, 10 MB lines, huge mazes and ADF files):
#                 outcome, peak memory and time of each (scripts/limits.sh; about an hour, 10 GB of /tmp)
#   make fuzz TARGET=evemu MINUTES=10   one parser under libFuzzer + AddressSanitizer (ROBUSTNESS.md)
#   make test-asan   the whole test suite under AddressSanitizer (its own build in .build-asan)
#   make test-tsan   the concurrency paths' tests under ThreadSanitizer (its own build in .build-tsan)

SWIFT ?= swift
OUT ?= out
EXAMPLE ?= Fixtures/recordings/real/Wacom-Cintiq-22HDT-Pen.events
N ?= 1000000
TARGET ?= evemu
MINUTES ?= 10

.PHONY: setup build demo test lint test-asan test-tsan fuzz test-vm test-spark install-udev-rules bench bench-smoke bench-adf bench-proctor limits clean

setup:
	@bash scripts/setup.sh

build: setup
	$(SWIFT) build -c release --product styluskit

demo: build
	@mkdir -p $(OUT)
	$(SWIFT) run -c release --skip-build styluskit replay $(EXAMPLE) --test clock --out $(OUT) --force

test: setup lint
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# House rules a compiler does not check: Package.swift's dependencies are the import graph, and the
# code is formatted as .swift-format says (`swift format format -i -r Sources Tests Benchmarks Fuzz`
# fixes what it finds).
lint:
	$(SWIFT) package dump-package | python3 scripts/check-imports.py
	$(SWIFT) format lint --strict -r Sources Tests Benchmarks Fuzz Package.swift

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

# Fuzzes one parser for MINUTES (TARGET: evemu evemu-desc libinput adf maze battery tablet-profile
# display-profile settings edid journal); crashers land in .fuzz/TARGET-artifacts/.
fuzz: setup
	bash scripts/fuzz.sh $(TARGET) $(MINUTES)

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

# Real-kernel tests: boots a stock Debian kernel in QEMU and drives uinput tablets (integration/vm/run.sh).
test-vm: setup
	$(SWIFT) build --product styluskit
	bash integration/vm/run.sh

# The Spark job on a real Spark cluster on this machine (integrations/spark/test-spark.sh). It uses
# the debug binary, which `make test` has built already: a release build would cost CI minutes of
# compiling to save seconds of measuring. PySpark goes into a venv cached in .build-spark.
test-spark: setup
	$(SWIFT) build --product styluskit
	bash integrations/spark/test-spark.sh

# Gives the seat user access to pen tablets (and only those) through udev's uaccess tag.
UDEV_RULES_DIR ?= /etc/udev/rules.d
install-udev-rules:
	install -D -m 0644 udev-rules/70-styluskit-tablets.rules $(UDEV_RULES_DIR)/70-styluskit-tablets.rules
	udevadm control --reload-rules
	udevadm trigger --subsystem-match=input --action=change

clean:
	rm -rf .build .build-asan .build-tsan .build-fuzz .build-spark .fuzz $(OUT)
