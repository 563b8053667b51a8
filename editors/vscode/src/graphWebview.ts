/// <reference lib="dom" />
// The script of the resource graph webview (bundled to out/graph-webview.js
// for the browser). It draws the graph the extension posts as SVG with the
// layout of graphLayout.ts, in the editor theme's colours, and posts
// {type: 'open'} back when a node is clicked. Dependency loops Heat
// refuses are drawn in the error colour.

import { Graph, GraphEdge, layoutGraph, PlacedNode } from './graphLayout';

const SVG = 'http://www.w3.org/2000/svg';
const ERROR = 'var(--vscode-errorForeground, #d73a49)';

/** What a click on a node asks the extension to open. */
export interface OpenRequest {
  type: 'open';
  path?: string;
  range: GraphNode['range'];
}

type GraphNode = Graph['nodes'][number];

function el(doc: Document, tag: string, attrs: Record<string, string | number>, parent?: Element): Element {
  const e = doc.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) {
    e.setAttribute(k, String(v));
  }
  parent?.appendChild(e);
  return e;
}

/** Draws g into container (replacing what was there); returns the svg element. */
export function renderGraph(doc: Document, container: Element, g: Graph, open: (r: OpenRequest) => void): Element {
  const layout = layoutGraph(g);
  container.textContent = '';
  const svg = el(doc, 'svg', { width: layout.width, height: layout.height, viewBox: `0 0 ${layout.width} ${layout.height}`, class: 'graph' }, container);
  const defs = el(doc, 'defs', {}, svg);
  for (const [id, colour] of [
    ['arrow', 'var(--vscode-editor-foreground, #333)'],
    ['arrow-error', ERROR],
  ]) {
    const m = el(doc, 'marker', { id, viewBox: '0 0 10 10', refX: 10, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' }, defs);
    el(doc, 'path', { d: 'M 0 0 L 10 5 L 0 10 z', fill: colour }, m);
  }
  for (const c of layout.clusters) {
    const g2 = el(doc, 'g', { class: `cluster ${c.cluster.kind}`, 'data-id': c.cluster.id }, svg);
    el(doc, 'rect', { x: c.x, y: c.y, width: c.width, height: c.height, rx: 8, fill: 'none', stroke: 'var(--vscode-panel-border, #999)', 'stroke-dasharray': c.cluster.kind === 'group' ? '6 4' : '' }, g2);
    const t = el(doc, 'text', { x: c.x + 8, y: c.y + 15, class: 'cluster-label', 'font-family': 'monospace', 'font-size': 11 }, g2);
    t.textContent = c.cluster.label;
  }
  const placed = new Map(layout.nodes.map((p) => [p.node.id, p]));
  for (const e of g.edges) {
    const from = placed.get(e.from);
    const to = placed.get(e.to);
    if (from && to) {
      drawEdge(doc, svg, e, from, to);
    }
  }
  for (const p of layout.nodes) {
    drawNode(doc, svg, p, open);
  }
  return svg;
}

function drawEdge(doc: Document, svg: Element, e: GraphEdge, from: PlacedNode, to: PlacedNode): void {
  const fy = from.y + from.height / 2;
  const ty = to.y + to.height / 2;
  let d: string;
  if (to.x + to.width <= from.x) {
    // The usual case: the dependency lies to the left.
    const x1 = from.x;
    const x2 = to.x + to.width;
    const mid = (x1 + x2) / 2;
    d = `M ${x1} ${fy} C ${mid} ${fy}, ${mid} ${ty}, ${x2} ${ty}`;
  } else {
    // Same layer or to the right (a loop): arc out to the right.
    const x1 = from.x + from.width;
    const x2 = to.x + to.width;
    const bulge = Math.max(x1, x2) + 40;
    d = `M ${x1} ${fy} C ${bulge} ${fy}, ${bulge} ${ty}, ${x2} ${ty}`;
  }
  const colour = e.inCycle ? ERROR : 'var(--vscode-editor-foreground, #333)';
  const g = el(doc, 'g', { class: `edge ${e.kind}${e.inCycle ? ' cycle' : ''}`, 'data-from': e.from, 'data-to': e.to }, svg);
  el(doc, 'path', {
    d,
    fill: 'none',
    stroke: colour,
    'stroke-width': e.inCycle ? 2 : 1,
    'stroke-dasharray': e.kind === 'depends_on' ? '6 4' : e.kind === 'get_param' ? '2 3' : '',
    'marker-end': e.inCycle ? 'url(#arrow-error)' : 'url(#arrow)',
    opacity: e.inCycle ? 1 : 0.7,
  }, g);
  const label = e.kind === 'get_attr' && e.attributes?.length ? `get_attr ${e.attributes.join(', ')}` : e.kind;
  const t = el(doc, 'text', { x: (from.x + to.x + to.width) / 2, y: (fy + ty) / 2 - 4, class: 'edge-label', 'font-family': 'sans-serif', 'font-size': 10, 'text-anchor': 'middle', fill: colour }, g);
  t.textContent = label;
}

function drawNode(doc: Document, svg: Element, p: PlacedNode, open: (r: OpenRequest) => void): void {
  const n = p.node;
  const g = el(doc, 'g', { class: `node ${n.kind}${n.inCycle ? ' cycle' : ''}`, 'data-id': n.id, tabindex: 0 }, svg);
  const stroke = n.inCycle ? ERROR : 'var(--vscode-editor-foreground, #333)';
  el(doc, 'rect', {
    x: p.x,
    y: p.y,
    width: p.width,
    height: p.height,
    rx: n.kind === 'parameter' ? p.height / 2 : 6,
    fill: 'var(--vscode-editor-background, #fff)',
    stroke,
    'stroke-width': n.inCycle ? 2 : 1,
    'stroke-dasharray': n.condition ? '5 3' : '',
  }, g);
  p.lines.forEach((line, i) => {
    const t = el(doc, 'text', { x: p.x + 10, y: p.y + 17 + i * 16, class: i === 0 ? 'name' : 'detail', 'font-family': 'monospace', 'font-size': 12, fill: n.inCycle ? ERROR : 'var(--vscode-editor-foreground, #333)' }, g);
    t.textContent = line;
  });
  const title = el(doc, 'title', {}, g);
  title.textContent = `${n.kind} ${n.name}${n.type ? ` (${n.type})` : ''}${n.inCycle ? ': part of a dependency loop Heat refuses' : ''}`;
  g.addEventListener('click', () => open({ type: 'open', path: n.path, range: n.range }));
}

// In the webview: draw each graph the extension posts.
declare function acquireVsCodeApi(): { postMessage(m: unknown): void };

if (typeof window !== 'undefined' && typeof acquireVsCodeApi === 'function') {
  const vscode = acquireVsCodeApi();
  window.addEventListener('message', (ev: MessageEvent) => {
    const msg = ev.data as { type: string; graph?: Graph; error?: string };
    const container = document.getElementById('graph');
    if (!container) {
      return;
    }
    if (msg.type === 'graph' && msg.graph) {
      renderGraph(document, container, msg.graph, (r) => vscode.postMessage(r));
    } else if (msg.type === 'error') {
      container.textContent = msg.error ?? 'heat-ls could not draw the graph';
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
