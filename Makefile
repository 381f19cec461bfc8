# The two commands of the README, and their parts.
#   make demo   set up, build, and replay the bundled recording into an ADF results file
#   make test   set up, build, and run the whole test suite

SWIFT ?= swift
OUT ?= out
EXAMPLE ?= Fixtures/recordings/real/Wacom-Cintiq-22HDT-Pen.events

.PHONY: setup build demo test clean

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

clean:
	rm -rf .build $(OUT)
