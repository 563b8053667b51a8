package plugins

import (
	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax"
)

// pluginCheck judges one resource's properties (a literal mapping).
type pluginCheck func(pc pluginCtx)

// pluginCtx is what a plugin check needs: the pass, the resource, its
// properties and the type's name.
type pluginCtx struct {
	p     *pass.Pass
	r     *hot.Resource
	props *syntax.Node
	typ   string
	// member is the key a group's member definition is reported on (its
	// properties or type key); nil for a resource of the template.
	member *syntax.Node
}

// anchor is where a problem about the whole properties map is reported.
func (pc pluginCtx) anchor() *syntax.Node {
	if pc.member != nil {
		return pc.member
	}
	if f := pc.r.Field("properties"); f.Key != nil {
		return f.Key
	}
	return pc.r.Key
}
