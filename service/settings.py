"""Service settings from the environment (prefix ``FIGHT_RULES_``), with embedded defaults."""

from __future__ import annotations

import ipaddress
from functools import cache

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="FIGHT_RULES_", extra="ignore")

    host: str = "127.0.0.1"
    port: int = Field(8000, ge=1, le=65535)
    workers: int = Field(2, ge=1, le=64)
    log_level: str = "info"

    # Shared cache and rate-limit store. Empty = in-process only (the embedded default).
    redis_url: str = ""
    redis_timeout_s: float = Field(0.05, gt=0, le=5)  # per command: Redis must never slow a caller down
    redis_breaker_failures: int = Field(3, ge=1)  # consecutive failures that open the circuit
    redis_breaker_reset_s: float = Field(5.0, gt=0)  # how long the circuit stays open
    redis_ttl_s: int = Field(86_400, ge=1)

    local_cache_size: int = Field(4096, ge=0)
    # Whether single-move prices also go to Redis (batches and Fighter validations always do when it is set).
    share_single_prices: bool = False

    cors_origins: list[str] = ["*"]
    max_body_bytes: int = Field(1_048_576, ge=1024)
    rate_limit_per_minute: int = Field(6000, ge=0)  # 0 disables rate limiting
    # Comma-separated IPs/CIDRs of the proxies in front (e.g. the ingress controller's pod range). Only from these
    # is X-Forwarded-For believed, by the rate limiter and by uvicorn. Default: none.
    trusted_proxies: str = ""
    # Comma-separated IPs/CIDRs that may read /metrics (the peer address). Empty = anyone.
    metrics_allow: str = ""

    # Connection hardening of each uvicorn worker (deploy/gunicorn.conf.py and service/serving.py).
    max_header_bytes: int = Field(32_768, ge=1024)  # request line and headers together → 431 beyond
    max_headers: int = Field(100, ge=8)  # header fields → 431 beyond
    request_timeout_s: float = Field(10.0, gt=0)  # a request's head and body must arrive within this → 408
    limit_concurrency: int = Field(1000, ge=1)  # connections per worker beyond which new requests get 503

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


@cache
def get_settings() -> Settings:
    return Settings()
