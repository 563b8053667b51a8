#!/bin/sh
# Regenerates the raise-site tables from a git copy of Heat:
#   HEAT_GIT_DIR=/path/to/heat/.git sh testdata/heat-raise-sites/regen.sh
# (a clone of https://opendev.org/openstack/heat or github.com/openstack/heat;
# a bare repository works too). One table per release: its tag below.
set -eu
here="$(cd "$(dirname "$0")" && pwd)"
: "${HEAT_GIT_DIR:?set HEAT_GIT_DIR to a git copy of openstack/heat}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
for pair in 19.0.0:19.0.0 2026.1:26.0.0; do
  release="${pair%%:*}" tag="${pair#*:}"
  mkdir -p "$tmp/$tag"
  git --git-dir="$HEAT_GIT_DIR" archive "$tag" heat | tar -x -C "$tmp/$tag"
  python3 "$here/list_raise_sites.py" "$tmp/$tag" > "$here/$release.tsv"
  echo "$release ($tag): $(($(wc -l < "$here/$release.tsv") - 1)) sites"
done
