"""The shared Redis tier against real servers, including one that goes down mid-test."""

from __future__ import annotations

import time
import uuid

from litestar.testing import TestClient

from service.app import create_app
from tests.conftest import local_settings
from tests.integration.conftest import PrivateRedis

HMAC_KEY = "integration-test-key-0123456789abcdef"


def batch(tag: str) -> dict:
    """A batch no other test sends: its name carries a fresh tag."""
    return {
        "moves": [
            {"name": f"{tag}-{n}", "level": n, "elements": [{"id": "increased_damage", "times": n + 1}]}
            for n in (2, 3, 4, 5)
        ]
    }


def test_two_replicas_share_answers_through_redis(redis_url: str) -> None:
    body = batch(uuid.uuid4().hex)
    settings = local_settings(redis_url=redis_url, redis_hmac_key=HMAC_KEY)
    with TestClient(create_app(settings)) as a:
        first = a.post("/v1/fight2e/moves/price-batch", json=body)
        # Each try is a new replica b with its own empty local tier, so a hit can only come from Redis, where a
        # writes in the background (a b that asked too early computed the answer and kept it in its own tier).
        for _ in range(50):
            with TestClient(create_app(settings)) as b:
                second = b.post("/v1/fight2e/moves/price-batch", json={**body})
            if second.headers["x-cache"] == "redis":
                break
            time.sleep(0.05)
        assert (first.headers["x-cache"], second.headers["x-cache"]) == ("miss", "redis")
        assert first.json() == second.json()
        assert [m["move_points"] for m in second.json()["results"]] == [3, 3, 4, 5]
        assert a.get("/readyz").json() == {"status": "ready", "redis": "ok"}


def test_rate_limit_counts_are_shared(redis_url: str) -> None:
    settings = local_settings(redis_url=redis_url, rate_limit_per_minute=4)
    with TestClient(create_app(settings)) as a, TestClient(create_app(settings)) as b:
        client_ip = {"X-Test": uuid.uuid4().hex}
        codes = [c.get("/v1/rulesets", headers=client_ip).status_code for c in (a, b, a, b, a)]
    # Both apps see the same client (testclient) and count in the same Redis key space.
    assert codes.count(429) >= 1


def test_redis_going_down_mid_test_breaks_nothing(private_redis: PrivateRedis) -> None:
    settings = local_settings(
        redis_url=private_redis.url, redis_hmac_key=HMAC_KEY, redis_breaker_reset_s=0.2, rate_limit_per_minute=10_000
    )
    expected = TestClient(create_app(local_settings()))
    with expected as plain:
        reference = [plain.post("/v1/fight2e/moves/price-batch", json=batch(f"ref{i}")).json() for i in range(6)]
    with TestClient(create_app(settings)) as client:
        answers = [client.post("/v1/fight2e/moves/price-batch", json=batch(f"ref{i}")) for i in range(3)]
        assert client.get("/readyz").json()["redis"] == "ok"
        private_redis.stop()  # the shared cache disappears while requests keep coming
        answers += [client.post("/v1/fight2e/moves/price-batch", json=batch(f"ref{i}")) for i in range(3, 6)]
        answers += [client.post("/v1/fight2e/moves/price", json={"level": 3}) for _ in range(5)]
        ready = client.get("/readyz")
        assert ready.status_code == 200 and ready.json() == {"status": "ready", "redis": "degraded"}
        assert all(r.status_code == 200 for r in answers)
        assert [r.json() for r in answers[:6]] == reference
        private_redis.start()  # it comes back: after the breaker's pause the service uses it again
        import time

        time.sleep(0.3)
        assert client.get("/readyz").json()["redis"] == "ok"
