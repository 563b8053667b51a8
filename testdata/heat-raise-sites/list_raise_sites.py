#!/usr/bin/env python3
"""List every place Heat's engine raises (or builds) an exception that a
template could meet, as a table heat-ls keeps beside its rule table.

    list_raise_sites.py HEAT_ROOT > RELEASE.tsv

HEAT_ROOT is a directory holding Heat's `heat/` package (an extracted
release tree, or /usr/lib/python3/dist-packages). Plain python3, stdlib only.

The files read: heat/engine's core modules (the template, its parameters,
properties, constraints, conditions, functions, the environment, the
resource and stack machinery), heat/engine/hot/**, heat/engine/cfn/**,
heat/engine/resources/**, heat/engine/constraint/common_constraints.py,
heat/common/template_format.py and every heat/common module those files
import (found by reading their imports).

One row per site, tab separated, with a header:

  site      the stable key: file|function|exception|message, with #N added
            to the second and later sites sharing it (no line number, so the
            key survives a release that moves code)
  area      core, hot, cfn, resources or common
  line      file:line in this tree
  function  the enclosing Class.method (or <module>)
  kind      raise, reraise (a bare `raise` or `raise name` of a caught
            exception), construct (an exception object built and not
            raised on the spot: returned, stored, handed on) or return (a
            validate() handing back its refusal as a message, which
            Stack.validate raises)
  exception the exception class as written (last dotted name)
  message   the literal or format string as written (an exception whose
            message comes from its class's msg_fmt shows that text; a
            message held in a variable shows its last assignment before the
            site; anything else, the expression in <...>)
  auto      a reason the site needs no mapping of its own, when the code
            says so on its face, else empty: runtime-only (inside a method
            that runs only on a cloud, handle_* and check_*_complete among
            them, or a function this file calls only from those and no
            other file of the heat tree names),
            needs-service-api (the condition reads what a client returns),
            internal-invariant (an abstract method), pass-through (a bare
            re-raise of the exception caught)
"""
import ast
import os
import re
import sys

CORE = ['stack', 'template', 'parameters', 'properties', 'constraints',
        'conditions', 'function', 'environment', 'resource', 'attributes',
        'support', 'translation',
        # what the modules above hand a template to on the same path
        'parameter_groups', 'rsrc_defn', 'properties_group', 'output',
        'template_common', 'template_files', 'dependencies', 'stk_defn']
EXTRA_ENGINE = ['heat/engine/constraint/common_constraints.py']
TREES = ['heat/engine/hot', 'heat/engine/cfn', 'heat/engine/resources']

BUILTIN_EXC = {'ValueError', 'TypeError', 'KeyError', 'IndexError',
               'AttributeError', 'NotImplementedError', 'RuntimeError',
               'Exception', 'AssertionError', 'StopIteration',
               'ImportError', 'LookupError', 'OverflowError'}

# Methods that run only while a stack is being created, updated, deleted
# or checked on a cloud: a template never reaches them offline.
RUNTIME = re.compile(r'^(handle_\w+|check_\w+_complete|_resolve_attribute|'
                     r'_resolve_all_attributes|get_live_state|'
                     r'parse_live_resource_data|_show_resource|'
                     r'get_reference_id|signal|_signal|metadata_update|'
                     r'_needs_update|needs_replace\w*|restore_prev_rsrc|'
                     r'prepare_for_replace|_stack_abandon)$')
CLIENT = re.compile(r'\bclient(_plugin)?\(|\b_get_client\b|\bclients\.|'
                    r'\bkeystone\(\)|\brpc_client\(\)|_client\(\)|'
                    r'\b(nova|neutron|glance|cinder|swift|heat|keystone|'
                    r'octavia|manila|designate|sahara|zaqar|trove|barbican|'
                    r'magnum|mistral|senlin|zun|aodh|monasca|ironic|'
                    r'blazar|vitrage)\(\)')


def area_of(rel):
    if rel.startswith('heat/engine/hot/'):
        return 'hot'
    if rel.startswith('heat/engine/cfn/'):
        return 'cfn'
    if rel.startswith('heat/engine/resources/'):
        return 'resources'
    if rel.startswith('heat/common/'):
        return 'common'
    return 'core'


def engine_files(root):
    out = []
    for m in CORE:
        p = 'heat/engine/%s.py' % m
        if os.path.exists(os.path.join(root, p)):
            out.append(p)
    for p in EXTRA_ENGINE:
        if os.path.exists(os.path.join(root, p)):
            out.append(p)
    for t in TREES:
        for dp, dns, fns in os.walk(os.path.join(root, t)):
            dns.sort()
            for f in sorted(fns):
                if f.endswith('.py'):
                    out.append(os.path.relpath(os.path.join(dp, f), root))
    return out


def common_imports(root, files):
    """heat/common modules imported by files (one level)."""
    mods = {'heat/common/template_format.py'}
    for rel in files:
        tree = ast.parse(open(os.path.join(root, rel)).read(), rel)
        for n in ast.walk(tree):
            if isinstance(n, ast.ImportFrom) and n.module == 'heat.common':
                for a in n.names:
                    mods.add('heat/common/%s.py' % a.name)
            elif isinstance(n, ast.ImportFrom) and n.module and \
                    n.module.startswith('heat.common.'):
                mods.add(n.module.replace('.', '/') + '.py')
            elif isinstance(n, ast.Import):
                for a in n.names:
                    if a.name.startswith('heat.common.'):
                        mods.add(a.name.replace('.', '/') + '.py')
    return sorted(m for m in mods if os.path.exists(os.path.join(root, m)))


def msg_formats(root):
    """exception class name -> its msg_fmt text (heat/common/exception.py)."""
    out = {}
    p = os.path.join(root, 'heat/common/exception.py')
    tree = ast.parse(open(p).read())
    for c in tree.body:
        if not isinstance(c, ast.ClassDef):
            continue
        for s in c.body:
            if isinstance(s, ast.Assign) and any(
                    isinstance(t, ast.Name) and t.id == 'msg_fmt'
                    for t in s.targets):
                out[c.name] = render(s.value, {})
        if c.name not in out:  # inherits its base's text
            for b in c.bases:
                if isinstance(b, ast.Name) and b.id in out:
                    out[c.name] = out[b.id]
    return out


def dotted_last(f):
    if isinstance(f, ast.Name):
        return f.id
    if isinstance(f, ast.Attribute):
        return f.attr
    return None


def is_exc_name(name, known):
    return bool(name) and (name in known or name in BUILTIN_EXC or
                           re.search(r'(Error|Exception|Failed|Failure)$',
                                     name) is not None) and name[0].isupper()


def render(node, assigns, depth=0):
    """The message as written: literals kept, the rest as source."""
    if depth > 8 or node is None:
        return ''
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Call):
        fn = dotted_last(node.func)
        if fn in ('_', '_LE', '_LW', '_LI', 'str', 'six.text_type',
                  'text_type') and node.args:
            return render(node.args[0], assigns, depth + 1)
        if isinstance(node.func, ast.Attribute) and node.func.attr == 'format':
            return render(node.func.value, assigns, depth + 1) + \
                '.format(...)'
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
        return render(node.left, assigns, depth + 1)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return render(node.left, assigns, depth + 1) + \
            render(node.right, assigns, depth + 1)
    if isinstance(node, ast.JoinedStr):
        parts = []
        for v in node.values:
            if isinstance(v, ast.Constant):
                parts.append(str(v.value))
            else:
                parts.append('{%s}' % ast.unparse(v.value))
        return ''.join(parts)
    if isinstance(node, ast.Name) and node.id in assigns:
        return render(assigns[node.id], assigns, depth + 1)
    return '<%s>' % ast.unparse(node)


def message_of(call, assigns, fmts, exc):
    if not isinstance(call, ast.Call):
        return ''
    arg = call.args[0] if call.args else None
    if arg is None:
        given = {kw.arg: kw.value for kw in call.keywords}
        for name in ('message', 'msg', 'reason', 'explanation', 'error',
                     'details'):
            if name in given:
                arg = given[name]
                break
    msg = render(arg, assigns) if arg is not None else ''
    fmt = fmts.get(exc)
    if fmt and (arg is None or call.keywords and not call.args):
        kw = next((k.arg for k in call.keywords if k.value is arg), None)
        if msg and kw != 'message' and '%%(%s)s' % kw in fmt:
            # the class's text with the one argument written in
            msg = fmt.replace('%%(%s)s' % kw, msg)
        elif not msg:
            msg = fmt
    return ' '.join(msg.split())


def names_used(tree):
    """Every attribute and plain name a module reads."""
    out = set()
    for x in ast.walk(tree):
        if isinstance(x, ast.Attribute):
            out.add(x.attr)
        elif isinstance(x, ast.Name):
            out.add(x.id)
    return out


def runtime_helpers(tree, used_elsewhere=frozenset()):
    """Functions called in this file only from runtime methods (RUNTIME)
    or from other such helpers: name -> the runtime methods reaching it.
    A function also called from elsewhere, or never called here (Heat's
    framework calls it, validate() for one), is left out; so is one whose
    name another file of the engine reads (a hook such as child_params,
    which StackResource.validate_nested_stack calls)."""
    callers = {}   # function name -> names of the functions calling it
    defined = set()
    for fn in ast.walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        defined.add(fn.name)
        for x in ast.walk(fn):
            name = None
            if isinstance(x, ast.Attribute) and isinstance(
                    x.value, ast.Name) and x.value.id in ('self', 'cls'):
                name = x.attr
            elif isinstance(x, ast.Name):
                name = x.id
            if name and name != fn.name:
                callers.setdefault(name, set()).add(fn.name)
    reach = {f: {f} for f in defined if RUNTIME.match(f)}
    changed = True
    while changed:
        changed = False
        for f in defined:
            if f in reach or RUNTIME.match(f) or not callers.get(f) or \
                    f in used_elsewhere:
                continue
            if all(c in reach for c in callers[f]):
                reach[f] = set().union(*(reach[c] for c in callers[f]))
                changed = True
    return {f: ', '.join(sorted(r)) for f, r in reach.items()
            if not RUNTIME.match(f)}


class ReadElsewhere(object):
    """The names some file other than rel reads (`name in` it)."""

    def __init__(self, where, rel):
        self.where, self.rel = where, rel

    def __contains__(self, name):
        return bool(self.where.get(name, set()) - {self.rel})


class Walker(ast.NodeVisitor):
    def __init__(self, rel, src, fmts, known):
        self.rel, self.src, self.fmts, self.known = rel, src, fmts, known
        self.runtime_helpers = {}
        self.stack = []      # enclosing class / function names
        self.funcs = []      # enclosing function nodes
        self.ctx = []        # enclosing try / except / if nodes
        self.rows = []
        self.in_raise = set()

    def qual(self):
        return '.'.join(self.stack) or '<module>'

    def visit_ClassDef(self, n):
        self.stack.append(n.name)
        self.generic_visit(n)
        self.stack.pop()

    def visit_FunctionDef(self, n):
        self.stack.append(n.name)
        self.funcs.append(n)
        saved, self.ctx = self.ctx, []
        self.generic_visit(n)
        self.ctx = saved
        self.funcs.pop()
        self.stack.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Try(self, n):
        for s in n.body:
            self.ctx.append(('try', n))
            self.visit(s)
            self.ctx.pop()
        for h in n.handlers:
            self.ctx.append(('except', n))
            self.visit(h)
            self.ctx.pop()
        for s in n.orelse + n.finalbody:
            self.visit(s)

    def visit_If(self, n):
        self.visit(n.test)
        self.ctx.append(('if', n))
        for s in n.body + n.orelse:
            self.visit(s)
        self.ctx.pop()

    def assigns_before(self, line):
        """name -> the value last assigned to it before line."""
        out = {}
        if not self.funcs:
            return out
        for s in ast.walk(self.funcs[-1]):
            if isinstance(s, ast.Assign) and s.lineno < line:
                for t in s.targets:
                    if isinstance(t, ast.Name):
                        prev = out.get(t.id)
                        if prev is None or prev.lineno <= s.lineno:
                            out[t.id] = s.value
        return out

    def visit_Raise(self, n):
        assigns = self.assigns_before(n.lineno)
        exc = n.exc
        kind = 'raise'
        if exc is None:
            kind, name, msg = 'reraise', '<re-raise>', ''
        else:
            if isinstance(exc, ast.Name) and not is_exc_name(exc.id,
                                                             self.known):
                val = assigns.get(exc.id)
                if isinstance(val, ast.Call) and is_exc_name(
                        dotted_last(val.func), self.known):
                    exc = val
                else:
                    kind = 'reraise'
            if isinstance(exc, ast.Call):
                self.in_raise.add(id(exc))
                name = dotted_last(exc.func) or ast.unparse(exc.func)
                msg = message_of(exc, assigns, self.fmts, name)
            elif kind == 'reraise':
                name, msg = '<%s>' % ast.unparse(exc), ''
            else:
                name = dotted_last(exc) or ast.unparse(exc)
                msg = ' '.join(self.fmts.get(name, '').split())
        self.add(n, kind, name, msg)
        self.generic_visit(n)

    def visit_Return(self, n):
        # A validate() may hand its refusal back as a message, which
        # Stack.validate raises for it: such a return is a site too.
        fn = self.funcs[-1].name if self.funcs else ''
        v = n.value
        if fn in ('validate', 'validate_properties') and v is not None and (
                isinstance(v, (ast.Dict, ast.JoinedStr, ast.BinOp)) or
                isinstance(v, ast.Constant) and isinstance(v.value, str) or
                isinstance(v, ast.Call) and dotted_last(v.func) == '_'):
            if isinstance(v, ast.Dict):
                msg = ' '.join(render(x, {}) for x in v.values)
            else:
                msg = render(v, self.assigns_before(n.lineno))
            self.add(n, 'return', '<returned>', ' '.join(msg.split()))
        self.generic_visit(n)

    def visit_Call(self, n):
        name = dotted_last(n.func)
        if id(n) not in self.in_raise and is_exc_name(name, self.known) \
                and self.funcs:
            msg = message_of(n, self.assigns_before(n.lineno), self.fmts,
                             name)
            self.add(n, 'construct', name, msg)
        self.generic_visit(n)

    def auto(self, n, exc):
        names = [f.name for f in self.funcs]
        for f in names:
            if RUNTIME.match(f):
                return 'runtime-only: inside %s, which runs only while a ' \
                       'stack is built or changed on a cloud' % f
            if f in self.runtime_helpers:
                return 'runtime-only: %s is called in this file only ' \
                       'from %s' % (f, self.runtime_helpers[f])
        if exc.startswith('<') and exc != '<returned>':
            return 'pass-through: re-raises the exception it caught, ' \
                   'unchanged; the check that raised it is a site of its ' \
                   'own (or outside Heat)'
        if exc == 'NotImplementedError':
            return 'internal-invariant: an abstract method a plugin ' \
                   'must override'
        for kind, node in reversed(self.ctx):
            part = None
            if kind == 'except':
                part = ast.unparse(ast.Module(body=node.body,
                                              type_ignores=[]))
            elif kind == 'if':
                part = ast.unparse(node.test)
                names_used = {x.id for x in ast.walk(node.test)
                              if isinstance(x, ast.Name)}
                assigns = self.assigns_before(n.lineno)
                for nm in names_used:
                    if nm in assigns:
                        part += ' ' + ast.unparse(assigns[nm])
            if part and CLIENT.search(part):
                return 'needs-service-api: decided by what a service ' \
                       'client or the engine RPC returns'
        return ''

    def add(self, n, kind, exc, msg):
        self.rows.append(dict(file=self.rel, line=n.lineno,
                              function=self.qual(), kind=kind,
                              exception=exc, message=msg,
                              auto=self.auto(n, exc)))


def clean(s):
    return s.replace('\t', ' ').replace('\n', ' ').replace('|', '/')


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    root = sys.argv[1]
    fmts = msg_formats(root)
    known = set(fmts)
    files = engine_files(root)
    files = files + common_imports(root, files)
    rows = []
    trees = {}
    for rel in files:
        src = open(os.path.join(root, rel)).read()
        trees[rel] = (src, ast.parse(src, rel))
    # the names each file reads, to tell a file's own helpers from hooks
    # other files call (the whole heat/ tree is read for this)
    where = {}   # name -> the files reading it
    for dp, dns, fns in os.walk(os.path.join(root, 'heat')):
        dns[:] = sorted(d for d in dns if d != 'tests')
        for f in sorted(fns):
            if f.endswith('.py'):
                path = os.path.join(dp, f)
                rel = os.path.relpath(path, root)
                try:
                    names = names_used(ast.parse(open(path).read(), rel))
                except SyntaxError:
                    continue
                for n in names:
                    where.setdefault(n, set()).add(rel)
    for rel in files:
        src, tree = trees[rel]
        w = Walker(rel, src, fmts, known)
        w.runtime_helpers = runtime_helpers(
            tree, ReadElsewhere(where, rel))
        w.visit(tree)
        rows.extend(sorted(w.rows, key=lambda r: r['line']))
    seen = {}
    print('\t'.join(['site', 'area', 'line', 'function', 'kind',
                     'exception', 'message', 'auto']))
    for r in rows:
        key = '|'.join(clean(r[k]) for k in
                       ('file', 'function', 'exception', 'message'))
        seen[key] = seen.get(key, 0) + 1
        if seen[key] > 1:
            key += '#%d' % seen[key]
        print('\t'.join([key, area_of(r['file']),
                         '%s:%d' % (r['file'], r['line']),
                         r['function'], r['kind'], clean(r['exception']),
                         clean(r['message']), clean(r['auto'])]))


if __name__ == '__main__':
    main()
