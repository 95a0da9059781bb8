"""The deployment files validate offline against their schemas: every Kubernetes manifest (kubernetes-validate,
strict: unknown fields are errors) and the compose file (the Compose Specification schema that check-jsonschema
ships). Plus what a schema cannot say: no replica count beside the HPA, one version, settings that exist."""

from __future__ import annotations

import json
import re
from importlib.resources import files
from pathlib import Path
from typing import Any

import jsonschema
import kubernetes_validate
import pytest
import yaml

from service.settings import Settings
from service.version import __version__

ROOT = Path(__file__).resolve().parents[2]
K8S = ROOT / "deploy" / "k8s"
MANIFESTS = sorted(p for p in K8S.glob("*.yaml") if p.name != "kustomization.yaml")
# Settings read outside the Settings model: the gunicorn config file, and the proxies the rate limiter trusts.
OTHER_SETTINGS = {"gunicorn_conf", "trusted_proxies"}


def _docs(path: Path) -> list[dict[str, Any]]:
    return [d for d in yaml.safe_load_all(path.read_text()) if d]


def _all_resources() -> list[dict[str, Any]]:
    return [d for p in MANIFESTS for d in _docs(p)]


@pytest.mark.parametrize("path", MANIFESTS, ids=lambda p: p.name)
def test_manifest_validates(path: Path) -> None:
    for doc in _docs(path):
        kubernetes_validate.validate(doc, kubernetes_validate.latest_version(), strict=True)


def test_a_broken_manifest_is_caught() -> None:
    (deployment,) = _docs(K8S / "deployment.yaml")
    deployment["spec"]["template"]["spec"]["containers"][0]["imagePullPolicy"] = 3
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(deployment, kubernetes_validate.latest_version(), strict=True)
    deployment["spec"]["strategy"]["rollingUpdat"] = {}
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(deployment, kubernetes_validate.latest_version(), strict=True)


def _compose_schema() -> dict[str, Any]:
    return json.loads(files("check_jsonschema.builtin_schemas").joinpath("vendor/compose-spec.json").read_text())


def test_compose_file_validates() -> None:
    compose = yaml.safe_load((ROOT / "deploy" / "compose.yaml").read_text())
    validator = jsonschema.validators.validator_for(_compose_schema())(_compose_schema())
    assert [e.message for e in validator.iter_errors(compose)] == []
    compose["services"]["api"]["stop_grace_perod"] = "30s"
    assert list(validator.iter_errors(compose))


def test_kustomization_lists_every_manifest_and_the_package_version() -> None:
    kustomization = yaml.safe_load((K8S / "kustomization.yaml").read_text())
    assert sorted(kustomization["resources"]) == [p.name for p in MANIFESTS]
    assert kustomization["images"][0]["newTag"] == __version__


def test_the_hpa_alone_owns_the_replica_count() -> None:
    resources = _all_resources()
    hpa = next(r for r in resources if r["kind"] == "HorizontalPodAutoscaler")
    target = next(
        r
        for r in resources
        if r["kind"] == "Deployment" and r["metadata"]["name"] == hpa["spec"]["scaleTargetRef"]["name"]
    )
    assert "replicas" not in target["spec"]


def test_redis_is_reachable_only_from_the_service() -> None:
    resources = _all_resources()
    policy = next(r for r in resources if r["kind"] == "NetworkPolicy")
    redis = next(r for r in resources if r["kind"] == "Deployment" and r["metadata"]["name"].endswith("redis"))
    api = next(r for r in resources if r["kind"] == "Deployment" and not r["metadata"]["name"].endswith("redis"))
    assert policy["spec"]["podSelector"]["matchLabels"] == redis["spec"]["selector"]["matchLabels"]
    assert (
        policy["spec"]["ingress"][0]["from"][0]["podSelector"]["matchLabels"] == api["spec"]["selector"]["matchLabels"]
    )


def test_ingress_has_tls_and_the_trusted_proxies_are_wired() -> None:
    resources = _all_resources()
    ingress = next(r for r in resources if r["kind"] == "Ingress")
    assert ingress["spec"]["tls"][0]["hosts"] == [ingress["spec"]["rules"][0]["host"]]
    config = next(r for r in resources if r["kind"] == "ConfigMap")
    api = next(r for r in resources if r["kind"] == "Deployment" and r["metadata"]["name"] == "fight-rules")
    env = {e["name"]: e for e in api["spec"]["template"]["spec"]["containers"][0]["env"]}
    assert env["FIGHT_RULES_TRUSTED_PROXIES"]["valueFrom"]["configMapKeyRef"]["key"] in config["data"]
    for e in env.values():  # every key the pods read exists
        ref = e.get("valueFrom", {}).get("configMapKeyRef")
        assert ref is None or (ref["name"] == config["metadata"]["name"] and ref["key"] in config["data"])


def test_every_setting_named_in_the_deploy_files_exists() -> None:
    text = "\n".join(p.read_text() for p in [*MANIFESTS, ROOT / "deploy" / "compose.yaml", ROOT / "Dockerfile"])
    named = {n.lower() for n in re.findall(r"FIGHT_RULES_([A-Z0-9_]+)", text)}
    assert named - set(Settings.model_fields) - OTHER_SETTINGS == set()


def test_every_setting_is_in_the_readme_with_its_default() -> None:
    readme = (ROOT / "README.md").read_text()
    rows = dict(re.findall(r"^\| `FIGHT_RULES_([A-Z0-9_]+)` \| ([^|]+) \|", readme, flags=re.M))
    for name, field in Settings.model_fields.items():
        assert name.upper() in rows, f"FIGHT_RULES_{name.upper()} is not in the README's settings table"
        default = field.default
        shown = rows[name.upper()].strip().strip("`")
        expected = (
            ",".join(default)
            if isinstance(default, list)
            else str(default).lower()
            if isinstance(default, bool)
            else str(default)
        )
        assert shown == expected or (expected == "" and shown == "(empty)"), (name, shown, expected)


def test_the_image_installs_the_lock_file_and_the_lock_has_every_dependency() -> None:
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert "--require-hashes" in dockerfile and "COPY requirements.txt" in dockerfile
    lock = (ROOT / "requirements.txt").read_text()
    pinned = {m.lower().replace("_", "-") for m in re.findall(r"^([A-Za-z0-9_.-]+)==", lock, flags=re.M)}
    import tomllib

    wanted = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    names = {re.split(r"[<>=\[ ;]", w, maxsplit=1)[0].lower().replace("_", "-") for w in wanted}
    assert names <= pinned
    assert all("--hash=sha256:" in block for block in re.split(r"\n(?=[A-Za-z])", lock.split("\n", 2)[2]) if block)
