# Two commands are all the set-up: `make run` (what playing needs) and `make test` (everything).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
PLAY   := $(VENV)/.installed-play

.PHONY: run test lint docs slow bench clean

$(PLAY): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip==25.3
	$(BIN)/pip install --quiet -e .
	touch $(PLAY)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip==25.3
	$(BIN)/pip install --quiet -e '.[dev,rl,research,reference,docs]'
	touch $(STAMP) $(PLAY)

run: $(PLAY)
	$(BIN)/pusher play

lint: $(STAMP)
	$(BIN)/ruff check pusher_sim rummy pushover tests benchmarks docs/extensions checks
	$(BIN)/ruff format --check pusher_sim rummy pushover tests benchmarks docs/extensions checks
	$(BIN)/mypy
	$(BIN)/mypy --strict docs/extensions checks
	$(BIN)/lint-imports

# The site: docs/*.md and the API reference from the docstrings (mkdocs.yml). Strict, so a
# broken link or a docstring naming a missing object fails the build. Never --quiet: MkDocs 1.6
# then raises its logger to ERROR, the warnings are never logged, strict mode counts none and
# the build passes (tests/test_docs_gate.py plants a break).
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict
	@echo "docs: open site/index.html"

test: lint docs
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/pytest -n 2

slow: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/pytest -m slow

bench: $(STAMP)
	$(BIN)/pusher bench

# The docs' speed table, docs/speeds.md: every benchmark whose figures the docs quote, run
# briefly, its output written with the commit and date (niced: it shares the machine). Any other
# speed in the docs carries the commit and date it was measured on (checks/speed_figures.py).
.PHONY: speeds
speeds: $(STAMP)
	nice -n 10 env PYTHONPATH=. $(BIN)/python benchmarks/speed_table.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache site
