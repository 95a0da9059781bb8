"""Console script ``fight-rules``: ``serve`` (gunicorn); ``openapi``, ``graphql-schema`` and ``validation-codes``
(print the contracts); ``simulate`` (a matchup run in chunks, locally or against a service: ``service.simulate``);
``call`` and ``optimise`` (one operation on a JSON request, locally or against a service: ``service.call``)."""

from __future__ import annotations

import argparse
import json
import os
import sys

from pydantic import ValidationError

# The gunicorn settings ship in the package, so `pip install fight-rules && fight-rules serve` works anywhere;
# FIGHT_RULES_GUNICORN_CONF names another file (or python:module) instead.
GUNICORN_CONF = "python:service.gunicorn_conf"


def openapi_document() -> str:
    from .app import create_app
    from .openapi import document
    from .settings import Settings

    app = create_app(Settings(redis_url=""))
    return json.dumps(document(app), indent=2, sort_keys=True, ensure_ascii=False, default=_plain) + "\n"


def _plain(value: object) -> object:
    """Model instances used as field defaults appear in the schema as their JSON form."""
    dump = getattr(value, "model_dump", None)
    if dump is None:
        raise TypeError(f"cannot put {type(value).__name__} in the OpenAPI document")
    return dump(mode="json")


def graphql_sdl() -> str:
    from .graphql.schema import build_schema
    from .settings import Settings

    return build_schema(Settings()).as_str() + "\n"


def serve() -> None:
    from .settings import get_settings

    settings = get_settings()
    conf = os.environ.get("FIGHT_RULES_GUNICORN_CONF") or GUNICORN_CONF
    os.execvp(
        sys.executable,
        [
            sys.executable,
            "-m",
            "gunicorn",
            "-c",
            conf,
            "service.wsgi:app",
            "--bind",
            f"{settings.host}:{settings.port}",
        ],
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="fight-rules", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("serve", help="serve the API with gunicorn and uvicorn workers")
    sub.add_parser("openapi", help="print the OpenAPI 3.1 document")
    sub.add_parser("graphql-schema", help="print the GraphQL SDL")
    sub.add_parser("validation-codes", help="print every ruleset's validation codes (Markdown)")
    from . import call, simulate

    simulate.add_parser(sub)
    call.add_parsers(sub)
    args = parser.parse_args(argv)
    if args.command == "simulate":
        simulate.main(args)
        if argv is None:  # the console script, its answer written: no teardown of the imported rules (issue 37)
            _exit_now()
        return
    if args.command in ("call", *call.SHORTHANDS):
        call.main(args)
        return
    try:
        _run(args.command)
    except ValidationError as exc:  # a bad FIGHT_RULES_* value: say which, without a traceback
        sys.exit("fight-rules: invalid settings\n" + settings_errors(exc))


def _exit_now() -> None:
    """Ends the process once its output is flushed, skipping the interpreter's teardown of every imported module and
    table: serial work after a simulation's answer, ~0.1 CPU s for battleroyale, ~0.2 for fight2e."""
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


def settings_errors(exc: ValidationError) -> str:
    return "\n".join(
        f"  FIGHT_RULES_{'_'.join(str(p) for p in e['loc'][:1]).upper()}: {e['msg']}" for e in exc.errors()
    )


def _run(command: str) -> None:
    if command == "serve":
        serve()
    elif command == "openapi":
        sys.stdout.write(openapi_document())
    elif command == "validation-codes":
        from .docs import validation_codes_markdown

        sys.stdout.write(validation_codes_markdown())
    else:
        sys.stdout.write(graphql_sdl())


if __name__ == "__main__":
    main()
