// The stack preview and the environment files on the extension's side:
// previewModel.ts's logic in node (the document's text and name, the
// coalescing of refreshes, the setting the picker writes), then preview.ts
// and environments.ts with a stand-in `vscode`: "Heat: Open Stack Preview"
// asks heat-ls.preview for the active template and opens the answer as a
// YAML document beside it; edits refresh it with at most one request in
// flight and the newest text winning; an answer of an older text is asked
// again; a failure shows in the document; the status bar counts the active
// files and the picker writes the template's entry of heat-ls.environments.
// test/previewServer.test.ts runs the command against the real heat-ls.
import { strict as assert } from 'node:assert';
import Module from 'node:module';
import { test } from 'node:test';
import {
  Coalescer,
  pickerOrder,
  previewFailureText,
  previewPath,
  previewText,
  statusText,
  statusTooltip,
  withTemplateEntry,
} from '../src/previewModel';

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until pred holds (bounded: a loaded machine is slow, a hang still fails). */
async function until(pred: () => boolean, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!pred() && Date.now() < deadline) {
    await settle(5);
  }
}

test('the preview document: its name beside the template, its header, problems and failures', () => {
  assert.equal(previewPath('/ws/tmpl/web.yaml'), '/ws/tmpl/web (preview).yaml');
  assert.equal(previewPath('/ws/stack.hot'), '/ws/stack (preview).yaml');
  const text = previewText(
    'web.yaml',
    {
      uri: 'file:///ws/web.yaml',
      version: 3,
      format: 'yaml',
      text: 'resources:\n  server: {}',
      environments: ['/ws/env/a.yaml', '/elsewhere/b.yaml'],
      problems: [
        { severity: 'error', message: 'parameter key_name:\nnothing sets it', uri: 'file:///ws/web.yaml', line: 4 },
        { severity: 'warning', message: 'unused' },
      ],
    },
    '/ws',
  );
  assert.equal(
    text,
    '# Stack preview of web.yaml with env/a.yaml, /elsewhere/b.yaml\n' +
      '# error: web.yaml:5: parameter key_name: nothing sets it\n' +
      '# warning: unused\n' +
      'resources:\n  server: {}\n',
  );
  assert.match(previewText('web.yaml', { uri: '', version: 0, format: 'yaml', text: '', environments: [] }), /^# Stack preview of web.yaml \(no environment files\)\n$/);
  assert.equal(previewFailureText('x.yaml', 'not a HOT template\nsecond'), '# heat-ls could not preview x.yaml:\n#   not a HOT template\n#   second\n');
});

test('the status bar words and the setting the picker writes', () => {
  assert.equal(statusText(2), '$(layers) Heat env: 2');
  assert.match(statusTooltip(['/ws/env/a.yaml', '/ws/env/b.yaml'], '/ws'), /1\. env\/a\.yaml\n2\. env\/b\.yaml/);
  assert.match(statusTooltip([]), /No environment files/);
  // The template's entry comes first (the first matching key wins), others stay in order.
  const next = withTemplateEntry({ '**/*.yaml': ['env/common.yaml'], 'web.yaml': ['old.yaml'], 'db.yaml': ['env/db.yaml'] }, 'web.yaml', ['env/dev.yaml']);
  assert.deepEqual(Object.entries(next), [
    ['web.yaml', ['env/dev.yaml']],
    ['**/*.yaml', ['env/common.yaml']],
    ['db.yaml', ['env/db.yaml']],
  ]);
  // A list for every template stays for the others.
  assert.deepEqual(Object.entries(withTemplateEntry(['env/common.yaml'], 'web.yaml', [])), [
    ['web.yaml', []],
    ['**', ['env/common.yaml']],
  ]);
  assert.deepEqual(withTemplateEntry(undefined, 'a.yaml', ['e.yaml']), { 'a.yaml': ['e.yaml'] });
  // Active files first in merge order, then the others by path.
  assert.deepEqual(pickerOrder(['z.yaml', 'a.yaml', 'm.yaml'], ['m.yaml', 'z.yaml', 'gone.yaml']), ['m.yaml', 'z.yaml', 'a.yaml']);
});

test('the coalescer runs one refresh at a time and one more for what came during it', async () => {
  let runs = 0;
  let inFlight = 0;
  let most = 0;
  const c = new Coalescer(async () => {
    runs++;
    inFlight++;
    most = Math.max(most, inFlight);
    await settle(20);
    inFlight--;
  });
  const first = c.request();
  for (let i = 0; i < 10; i++) {
    void c.request(); // ten edits while the first request runs
  }
  await first;
  assert.equal(runs, 2, 'the burst of edits costs one more run, not ten');
  assert.equal(most, 1, 'never two at once');
  await c.request();
  assert.equal(runs, 3);
  c.stop();
  await c.request();
  assert.equal(runs, 3, 'a stopped coalescer runs nothing');
  // A failing run does not wedge it.
  let tries = 0;
  const failing = new Coalescer(async () => {
    tries++;
    throw new Error('boom');
  });
  await failing.request();
  await failing.request();
  assert.equal(tries, 2);
});

type Listener = (e: any) => void; // eslint-disable-line @typescript-eslint/no-explicit-any

class FakeUri {
  constructor(
    readonly scheme: string,
    readonly path: string,
    readonly query = '',
  ) {}
  get fsPath(): string {
    return this.path;
  }
  toString(): string {
    return `${this.scheme}://${this.path}${this.query ? '?' + encodeURIComponent(this.query) : ''}`;
  }
  static file(p: string): FakeUri {
    return new FakeUri('file', p);
  }
  static from(c: { scheme: string; path: string; query?: string }): FakeUri {
    return new FakeUri(c.scheme, c.path, c.query);
  }
  static parse(s: string): FakeUri {
    const m = /^([a-z-]+):\/\/([^?]*)(?:\?(.*))?$/.exec(s)!;
    return new FakeUri(m[1], m[2], m[3] ? decodeURIComponent(m[3]) : '');
  }
}

/** A `vscode` stand-in recording what the preview and the picker do. */
function fakeVscode() {
  const on = { change: [] as Listener[], config: [] as Listener[], close: [] as Listener[], active: [] as Listener[], open: [] as Listener[] };
  const commands = new Map<string, (...a: unknown[]) => Promise<void>>();
  const providers = new Map<string, { provideTextDocumentContent(u: FakeUri): string; onDidChange: (l: Listener) => unknown }>();
  const shown: { uri: string; column: unknown; language: string }[] = [];
  const template = { uri: FakeUri.file('/ws/web.yaml'), languageId: 'heat', version: 1, getText: () => 'heat_template_version: 2021-04-16\nresources: {}\n' };
  const docs: { uri: FakeUri; languageId: string; version: number; getText: () => string }[] = [template];
  const item = { text: '', tooltip: '', visible: false, command: '', name: '', show() { this.visible = true; }, hide() { this.visible = false; }, dispose() {} };
  const updates: { key: string; value: unknown; target: unknown }[] = [];
  const workspaceValue: { value: unknown } = { value: { '**/*.yaml': ['env/common.yaml'] } };
  const files: Record<string, string> = {
    '/ws/env/dev.yaml': 'parameter_defaults:\n  flavor: m1.large\n',
    '/ws/env/common.yaml': 'resource_registry:\n  My::Server: server.yaml\n',
    '/ws/web.yaml': template.getText(),
    '/ws/notes.yaml': 'title: not heat\n',
    '/ws/env/volume.yaml': 'parameters:\n  with_volume: true\n',
  };
  let quickPick: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  const disposable = { dispose: () => undefined };
  const folder = { uri: FakeUri.file('/ws'), name: 'ws', index: 0 };
  class EventEmitter<T> {
    private ls: ((v: T) => void)[] = [];
    event = (l: (v: T) => void) => (this.ls.push(l), disposable);
    fire(v: T) {
      this.ls.forEach((l) => l(v));
    }
    dispose() {}
  }
  const api = {
    Uri: FakeUri,
    EventEmitter,
    ViewColumn: { One: 1, Beside: -2 },
    StatusBarAlignment: { Left: 1, Right: 2 },
    ConfigurationTarget: { Global: 1, Workspace: 2, WorkspaceFolder: 3 },
    Range: class {
      constructor(...a: number[]) {
        void a;
      }
    },
    RelativePattern: class {
      constructor(readonly base: unknown, readonly pattern: string) {}
    },
    commands: {
      registerCommand: (id: string, fn: (...a: unknown[]) => Promise<void>) => (commands.set(id, fn), disposable),
    },
    languages: {
      setTextDocumentLanguage: async (doc: { uri: FakeUri }, language: string) => ({ ...doc, languageId: language }),
    },
    workspace: {
      textDocuments: docs,
      workspaceFolders: [folder],
      getWorkspaceFolder: (u: FakeUri) => (u.path.startsWith('/ws/') ? folder : undefined),
      onDidChangeTextDocument: (fn: Listener) => (on.change.push(fn), disposable),
      onDidChangeConfiguration: (fn: Listener) => (on.config.push(fn), disposable),
      onDidCloseTextDocument: (fn: Listener) => (on.close.push(fn), disposable),
      onDidSaveTextDocument: () => disposable,
      onDidOpenTextDocument: (fn: Listener) => (on.open.push(fn), disposable),
      registerTextDocumentContentProvider: (scheme: string, p: any) => (providers.set(scheme, p), disposable), // eslint-disable-line @typescript-eslint/no-explicit-any
      openTextDocument: async (u: FakeUri) => ({ uri: u, languageId: 'plaintext', version: 1, getText: () => providers.get(u.scheme)!.provideTextDocumentContent(u) }),
      findFiles: async () => Object.keys(files).map((f) => FakeUri.file(f)),
      fs: { readFile: async (u: FakeUri) => new TextEncoder().encode(files[u.path]) },
      getConfiguration: () => ({
        inspect: () => ({ workspaceValue: workspaceValue.value }),
        update: async (key: string, value: unknown, target: unknown) => {
          updates.push({ key, value, target });
        },
      }),
    },
    window: {
      activeTextEditor: { document: template } as { document: unknown } | undefined,
      onDidChangeActiveTextEditor: (fn: Listener) => (on.active.push(fn), disposable),
      showInformationMessage: () => undefined,
      createStatusBarItem: () => item,
      showTextDocument: async (doc: { uri: FakeUri; languageId: string }, opts: { viewColumn: unknown }) => {
        shown.push({ uri: doc.uri.toString(), column: opts.viewColumn, language: doc.languageId });
        return {};
      },
      createQuickPick: () => {
        const accept: (() => void)[] = [];
        quickPick = {
          items: [],
          selectedItems: [],
          onDidAccept: (fn: () => void) => accept.push(fn),
          onDidHide: () => undefined,
          show: () => undefined,
          hide: () => undefined,
          dispose: () => undefined,
          accept: () => accept.forEach((fn) => fn()),
        };
        return quickPick;
      },
    },
  };
  return { api, on, commands, providers, shown, template, docs, item, updates, quickPick: () => quickPick };
}

/** A stand-in language client answering heat-ls.preview after a delay, recording each request. */
function fakeClient(answer: (n: number) => unknown, delayMs = 30) {
  const requests: any[] = []; // eslint-disable-line @typescript-eslint/no-explicit-any
  let inFlight = 0;
  let most = 0;
  return {
    requests,
    most: () => most,
    sendRequest: async (method: string, params: any) => { // eslint-disable-line @typescript-eslint/no-explicit-any
      requests.push({ method, params });
      inFlight++;
      most = Math.max(most, inFlight);
      await settle(delayMs);
      inFlight--;
      const a = answer(requests.length);
      if (a instanceof Error) {
        throw a;
      }
      return a;
    },
  };
}

// The bundled modules read `vscode` once, when first loaded: they get a
// proxy to the stand-in of the test running now.
const live: { api: Record<string, unknown> } = { api: {} };
const vscodeProxy = new Proxy(
  {},
  {
    get: (_t, k) => live.api[k as string],
    ownKeys: () => Reflect.ownKeys(live.api),
    getOwnPropertyDescriptor: (_t, k) => ({ value: live.api[k as string], enumerable: true, configurable: true, writable: true }),
  },
);

function withFake<T>(fake: ReturnType<typeof fakeVscode>, fn: () => Promise<T>): Promise<T> {
  const mod = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
  const original = mod._load;
  const saved = live.api;
  live.api = fake.api as unknown as Record<string, unknown>;
  mod._load = (request: string, ...rest: unknown[]) => (request === 'vscode' ? vscodeProxy : original(request, ...rest));
  return fn().finally(() => {
    mod._load = original;
    live.api = saved;
  });
}

test('Open Stack Preview: the answer beside the template, refreshed as it is edited', async () => {
  const fake = fakeVscode();
  await withFake(fake, async () => {
    const { registerPreview } = require('../src/preview') as typeof import('../src/preview');
    const client = fakeClient((n) => ({
      uri: 'file:///ws/web.yaml',
      version: fake.template.version,
      format: 'yaml',
      text: `resources:\n  answer: ${n}\n`,
      environments: ['/ws/env/dev.yaml'],
      problems: [],
    }));
    const results: unknown[] = [];
    const context = { subscriptions: [] as unknown[] };
    registerPreview(context as never, () => client as never, (_u, r) => results.push(r));
    await fake.commands.get('heat-ls.showPreview')!();
    assert.deepEqual(client.requests[0], {
      method: 'workspace/executeCommand',
      params: { command: 'heat-ls.preview', arguments: [{ uri: 'file:///ws/web.yaml', format: 'yaml' }] },
    });
    assert.equal(fake.shown.length, 1);
    assert.equal(fake.shown[0].column, -2, 'beside the template');
    assert.equal(fake.shown[0].language, 'yaml');
    const previewUri = FakeUri.parse(fake.shown[0].uri);
    assert.equal(previewUri.scheme, 'heat-ls-preview');
    assert.equal(previewUri.path, '/ws/web (preview).yaml');
    const provider = fake.providers.get('heat-ls-preview')!;
    const changed: string[] = [];
    provider.onDidChange((u: FakeUri) => changed.push(u.toString()));
    assert.equal(provider.provideTextDocumentContent(previewUri), '# Stack preview of web.yaml with env/dev.yaml\nresources:\n  answer: 1\n');
    assert.equal(results.length, 1, 'the status bar hears of the answer');

    // A burst of edits: one request in flight, one more for the newest text.
    for (let v = 2; v <= 8; v++) {
      fake.template.version = v;
      fake.on.change.forEach((fn) => fn({ document: fake.template }));
    }
    fake.on.change.forEach((fn) => fn({ document: { uri: FakeUri.file('/ws/other.yaml') } }));
    await until(() => client.requests.length >= 3 && /answer: 3/.test(provider.provideTextDocumentContent(previewUri)));
    await settle(100); // nothing more comes
    assert.equal(client.requests.length, 3, 'seven edits cost two requests');
    assert.equal(client.most(), 1, 'never two requests in flight');
    assert.match(provider.provideTextDocumentContent(previewUri), /answer: 3/);
    assert.ok(changed.length >= 1 && changed.every((u) => u === previewUri.toString()), 'the document is told it changed');

    // Settings change: refreshed once the client has told the server.
    fake.on.config.forEach((fn) => fn({ affectsConfiguration: (s: string) => s === 'heat-ls' }));
    await until(() => client.requests.length >= 4);
    assert.equal(client.requests.length, 4);
    await until(() => /answer: 4/.test(provider.provideTextDocumentContent(previewUri)));

    // Closing the preview ends its refreshes.
    fake.on.close.forEach((fn) => fn({ uri: previewUri }));
    fake.on.change.forEach((fn) => fn({ document: fake.template }));
    await settle(60);
    assert.equal(client.requests.length, 4);
  });
});

test('Open Stack Preview: an answer of an older text is asked again; a failure shows in the document', async () => {
  const fake = fakeVscode();
  await withFake(fake, async () => {
    const { registerPreview } = require('../src/preview') as typeof import('../src/preview');
    fake.template.version = 5;
    // The server answers for version 4 first (the edit had not reached it), then 5.
    const client = fakeClient((n) => ({ uri: '', version: n === 1 ? 4 : 5, format: 'yaml', text: `v: ${n}\n`, environments: [] }), 5);
    registerPreview({ subscriptions: [] } as never, () => client as never, () => undefined);
    await fake.commands.get('heat-ls.showPreview')!();
    assert.equal(client.requests.length, 2, 'asked again for the editor\'s version');
    const provider = fake.providers.get('heat-ls-preview')!;
    const uri = FakeUri.parse(fake.shown[0].uri);
    assert.match(provider.provideTextDocumentContent(uri), /v: 2/);

    const failing = fakeVscode();
    await withFake(failing, async () => {
      const { registerPreview: register } = require('../src/preview') as typeof import('../src/preview');
      const bad = fakeClient(() => new Error('not a HOT template: no heat_template_version'), 1);
      register({ subscriptions: [] } as never, () => bad as never, () => undefined);
      await failing.commands.get('heat-ls.showPreview')!();
      const text = failing.providers.get('heat-ls-preview')!.provideTextDocumentContent(FakeUri.parse(failing.shown[0].uri));
      assert.equal(text, '# heat-ls could not preview web.yaml:\n#   not a HOT template: no heat_template_version\n');
    });
  });
});

test('the status bar counts the active files; the picker writes the template\'s entry', async () => {
  const fake = fakeVscode();
  await withFake(fake, async () => {
    const { registerEnvironments } = require('../src/environments') as typeof import('../src/environments');
    const client = fakeClient(() => ({ uri: '', version: 1, format: 'yaml', text: '', environments: ['/ws/env/common.yaml'] }), 1);
    const context = { subscriptions: [] as unknown[] };
    const status = registerEnvironments(context as never, () => client as never);
    // A .yaml template opens as yaml: no item until the extension makes it heat.
    fake.template.languageId = 'yaml';
    fake.on.active.forEach((fn) => fn(undefined));
    await settle(100);
    assert.equal(fake.item.visible, false, 'no item on a yaml document');
    fake.template.languageId = 'heat';
    fake.on.open.forEach((fn) => fn(fake.template)); // VS Code reopens it as heat
    await until(() => fake.item.visible);
    assert.deepEqual(client.requests[0].params.arguments, [{ uri: 'file:///ws/web.yaml', format: 'yaml', depth: 0 }]);
    assert.equal(fake.item.text, '$(layers) Heat env: 1');
    assert.ok(fake.item.visible);
    assert.equal(fake.item.command, 'heat-ls.pickEnvironments');
    assert.match(String(fake.item.tooltip), /env\/common\.yaml/);

    // The picker offers the folder's environment files (not the template,
    // not other YAML), the active one first and picked.
    const picking = fake.commands.get('heat-ls.pickEnvironments')!();
    await until(() => fake.quickPick() !== undefined);
    const qp = fake.quickPick();
    assert.ok(qp.canSelectMany);
    assert.deepEqual(qp.items.map((i: { label: string }) => i.label), ['env/common.yaml', 'env/dev.yaml', 'env/volume.yaml'], 'a file of parameters alone is offered too');
    assert.deepEqual(qp.selectedItems.map((i: { label: string }) => i.label), ['env/common.yaml']);
    qp.selectedItems = [qp.items[1], qp.items[0]];
    qp.accept();
    await picking;
    assert.equal(fake.updates.length, 1);
    assert.equal(fake.updates[0].key, 'environments');
    assert.equal(fake.updates[0].target, 2, 'the workspace setting');
    assert.deepEqual(Object.entries(fake.updates[0].value as object), [
      ['web.yaml', ['env/common.yaml', 'env/dev.yaml']],
      ['**/*.yaml', ['env/common.yaml']],
    ]);

    // Another answer (from the preview) updates the count; a non-template hides it.
    status.record(fake.template.uri as never, { uri: '', version: 1, format: 'yaml', text: '', environments: ['/ws/env/common.yaml', '/ws/env/dev.yaml'] });
    assert.equal(fake.item.text, '$(layers) Heat env: 2');
    // The template's preview stands for it.
    fake.api.window.activeTextEditor = { document: { uri: new FakeUri('heat-ls-preview', '/ws/web (preview).yaml', 'file:///ws/web.yaml'), languageId: 'yaml', getText: () => '' } };
    fake.item.hide();
    fake.on.active.forEach((fn) => fn(undefined));
    await until(() => fake.item.visible);
    assert.equal(fake.item.text, '$(layers) Heat env: 2', 'the preview document shows its template\'s set');
    fake.api.window.activeTextEditor = { document: { uri: FakeUri.file('/ws/env/dev.yaml'), languageId: 'heat', getText: () => 'parameter_defaults: {}\n' } };
    fake.on.active.forEach((fn) => fn(undefined));
    await until(() => !fake.item.visible);
    assert.equal(fake.item.visible, false, 'an environment file gets no item');
  });
});
