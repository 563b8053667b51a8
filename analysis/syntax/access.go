package syntax

// maxAliasHops bounds alias chains so a cycle cannot hang a caller.
const maxAliasHops = 64

// Resolve follows alias nodes to the node they stand for. It returns nil
// for a nil node, an unknown anchor or a chain longer than maxAliasHops.
func (n *Node) Resolve() *Node {
	for hops := 0; n != nil && n.Kind == AliasNode; hops++ {
		if hops == maxAliasHops {
			return nil
		}
		n = n.Target
	}
	return n
}

// IsNull reports whether the node is a YAML null (an empty value, "~" or
// "null").
func (n *Node) IsNull() bool {
	return n == nil || (n.Kind == ScalarNode && n.Tag == "!!null")
}

// IsScalar reports whether n is a scalar node.
func (n *Node) IsScalar() bool { return n != nil && n.Kind == ScalarNode }

// IsMapping reports whether n is a mapping node.
func (n *Node) IsMapping() bool { return n != nil && n.Kind == MappingNode }

// IsSequence reports whether n is a sequence node.
func (n *Node) IsSequence() bool { return n != nil && n.Kind == SequenceNode }

// Pair returns the last entry with the given scalar key, as Heat's loader
// keeps the last of duplicate keys, or nil.
func (n *Node) Pair(key string) *Pair {
	if n == nil || n.Kind != MappingNode {
		return nil
	}
	for i := len(n.Pairs) - 1; i >= 0; i-- {
		if k := n.Pairs[i].Key; k.Kind == ScalarNode && k.Value == key {
			return n.Pairs[i]
		}
	}
	return nil
}

// Get returns the value under key (the last one if repeated), or nil.
func (n *Node) Get(key string) *Node {
	if p := n.Pair(key); p != nil {
		return p.Value
	}
	return nil
}
