#!/usr/bin/python3
"""Random templates whose outputs compose HOT functions over literals and
parameters, for judging the evaluator against Heat: gen.py OUT_DIR (seeded,
so the same files come out every time). Record Heat's verdicts with
../judge.py tree OUT_DIR ../random.json."""
import random, json, os, sys, yaml
OUT = sys.argv[1]
random.seed(7)
texts = ['a', 'b,c', 'x y', '', 'one-two', '%p%', '$k', 'A']
def lit(depth):
    r = random.random()
    if depth > 2 or r < 0.4:
        return random.choice(texts + [1, 2.5, True, None, [ 'a', 'b'], {'k': 'v'}])
    return expr(depth + 1)
def textexpr(depth):
    if depth > 2 or random.random() < 0.5:
        return random.choice(texts)
    return random.choice([
        lambda: {'list_join': [random.choice([',', '-', '']), [textexpr(depth+1), textexpr(depth+1)]]},
        lambda: {'str_replace': {'template': random.choice(['%p% and $k', 'ab$k', 'x']), 'params': {'%p%': lit(depth+1), '$k': textexpr(depth+1)}}},
        lambda: {'str_split': [',', 'a,b,c', random.choice([0, 1, '-1', 5])]},
        lambda: {'get_param': random.choice(['s', 'n', 'b'])},
        lambda: {'digest': [random.choice(['md5', 'sha1', 'sha256']), textexpr(depth+1)]},
    ])()
def listexpr(depth):
    if depth > 2 or random.random() < 0.4:
        return random.choice([['a', 'b'], [1, 'a', 1], [], None, ['x']])
    return random.choice([
        lambda: {'list_concat': [listexpr(depth+1), listexpr(depth+1)]},
        lambda: {'list_concat_unique': [listexpr(depth+1), listexpr(depth+1)]},
        lambda: {'filter': [listexpr(depth+1), listexpr(depth+1)]},
        lambda: {'str_split': [random.choice([',', ' ']), textexpr(depth+1)]},
        lambda: {'repeat': {'for_each': {'%i': listexpr(depth+1)}, 'template': random.choice(['v%i', {'k%i': '%i'}])}},
        lambda: {'get_param': random.choice(['l', ['j', 'list']])},
        lambda: {'yaql': {'expression': random.choice(['$.data.l.distinct()', '$.data.l.where($ != 1)', '$.data.l.select(str($))']), 'data': {'l': listexpr(depth+1)}}},
    ])()
def mapexpr(depth):
    if depth > 2 or random.random() < 0.4:
        return random.choice([{'a': 1}, {'b': 'x', 'a': 2}, {}, None])
    return random.choice([
        lambda: {'map_merge': [mapexpr(depth+1), mapexpr(depth+1)]},
        lambda: {'map_replace': [mapexpr(depth+1), {'keys': {'a': 'A'}, 'values': {'x': 'X'}}]},
        lambda: {'get_param': 'j'},
    ])()
def expr(depth):
    return random.choice([textexpr, listexpr, mapexpr, lambda d: {'if': [random.choice(['c1', 'c2', {'not': 'c1'}]), textexpr(d+1), listexpr(d+1)]}, lambda d: {'contains': [textexpr(d+1), listexpr(d+1)]}, lambda d: {'make_url': {'scheme': 'http', 'host': random.choice(['h', '::1', '[::2]']), 'port': random.choice([80, '8080', 443]), 'path': textexpr(d+1), 'query': {'q': textexpr(d+1)}}}])(depth)
os.makedirs(OUT, exist_ok=True)
for i in range(60):
    t = {'heat_template_version': '2021-04-16',
         'parameters': {'s': {'type': 'string', 'default': 'p,q'}, 'n': {'type': 'number', 'default': 3}, 'b': {'type': 'boolean', 'default': 'on'},
                        'l': {'type': 'comma_delimited_list', 'default': 'a,b,a'}, 'j': {'type': 'json', 'default': {'list': [1, 2], 'a': 'x'}}},
         'conditions': {'c1': {'equals': [{'get_param': 'n'}, 3]}, 'c2': {'contains': ['q', {'get_param': 'l'}]}},
         'resources': {},
         'outputs': {'o%d' % k: {'value': expr(0)} for k in range(10)}}
    yaml.safe_dump(t, open(os.path.join(OUT, 't%02d.yaml' % i), 'w'), sort_keys=False)
