#!/usr/bin/python3
"""Record the verdicts of the installed yaql engine, configured as Heat
configures it, on a deterministic set of expressions, for the Go tests to
replay without Python.

    /usr/bin/python3 record_verdicts.py [--corpus DIR] [--extra FILE] OUT.json

The expressions are: a hand-written list of every construct of the grammar,
every argument-list shape up to six items, a sample of the characters
of the Basic Multilingual Plane, every pair of a few tokens and
characters, each string escape with up to two characters after it, the
yaql expressions found in
the templates under --corpus, the expressions of yaql's own test suite,
random expressions drawn from the grammar, and one-character mutations of
all of these (insertions, deletions, replacements, a doubled operator, a
dropped bracket). --extra adds one expression a line.

Each verdict is {"e": expression, "ok": bool, "kind": ..., "pos": ...}:
kind is "grammar", "end", "lexical" or "escape" (a quoted string whose
escapes do not decode), pos the character index the engine names (null
for "end" and "escape").
"""
import ast
import glob
import itertools
import json
import os
import random
import sys

import yaql
from yaql.language import exceptions

TESTS = os.path.join(os.path.dirname(yaql.__file__), 'tests')

CONSTRUCTS = r"""
$
$.a
$x
$x.y
$1
$.data.var1.sum()
$.data.(
$?.a
$.a?.b
a.b.c
a?.b
1
1.5
1.
.5
007
12.34.56
1.5x
1x
x1
a1b
true
false
null
true(1)
not(1)
and(1)
'abc'
"abc"
`abc`
'a\'b'
"a\"b"
`a\`b`
'\n\t\r'
'\x41'
'\x4'
'\x4g'
'\u0041'
'\u00zz'
'\U0001F600'
'\U00110000'
'\U0010FFFF'
'\UFFFFFFFF'
'\777'
'\8'
'\N{LATIN SMALL LETTER A}'
'\N{latin small letter a}'
'\N{NO SUCH NAME}'
'\N{a_b}'
'\N{}'
'\q'
'\\'
'a
b'
"unterminated
'unterminated
`unterminated
'\
'
a + b
a - b
a * b
a / b
a mod b
a = b
a != b
a < b
a > b
a <= b
a >= b
a =~ b
a !~ b
a in b
a and b
a or b
not a
-a
+a
- -a
not not a
a -> b
a -> b -> c
a + not b
a * -b
a[0]
a[0][1]
a[]
a[0, 1]
[]
[1]
[1, 2]
[1, 2,]
[a => 1]
{}
{a => 1}
{a => 1, b => 2}
{1, 2}
f()
f(a)
f(a, b)
f(a,)
f(,a)
f(a,,b)
f(a,,,b)
f(,)
f(a => 1)
f(a, b => 1)
f(a,, b => 1)
f(a,,, b => 1)
f(,a => 1)
f(a => 1, b)
f(a => 1, b => 2)
f(a => 1,)
f(a => b => c)
f(a + b => c)
f((a => b))
f(x => $x + 1)
$.select($ * 2)
$.where($ > 1).select([$, $ * 2])
let(x => 1) -> $x
f (a)
f(a)(b)
a(b)
(a)
(a, b)
()
((a))
(
)
a b
a.
.a
a..b
a ++ b
a == b
a =! b
a <> b
a ! b
a ? b
a ?. b
a @ b
a # b
a % b
a & b
a | b
a ^ b
a ; b
a : b
a ~ b
a \ b
__a
_a
a__b
__a(1)
ä
名前
ä(1)
x²
²
١٢
a	b
a
b
a\fb
a b
$a.b(c).d[e]
$.a => 1
a => 1
=> 1
a =>
-
not
a and
a or or b
a.len()
$.len(
[1, 2
{a => 1
f(a
f(a))
a]
a}
a)
"""


def constructs():
    return [line for line in CONSTRUCTS.split('\n') if line != ''] + [
        'a\nb', "'a\nb'", 'a\x0cb', 'a\u00a0b', 'a\vb', '', ' ', '\t',
        '\n', "'\\\n'", '"\\x4\n"', "'\\N{LATIN\nSMALL}'",
    ]


ARG_ITEMS = ['a', ',', 'k => v']


def arg_shapes():
    out = []
    for n in range(0, 7):
        for seq in itertools.product(ARG_ITEMS, repeat=n):
            body = ' '.join(seq)
            for o, c in (('f(', ')'), ('[', ']'), ('{', '}'), ('x[', ']')):
                out.append(o + body + c)
    return out


def corpus(d):
    out = []
    if not d:
        return out
    import yaml
    for p in sorted(glob.glob(os.path.join(d, '**', '*.yaml'),
                              recursive=True)):
        try:
            with open(p) as f:
                docs = list(yaml.safe_load_all(f))
        except Exception:
            continue
        stack = docs
        while stack:
            n = stack.pop()
            if isinstance(n, dict):
                y = n.get('yaql')
                if isinstance(y, dict) and isinstance(
                        y.get('expression'), str):
                    out.append(y['expression'])
                stack.extend(n.values())
            elif isinstance(n, list):
                stack.extend(n)
    return out


def suite():
    out = []
    for p in sorted(glob.glob(os.path.join(TESTS, '*.py'))):
        with open(p) as f:
            tree = ast.parse(f.read())
        for n in ast.walk(tree):
            if isinstance(n, ast.Constant) and isinstance(n.value, str) \
                    and 0 < len(n.value) < 300 and '\n' not in n.value:
                out.append(n.value)
    return out


NAMES = ['a', 'x', 'foo', '_a', 'ä', 'true', 'null', 'name1']
OPS = ['+', '-', '*', '/', 'mod', '=', '!=', '<', '>', '<=', '>=', '=~',
       '!~', 'in', 'and', 'or', '->', '.', '?.']
STRINGS = ["'s'", '"s"', '`s`', "'\\n'", "'\\x41'", "'a\\'b'", '"\\u00e9"']


def characters():
    """Every 61st character of the Basic Multilingual Plane alone, after a
    name, before a name and after a digit: which characters are letters,
    digits or neither to the tokeniser. (The planes above hold characters
    newer than some Pythons' Unicode tables; the verdict there depends on
    the Python that runs Heat.)"""
    out = []
    for cp in range(0x20, 0x10000, 61):
        if 0xD800 <= cp < 0xE000:
            continue
        c = chr(cp)
        out += [c, 'a' + c, c + 'b', '1' + c]
    return out


SWEEP = list('a1.$()[]{},\'"\\=>-!~?_x `é2') + ['mod', 'not', '=>']


def sweep():
    """Every text of one or two items of SWEEP: where tokens meet."""
    return [''.join(t) for n in (1, 2)
            for t in itertools.product(SWEEP, repeat=n)]


def escapes():
    """Each escape letter, then up to two characters, in both quotes."""
    out = []
    for lead in list('UuxN0789abfnrtvq') + ['\\', "\\'", '\\"']:
        for k in range(3):
            for t in itertools.product('0fG}{ é7', repeat=k):
                body = '\\' + lead + ''.join(t)
                out += ["'" + body + "'", '"' + body + '"']
    return out


def rand_expr(r, depth=0):
    if depth > 3 or r.random() < 0.3:
        return r.choice([
            r.choice(NAMES), '$', '$' + r.choice(NAMES), str(r.randint(0, 99)),
            '%d.%d' % (r.randint(0, 9), r.randint(0, 99)), r.choice(STRINGS),
        ])
    k = r.randint(0, 8)
    sub = lambda: rand_expr(r, depth + 1)
    if k <= 2:
        return '%s %s %s' % (sub(), r.choice(OPS), sub())
    if k == 3:
        return r.choice(['not ', '-', '+']) + sub()
    if k == 4:
        return '(%s)' % sub()
    if k == 5:
        return '%s[%s]' % (sub(), rand_args(r, depth))
    o, c = r.choice([('[', ']'), ('{', '}'), (r.choice(NAMES) + '(', ')')])
    return o + rand_args(r, depth) + c


def rand_args(r, depth):
    items = []
    for _ in range(r.randint(0, 3)):
        if r.random() < 0.3:
            items.append('%s => %s' % (rand_expr(r, depth + 1),
                                       rand_expr(r, depth + 1)))
        else:
            items.append(rand_expr(r, depth + 1))
    return ', '.join(items)


MUTANT_CHARS = list('()[]{},.$\'"`\\=>-+*/<!?~ @_a1é\t\n')


def mutations(r, e, n):
    out = []
    for _ in range(n):
        k = r.randint(0, 4)
        i = r.randint(0, len(e))
        if k == 0:
            out.append(e[:i] + r.choice(MUTANT_CHARS) + e[i:])
        elif k == 1 and e:
            i = min(i, len(e) - 1)
            out.append(e[:i] + e[i + 1:])
        elif k == 2 and e:
            i = min(i, len(e) - 1)
            out.append(e[:i] + r.choice(MUTANT_CHARS) + e[i + 1:])
        elif k == 3:
            ops = [op for op in OPS + ['=>'] if op in e]
            if ops:
                op = r.choice(ops)
                out.append(e.replace(op, op + op, 1))
        else:
            bs = [j for j, ch in enumerate(e) if ch in '()[]{}']
            if bs:
                j = r.choice(bs)
                out.append(e[:j] + e[j + 1:])
    return out


def verdict(engine, e):
    v = {'e': e, 'ok': True}
    try:
        engine(e)
    except exceptions.YaqlGrammarException as x:
        v.update(ok=False, kind='grammar' if x.position is not None
                 else 'end', pos=x.position)
    except exceptions.YaqlLexicalException as x:
        v.update(ok=False, kind='lexical', pos=x.position)
    except UnicodeDecodeError:
        v.update(ok=False, kind='escape', pos=None)
    return v


def main(argv):
    args = argv[1:]
    corpus_dir, extra = None, None
    while args and args[0].startswith('--'):
        if args[0] == '--corpus':
            corpus_dir = args[1]
        elif args[0] == '--extra':
            extra = args[1]
        args = args[2:]
    r = random.Random(20261126)
    base = constructs() + corpus(corpus_dir) + suite()
    base += [rand_expr(r) for _ in range(1500)]
    exprs = base + arg_shapes() + characters() + sweep() + escapes()
    for e in base:
        exprs += mutations(r, e, 4)
    if extra:
        with open(extra) as f:
            exprs += [line.rstrip('\n') for line in f]
    # Heat passes options, as here; they change nothing in the grammar.
    engine = yaql.YaqlFactory().create({'yaql.limitIterators': 1000,
                                        'yaql.memoryQuota': 100000})
    seen, out = set(), []
    for e in exprs:
        if e in seen:
            continue
        seen.add(e)
        out.append(verdict(engine, e))
    with open(args[0], 'w') as f:
        f.write('[\n' + ',\n'.join(json.dumps(v, ensure_ascii=False)
                                   for v in out) + '\n]\n')
    bad = sum(1 for v in out if not v['ok'])
    print('%d expressions, %d refused' % (len(out), bad))


if __name__ == '__main__':
    main(sys.argv)
