# Two commands do all the set-up on a fresh machine: `make run` and `make test`.
PY      := .venv/bin/python
PIP     := .venv/bin/pip
STAMP   := .venv/.installed
DEVSTAMP:= .venv/.installed-dev
TSDIR   := clients/typescript
NODESTAMP:= $(TSDIR)/node_modules/.installed

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

$(NODESTAMP): $(TSDIR)/package.json $(TSDIR)/package-lock.json
	npm ci --prefix $(TSDIR) --no-audit --no-fund --loglevel=error
	touch $@

## Serve the API on 127.0.0.1:8000 with embedded defaults (in-process cache, no Redis needed).
run: $(STAMP)
	.venv/bin/fight-rules serve

## Everything CI runs: lint, contract drift, unit, API, contract (schemathesis) and Redis integration tests.
test: $(DEVSTAMP) $(NODESTAMP)
	.venv/bin/ruff check service tests bench scripts
	FIGHT_RULES_TEST_REDIS_URL=$$($(PY) scripts/ensure_redis.py) && export FIGHT_RULES_TEST_REDIS_URL && \
		$(PY) -m pytest

lint: $(DEVSTAMP)
	.venv/bin/ruff check service tests bench scripts
	.venv/bin/ruff format --check service tests bench scripts

## Regenerate the committed contracts and docs from the code.
contracts: $(STAMP) $(NODESTAMP)
	.venv/bin/fight-rules openapi > openapi/openapi.json
	$(TSDIR)/node_modules/.bin/openapi-typescript openapi/openapi.json -o $(TSDIR)/src/schema.d.ts --silent
	.venv/bin/fight-rules graphql-schema > schema/schema.graphql
	$(PY) -m service.rules.fight2e.codes_doc > docs/validation-codes.md

docs: contracts

bench: $(DEVSTAMP)
	$(PY) bench/run.py

clean:
	rm -rf .venv .pytest_cache .ruff_cache .hypothesis .redis-test $(TSDIR)/node_modules
