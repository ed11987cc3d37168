# Two commands do all the set-up on a fresh machine:
#   make lab   - create .venv, install the package and notebook tools, open the first tutorial
#   make test  - create .venv, install everything the tests need (Chromium too), run every check
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
FIRST_NOTEBOOK := $(firstword $(wildcard notebooks/01-*.ipynb) notebooks)

.PHONY: lab test bench lint typecheck js js-test pytest chromium clean

$(STAMP): pyproject.toml js/package.json
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

# The front-end bundle (pip's editable install builds it once; this keeps it current).
js: $(STAMP)
	cd js && npm install --no-audit --no-fund --silent && npm run --silent build

chromium:
	@scripts/ensure-chromium.sh

# JupyterLab refuses to run as root unless told; containers and CI machines often are root.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root)

lab: $(STAMP) js
	$(BIN)/jupyter lab $(ROOT_FLAG) $(FIRST_NOTEBOOK)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy

js-test: js
	cd js && npm test --silent

pytest: $(STAMP) js chromium
	$(BIN)/python -m pytest

test: lint typecheck js-test pytest

# The benchmarks add python-chess, the engine's reference (the bench extra); the tests never need it.
BENCH_STAMP := $(VENV)/.installed-bench
$(BENCH_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	touch $@

bench: $(BENCH_STAMP)
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) js/node_modules kingscorner_widget/static .pytest_cache .mypy_cache .ruff_cache
