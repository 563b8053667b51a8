// The resource graph view on the extension's side, with a small stand-in
// for the `vscode` API: the command draws the active template's graph, an
// edit of that template redraws it (after the redraw delay), an edit of
// another document does not, a clicked node opens its resource at its
// range, and the layout direction the user picks starts the next panel.
import { strict as assert } from 'node:assert';
import Module from 'node:module';
import { test } from 'node:test';

type Listener = (e: unknown) => void;

class FakeUri {
  constructor(readonly path: string) {}
  toString(): string {
    return `file://${this.path}`;
  }
  static file(p: string): FakeUri {
    return new FakeUri(p);
  }
  static joinPath(base: FakeUri, ...parts: string[]): FakeUri {
    return new FakeUri([base.path, ...parts].join('/'));
  }
}

/** The stand-in: records what the panel does and lets the test fire events. */
function fakeVscode() {
  const commands = new Map<string, () => Promise<void>>();
  const edits: Listener[] = [];
  const posted: { type: string; graph?: unknown }[] = [];
  const opened: { uri: string; selection: unknown }[] = [];
  let onMessage: Listener | undefined;
  let onDispose: (() => void) | undefined;
  const panels: { webview: { html: string } }[] = [];
  const remember = <P extends { webview: { html: string } }>(p: P): P => (panels.push(p), p);
  const template = { uri: FakeUri.file('/ws/app.yaml'), languageId: 'heat' };
  const disposable = { dispose: () => undefined };
  const api = {
    Uri: FakeUri,
    ViewColumn: { One: 1, Beside: -2 },
    Position: class {
      constructor(readonly line: number, readonly character: number) {}
    },
    Range: class {
      constructor(readonly start: unknown, readonly end: unknown) {}
    },
    commands: {
      registerCommand: (id: string, fn: () => Promise<void>) => {
        commands.set(id, fn);
        return disposable;
      },
    },
    workspace: {
      onDidChangeTextDocument: (fn: Listener) => {
        edits.push(fn);
        return disposable;
      },
    },
    window: {
      activeTextEditor: { document: template },
      showInformationMessage: () => undefined,
      onDidChangeActiveTextEditor: () => disposable,
      showTextDocument: async (uri: FakeUri, opts: { selection: unknown }) => {
        opened.push({ uri: uri.toString(), selection: opts.selection });
      },
      createWebviewPanel: () => remember({
        title: '',
        reveal: () => undefined,
        onDidDispose: (fn: () => void) => {
          onDispose = fn;
          return disposable;
        },
        webview: {
          html: '',
          cspSource: 'vscode-resource:',
          asWebviewUri: (u: FakeUri) => u,
          onDidReceiveMessage: (fn: Listener) => {
            onMessage = fn;
            return disposable;
          },
          postMessage: async (m: { type: string; graph?: unknown }) => {
            posted.push(m);
            return true;
          },
        },
      }),
    },
  };
  return {
    api,
    commands,
    edits,
    posted,
    opened,
    template,
    message: (m: unknown) => onMessage?.(m),
    /** The page of the panel made last. */
    html: () => panels.at(-1)?.webview.html ?? '',
    /** The user closes the panel. */
    dispose: () => onDispose?.(),
  };
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('the graph view draws the template, follows its edits and opens a clicked resource', async () => {
  const fake = fakeVscode();
  const mod = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
  const original = mod._load;
  mod._load = (request: string, ...rest: unknown[]) => (request === 'vscode' ? fake.api : original(request, ...rest));
  try {
    const { registerGraphView } = require('../src/graphPanel') as typeof import('../src/graphPanel');
    let version = 0;
    const requests: unknown[] = [];
    let hold: Promise<void> | undefined; // while set, answers wait for it
    const client = {
      sendRequest: async (method: string, params: unknown) => {
        requests.push({ method, params });
        await hold;
        return { version: ++version, nodes: [] };
      },
    };
    const kept = new Map<string, unknown>();
    const context = {
      subscriptions: [] as unknown[],
      extensionUri: FakeUri.file('/ext'),
      globalState: { get: (k: string) => kept.get(k), update: async (k: string, v: unknown) => void kept.set(k, v) },
    };
    registerGraphView(context as never, () => client as never);
    await fake.commands.get('heat-ls.showGraph')!();
    await settle(10);
    assert.equal(requests.length, 1, 'the command asks heat-ls for the graph');
    assert.deepEqual(requests[0], {
      method: 'workspace/executeCommand',
      params: { command: 'heat-ls.graph', arguments: [{ uri: 'file:///ws/app.yaml', parameters: false, outputs: true }] },
    });
    assert.deepEqual(fake.posted.at(-1), { type: 'graph', graph: { version: 1, nodes: [] } });

    // An edit of another document changes nothing; one of the template
    // redraws once the typing pauses.
    fake.edits.forEach((fn) => fn({ document: { uri: FakeUri.file('/ws/other.yaml') } }));
    fake.edits.forEach((fn) => fn({ document: fake.template }));
    fake.edits.forEach((fn) => fn({ document: fake.template }));
    await settle(100);
    assert.equal(requests.length, 1, 'no redraw before the typing pauses');
    await settle(600);
    assert.equal(requests.length, 2, 'the edits of the template redraw it once');
    assert.deepEqual(fake.posted.at(-1), { type: 'graph', graph: { version: 2, nodes: [] } });

    // A click on a node opens its resource at the node's range.
    fake.message({ type: 'open', path: '/ws/db.yaml', range: { start: { line: 4, character: 2 }, end: { line: 4, character: 8 } } });
    await settle(10);
    assert.equal(fake.opened.length, 1);
    assert.equal(fake.opened[0].uri, 'file:///ws/db.yaml');
    assert.deepEqual(JSON.parse(JSON.stringify(fake.opened[0].selection)), { start: { line: 4, character: 2 }, end: { line: 4, character: 2 } });

    // The direction the user picks is kept for the next panel's page.
    assert.match(fake.html(), /<html lang="en" data-rankdir="LR">/);
    fake.message({ type: 'direction', rankdir: 'TB' });
    await settle(10);
    assert.equal(kept.get('heat-ls.graph.rankdir'), 'TB');
    // Closed while heat-ls is still drawing: the late answer goes nowhere
    // (VS Code throws on a disposed webview).
    const posts = fake.posted.length;
    const asked = requests.length;
    let release = () => undefined as void;
    hold = new Promise((resolve) => (release = resolve));
    fake.edits.forEach((fn) => fn({ document: fake.template }));
    await settle(450);
    assert.equal(requests.length, asked + 1, 'the redraw has asked');
    fake.dispose();
    release();
    hold = undefined;
    await settle(20);
    assert.equal(fake.posted.length, posts, 'nothing is posted to a closed panel');
    await fake.commands.get('heat-ls.showGraph')!();
    assert.match(fake.html(), /<html lang="en" data-rankdir="TB">/, 'a new panel starts top to bottom');
  } finally {
    mod._load = original;
  }
});
