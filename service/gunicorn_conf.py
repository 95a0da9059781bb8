"""gunicorn settings: uvicorn workers, count and bind from FIGHT_RULES_* settings."""

import gc
import os
import shutil
import tempfile

from service.settings import get_settings

_settings = get_settings()

# Every worker keeps its own Prometheus counters; a shared directory lets /metrics on any worker report the sum.
# It must be set before the workers import prometheus_client, hence here in the master.
# A directory made here is removed when the master exits; one given in the environment is left alone.
_OWN_METRICS_DIR = None
if not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
    _OWN_METRICS_DIR = os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="fight-rules-metrics-")


def on_exit(server: object) -> None:
    if _OWN_METRICS_DIR:
        shutil.rmtree(_OWN_METRICS_DIR, ignore_errors=True)


def child_exit(server: object, worker: object) -> None:
    # As prometheus-client prescribes: drops the dead worker's live-gauge files. Its counter and histogram files
    # stay on purpose (totals must not go down), so each worker lifetime leaves two files until the pod restarts.
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)  # type: ignore[attr-defined]


# uvicorn with our limits: head size and count, request read timeout, concurrency, trusted proxies, and a shutdown
# that drains instead of cutting connections (service/serving.py).
worker_class = "service.serving.FightRulesWorker"
workers = _settings.workers
bind = f"{_settings.host}:{_settings.port}"
loglevel = _settings.log_level
# The service logs one access line per request itself, with its request id (service.access, text or JSON);
# with no access log here, uvicorn skips its own access logging as well.
accesslog = None
errorlog = "-"
graceful_timeout = 20
timeout = 30
keepalive = 5
# Recycle workers now and then (FIGHT_RULES_MAX_REQUESTS); each worker draws its own extra 0..jitter, half the
# period by default, so two workers rarely come due together. A recycle drains (service/serving.py), and each one
# leaves two Prometheus files behind (see child_exit).
max_requests = _settings.max_requests
max_requests_jitter = _settings.max_requests_jitter
forwarded_allow_ips = _settings.trusted_proxies  # gunicorn's own default trusts 127.0.0.1; the worker uses ours
# The app (catalogues, schemas, GraphQL) is built once in the master and every worker forks from it: a worker
# replacing a recycled one, or the new workers of a SIGHUP reload, answer within a fraction of a second instead of
# the ~3 s an import takes, so the old ones can go at once without a stall; the pages stay shared between
# workers. Connections, the event loop and the Redis pool are made in each worker when it starts (lifespan).
# SIGHUP therefore reloads this configuration, not the code: a new image is a rolling update.
preload_app = True


def when_ready(server: object) -> None:
    # What the master built stays out of the collector's full passes in every worker (their pages stay shared).
    gc.collect()
    gc.freeze()


# gunicorn >= 25.1 opens a control socket at $HOME/.gunicorn/gunicorn.ctl by default. Nothing here uses it; a
# second instance on the same host would unlink the first one's socket, and on a read-only root filesystem
# (the Kubernetes manifests) it only logs a warning. Older gunicorns ignore this unknown name.
control_socket_disable = True
