# dicebox: every target sets itself up (a .venv with the pinned tools).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
BOARD ?= rpi_pico
PORT ?= auto
# where the code goes: auto (rom if the board has a ROMFS partition, else files), rom, files, frozen
LAYOUT ?= auto

# make emu: the .uf2 you flash onto the Pico (MicroPython for RPI_PICO); empty, the pinned
# build LAYOUT names, from the cache, ../shared/firmware or one download (host_sim/emu/firmware.py)
MP_FW ?=
EMU_ARGS ?=

.PHONY: sim test bench docs wiring case soak deploy repl clean emu web test-web web-shot

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --disable-pip-version-check -e '.[dev]'
	@touch $(STAMP)

sim: $(STAMP)
	$(BIN)/dicebox-sim

# tests/browser (the page in headless Chromium) is make test-web's: said here, never counted
test: $(STAMP)
	@echo "make test: not run here: tests/browser, the box's page in headless Chromium: make test-web runs it$$(command -v chromium >/dev/null || echo ' (it needs Chromium: apt-get install -y chromium)')"
	PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/python -m pytest tests --ignore=tests/browser

# The box in a browser: builds the site in build/web/ (MicroPython's WebAssembly port from
# npm, cached in build/npm/; the firmware's modules) and serves it on localhost.
WEB_PORT ?= 8049
web: $(STAMP)
	$(BIN)/python -m host_sim.web --port $(WEB_PORT)

# The page in a real headless Chromium (Debian/Ubuntu: apt-get install -y chromium), driven
# by Playwright for Python (the `web` extra) with that browser: frames, reload, offline, figures.
WEBSTAMP := $(VENV)/.web
$(WEBSTAMP): $(STAMP)
	$(BIN)/python -m pip install -q --disable-pip-version-check -e '.[dev,web]'
	@touch $(WEBSTAMP)

test-web: $(WEBSTAMP)
	@command -v chromium >/dev/null || { echo "make test-web: Chromium is missing (Debian/Ubuntu: apt-get install -y chromium)"; exit 1; }
	PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/python -m pytest tests/browser -p no:cacheprovider

# The README's picture of the page on a phone-sized screen, drawn by the browser test
web-shot: $(WEBSTAMP)
	DICEBOX_WEB_SHOT="$(CURDIR)/docs/img/web-phone.png" $(MAKE) test-web

# The hardening tests at full size (make test runs the same tests scaled down):
# power cuts, bad data, button storms (>= 100,000 presses), long sessions.
# On a terminal each test is named as it starts and counted (n/N) as it ends;
# piped, pytest's usual dots. SOAK_TESTS narrows it to some files.
SOAK_TESTS ?= tests
soak: $(STAMP)
	@if [ -t 1 ]; then shown="-v -o console_output_style=count"; else shown=""; fi; \
	echo "DICEBOX_SOAK=1 pytest -m soak $$shown $(SOAK_TESTS)"; \
	DICEBOX_SOAK=1 PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/python -m pytest -m soak $$shown $(SOAK_TESTS)

# The firmware on the real target: MicroPython's rp2 port in an emulated RP2040,
# the flash laid out as make deploy lays it, every frame checked against the simulator.
emu: $(STAMP)
	PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/python -m host_sim.emu --fw "$(MP_FW)" --board $(BOARD) --layout $(LAYOUT) $(EMU_ARGS)

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

# The wiring picture, drawn from the board file (schemdraw; the `hardware` extra).
HWSTAMP := $(VENV)/.hardware
$(HWSTAMP): $(STAMP)
	$(BIN)/python -m pip install -q --disable-pip-version-check -e '.[dev,hardware]'
	@touch $(HWSTAMP)

wiring: $(HWSTAMP)
	$(BIN)/python hardware/wiring.py boards/rpi_pico.json docs/img/wiring.png

# The printable case: STL of the tray and the face for PANEL, BATTERY and
# BUTTON_PITCH into build/case/, and the two previews in docs/img. OpenSCAD
# comes from the distribution (Debian/Ubuntu: apt-get install -y openscad xvfb);
# without a display its PNG export runs under xvfb-run.
PANEL ?= 0.96
BATTERY ?= 3xAA
BUTTON_PITCH ?= 12.7
CASE_OUT := build/case/dicebox-$(PANEL)-$(BATTERY)-$(BUTTON_PITCH)
CASE_VIEW := --imgsize=1000,720 --camera=0,0,0,55,0,210,260 --autocenter --viewall --colorscheme=Tomorrow
SCAD = $(if $(DISPLAY),,xvfb-run -a) openscad -D 'panel="$(PANEL)"' -D 'battery="$(BATTERY)"' -D button_pitch=$(BUTTON_PITCH)

case:
	@command -v openscad >/dev/null || { echo "make case: OpenSCAD is missing (Debian/Ubuntu: apt-get install -y openscad xvfb)"; exit 1; }
	@test -n "$(DISPLAY)" || command -v xvfb-run >/dev/null || { echo "make case: no display and no xvfb-run for the PNG (Debian/Ubuntu: apt-get install -y xvfb)"; exit 1; }
	@mkdir -p build/case
	$(SCAD) -D 'part="base"' -o $(CASE_OUT)-base.stl hardware/case.scad
	$(SCAD) -D 'part="lid"' -o $(CASE_OUT)-lid.stl hardware/case.scad
	$(SCAD) -o $(CASE_OUT)-preview.png $(CASE_VIEW) hardware/case.scad
	$(if $(DISPLAY),,xvfb-run -a) openscad -o docs/img/case.png $(CASE_VIEW) hardware/case.scad
	$(if $(DISPLAY),,xvfb-run -a) openscad -D 'panel="1.3"' -o docs/img/case-1.3.png $(CASE_VIEW) hardware/case.scad
	@echo "$(CASE_OUT)-base.stl and -lid.stl: print both; docs/img/case*.png redrawn"
