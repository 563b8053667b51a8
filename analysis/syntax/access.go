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
		n = n.Target()
	}
	return n
}

// IsNull reports whether the node is a YAML null (an empty value, "~" or
// "null").
func (n *Node) IsNull() bool {
	return n == nil || (n.Kind == ScalarNode && n.Tag() == "!!null")
}

// IsScalar reports whether n is a scalar node.
func (n *Node) IsScalar() bool { return n != nil && n.Kind == ScalarNode }

// IsMapping reports whether n is a mapping node.
func (n *Node) IsMapping() bool { return n != nil && n.Kind == MappingNode }

// IsSequence reports whether n is a sequence node.
func (n *Node) IsSequence() bool { return n != nil && n.Kind == SequenceNode }

// Lookup returns the last entry with the given scalar key, as Heat's
// loader keeps the last of duplicate keys, or the zero Pair (Key nil). A key the mapping does not
// hold itself is looked up in the mappings its YAML merge keys ("<<: *x")
// bring in, as Heat's loader merges them: the pair returned then belongs
// to the merged mapping.
func (n *Node) Lookup(key string) Pair {
	return n.lookup(key, 0)
}

// maxMergeDepth bounds how deep merge keys are followed into merged
// mappings that themselves merge others.
const maxMergeDepth = 16

func (n *Node) lookup(key string, depth int) Pair {
	if n == nil || n.Kind != MappingNode {
		return Pair{}
	}
	var merge Pair
	kids := n.kids()
	for i := len(kids) - 2; i >= 0; i -= 2 {
		k := kids[i]
		if k.Kind != ScalarNode {
			continue
		}
		if k.Value == key {
			return Pair{Key: k, Value: kids[i+1]}
		}
		if merge.Key == nil && IsMergeKey(k) {
			merge = Pair{Key: k, Value: kids[i+1]}
		}
	}
	if merge.Key == nil || depth >= maxMergeDepth {
		return Pair{}
	}
	// The merged value is one mapping or a list of them; earlier ones win.
	src := merge.Value.Resolve()
	if src.IsMapping() {
		return src.lookup(key, depth+1)
	}
	if src.IsSequence() {
		for _, it := range src.kids() {
			if p := it.Resolve().lookup(key, depth+1); p.Key != nil {
				return p
			}
		}
	}
	return Pair{}
}

// IsMergeKey reports whether k is a YAML merge key: a plain "<<" (quoted
// "<<" is an ordinary string key).
func IsMergeKey(k *Node) bool {
	return k != nil && k.Kind == ScalarNode && k.Value == "<<" && k.Tag() == "!!merge"
}

// Get returns the value under key (the last one if repeated), or nil.
func (n *Node) Get(key string) *Node {
	if p := n.Lookup(key); p.Key != nil {
		return p.Value
	}
	return nil
}
