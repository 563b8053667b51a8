#!/usr/bin/python3
"""Heat's own offline stack preview, recorded as verdicts for heat-ls preview.

The engine is the oracle's (../../../shared/heat/oracle, or $HEAT_ORACLE):
Heat 19 in-process with the oracle's stubs for cloud clients. The preview is
what `openstack stack create --dry-run` shows: every resource after
conditions with its resolved properties, nested stacks and group members as
nested lists, and the outputs. A verdict is that preview flattened:

  {"error": text or null,            # Heat refused the stack
   "client_errors": [...],           # what the client refused first
   "resources": {"a": {...}, "grp/0": {...}, "tmpl_res/inner": {...}},
                                     # path: {"type", "properties"}; a nested
                                     # stack's resources replace its parent
   "outputs": {name: value}}         # null where only a live stack knows

Usage:
  judge.py cases [NAME...]     (re)write cases/NAME/heat.json; a case is
                               template.yaml, env*.yaml (in name order),
                               params.json ({"name": "text"}) and files
  judge.py corpus OUT.json     preview every template of the corpus
                               ($CORPUS, default ../../../shared/corpus) with
                               a placeholder for each parameter without a
                               default, and with its own environment files
"""
import contextlib
import glob
import io
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ORACLE = os.environ.get('HEAT_ORACLE', os.path.join(HERE, '../../../shared/heat/oracle'))
CORPUS = os.environ.get('CORPUS', os.path.join(HERE, '../../../shared/corpus'))
sys.path.insert(0, ORACLE)
import validate as V  # noqa: E402  (the oracle's bootstrap and stubs)
import yaml  # noqa: E402

STACK_NAME = 'preview_stack'
PLACEHOLDER = {'string': 'x', 'number': '1', 'boolean': 'false',
               'comma_delimited_list': 'a,b', 'json': '{}'}


def heat_preview(path, envs, params):
    """preview.py's steps, in this process."""
    V.bootstrap()
    from heat.engine import template as templatem, environment, api
    from heat.engine import stack as parser
    from heat.common import template_format, environment_util as env_util
    from heat.engine import service
    out = {'error': None, 'client_errors': [], 'resources': {}, 'outputs': {}}
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        try:
            template = template_format.parse(open(path).read())
            template, files, env_files, cerrs = V.client_side(path, template, envs)
            out['client_errors'] = [e.get('message') for e in cerrs]
            # The API receives files as JSON text; the oracle hands the
            # engine the bytes the client read.
            files = {k: v.decode('utf-8') if isinstance(v, bytes) else v for k, v in files.items()}
            ctx = V.make_context()
            svc = service.EngineService.__new__(service.EngineService)
            tmpl = templatem.Template(template, files=files)
            p = V.base_params(params)
            env_util.merge_environments(list(env_files) or None, files, p,
                                        tmpl.all_param_schemata(files))
            tmpl.env = environment.Environment(p)
            svc._validate_template(ctx, tmpl)
            stack = parser.Stack(ctx, STACK_NAME, tmpl)
            stack.validate()
            preview = api.format_stack_preview(stack)
            flatten(preview['resources'] if isinstance(preview, dict) else preview, '', out['resources'])
            for name, o in stack.outputs.items():
                try:
                    out['outputs'][name] = o.get_value()
                except Exception as ex:  # noqa
                    out['outputs'][name] = {'error': str(ex)}
        except Exception as ex:  # noqa
            out['error'] = '%s: %s' % (type(ex).__name__, ex)
    return json.loads(json.dumps(out, default=str))


def flatten(items, prefix, out):
    """Resources by path; a nested list is the stack of the resource its
    members name as parent_resource."""
    for it in items:
        if isinstance(it, dict):
            out[prefix + it['resource_name']] = {
                'type': it.get('resource_type'),
                'properties': it.get('properties'),
            }
        elif isinstance(it, list):
            parent = parent_of(it)
            if parent is not None:
                flatten(it, prefix + parent + '/', out)


def parent_of(items):
    """The parent_resource the members of a nested list name."""
    for it in items:
        if isinstance(it, dict):
            return it.get('parent_resource')
    return None


def record_cases(names):
    root = os.path.join(HERE, 'cases')
    names = names or sorted(os.listdir(root))
    for n in names:
        d = os.path.join(root, n)
        envs = sorted(glob.glob(os.path.join(d, 'env*.yaml')))
        params = {}
        pj = os.path.join(d, 'params.json')
        if os.path.exists(pj):
            params = json.load(open(pj))
        v = heat_preview(os.path.join(d, 'template.yaml'), envs, params)
        with open(os.path.join(d, 'heat.json'), 'w') as f:
            json.dump(v, f, indent=1, sort_keys=True)
            f.write('\n')
        print(n, 'error' if v['error'] else '%d resources' % len(v['resources']))


def placeholders(path):
    try:
        t = yaml.safe_load(open(path))
        ps = (t or {}).get('parameters') or {}
    except Exception:
        return {}
    return {str(n): PLACEHOLDER.get(p.get('type', 'string'), 'x')
            for n, p in ps.items() if isinstance(p, dict) and p.get('default') is None}


def is_template(path):
    try:
        t = yaml.safe_load(open(path))
    except Exception:
        return False
    return isinstance(t, dict) and 'heat_template_version' in t


def corpus_runs():
    """(template, [envs]) pairs: every template alone, and X.yaml with
    X_env.yaml beside it."""
    runs = []
    for p in sorted(glob.glob(os.path.join(CORPUS, '**', '*.yaml'), recursive=True)):
        if not is_template(p):
            continue
        runs.append((p, []))
        env = p[:-len('.yaml')] + '_env.yaml'
        if os.path.exists(env):
            runs.append((p, [env]))
    return runs


def record_corpus(out_path):
    rows = []
    for tmpl, envs in corpus_runs():
        params = placeholders(tmpl)
        v = heat_preview(tmpl, envs, params)
        v['template'] = os.path.relpath(tmpl, CORPUS)
        v['envs'] = [os.path.relpath(e, CORPUS) for e in envs]
        v['params'] = params
        rows.append(v)
        print(v['template'], v['envs'], 'error' if v['error'] else '%d resources' % len(v['resources']), file=sys.stderr)
    with open(out_path, 'w') as f:
        json.dump(rows, f, indent=1, sort_keys=True)
        f.write('\n')


if __name__ == '__main__':
    if len(sys.argv) >= 2 and sys.argv[1] == 'cases':
        record_cases(sys.argv[2:])
    elif len(sys.argv) == 3 and sys.argv[1] == 'corpus':
        record_corpus(sys.argv[2])
    else:
        sys.exit(__doc__)
