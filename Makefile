# dicebox: every target sets itself up (a .venv with the pinned tools).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
BOARD ?= rpi_pico
PORT ?= auto

.PHONY: sim test bench docs soak deploy repl clean

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --disable-pip-version-check -e '.[dev]'
	@touch $(STAMP)

sim: $(STAMP)
	$(BIN)/dicebox-sim

test: $(STAMP)
	PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/python -m pytest tests

bench: $(STAMP)
	PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/python -m host_sim.bench

clean:
	rm -rf $(VENV) build .pytest_cache

deploy: $(STAMP)
	PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/python -m host_sim.deploy --board $(BOARD) --port $(PORT)

repl: $(STAMP)
	$(BIN)/mpremote connect $(PORT) repl
