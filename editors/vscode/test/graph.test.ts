// The resource graph view: the layout on the CLI's golden JSON, and the
// bundled webview script (out/graph-webview.js, exactly what the webview
// loads) drawing one SVG node per resource — in node with a small DOM
// stand-in, and in headless Chromium when it is installed.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import * as vm from 'node:vm';
import { Graph, layoutGraph } from '../src/graphLayout';
import { graphHtml } from '../src/graphPanel.html';

const extensionRoot = path.resolve(__dirname, '..', '..');
const fixtures = path.resolve(extensionRoot, '..', '..', 'testdata', 'graph');
const load = (name: string): Graph => JSON.parse(readFileSync(path.join(fixtures, name), 'utf8'));
const resources = (g: Graph) => g.nodes.filter((n) => n.kind === 'resource').length;

test('layout places every node without overlaps, clusters around their members', () => {
  for (const name of ['app.json', 'cycle.json']) {
    const g = load(name);
    const l = layoutGraph(g);
    assert.equal(l.nodes.filter(Boolean).length, g.nodes.length, `${name}: every node is placed`);
    for (const a of l.nodes) {
      for (const b of l.nodes) {
        if (a !== b) {
          const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
          assert.ok(apart, `${name}: ${a.node.id} overlaps ${b.node.id}`);
        }
      }
    }
    for (const c of l.clusters) {
      for (const n of l.nodes.filter((p) => p.node.cluster === c.cluster.id)) {
        assert.ok(n.x >= c.x && n.y >= c.y && n.x + n.width <= c.x + c.width && n.y + n.height <= c.y + c.height, `${name}: ${n.node.id} outside ${c.cluster.label}`);
      }
    }
  }
});

// A DOM stand-in with just what the webview script uses.
class FakeElement {
  children: FakeElement[] = [];
  attrs = new Map<string, string>();
  listeners = new Map<string, (() => void)[]>();
  text = '';
  constructor(readonly tag: string) {}
  set textContent(v: string) {
    this.children = [];
    this.text = v;
  }
  get textContent(): string {
    return this.text + this.children.map((c) => c.textContent).join('');
  }
  appendChild(c: FakeElement) {
    this.children.push(c);
    return c;
  }
  setAttribute(k: string, v: string) {
    this.attrs.set(k, v);
  }
  addEventListener(type: string, fn: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  all(): FakeElement[] {
    return [this, ...this.children.flatMap((c) => c.all())];
  }
}

test('the bundled webview script draws one SVG node per resource and opens a clicked one', () => {
  const bundle = path.join(extensionRoot, 'out', 'graph-webview.js');
  assert.ok(existsSync(bundle), 'out/graph-webview.js is missing; run npm run build');
  const container = new FakeElement('div');
  const posted: { type: string; path?: string; range?: unknown }[] = [];
  let onMessage: ((ev: { data: unknown }) => void) | undefined;
  const sandbox = {
    document: { createElementNS: (_ns: string, tag: string) => new FakeElement(tag), getElementById: (id: string) => (id === 'graph' ? container : null) },
    window: { addEventListener: (type: string, fn: (ev: { data: unknown }) => void) => type === 'message' && (onMessage = fn) },
    acquireVsCodeApi: () => ({ postMessage: (m: { type: string }) => posted.push(m) }),
  };
  vm.runInNewContext(readFileSync(bundle, 'utf8'), sandbox);
  assert.equal(JSON.stringify(posted), JSON.stringify([{ type: 'ready' }]), 'the script asks for the graph once loaded');
  assert.ok(onMessage, 'the script listens for the graph');
  const g = load('app.json');
  onMessage!({ data: { type: 'graph', graph: g } });
  const nodes = container.all().filter((e) => e.tag === 'g' && (e.attrs.get('class') ?? '').startsWith('node resource'));
  assert.equal(nodes.length, resources(g), 'one node per resource');
  assert.deepEqual(nodes.map((n) => n.attrs.get('data-id')).sort(), g.nodes.filter((n) => n.kind === 'resource').map((n) => n.id).sort());
  const db = nodes.find((n) => n.attrs.get('data-id') === 'db')!;
  db.listeners.get('click')![0]();
  const want = g.nodes.find((n) => n.id === 'db')!;
  assert.equal(JSON.stringify(posted[1]), JSON.stringify({ type: 'open', path: want.path, range: want.range }));
  // A loop Heat refuses is drawn in the error colour.
  onMessage!({ data: { type: 'graph', graph: load('cycle.json') } });
  const cyc = container.all().filter((e) => e.tag === 'g' && / cycle/.test(e.attrs.get('class') ?? ''));
  assert.equal(cyc.filter((e) => e.attrs.get('class')!.startsWith('node')).length, 3);
  assert.equal(cyc.filter((e) => e.attrs.get('class')!.startsWith('edge')).length, 3);
});

function findChromium(): string | undefined {
  for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
    try {
      return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim() || undefined;
    } catch {
      // not this one
    }
  }
  return undefined;
}

test('the webview page renders in headless Chromium', (t) => {
  const chromium = findChromium();
  if (!chromium) {
    t.skip('Chromium is not installed');
    return;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'heat-graph-'));
  try {
    const g = load('app.json');
    // The page as the extension builds it, plus a stand-in for the
    // webview API that posts the graph.
    const stub = `<script>window.acquireVsCodeApi = () => ({ postMessage: (m) => { if (m.type === 'ready') setTimeout(() => window.postMessage({ type: 'graph', graph: ${JSON.stringify(g)} }, '*'), 0); } });</script>`;
    const html = graphHtml(path.join(extensionRoot, 'out', 'graph-webview.js'), "'self' 'unsafe-inline' file:").replace('<body>', `<body>${stub}`);
    writeFileSync(path.join(dir, 'graph.html'), html);
    const dom = execFileSync(chromium, ['--headless', '--no-sandbox', '--disable-gpu', `--user-data-dir=${dir}/profile`, '--virtual-time-budget=3000', '--dump-dom', `file://${dir}/graph.html`], {
      encoding: 'utf8',
      timeout: 60_000,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const drawn = dom.match(/<g class="node resource/g) ?? [];
    assert.equal(drawn.length, resources(g), `one node per resource in Chromium's DOM:\n${dom.slice(0, 2000)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
