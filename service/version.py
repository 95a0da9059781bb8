"""The one version of the service: the installed package's (``pyproject.toml``). OpenAPI ``info.version``, the
rulesets' ``ruleset_version`` base, the image tag (``make image``) and the Kubernetes manifests all use it."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("fight-rules")
except PackageNotFoundError:  # imported from a source tree that was never installed
    __version__ = "0+unknown"
