// The resource graph's data (the JSON of `heat-ls graph --format json` and
// of the server's heat-ls.graph command) and its layout: a small layered
// drawing computed here, so the webview needs no library and no network.
// Free of the DOM and of `vscode`, so node tests run it directly.

export interface GraphRange {
  start: { line: number; character: number };
  end: { line: number; character: number };
}

export interface GraphNode {
  id: string;
  kind: 'resource' | 'parameter' | 'output' | 'member';
  name: string;
  type?: string;
  condition?: string;
  cluster?: string;
  inCycle?: boolean;
  path?: string;
  range: GraphRange;
}

export interface GraphEdge {
  from: string;
  to: string;
  kind: string;
  attributes?: string[];
  inCycle?: boolean;
}

export interface GraphCluster {
  id: string;
  kind: string;
  label: string;
  parent?: string;
  path?: string;
}

export interface Graph {
  version: number;
  title: string;
  nodes: GraphNode[];
  edges: GraphEdge[];
  clusters: GraphCluster[];
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PlacedNode extends Box {
  node: GraphNode;
  lines: string[];
}

export interface PlacedCluster extends Box {
  cluster: GraphCluster;
  depth: number;
}

export interface Layout {
  width: number;
  height: number;
  nodes: PlacedNode[];
  clusters: PlacedCluster[];
}

const CHAR_WIDTH = 7.5;
const LINE_HEIGHT = 16;
const PAD = 10;
const LAYER_GAP = 80;
const NODE_GAP = 18;
const CLUSTER_PAD = 14;
const LABEL_HEIGHT = 18;

/** The text lines of a node: its name, its type and the condition guarding it. */
export function nodeLines(n: GraphNode): string[] {
  const lines = [n.kind === 'parameter' && n.type ? `${n.name}: ${n.type}` : n.name];
  if (n.type && n.kind !== 'parameter') {
    lines.push(n.type);
  }
  if (n.condition) {
    lines.push(`if ${n.condition}`);
  }
  return lines;
}

/** One thing placed inside a block: a node, or an inner cluster's block. */
interface Item {
  node?: number;
  cluster?: string;
  width: number;
  height: number;
  x: number;
  y: number;
}

/** A laid-out cluster (or the whole graph): its items at relative positions. */
interface Block {
  items: Item[];
  width: number;
  height: number;
}

/**
 * Lays the graph out left to right in layers: what a node needs lies to
 * its left (an edge runs from the dependent to its dependency). Each
 * cluster is laid out on its own first and then placed as one block in
 * its parent, so cluster boxes never overlap.
 */
export function layoutGraph(g: Graph): Layout {
  const nodeIndex = new Map(g.nodes.map((n, i) => [n.id, i]));
  const parentOf = new Map(g.clusters.map((c) => [c.id, c.parent ?? '']));
  const clusterIds = new Set(g.clusters.map((c) => c.id));
  // The chain of clusters holding each node, innermost first.
  const chain = (cluster: string | undefined): string[] => {
    const out: string[] = [];
    for (let c = cluster ?? ''; c !== '' && clusterIds.has(c) && out.length < 32; c = parentOf.get(c) ?? '') {
      out.push(c);
    }
    return out;
  };
  const nodeChains = g.nodes.map((n) => chain(n.cluster));
  const blocks = new Map<string, Block>();
  const build = (id: string): Block => {
    const items: Item[] = [];
    const itemOfNode = new Map<number, number>();
    const itemOfCluster = new Map<string, number>();
    for (const c of g.clusters) {
      if ((c.parent ?? '') === id && clusterIds.has(c.id)) {
        const b = build(c.id);
        blocks.set(c.id, b);
        itemOfCluster.set(c.id, items.length);
        items.push({ cluster: c.id, width: b.width, height: b.height, x: 0, y: 0 });
      }
    }
    g.nodes.forEach((n, i) => {
      if ((n.cluster && clusterIds.has(n.cluster) ? n.cluster : '') === id) {
        const lines = nodeLines(n);
        itemOfNode.set(i, items.length);
        items.push({ node: i, width: Math.max(...lines.map((l) => l.length)) * CHAR_WIDTH + 2 * PAD, height: lines.length * LINE_HEIGHT + PAD, x: 0, y: 0 });
      }
    });
    // The item at this level holding node i: itself, or the child cluster
    // on its chain.
    const itemOf = (i: number): number | undefined => {
      const direct = itemOfNode.get(i);
      if (direct !== undefined) {
        return direct;
      }
      const ch = nodeChains[i];
      const at = ch.findIndex((c) => (parentOf.get(c) ?? '') === id);
      return at >= 0 ? itemOfCluster.get(ch[at]) : undefined;
    };
    const out: number[][] = items.map(() => []);
    const into: number[][] = items.map(() => []);
    for (const e of g.edges) {
      const f = nodeIndex.get(e.from);
      const t = nodeIndex.get(e.to);
      if (f === undefined || t === undefined) {
        continue;
      }
      const a = itemOf(f);
      const b = itemOf(t);
      if (a !== undefined && b !== undefined && a !== b) {
        out[a].push(b);
        into[b].push(a);
      }
    }
    const layers = layer(items.length, out);
    order(layers, out, into);
    // Coordinates relative to the block.
    const top = id === '' ? CLUSTER_PAD : CLUSTER_PAD + LABEL_HEIGHT;
    let x = CLUSTER_PAD;
    let height = 0;
    for (const ids of layers) {
      let y = top;
      let widest = 0;
      for (const v of ids) {
        items[v].x = x;
        items[v].y = y;
        widest = Math.max(widest, items[v].width);
        y += items[v].height + NODE_GAP;
      }
      height = Math.max(height, y - NODE_GAP);
      x += widest + LAYER_GAP;
    }
    const label = id === '' ? 0 : (g.clusters.find((c) => c.id === id)?.label.length ?? 0) * CHAR_WIDTH + 2 * CLUSTER_PAD;
    return { items, width: Math.max(x - LAYER_GAP + CLUSTER_PAD, label), height: Math.max(height, top) + CLUSTER_PAD };
  };
  const root = build('');
  // Absolute positions.
  const nodes: PlacedNode[] = new Array(g.nodes.length);
  const clusters: PlacedCluster[] = [];
  const place = (b: Block, ox: number, oy: number, depth: number) => {
    for (const it of b.items) {
      if (it.node !== undefined) {
        const n = g.nodes[it.node];
        nodes[it.node] = { node: n, lines: nodeLines(n), x: ox + it.x, y: oy + it.y, width: it.width, height: it.height };
      } else if (it.cluster !== undefined) {
        const c = g.clusters.find((k) => k.id === it.cluster)!;
        clusters.push({ cluster: c, depth, x: ox + it.x, y: oy + it.y, width: it.width, height: it.height });
        place(blocks.get(it.cluster)!, ox + it.x, oy + it.y, depth + 1);
      }
    }
  };
  place(root, 0, 0, 0);
  clusters.sort((a, b) => a.depth - b.depth); // outermost drawn first
  return { width: root.width + CLUSTER_PAD, height: root.height + CLUSTER_PAD, nodes, clusters };
}

/**
 * Layers by the longest path to a sink (a dependency lies left of what
 * needs it). An edge back onto the path being explored closes a loop and
 * is ignored for layering.
 */
function layer(n: number, out: number[][]): number[][] {
  const level = new Array<number>(n).fill(-1);
  const onPath = new Array<boolean>(n).fill(false);
  for (let start = 0; start < n; start++) {
    if (level[start] !== -1) {
      continue;
    }
    const stack: { v: number; i: number }[] = [{ v: start, i: 0 }];
    onPath[start] = true;
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      if (top.i < out[top.v].length) {
        const w = out[top.v][top.i++];
        if (level[w] === -1 && !onPath[w]) {
          onPath[w] = true;
          stack.push({ v: w, i: 0 });
        }
        continue;
      }
      let l = 0;
      for (const w of out[top.v]) {
        if (level[w] >= 0) {
          l = Math.max(l, level[w] + 1);
        }
      }
      level[top.v] = l;
      onPath[top.v] = false;
      stack.pop();
    }
  }
  const layers: number[][] = [];
  for (let v = 0; v < n; v++) {
    (layers[level[v]] ??= []).push(v);
  }
  return layers.filter((l) => l !== undefined);
}

/** Orders each layer by the average position of its neighbours (two sweeps). */
function order(layers: number[][], out: number[][], into: number[][]): void {
  const pos: number[] = [];
  layers.forEach((ids) => ids.forEach((v, k) => (pos[v] = k)));
  for (let sweep = 0; sweep < 2; sweep++) {
    for (const ids of layers) {
      const bary = (v: number) => {
        const ns = [...out[v], ...into[v]];
        return ns.length === 0 ? pos[v] : ns.reduce((s, w) => s + pos[w], 0) / ns.length;
      };
      const keyed = ids.map((v) => ({ v, b: bary(v) }));
      keyed.sort((a, b) => a.b - b.b || a.v - b.v);
      keyed.forEach((k, i) => {
        ids[i] = k.v;
        pos[k.v] = i;
      });
    }
  }
}
