package graph

import (
	"bufio"
	"io"
	"strings"
)

// WriteDOT renders g for Graphviz: resources as rounded boxes, parameters
// as ellipses, outputs as notes, clusters as subgraphs; depends_on edges
// dashed, get_param dotted; guarded entries dashed with their condition;
// dependency loops in the error colour. The VS Code graph view builds the
// same DOT from the JSON (editors/vscode/src/graphDot.ts), and its test
// holds the two to the same bytes on testdata/graph: change both together.
func WriteDOT(w io.Writer, g *Graph) error {
	bw := bufio.NewWriter(w)
	l := newLayout(g)
	bw.WriteString("digraph " + dotQuote(g.Title) + " {\n")
	bw.WriteString("  graph [rankdir=LR, fontname=\"Helvetica\", fontsize=11];\n")
	bw.WriteString("  node [shape=box, style=rounded, fontname=\"Helvetica\", fontsize=11];\n")
	bw.WriteString("  edge [fontname=\"Helvetica\", fontsize=9];\n")
	if note := unopenedNote(g); note != "" {
		bw.WriteString("  // " + note + "\n")
	}
	var cluster func(parent, indent string)
	cluster = func(parent, indent string) {
		for _, n := range l.nodes[parent] {
			bw.WriteString(indent + dotQuote(n.ID) + " [" + dotNodeAttrs(n) + "];\n")
		}
		for _, c := range l.clusters[parent] {
			bw.WriteString(indent + "subgraph " + dotQuote("cluster_"+c.ID) + " {\n")
			style := "rounded"
			if c.Kind == ClusterGroup {
				style = "rounded,dashed"
			}
			bw.WriteString(indent + "  label=" + dotQuote(c.Label) + "; style=" + dotQuote(style) + ";\n")
			cluster(c.ID, indent+"  ")
			bw.WriteString(indent + "}\n")
		}
	}
	cluster("", "  ")
	for _, e := range g.Edges {
		attrs := []string{"label=" + dotQuote(e.label())}
		switch e.Kind {
		case EdgeDependsOn:
			attrs = append(attrs, "style=dashed")
		case EdgeGetParam:
			attrs = append(attrs, "style=dotted")
		case EdgeMember:
			attrs = append(attrs, "arrowhead=odiamond")
		}
		if e.InCycle {
			attrs = append(attrs, "color="+dotQuote(ErrorColour), "fontcolor="+dotQuote(ErrorColour), "penwidth=2")
		}
		bw.WriteString("  " + dotQuote(e.From) + " -> " + dotQuote(e.To) + " [" + strings.Join(attrs, ", ") + "];\n")
	}
	bw.WriteString("}\n")
	return bw.Flush()
}

func dotNodeAttrs(n *Node) string {
	attrs := []string{"label=" + dotQuote(strings.Join(n.label(), "\n"))}
	style := []string{"rounded"}
	switch n.Kind {
	case KindParameter:
		attrs = append(attrs, "shape=ellipse")
		style = nil
	case KindOutput:
		attrs = append(attrs, "shape=note")
		style = nil
	case KindMember:
		attrs = append(attrs, "shape=box3d")
		style = nil
	}
	if n.Condition != "" {
		style = append(style, "dashed")
	}
	if len(style) > 0 && (len(style) != 1 || style[0] != "rounded") {
		attrs = append(attrs, "style="+dotQuote(strings.Join(style, ",")))
	}
	if n.InCycle {
		attrs = append(attrs, "color="+dotQuote(ErrorColour), "fontcolor="+dotQuote(ErrorColour), "penwidth=2")
	}
	return strings.Join(attrs, ", ")
}

// dotQuote writes s as a DOT double-quoted string.
func dotQuote(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\r", "")
	return `"` + r.Replace(s) + `"`
}
