#!/usr/bin/python3
"""Random conditions (equals, not, and, or, contains, yaql, named and inline
ones, booleans) deciding which resources and outputs a stack has, and the
branches of if, as preview cases, for judging conditions against Heat:
condition_gen.py OUT_DIR (seeded). Record Heat's verdicts with
PREVIEW_CASES=OUT_DIR ../judge.py cases."""
import json, os, random, sys, yaml
random.seed(31)
OUT = sys.argv[1]


def cond(depth, names):
    r = random.random()
    if depth > 2 or r < 0.25:
        return random.choice(names + [True, False])
    return random.choice([
        lambda: {'equals': [{'get_param': random.choice(['env', 'n'])}, random.choice(['prod', 'dev', 3, '3'])]},
        lambda: {'not': cond(depth + 1, names)},
        lambda: {'and': [cond(depth + 1, names), cond(depth + 1, names)]},
        lambda: {'or': [cond(depth + 1, names), cond(depth + 1, names)]},
        lambda: {'contains': [random.choice(['a', 'z']), {'get_param': 'zones'}]},
        lambda: {'yaql': {'expression': '$.data.n > 2', 'data': {'n': {'get_param': 'n'}}}},
    ])()


for i in range(40):
    d = os.path.join(OUT, 'c%02d' % i)
    os.makedirs(d, exist_ok=True)
    conds = {}
    for k in range(4):
        conds['k%d' % k] = cond(0, list(conds))  # only earlier names: no loops
    names = list(conds)
    t = {'heat_template_version': '2018-08-31',
         'parameters': {'env': {'type': 'string', 'default': random.choice(['prod', 'dev'])},
                        'n': {'type': 'number', 'default': random.choice([2, 3])},
                        'zones': {'type': 'comma_delimited_list', 'default': random.choice(['a,b', 'x'])}},
         'conditions': conds,
         'resources': {},
         'outputs': {}}
    for k in range(4):
        r = {'type': 'OS::Heat::RandomString',
             'properties': {'salt': {'if': [random.choice(names + [cond(1, names)]), 'yes', 'no']}}}
        if random.random() < 0.7:
            r['condition'] = random.choice(names + [cond(1, names)])
        t['resources']['r%d' % k] = r
        t['outputs']['o%d' % k] = {'value': {'if': [random.choice(names), 'on', 'off']}}
    yaml.safe_dump(t, open(os.path.join(d, 'template.yaml'), 'w'), sort_keys=False)
    if random.random() < 0.5:
        json.dump({'env': random.choice(['prod', 'dev']), 'n': random.choice(['2', '3'])}, open(os.path.join(d, 'params.json'), 'w'))
