#!/usr/bin/env bash
# Generates TypeScript from proto/ into packages/proto/src/gen with buf and the local protoc-gen-es.
#   bash scripts/proto-gen.sh           lint, then regenerate in place
#   bash scripts/proto-gen.sh --check   lint, regenerate into a temp dir, fail with the diff when the
#                                       committed code is stale (CI runs this)
# Offline by design: no BSR dependencies, local plugin only.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
buf="$root/node_modules/.bin/buf"
out_rel="packages/proto/src/gen"

if [[ ! -x "$buf" || ! -x "$root/node_modules/.bin/protoc-gen-es" ]]; then
  echo "proto-gen: buf or protoc-gen-es missing under node_modules/.bin; run pnpm install" >&2
  exit 2
fi

"$buf" lint

case "${1:-}" in
  "")
    "$buf" generate
    echo "proto-gen: generated $out_rel"
    ;;
  --check)
    tmp="$(mktemp -d)"
    trap 'rm -rf "$tmp"' EXIT
    # -o rebases the plugin `out` paths of buf.gen.yaml under the temp dir.
    "$buf" generate -o "$tmp"
    if ! diff -ruN "$out_rel" "$tmp/$out_rel"; then
      echo "proto-gen: $out_rel is stale; run 'pnpm proto:gen' and commit the result" >&2
      exit 1
    fi
    echo "proto-gen: $out_rel is up to date"
    ;;
  *)
    echo "usage: $0 [--check]" >&2
    exit 2
    ;;
esac
