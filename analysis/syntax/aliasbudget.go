package syntax

import (
	"fmt"

	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
)

// rules.YAMLAliasBudget: an alias heat-ls did not follow because the document's
// aliases would stand for far more nodes than the document holds (an
// "alias bomb": a few lines naming each other ten times over stand for
// billions of nodes). Information: Heat's verdict is not known here; what
// the alias stands for is simply not checked.
// Alias expansion budget. An alias shares its target (it is never copied),
// but every rule that looks through aliases walks the target again, so the
// cost of a run follows the document as expanded. The nodes all aliases
// stand for may add up to aliasBudgetFactor times the nodes written, plus
// aliasBudgetFloor; an alias past that has its Target cleared (it resolves
// to nothing) and is reported. Like yaml.v3's decoder, this leaves normal
// use of anchors alone and stops only excessive aliasing.
const (
	aliasBudgetFactor = 2
	aliasBudgetFloor  = 10_000
)

// limitAliases applies the budget to the documents, in source order, and
// reports the first alias it cut, counting the others. It visits each
// written node once.
func limitAliases(docs []*Node) []source.Diagnostic {
	a := aliasSizer{size: map[*Node]int64{}}
	var written int64
	for _, d := range docs {
		written += countWritten(d)
	}
	a.budget = aliasBudgetFactor*written + aliasBudgetFloor
	for _, d := range docs {
		a.visit(d)
	}
	if a.cut == 0 {
		return nil
	}
	msg := fmt.Sprintf("alias *%s stands for %d nodes, past what this document's aliases may add up to (%d nodes); heat-ls did not follow it, so what it stands for is not checked",
		a.first.Value, a.firstSize, a.budget)
	if a.cut > 1 {
		msg += fmt.Sprintf(", nor the %d aliases after it that are past the budget", a.cut-1)
	}
	return []source.Diagnostic{{Span: a.first.Span(), Severity: rules.Severity(rules.YAMLAliasBudget), Code: rules.YAMLAliasBudget, Message: msg}}
}

type aliasSizer struct {
	size          map[*Node]int64 // expanded size of each finished anchored node
	budget, spent int64
	first         *Node // the first alias cut, reported
	firstSize     int64
	cut           int // aliases cut
}

// visit returns the number of nodes n stands for once aliases are
// expanded (counting the budget-cut aliases as one).
func (a *aliasSizer) visit(n *Node) int64 {
	if n == nil {
		return 0
	}
	if n.Kind == AliasNode {
		s, ok := a.size[n.Target()]
		if !ok {
			return 1 // no target, or an alias inside its own anchor
		}
		if a.spent+s > a.budget {
			if a.cut == 0 {
				a.first, a.firstSize = n, s
			}
			a.cut++
			n.SetTarget(nil)
			return 1
		}
		a.spent += s
		return s
	}
	total := int64(1)
	for _, c := range n.kids() {
		total += a.visit(c)
	}
	if n.Anchored {
		a.size[n] = total
	}
	return total
}

// countWritten counts the nodes of the written tree (aliases as one).
func countWritten(n *Node) int64 {
	if n == nil {
		return 0
	}
	total := int64(1)
	if n.Kind == AliasNode {
		return total
	}
	for _, c := range n.kids() {
		total += countWritten(c)
	}
	return total
}
