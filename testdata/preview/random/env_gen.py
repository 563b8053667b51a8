#!/usr/bin/python3
"""Random stacks of environment files (parameters, parameter_defaults and
parameter_merge_strategies over every parameter type) as preview cases,
for judging the merge against Heat: env_gen.py OUT_DIR (seeded). Record
Heat's verdicts with PREVIEW_CASES=OUT_DIR ../judge.py cases."""
import random, os, sys, yaml
random.seed(11)
OUT = sys.argv[1]
os.makedirs(OUT, exist_ok=True)
types = {'s': 'string', 'l': 'comma_delimited_list', 'j': 'json', 'n': 'number', 'b': 'boolean'}
def val(t):
    return {'string': lambda: random.choice(['a', 'b,c', '', 'x y']),
            'comma_delimited_list': lambda: random.choice([['p', 'q'], 'r,s', ['t'], []]),
            'json': lambda: random.choice([{'k': {'a': 1}}, {'k': {'b': [2]}, 'z': 'w'}, {'m': 'n'}, '{"k": {"c": 3}}']),
            'number': lambda: random.choice([1, '2', 3.5]),
            'boolean': lambda: random.choice([True, 'false', 'yes'])}[t]()
for i in range(40):
    d = os.path.join(OUT, 'r%02d' % i)
    os.makedirs(d, exist_ok=True)
    t = {'heat_template_version': '2018-08-31',
         'parameters': {k: ({'type': v, 'default': val(v)} if random.random() < 0.7 else {'type': v}) for k, v in types.items()},
         'resources': {},
         'outputs': {k: {'value': {'get_param': k}} for k in types}}
    yaml.safe_dump(t, open(os.path.join(d, 'template.yaml'), 'w'), sort_keys=False)
    for e in range(random.randint(1, 3)):
        env = {}
        if random.random() < 0.6:
            env['parameter_merge_strategies'] = {k: random.choice(['overwrite', 'merge', 'deep_merge']) for k in random.sample(list(types), 2)}
            if random.random() < 0.3:
                env['parameter_merge_strategies']['default'] = random.choice(['merge', 'overwrite'])
        for sec in ('parameters', 'parameter_defaults'):
            if random.random() < 0.6:
                env[sec] = {k: val(types[k]) for k in random.sample(list(types), random.randint(1, 3))}
        yaml.safe_dump(env, open(os.path.join(d, 'env%d.yaml' % (e + 1)), 'w'), sort_keys=False)
