/// <reference lib="dom" />
// The page's side of the layout worker (graphLayoutWorker.ts): starts it
// from the text this bundle carries, sends it a graph and waits for the
// answer with the same id. A worker that fails (cannot start, crashes)
// answers every waiting request with the error and is started afresh for
// the next one.

import workerSource from 'graph-layout-worker-source';
import { LayoutAnswer, LayoutRequest } from './graphLayoutWorker';
import { Graph } from './graphModel';

/** A worker running the layout script, from a blob: URL (the webview's policy allows worker-src blob:). */
function startWorker(): Worker {
  const url = URL.createObjectURL(new Blob([workerSource], { type: 'text/javascript' }));
  return new Worker(url);
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

export class LayoutClient {
  private worker: Worker | undefined;
  private nextId = 0;
  private readonly waiting = new Map<number, (a: LayoutAnswer) => void>();

  /** Starts the worker now, so that Graphviz compiles before the first graph comes; the error if it cannot. */
  warmUp(): string | undefined {
    try {
      this.started();
      return undefined;
    } catch (err) {
      return `heat-ls could not start the layout worker: ${message(err)}`;
    }
  }

  /** The SVG of graph laid out in direction rankdir, or why there is none. */
  layout(graph: Graph, rankdir: 'LR' | 'TB'): Promise<LayoutAnswer> {
    return new Promise((resolve) => {
      const id = ++this.nextId;
      this.waiting.set(id, resolve);
      try {
        this.started().postMessage({ id, graph, rankdir } satisfies LayoutRequest);
      } catch (err) {
        this.waiting.delete(id);
        resolve({ id, error: `heat-ls could not start the layout worker: ${message(err)}` });
      }
    });
  }

  private started(): Worker {
    if (this.worker) {
      return this.worker;
    }
    const w = startWorker();
    w.onmessage = (ev: MessageEvent<LayoutAnswer>) => {
      const resolve = this.waiting.get(ev.data.id);
      this.waiting.delete(ev.data.id);
      resolve?.(ev.data);
    };
    w.onerror = (ev: ErrorEvent) => {
      ev.preventDefault?.();
      this.fail(`heat-ls could not lay out the graph: ${ev.message || 'the layout worker failed'}`);
    };
    this.worker = w;
    return w;
  }

  private fail(error: string): void {
    for (const [id, resolve] of this.waiting) {
      resolve({ id, error });
    }
    this.waiting.clear();
    this.worker?.terminate();
    this.worker = undefined;
  }
}
