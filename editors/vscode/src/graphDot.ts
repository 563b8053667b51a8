// The resource graph as Graphviz DOT, built from the graph's JSON. It
// follows analysis/graph/dot.go line for line (shapes, dashes, labels, the
// error colour of loops), and a test holds the two to the same bytes on
// testdata/graph, so the CLI's DOT and the VS Code view look alike. The
// view asks for SVG classes on top, which its style sheet themes.

import { Graph, GraphCluster, GraphEdge, GraphNode } from './graphModel';

/** What Heat refuses (dependency loops) is drawn in this colour, as by the CLI. */
export const ERROR_COLOUR = '#d73a49';

export interface DotOptions {
  /**
   * Adds a `class` to each node (its kind, `guarded`, `cycle`), edge (its
   * kind, `cycle`) and cluster (its kind), and to each node and cluster an
   * `id` naming its index in the graph's lists (svgNodeId, svgClusterId),
   * which Graphviz copies into the SVG; the CLI's DOT has neither.
   */
  classes?: boolean;
  /** The layout's direction: left to right (the CLI's) or top to bottom. */
  rankdir?: 'LR' | 'TB';
  /**
   * Lays a large graph out fast: straight edges without labels (their
   * kind still shows in their dashes and their SVG class), and bounded
   * ordering and ranking passes (LARGE_GRAPH_ATTRS). Graphviz's full
   * passes on a thousand resources take seconds, and the labels double the
   * page's drawing; these take a fraction, and at that size the drawing is
   * read by zooming into a region, where straight edges read as well.
   */
  large?: boolean;
}

/** Graph attributes of a large graph's fast layout. */
export const LARGE_GRAPH_ATTRS = 'splines=line, nslimit=1, nslimit1=1, mclimit=0.2';

/** From this many nodes and edges together, the view lays a graph out as large. */
export const LARGE_GRAPH_SIZE = 1000;

/** Whether the view lays g out as a large graph. */
export const isLargeGraph = (g: Graph) => g.nodes.length + g.edges.length >= LARGE_GRAPH_SIZE;

/** The SVG element id of g.nodes[i] in DOT built with classes. */
export const svgNodeId = (i: number) => `heat_node_${i}`;

/** The SVG element id of g.clusters[i] in DOT built with classes. */
export const svgClusterId = (i: number) => `heat_cluster_${i}`;

/** The text lines of a node: its name, its type and the condition guarding it. */
export function nodeLines(n: GraphNode): string[] {
  const lines = [n.name];
  if (n.type && n.kind !== 'parameter') {
    lines.push(n.type);
  }
  if (n.kind === 'parameter' && n.type) {
    lines[0] += `: ${n.type}`;
  }
  if (n.condition) {
    lines.push(`if ${n.condition}`);
  }
  return lines;
}

/** An edge's label: its kind, with the attributes get_attr reads. */
export function edgeLabel(e: GraphEdge): string {
  return e.kind === 'get_attr' && e.attributes?.length ? `get_attr ${e.attributes.join(', ')}` : e.kind;
}

/** s as a DOT double-quoted string. */
export function dotQuote(s: string): string {
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\r/g, '')}"`;
}

/** Node shapes other than the rounded box of resources. */
const SHAPES: Record<string, string | undefined> = { parameter: 'ellipse', output: 'note', member: 'box3d' };

const cycleAttrs = [`color=${dotQuote(ERROR_COLOUR)}`, `fontcolor=${dotQuote(ERROR_COLOUR)}`, 'penwidth=2'];

/** g as DOT: the CLI's `heat-ls graph --format dot` for the same graph. */
export function graphToDot(g: Graph, o: DotOptions = {}): string {
  const nodesIn = new Map<string, [GraphNode, number][]>();
  g.nodes.forEach((n, i) => {
    const k = n.cluster ?? '';
    nodesIn.set(k, [...(nodesIn.get(k) ?? []), [n, i]]);
  });
  const clustersIn = new Map<string, [GraphCluster, number][]>();
  g.clusters.forEach((c, i) => {
    const k = c.parent ?? '';
    clustersIn.set(k, [...(clustersIn.get(k) ?? []), [c, i]]);
  });
  const out: string[] = [
    `digraph ${dotQuote(g.title)} {\n`,
    `  graph [rankdir=${o.rankdir ?? 'LR'}, fontname="Helvetica", fontsize=11${o.large ? `, ${LARGE_GRAPH_ATTRS}` : ''}];\n`,
    '  node [shape=box, style=rounded, fontname="Helvetica", fontsize=11];\n',
    '  edge [fontname="Helvetica", fontsize=9];\n',
  ];
  // Guards against a cluster listed as its own ancestor in hand-made JSON.
  const seen = new Set<string>();
  const cluster = (parent: string, indent: string) => {
    for (const [n, i] of nodesIn.get(parent) ?? []) {
      const attrs = nodeAttrs(n, o);
      if (o.classes) {
        attrs.push(`id=${dotQuote(svgNodeId(i))}`);
      }
      out.push(`${indent}${dotQuote(n.id)} [${attrs.join(', ')}];\n`);
    }
    for (const [c, i] of clustersIn.get(parent) ?? []) {
      if (seen.has(c.id)) {
        continue;
      }
      seen.add(c.id);
      out.push(`${indent}subgraph ${dotQuote(`cluster_${c.id}`)} {\n`);
      const style = c.kind === 'group' ? 'rounded,dashed' : 'rounded';
      out.push(`${indent}  label=${dotQuote(c.label)}; style=${dotQuote(style)};${o.classes ? ` class=${dotQuote(c.kind)}; id=${dotQuote(svgClusterId(i))};` : ''}\n`);
      cluster(c.id, `${indent}  `);
      out.push(`${indent}}\n`);
    }
  };
  cluster('', '  ');
  for (const e of g.edges) {
    const attrs = o.large ? [] : [`label=${dotQuote(edgeLabel(e))}`];
    if (e.kind === 'depends_on') {
      attrs.push('style=dashed');
    } else if (e.kind === 'get_param') {
      attrs.push('style=dotted');
    } else if (e.kind === 'member') {
      attrs.push('arrowhead=odiamond');
    }
    if (e.inCycle) {
      attrs.push(...cycleAttrs);
    }
    if (o.classes) {
      attrs.push(`class=${dotQuote([e.kind, ...(e.inCycle ? ['cycle'] : [])].join(' '))}`);
    }
    out.push(`  ${dotQuote(e.from)} -> ${dotQuote(e.to)} [${attrs.join(', ')}];\n`);
  }
  out.push('}\n');
  return out.join('');
}

function nodeAttrs(n: GraphNode, o: DotOptions): string[] {
  const attrs = [`label=${dotQuote(nodeLines(n).join('\n'))}`];
  let style = ['rounded'];
  const shape = SHAPES[n.kind];
  if (shape) {
    attrs.push(`shape=${shape}`);
    style = [];
  }
  if (n.condition) {
    style.push('dashed');
  }
  if (style.length > 0 && !(style.length === 1 && style[0] === 'rounded')) {
    attrs.push(`style=${dotQuote(style.join(','))}`);
  }
  if (n.inCycle) {
    attrs.push(...cycleAttrs);
  }
  if (o.classes) {
    attrs.push(`class=${dotQuote([n.kind, ...(n.condition ? ['guarded'] : []), ...(n.inCycle ? ['cycle'] : [])].join(' '))}`);
  }
  return attrs;
}
