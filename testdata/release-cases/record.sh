#!/usr/bin/env bash
# Re-record Heat's verdict on every case here, once per Heat release, into
# CASE/heat-releases.json. Needs Heat (../shared/heat/oracle/setup.sh) and a
# git copy of openstack/heat; the Go tests only replay the recorded files.
#
#   bash testdata/release-cases/record.sh HEAT_GIT_DIR [SHARED_DIR]
set -euo pipefail
git_dir=${1:?git directory of openstack/heat}
here=$(cd "$(dirname "$0")" && pwd)
shared=${2:-$here/../../../shared}
oracle=$shared/heat/oracle
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cd "$here"
ls -d */ | sed 's|/$|/template.yaml|' > "$out/list"
for rel in 2022.2 2023.1 2023.2 2024.1 2024.2 2025.1 2025.2 2026.1 master; do
  (
    # 2022.2 is the Heat installed on the machine; the others run from
    # their own source tree on top of it.
    if [ "$rel" != 2022.2 ]; then eval "$(bash "$oracle/release-env.sh" "$rel" "$git_dir")"; fi
    /usr/bin/python3 "$oracle/batch_both.py" "$out/list" . "$out/$rel.json" >/dev/null
  )
done
/usr/bin/python3 - "$out" <<'PY'
import json, os, sys
out = sys.argv[1]
names = {"master": "2026.2"}
rels = ["2022.2", "2023.1", "2023.2", "2024.1", "2024.2", "2025.1", "2025.2", "2026.1", "master"]
def text(m):
    # A few plugins hand Heat a (format, value) pair as the message.
    return " ".join(map(str, m)) if isinstance(m, list) else m
runs = {r: json.load(open(os.path.join(out, r + ".json"))) for r in rels}
for case in sorted(runs["2022.2"]):
    verdicts = {}
    for r in rels:
        v = runs[r][case]
        verdicts[names.get(r, r)] = {
            mode: [{"kind": e["kind"], "message": text(e["message"]), "path": e["path"]} for e in v.get(mode) or []]
            for mode in ("validate", "create")
        }
    # One release a line: small, and a diff shows which release changed.
    lines = ["%s: %s" % (json.dumps(r), json.dumps(verdicts[r], sort_keys=True)) for r in sorted(verdicts)]
    with open(os.path.join(os.path.dirname(case), "heat-releases.json"), "w") as f:
        f.write("{\n" + ",\n".join(lines) + "\n}\n")
PY
