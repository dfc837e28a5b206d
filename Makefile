# The two commands a newcomer needs:  make lab  (open the notebooks)  and  make test.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
# Re-install only when the package description changes.
LAB_STAMP  := $(VENV)/.lab-installed
TEST_STAMP := $(VENV)/.test-installed
SITE_STAMP := $(VENV)/.site-installed
# JupyterLab refuses to run as root (containers, CI) unless told it may.
LAB_ARGS   ?= $(if $(filter 0,$(shell id -u)),--allow-root)

comma := ,
# $(call apt_get,HAVE,PACKAGE,FOR,IF_FAILED,IF_NOT_ROOT): unless the shell test HAVE succeeds, install
# Debian's PACKAGE with apt-get when we are root (saying IF_FAILED if that fails), otherwise say IF_NOT_ROOT.
define apt_get
@if ! $(1); then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "Installing Debian's $(2) $(3)..."; \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(2) >/dev/null) \
	      || echo "could not install $(2): $(4)"; \
	  else \
	    echo "$(strip $(5))"; \
	  fi; \
	fi
endef

.PHONY: class lab test test-fast install pins notebooks student test-teacher benchmarks benchmarks-page check-results printables browser-deps site site-deps compiled clean

# The venv gets uv (pinned in constraints.txt), which installs the packages in seconds where pip takes
# a minute; without it (uv not installable, or failing) pip installs the same pins. uv compiles the
# bytecode at install, as pip does: otherwise the test workers and their kernels would each compile the
# same modules on first import (a fresh clone's make test: 6 min 09 s against 6 min 30 s and 6 min 46 s).
$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet -c constraints.txt uv || $(PY) -m pip install --quiet --upgrade pip

# $(call pip_install,ARGS): install with the pinned versions of constraints.txt (the same pins Binder uses).
UV := $(VENV)/bin/uv
define pip_install
@if [ -x $(UV) ] && $(UV) pip install --python $(PY) --quiet --compile-bytecode -c constraints.txt $(1); then :; else \
	  [ ! -x $(UV) ] || echo "uv could not install $(1): trying pip"; \
	  $(PY) -m pip install --quiet -c constraints.txt $(1); \
	fi
endef

$(LAB_STAMP): pyproject.toml constraints.txt | $(PY)
	$(call pip_install,-e ".[lab]")
	touch $@

$(TEST_STAMP): pyproject.toml constraints.txt | $(PY)
	$(call pip_install,-e ".[lab$(comma)test$(comma)dask$(comma)site$(comma)class]")
	touch $@ $(LAB_STAMP) $(SITE_STAMP)

$(SITE_STAMP): pyproject.toml constraints.txt | $(PY)
	$(call pip_install,-e ".[lab$(comma)site]")
	touch $@

## make install: the package with JupyterLab (the `lab` extra), pinned. The engines, solvers and
## `comrade-solve` alone need no JupyterLab: pip install .   (or pip install ".[dask]")
install: $(LAB_STAMP)

## make pins: after adding a dependency to pyproject.toml (one line), refresh constraints.txt and
## binder/requirements.txt (keeps the other pins); make pins UPGRADE=1 resolves every version afresh.
## tests/test_packaging_pins.py fails while the three files disagree.
pins: | $(PY)
	$(PY) -m pip install --quiet packaging
	$(PY) tools/pins.py $(if $(UPGRADE),--upgrade)

CLASS_STAMP := $(VENV)/.class-installed
$(CLASS_STAMP): pyproject.toml constraints.txt | $(PY)
	$(call pip_install,-e ".[lab$(comma)class]")
	touch $@

## make class: the class server on this machine for the room's network (classroom/server/): it prints
## the address with a QR code, the join code for the board and the teacher's page; every table and
## action is kept in class.db (CLASS_DB=monday.db for another file), so a restart resumes. Ctrl-C stops it.
CLASS_DB ?= class.db
class: $(CLASS_STAMP)
	$(VENV)/bin/class-server --db $(CLASS_DB)

## make lab: create .venv, install the package and open JupyterLab on the student notebooks
## (student/00_index.ipynb; teacher/ and notebooks/ are one click away in the file browser).
## It keeps running until you stop it: Ctrl+C twice in this terminal, or File > Shut Down.
## lab-settings/overrides.json switches off the "get notified about news?" pop-up.
lab: $(LAB_STAMP)
	$(VENV)/bin/jupyter lab --notebook-dir=. --ServerApp.default_url=/lab/tree/student/00_index.ipynb \
	    --LabApp.app_settings_dir=$(CURDIR)/lab-settings $(LAB_ARGS)

## make test-fast: ruff (pyproject.toml [tool.ruff]), then the fast tier, for every edit (one process): the engines' tests,
## the parsers, the game contract, the golden playthroughs (tests/playthroughs/) and the engines'
## doctests. tests/conftest.py decides from what a test file imports, so a new engine test is in it.
test-fast: $(TEST_STAMP)
	$(VENV)/bin/ruff check --quiet .
	$(PY) -m pytest -n 0 --tier fast $(HYPOTHESIS_ARGS) tests --doctest-modules cardgames

## make test: library tests, the docstring examples, every source notebook under nbval, the browser
## tests, and the site tests (tests/site/: make site once, then the book and the JupyterLite edition
## in Chromium); tests/test_classroom.py runs each student version with the teacher's answers and
## checks that teacher/ is otter's build of notebooks/ (cells and outputs), so the teacher versions
## are not run a third time here (make test-teacher runs them alone).
## (widget docstrings are exercised by tests/test_*_widget*.py instead: outside a kernel
## ipywidgets' clear_output prints terminal codes that doctest would compare)
## One worker process more than the machine has cores (pytest-xdist; 3 on 2 cores): the browser and
## site suites spend part of their time waiting on Chromium and JupyterLab, which the extra worker
## fills (on 2 cores: 5 min 06 s against 6 min 07 s with 2 workers, 5 min 48 s with 4). Each file is on
## one worker (--dist loadfile: a notebook's cells share one kernel, a browser test file one JupyterLab);
## tests/conftest.py keeps files that share a test helper on one worker and hands out the long files
## first. TEST_WORKERS=0: one process.
## Under CI (CI=true) the property tests (hypothesis) replay one fixed seed, so a CI run is reproducible;
## on a developer's machine they explore new examples every run.
TEST_WORKERS ?= $(shell echo $$(( $$(nproc 2>/dev/null || echo 2) + 1 )))
HYPOTHESIS_ARGS ?= $(if $(CI),--hypothesis-seed=0)
test: $(TEST_STAMP) browser-deps site-deps
	$(PY) -m pytest -n $(TEST_WORKERS) --dist loadfile $(HYPOTHESIS_ARGS) --nbval-lax --nbval-current-env tests notebooks \
	    --doctest-modules cardgames solvers classroom --ignore-glob='*/widgets/*' \
	    --ignore=classroom/table.py --ignore=classroom/coach.py

## Chromium for the browser tests: installed with apt-get when missing and we are root;
## otherwise the browser tests skip and say what to install.
browser-deps:
	$(call apt_get,[ -x /usr/bin/chromium ],chromium,for the browser tests,the browser tests will skip,\
	  chromium not found at /usr/bin/chromium: the browser tests will skip (apt-get install chromium))
	@# A Japanese font, so the screenshots in build/screenshots show the Japanese terms (optional).
	@if command -v fc-list >/dev/null && [ -z "$$(fc-list :lang=ja)" ] \
	    && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-ipafont-gothic >/dev/null 2>&1 \
	    || echo "no Japanese font installed: screenshots show boxes for Japanese terms"; \
	fi

## make site: the course as two static web sites (tools/build_site.py), each a book (index.html;
## Jupyter Book 1, searchable) and the notebooks running in the browser (lite/: JupyterLite, Python as
## WebAssembly):  build/site/student/  the student versions only (no teacher cell, answer, lesson plan,
## answer sheet or coach; checked by tools/teacher_leaks.py): copy it to the school's public web server;
## build/site/teacher/  everything, the coach on: host it privately (docs/publishing.md says how).
## Needs npm (the Pyodide core and MathJax, pinned in package-lock.json) and, the first time, PyPI for
## the wheels the browser loads (kept in build/site-cache/ and shared by the two sites).
site: $(SITE_STAMP) site-deps
	$(PY) tools/build_site.py

## npm for make site and the site tests: installed with apt-get when missing and we are root.
site-deps:
	$(call apt_get,command -v npm >/dev/null,npm,for make site,make site fails and the site tests skip,\
	  npm not found: make site needs it$(comma) the site tests skip (apt-get install npm))

## make notebooks: re-execute every notebook in place (outputs are committed), then regenerate
## the student and teacher versions from them
notebooks: $(TEST_STAMP)
	$(VENV)/bin/jupyter nbconvert --to notebook --execute --inplace notebooks/*.ipynb
	$(PY) tools/build_classroom.py

## make student: write the student and teacher notebooks (student/, teacher/) from notebooks/
## with otter-grader (otter assign); tests/test_classroom.py keeps them in step
student: $(LAB_STAMP)
	$(PY) tools/build_classroom.py

## make test-teacher: only the teacher versions under nbval (make test runs them too)
test-teacher: $(TEST_STAMP)
	$(PY) -m pytest -n $(TEST_WORKERS) --dist loadfile --nbval-lax --nbval-current-env teacher

## make printables: classroom PDFs (Kille deck, ordinary-deck table, Comrade bid cards, mini-deal
## sheets + teacher page, rules summaries) in build/printables
printables: $(LAB_STAMP)
	$(PY) -m classroom.printables build/printables

## make benchmarks: run every benchmark script (the timings print; the studies with --out store results)
benchmarks: $(LAB_STAMP)
	for b in benchmarks/bench_*.py; do $(PY) $$b || exit 1; done

## make benchmarks-page: write docs/benchmarks.md from benchmarks/results/*.json (tools/benchmarks_page.py);
## tests/test_stored_results.py fails while the page and a fresh generation differ
benchmarks-page: $(LAB_STAMP)
	$(PY) tools/benchmarks_page.py

## make check-results: which stored results were made by older code (their code hashes against today's);
## not part of make test: replaying a study is a deliberate step (docs/contributing.md)
check-results: $(LAB_STAMP)
	$(PY) tools/check_results.py

## make compiled: OPTIONAL, not part of make test or the install: compile the Comrade play search
## (solvers/comrade/search.py and what it calls per position) and the players' card, inference and search
## (solvers/comrade_players/{convention,inference,cardsearch}.py) with mypyc into extension modules beside the sources
## (needs a C compiler and Python's headers). The package then runs them, with the same verdicts, node counts
## and actions, unless CARDGAMES_PURE_PYTHON=1; editing a source switches back to Python until the next
## make compiled. make compiled CLEAN=1 removes them (benchmarks/bench_comrade_compiled.py compares the two).
compiled: $(TEST_STAMP)
	$(PY) tools/build_compiled.py $(if $(CLEAN),--clean)

clean:
	$(PYTHON) tools/build_compiled.py --clean
	rm -rf $(VENV) build .pytest_cache
