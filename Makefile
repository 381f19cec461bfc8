# The two commands of the README, and their parts.
#   make demo   set up, build, and replay the bundled recording into an ADF results file
#   make test   set up, build, and run the whole test suite
#   make bench-adf [N=1000000]   ADF write/read throughput against libxml2 (a benchmark, not a test)

SWIFT ?= swift
OUT ?= out
EXAMPLE ?= Fixtures/recordings/real/Wacom-Cintiq-22HDT-Pen.events
N ?= 1000000

.PHONY: setup build demo test bench-adf clean

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

bench-adf: setup
	bash Benchmarks/adf.sh $(N)

clean:
	rm -rf .build $(OUT)
