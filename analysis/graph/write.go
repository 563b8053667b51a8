package graph

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// ErrorColour draws what Heat refuses (dependency loops), in every format.
const ErrorColour = "#d73a49"

// Formats lists the output formats Write accepts.
func Formats() []string { return []string{"dot", "mermaid", "json"} }

// Write renders g in format ("dot", "mermaid" or "json").
func Write(w io.Writer, g *Graph, format string) error {
	switch format {
	case "dot":
		return WriteDOT(w, g)
	case "mermaid":
		return WriteMermaid(w, g)
	case "json":
		return WriteJSON(w, g)
	}
	return fmt.Errorf("unknown graph format %q (use %s)", format, strings.Join(Formats(), ", "))
}

// label is a node's text: its name, its type and the condition guarding it.
func (n *Node) label() []string {
	lines := []string{n.Name}
	if n.Type != "" && n.Kind != KindParameter {
		lines = append(lines, n.Type)
	}
	if n.Kind == KindParameter && n.Type != "" {
		lines[0] += ": " + n.Type
	}
	if n.Condition != "" {
		lines = append(lines, "if "+n.Condition)
	}
	return lines
}

// edgeLabel is the edge's kind, with get_attr's attributes.
func (e *Edge) label() string {
	if e.Kind == EdgeGetAttr && len(e.Attributes) > 0 {
		return string(e.Kind) + " " + strings.Join(e.Attributes, ", ")
	}
	return string(e.Kind)
}

// layout groups nodes and clusters by their parent cluster ("" the top),
// keeping the graph's order.
type layout struct {
	nodes    map[string][]*Node
	clusters map[string][]*Cluster
}

func newLayout(g *Graph) layout {
	l := layout{nodes: map[string][]*Node{}, clusters: map[string][]*Cluster{}}
	for _, n := range g.Nodes {
		l.nodes[n.Cluster] = append(l.nodes[n.Cluster], n)
	}
	for _, c := range g.Clusters {
		l.clusters[c.Parent] = append(l.clusters[c.Parent], c)
	}
	return l
}

// jsonGraph is the JSON shape: stable field names for tools and the
// editor views.
type jsonGraph struct {
	Version  int           `json:"version"`
	Title    string        `json:"title"`
	Nodes    []jsonNode    `json:"nodes"`
	Edges    []jsonEdge    `json:"edges"`
	Clusters []jsonCluster `json:"clusters"`
	Unopened int           `json:"unopened,omitzero"`
}

type jsonNode struct {
	ID        string `json:"id"`
	Kind      string `json:"kind"`
	Name      string `json:"name"`
	Type      string `json:"type,omitempty"`
	Condition string `json:"condition,omitempty"`
	Cluster   string `json:"cluster,omitempty"`
	InCycle   bool   `json:"inCycle,omitzero"`
	Path      string `json:"path,omitempty"`
	Range     Range  `json:"range"`
}

type jsonEdge struct {
	From       string   `json:"from"`
	To         string   `json:"to"`
	Kind       string   `json:"kind"`
	Attributes []string `json:"attributes,omitempty"`
	InCycle    bool     `json:"inCycle,omitzero"`
}

type jsonCluster struct {
	ID     string `json:"id"`
	Kind   string `json:"kind"`
	Label  string `json:"label"`
	Parent string `json:"parent,omitempty"`
	Path   string `json:"path,omitempty"`
}

// JSON returns the value WriteJSON encodes, for callers that embed it in
// another message (the server's heat-ls.graph command).
func JSON(g *Graph) any {
	out := jsonGraph{Version: 1, Title: g.Title, Nodes: []jsonNode{}, Edges: []jsonEdge{}, Clusters: []jsonCluster{}, Unopened: g.Unopened}
	for _, n := range g.Nodes {
		out.Nodes = append(out.Nodes, jsonNode{ID: n.ID, Kind: string(n.Kind), Name: n.Name, Type: n.Type, Condition: n.Condition,
			Cluster: n.Cluster, InCycle: n.InCycle, Path: n.Path, Range: n.Range})
	}
	for _, e := range g.Edges {
		out.Edges = append(out.Edges, jsonEdge{From: e.From, To: e.To, Kind: string(e.Kind), Attributes: e.Attributes, InCycle: e.InCycle})
	}
	for _, c := range g.Clusters {
		out.Clusters = append(out.Clusters, jsonCluster{ID: c.ID, Kind: string(c.Kind), Label: c.Label, Parent: c.Parent, Path: c.Path})
	}
	return out
}

// WriteJSON renders g as indented JSON.
func WriteJSON(w io.Writer, g *Graph) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(JSON(g))
}

// unopenedNote says, for the text formats, how many nested templates were
// drawn as plain resources to keep the graph within its node bound.
func unopenedNote(g *Graph) string {
	if g.Unopened == 0 {
		return ""
	}
	return fmt.Sprintf("%d nested template uses are drawn as plain resources: the graph reached %d nodes", g.Unopened, len(g.Nodes))
}
