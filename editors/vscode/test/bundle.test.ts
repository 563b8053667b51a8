// The built bundle (out/extension.js) loads outside VS Code with a stand-in
// `vscode` module and exports activate/deactivate, and the manifest points
// at it: catches bundling mistakes (a missing dependency, a module that
// touches the editor API at load time) without an editor.
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import Module from 'node:module';
import * as path from 'node:path';
import { test } from 'node:test';

const extensionRoot = path.resolve(__dirname, '..', '..');

// A `vscode` stand-in: every property is another stand-in, every call
// returns one; enough for module-level code, never called by the test.
function standIn(name: string): unknown {
  const fn = function () {
    return standIn(`${name}()`);
  };
  return new Proxy(fn, {
    get: (_t, prop) => (prop === Symbol.toPrimitive ? () => name : standIn(`${name}.${String(prop)}`)),
    construct: () => standIn(`new ${name}`) as object,
  });
}

test('out/extension.js loads and exports activate and deactivate', () => {
  const manifest = JSON.parse(readFileSync(path.join(extensionRoot, 'package.json'), 'utf8'));
  const main = path.join(extensionRoot, manifest.main);
  assert.ok(existsSync(main), `package.json main ${manifest.main} does not exist; run npm run build`);
  const mod = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
  const original = mod._load;
  mod._load = (request: string, ...rest: unknown[]) => (request === 'vscode' ? standIn('vscode') : original(request, ...rest));
  try {
    const ext = require(main);
    assert.equal(typeof ext.activate, 'function');
    assert.equal(typeof ext.deactivate, 'function');
  } finally {
    mod._load = original;
  }
  const bundle = readFileSync(main, 'utf8');
  assert.ok(!/require\(["']vscode-languageclient/.test(bundle), 'vscode-languageclient must be bundled, not required at run time');
});
