// The resource graph view: the DOT built from the graph's JSON is the
// CLI's, byte for byte; the bundled webview script (out/graph-webview.js,
// exactly what the webview loads, its layout worker with Graphviz's
// WebAssembly inside) draws the heat-ls.graph command's answer for the
// graph fixtures as SVG (one node per resource, labelled clusters, guarded
// nodes, loops in the error colour) and opens the resource of a clicked
// node: in node with a small DOM and Worker stand-in, and in headless
// Chromium, under the page's own content policy, when Chromium is
// installed. graphView.test.ts tests the zoom, pan, fit and direction.
import { strict as assert } from 'node:assert';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import * as vm from 'node:vm';
import { graphToDot } from '../src/graphDot';
import { Graph } from '../src/graphModel';
import { graphHtml } from '../src/graphPanel.html';
import { Chromium, findChromium } from './chromium';
import { LspClient, serverBinary } from './lsp-client';
import { vscodeInitializeParams } from './vscode-initialize';

const extensionRoot = path.resolve(__dirname, '..', '..');
const fixtures = path.resolve(extensionRoot, '..', '..', 'testdata', 'graph');
const bundle = path.join(extensionRoot, 'out', 'graph-webview.js');
const read = (name: string) => readFileSync(path.join(fixtures, name), 'utf8');
const resourceIds = (g: Graph) => g.nodes.filter((n) => n.kind === 'resource').map((n) => n.id).sort();

/** The heat-ls.graph command's answers for app.yaml (with parameters and outputs) and cycle.yaml, from the real server. */
const served: { app?: Graph; cycle?: Graph } = {};

before(async () => {
  const client = new LspClient(serverBinary(), [], (method) => (method === 'workspace/configuration' ? [{}] : null));
  try {
    const root = pathToFileURL(fixtures).href;
    await client.request('initialize', vscodeInitializeParams(fixtures, root, 'graph', {}));
    client.notify('initialized', {});
    const draw = (name: string, more: object) => {
      const uri = pathToFileURL(path.join(fixtures, name)).href;
      client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'heat', version: 1, text: read(name) } });
      return client.request('workspace/executeCommand', { command: 'heat-ls.graph', arguments: [{ uri, ...more }] });
    };
    // The workspace scan may not have read env.yaml yet: ask again until
    // the group's member template is resolved through it (bounded).
    for (let i = 0; i < 100 && !served.app?.nodes.some((n) => n.id === 'web/member/server'); i++) {
      if (i > 0) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      served.app = await draw('app.yaml', { parameters: true, outputs: true });
    }
    served.cycle = await draw('cycle.yaml', { outputs: true });
  } finally {
    client.proc.kill('SIGKILL');
  }
});

test('the DOT built from the JSON is the CLI\'s DOT', () => {
  for (const name of ['app', 'cycle']) {
    assert.equal(graphToDot(JSON.parse(read(`${name}.json`))), read(`${name}.dot`), `${name}: graphDot.ts and analysis/graph/dot.go disagree`);
  }
});

test('the command\'s graphs hold what the view must show', () => {
  const app = served.app!;
  assert.ok(app.clusters.some((c) => c.kind === 'nested') && app.clusters.some((c) => c.kind === 'group'), 'a nested template and a group');
  assert.ok(app.clusters.some((c) => c.parent), 'a cluster inside a cluster');
  assert.ok(app.nodes.some((n) => n.condition), 'a guarded resource');
  assert.ok(app.nodes.some((n) => n.id === 'web/member/server'), 'the member template resolved through env.yaml');
  assert.ok(served.cycle!.nodes.some((n) => n.inCycle), 'a loop');
});

/** One SVG group Graphviz drew: its classes and its title (the node id, or "cluster_" + the cluster id). */
interface Drawn {
  id: string;
  classes: string[];
  title: string;
  body: string;
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescape = (s: string) => s.replace(/&(#\d+|\w+);/g, (m, e: string) => (e.startsWith('#') ? String.fromCharCode(Number(e.slice(1))) : entities[e] ?? m));

/** The node, edge and cluster groups of an SVG Graphviz wrote. */
function drawn(svg: string): Drawn[] {
  return [...svg.matchAll(/<g id="([^"]*)" class="([^"]*)">\s*<title>([^<]*)<\/title>([\s\S]*?)<\/g>/g)].map((m) => ({
    id: unescape(m[1]),
    classes: m[2].split(' '),
    title: unescape(m[3]),
    body: m[4],
  }));
}

// A DOM stand-in with just what the webview script uses.
class FakeElement {
  listeners = new Map<string, ((ev: unknown) => void)[]>();
  text = '';
  html = '';
  set textContent(v: string) {
    this.text = v;
    this.html = '';
  }
  get textContent(): string {
    return this.text;
  }
  drawings = 0;
  style: Record<string, string> = {};
  dataset: Record<string, string> = {};
  set innerHTML(v: string) {
    this.html = v;
    this.text = '';
    this.drawings++;
  }
  querySelectorAll(): FakeElement[] {
    return [];
  }
  addEventListener(type: string, fn: (ev: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
}

/** A click's target inside the SVG group titled title (node or cluster) of the drawing in svg. */
const inside = (svg: string, kind: 'node' | 'cluster', title: string) => {
  const group = drawn(svg).find((d) => d.classes[0] === kind && d.title === title);
  assert.ok(group, `no ${kind} titled ${title}`);
  return { closest: (sel: string) => (sel === `g.${kind}` ? { id: group.id } : null) };
};

test('the bundled webview script draws the command\'s graph with Graphviz and opens a clicked resource', async () => {
  assert.ok(existsSync(bundle), 'out/graph-webview.js is missing; run npm run build');
  const container = new FakeElement();
  const posted: { type: string; path?: string; range?: unknown }[] = [];
  let onMessage: ((ev: { data: unknown }) => Promise<void> | undefined) | undefined;
  // What a browser has and a bare context lacks, for Graphviz's loader.
  const browserish = { TextDecoder, console, setTimeout, atob };
  // The layout worker: its script (the text of the blob the page makes)
  // runs in a context of its own, messages cross as copies, later.
  const blobs = new Map<string, string>();
  const copy = (m: unknown) => JSON.parse(JSON.stringify(m));
  class FakeWorker {
    onmessage: ((ev: { data: unknown }) => void) | null = null;
    onerror: ((ev: unknown) => void) | null = null;
    private readonly scope: { onmessage?: (ev: { data: unknown }) => void } & Record<string, unknown>;
    constructor(url: string) {
      assert.ok(blobs.has(url), `the worker starts from the blob the page made, not ${url}`);
      this.scope = { ...browserish, URL, importScripts: () => undefined, postMessage: (m: unknown) => setTimeout(() => this.onmessage?.({ data: copy(m) }), 0) };
      vm.runInNewContext(blobs.get(url)!, this.scope);
    }
    postMessage(m: unknown) {
      setTimeout(() => this.scope.onmessage?.({ data: copy(m) }), 0);
    }
    terminate() {}
  }
  const sandbox = {
    document: { getElementById: (id: string) => (id === 'graph' ? container : null) },
    window: { addEventListener: (type: string, fn: typeof onMessage) => type === 'message' && (onMessage = fn) },
    acquireVsCodeApi: () => ({ postMessage: (m: { type: string }) => posted.push(m) }),
    ...browserish,
    Blob: class {
      constructor(readonly parts: string[]) {}
    },
    URL: {
      createObjectURL: (b: { parts: string[] }) => {
        const url = `blob:worker/${blobs.size}`;
        blobs.set(url, b.parts.join(''));
        return url;
      },
    },
    Worker: FakeWorker,
  };
  vm.runInNewContext(readFileSync(bundle, 'utf8'), sandbox);
  // (Objects made in the script's context are compared as JSON.)
  const last = () => JSON.parse(JSON.stringify(posted.at(-1)));
  assert.deepEqual(JSON.parse(JSON.stringify(posted)), [{ type: 'ready' }], 'the script asks for the graph once loaded');
  assert.ok(onMessage, 'the script listens for the graph');

  const g = served.app!;
  await onMessage!({ data: { type: 'graph', graph: g } });
  assert.match(container.html, /<svg[^>]*>[\s\S]*<\/svg>/, `an SVG is drawn, not: ${container.text || container.html.slice(0, 300)}`);
  const groups = drawn(container.html);
  const nodes = groups.filter((d) => d.classes[0] === 'node');
  assert.deepEqual(nodes.filter((d) => d.classes[1] === 'resource').map((d) => d.title).sort(), resourceIds(g), 'one SVG node per resource, titled with its id');
  assert.equal(nodes.length, g.nodes.length, 'one SVG node per node of the graph');
  for (const c of g.clusters) {
    const box = groups.find((d) => d.classes[0] === 'cluster' && d.title === `cluster_${c.id}`);
    assert.ok(box, `cluster ${c.label} is drawn`);
    assert.ok(box.classes.includes(c.kind), `cluster ${c.label} has the class ${c.kind}`);
    assert.ok(box.body.includes(`>${c.label}</text>`), `cluster ${c.label} carries its label`);
  }
  const guarded = nodes.find((d) => d.title === 'floating_ip')!;
  assert.ok(guarded.classes.includes('guarded') && guarded.body.includes('>if is_prod</text>') && /stroke-dasharray/.test(guarded.body), 'the guarded resource is dashed with its condition');
  for (const kind of ['depends_on', 'get_resource', 'get_attr']) {
    assert.ok(groups.some((d) => d.classes[0] === 'edge' && d.classes.includes(kind) && d.body.includes(`>${kind}`)), `an edge labelled ${kind}`);
  }

  // A click inside a node opens its resource; inside a nested template's
  // cluster, that template.
  const click = (target: unknown) => container.listeners.get('click')!.forEach((fn) => fn({ target }));
  click(inside(container.html, 'node', 'db/server'));
  const want = g.nodes.find((n) => n.id === 'db/server')!;
  assert.deepEqual(last(), { type: 'open', path: want.path, range: want.range });
  assert.match(want.path!, /db\.yaml$/);
  const nested = g.clusters.find((c) => c.label === 'db (db.yaml)')!;
  click(inside(container.html, 'cluster', `cluster_${nested.id}`));
  assert.deepEqual(last(), { type: 'open', path: nested.path, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } });
  const before = posted.length;
  click({ closest: () => null });
  assert.equal(posted.length, before, 'a click beside the nodes opens nothing');

  // A name with a backslash: Graphviz's title keeps the DOT escape, the
  // click still finds the resource.
  const odd: Graph = { version: 1, title: 'odd.yaml', edges: [], clusters: [], nodes: [
    { id: 'a\\b', kind: 'resource', name: 'a\\b', path: '/ws/odd.yaml', range: { start: { line: 2, character: 2 }, end: { line: 2, character: 5 } } },
  ] };
  await onMessage!({ data: { type: 'graph', graph: odd } });
  click(inside(container.html, 'node', 'a\\\\b'));
  assert.deepEqual(last(), { type: 'open', path: '/ws/odd.yaml', range: odd.nodes[0].range });

  // A loop Heat refuses is drawn in the error colour: its nodes and edges.
  const cycle = served.cycle!;
  await onMessage!({ data: { type: 'graph', graph: cycle } });
  const looped = drawn(container.html).filter((d) => d.classes.includes('cycle'));
  assert.deepEqual(looped.filter((d) => d.classes[0] === 'node').map((d) => d.title).sort(), cycle.nodes.filter((n) => n.inCycle).map((n) => n.id).sort());
  assert.equal(looped.filter((d) => d.classes[0] === 'edge').length, cycle.edges.filter((e) => e.inCycle).length);
  for (const d of looped) {
    assert.match(d.body, /stroke="#d73a49"/, `${d.title} is drawn in the error colour`);
  }
  assert.ok(!drawn(container.html).some((d) => !d.classes.includes('cycle') && d.body.includes('#d73a49')), 'only the loop is in the error colour');

  // Graphs posted while one is drawn: only the newest is drawn next.
  const drawings = container.drawings;
  const burst = [g, cycle, g].map((graph) => onMessage!({ data: { type: 'graph', graph } }));
  await Promise.all(burst);
  assert.equal(container.drawings, drawings + 1, 'three graphs posted at once are drawn once');
  assert.equal(drawn(container.html).filter((d) => d.classes.includes('resource')).length, resourceIds(g).length, 'the newest graph is drawn');

  // An error from heat-ls replaces the drawing.
  await onMessage!({ data: { type: 'error', error: 'heat-ls could not draw the graph: boom' } });
  assert.equal(container.textContent, 'heat-ls could not draw the graph: boom');
});

test('the webview page draws, themes and opens in headless Chromium', async (t) => {
  const chromium = findChromium();
  if (!chromium) {
    t.skip('Chromium is not installed');
    return;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'heat-graph-'));
  try {
    const g = served.app!;
    const cycle = served.cycle!;
    // The page as the extension builds it (its content policy with the
    // script's source as the webview's), theme colours as VS Code sets
    // them, and a stand-in for the webview API that posts the graph, then
    // clicks a node, then posts the loop, and writes what it saw into the
    // page.
    const probe = `<script>
      document.documentElement.style.setProperty('--vscode-editor-foreground', 'rgb(0, 128, 0)');
      document.documentElement.style.setProperty('--vscode-errorForeground', 'rgb(255, 0, 255)');
      const seen = { posted: [] };
      const report = () => { const p = document.createElement('pre'); p.id = 'probe'; p.textContent = JSON.stringify(seen); document.body.appendChild(p); };
      const waitFor = (pred, then, n = 0) => pred() ? then() : n > 2400 ? (seen.timeout = true, report()) : setTimeout(() => waitFor(pred, then, n + 1), 25);
      const title = (g) => g.querySelector('title').textContent;
      window.acquireVsCodeApi = () => ({ postMessage: (m) => {
        seen.posted.push(m);
        if (m.type !== 'ready') return;
        window.postMessage({ type: 'graph', graph: ${JSON.stringify(g)} }, '*');
        waitFor(() => document.querySelector('#graph svg'), () => {
          const nodes = [...document.querySelectorAll('#graph svg g.node')];
          seen.resources = nodes.filter((n) => n.classList.contains('resource')).map(title).sort();
          seen.clusterLabels = [...document.querySelectorAll('#graph svg g.cluster > text')].map((e) => e.textContent);
          const net = nodes.find((n) => title(n) === 'net');
          seen.textFill = getComputedStyle(net.querySelector('text')).fill;
          seen.focusable = net.getAttribute('tabindex');
          nodes.find((n) => title(n) === 'db/server').querySelector('text').dispatchEvent(new MouseEvent('click', { bubbles: true }));
          window.postMessage({ type: 'graph', graph: ${JSON.stringify(cycle)} }, '*');
          waitFor(() => document.querySelector('#graph svg g.cycle'), () => {
            const a = [...document.querySelectorAll('#graph svg g.node')].find((n) => title(n) === 'a');
            seen.loopStroke = getComputedStyle(a.querySelector('path, polygon')).stroke;
            seen.loopText = getComputedStyle(a.querySelector('text')).fill;
            report();
          });
        });
      } });
    </script>`;
    const html = graphHtml(pathToFileURL(bundle).href, "'unsafe-inline' file:").replace('<body>', `<body>${probe}`);
    writeFileSync(path.join(dir, 'graph.html'), html);
    // In real time (the layout runs in a worker, which virtual time
    // would not wait for); the probe gives up after a minute.
    const browser = new Chromium(chromium, 800, 600);
    let seen: any;
    try {
      await browser.open(pathToFileURL(path.join(dir, 'graph.html')).href, 800, 600);
      seen = JSON.parse(await browser.evaluate(`new Promise((resolve) => {
        const check = () => document.getElementById('probe') ? resolve(document.getElementById('probe').textContent) : setTimeout(check, 50);
        check();
      })`));
    } finally {
      await browser.close();
    }
    assert.equal(seen.timeout, undefined, `the page did not finish drawing: ${JSON.stringify(seen)}`);
    assert.deepEqual(seen.resources, resourceIds(g), 'one SVG node per resource in Chromium');
    assert.deepEqual([...seen.clusterLabels].sort(), g.clusters.map((c) => c.label).sort(), 'every cluster is labelled');
    assert.equal(seen.textFill, 'rgb(0, 128, 0)', 'node text takes the theme\'s editor foreground');
    assert.equal(seen.focusable, '0', 'nodes take the keyboard focus');
    const want = g.nodes.find((n) => n.id === 'db/server')!;
    assert.deepEqual(seen.posted.slice(1), [{ type: 'open', path: want.path, range: want.range }], 'the click opens db/server');
    assert.equal(seen.loopStroke, 'rgb(255, 0, 255)', 'the loop takes the theme\'s error colour');
    assert.equal(seen.loopText, 'rgb(255, 0, 255)');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
