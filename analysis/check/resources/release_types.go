package resources

import (
	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// The checks that depend on the Heat release heat-ls judges for (the
// heatRelease setting). Their ids are declared in analysis/rules; each is
// backed by Heat's recorded verdict in every release
// (testdata/release-cases).

// reportTooNew reports a type the target release lacks but a later one
// adds, and says whether it did.
func reportTooNew(p *pass.Pass, tn *syntax.Node, name string) bool {
	rel, ok := p.Schema.TypeArrival(name)
	if !ok {
		return false
	}
	p.Reportf(tn.Span(), rules.ResourceTypeTooNew,
		"`%s` arrives in %s; %s, which heat-ls judges for, does not have it and refuses the template.",
		name, rel, p.Schema.HeatVersion())
	return true
}

// isNoOpStub tells a type whose service was retired, kept as a hidden
// stub, from OS::Heat::None, which is a no-op on purpose.
func isNoOpStub(rt *schema.ResourceType) bool { return rt.NoOp && rt.Hidden() }

// reportNoOp warns that a type does nothing in the target release. Heat
// accepts any properties there, so they are not checked.
func reportNoOp(p *pass.Pass, tn *syntax.Node, rt *schema.ResourceType) {
	since := "this release"
	if rel, ok := p.Schema.NoOpSince(rt.Name); ok {
		since = rel.String()
		if rel.Index == 0 {
			since += " or earlier"
		}
	}
	msg := "`%s` does nothing since %s: the service behind it was retired, so Heat accepts the resource but creates nothing, and every get_attr on it is null."
	if repl := hiddenTypeReplacement(rt.Name); repl != "" {
		msg += " Use " + repl + " instead."
	}
	d := p.Reportf(tn.Span(), rules.ResourceTypeNoOp, msg, tn.Value, since)
	d.Tags = []source.Tag{source.TagDeprecated}
}

// fieldArrives names the later release that adds the key name to the
// field owner o (a type's properties, or a nested map property of the type
// being checked), or "".
func (rc *ResourceChecker) fieldArrives(o fieldOwner, name string) string {
	rt := rc.rt
	if rt == nil || rt.UserFile != "" || rc.p.Schema.Release() == nil {
		return ""
	}
	path := name
	if o.rt == nil {
		prefix, ok := propertyPathOf(rt, o.prop)
		if !ok {
			return ""
		}
		path = prefix + "." + name
	}
	cur := rc.p.Schema.Release()
	for _, c := range rc.p.Schema.PropertyHistory(rt.Name, path) {
		if c.What == "added" && c.Release.Index > cur.Index {
			return c.Release.String()
		}
	}
	return ""
}

// propertyPathOf finds the dotted path ("block_device_mapping_v2.*") of a
// nested property schema within a type, by identity.
func propertyPathOf(rt *schema.ResourceType, target *schema.Property) (string, bool) {
	var walk func(p *schema.Property, path string, depth int) (string, bool)
	walk = func(p *schema.Property, path string, depth int) (string, bool) {
		if p == nil || depth > 8 {
			return "", false
		}
		if p == target {
			return path, true
		}
		if got, ok := walk(p.Item, path+".*", depth+1); ok {
			return got, true
		}
		for n, f := range p.Fields {
			if got, ok := walk(f, path+"."+n, depth+1); ok {
				return got, true
			}
		}
		return "", false
	}
	for n, p := range rt.Properties() {
		if got, ok := walk(p, n, 0); ok {
			return got, true
		}
	}
	return "", false
}
