/// <reference lib="dom" />
// The script of the resource graph webview (bundled to out/graph-webview.js
// for the browser). Graphviz, compiled to WebAssembly and shipped inside
// this bundle by @viz-js/viz, lays out and draws the DOT that graphDot.ts
// builds from the graph the extension posts; the page's style sheet
// (graphPanel.html.ts) gives the SVG the editor theme's colours, dependency
// loops Heat refuses in the error colour. A click on a node posts
// {type: 'open'} back for its resource. Nothing is fetched: the WebAssembly
// is compiled from bytes in the bundle.

import { instance, type Viz } from '@viz-js/viz';
import { graphToDot, svgClusterId, svgNodeId } from './graphDot';
import { Graph, GraphRange } from './graphModel';

/** What a click on a node asks the extension to open. */
export interface OpenRequest {
  type: 'open';
  path?: string;
  range: GraphRange;
}

const TOP: GraphRange = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/**
 * The SVG Graphviz draws for g, without an XML prolog, to place in the
 * page. Graphviz sizes boxes by Helvetica's widths; the wider margin leaves
 * room for the sans-serif font the page really has (DejaVu Sans on many
 * Linux systems is wider).
 */
export function renderSvg(viz: Viz, g: Graph): string {
  return viz.renderString(graphToDot(g, { classes: true }), { format: 'svg_inline', nodeAttributes: { margin: '0.16,0.06' } });
}

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

// In the webview: draw each graph the extension posts.
declare function acquireVsCodeApi(): { postMessage(m: unknown): void };

/** Wires the page: messages from the extension, clicks, keys and the toolbar. */
function main(): void {
  const vscode = acquireVsCodeApi();
  const container = document.getElementById('graph');
  if (!container) {
    return;
  }
  let shown: Graph | undefined;
  let viz: Promise<Viz> | undefined;
  // Graphviz draws synchronously: a template of a thousand resources takes
  // seconds, during which the extension may post several newer graphs.
  // Only the newest waiting one is drawn next, so the view never falls
  // behind the text.
  let pending: Graph | undefined;
  let drawing: Promise<void> | undefined;
  const drawPending = async () => {
    const v = await (viz ??= instance());
    while (pending) {
      const g = pending;
      pending = undefined;
      try {
        container.innerHTML = renderSvg(v, g);
        shown = g;
        for (const n of Array.from(container.querySelectorAll('g.node'))) {
          n.setAttribute('tabindex', '0');
          n.setAttribute('role', 'button');
        }
      } catch (err) {
        container.textContent = `heat-ls could not draw the graph: ${err instanceof Error ? err.message : String(err)}`;
      }
      // Lets the messages that came meanwhile in.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  };
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
    pending = msg.graph;
    drawing ??= drawPending()
      .catch((err: unknown) => {
        container.textContent = `heat-ls could not load Graphviz: ${err instanceof Error ? err.message : String(err)}`;
      })
      .finally(() => (drawing = undefined));
    return drawing;
  });
  const open = (target: EventTarget | null) => {
    const r = shown && openRequestAt(shown, target as Element | null);
    if (r) {
      vscode.postMessage(r);
    }
  };
  container.addEventListener('click', (ev) => open(ev.target));
  container.addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter' || ev.key === ' ') {
      ev.preventDefault();
      open(ev.target);
    }
  });
  // The toolbar's switches ask for parameters and outputs.
  const options = () => ({
    type: 'options',
    parameters: (document.getElementById('parameters') as HTMLInputElement | null)?.checked ?? false,
    outputs: (document.getElementById('outputs') as HTMLInputElement | null)?.checked ?? true,
  });
  for (const id of ['parameters', 'outputs']) {
    document.getElementById(id)?.addEventListener('change', () => vscode.postMessage(options()));
  }
  vscode.postMessage({ type: 'ready' });
}

if (typeof window !== 'undefined' && typeof acquireVsCodeApi === 'function') {
  main();
}
