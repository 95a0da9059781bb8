"""Service settings from the environment (prefix ``FIGHT_RULES_``), with embedded defaults."""

from __future__ import annotations

import ipaddress
from functools import cache
from typing import Annotated, Any, Literal

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict


def comma_separated(value: Any) -> Any:
    """A list setting from the environment: ``a,b`` (spaces around items ignored) or a JSON list ``["a", "b"]``."""
    if isinstance(value, str):
        text = value.strip()
        if text.startswith("["):
            import json

            return json.loads(text)
        return [item.strip() for item in text.split(",") if item.strip()]
    return value


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="FIGHT_RULES_", extra="ignore")

    host: str = "127.0.0.1"
    port: int = Field(8000, ge=1, le=65535)
    workers: int = Field(2, ge=1, le=64)
    log_level: str = "info"
    log_format: Literal["text", "json"] = "text"  # json: one JSON object per line, with the request id

    # Shared cache and rate-limit store. Empty = in-process only (the embedded default). rediss:// for TLS; a
    # password goes in the URL (redis://:password@host:6379/0) and is never logged.
    redis_url: str = ""
    # Signs every answer stored in Redis (HMAC-SHA256). Empty: answers are not shared through Redis at all (a
    # warning at start-up says so); rate limits still use it. Replicas sharing a Redis must share the key.
    redis_hmac_key: SecretStr = SecretStr("")
    redis_timeout_s: float = Field(0.05, gt=0, le=5)  # per command: Redis must never slow a caller down
    redis_breaker_failures: int = Field(3, ge=1)  # consecutive failures that open the circuit
    redis_breaker_reset_s: float = Field(5.0, gt=0)  # how long the circuit stays open
    redis_ttl_s: int = Field(86_400, ge=1)

    # Bytes of answers (plus ~384 bytes per entry) each worker keeps in its in-process LRU; 0 turns it off. Two
    # workers at 64 MiB fit a 512 MiB pod with room for requests in flight. Replaces the entry count
    # LOCAL_CACHE_SIZE, which is no longer read.
    local_cache_bytes: int = Field(64 * 2**20, ge=0)
    # An answer larger than this is sent but kept in neither tier (one answer cannot crowd out thousands).
    cache_max_answer_bytes: int = Field(2**20, ge=1024)
    # Whether single-move prices also go to Redis (batches and Fighter validations always do when it is set).
    share_single_prices: bool = False

    cors_origins: Annotated[list[str], NoDecode] = ["*"]
    max_body_bytes: int = Field(1_048_576, ge=1024)
    # Arrays and objects nested deeper than this in a request body are refused (400); the deepest request the
    # contract allows is far shallower.
    max_json_depth: int = Field(64, ge=8, le=256)
    rate_limit_per_minute: int = Field(6000, ge=0)  # 0 disables rate limiting
    # The most one REST request may cost, in the units of each operation's cost (a move priced is 1, a turn 50,
    # a simulated fight a fifth of its turn limit, each Random Effect multiplies its move's pricings): about a
    # second of work on one core. A costlier request is refused (400 too-costly) before anything is computed.
    # Each admitted request is charged its cost against the rate limit, as GraphQL queries are.
    max_request_cost: int = Field(3000, ge=1)
    # Operations costing at least this run in a worker thread (FIGHT_RULES_GRAPHQL_THREADS of them per worker,
    # shared with GraphQL), so the event loop keeps answering probes; cheaper ones run inline.
    offload_min_cost: int = Field(3, ge=1)
    # Comma-separated IPs/CIDRs of the proxies in front (e.g. the ingress controller's pod range). Only from these
    # is X-Forwarded-For believed, by the rate limiter and by uvicorn. Default: none.
    trusted_proxies: str = ""
    # Comma-separated IPs/CIDRs that may read /metrics (the peer address). Empty = anyone.
    metrics_allow: str = ""

    # Connection hardening of each uvicorn worker (service/gunicorn_conf.py and service/serving.py).
    max_header_bytes: int = Field(32_768, ge=1024)  # request line and headers together → 431 beyond
    max_headers: int = Field(100, ge=8)  # header fields → 431 beyond
    request_timeout_s: float = Field(10.0, gt=0)  # a request's head and body must arrive within this → 408
    limit_concurrency: int = Field(1000, ge=1)  # connections per worker beyond which new requests get 503
    # Each worker is recycled (drained, then replaced) after max_requests plus its own random 0..jitter requests, so
    # two workers do not go together; 0 = never. A replacement forks from the master, which loaded the app once.
    max_requests: int = Field(20_000, ge=0)
    max_requests_jitter: int = Field(10_000, ge=0)

    graphql_max_depth: int = Field(12, ge=1)
    graphql_max_tokens: int = Field(15_000, ge=10)  # the parser stops here (~35 µs a token); a PL 8 sheet inline is ~2k
    graphql_max_aliases: int = Field(30, ge=1)
    graphql_max_bytes: int = Field(32_768, ge=1024)  # the query document's size, refused (413) before parsing
    graphql_max_selections: int = Field(2_000, ge=10)  # fields and fragments in a document, before validation
    graphql_max_cost: int = Field(200, ge=1)  # per request, in moves priced: REST's caps (service/graphql/guard.py)
    graphql_max_answer_bytes: int = Field(8_388_608, ge=1024)
    graphql_document_cache_bytes: int = Field(33_554_432, ge=0)  # estimated memory of cached documents; 0 = off
    graphql_threads: int = Field(2, ge=1, le=64)  # worker threads per process that execute GraphQL operations
    graphql_introspection: bool = True
    graphiql: bool = True  # the GraphiQL page at GET /graphql in a browser

    @field_validator("trusted_proxies", "metrics_allow")
    @classmethod
    def _networks(cls, value: str) -> str:
        for part in value.split(","):
            if part.strip():
                ipaddress.ip_network(part.strip(), strict=False)  # ValueError: not an IP address or CIDR block
        return value

    @field_validator("redis_hmac_key")
    @classmethod
    def _long_enough(cls, key: SecretStr) -> SecretStr:
        if 0 < len(key.get_secret_value()) < 16:
            raise ValueError("use at least 16 characters (e.g. `openssl rand -hex 32`), or leave it empty")
        return key

    _lists = field_validator("cors_origins", mode="before")(comma_separated)


@cache
def get_settings() -> Settings:
    return Settings()
