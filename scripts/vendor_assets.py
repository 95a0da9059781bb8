"""Re-create service/static/vendor/ from the npm registry: the pinned browser assets of the documentation pages.

The files are committed (a wheel and `make run` serve them with no network and no Node.js); this script is how
they were made and how to move to another version: edit ASSETS, run `python scripts/vendor_assets.py`, commit the
result. Each tarball is checked against its registry integrity before anything is copied. Needs `npm`.
Source maps are left out; every package keeps its licence (or its package.json, which names it).
"""

from __future__ import annotations

import base64
import hashlib
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

VENDOR = Path(__file__).resolve().parents[1] / "service" / "static" / "vendor"
LEGAL = ("LICENSE", "NOTICE", "package.json")

# name@version: (tarball integrity from the registry, files kept from the package, relative to it)
ASSETS: dict[str, tuple[str, tuple[str, ...]]] = {
    "@scalar/api-reference@1.72.1": (
        "sha512-XpEJ0rfc/cXbCrR+iC4kK0o/WwX2dTtGQbT049OlPKAHD6IMIFdTeGz2r+M27P2EDWKyUITRm/NzlP8z2pw/Ow==",
        ("dist/browser/standalone.js",),
    ),
    "swagger-ui-dist@5.35.0": (
        "sha512-U06rpMtW9V3XPGOBeamTUSr0Z09jMX4IJuANpE/EZbAhw0G8CgwrzU4YmXkn/h0wCDNsXdGarTNNHC3sU8yVUQ==",
        (
            "swagger-ui-bundle.js",
            "swagger-ui-bundle.js.LICENSE.txt",
            "swagger-ui-standalone-preset.js",
            "swagger-ui-standalone-preset.js.LICENSE.txt",
            "swagger-ui.css",
            "favicon-32x32.png",
        ),
    ),
    # GraphiQL and its companions at the versions (and SRI hashes) of Strawberry's own GraphiQL page.
    "graphiql@3.8.3": (
        "sha512-cuPDYtXVKV86Pu5PHBX642Odi/uVEE2y1Jxq5rGO/Qy1G2lRp7ZZ7a/T30RzxhuLSWo9zUbzq0P3U49//H0Ugw==",
        ("graphiql.min.js", "graphiql.min.css"),
    ),
    "@graphiql/plugin-explorer@1.0.2": (
        "sha512-9j+kg2UjtLZD5EBmGjeWHkoVVxtbShYg2DzbUVebibnZYZM/iMBEF4vaccXJIAm5KaomIPLx0aoNs4LbODyc3Q==",
        ("dist/index.umd.js", "dist/style.css"),
    ),
    "react@18.2.0": (
        "sha512-/3IjMdb2L9QbBdWiW5e3P2/npwMBaU9mHCSCUzNln0ZCYbcfTsGbTJrU/kGemdH2IWmB2ioZ+zkxtmq6g09fGQ==",
        ("umd/react.production.min.js",),
    ),
    "react-dom@18.2.0": (
        "sha512-6IMTriUmvsjHUjNtEDudZfuDQUoWXVxKHhlEGSk81n4YFS+r/Kl99wXiwlVXtPBtJenozv2P+hxDsw9eA7Xo6g==",
        ("umd/react-dom.production.min.js",),
    ),
    "js-cookie@3.0.5": (
        "sha512-cEiJEAEoIbWfCZYKWhVwFuvPX1gETRYPw6LlaTKoxD3s2AkXzkCjnp6h0V77ozyqj0jakteJ4YqDJT830+lVGw==",
        ("dist/js.cookie.min.js",),
    ),
}


def integrity(path: Path) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(path.read_bytes()).digest()).decode()


def fetch(spec: str, expected: str, files: tuple[str, ...], work: Path) -> None:
    out = json.loads(
        subprocess.run(["npm", "pack", "--json", spec], cwd=work, check=True, capture_output=True, text=True).stdout
    )
    tarball = work / out[0]["filename"]
    if integrity(tarball) != expected:
        sys.exit(f"{spec}: the tarball's integrity is not the pinned one")
    unpacked = work / spec.replace("/", "_")
    with tarfile.open(tarball) as tar:
        tar.extractall(unpacked, filter="data")
    package = unpacked / "package"
    target = VENDOR / spec
    shutil.rmtree(target, ignore_errors=True)
    for name in (*files, *LEGAL):
        source = package / name
        if not source.exists():
            if name in LEGAL:
                continue
            sys.exit(f"{spec}: {name} is not in the package")
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target / name)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        for spec, (expected, files) in ASSETS.items():
            fetch(spec, expected, files, Path(tmp))
            print(f"vendored {spec}", file=sys.stderr)


if __name__ == "__main__":
    main()
