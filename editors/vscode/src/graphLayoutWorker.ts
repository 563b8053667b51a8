// The resource graph's layout worker (bundled to a string inside
// out/graph-webview.js, started from a blob: URL). Graphviz, compiled to
// WebAssembly and carried in this bundle by @viz-js/viz, lays out and
// draws the DOT that graphDot.ts builds: seconds of work on a large
// template, which here never holds up the page (its clicks, scrolling and
// zoom). Nothing is fetched: the WebAssembly is compiled from bytes in the
// bundle, once, when the worker starts.

import { instance, type Viz } from '@viz-js/viz';
import { graphToDot, isLargeGraph } from './graphDot';
import { Graph } from './graphModel';

/** What the page asks: lay out graph in this direction. */
export interface LayoutRequest {
  id: number;
  graph: Graph;
  rankdir: 'LR' | 'TB';
}

/** What the worker answers: the SVG, or why there is none. */
export interface LayoutAnswer {
  id: number;
  svg?: string;
  error?: string;
  /** Milliseconds Graphviz took. */
  ms?: number;
}

/**
 * The SVG Graphviz draws for g, without an XML prolog, to place in the
 * page. Graphviz sizes boxes by Helvetica's widths; the wider margin leaves
 * room for the sans-serif font the page really has (DejaVu Sans on many
 * Linux systems is wider).
 */
export function renderSvg(viz: Viz, g: Graph, rankdir: 'LR' | 'TB' = 'LR'): string {
  const dot = graphToDot(g, { classes: true, rankdir, large: isLargeGraph(g) });
  return viz.renderString(dot, { format: 'svg_inline', nodeAttributes: { margin: '0.16,0.06' } });
}

/** The worker's side: answers each request in turn. */
function serve(scope: { onmessage: ((ev: { data: LayoutRequest }) => void) | null; postMessage(m: LayoutAnswer): void }): void {
  const viz = instance();
  scope.onmessage = (ev) => {
    const { id, graph, rankdir } = ev.data;
    viz.then(
      (v) => {
        const t0 = Date.now();
        const svg = renderSvg(v, graph, rankdir);
        scope.postMessage({ id, svg, ms: Date.now() - t0 });
      },
      (err: unknown) => scope.postMessage({ id, error: `heat-ls could not load Graphviz: ${err instanceof Error ? err.message : String(err)}` }),
    ).catch((err: unknown) => scope.postMessage({ id, error: `heat-ls could not draw the graph: ${err instanceof Error ? err.message : String(err)}` }));
  };
}

// In a worker (a global scope with importScripts and no document): serve the page.
const scope = globalThis as unknown as { document?: unknown; importScripts?: unknown };
if (typeof scope.importScripts === 'function' && scope.document === undefined) {
  serve(globalThis as unknown as Parameters<typeof serve>[0]);
}
