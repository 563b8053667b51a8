#!/usr/bin/env bash
# Builds heat-ls release artifacts into dist/ (or $DIST):
#
#   .ci/release.sh                      # all six targets
#   .ci/release.sh linux/amd64          # only the targets named
#   VERSION=0.2.0 .ci/release.sh        # an explicit version
#
# For each target OS/ARCH it writes
#   dist/heat-ls_<version>_<os>_<arch>/heat-ls[.exe]   the binary, plus README.md,
#       LICENSE (Apache-2.0) and NOTICE
#   dist/heat-ls_<version>_<os>_<arch>.tar.gz          (.zip for windows)
#   dist/heat-ls_<version>_vscode_<target>.vsix      the VS Code extension carrying
#       that binary (<target> is VS Code's: linux-x64, darwin-arm64, win32-x64, ...)
# plus dist/heat-ls_<version>_vscode_universal.vsix (no binary: heat-ls.path
# or PATH), made by editors/vscode/package-vsix.sh, and dist/SHA256SUMS
# ("<sha256>  <file>" per archive and .vsix, sorted by name). VSIX=0 skips
# the extension (it needs Node.js >= 20 and npm; the rest needs neither).
#
# The version is $VERSION, else the tag vX.Y.Z on HEAD (without the v),
# else the source's base version (cmd/heat-ls/version.go) plus the short
# commit, and ".dirty" when the tree has uncommitted changes. Binaries are
# built with -trimpath, without cgo, and stamped with the version, the full
# commit and the commit's date (UTC), which "heat-ls version" prints.
# Archives carry fixed timestamps and owners, so the same commit gives the
# same archives. Nothing is uploaded: on a tag v*, .github/workflows/release.yml
# runs this script and publishes dist/ as the GitHub Release of the tag.
#
# Needs Go, git, tar, gzip and zip (or python3 for the zip files), and npm
# for the .vsix files; with GNU tar the archives are byte-for-byte
# reproducible (vsce keeps file times, so the .vsix files are not).
set -euo pipefail
cd "$(dirname "$0")/.."

all_targets=(linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64 windows/arm64)
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${all_targets[@]}")
for t in "${targets[@]}"; do
  case " ${all_targets[*]} " in
    *" $t "*) ;;
    *) echo "release: unknown target $t (one of: ${all_targets[*]})" >&2; exit 2 ;;
  esac
done

dist="${DIST:-dist}"
commit="$(git rev-parse HEAD 2>/dev/null || echo unknown)"
epoch="$(git log -1 --format=%ct 2>/dev/null || date +%s)"
date="$(date -u -d "@$epoch" +%Y-%m-%dT%H:%M:%SZ 2>/dev/null || date -u -r "$epoch" +%Y-%m-%dT%H:%M:%SZ)"
version="${VERSION:-}"
if [ -z "$version" ]; then
  tag="$(git describe --tags --exact-match --match 'v[0-9]*' HEAD 2>/dev/null || true)"
  if [ -n "$tag" ]; then
    version="${tag#v}"
  else
    base="$(sed -n 's/^const baseVersion = "\(.*\)"$/\1/p' cmd/heat-ls/version.go)"
    version="${base}+${commit:0:12}"
    [ -z "$(git status --porcelain 2>/dev/null)" ] || version="${version}.dirty"
  fi
fi
version="${version#v}"

sha256() {
  if command -v sha256sum >/dev/null 2>&1; then sha256sum "$@"; else shasum -a 256 "$@"; fi
}

mkdir -p "$dist"
# A full build starts from an empty slate, so SHA256SUMS lists exactly the
# six archives; a build of named targets adds to what is there.
if [ $# -eq 0 ]; then
  rm -rf "${dist:?}"/heat-ls_* "$dist/SHA256SUMS"
fi
built=()
ldflags="-s -w -X main.stampVersion=${version} -X main.stampCommit=${commit} -X main.stampDate=${date}"
archives=()
for t in "${targets[@]}"; do
  os="${t%/*}" arch="${t#*/}"
  name="heat-ls_${version}_${os}_${arch}"
  exe="heat-ls"; [ "$os" = windows ] && exe="heat-ls.exe"
  rm -rf "${dist:?}/$name" "$dist/$name.tar.gz" "$dist/$name.zip"
  mkdir -p "$dist/$name"
  echo "release: building $name"
  built+=("$t")
  CGO_ENABLED=0 GOOS="$os" GOARCH="$arch" go build -trimpath -ldflags "$ldflags" -o "$dist/$name/$exe" ./cmd/heat-ls
  cp README.md LICENSE NOTICE "$dist/$name/"
  touch -d "@$epoch" "$dist/$name" "$dist/$name"/* 2>/dev/null || true
  if [ "$os" = windows ]; then
    if command -v zip >/dev/null 2>&1; then
      (cd "$dist" && zip -q -X -r "$name.zip" "$name/$exe" "$name/README.md" "$name/LICENSE" "$name/NOTICE")
    else
      (cd "$dist" && python3 -m zipfile -c "$name.zip" "$name")
    fi
    archives+=("$name.zip")
  else
    if tar --version 2>/dev/null | grep -q 'GNU tar'; then
      tar -C "$dist" --sort=name --mtime="@$epoch" --owner=0 --group=0 --numeric-owner \
        -cf - "$name" | gzip -n -9 > "$dist/$name.tar.gz"
    else # BSD tar (macOS): same contents, not byte-for-byte reproducible
      tar -C "$dist" --uid 0 --gid 0 -cf - "$name" | gzip -n -9 > "$dist/$name.tar.gz"
    fi
    archives+=("$name.tar.gz")
  fi
done

if [ "${VSIX:-1}" != 0 ]; then
  bash editors/vscode/package-vsix.sh "$dist" "$version" "${built[@]}"
fi

# SHA256SUMS covers every archive and .vsix of this version in dist/,
# including those of earlier runs for other targets.
(
  cd "$dist"
  shopt -s nullglob
  listed=(heat-ls_"${version}"_*.tar.gz heat-ls_"${version}"_*.zip heat-ls_"${version}"_*.vsix)
  printf '%s\n' "${listed[@]}" | LC_ALL=C sort | while read -r f; do sha256 "$f"; done
) > "$dist/SHA256SUMS"
vsix=""; [ "${VSIX:-1}" = 0 ] || vsix=" and their .vsix files"
echo "release: ${#archives[@]} archive(s)${vsix} of heat-ls ${version} in $dist; checksums in $dist/SHA256SUMS"
