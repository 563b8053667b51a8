#!/usr/bin/env bash
# Packages the VS Code extension for a release (called by .ci/release.sh):
#
#   editors/vscode/package-vsix.sh DIST VERSION [OS/ARCH...]
#
# Builds the extension once (npm ci, type check, esbuild bundle), then writes
#   DIST/heat-ls_<version>_vscode_<target>.vsix   for each OS/ARCH named, with
#       the binary DIST/heat-ls_<version>_<os>_<arch>/heat-ls[.exe] (built by
#       release.sh) at extension/bin/ and `vsce package --target <target>`;
#       <target> is VS Code's name: linux-x64, darwin-arm64, win32-x64, ...
#   DIST/heat-ls_<version>_vscode_universal.vsix  without a binary: it uses
#       heat-ls.path or heat-ls on PATH.
# Each package is made from a staging copy of the files .vscodeignore lets
# in, with the repository's LICENSE (Apache-2.0) and NOTICE at the
# extension's root (vsce stores LICENSE as extension/LICENSE.txt and names it
# in the manifest; it refuses to package without one), so nothing is written into the checkout but node_modules/ and out/.
# The extension's version is VERSION when that is a plain X.Y.Z (the VS Code
# Marketplace takes no other), else package.json's.
set -euo pipefail

[ $# -ge 2 ] || { echo "usage: $0 DIST VERSION [OS/ARCH...]" >&2; exit 2; }
dist="$(cd "$1" && pwd)" version="$2"
shift 2
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here"

command -v npm >/dev/null 2>&1 || {
  echo "package-vsix: npm (Node.js >= 20) is needed to package the VS Code extension; VSIX=0 .ci/release.sh skips it" >&2
  exit 2
}

# VS Code's platform name for a Go OS/ARCH.
vscode_target() {
  case "$1" in
    linux/amd64) echo linux-x64 ;;
    linux/arm64) echo linux-arm64 ;;
    darwin/amd64) echo darwin-x64 ;;
    darwin/arm64) echo darwin-arm64 ;;
    windows/amd64) echo win32-x64 ;;
    windows/arm64) echo win32-arm64 ;;
    *) echo "package-vsix: no VS Code target for $1" >&2; return 1 ;;
  esac
}

echo "package-vsix: building the extension"
npm ci --no-audit --no-fund --prefer-offline >/dev/null
npm run build >/dev/null
vsce="$here/node_modules/.bin/vsce"

stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT

# package TARGET BINARY OUT: stages the extension (with BINARY at bin/ when
# given) and packages it for TARGET ("" for universal) into OUT.
package() {
  local target="$1" binary="$2" out="$3" dir="$stage/${1:-universal}"
  mkdir -p "$dir/out" "$dir/syntaxes"
  cp package.json README.md THIRD_PARTY_NOTICES.md language-configuration.json .vscodeignore "$dir/"
  cp ../../LICENSE ../../NOTICE "$dir/"
  cp out/extension.js out/graph-webview.js "$dir/out/"
  cp syntaxes/* "$dir/syntaxes/"
  if [ -n "$binary" ]; then
    mkdir -p "$dir/bin"
    cp "$binary" "$dir/bin/"
    chmod 0755 "$dir/bin/$(basename "$binary")"
  fi
  if [[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
    node -e 'const f=process.argv[1],p=require(f);p.version=process.argv[2];require("fs").writeFileSync(f,JSON.stringify(p,null,2)+"\n")' \
      "$dir/package.json" "$version"
  fi
  local args=(package --no-dependencies --allow-missing-repository --out "$out")
  [ -z "$target" ] || args+=(--target "$target")
  (cd "$dir" && "$vsce" "${args[@]}" >/dev/null)
  echo "package-vsix: $(basename "$out")"
}

for t in "$@"; do
  os="${t%/*}" arch="${t#*/}"
  target="$(vscode_target "$t")"
  exe="heat-ls"; [ "$os" = windows ] && exe="heat-ls.exe"
  binary="$dist/heat-ls_${version}_${os}_${arch}/$exe"
  [ -f "$binary" ] || { echo "package-vsix: $binary is missing (build it with .ci/release.sh $t)" >&2; exit 1; }
  package "$target" "$binary" "$dist/heat-ls_${version}_vscode_${target}.vsix"
done
package "" "" "$dist/heat-ls_${version}_vscode_universal.vsix"
