# syntax=docker/dockerfile:1
# Production image of the Fight Rules Service: gunicorn master + uvicorn workers, non-root, no build tools.
#
#   make image                 # = docker build --build-arg VERSION=<pyproject version> -t fight-rules:<version> .
#   docker run --rm -p 8000:8000 fight-rules                                  # in-process cache only
#   docker run --rm -p 8000:8000 -e FIGHT_RULES_REDIS_URL=redis://host:6379/0 fight-rules
#
# Both stages must use the same base image: the venv's python is a symlink to the base image's interpreter.
ARG PYTHON_IMAGE=python:3.11-slim
# The package version (pyproject.toml); `make image` passes it and tags the image with it. The build fails when
# it is not the version of the package being installed.
ARG VERSION=unset

# ---------------------------------------------------------------------------------------------------------------
FROM ${PYTHON_IMAGE} AS builder

ENV PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_NO_CACHE_DIR=1 \
    VIRTUAL_ENV=/opt/venv \
    PATH=/opt/venv/bin:$PATH

RUN python -m venv /opt/venv

WORKDIR /src

# Dependencies first, exactly as locked (requirements.txt: every package pinned with its hashes, `make lock`), so
# that two builds of one commit install the same bytes and editing the code does not reinstall them.
COPY requirements.txt ./
RUN pip install --require-hashes --no-deps -r requirements.txt

# Then the package itself, as a wheel (package-data brings service/rules/fight2e/data/*.yaml along).
COPY pyproject.toml ./
COPY service ./service
RUN pip wheel --no-deps --wheel-dir /tmp/wheels . \
    && pip install --no-deps /tmp/wheels/*.whl
ARG VERSION
RUN installed="$(python -c 'import importlib.metadata as m; print(m.version("fight-rules"))')" \
    && if [ "$VERSION" != unset ] && [ "$VERSION" != "$installed" ]; then \
        echo "image version $VERSION is not the package's $installed" >&2; exit 1; fi

# Fail the build, not the first deploy, if the installed package cannot build its app (e.g. catalogue data
# missing from the wheel). Run from / so that only the installed copy can be imported, never /src.
RUN cd / && fight-rules openapi > /dev/null

# ---------------------------------------------------------------------------------------------------------------
FROM ${PYTHON_IMAGE} AS runtime
ARG VERSION
LABEL org.opencontainers.image.title="fight-rules" \
      org.opencontainers.image.version="${VERSION}"

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    VIRTUAL_ENV=/opt/venv \
    PATH=/opt/venv/bin:$PATH \
    FIGHT_RULES_HOST=0.0.0.0 \
    FIGHT_RULES_PORT=8000

RUN groupadd --system --gid 10001 app \
    && useradd --system --uid 10001 --gid app --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin app

COPY --from=builder /opt/venv /opt/venv

# An empty working directory: `python -m gunicorn` puts the cwd on sys.path, so keep nothing importable there.
WORKDIR /app

# Numeric uid:gid so that Kubernetes can verify runAsNonRoot without a passwd lookup.
USER 10001:10001

EXPOSE 8000

# Slim images have no curl; the interpreter is enough (proxy settings bypassed). Liveness only, like /healthz.
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
    CMD ["python", "-c", "import os, sys, urllib.request as u; url = 'http://127.0.0.1:%s/healthz' % os.environ.get('FIGHT_RULES_PORT', '8000'); sys.exit(0 if u.build_opener(u.ProxyHandler({})).open(url, timeout=2).status == 200 else 1)"]

# `serve` execs gunicorn, so gunicorn's master becomes PID 1 and receives SIGTERM directly from `docker stop`.
ENTRYPOINT ["fight-rules"]
CMD ["serve"]
