"""service/gunicorn_conf.py unchanged, with the access log off (bench only).

`--access-logfile /dev/null` would still make uvicorn format every access line (it logs whenever the
``uvicorn.access`` logger has a handler); with ``accesslog = None`` gunicorn gives that logger no handler, so
uvicorn skips access logging entirely. bench/run.py also passes ``--max-requests`` on the command line (which
overrides this file): by default 0, so that no worker recycles (a 1-2 s restart) inside a measured window.
"""

from pathlib import Path

_deploy = Path(__file__).resolve().parent.parent / "service" / "gunicorn_conf.py"
exec(compile(_deploy.read_text(), str(_deploy), "exec"))

accesslog = None
