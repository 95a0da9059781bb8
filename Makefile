# Two commands do all the set-up on a fresh machine: `make run` and `make test`.
PY      := .venv/bin/python
PIP     := .venv/bin/pip
STAMP   := .venv/.installed
DEVSTAMP:= .venv/.installed-dev
TSDIR   := clients/typescript
NODESTAMP:= $(TSDIR)/node_modules/.installed
# Branch coverage of the combat core in `make test`: a terminal summary, and JSON + XML reports under build/.
COVREPORTS:= build/coverage
COVERAGE:= --cov=service/rules/fight2e/combat --cov-branch --cov-report=term:skip-covered \
	--cov-report=json:$(COVREPORTS)/combat.json --cov-report=xml:$(COVREPORTS)/combat.xml

# pytest over every core (pytest-xdist); worksteal hands a worker that runs dry the queued tests of a busy one,
# so the slow files (the contract fuzz) do not pile up on one worker. PYTEST_WORKERS=1 … for a different count.
PYTEST_WORKERS ?= auto
XDIST   := -n $(PYTEST_WORKERS) --dist worksteal
# The property tests' budget (tests/conftest.py): `make test` is the gate and runs the ci profile, `make check`
# the quick dev one; FIGHT_RULES_HYPOTHESIS_PROFILE=nightly make test for a long hunt.
PROFILE  = FIGHT_RULES_HYPOTHESIS_PROFILE=$${FIGHT_RULES_HYPOTHESIS_PROFILE:-$(1)}

VERSION := $(shell python3 -c "import tomllib; print(tomllib.load(open('pyproject.toml', 'rb'))['project']['version'])")

.PHONY: run test check lint contracts check-contracts docs bench clean lock image

.venv:
	python3 -m venv .venv

# The `cli` extra too: the README's `fight-rules simulate --plot` examples need it.
$(STAMP): pyproject.toml | .venv
	$(PIP) install -q --upgrade pip
	$(PIP) install -q -e '.[cli]'
	touch $@

$(DEVSTAMP): pyproject.toml | .venv
	$(PIP) install -q --upgrade pip
	$(PIP) install -q -e '.[dev]'
	touch $(STAMP) $@

$(NODESTAMP): $(TSDIR)/package.json $(TSDIR)/package-lock.json
	npm ci --prefix $(TSDIR) --no-audit --no-fund --loglevel=error
	touch $@

## Serve the API on 127.0.0.1:8000 with embedded defaults (in-process cache, no Redis needed).
run: $(STAMP)
	.venv/bin/fight-rules serve

## Everything CI runs (the full gate; the README gives its time): lint, contract drift, unit, API, contract
## (schemathesis), Redis integration and browser tests. Installs (as root, never with sudo, only when missing)
## Debian's chromium and, when no Redis answers on 6379, redis-server; a private Redis it starts is stopped when
## the tests end.
test: $(DEVSTAMP) $(NODESTAMP)
	.venv/bin/ruff check service tests bench scripts
	.venv/bin/ruff format --check service tests bench scripts
	.venv/bin/lint-imports --no-cache
	.venv/bin/mypy
	$(PY) scripts/ensure_chromium.py
	mkdir -p $(COVREPORTS)
	$(call PROFILE,ci) $(PY) scripts/ensure_redis.py $(PY) -m pytest $(XDIST) $(COVERAGE)
	$(PY) scripts/combat_entry_branches.py $(COVREPORTS)/combat.json

## The quick tier while working (about 3 minutes here): lint, format, import contracts, types, and the unit and
## API tests under the dev budget; no contract, browser or integration tests (`make test` runs those).
check: $(DEVSTAMP)
	.venv/bin/ruff check service tests bench scripts
	.venv/bin/ruff format --check service tests bench scripts
	.venv/bin/lint-imports --no-cache
	.venv/bin/mypy
	$(call PROFILE,dev) $(PY) -m pytest $(XDIST) tests/unit tests/api

lint: $(DEVSTAMP)
	.venv/bin/ruff check service tests bench scripts
	.venv/bin/lint-imports --no-cache
	.venv/bin/ruff format --check service tests bench scripts
	.venv/bin/mypy

## Regenerate the committed contracts and docs from the code.
contracts: $(STAMP) $(NODESTAMP)
	.venv/bin/fight-rules openapi > openapi/openapi.json
	$(TSDIR)/node_modules/.bin/openapi-typescript openapi/openapi.json -o $(TSDIR)/src/schema.d.ts --silent
	.venv/bin/fight-rules graphql-schema > schema/schema.graphql
	.venv/bin/fight-rules validation-codes > docs/validation-codes.md
	grep -q '"version": "$(VERSION)"' $(TSDIR)/package.json || npm version $(VERSION) --prefix $(TSDIR) --no-git-tag-version >/dev/null
	npm run --prefix $(TSDIR) --silent build:page

docs: contracts

## Re-lock the runtime dependencies (requirements.txt, with hashes) that the Dockerfile installs.
lock: $(DEVSTAMP)
	.venv/bin/uv pip compile pyproject.toml --generate-hashes --python-version 3.11 --python-platform linux \
		-o requirements.txt -q --custom-compile-command "make lock"

## The production image, tagged with the package version (the same one OpenAPI and the manifests state).
image:
	docker build --build-arg VERSION=$(VERSION) -t fight-rules:$(VERSION) .

bench: $(DEVSTAMP)
	$(PY) bench/run.py

clean:
	rm -rf .venv .pytest_cache .ruff_cache .hypothesis .redis-test $(TSDIR)/node_modules build/coverage
