"""``fight-rules call`` (and its shorthand ``fight-rules optimise``): one operation of a ruleset, given its JSON
request body, run in this process or POSTed to a running service (``--url``); the answer is printed as JSON.

The request is checked against the operation's model before anything runs, so a bad body is reported the same way
whether the operation runs here or on the service.
"""

from __future__ import annotations

import argparse
import json
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from .rules.core.findings import path_of
from .rules.core.ruleset import Operation, rulesets

SHORTHANDS = {"optimise": "optimise_moves"}  # subcommand → operation name


class CallError(Exception):
    """A problem the command reports in one line."""


MESSAGE_CHARS = 160  # a longer message (an enum's every value) is cut: the schema lists them all


def one_line(exc: ValidationError) -> str:
    """A request's problems in one line, in the findings' path notation, without pydantic's links:
    ``2 problems: answers: Input should be less than or equal to 20; level: Extra inputs are not permitted``."""
    problems = exc.errors(include_url=False)
    parts = []
    for e in problems:
        msg = e["msg"] if len(e["msg"]) <= MESSAGE_CHARS else e["msg"][: MESSAGE_CHARS - 1] + "…"
        parts.append(f"{path_of(*e['loc']) or '(the body)'}: {msg}")
    head = "1 problem" if len(problems) == 1 else f"{len(problems)} problems"
    return f"{head}: " + "; ".join(parts)


def add_parsers(sub: Any) -> None:
    call = sub.add_parser("call", help="run one operation of a ruleset on a JSON request (locally, or on --url)")
    call.add_argument("operation", help="the operation's name, e.g. price_move (see GET /v1/rulesets)")
    _common(call)
    for command, operation in SHORTHANDS.items():
        short = sub.add_parser(command, help=f"the same as `call {operation}`")
        short.set_defaults(operation=operation)
        _common(short)


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("request", type=Path, help="the JSON request body, as the REST operation takes it ('-': stdin)")
    p.add_argument("--ruleset", default="fight2e")
    p.add_argument("--url", help="the service's base URL: the request is POSTed there instead of run here")
    p.add_argument("--out", type=Path, help="write the answer here instead of standard output")


def find_operation(ruleset_id: str, name: str) -> Operation:
    found = next((r for r in rulesets() if r.id == ruleset_id), None)
    if found is None:
        raise CallError(f"no ruleset '{ruleset_id}' (known: {', '.join(r.id for r in rulesets())})")
    op = next((o for o in found.operations if o.name == name), None)
    if op is None:
        raise CallError(
            f"ruleset '{ruleset_id}' has no operation '{name}' (known: {', '.join(o.name for o in found.operations)})"
        )
    return op


def _read(path: Path) -> Any:
    try:
        text = sys.stdin.read() if str(path) == "-" else path.read_text(encoding="utf-8")
        return json.loads(text)
    except (OSError, ValueError) as exc:
        raise CallError(f"{path}: {exc}") from exc


def _post(url: str, body: Any) -> bytes:
    req = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=120) as resp:
            return bytes(resp.read())
    except urllib.error.HTTPError as exc:
        raise CallError(f"{url} answered {exc.code}: {exc.read().decode(errors='replace')[:400]}") from exc
    except urllib.error.URLError as exc:
        raise CallError(f"{url}: {exc.reason}") from exc


def run(args: argparse.Namespace) -> str:
    """The answer as indented JSON."""
    op = find_operation(args.ruleset, args.operation)
    body = _read(args.request)
    try:
        request = op.request.model_validate(body)
    except ValidationError as exc:
        raise CallError(f"{args.request}: {one_line(exc)}") from exc
    if args.url:
        raw = _post(f"{args.url.rstrip('/')}/v1/{args.ruleset}/{op.path}", body)
        return json.dumps(json.loads(raw), indent=2, ensure_ascii=False) + "\n"
    answer = op.run(request)
    if isinstance(answer, BaseModel):
        return answer.model_dump_json(indent=2) + "\n"
    return json.dumps(json.loads(answer), indent=2, ensure_ascii=False) + "\n"


def main(args: argparse.Namespace) -> None:
    try:
        text = run(args)
    except CallError as exc:
        sys.exit(f"fight-rules {args.command}: {exc}")
    if args.out:
        args.out.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
