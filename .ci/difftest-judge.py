#!/usr/bin/python3
"""Heat's verdicts for the differential test: batch_both.py's output
(LIST ROOT OUT.json; each file maps to {"validate": [...], "create": [...]},
with a placeholder value for every parameter without default at create),
with batch_both.py's "validate_notes" / "create_notes": the kinds of the
oracle's notes in each mode. needs_cloud_abort means the oracle gave up
because a resource needed a live cloud: Heat's verdict there is no verdict,
it found nothing only because it stopped looking; the other kinds say where
an offline stub let a check pass (analysis/check/difftest/uncounted.go).

Usage: difftest-judge.py ORACLE_DIR LIST ROOT OUT.json"""
import contextlib
import io
import json
import os
import sys

oracle, listing, root, out_path = sys.argv[1:5]
sys.path.insert(0, oracle)
import validate  # noqa: E402  (the oracle's module)
import yaml  # noqa: E402

# The same placeholders and trimming as batch_both.py, so rows compare,
# except that a parameter whose default is written with no value (null) gets
# one too: Heat reads a null default as none (Parameter.has_default), so
# without a value its create stops at that parameter, as it would for any
# parameter without default.
PLACEHOLDER = {'string': 'x', 'number': '1', 'boolean': 'false',
               'comma_delimited_list': 'a,b', 'json': '{}'}


def filled_params(path):
    try:
        t = yaml.safe_load(open(path))
        ps = (t or {}).get('parameters') or {}
    except Exception:
        return {}
    return {str(n): PLACEHOLDER.get(p.get('type', 'string'), 'x')
            for n, p in ps.items() if isinstance(p, dict) and p.get('default') is None}


def trimmed(errs, filled):
    out = []
    for e in errs:
        m = e.get('message') or ''
        if not isinstance(m, str):  # Heat left a message as its format arguments
            m = ' '.join(str(x) for x in m) if isinstance(m, (list, tuple)) else str(m)
        out.append({'mode': e.get('mode'), 'kind': e.get('kind'), 'message': m[:200],
                    'path': e.get('path'),
                    'placeholder': any(('(%s)' % n) in m or ("'%s'" % n) in m for n in filled)})
    return out


files = [line.strip() for line in open(listing) if line.strip()]
result = {}
for f in files:
    p = os.path.join(root, f)
    filled = filled_params(p)
    row = {}
    for mode in ('validate', 'create'):
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            try:
                r = validate.validate_file(p, user_params=filled if mode == 'create' else None, mode=mode)
            except Exception as e:
                r = [{'kind': 'crash', 'message': str(e), 'mode': mode}]
        if isinstance(r, list):
            errs, notes = r, []
        else:
            errs, notes = r.get('errors', []), r.get('notes', [])
        row[mode] = trimmed(errs, filled)
        # as batch_both.py keeps them: the kinds, sorted
        row[mode + '_notes'] = sorted({n.get('kind', '') for n in notes if isinstance(n, dict)})
    result[f] = row
json.dump(result, open(out_path, 'w'), indent=1)
accepted = sum(1 for r in result.values() if not r['validate'] and not r['create'])
aborts = sum(1 for r in result.values()
             if 'needs_cloud_abort' in r['validate_notes'] + r['create_notes'])
print(f'{len(result)} files; accepted at validate and create: {accepted}; oracle gave up (needs a cloud) in {aborts}')
