package syntax

import (
	"unsafe"

	"heat-ls/analysis/source"
)

// A node's tag is kept as a one-byte code: yaml.v3 resolves nearly every
// node to one of a handful of short tags, so a string header on every
// node (16 bytes) mostly held one of the same few strings. A tag outside
// the table (a custom one as written, which Heat refuses) is kept in the
// node's rareFields, as is an alias's target: both are so seldom set that
// they share the pointer to the child list instead of having fields on
// every node. The tag byte's top bit (rareBit) says which of the two the
// pointer is; the rare fields then hold the child list. Smaller nodes
// make every open document's tree smaller and a splice's copy of the
// nodes after an edit cheaper.

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
	customTag tagCode = 0x7f
	// rareBit is set beside the code when the node's more points to its
	// rareFields.
	rareBit tagCode = 0x80
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
	// kids is the node's child list (Node.kids).
	kids []*Node
}

// Tag is yaml.v3's resolved short tag ("!!str", "!!int", "!!float",
// "!!bool", "!!null", "!!timestamp", "!!map", "!!seq", "!!binary",
// "!!merge") or a custom tag as written. yaml.v3 resolves YAML 1.2 style:
// "on", "yes" and "no" are "!!str" here although Heat reads them as
// booleans. An alias has its target's tag.
func (n *Node) Tag() string {
	if code := n.tag &^ rareBit; code != customTag {
		return code.text()
	}
	return n.rareOf().tag
}

// SetTag sets the node's tag.
func (n *Node) SetTag(tag string) {
	code := codeOf(tag)
	if code == customTag {
		n.rareFields().tag = tag
	} else if r := n.rareOf(); r != nil {
		r.tag = ""
	}
	n.tag = code | n.tag&rareBit
}

// Target is the anchored node an AliasNode refers to (nil if the anchor
// is unknown, and for every other node). The target is shared, never
// copied, and may be an ancestor of the alias: follow it with Resolve.
func (n *Node) Target() *Node {
	if r := n.rareOf(); r != nil {
		return r.target
	}
	return nil
}

// SetTarget sets the node an alias refers to.
func (n *Node) SetTarget(t *Node) {
	if t == nil && n.rareOf() == nil {
		return
	}
	n.rareFields().target = t
}

// rareOf returns n's rare fields, nil when it has none.
func (n *Node) rareOf() *rareFields {
	if n.tag&rareBit == 0 {
		return nil
	}
	return (*rareFields)(n.more)
}

// rareFields returns n's rare fields for a change, moving its child list
// into new ones when it has none. They are n's own: SetTag and SetTarget
// serve a node being built, never one copied or shared.
func (n *Node) rareFields() *rareFields {
	if r := n.rareOf(); r != nil {
		return r
	}
	r := &rareFields{kids: n.kids()}
	n.more, n.tag = unsafe.Pointer(r), n.tag|rareBit
	return r
}

// NewScalar returns a scalar node built outside a parse (a stand-in value
// that a rule judges in place of the written one).
func NewScalar(tag string, style Style, value string, sp source.Span) *Node {
	n := &Node{Kind: ScalarNode, Style: style, Value: value}
	n.SetTag(tag)
	n.SetSpan(sp)
	return n
}
