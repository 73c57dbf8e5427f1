# dicebox: every target sets itself up (a .venv with the pinned tools).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
BOARD ?= rpi_pico
PORT ?= auto
# where the code goes: auto (rom if the board has a ROMFS partition, else files), rom, files, frozen
LAYOUT ?= auto

.PHONY: sim test bench docs soak deploy repl clean

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --disable-pip-version-check -e '.[dev]'
	@touch $(STAMP)

sim: $(STAMP)
	$(BIN)/dicebox-sim

test: $(STAMP)
	PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/python -m pytest tests

# The hardening tests at full size (make test runs the same tests scaled down):
# power cuts, bad data, button storms (>= 100,000 presses), long sessions.
soak: $(STAMP)
	DICEBOX_SOAK=1 PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/python -m pytest -m soak tests

bench: $(STAMP)
	PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/python -m host_sim.bench

clean:
	rm -rf $(VENV) build .pytest_cache

# Every picture in docs/ comes from a script run on the simulator.
docs: $(STAMP)
	@for s in docs/scripts/*.txt; do \
	  $(BIN)/dicebox-sim script $$s --out docs/img --seed 651462486 --gif $$(basename $$s .txt) >/dev/null || exit 1; \
	done
	@echo "docs/img regenerated from docs/scripts"

deploy: $(STAMP)
	PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/python -m host_sim.deploy --board $(BOARD) --port $(PORT) --layout $(LAYOUT)

repl: $(STAMP)
	$(BIN)/mpremote connect $(PORT) repl
