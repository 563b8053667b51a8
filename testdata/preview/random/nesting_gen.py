#!/usr/bin/python3
"""Random nested stacks: template resources and resource groups (index_var,
removal_policies, counts from parameters) handing properties and
parameter_defaults down two levels, as preview cases, for judging the
expansion against Heat: nesting_gen.py OUT_DIR (seeded). Record Heat's
verdicts with PREVIEW_CASES=OUT_DIR ../judge.py cases."""
import json, os, random, sys, yaml
random.seed(41)
OUT = sys.argv[1]
LEAF = {'heat_template_version': '2018-08-31',
        'parameters': {'idx': {'type': 'string', 'default': 'none'},
                       'size': {'type': 'number', 'default': 4},
                       'tags': {'type': 'comma_delimited_list', 'default': 't'},
                       'shared': {'type': 'string', 'default': 'leaf'}},
        'resources': {'r': {'type': 'OS::Heat::RandomString',
                            'properties': {'length': {'get_param': 'size'},
                                           'salt': {'list_join': ['-', [{'get_param': 'idx'}, {'get_param': 'shared'}], {'get_param': 'tags'}]}}}},
        'outputs': {'v': {'value': {'get_param': 'idx'}}}}
for i in range(40):
    d = os.path.join(OUT, 'n%02d' % i)
    os.makedirs(d, exist_ok=True)
    yaml.safe_dump(LEAF, open(os.path.join(d, 'leaf.yaml'), 'w'), sort_keys=False)
    mid = {'heat_template_version': '2018-08-31',
           'parameters': {'idx': {'type': 'string'}, 'count': {'type': 'number', 'default': random.randint(0, 3)}},
           'resources': {}}
    iv = random.choice(['%index%', '%i%'])
    mid['resources']['grp'] = {'type': 'OS::Heat::ResourceGroup',
                               'properties': {'count': {'get_param': 'count'}, 'index_var': iv,
                                              'resource_def': {'type': random.choice(['leaf.yaml', 'Leaf::Type']),
                                                               'properties': {'idx': {'str_replace': {'template': 'IDX-' + iv, 'params': {'IDX': {'get_param': 'idx'}}}},
                                                                              'size': random.choice([5, '6', iv.replace('%', '') and 7])}}}}
    if random.random() < 0.4:
        mid['resources']['grp']['properties']['removal_policies'] = [{'resource_list': [random.choice(['0', '1'])]}]
    yaml.safe_dump(mid, open(os.path.join(d, 'mid.yaml'), 'w'), sort_keys=False)
    top = {'heat_template_version': '2018-08-31',
           'parameters': {'n': {'type': 'number', 'default': random.randint(1, 2)}},
           'resources': {'m%d' % k: {'type': random.choice(['mid.yaml', 'Mid::Type']),
                                     'properties': {'idx': 'm%d' % k}} for k in range(2)}}
    if random.random() < 0.5:
        top['resources']['direct'] = {'type': 'OS::Heat::ResourceGroup',
                                      'properties': {'count': {'get_param': 'n'},
                                                     'resource_def': {'type': 'leaf.yaml', 'properties': {'idx': 'd%index%', 'tags': ['x', '%index%']}}}}
    yaml.safe_dump(top, open(os.path.join(d, 'template.yaml'), 'w'), sort_keys=False)
    env = {'resource_registry': {'Mid::Type': 'mid.yaml', 'Leaf::Type': 'leaf.yaml'}}
    if random.random() < 0.6:
        env['parameter_defaults'] = {'shared': random.choice(['from-env', 'x']), 'count': random.randint(0, 2)}
    yaml.safe_dump(env, open(os.path.join(d, 'env1.yaml'), 'w'), sort_keys=False)
