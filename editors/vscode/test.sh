#!/bin/sh
# Builds, tests and packages the VS Code extension:
#   npm ci, type check + esbuild bundle, node --test (unit tests and the
#   protocol test against a freshly built heat-ls), vsce package.
# Needs Go, Node.js >= 20 and npm (the npm registry is the only network use).
# HEAT_LS_BIN may name an already built heat-ls; otherwise it is built here.
set -eu
cd "$(dirname "$0")"
if [ -z "${HEAT_LS_BIN:-}" ]; then
	bindir=$(mktemp -d)
	trap 'rm -rf "$bindir"' EXIT
	(cd ../.. && go build -o "$bindir/heat-ls" ./cmd/heat-ls)
	HEAT_LS_BIN="$bindir/heat-ls"
fi
export HEAT_LS_BIN
npm ci --no-audit --no-fund --prefer-offline
npm run build
npm test
npx vsce package --no-dependencies --skip-license --allow-missing-repository --out heat-ls.vsix
if command -v unzip >/dev/null; then
	for f in out/extension.js out/graph-webview.js THIRD_PARTY_NOTICES.md; do
		unzip -l heat-ls.vsix | grep -q "extension/$f" || { echo "heat-ls.vsix lacks $f" >&2; exit 1; }
	done
	if unzip -l heat-ls.vsix | grep -q "extension/node_modules/"; then
		echo "heat-ls.vsix carries node_modules: the scripts must be bundled" >&2
		exit 1
	fi
fi
echo "vscode: OK ($(pwd)/heat-ls.vsix)"
