package graph

import (
	"bufio"
	"io"
	"strconv"
	"strings"
)

// WriteMermaid renders g as a Mermaid flowchart that GitHub renders as is
// inside a ```mermaid block. Mermaid IDs are generated (n0, n1, … and c0,
// c1, …) because template names may hold characters Mermaid reads as
// syntax; labels carry the real names.
func WriteMermaid(w io.Writer, g *Graph) error {
	bw := bufio.NewWriter(w)
	l := newLayout(g)
	ids := make(map[string]string, len(g.Nodes))
	for i, n := range g.Nodes {
		ids[n.ID] = "n" + strconv.Itoa(i)
	}
	bw.WriteString("flowchart LR\n")
	if note := unopenedNote(g); note != "" {
		bw.WriteString("  %% " + note + "\n")
	}
	var cluster func(parent, indent string)
	cluster = func(parent, indent string) {
		for _, n := range l.nodes[parent] {
			bw.WriteString(indent + ids[n.ID] + mermaidShape(n) + "\n")
		}
		for _, c := range l.clusters[parent] {
			bw.WriteString(indent + "subgraph " + c.ID + "[\"" + mermaidText(c.Label) + "\"]\n")
			cluster(c.ID, indent+"  ")
			bw.WriteString(indent + "end\n")
		}
	}
	cluster("", "  ")
	var cycleLinks []string
	for i, e := range g.Edges {
		arrow := "-->"
		switch e.Kind {
		case EdgeDependsOn, EdgeGetParam:
			arrow = "-.->"
		case EdgeMember:
			arrow = "---"
		}
		bw.WriteString("  " + ids[e.From] + " " + arrow + "|\"" + mermaidText(e.label()) + "\"| " + ids[e.To] + "\n")
		if e.InCycle {
			cycleLinks = append(cycleLinks, strconv.Itoa(i))
		}
	}
	var cycle, guarded []string
	for _, n := range g.Nodes {
		if n.InCycle {
			cycle = append(cycle, ids[n.ID])
		}
		if n.Condition != "" {
			guarded = append(guarded, ids[n.ID])
		}
	}
	if len(guarded) > 0 {
		bw.WriteString("  classDef guarded stroke-dasharray: 5 3\n")
		bw.WriteString("  class " + strings.Join(guarded, ",") + " guarded\n")
	}
	if len(cycle) > 0 {
		bw.WriteString("  classDef cycle stroke:" + ErrorColour + ",stroke-width:2px,color:" + ErrorColour + "\n")
		bw.WriteString("  class " + strings.Join(cycle, ",") + " cycle\n")
	}
	if len(cycleLinks) > 0 {
		bw.WriteString("  linkStyle " + strings.Join(cycleLinks, ",") + " stroke:" + ErrorColour + ",stroke-width:2px,color:" + ErrorColour + "\n")
	}
	return bw.Flush()
}

// mermaidShape is the node's shape with its label: rounded boxes for
// resources, stadiums for parameters, parallelograms for outputs,
// subroutine boxes for group members.
func mermaidShape(n *Node) string {
	text := `"` + mermaidText(strings.Join(n.label(), "\n")) + `"`
	switch n.Kind {
	case KindParameter:
		return "([" + text + "])"
	case KindOutput:
		return "[/" + text + "/]"
	case KindMember:
		return "[[" + text + "]]"
	}
	return "(" + text + ")"
}

// mermaidText escapes a label: quotes and angle brackets become entity
// codes, line breaks <br/>, and "#" its numeric code, so a name holding
// "#amp;" is not read as an entity.
func mermaidText(s string) string {
	r := strings.NewReplacer("#", "#35;", `"`, "#quot;", "<", "#lt;", ">", "#gt;", "\n", "<br/>", "\r", "")
	return r.Replace(s)
}
