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

import workerSource from 'graph-layout-worker-source';
import { svgClusterId, svgNodeId } from './graphDot';
import { LayoutAnswer, LayoutRequest } from './graphLayoutWorker';
import { Graph, GraphRange } from './graphModel';
import { cssTransform, fitTransform, keyAction, panBy, svgSize, Transform, zoomAt, ZOOM_STEP } from './graphView';

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

/** A worker running the layout script, from a blob: URL (the webview's policy allows worker-src blob:). */
function startWorker(): Worker {
  const url = URL.createObjectURL(new Blob([workerSource], { type: 'text/javascript' }));
  return new Worker(url);
}

// In the webview: draw each graph the extension posts.
declare function acquireVsCodeApi(): { postMessage(m: unknown): void; getState?(): unknown; setState?(s: unknown): void };

/** Wires the page: messages from the extension, the worker, clicks, keys, the wheel and the toolbar. */
function main(): void {
  const vscode = acquireVsCodeApi();
  const container = document.getElementById('graph');
  const viewport = document.getElementById('viewport') ?? container?.parentElement ?? undefined;
  if (!container) {
    return;
  }
  // The direction: the page's own state (kept while the panel lives), else
  // the user's last choice, which the extension keeps and writes on <html>.
  const state: ViewState = (vscode.getState?.() as ViewState | undefined) ?? {};
  let rankdir: Direction = (state.rankdir ?? document.documentElement?.dataset?.rankdir) === 'TB' ? 'TB' : 'LR';
  let shown: Graph | undefined;
  let last: Graph | undefined;
  let content = { width: 0, height: 0 };
  let t: Transform = { x: 0, y: 0, k: 1 };
  let fitK = 1;
  // Set once the user zooms or pans; a redraw or a resize then keeps their view.
  let moved = false;

  const viewSize = () => ({ width: viewport?.clientWidth ?? 0, height: viewport?.clientHeight ?? 0 });
  const apply = () => {
    container.style.transform = cssTransform(t);
  };
  const fit = () => {
    t = fitTransform(content, viewSize());
    fitK = t.k;
    moved = false;
    apply();
  };
  const zoom = (factor: number, px?: number, py?: number) => {
    const v = viewSize();
    t = zoomAt(t, factor, px ?? v.width / 2, py ?? v.height / 2, fitK);
    moved = true;
    apply();
  };
  const pan = (dx: number, dy: number) => {
    t = panBy(t, dx, dy);
    moved = true;
    apply();
  };

  // The layout worker: one request at a time; graphs posted meanwhile wait,
  // and only the newest of them is laid out next, so the view never falls
  // behind the text.
  let worker: Worker | undefined;
  let nextId = 0;
  const answers = new Map<number, (a: LayoutAnswer) => void>();
  const failAll = (error: string) => {
    for (const [id, resolve] of answers) {
      resolve({ id, error });
    }
    answers.clear();
    worker?.terminate();
    worker = undefined;
  };
  const layoutWorker = (): Worker => {
    if (!worker) {
      const w = startWorker();
      w.onmessage = (ev: MessageEvent<LayoutAnswer>) => {
        const resolve = answers.get(ev.data.id);
        answers.delete(ev.data.id);
        resolve?.(ev.data);
      };
      w.onerror = (ev: ErrorEvent) => {
        ev.preventDefault?.();
        failAll(`heat-ls could not lay out the graph: ${ev.message || 'the layout worker failed'}`);
      };
      worker = w;
    }
    return worker;
  };
  const layout = (graph: Graph, dir: Direction) =>
    new Promise<LayoutAnswer>((resolve) => {
      const id = ++nextId;
      answers.set(id, resolve);
      try {
        layoutWorker().postMessage({ id, graph, rankdir: dir } satisfies LayoutRequest);
      } catch (err) {
        answers.delete(id);
        resolve({ id, error: `heat-ls could not start the layout worker: ${err instanceof Error ? err.message : String(err)}` });
      }
    });

  const place = (g: Graph, svg: string) => {
    const sameTemplate = shown?.title === g.title;
    container.innerHTML = svg;
    shown = g;
    const el = container.querySelector?.('svg');
    if (el) {
      content = svgSize(el.getAttribute('width'), el.getAttribute('height'));
      el.setAttribute('width', `${content.width}px`);
      el.setAttribute('height', `${content.height}px`);
    }
    for (const n of Array.from(container.querySelectorAll('g.node'))) {
      n.setAttribute('tabindex', '0');
      n.setAttribute('role', 'button');
    }
    if (!moved || !sameTemplate) {
      fit();
    } else {
      apply();
    }
  };

  let pending: { graph: Graph; refit: boolean } | undefined;
  let drawing: Promise<void> | undefined;
  const drawPending = async () => {
    // Lets the messages already queued in first: of a burst, only the last is laid out.
    await new Promise((resolve) => setTimeout(resolve, 0));
    while (pending) {
      const { graph, refit } = pending;
      pending = undefined;
      const dir = rankdir;
      const a = await layout(graph, dir);
      if (a.svg === undefined) {
        container.textContent = a.error ?? 'heat-ls could not draw the graph';
        shown = undefined;
        continue;
      }
      if (refit) {
        moved = false;
      }
      place(graph, a.svg);
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
  try {
    layoutWorker();
  } catch (err) {
    container.textContent = `heat-ls could not start the layout worker: ${err instanceof Error ? err.message : String(err)}`;
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

  // Clicks and Enter open; a drag pans, and the click that ends it opens nothing.
  const open = (target: EventTarget | null) => {
    const r = shown && openRequestAt(shown, target as Element | null);
    if (r) {
      vscode.postMessage(r);
    }
  };
  let dragged = false;
  container.addEventListener('click', (ev) => {
    if (dragged) {
      dragged = false;
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
  if (viewport) {
    let drag: { x: number; y: number; id: number } | undefined;
    viewport.addEventListener('pointerdown', (ev) => {
      if (ev.button === 0) {
        drag = { x: ev.clientX, y: ev.clientY, id: ev.pointerId };
        dragged = false;
      }
    });
    viewport.addEventListener('pointermove', (ev) => {
      if (!drag || ev.pointerId !== drag.id) {
        return;
      }
      const dx = ev.clientX - drag.x;
      const dy = ev.clientY - drag.y;
      if (!dragged && Math.hypot(dx, dy) < 4) {
        return;
      }
      if (!dragged) {
        dragged = true;
        viewport.setPointerCapture?.(ev.pointerId);
        viewport.classList.add('dragging');
      }
      drag.x = ev.clientX;
      drag.y = ev.clientY;
      pan(dx, dy);
    });
    const endDrag = () => {
      drag = undefined;
      viewport.classList.remove('dragging');
      // The click that ends a drag (if any: released elsewhere, there is
      // none) comes before this timer.
      setTimeout(() => (dragged = false), 0);
    };
    viewport.addEventListener('pointerup', endDrag);
    viewport.addEventListener('pointercancel', endDrag);
    viewport.addEventListener(
      'wheel',
      (ev) => {
        ev.preventDefault();
        const r = viewport.getBoundingClientRect();
        if (ev.shiftKey) {
          pan(-ev.deltaX - ev.deltaY, 0);
          return;
        }
        // A notch of a mouse wheel (deltaY 100) zooms by about 1.16.
        const lines = ev.deltaMode === 1 ? 33 : ev.deltaMode === 2 ? 400 : 1;
        zoom(Math.exp((-ev.deltaY * lines) / 660), ev.clientX - r.left, ev.clientY - r.top);
      },
      { passive: false },
    );
    // Fit again when the panel changes size, unless the user set their own view.
    const refit = () => {
      if (!moved && shown) {
        fit();
      }
    };
    if (typeof ResizeObserver === 'function') {
      new ResizeObserver(refit).observe(viewport);
    } else {
      window.addEventListener('resize', refit);
    }
  }
  document.addEventListener?.('keydown', (ev: KeyboardEvent) => {
    const tag = (ev.target as Element | null)?.tagName;
    if (ev.ctrlKey || ev.metaKey || ev.altKey || tag === 'INPUT' || tag === 'BUTTON') {
      return;
    }
    const a = keyAction(ev.key, ev.shiftKey);
    if (!a) {
      return;
    }
    ev.preventDefault();
    if ('zoom' in a) {
      zoom(a.zoom);
    } else if ('pan' in a) {
      pan(...a.pan);
    } else {
      fit();
    }
  });

  // The toolbar: parameters and outputs, the direction, zoom and fit.
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
      vscode.setState?.({ ...state, rankdir } satisfies ViewState);
      vscode.postMessage({ type: 'direction', rankdir });
      if (last) {
        void draw(last, true);
      }
    });
  }
  document.getElementById('zoom-in')?.addEventListener('click', () => zoom(ZOOM_STEP));
  document.getElementById('zoom-out')?.addEventListener('click', () => zoom(1 / ZOOM_STEP));
  document.getElementById('fit')?.addEventListener('click', () => fit());
  vscode.postMessage({ type: 'ready' });
}

if (typeof window !== 'undefined' && typeof acquireVsCodeApi === 'function') {
  main();
}
