"""Service settings from the environment (prefix ``FIGHT_RULES_``), with embedded defaults."""

from __future__ import annotations

from functools import cache
from typing import Annotated, Any, Literal

from pydantic import Field, field_validator
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

    # Shared cache and rate-limit store. Empty = in-process only (the embedded default).
    redis_url: str = ""
    redis_timeout_s: float = Field(0.05, gt=0, le=5)  # per command: Redis must never slow a caller down
    redis_breaker_failures: int = Field(3, ge=1)  # consecutive failures that open the circuit
    redis_breaker_reset_s: float = Field(5.0, gt=0)  # how long the circuit stays open
    redis_ttl_s: int = Field(86_400, ge=1)

    local_cache_size: int = Field(4096, ge=0)
    # Whether single-move prices also go to Redis (batches and Fighter validations always do when it is set).
    share_single_prices: bool = False

    cors_origins: Annotated[list[str], NoDecode] = ["*"]
    max_body_bytes: int = Field(1_048_576, ge=1024)
    rate_limit_per_minute: int = Field(6000, ge=0)  # 0 disables rate limiting

    graphql_max_depth: int = Field(12, ge=1)
    graphql_max_tokens: int = Field(50_000, ge=10)  # a PL 8 Fighter inline with every field selected nears 20k
    graphql_max_aliases: int = Field(30, ge=1)

    _lists = field_validator("cors_origins", mode="before")(comma_separated)


@cache
def get_settings() -> Settings:
    return Settings()
