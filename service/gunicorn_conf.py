"""gunicorn settings: uvicorn workers, count and bind from FIGHT_RULES_* settings."""

import os
import tempfile

from service.settings import get_settings

_settings = get_settings()

# Every worker keeps its own Prometheus counters; a shared directory lets /metrics on any worker report the sum.
# It must be set before the workers import prometheus_client, hence here in the master.
os.environ.setdefault("PROMETHEUS_MULTIPROC_DIR", tempfile.mkdtemp(prefix="fight-rules-metrics-"))


def child_exit(server: object, worker: object) -> None:
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)  # type: ignore[attr-defined]

worker_class = "uvicorn_worker.UvicornWorker"
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
max_requests = 20000  # recycle workers now and then; jitter keeps them from restarting together
max_requests_jitter = 2000
preload_app = False  # each worker builds its own app, event loop and Redis pool
# gunicorn >= 25.1 opens a control socket at $HOME/.gunicorn/gunicorn.ctl by default. Nothing here uses it; a
# second instance on the same host would unlink the first one's socket, and on a read-only root filesystem
# (the Kubernetes manifests) it only logs a warning. Older gunicorns ignore this unknown name.
control_socket_disable = True
