# Two commands do all the set-up on a fresh machine:
#   make lab   - create .venv, install the package and notebook tools, open the first tutorial
#   make test  - create .venv, install everything the tests need (Chromium too), run every check
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
LAB_STAMP := $(VENV)/.lab-installed
FIRST_NOTEBOOK := $(firstword $(wildcard notebooks/01-*.ipynb) notebooks)

.PHONY: lab test bench lint typecheck js js-lint js-test package docs docs-build pytest chromium bubblewrap node-check clean locale locale-extract course

# Node and npm build the table's front end; say so in one line rather than in a pip traceback.
node-check:
	@command -v node >/dev/null && command -v npm >/dev/null || { \
	  echo "kingscorner-widget needs Node.js 20 or newer and npm to build its table: install them (https://nodejs.org), then run make again." >&2; \
	  exit 1; }

# The front end's packages, exactly as the committed lockfile has them (npm ci), again only when
# the lockfile changes.
JS_STAMP := js/node_modules/.installed
$(JS_STAMP): js/package-lock.json js/package.json | node-check
	cd js && npm ci --no-audit --no-fund --silent
	touch $@

# What a learner needs: the package, JupyterLab and Notebook 7. The bundle is built first, from
# the lockfile's packages, so that pip's editable build finds it and runs no npm of its own.
$(LAB_STAMP): pyproject.toml js/package.json $(JS_STAMP) | node-check
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@echo "Setting up $(VENV): the package, JupyterLab and Notebook 7 (a minute or two on a fresh machine)..."
	$(BIN)/python -m pip install --quiet --upgrade pip
	cd js && npm run --silent build
	$(BIN)/python -m pip install --progress-bar on -e '.[lab]'
	touch $@

# What a developer needs on top: the test, lint and packaging tools (pyproject's dependency groups).
$(STAMP): $(LAB_STAMP)
	@echo "Adding the developer tools to $(VENV)..."
	$(BIN)/python -m pip install --progress-bar on --group dev
	touch $@

# The front-end bundle (built once before the editable install; this keeps it current).
js: $(LAB_STAMP) $(JS_STAMP) locale
	cd js && npm run --silent build

bubblewrap:
	@scripts/ensure-bubblewrap.sh

chromium:
	@scripts/ensure-chromium.sh

# JupyterLab refuses to run as root unless told; containers and CI machines often are root.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root)

# The catalogues: each language's words (kingscorner_widget/locale/<code>/LC_MESSAGES/*.po, in git)
# compiled into the .mo gettext reads (git-ignored; the package's build compiles its own, and the
# editable install's build hook once; this keeps them current as the .po files change).
LOCALE_DIR := kingscorner_widget/locale
MO_FILES := $(patsubst %.po,%.mo,$(filter-out %/course.po,$(wildcard $(LOCALE_DIR)/*/LC_MESSAGES/*.po)))
# Babel compiles and extracts (pyproject's locale group); the package needs none to run.
LOCALE_STAMP := $(VENV)/.installed-locale
$(LOCALE_STAMP): $(LAB_STAMP)
	$(BIN)/python -m pip install --quiet --group locale
	touch $@

%.mo: %.po $(LOCALE_STAMP)
	$(BIN)/pybabel compile --statistics -i $< -o $@

locale: $(MO_FILES)

# The tutorials in each language (notebooks/<code>/, git-ignored), built from the English
# notebooks and each language's course.po (kingscorner_widget/course_words.py): only the
# tutorials a language has whole. The wheel and the browser course build their own.
COURSE_PO := $(wildcard $(LOCALE_DIR)/*/LC_MESSAGES/course.po)
COURSE_STAMP := notebooks/.languages-built
$(COURSE_STAMP): $(COURSE_PO) $(wildcard notebooks/*.ipynb) kingscorner_widget/course_words.py $(LOCALE_STAMP)
	$(BIN)/python kingscorner_widget/course_words.py
	touch $@

course: $(COURSE_STAMP)

# Words added or changed in the code: extract them (babel.cfg) into each area's template
# (locale/<area>.pot: play, lessons, review, class, page; and course, the tutorials' prose) and
# merge it into every language's <area>.po, where the new ones wait for their translation
# (tests/test_language.py fails until they have it). scripts/extract_words.py says which files
# each area keeps.
locale-extract: $(LOCALE_STAMP)
	$(BIN)/python scripts/extract_words.py
	$(MAKE) locale

lab: $(LAB_STAMP) js locale course
	$(BIN)/jupyter lab $(ROOT_FLAG) $(FIRST_NOTEBOOK)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy

js-test: js
	cd js && npm test --silent

# The front end's lint (biome's recommended rules) and type check (tsc on the JS, anywidget's types).
js-lint: js
	cd js && npm run --silent lint

# Two workers (PYTEST_WORKERS=0 runs in one process): the browser tests together in one,
# sharing one JupyterLab server, one Chromium and one built course; the other files shared out
# between them (tests/conftest.py groups them).
PYTEST_WORKERS ?= 2
pytest: $(STAMP) js locale course chromium bubblewrap
	$(BIN)/python -m pytest $(if $(filter-out 0,$(PYTEST_WORKERS)),-n $(PYTEST_WORKERS))

# What building and checking a package needs, and no more (not the developer group): the build
# front end, the checks and the build backend (pyproject's package group), in .venv.
PACKAGE_STAMP := $(VENV)/.installed-package
$(PACKAGE_STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet --group package
	touch $@

# The sdist (with the bundle built from the lockfile's packages), a wheel built from it without
# node (both kept in dist/), their metadata checks, and the wheel installed into a fresh venv with
# its declared dependencies, playing a move and running the command line there.
package: $(PACKAGE_STAMP) $(JS_STAMP)
	cd js && npm run --silent build
	scripts/check-package.sh

# The reference site (API from the docstrings, the tutorials rendered), built strictly: a warning
# fails, and none is hidden (no --quiet; tests/test_docs_site.py checks that an injected one fails).
docs-build: $(STAMP)
	$(BIN)/mkdocs build --strict

docs: $(STAMP)
	$(BIN)/mkdocs serve

# What to publish: the reference site with the browser course beside it, in .docs-site/lite/
# (the reference site's "Try it in your browser" link points there). The build copies lite-site/
# in when it is there (scripts/docs_hooks.py); without it the home page names the course with no
# link, so no build of the site links to a page it does not have.
.PHONY: site
site: lite $(STAMP)
	$(BIN)/mkdocs build --strict

test: lint typecheck js-lint js-test package docs-build pytest

# The benchmarks add python-chess, the engine's reference (the bench group); the tests never need it.
# make bench ONLY=engine runs only the benchmarks whose name holds one of the words given.
BENCH_STAMP := $(VENV)/.installed-bench
$(BENCH_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet --group bench
	touch $@

bench: $(BENCH_STAMP)
	$(BIN)/python -m bench $(ONLY)

# The tutorials as a JupyterLite site in lite-site/: copy that folder to any web server and the
# notebooks run in the browser, with nothing to install and no internet. Its own venv, so that the
# site holds only the JupyterLab extensions it needs.
.PHONY: lite
LITE_VENV := .venv-lite
LITE_STAMP := $(LITE_VENV)/.installed
LITE_SOURCES := $(shell find notebooks kingscorner_widget js/src js/package.json pyproject.toml \
	-type f -not -path '*/static/*' -not -path '*/__pycache__/*' -not -path '*/.ipynb_checkpoints/*')

$(LITE_STAMP): pyproject.toml
	test -x $(LITE_VENV)/bin/python || $(PYTHON) -m venv $(LITE_VENV)
	$(LITE_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(LITE_VENV)/bin/python -m pip install --quiet --group lite
	touch $@

# The page is copied with its packaged date; touching it records when the site was built.
lite-site/index.html: $(LITE_STAMP) scripts/build_lite.py $(LITE_SOURCES)
	$(LITE_VENV)/bin/python scripts/build_lite.py --output lite-site
	touch $@

lite: lite-site/index.html

clean:
	rm -rf $(VENV) $(LITE_VENV) lite-site js/node_modules kingscorner_widget/static .pytest_cache .mypy_cache .ruff_cache .docs-site
