# Set-up and everyday commands. Every target installs the virtual environment first if needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The installer, uv, at the version uv.lock gives it (the dev extra holds it, as every package).
UV_VERSION := $(shell sed -n '/^name = "uv"$$/{n;s/^version = "\(.*\)"$$/\1/p;}' uv.lock)
UV := $(BIN)/uv

.PHONY: install lock run test check docs bench speed-figures differential mutation mutation-sample why-mutants fuzz-power fuzz-power-timed clean web matrix

install: $(STAMP)

# A bare environment (venv's own pip and setuptools are not locked), then the locked uv in it,
# installed by the pip of $(PYTHON).
$(UV):
	$(PYTHON) -m venv --without-pip $(VENV)
	$(PYTHON) -m pip --python $(BIN)/python install --quiet uv==$(UV_VERSION)

# The project (editable) and its dev extra at exactly the locked versions, and nothing else (what
# venv put there is removed); fails if uv.lock does not match pyproject.toml (then `make lock`).
$(STAMP): pyproject.toml uv.lock | $(UV)
	UV_PROJECT_ENVIRONMENT=$(VENV) $(UV) sync --locked --extra dev --quiet
	touch $(STAMP)

# uv.lock from pyproject.toml: after a change there, the pins that still fit stay. To move on:
# `make lock UPGRADE=--upgrade` (every package to the newest its bounds allow) or
# `make lock UPGRADE="--upgrade-package lark"` (one).
UPGRADE ?=
lock: $(UV)
	$(UV) lock $(UPGRADE)

run: $(STAMP)
	$(BIN)/oracle -b at/at001.txt

# Every test: on this .venv's Python; under CI=true (as .ci/run runs it) the whole suite on every
# Python the project claims, the matrix below, where a missing Python fails.
test: $(STAMP)
ifeq ($(CI),true)
	$(BIN)/nox --sessions tests
else
	$(BIN)/pytest
endif

check: $(STAMP)
	$(BIN)/mypy
	$(BIN)/black --check --quiet .
	$(BIN)/ruff check --quiet .
	$(BIN)/lint-imports --no-logo --no-cache
	$(BIN)/python -m tools.import_cycles
	$(UV) lock --check --offline --quiet

# The documentation site in docs/_build/html/ (Sphinx, MyST Markdown, furo); warnings are errors.
docs: $(STAMP)
	$(BIN)/sphinx-build -W --keep-going -q -b html docs docs/_build/html

bench: $(STAMP)
	$(BIN)/python -m tools.benchmarks.oracle
	$(BIN)/python -m tools.benchmarks.basic star_lanes
	$(BIN)/python -m tools.benchmarks.basic super_star_trek
	$(BIN)/python -m tools.benchmarks.sandbox
	$(BIN)/python -m tools.benchmarks.grading
	$(BIN)/python -m tools.benchmarks.scaling
	$(BIN)/python -m tools.benchmarks.reports
	$(BIN)/python -m tools.benchmarks.web
	$(MAKE) fuzz-power

# The figures of the speed targets people wait on (issue 60), side by side in one run, as a table:
# the web page's return visit, the oracle's start-up and throughput, -why-json on Python 3.13, and
# `at run` of every game's suite (docs/explanation/speed.md).
speed-figures: $(STAMP)
	$(BIN)/python -m tools.benchmarks.issue_figures

# A BASIC game's clone against PC-BASIC on random games (GAMES of them, one PC-BASIC at a time);
# the first difference is shrunk to the shortest input and kept as a new test in at/GAME.
GAME ?= star_lanes
GAMES ?= 200
differential: $(STAMP)
	nice $(BIN)/at fuzz --game $(GAME) --jobs 1 --budget $(GAMES)

# Mutation testing of the rules and views, one package at a time (PACKAGE=model runs one): per
# package, mutants, killed, survived, timed out and the score; results kept in .mutation/.
PACKAGE ?=
mutation: $(STAMP)
	nice -n 19 $(BIN)/python -m tools.mutation.run $(PACKAGE)

# The harness, too big to mutate whole (some 11,000 mutants): a stratified sample of 200 drawn
# across every module of acceptance/ in proportion to its mutants, seed 0, with the package's
# score estimated and its 95 % interval (docs/explanation/mutation.md). About an hour here.
mutation-sample: $(STAMP)
	nice -n 19 $(BIN)/python -m tools.mutation.run acceptance --sample 200 --stratified --seed 0 --survivors

# The planted-bug figure of `oracle -why` (docs/explanation/provenance.md): a fixed sample of 60 mutants of
# model/'s rules; how often the explanation of the first differing line names the mutated function.
why-mutants: $(STAMP)
	nice $(BIN)/python -m tools.planted.why_mutants --list

# The fuzzer's power (docs/explanation/mutation.md), the default: all 205 planted mutants of model/'s rules,
# in-process, against the public suite and the first 300 scripts of `at fuzz --seed 29`, plain and
# --toward at/, each finding shrunk by at fuzz's shrinker; a count of scripts, not a time, so the
# figure does not depend on the load. Exit 1 on a miss tests/fuzz_misses.txt does not explain.
# About 5 minutes of two workers.
fuzz-power: $(STAMP)
	nice $(BIN)/python -m tools.planted.fuzz_census --list

# The same as a student sees it, slower and load-dependent: a fixed sample of 60 planted mutants,
# each run as a program by `at run` over the public suite and by 30 s of `at fuzz`; exit 1 if at
# fuzz misses one the public suite finds. About 30 to 40 minutes.
fuzz-power-timed: $(STAMP)
	$(BIN)/python -m tools.planted.fuzz_power --list

clean:
	rm -rf $(VENV) .nox build *.egg-info web/dist web/node_modules docs/_build

# The oracle's web page: a static site in web/dist/, Pyodide from npm (package-lock.json).
web: $(STAMP)
	cd web && npm ci --no-audit --no-fund
	$(BIN)/python -m tools.webpage.static_site

# The test matrix (noxfile.py): the whole suite on Python 3.11, 3.12 and 3.13, each installed from
# uv.lock; a Python missing here is skipped (in CI it fails). ARGS go to pytest.
ARGS ?=
matrix: $(STAMP)
	$(BIN)/nox $(if $(ARGS),-- $(ARGS))
