package graph

import "heat-ls/analysis/source"

// NodeKind says what a node stands for.
type NodeKind string

// Node kinds.
const (
	KindResource  NodeKind = "resource"
	KindParameter NodeKind = "parameter"
	KindOutput    NodeKind = "output"
	// KindMember is the member definition of a resource group (what each
	// of its members is made from).
	KindMember NodeKind = "member"
)

// EdgeKind says why one node points at another.
type EdgeKind string

// Edge kinds. A resource points at what it needs: the arrow runs from the
// dependent to its dependency, as Heat reads depends_on.
const (
	EdgeDependsOn   EdgeKind = "depends_on"
	EdgeGetResource EdgeKind = "get_resource"
	EdgeGetAttr     EdgeKind = "get_attr"
	EdgeGetParam    EdgeKind = "get_param"
	// EdgeMember runs from a group to its member definition.
	EdgeMember EdgeKind = "member"
)

// ClusterKind says what groups a cluster's nodes.
type ClusterKind string

// Cluster kinds.
const (
	// ClusterNested holds a resource whose type is a template and that
	// template's resources.
	ClusterNested ClusterKind = "nested"
	// ClusterGroup holds a group resource and its member definition.
	ClusterGroup ClusterKind = "group"
	// ClusterFile holds one file's graph when several files are drawn.
	ClusterFile ClusterKind = "file"
)

// Graph is the drawing of one or more templates.
type Graph struct {
	// Title names what is drawn (the file, or the files).
	Title    string
	Nodes    []*Node
	Edges    []*Edge
	Clusters []*Cluster
	// Unopened counts the nested templates drawn as plain resources
	// because the graph had reached Options.MaxNodes.
	Unopened int
}

// Node is one resource, parameter, output or group member.
type Node struct {
	ID   string
	Kind NodeKind
	Name string
	// Type is a resource's type as written (or what a group's members
	// are), a parameter's type; empty for outputs.
	Type string
	// Condition is the condition guarding the entry: a condition name, or
	// a short rendering of an inline expression; empty when unguarded.
	Condition string
	// Cluster is the ID of the innermost cluster holding the node, "" at
	// the top.
	Cluster string
	// InCycle is true for resources in a dependency loop Heat refuses.
	InCycle bool
	// Path is the file the node is defined in; Span its name key there.
	Path string
	Span source.Span
	// Range is Span as line/character positions in the file's text, in
	// the encoding Options asked for (zero-based, as in LSP).
	Range Range
}

// Edge is one reference between two nodes.
type Edge struct {
	From, To string
	Kind     EdgeKind
	// Attributes are the attributes get_attr asks for along this edge
	// (first element of each path), in source order, without repeats.
	Attributes []string
	// InCycle is true when both ends are in the same dependency loop.
	InCycle bool
}

// Cluster is a box around related nodes.
type Cluster struct {
	ID    string
	Kind  ClusterKind
	Label string
	// Parent is the enclosing cluster's ID, "" at the top.
	Parent string
	// Path is the template file a nested cluster draws, "" otherwise.
	Path string
}

// Range is a zero-based line/character range.
type Range struct {
	Start Position `json:"start"`
	End   Position `json:"end"`
}

// Position is a zero-based line and character offset.
type Position struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}
