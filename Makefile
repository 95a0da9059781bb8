# Two commands do all the set-up on a fresh machine: `make run` and `make test`.
PY      := .venv/bin/python
PIP     := .venv/bin/pip
STAMP   := .venv/.installed
DEVSTAMP:= .venv/.installed-dev

.PHONY: run test lint contracts check-contracts docs bench clean

.venv:
	python3 -m venv .venv

$(STAMP): pyproject.toml | .venv
	$(PIP) install -q --upgrade pip
	$(PIP) install -q -e .
	touch $@

$(DEVSTAMP): pyproject.toml | .venv
	$(PIP) install -q --upgrade pip
	$(PIP) install -q -e '.[dev]'
	touch $(STAMP) $@

## Serve the API on 127.0.0.1:8000 with embedded defaults (in-process cache, no Redis needed).
run: $(STAMP)
	.venv/bin/fight-rules serve

## Everything CI runs: lint, contract drift, unit, API, contract (schemathesis), Redis integration and browser
## tests. Installs (as root, never with sudo, only when missing) Debian's chromium and, when no Redis answers on
## 6379, redis-server; a private Redis it starts is stopped when the tests end.
test: $(DEVSTAMP)
	.venv/bin/ruff check service tests bench scripts
	$(PY) scripts/ensure_chromium.py
	$(PY) scripts/ensure_redis.py $(PY) -m pytest

lint: $(DEVSTAMP)
	.venv/bin/ruff check service tests bench scripts
	.venv/bin/ruff format --check service tests bench scripts

## Regenerate the committed contracts and docs from the code.
contracts: $(STAMP)
	.venv/bin/fight-rules openapi > openapi/openapi.json
	.venv/bin/fight-rules graphql-schema > schema/schema.graphql
	$(PY) -m service.rules.fight2e.codes_doc > docs/validation-codes.md

docs: contracts

bench: $(DEVSTAMP)
	$(PY) bench/run.py

clean:
	rm -rf .venv .pytest_cache .ruff_cache .hypothesis .redis-test
