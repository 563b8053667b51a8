package completion

import (
	"bytes"

	"heat-ls/schema"
)

// blockValued reports the keys whose value is written as an indented
// block below them, and whether that block is a list.
func blockValued(key string) (list, ok bool) {
	switch key {
	case "parameters", "resources", "outputs", "conditions", "properties", "metadata",
		"update_policy", "resource_def", "parameter_defaults", "resource_registry":
		return false, true
	case "parameter_groups", "constraints", "event_sinks", "encrypted_param_names":
		return true, true
	}
	return false, false
}

// blockKey makes a key item for a block-valued key put the cursor on a
// new, indented line below it ("properties:\n  |"), or on a new list
// item, when the client takes snippets and the line has no colon after
// the cursor already.
func (c *completer) blockKey(it Item) Item {
	list, ok := blockValued(it.Label)
	if !ok || !c.req.Snippets || c.tc.Flow {
		return it
	}
	src := c.req.Doc.Src
	rest := src[min(c.req.Offset, len(src)):]
	if i := bytes.IndexByte(rest, '\n'); i >= 0 {
		rest = rest[:i]
	}
	if bytes.IndexByte(rest, ':') >= 0 {
		return it // an existing key is being renamed: keep its value
	}
	it.Insert, it.Snippet = it.Label+":\n  $0", true
	if list {
		it.Insert = it.Label + ":\n  - $0"
	}
	return it
}

// keys proposes names not yet present among the token's siblings.
func (c *completer) keys(names []string, ctx schema.Context) {
	for _, name := range names {
		if c.has(c.tc.Siblings, name) {
			continue
		}
		c.add(0, c.blockKey(Item{Label: name, Kind: CompleteKey, Doc: schema.KeyDoc(ctx, name), Insert: keyInsert(name)}))
	}
}
