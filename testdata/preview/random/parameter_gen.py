#!/usr/bin/python3
"""Random parameters of every type with constraints (allowed_values,
length, range, allowed_pattern), defaults and -P values of every shape, as
preview cases, for judging conversion and constraints against Heat:
parameter_gen.py OUT_DIR (seeded). Record Heat's verdicts with
PREVIEW_CASES=OUT_DIR ../judge.py cases."""
import json, os, random, sys, yaml
random.seed(53)
OUT = sys.argv[1]
values = {
    'string': ['abc', 'a', '', 'ABC123', 12, True, 'x y'],
    'number': ['5', '5.5', 7, '0x1', ' 3 ', 'abc', -2, '1e3'],
    'boolean': ['true', 'False', 'yes', 'off', '1', 't', 'maybe', True, 0],
    'comma_delimited_list': ['a,b', '', 'a, b ,c', ['x', 'y'], ['1', 2]],
    'json': ['{"a": 1}', '[1, 2]', {'k': 'v'}, '{bad', ''],
}
constraints = {
    'string': [{'length': {'min': 2, 'max': 4}}, {'allowed_values': ['abc', 'a']}, {'allowed_pattern': '[a-z]+'}, {'allowed_pattern': '[A-Z]+[0-9]*'}],
    'number': [{'range': {'min': 0, 'max': 6}}, {'allowed_values': [5, 7]}, {'range': {'min': 5}}],
    'boolean': [],
    'comma_delimited_list': [{'length': {'max': 2}}, {'allowed_values': ['a', 'b', 'x']}],
    'json': [{'length': {'min': 1}}],
}
for i in range(60):
    d = os.path.join(OUT, 'p%02d' % i)
    os.makedirs(d, exist_ok=True)
    params, cli = {}, {}
    for k, typ in enumerate(random.sample(list(values), 3)):
        name = 'p%d' % k
        p = {'type': typ}
        if random.random() < 0.6:
            p['default'] = random.choice(values[typ])
        if constraints[typ] and random.random() < 0.6:
            p['constraints'] = [random.choice(constraints[typ])]
        params[name] = p
        if 'default' not in p or random.random() < 0.3:
            v = random.choice(values[typ])
            cli[name] = v if isinstance(v, str) else json.dumps(v) if not isinstance(v, bool) else str(v).lower()
    t = {'heat_template_version': '2018-08-31', 'parameters': params, 'resources': {},
         'outputs': {n: {'value': {'get_param': n}} for n in params}}
    yaml.safe_dump(t, open(os.path.join(d, 'template.yaml'), 'w'), sort_keys=False)
    if cli:
        json.dump(cli, open(os.path.join(d, 'params.json'), 'w'))
