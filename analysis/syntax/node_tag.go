package syntax

import "heat-ls/analysis/source"

// A node's tag is kept as a one-byte code: yaml.v3 resolves nearly every
// node to one of a handful of short tags, so a string header on every
// node (16 bytes) mostly held one of the same few strings. A tag outside
// the table (a custom one as written, which Heat refuses) is kept in the
// node's rareFields, as is an alias's target: both are so seldom set that
// one pointer, nil on almost every node, costs less than two fields on
// all of them. Smaller nodes make every open document's tree smaller and
// a splice's copy of the nodes after an edit cheaper.

// tagCode stands for one of the common tags, or for a custom one.
type tagCode uint8

const (
	noTag tagCode = iota
	tagStr
	tagInt
	tagFloat
	tagBool
	tagNull
	tagTimestamp
	tagMap
	tagSeq
	tagBinary
	tagMerge
	tagPlain // "!", the non-specific tag
	tagOmap
	tagPairs
	tagSet
	numTags
	// customTag marks a tag kept in rareFields.tag.
	customTag tagCode = 255
)

// text is the tag a code stands for ("" for noTag and customTag).
func (c tagCode) text() string {
	switch c {
	case tagStr:
		return "!!str"
	case tagInt:
		return "!!int"
	case tagFloat:
		return "!!float"
	case tagBool:
		return "!!bool"
	case tagNull:
		return "!!null"
	case tagTimestamp:
		return "!!timestamp"
	case tagMap:
		return "!!map"
	case tagSeq:
		return "!!seq"
	case tagBinary:
		return "!!binary"
	case tagMerge:
		return "!!merge"
	case tagPlain:
		return "!"
	case tagOmap:
		return "!!omap"
	case tagPairs:
		return "!!pairs"
	case tagSet:
		return "!!set"
	}
	return ""
}

// codeOf is the code of tag, customTag when none stands for it
// (TestTagCodes keeps it the inverse of text).
func codeOf(tag string) tagCode {
	switch tag {
	case "":
		return noTag
	case "!!str":
		return tagStr
	case "!!int":
		return tagInt
	case "!!float":
		return tagFloat
	case "!!bool":
		return tagBool
	case "!!null":
		return tagNull
	case "!!timestamp":
		return tagTimestamp
	case "!!map":
		return tagMap
	case "!!seq":
		return tagSeq
	case "!!binary":
		return tagBinary
	case "!!merge":
		return tagMerge
	case "!":
		return tagPlain
	case "!!omap":
		return tagOmap
	case "!!pairs":
		return tagPairs
	case "!!set":
		return tagSet
	}
	return customTag
}

// rareFields are the fields few nodes need.
type rareFields struct {
	// tag is a custom tag as written, when the node's code is customTag.
	tag string
	// target is the anchored node an AliasNode refers to.
	target *Node
}

// Tag is yaml.v3's resolved short tag ("!!str", "!!int", "!!float",
// "!!bool", "!!null", "!!timestamp", "!!map", "!!seq", "!!binary",
// "!!merge") or a custom tag as written. yaml.v3 resolves YAML 1.2 style:
// "on", "yes" and "no" are "!!str" here although Heat reads them as
// booleans. An alias has its target's tag.
func (n *Node) Tag() string {
	if n.tag == customTag {
		return n.rare.tag
	}
	return n.tag.text()
}

// SetTag sets the node's tag.
func (n *Node) SetTag(tag string) {
	n.tag = codeOf(tag)
	if n.tag == customTag {
		n.rareFields().tag = tag
	} else if n.rare != nil {
		n.rare.tag = ""
	}
}

// Target is the anchored node an AliasNode refers to (nil if the anchor
// is unknown, and for every other node). The target is shared, never
// copied, and may be an ancestor of the alias: follow it with Resolve.
func (n *Node) Target() *Node {
	if n.rare == nil {
		return nil
	}
	return n.rare.target
}

// SetTarget sets the node an alias refers to.
func (n *Node) SetTarget(t *Node) {
	if t == nil && n.rare == nil {
		return
	}
	n.rareFields().target = t
}

// rareFields returns n's rare fields, adding them when n has none.
func (n *Node) rareFields() *rareFields {
	if n.rare == nil {
		n.rare = &rareFields{}
	}
	return n.rare
}

// NewScalar returns a scalar node built outside a parse (a stand-in value
// that a rule judges in place of the written one).
func NewScalar(tag string, style Style, value string, sp source.Span) *Node {
	n := &Node{Kind: ScalarNode, Style: style, Value: value}
	n.SetTag(tag)
	n.SetSpan(sp)
	return n
}
