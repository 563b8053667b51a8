#!/usr/bin/env bash
# The heat-ls extension in a real VS Code. Run by TestVSCodeWorkbench
# (editors/vscode_e2e_test.go), which builds what it needs; by hand:
#
#   HEAT_LS_BIN=... VSIX_UNIVERSAL=... VSIX_PLATFORM=... E2E_ARTIFACTS=dir \
#     editors/vscode/e2e/run.sh
#
# Installs code-server (VS Code 1.100.3's server and web workbench) and
# playwright-core at the versions package-lock.json pins, into
# $E2E_CACHE/<hash of the lock>/ (reused while the lock is unchanged), then
# runs three scenarios, each in a fresh profile, workspace and HOME, with a
# PATH that holds no heat-ls but where the scenario says:
#
#   setting  the universal .vsix (no binary) with heat-ls.path = HEAT_LS_BIN;
#            checks diagnostic, hover, quick fix, completion and the
#            resource graph view (workbench.e2e.js) on
#            testdata/editors/vscode-e2e/stack.yaml, that the view fits
#            row.yaml's five resources in a row into its panel, and the
#            stack preview with the environment picker on
#            testdata/editors/preview/web.yaml (SETTING_CHECKS picks checks;
#            E2E_SCENARIOS=setting runs only this scenario)
#   bundled  the .vsix for this platform, heat-ls.path unset: the server is
#            the binary inside the extension; checks the diagnostic
#   path     the universal .vsix, heat-ls.path unset, HEAT_LS_BIN's
#            directory on PATH; checks the diagnostic
#
# and in each that the extension's output channel names where the server
# came from and shows heat-ls's log as readable lines (not JSON). code-server listens on 127.0.0.1 only, runs in its own process
# group (its pid in $E2E_ARTIFACTS/<scenario>/code-server.pid) and is
# stopped with that group. Screenshots, logs and the workspace of each
# scenario stay in $E2E_ARTIFACTS.
#
# Needs Debian's chromium, ripgrep, build-essential, python3, libkrb5-dev and
# curl, and Node.js with npm (Node 20 exactly for code-server 4.100.3: any
# other Node gets Node 20 from the npm package node-linux-<arch>).
#
# Prints "ok: ...", "FAIL: ..." lines and a summary; exits 0 when all pass.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
: "${HEAT_LS_BIN:?path of the heat-ls to set as heat-ls.path}"
: "${VSIX_UNIVERSAL:?the universal .vsix}"
: "${VSIX_PLATFORM:?the .vsix for this platform, carrying heat-ls}"
: "${E2E_ARTIFACTS:?a directory for screenshots and logs}"
cache="${E2E_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/heat-ls-vscode-e2e}"
port="${PORT:-18765}"
chromium="${CHROMIUM:-$(command -v chromium || echo /usr/bin/chromium)}"
fixture="$root/testdata/editors/vscode-e2e"
NODE20=20.20.2        # node-linux-<arch> from npm when the system Node is not 20
RG_CACHE=1.15.11      # @vscode/ripgrep's version inside code-server 4.100.3

t0=$(date +%s)
say() { printf '%s vscode-e2e: %s\n' "$(date -u +%T)" "$*"; }
passed=0 failed=0
ok() { echo "ok: $*"; passed=$((passed + 1)); }
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }

mkdir -p "$E2E_ARTIFACTS" "$cache"
E2E_ARTIFACTS="$(cd "$E2E_ARTIFACTS" && pwd)"

# ---------------------------------------------------------------- Node 20
# code-server 4.100.3 is the last release whose npm package runs on Node 20,
# and its postinstall refuses any other major version.
if [ "$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)" != 20 ]; then
  case "$(uname -m)" in x86_64) narch=x64 ;; aarch64) narch=arm64 ;; *) narch=unknown ;; esac
  nd="$cache/node$NODE20/node_modules/node-linux-$narch"
  if [ ! -x "$nd/bin/node" ]; then
    say "installing Node $NODE20 (npm package node-linux-$narch)"
    timeout -k 10 300 npm install --prefix "$cache/node$NODE20" --no-audit --no-fund --ignore-scripts \
      "node-linux-$narch@$NODE20" >/dev/null
  fi
  mkdir -p "$nd/lib" # npx (node-pty's postinstall) lstat()s <prefix>/lib
  export PATH="$nd/bin:$PATH" npm_config_nodedir="$nd"
fi
nodedir="$(dirname "$(command -v node)")"

# ---------------------------------------------------------------- code-server + playwright-core
lock="$(cat "$here/package.json" "$here/package-lock.json" | sha256sum | cut -c1-16)"
inst="$cache/$lock"
if [ ! -f "$inst/.complete" ]; then
  say "installing code-server and playwright-core (package-lock.json) into $inst"
  t=$(date +%s)
  rm -rf "$inst"
  mkdir -p "$inst/tmp/vscode-ripgrep-cache-$RG_CACHE" "$inst/rg"
  cp "$here/package.json" "$here/package-lock.json" "$inst/"
  # @vscode/ripgrep's postinstall downloads rg from GitHub unless its cache
  # ($TMPDIR/vscode-ripgrep-cache-<version>) holds the asset: seed it with
  # Debian's rg.
  cp "$(command -v rg)" "$inst/rg/rg"
  tar -czf "$inst/tmp/vscode-ripgrep-cache-$RG_CACHE/ripgrep-v13.0.0-10-$(uname -m)-unknown-linux-musl.tar.gz" -C "$inst/rg" rg
  # unsafe_perm: code-server's postinstall refuses root without it.
  # dangerously_allow_all_scripts: npm 11 runs no dependency install script
  #   unless told (older npm ignores it); as environment it reaches the
  #   nested installs code-server's postinstall starts.
  # yes: node-pty's postinstall runs "npx node-gyp", which yes=false cancels.
  # JOBS=max: node-gyp compiles each native module with make -j<cores>.
  # Run from inside the directory, not with --prefix: npm 9's inherited
  # prefix breaks that npx.
  if ! (cd "$inst" && TMPDIR="$inst/tmp" JOBS=max npm_config_unsafe_perm=true npm_config_dangerously_allow_all_scripts=true \
    npm_config_yes=true timeout -k 10 900 npm ci --foreground-scripts --no-audit --no-fund) >"$inst.log" 2>&1; then
    tail -40 "$inst.log"
    fail "install: npm ci of code-server failed (log: $inst.log)"
    echo "heat-ls workbench test: $passed passed, 0 skipped, $failed failed"
    exit 1
  fi
  touch "$inst/.complete"
  # Installs for earlier lock files are dead weight (about 300 MB each).
  for old in "$cache"/????????????????; do
    [ "$old" = "$inst" ] || [ ! -d "$old" ] || rm -rf "$old" "$old.log"
  done
  say "installed in $(($(date +%s) - t))s ($(du -sh "$inst" | cut -f1))"
fi
cs="$inst/node_modules/.bin/code-server"
say "code-server $(XDG_CONFIG_HOME="$E2E_ARTIFACTS/.config" "$cs" --version 2>/dev/null | tail -1), node $(node --version), chromium $("$chromium" --version 2>/dev/null | head -1)"

# ---------------------------------------------------------------- scenarios
cs_pid="" cs_pidfile=""
stop_cs() {
  [ -n "$cs_pid" ] || return 0
  if kill -0 -- "-$cs_pid" 2>/dev/null; then
    kill -TERM -- "-$cs_pid" 2>/dev/null || true
    for _ in $(seq 20); do kill -0 -- "-$cs_pid" 2>/dev/null || break; sleep 0.5; done
    kill -KILL -- "-$cs_pid" 2>/dev/null || true
  fi
  rm -f "$cs_pidfile" # stopped: no one may kill that (reusable) id later
  cs_pid=""
}
trap stop_cs EXIT
trap 'exit 143' TERM INT

# scenario NAME VSIX SETTING_PATH CHECKS EXPECTED_SOURCE_LINE [PATH_DIR]
scenario() {
  local name="$1" vsix="$2" setting="$3" checks="$4" source_line="$5" path_dir="${6:-}"
  local dir="$E2E_ARTIFACTS/$name"
  rm -rf "$dir"
  mkdir -p "$dir/user-data/User" "$dir/ws" "$dir/extensions" "$dir/home" "$dir/shots"
  cp "$fixture/stack.yaml" "$fixture/row.yaml" "$dir/ws/"
  cp -r "$root/testdata/editors/preview/." "$dir/ws/"
  local path_setting=""
  [ -z "$setting" ] || path_setting="\"heat-ls.path\": \"$setting\","
  cat >"$dir/user-data/User/settings.json" <<EOF
{
  $path_setting
  "security.workspace.trust.enabled": false,
  "telemetry.telemetryLevel": "off",
  "update.mode": "none",
  "extensions.autoCheckUpdates": false,
  "extensions.autoUpdate": false,
  "workbench.startupEditor": "none",
  "workbench.tips.enabled": false,
  "editor.hover.delay": 200,
  "editor.minimap.enabled": false
}
EOF
  # No heat-ls on PATH (but in PATH_DIR), no Go bin under HOME: the server
  # can only be the one the scenario provides.
  local -a run_env=(env -i "PATH=$nodedir:/usr/local/bin:/usr/bin:/bin${path_dir:+:$path_dir}" "HOME=$dir/home" "TMPDIR=$dir/home"
    "XDG_CONFIG_HOME=$dir/home/.config" "XDG_DATA_HOME=$dir/home/.local/share" "XDG_CACHE_HOME=$dir/home/.cache" "LANG=C.UTF-8")
  # VS Code takes the extension host's PATH from the user's login shell
  # (Debian's /etc/profile sets it anew), so PATH_DIR goes where a user puts
  # it: ~/.profile.
  [ -z "$path_dir" ] || printf 'PATH="%s:$PATH"\n' "$path_dir" >"$dir/home/.profile"
  if [ -z "$path_dir" ] && "${run_env[@]}" sh -c 'command -v heat-ls' >/dev/null 2>&1; then
    fail "$name: heat-ls is installed in a system directory ($("${run_env[@]}" sh -c 'command -v heat-ls')); the test needs a PATH without it"
    return
  fi
  if ! "${run_env[@]}" timeout -k 5 120 "$cs" --user-data-dir "$dir/user-data" --extensions-dir "$dir/extensions" \
    --install-extension "$vsix" >"$dir/install-extension.log" 2>&1; then
    fail "$name: code-server --install-extension $(basename "$vsix"): $(tail -3 "$dir/install-extension.log" | tr '\n' ' ')"
    return
  fi
  if curl -s -o /dev/null "http://127.0.0.1:$port/healthz"; then
    fail "$name: port $port is already in use"
    return
  fi
  # setsid: code-server, its extension host, heat-ls and the file watcher
  # share a new process group, whose id is the pid the child writes.
  "${run_env[@]}" setsid sh -c 'echo $$ >"$0"; exec "$@"' "$dir/code-server.pid" \
    "$cs" --auth none --bind-addr "127.0.0.1:$port" \
    --user-data-dir "$dir/user-data" --extensions-dir "$dir/extensions" \
    --disable-telemetry --disable-update-check --disable-workspace-trust \
    --disable-getting-started-override "$dir/ws" >"$dir/code-server.log" 2>&1 &
  for _ in $(seq 50); do [ -s "$dir/code-server.pid" ] && break; sleep 0.1; done
  cs_pid="$(cat "$dir/code-server.pid")" cs_pidfile="$dir/code-server.pid"
  local up=0
  for _ in $(seq 120); do
    if curl -s -o /dev/null "http://127.0.0.1:$port/healthz"; then up=1; break; fi
    kill -0 "$cs_pid" 2>/dev/null || break
    sleep 0.5
  done
  if [ $up = 0 ]; then
    fail "$name: code-server did not come up: $(tail -5 "$dir/code-server.log" | tr '\n' ' ')"
    stop_cs
    return
  fi
  local t rc
  t=$(date +%s)
  set +e
  # timeout -k: playwright closes the browser on SIGTERM, which can hang.
  CS_URL="http://127.0.0.1:$port" WS_DIR="$dir/ws" EXPECT="$fixture/expect.json" SHOTS="$dir/shots" \
    CHROMIUM="$chromium" CHECKS="$checks" NODE_PATH="$inst/node_modules" \
    timeout -k 15 300 node "$here/workbench.e2e.js" >"$dir/workbench.log" 2>&1
  rc=$?
  set -e
  while IFS= read -r line; do
    case "$line" in
      "ok: "*) ok "$name: ${line#ok: }" ;;
      "FAIL: "*) fail "$name: ${line#FAIL: }" ;;
      *) echo "  $line" ;;
    esac
  done <"$dir/workbench.log"
  [ $rc = 0 ] || grep -q '^FAIL: ' "$dir/workbench.log" || fail "$name: workbench.e2e.js exited $rc"
  say "$name: workbench checks took $(($(date +%s) - t))s"
  # The extension's output channel, as VS Code logs it.
  local chan
  chan="$(grep -rl --include='*heat-ls*.log' -e 'Starting ' "$dir/user-data/logs" 2>/dev/null | head -1 || true)"
  if [ -n "$chan" ] && grep -qF "$source_line" "$chan"; then
    ok "$name: the output channel says $(grep -m1 'Starting ' "$chan" | sed 's/^.*Starting /Starting /')"
  else
    fail "$name: the output channel does not say \"$source_line\" (${chan:-no heat-ls channel log under $dir/user-data/logs})"
  fi
  # heat-ls's log as the user reads it: time, level, message, fields; no JSON lines.
  local init
  init="$(grep -m1 -E $'^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+(Z|[+-][0-9:]+)\tINFO\tinitialize\t[{]' "${chan:-/dev/null}" || true)"
  if [ -n "$init" ] && ! grep -q '^{"level"' "$chan"; then
    ok "$name: the output channel shows readable log lines: $(printf '%s' "$init" | tr '\t' ' ' | cut -c1-120)"
  else
    fail "$name: the output channel holds no readable initialize line, or JSON log lines: $(grep -m3 -v '^Starting ' "${chan:-/dev/null}" | tr '\n' ' ' | cut -c1-300)"
  fi
  stop_cs
}

expect_line() { node -p "require('$fixture/expect.json').outputChannel.$1"; }
# E2E_SCENARIOS (e.g. "setting") runs only those, for a quicker run by hand.
wanted() { case ",${E2E_SCENARIOS:-setting,bundled,path}," in *",$1,"*) return 0 ;; *) return 1 ;; esac; }
wanted setting && scenario setting "$VSIX_UNIVERSAL" "$HEAT_LS_BIN" "${SETTING_CHECKS:-diagnostic,hover,quickfix,completion,graph,graphfit,preview,previewhover,previewlens,previewgrey}" "$(expect_line setting)"
wanted bundled && scenario bundled "$VSIX_PLATFORM" "" diagnostic "$(expect_line bundled)"
wanted path && scenario path "$VSIX_UNIVERSAL" "" diagnostic "$(expect_line path)" "$(dirname "$HEAT_LS_BIN")"
ls -l "$E2E_ARTIFACTS"/bundled/extensions/*/bin/heat-ls 2>/dev/null | sed 's/^/  bundled binary as installed: /' || true

echo "heat-ls workbench test (code-server 4.100.3, $(($(date +%s) - t0))s): $passed passed, 0 skipped, $failed failed"
[ $failed = 0 ]
