/// <reference lib="dom" />
// The script of the resource graph webview (bundled to out/graph-webview.js
// for the browser). A Web Worker (graphLayoutWorker.ts, carried in this
// bundle as text and started from a blob: URL) lays out and draws, with
// Graphviz, the graph the extension posts; the page only places the SVG,
// so it stays responsive while a large template is laid out. The page's
// style sheet (graphPanel.html.ts) gives the SVG the editor theme's
// colours, dependency loops Heat refuses in the error colour. The drawing
// fits the panel when shown and when the panel is resized; the wheel, a
// drag, the toolbar's buttons and the keys + - 0 and the arrows zoom and
// pan it; a toolbar button switches between left-to-right and
// top-to-bottom layout, remembered in the webview's state and posted as
// {type: 'direction'} for the extension to keep for the next panel. A
// click on a node posts {type: 'open'} back for its resource.

import { svgClusterId, svgNodeId } from './graphDot';
import { LayoutClient } from './graphLayoutClient';
import { Graph, GraphRange } from './graphModel';
import { svgSize, ZOOM_STEP } from './graphView';
import { Viewport } from './graphViewport';

/** What a click on a node asks the extension to open. */
export interface OpenRequest {
  type: 'open';
  path?: string;
  range: GraphRange;
}

type Direction = 'LR' | 'TB';

/** What the webview keeps across reloads (vscode.getState). */
interface ViewState {
  rankdir?: Direction;
}

const TOP: GraphRange = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/**
 * What a click on target opens: the resource (parameter, output) of the
 * node it lies in, else the template of the nested cluster it lies in.
 * Each node's and cluster's SVG group carries the id graphDot.ts gave it,
 * naming its place in the graph's lists (its <title> holds the name
 * Graphviz read, which differs from the node id for a name with a
 * backslash).
 */
export function openRequestAt(g: Graph, target: Element | null): OpenRequest | undefined {
  const node = target?.closest?.('g.node');
  if (node) {
    const n = g.nodes.find((_, i) => svgNodeId(i) === node.id);
    return n && { type: 'open', path: n.path, range: n.range };
  }
  const cluster = target?.closest?.('g.cluster');
  const c = cluster ? g.clusters.find((_, i) => svgClusterId(i) === cluster.id) : undefined;
  return c?.path ? { type: 'open', path: c.path, range: TOP } : undefined;
}

/** The direction button's text: what a click switches to. */
const directionLabel = (d: Direction) => (d === 'LR' ? 'Top to bottom' : 'Left to right');

// In the webview: draw each graph the extension posts.
type WebviewApi = { postMessage(m: unknown): void; getState?(): unknown; setState?(s: unknown): void };
declare function acquireVsCodeApi(): WebviewApi;

/**
 * The toolbar: the parameters and outputs switches (posted as options),
 * the direction button (onDirection gets the new direction), zoom and fit.
 */
function wireToolbar(vscode: WebviewApi, view: Viewport, rankdir: Direction, onDirection: (d: Direction) => void): void {
  const options = () => ({
    type: 'options',
    parameters: (document.getElementById('parameters') as HTMLInputElement | null)?.checked ?? false,
    outputs: (document.getElementById('outputs') as HTMLInputElement | null)?.checked ?? true,
  });
  for (const id of ['parameters', 'outputs']) {
    document.getElementById(id)?.addEventListener('change', () => vscode.postMessage(options()));
  }
  const direction = document.getElementById('direction');
  if (direction) {
    direction.textContent = directionLabel(rankdir);
    direction.addEventListener('click', () => {
      rankdir = rankdir === 'LR' ? 'TB' : 'LR';
      direction.textContent = directionLabel(rankdir);
      onDirection(rankdir);
    });
  }
  document.getElementById('zoom-in')?.addEventListener('click', () => view.zoom(ZOOM_STEP));
  document.getElementById('zoom-out')?.addEventListener('click', () => view.zoom(1 / ZOOM_STEP));
  document.getElementById('fit')?.addEventListener('click', () => view.fit());
}

/** Wires the page: messages from the extension, the layout, clicks, the viewport and the toolbar. */
function main(): void {
  const vscode = acquireVsCodeApi();
  const container = document.getElementById('graph');
  if (!container) {
    return;
  }
  const view = new Viewport(document.getElementById('viewport') ?? undefined, container);
  const layouts = new LayoutClient();
  // The direction: the page's own state (kept while the panel lives), else
  // the user's last choice, which the extension keeps and writes on <html>.
  const state: ViewState = (vscode.getState?.() as ViewState | undefined) ?? {};
  let rankdir: Direction = (state.rankdir ?? document.documentElement?.dataset?.rankdir) === 'TB' ? 'TB' : 'LR';
  let shown: Graph | undefined;
  let last: Graph | undefined;

  /** Puts the SVG of g in the page, fitted unless the user moved over this template. */
  const place = (g: Graph, svg: string, refit: boolean) => {
    const sameTemplate = shown?.title === g.title;
    container.innerHTML = svg;
    shown = g;
    const el = container.querySelector?.('svg');
    let size = { width: 0, height: 0 };
    if (el) {
      size = svgSize(el.getAttribute('width'), el.getAttribute('height'));
      el.setAttribute('width', `${size.width}px`);
      el.setAttribute('height', `${size.height}px`);
    }
    for (const n of Array.from(container.querySelectorAll('g.node'))) {
      n.setAttribute('tabindex', '0');
      n.setAttribute('role', 'button');
    }
    view.show(size, sameTemplate && !refit);
  };

  // One layout at a time; graphs posted meanwhile wait, and only the newest
  // of them is laid out next, so the view never falls behind the text.
  let pending: { graph: Graph; refit: boolean } | undefined;
  let drawing: Promise<void> | undefined;
  const drawPending = async () => {
    // Lets the messages already queued in first: of a burst, only the last is laid out.
    await new Promise((resolve) => setTimeout(resolve, 0));
    while (pending) {
      const { graph, refit } = pending;
      pending = undefined;
      const a = await layouts.layout(graph, rankdir);
      if (a.svg === undefined) {
        container.textContent = a.error ?? 'heat-ls could not draw the graph';
        shown = undefined;
        continue;
      }
      place(graph, a.svg, refit);
      // How long Graphviz took, for whoever measures the view.
      container.dataset.layoutMs = String(a.ms ?? '');
    }
  };
  const draw = (graph: Graph, refit = false) => {
    last = graph;
    pending = { graph, refit: refit || !!pending?.refit };
    drawing ??= drawPending().finally(() => (drawing = undefined));
    return drawing;
  };
  // Graphviz compiles while the extension asks heat-ls for the graph.
  const failed = layouts.warmUp();
  if (failed) {
    container.textContent = failed;
  }

  // The listener returns the drawing's promise, so a test can wait for it.
  window.addEventListener('message', (ev: MessageEvent) => {
    const msg = ev.data as { type: string; graph?: Graph; error?: string };
    if (msg.type === 'error') {
      pending = undefined;
      container.textContent = msg.error ?? 'heat-ls could not draw the graph';
      return;
    }
    if (msg.type !== 'graph' || !msg.graph) {
      return;
    }
    return draw(msg.graph);
  });

  // Clicks and Enter open; the click that ends a drag opens nothing.
  const open = (target: EventTarget | null) => {
    const r = shown && openRequestAt(shown, target as Element | null);
    if (r) {
      vscode.postMessage(r);
    }
  };
  container.addEventListener('click', (ev) => {
    if (view.dragged) {
      view.dragged = false;
      return;
    }
    open(ev.target);
  });
  container.addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter' || ev.key === ' ') {
      ev.preventDefault();
      open(ev.target);
    }
  });
  view.listen(() => shown !== undefined);

  wireToolbar(vscode, view, rankdir, (dir) => {
    rankdir = dir;
    vscode.setState?.({ ...state, rankdir } satisfies ViewState);
    vscode.postMessage({ type: 'direction', rankdir });
    if (last) {
      void draw(last, true);
    }
  });
  vscode.postMessage({ type: 'ready' });
}

if (typeof window !== 'undefined' && typeof acquireVsCodeApi === 'function') {
  main();
}
