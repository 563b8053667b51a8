#!/usr/bin/python3
"""Random resource registries (exact names, globs, type-to-type chains,
per-resource sections, templates, OS::Heat::None) over one or two
environment files, as preview cases, for judging type resolution against
Heat: registry_gen.py OUT_DIR (seeded). Record Heat's verdicts with
PREVIEW_CASES=OUT_DIR ../judge.py cases."""
import os, random, sys, yaml
random.seed(23)
OUT = sys.argv[1]
targets = ['OS::Heat::RandomString', 'OS::Heat::None', 'OS::Heat::TestResource', 'My::B', 'My::C',
           'nested.yaml', 'other.yaml']
NESTED = {'heat_template_version': '2018-08-31',
          'resources': {'inner': {'type': 'OS::Heat::RandomString', 'properties': {'length': 9}}}}
OTHER = {'heat_template_version': '2018-08-31',
         'resources': {'inner': {'type': 'My::C'}}}
for i in range(40):
    d = os.path.join(OUT, 'g%02d' % i)
    os.makedirs(d, exist_ok=True)
    names = ['r%d' % k for k in range(4)]
    t = {'heat_template_version': '2018-08-31',
         'resources': {n: {'type': random.choice(['My::A', 'My::B', 'My::C', 'Glob::RandomString', 'Glob::None'])} for n in names}}
    yaml.safe_dump(t, open(os.path.join(d, 'template.yaml'), 'w'), sort_keys=False)
    yaml.safe_dump(NESTED, open(os.path.join(d, 'nested.yaml'), 'w'), sort_keys=False)
    yaml.safe_dump(OTHER, open(os.path.join(d, 'other.yaml'), 'w'), sort_keys=False)
    for e in range(random.randint(1, 2)):
        reg = {}
        for typ in random.sample(['My::A', 'My::B', 'My::C'], random.randint(1, 3)):
            reg[typ] = random.choice([x for x in targets if x != typ])
        if random.random() < 0.5:
            reg['Glob::*'] = 'OS::Heat::*'
        if random.random() < 0.3:
            reg['My::*'] = random.choice(['OS::Heat::None', 'OS::Heat::RandomString'])
        if random.random() < 0.5:
            reg['resources'] = {random.choice(names): {random.choice(['My::A', 'My::B', 'My::C']): random.choice(['OS::Heat::None', 'nested.yaml'])}}
        yaml.safe_dump({'resource_registry': reg}, open(os.path.join(d, 'env%d.yaml' % (e + 1)), 'w'), sort_keys=False)
