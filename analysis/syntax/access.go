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
// keeps the last of duplicate keys, or nil. A key the mapping does not
// hold itself is looked up in the mappings its YAML merge keys ("<<: *x")
// bring in, as Heat's loader merges them: the pair returned then belongs
// to the merged mapping.
func (n *Node) Pair(key string) *Pair {
	return n.pair(key, 0)
}

// maxMergeDepth bounds how deep merge keys are followed into merged
// mappings that themselves merge others.
const maxMergeDepth = 16

func (n *Node) pair(key string, depth int) *Pair {
	if n == nil || n.Kind != MappingNode {
		return nil
	}
	var merge *Pair
	for i := len(n.Pairs) - 1; i >= 0; i-- {
		k := n.Pairs[i].Key
		if k.Kind != ScalarNode {
			continue
		}
		if k.Value == key {
			return n.Pairs[i]
		}
		if merge == nil && IsMergeKey(k) {
			merge = n.Pairs[i]
		}
	}
	if merge == nil || depth >= maxMergeDepth {
		return nil
	}
	// The merged value is one mapping or a list of them; earlier ones win.
	src := merge.Value.Resolve()
	if src.IsMapping() {
		return src.pair(key, depth+1)
	}
	if src.IsSequence() {
		for _, it := range src.Items {
			if p := it.Resolve().pair(key, depth+1); p != nil {
				return p
			}
		}
	}
	return nil
}

// IsMergeKey reports whether k is a YAML merge key: a plain "<<" (quoted
// "<<" is an ordinary string key).
func IsMergeKey(k *Node) bool {
	return k != nil && k.Kind == ScalarNode && k.Value == "<<" && k.Tag == "!!merge"
}

// Get returns the value under key (the last one if repeated), or nil.
func (n *Node) Get(key string) *Node {
	if p := n.Pair(key); p != nil {
		return p.Value
	}
	return nil
}
