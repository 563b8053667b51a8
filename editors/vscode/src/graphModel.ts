// The resource graph's data: the JSON of `heat-ls graph --format json` and
// of the server's heat-ls.graph command (analysis/graph/write.go's jsonGraph).
// Free of the DOM and of `vscode`, so node tests read it directly.

export interface GraphPosition {
  line: number;
  character: number;
}

export interface GraphRange {
  start: GraphPosition;
  end: GraphPosition;
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
