package syntax

import (
	"strings"

	"gopkg.in/yaml.v3"

	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
)

// maxDepth bounds the conversion's recursion. yaml.v3 already refuses
// more than 10,000 levels of block or of flow nesting; the two can add up,
// so the bound sits above their sum and exists only as a safety net.
const maxDepth = 25000

// converter turns one yaml.v3 node tree into syntax nodes. Nodes and child
// slices come from chunked arenas so a large template costs a few
// dozen allocations instead of one per node.
type converter struct {
	src   []byte // the whole text (BOM included)
	base  int    // length of a leading BOM: yaml.v3 saw src[base:]
	lines *lineIndex

	nodes []Node
	// nextNodes is the node chunk reserve set aside for when nodes is
	// full (nil: grow).
	nextNodes []Node
	// filled holds the node chunks filled before nodes (packValues reads
	// every node of the parse).
	filled   [][]Node
	nodePtrs []*Node

	// anchors maps anchored yaml.v3 nodes to their syntax nodes so aliases
	// share the converted node; open lists anchored nodes whose conversion
	// is in progress (ancestors), which is how cycles are detected.
	anchors map[*yaml.Node]*Node
	open    []openAnchor

	problems []source.Diagnostic
	tooDeep  bool
	// aliases is set when an alias node was made: without one there is
	// no alias budget to apply.
	aliases   bool
	chunkSize int
	// stand is the character yaml.v3 read in place of a U+FEFF that
	// Heat's reader takes as text ("" when there is none, bom.go).
	stand string
	// arena lent the first node block and the child-pointer block (nil:
	// they were allocated).
	arena *Arena
}

func newConverter(src []byte, base int) *converter {
	return &converter{src: src, base: base, lines: newLineIndex(src[base:]), chunkSize: 64}
}

func (c *converter) grow() int {
	if c.chunkSize < 4096 {
		c.chunkSize *= 2
	}
	return c.chunkSize
}

func (c *converter) newNode() *Node {
	if len(c.nodes) == cap(c.nodes) {
		if len(c.nodes) > 0 {
			c.filled = append(c.filled, c.nodes)
		}
		if c.nextNodes != nil {
			c.nodes, c.nextNodes = c.nextNodes, nil
		} else {
			c.nodes = make([]Node, 0, c.grow())
		}
	}
	c.nodes = c.nodes[:len(c.nodes)+1]
	return &c.nodes[len(c.nodes)-1]
}

// nodeSlice returns an empty slice with capacity n whose appends can never
// overwrite a neighbour's items (capacity is capped).
func (c *converter) nodeSlice(n int) []*Node {
	if n > 256 {
		return make([]*Node, 0, n)
	}
	if cap(c.nodePtrs)-len(c.nodePtrs) < n {
		c.nodePtrs = make([]*Node, 0, max(1024, n))
	}
	l := len(c.nodePtrs)
	c.nodePtrs = c.nodePtrs[:l+n]
	return c.nodePtrs[l : l : l+n]
}

// offset converts a yaml.v3 mark to an offset into the whole text.
func (c *converter) offset(line, col int) int {
	return c.base + c.lines.offset(line, col)
}

func styleOf(yn *yaml.Node) Style {
	s := yn.Style
	switch {
	case s&yaml.DoubleQuotedStyle != 0:
		return DoubleQuoted
	case s&yaml.SingleQuotedStyle != 0:
		return SingleQuoted
	case s&yaml.LiteralStyle != 0:
		return Literal
	case s&yaml.FoldedStyle != 0:
		return Folded
	case s&yaml.FlowStyle != 0:
		return Flow
	}
	if yn.Kind == yaml.MappingNode || yn.Kind == yaml.SequenceNode {
		return Block
	}
	return Plain
}

// convert builds the syntax node for yn and its children.
func (c *converter) convert(yn *yaml.Node, depth int) *Node {
	n := c.newNode()
	n.Style = styleOf(yn)
	n.Anchored = yn.Anchor != ""
	start := c.offset(yn.Line, yn.Column)
	propsEnd, content := start, start
	if start < len(c.src) && (c.src[start] == '&' || c.src[start] == '!') {
		propsEnd, content = skipProperties(c.src, start)
	}
	if yn.Anchor != "" {
		if c.anchors == nil {
			c.anchors = make(map[*yaml.Node]*Node)
		}
		c.anchors[yn] = n
	}
	switch yn.Kind {
	case yaml.ScalarNode:
		c.convertScalar(n, yn, start, propsEnd, content)
	case yaml.AliasNode:
		c.alias(n, yn, start)
	case yaml.MappingNode, yaml.SequenceNode:
		c.convertCollection(n, yn, depth, start, propsEnd, content)
	default:
		// A document node inside a tree does not occur; keep an empty
		// scalar so callers never see a nil.
		n.Kind = ScalarNode
		n.SetTag("!!null")
		n.SetSpan(source.Span{Start: start, End: start})
	}
	return n
}

// convertScalar fills n from the scalar yn whose properties run from start
// to propsEnd and whose text starts at content.
func (c *converter) convertScalar(n *Node, yn *yaml.Node, start, propsEnd, content int) {
	n.Kind = ScalarNode
	n.SetTag(yn.ShortTag())
	n.Value = yn.Value
	if c.stand != "" && strings.Contains(n.Value, c.stand) {
		n.Value = strings.ReplaceAll(n.Value, c.stand, utf8BOM)
	}
	n.SetSpan(c.scalarSpan(n, start, propsEnd, content))
	c.unknownTag(n, start, propsEnd)
	c.tagMismatch(n, start, propsEnd)
	c.flowColon(n)
}

// convertCollection fills n from the mapping or sequence yn, converting its
// children one level deeper; past maxDepth it stays an empty collection.
func (c *converter) convertCollection(n *Node, yn *yaml.Node, depth, start, propsEnd, content int) {
	n.SetTag(yn.ShortTag())
	c.unknownTag(n, start, propsEnd)
	if depth >= maxDepth {
		c.tooDeep = true
		n.Kind = MappingNode
		if yn.Kind == yaml.SequenceNode {
			n.Kind = SequenceNode
		}
		n.SetSpan(source.Span{Start: content, End: content})
		return
	}
	if yn.Anchor != "" {
		c.open = append(c.open, openAnchor{yn, anchorSpan(c.src, start, propsEnd, yn.Anchor)})
	}
	var firstStart, lastEnd int
	if yn.Kind == yaml.MappingNode {
		firstStart, lastEnd = c.convertPairs(n, yn, depth, content)
	} else {
		firstStart, lastEnd = c.convertItems(n, yn, depth, content)
	}
	c.tagMismatch(n, start, propsEnd)
	if yn.Anchor != "" {
		c.open = c.open[:len(c.open)-1]
	}
	c.collectionSpan(n, content, firstStart, lastEnd)
}

// convertPairs converts a mapping's keys and values into n and returns the
// extent of its children, starting from content.
func (c *converter) convertPairs(n *Node, yn *yaml.Node, depth, content int) (firstStart, lastEnd int) {
	lastEnd, firstStart = content, content
	n.Kind = MappingNode
	kids := c.nodeSlice(len(yn.Content) &^ 1)
	for i := 0; i+1 < len(yn.Content); i += 2 {
		k := c.convert(yn.Content[i], depth+1)
		v := c.convert(yn.Content[i+1], depth+1)
		kids = append(kids, k, v)
		c.mergeValue(k, v)
		lastEnd = max(lastEnd, int(k.end), int(v.end))
		firstStart = min(firstStart, int(k.start), int(v.start))
	}
	n.setKids(kids)
	c.duplicateKeys(n)
	c.unhashableKeys(n)
	return firstStart, lastEnd
}

// convertItems converts a sequence's items into n and returns the extent of
// its children, starting from content.
func (c *converter) convertItems(n *Node, yn *yaml.Node, depth, content int) (firstStart, lastEnd int) {
	lastEnd, firstStart = content, content
	n.Kind = SequenceNode
	kids := c.nodeSlice(len(yn.Content))
	for _, item := range yn.Content {
		child := c.convert(item, depth+1)
		kids = append(kids, child)
		lastEnd = max(lastEnd, int(child.end))
		firstStart = min(firstStart, int(child.start))
	}
	n.setKids(kids)
	return firstStart, lastEnd
}

// collectionSpan sets the span of a converted collection whose children run
// from firstStart to lastEnd.
func (c *converter) collectionSpan(n *Node, content, firstStart, lastEnd int) {
	// A block collection starts at its first entry; skipProperties may
	// have stepped over properties that belong to the first key (which
	// yaml.v3 reports at the same place), so include the children.
	n.SetSpan(source.Span{Start: firstStart, End: lastEnd})
	// A flow collection owns the bracket at its start, unless its first
	// child starts there too: "[{a: 1}: b]" holds a single-pair mapping
	// whose key is the bracketed one.
	ownsBracket := firstStart == content && !(n.Kind == MappingNode && len(n.kids()) > 0 && int(n.kids()[0].start) == content)
	if ownsBracket && content < len(c.src) && (c.src[content] == '[' || c.src[content] == '{') && n.Style == Flow {
		from := lastEnd
		if from == content {
			from++
		}
		n.SetSpan(source.Span{Start: content, End: flowEnd(c.src, content, from)})
	}
}

// scalarSpan computes the span of a scalar's content.
func (c *converter) scalarSpan(n *Node, start, propsEnd, content int) source.Span {
	src := c.src
	switch n.Style {
	case DoubleQuoted:
		if content < len(src) && src[content] == '"' {
			return source.Span{Start: content, End: doubleQuotedEnd(src, content)}
		}
	case SingleQuoted:
		if content < len(src) && src[content] == '\'' {
			return source.Span{Start: content, End: singleQuotedEnd(src, content)}
		}
	case Literal, Folded:
		if content < len(src) && (src[content] == '|' || src[content] == '>') {
			return source.Span{Start: content, End: blockScalarEnd(src, content, n.Value)}
		}
	default:
		if n.Value == "" {
			// An empty value: an empty span where the value would be, just
			// after the colon, dash or properties. In flow collections
			// yaml.v3 reports it at the next "," or "}", so step back over
			// blanks to a colon there.
			at := propsEnd
			if at == start {
				j := at
				for j > 0 && isBlank(src[j-1]) {
					j--
				}
				if j > 0 && src[j-1] == ':' {
					at = j
				}
			}
			return source.Span{Start: at, End: at}
		}
		if end, ok := matchValueEnd(src, content, n.Value); ok {
			return source.Span{Start: content, End: end}
		}
	}
	// The source disagrees with what yaml.v3 reported (should not happen):
	// fall back to the rest of the line.
	end := content
	for end < len(src) && src[end] != '\n' && src[end] != '\r' {
		end++
	}
	return source.Span{Start: content, End: end}
}

// alias fills an alias node: its Target is the shared anchored node.
func (c *converter) alias(n *Node, yn *yaml.Node, start int) {
	c.aliases = true
	n.Kind = AliasNode
	n.Value = yn.Value
	n.SetSpan(source.Span{Start: start, End: min(len(c.src), start+1+len(yn.Value))})
	n.SetTarget(c.anchors[yn.Alias])
	if n.Target() == nil {
		c.problems = append(c.problems, source.Diagnostic{
			Span: n.Span(), Severity: rules.Severity(rules.YAMLAlias), Code: rules.YAMLAlias,
			Message: "alias *" + yn.Value + " refers to no anchor &" + yn.Value + " defined before it",
		})
		return
	}
	n.SetTag(n.Target().Tag())
	for _, o := range c.open {
		if o.node == yn.Alias {
			c.problems = append(c.problems, source.Diagnostic{
				Span: n.Span(), Severity: rules.Severity(rules.YAMLAlias), Code: rules.YAMLAlias,
				Message: "alias *" + yn.Value + " is used inside the node it names, so the loaded data would contain itself; " +
					"a template must be a finite tree, and Heat cannot store or process a recursive one",
				Related: []source.Related{{Span: o.span, Message: "anchor &" + yn.Value + " is defined here"}},
			})
			return
		}
	}
}

// openAnchor is an anchored collection being converted and the span of
// its "&name".
type openAnchor struct {
	node *yaml.Node
	span source.Span
}

// anchorSpan finds "&name" among the properties in src[start:propsEnd].
func anchorSpan(src []byte, start, propsEnd int, name string) source.Span {
	for i := start; i < propsEnd; i++ {
		if src[i] == '&' {
			return source.Span{Start: i, End: min(propsEnd, i+1+len(name))}
		}
	}
	return source.Span{Start: start, End: start}
}
