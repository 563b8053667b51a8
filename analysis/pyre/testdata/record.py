"""Records what Python's re.compile does with each pattern of
patterns.json, for the Go test that replays it (verdicts_test.go).

    /usr/bin/python3 record.py gen [ROOT...]  # rebuild patterns.json
    /usr/bin/python3 record.py                # rebuild verdicts.json

Run it with the Python Heat runs (3.11 here). "gen" gathers patterns:
every allowed_pattern in the YAML files under each ROOT, the string
constants of CPython's own regular-expression tests (when installed),
the hand-written cases below, one-character mutations of all of them
(two for the hand-written ones), and short random strings of
metacharacters. Both files are committed, so the Go test needs no Python.
"""
import ast
import glob
import json
import os
import random
import re
import sys
import unicodedata
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
PATTERNS = os.path.join(HERE, "patterns.json")
VERDICTS = os.path.join(HERE, "verdicts.json")
IDENTIFIERS = os.path.join(HERE, "identifiers.json")

# One or more cases for every refusal of re/_parser.py and
# re/_compiler.py, and accepted forms a naive parser gets wrong.
EDGE = r"""
\
a\
[a\
(?P<a\
\x \x1 \x1g \x41 [\x] [\x4] [\x41]
\u \u123 \u1234 [\u12] [\u1234] \U \U0010ffff \U00110000 \U7fffffff \U80000000 \Uffffffff [\U00110000] [\U80000000]
\N \N{ \N{} \N{EM DASH} \N{EM DASH \N{em dash} \N{x_y} \N{ EM DASH} \N{EM DASH } \N{EM  DASH} [\N{x.y}] [\N] \Nx
\0 \00 \000 \0000 \07 \08 \400 \377 \777 [\400] [\377] [\8] [\9] [\0] [\08] [\1] [\12] [\123]
\1 (a)\1 (a)\2 (a\1) \10 (a)\10 \11 (a)(b)(c)(d)(e)(f)(g)(h)(i)(j)\10 (a)(b)(c)(d)(e)(f)(g)(h)(i)(j)\11 \99 \8 \9
\a \b \B \c \e \g \h \i \j \k \l \m \o \p \q \y \z \C \E \F \G \H \I \J \K \L \M \O \P \Q \R \T \V \X \Y \é \- \_ \ \#
[\a] [\b] [\B] [\A] [\Z] [\d] [\w-z] [a-\w] [\d-\w] [a-\d] [\s-] [-\s] [\c]
[ [] []] []a] [^] [^]] [^]a] [a [a- [a-] [-a] [a-z] [z-a] [a-a] [A-!!int Z] [!-~] [\]] [\[] [a-\-] [--a] [a--] [&&] [||] [~~] [[:alpha:]] [[a]]
* + ? {1} a** a*+ a*? a*?? a*?+ a+++ a{2}{3} a{2}* a?* a??* ^* $* \b* \A+ \Z? ^{2} (?:^)* (?=a)* (?<=a)* (?#x)* a|*b (*) (+) (?:*)
{ {} {, {,} {1 {1, {1,2 {1}} {a} a{ a{} a{, a{,} a{,3} a{3,} a{3,2} a{2,3} a{0} a{4294967294} a{4294967295} a{99999999999} a{1,4294967295} a{0,4294967294} x{1}{2} a{,}?
( ) (( )) (a (a)) ((a) a) a)( (?:a (?:a)) (?:(?:a) (?=a (?<=a (?<!a (?>a (?P<n>a (?(1)a
(? (?P (?P< (?P<> (?P<n (?P<n> (?P<n>) (?P<1>a) (?P<a-b>a) (?P<é>a) (?P<_a1>x) (?P<a b>x) (?P<a\>b>x) (?P<a>x)(?P<a>y) (?P<a>x)|(?P<a>y)
(?P= (?P=) (?P=n) (?P=n (?P<n>a)(?P=n) (?P<n>a(?P=n)) (?P<n>a)(?P=m) (?P=1) (?P<n>a)(?<=(?P=n)) (?P<n>a)(?<=(?P<m>b)(?P=m))
(?Px) (?P>x) (?P!x) (?P
(?# (?#x (?#x) (?#x\)y) (?#(?#x)) a(?#x)* (?#x)(?i)a
(?= (?=a (?=a) (?!a) (?<a) (?<= (?<=a (?<=a) (?<!a) (?<x) (?<=a|b) (?<=a|bc) (?<=a*) (?<=a{3}) (?<=a{2,3}) (?<=a{3,3}) (?<=(a)) (a)(?<=\1) (?<=(a)\1) (?<=(?:a|bc)d) (?<=\b) (?<=^a) (?<=a$) (?<=(?=bcd)a) (?<=(?!b*)a)
(?<=a{2147483647}) (?<=a{2147483648}) (?<!a{2147483648}) (?<=(?:a{65536}){32768}) (?<=(?:a{65536}){32767})b (?<=(?:a{100000}){100000}) (?<=a{4294967294}) (?<=(?:a{4294967294}){2})
(?<=(?P<x>a)(?(x)b|c)) (?<=(?(1)b|c))(a) (a)(?<=(?(1)b|c)) (a)(?<=(?(1)b|cd)) (a)(?<=(?(1)b)) (?<=a(?>b)) (?<=a(?>b*)) (?<=a++) (?<=a{2}+) (?<=(?i)a) (?<=(?i:a))
(?( (?() (?(1) (?(1)) (?(1)a) (?(1)a|b) (a)(?(1)a|b|c) (a)(?(1)a|b) (a)(?(1)a) (?(1)a)(b) (?(2)a)(b) (?(0)a) (?(-1)a) (?(+1)a) (?( 1)a) (?(1 )a) (?(1_0)a) (?(1__0)a) (?(_1)a) (?(٣)a) (?(a)b) (?P<a>x)(?(a)b) (?(1a)b) (?(a-b)c) (?(1073741823)a) (?(1073741822)a) (?(99999999999999999999)a) (a)(?(1)(?(1)a|b)|c) (?(1)a|b)|c (?(1)a|(b|c)) (?(1)a|b (?(1) (?(a\)b)c)
(?>a) (?>a)* (?>a)+ (?> (?>a a*+ a++ a?+ a{1,2}+ a{1,2}?+ (?>a+)+ (?>)
(?i) (?i)a a(?i) (?i)(?m)a (?i)|(?m) a|(?i)b (?x) a (?i) (?x)  (?i)a (?:(?i)a) ((?i)a) (?i:a) (?-i:a) (?i-m:a) (?i-i:a) (?-:a) (?-) (?i- (?i-) (?i-m) (?- (?i (?im (?imsx) (?imsxa) (?au) (?a)(?u) (?u)(?a) (?a)(?a) (?L) (?L:a) (?u:a) (?a:a) (?-a:a) (?-u:a) (?-L:a) (?t) (?t)a (?t)a* (?t)a{2} (?t:a) (?-t:a) (?ix:a) (?iq) (?i=a) (?i!) (?é) (?i\x) (?-é:a) (?-\:a) (?-i\:a) (?-im: a) (?x)a b (?x)a\ b (?x)[ ] (?x)a#b (?x)a#b\n(  (?x: a ) (?x:(?-x: a )) (?x)( (?x)(?#x
(?x)a|(?i)b (?x)a|\n(?i)b (?i)(?x)\n(?m) #x\n(?i)
(?.ab) (?@x) (?<name>x) (?'n'x) (?| (?R) (?1) (?+1) (?&n) (?P>n) (?C) (?~x) (?*x)
a| |a a|b a|b|c (a|b (a|b)| ((a)|b) ^$ $^ . .* .** \Z \A \z \G
[a-z]+$ ^[a-zA-Z][a-zA-Z0-9_]*$ ^(?=.*[A-Z])(?=.*\d).{8,}$ ^((?!x).)*$ (?=a)\1 (?=(a))\1 (a)(?=\1) (?!(a))\1
é [é-à] [à-é] 😀( (😀 [😀-😁] [😁-😀] \😀 (?P<😀>a)
""".split()

# Patterns with spaces or newlines, which the split above cannot hold.
EDGE += [" ", "a b", "(?x) ", "(?x)\n(?i)", "(?x) #c\n(?i)", "(?x)#c\n(?i)a", "a\n(", "(?x)[ ]*", "(?x)a{1, 2}", "a{1, 2}", "(?x)\\ ", "(?x)a # (\n)", "[ -~]", "(?P<a b>x)", "\\N{LATIN SMALL LETTER A}", "\\N{LATIN SMALL LETTER A }", "\\N{ CJK UNIFIED IDEOGRAPH-4E00}", "(?( 1)a)", "(?(\x1c1)a)", "(?(\u30001)a)", "(?(1\u3000)a)", "(?x)(?i) a", "a\\\n", "(" * 50 + ")" * 50, "(" * 50, ")" * 50, "[" * 30, "a{" + "9" * 4301 + "}", "a{" + "0" * 4300 + "1}", "a{1," + "9" * 4301 + "}"]

MUTATION_CHARS = "\\[](){}*+?|^$.-,:<>=!#P0129aiLmsxtuNxU_ \n"


def allowed_patterns(node, out):
    if isinstance(node, dict):
        for k, v in node.items():
            if k == "allowed_pattern" and isinstance(v, str):
                out.append(v)
            allowed_patterns(v, out)
    elif isinstance(node, list):
        for v in node:
            allowed_patterns(v, out)


def from_yaml(roots):
    import yaml

    out = []
    for root in roots:
        for path in sorted(glob.glob(os.path.join(root, "**", "*.y*ml"), recursive=True)):
            try:
                with open(path, encoding="utf-8") as f:
                    text = f.read()
                if "allowed_pattern" not in text:
                    continue
                for doc in yaml.safe_load_all(text):
                    allowed_patterns(doc, out)
            except Exception:
                continue
    return out


def from_cpython_tests():
    out = []
    paths = sorted(glob.glob("/root/.pyenv/versions/*/lib/python3.*/test/test_re.py"))
    paths += sorted(glob.glob("/root/.pyenv/versions/*/lib/python3.*/test/re_tests.py"))
    paths += sorted(glob.glob("/usr/lib/python3*/test/test_re.py"))
    for path in paths:
        try:
            with open(path, encoding="utf-8") as f:
                tree = ast.parse(f.read())
        except Exception:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and 0 < len(node.value) <= 200:
                out.append(node.value)
    return out


def mutations(seeds, rng, per_seed):
    out = []
    for s in seeds:
        for _ in range(per_seed):
            i = rng.randrange(len(s) + 1)
            c = rng.choice(MUTATION_CHARS)
            how = rng.randrange(3)
            if how == 0:
                out.append(s[:i] + c + s[i:])
            elif how == 1 and s:
                i = min(i, len(s) - 1)
                out.append(s[:i] + s[i + 1:])
            elif s:
                i = min(i, len(s) - 1)
                out.append(s[:i] + c + s[i + 1:])
    return out


def gen(roots):
    rng = random.Random(20261126)
    yaml_patterns = from_yaml(roots)
    tests = from_cpython_tests()
    seeds = list(dict.fromkeys(yaml_patterns + EDGE))
    tests = [t for t in dict.fromkeys(tests) if t not in seeds]
    # Every seed is kept, with mutants of the corpus's and the
    # hand-written ones; a sample of CPython's test strings.
    patterns = seeds + tests
    patterns += mutations(seeds, rng, 6)
    patterns += mutations(rng.sample(tests, min(len(tests), 800)), rng, 2)
    # Two edits away from the hand-written cases, and short random
    # strings of metacharacters.
    patterns += mutations(mutations(EDGE, rng, 2), rng, 1)
    patterns += ["".join(rng.choice(MUTATION_CHARS) for _ in range(rng.randrange(1, 9))) for _ in range(4000)]
    patterns = list(dict.fromkeys(p for p in patterns if len(p) <= 5000))
    write_lines(PATTERNS, patterns)
    print(f"{len(patterns)} patterns ({len(yaml_patterns)} from YAML, {len(tests)} from CPython's tests)")


def verdict(pattern):
    re.purge()
    try:
        re.compile(pattern)
        return {"ok": True}
    except re.error as e:
        return {"exc": "error", "msg": e.msg, "pos": e.pos}
    except RecursionError:
        return {"exc": "RecursionError"}
    except Exception as e:
        return {"exc": type(e).__name__, "msg": str(e)}


def record():
    with open(PATTERNS, encoding="utf-8") as f:
        patterns = json.load(f)
    warnings.simplefilter("ignore")
    verdicts = [verdict(p) for p in patterns]
    write_lines(VERDICTS, [{"python": sys.version.split()[0]}] + verdicts)
    refused = sum(1 for v in verdicts if not v.get("ok"))
    print(f"{len(patterns)} patterns, {refused} refused, Python {sys.version.split()[0]}")
    write_lines(IDENTIFIERS, [
        {"start": ranges(lambda c: c.isidentifier())},
        {"continue": ranges(lambda c: ("a" + c).isidentifier())},
        {"assigned": ranges(lambda c: unicodedata.category(c) != "Cn")},
    ])


def ranges(pred):
    """The code points where pred holds, as [first, last] pairs."""
    out = []
    for cp in range(sys.maxunicode + 1):
        if pred(chr(cp)):
            if out and out[-1][1] == cp - 1:
                out[-1][1] = cp
            else:
                out.append([cp, cp])
    return out


def write_lines(path, items):
    """Writes a JSON list, one item a line."""
    with open(path, "w", encoding="utf-8") as f:
        f.write("[\n" + ",\n".join(json.dumps(i, ensure_ascii=False) for i in items) + "\n]\n")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "gen":
        gen(sys.argv[2:])
    else:
        record()
