#!/usr/bin/env bash
# Builds the single-node OpenSearch the integration tests start (deploy/opensearch-node): copies the
# jars its pom declares from Maven Central into a cache outside the clone and compiles our launcher
# against them, into
#   ${XDG_CACHE_HOME:-$HOME/.cache}/lexnav/opensearch-<version>/{lib,classes}
# A second run with the same pom, launcher and JDK does nothing and needs no network. Needs Java 17+
# and Maven (installed from Debian's packages when missing). Exit 1 with the reason when it cannot.
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
fail() { echo "setup: the test OpenSearch node was not built: $*" >&2; exit 1; }

project=deploy/opensearch-node
launcher=$project/src/main/java/dev/lexnav/opensearch/LexnavOpenSearchNode.java
version=$(sed -n 's:.*<opensearch.version>\(.*\)</opensearch.version>.*:\1:p' "$project/pom.xml")
[ -n "$version" ] || fail "no <opensearch.version> in $project/pom.xml"

if ! command -v javac >/dev/null 2>&1 || ! command -v mvn >/dev/null 2>&1; then
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openjdk-17-jdk-headless maven >/dev/null \
    || fail "could not install openjdk-17-jdk-headless and maven"
fi

dest="${XDG_CACHE_HOME:-$HOME/.cache}/lexnav/opensearch-$version"
stamp=$( (cat "$project/pom.xml" "$launcher"; javac -version 2>&1) | sha256sum | cut -c1-16)
if [ -f "$dest/.lexnav-built" ] && [ "$(cat "$dest/.lexnav-built")" = "$stamp" ]; then
  echo "opensearch-node $version: already built in $dest"
  exit 0
fi

# Build beside the destination and swap it in whole, so a failed run never leaves a half-filled lib/.
mkdir -p "$(dirname "$dest")"
work=$(mktemp -d "${dest}.tmp-XXXXXX")
trap 'rm -rf "$work"' EXIT
if ! mvn -B -Dstyle.color=never -f "$project/pom.xml" dependency:copy-dependencies -DincludeScope=runtime \
  -DoutputDirectory="$work/lib" >"$work/mvn.log" 2>&1; then
  tail -n 30 "$work/mvn.log" >&2
  fail "mvn could not copy org.opensearch:opensearch:$version and its plugins from Maven Central (log above)"
fi
rm "$work/mvn.log"
javac -nowarn -d "$work/classes" -cp "$work/lib/*" "$launcher" \
  || fail "javac could not compile $launcher against the $version jars"
echo "$stamp" >"$work/.lexnav-built"
rm -rf "$dest"
mv "$work" "$dest"
trap - EXIT
echo "opensearch-node $version: built in $dest ($(ls "$dest/lib" | wc -l) jars)"
