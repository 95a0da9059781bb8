"""A worker's memory after a flood of distinct large requests (issue 28, item 2), against a real gunicorn worker.

Every request is unique, so every memo and cache keyed on it takes a new entry: impact turns each carrying its own
custom pack (all 200 maneuvers the pack schema admits, ~60 KB of JSON) and fight2e turns each with its own
sheets of 60 moves (~20 KB). Each worker's resident memory (VmRSS) and the pod's proportional set size (master and
workers, shared pages counted once: what the memory cgroup is charged) are read when idle and every ``--step``
requests; they must level off below the manifests' figures.

    .venv/bin/python bench/memory.py [--requests 2000] [--step 250] [--clients 2]
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.hardening import running  # noqa: E402
from bench.payloads import turn as fight2e_turn  # noqa: E402
from service.rules.impact.operations import examples  # noqa: E402
from service.rules.impact.pack import PACKS  # noqa: E402


def _big_pack(n: int) -> dict[str, Any]:
    """The default pack padded to the schema's 200 maneuvers (copies with new ids), named for request ``n``."""
    data = copy.deepcopy(PACKS["default"].model_dump(mode="json", by_alias=True))
    data["name"], data["description"] = f"flood {n}", f"distinct pack number {n}"
    originals = data["maneuvers"]
    while len(data["maneuvers"]) < 200:
        m = copy.deepcopy(originals[len(data["maneuvers"]) % len(originals)])
        m["id"] = f"{m['id']}_{len(data['maneuvers'])}"
        data["maneuvers"].append(m)
    return data


def impact_turn(n: int) -> dict[str, Any]:
    return {**copy.deepcopy(next(iter(examples("resolve_turn").values()))), "custom_pack": _big_pack(n)}


def fight2e_turn_unique(n: int, moves: int = 60) -> dict[str, Any]:
    """The combat benchmark's turn, each sheet padded to ``moves`` moves (copies renamed) and named for ``n``."""
    body = copy.deepcopy(fight2e_turn())
    for fighter in body["fighters"]:
        sheet = fighter["sheet"]
        sheet["name"] = f"{sheet.get('name', 'F')} {n}"
        originals = list(sheet["moves"])
        while len(sheet["moves"]) < moves:
            move = copy.deepcopy(originals[len(sheet["moves"]) % len(originals)])
            for field in ("id", "name"):
                if move.get(field):
                    move[field] = f"{move[field]}_{len(sheet['moves'])}"
            sheet["moves"].append(move)
    return body


def worker_rss_kib(master_pid: int) -> list[int]:
    """VmRSS of each worker (the master's children)."""
    children = Path(f"/proc/{master_pid}/task/{master_pid}/children").read_text().split()
    out = []
    for pid in children:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                out.append(int(line.split()[1]))
    return out


def pod_pss_mib(master_pid: int) -> int:
    """Proportional set size of the master and its workers together: what the pod's memory cgroup is charged
    (pages shared between the forked workers counted once), in MiB."""
    pids = [str(master_pid), *Path(f"/proc/{master_pid}/task/{master_pid}/children").read_text().split()]
    total = 0
    for pid in pids:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                total += int(line.split()[1])
    return total // 1024


def flood(base: str, master_pid: int, total: int, step: int, clients: int) -> dict[str, Any]:
    counter = iter(range(total))
    lock = threading.Lock()
    statuses: dict[str, int] = {}
    readings: list[dict[str, Any]] = []

    def client() -> None:
        with httpx.Client(timeout=60) as http:
            while True:
                with lock:
                    n = next(counter, None)
                if n is None:
                    return
                if n % 2:
                    path, body = "/v1/impact/turns/resolve", impact_turn(n)
                else:
                    path, body = "/v1/fight2e/combat/resolve-turn", fight2e_turn_unique(n)
                status = http.post(base + path, content=json.dumps(body)).status_code
                with lock:
                    key = f"{path} {status}"
                    statuses[key] = statuses.get(key, 0) + 1
                    if (n + 1) % step == 0:
                        rss = [r // 1024 for r in worker_rss_kib(master_pid)]
                        readings.append({"requests": n + 1, "rss_mib": rss, "pod_pss_mib": pod_pss_mib(master_pid)})

    threads = [threading.Thread(target=client) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return {"statuses": statuses, "readings": sorted(readings, key=lambda r: r["requests"])}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--step", type=int, default=250)
    parser.add_argument("--clients", type=int, default=2)
    parser.add_argument("--workers", type=int, default=2)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="fight-rules-memory-") as tmp:
        settings = {"workers": str(options.workers), "rate_limit_per_minute": "0"}
        with running(Path(tmp) / "memory.log", settings) as server:
            idle, idle_pod = worker_rss_kib(server.proc.pid), pod_pss_mib(server.proc.pid)
            report = flood(server.base_url, server.proc.pid, options.requests, options.step, options.clients)
            report = {"idle_rss_mib": [r // 1024 for r in idle], "idle_pod_pss_mib": idle_pod, **report}
            report["final_rss_mib"] = [r // 1024 for r in worker_rss_kib(server.proc.pid)]
            report["final_pod_pss_mib"] = pod_pss_mib(server.proc.pid)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
