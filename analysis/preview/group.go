package preview

import (
	"slices"
	"strconv"
	"strings"

	"heat-ls/analysis/eval"
	"heat-ls/analysis/hot"
)

// groupKind names the group types the preview expands into members
// (groupKindOf): the builder's expansion (build.go) and the evaluation
// ahead's test for a resource that may nest a stack (speculate.go) read
// the same list.
type groupKind uint8

const (
	notGroup groupKind = iota
	resourceGroup
	autoScalingGroup
	softwareDeploymentGroup
	structuredDeploymentGroup
	instanceGroup
	awsAutoScalingGroup
)

// groupKindOf is the kind of group a resource of type typ is, notGroup
// for every other type.
func groupKindOf(typ string) groupKind {
	switch typ {
	case "OS::Heat::ResourceGroup":
		return resourceGroup
	case "OS::Heat::AutoScalingGroup":
		return autoScalingGroup
	case "OS::Heat::SoftwareDeploymentGroup":
		return softwareDeploymentGroup
	case "OS::Heat::StructuredDeploymentGroup":
		return structuredDeploymentGroup
	case "OS::Heat::InstanceGroup":
		return instanceGroup
	case "AWS::AutoScaling::AutoScalingGroup":
		return awsAutoScalingGroup
	}
	return notGroup
}

// maxMembers bounds the members previewed of one group.
const maxMembers = 1000

// group expands an OS::Heat::ResourceGroup: its members "0", "1"... (the
// names its removal_policies list skipped), each the resource_def with
// the index_var replaced by its name in every text, form a nested stack.
// drafts, when set, are its first members drafted ahead (speculate.go).
func (b *builder) group(f frame, res *Resource, r *hot.Resource, drafts []memberDraft) {
	g, why, ok := planGroup(res.Properties, f.depth, b.o.Depth)
	res.NotExpanded = why
	if !ok {
		return
	}
	child := b.groupFrame(f, r.Name)
	st := &Stack{Name: child.name, Template: f.path}
	for i := 0; len(st.Resources) < g.n && i < g.n+len(g.skip) && !b.full(); i++ {
		b.resources++
		name := strconv.Itoa(i)
		if g.skip[name] {
			continue
		}
		later := len(st.Resources) > 0
		if later {
			b.quiet++
		}
		var m *Resource
		if k := len(st.Resources); k < len(drafts) {
			m = b.drafted(child, drafts[k])
		} else {
			m = g.memberNamed(name, res.From)
			b.member(child, m)
		}
		if later {
			b.quiet--
		}
		st.Resources = append(st.Resources, m)
	}
	res.Nested = st
}

// groupPlan is what a resource group's properties say of its members.
type groupPlan struct {
	n                int
	indexVar         string
	skip             map[string]bool
	typ, props, meta eval.Value
}

// planGroup reads a resource group's properties at depth (of at most
// maxDepth); ok is false when it has no members to build, why says
// what the preview shows instead ("" for nothing).
func planGroup(props eval.Value, depth, maxDepth int) (g groupPlan, why string, ok bool) {
	count, ok := props.Get("count")
	if !ok {
		count = eval.IntValue(1)
	}
	if count.Kind == eval.Unknown {
		return g, "the count is unknown: " + count.S, false
	}
	n, isInt := groupCount(count)
	if !isInt {
		return g, "", false
	}
	if depth+1 > maxDepth {
		return g, "deeper than --depth", false
	}
	if n > maxMembers {
		why = "more than " + strconv.Itoa(maxMembers) + " members"
		n = maxMembers
	}
	def, _ := props.Get("resource_def")
	if def.Kind != eval.Map {
		return g, "the resource_def is not known", false
	}
	g = groupPlan{n: n, indexVar: "%index%", skip: skippedNames(props)}
	if iv, ok := props.Get("index_var"); ok && iv.Kind == eval.String {
		g.indexVar = iv.S
	}
	g.typ, _ = def.Get("type")
	g.props, _ = def.Get("properties")
	g.meta, _ = def.Get("metadata")
	return g, why, true
}

// memberNamed is the member called name, the resource_def with the index_var
// replaced by its name, before its type is resolved.
func (g groupPlan) memberNamed(name string, from eval.Origin) *Resource {
	m := &Resource{Name: name, Type: eval.PyStr(g.typ), From: from}
	m.Properties = eval.Substitute(g.props, g.indexVar, name)
	if m.Properties.Kind == eval.Null {
		m.Properties = eval.MapValue(nil, nil)
	}
	m.Metadata = eval.Substitute(g.meta, g.indexVar, name)
	return m
}

// memberDraft is a group member of a type Heat has (no template) built
// ahead: its schema laid, the problems that gave, and its type as
// resolved.
type memberDraft struct {
	m        *Resource
	final    string
	problems []Problem
}

// drafted finishes a member drafted ahead as member would build it.
func (b *builder) drafted(f frame, d memberDraft) *Resource {
	b.knownType(f, d.final, d.m.From)
	for _, p := range d.problems {
		b.problem(p.File, p.Span, p.Message)
	}
	return d.m
}

// member resolves a group member's type and expands it when it is a
// template.
func (b *builder) member(f frame, m *Resource) {
	impl := f.registry.Resolve(m.Type, m.Name)
	switch {
	case impl.Template != "":
		path := impl.Template
		if len(impl.Via) == 0 {
			path = templatePath(f.path, impl.Template)
		}
		m.Implementation = path
		m.Nested, m.NotExpanded = b.child(f, path, m.Name, m.Properties, nil)
	default:
		if impl.Type != m.Type {
			m.Implementation = impl.Type
		}
		b.knownType(f, impl.Type, m.From)
		m.Properties = b.schemaProperties(f, m.Name, impl.Type, m.Properties)
	}
}

func groupCount(v eval.Value) (int, bool) {
	switch v.Kind {
	case eval.Int:
		return int(max(v.I, 0)), true
	case eval.String:
		n, err := strconv.Atoi(strings.TrimSpace(v.S))
		return max(n, 0), err == nil
	case eval.Float:
		return int(max(v.F, 0)), true // Python's int() cuts
	}
	return 0, false
}

// skippedNames are the member names removal_policies name.
func skippedNames(props eval.Value) map[string]bool {
	out := map[string]bool{}
	rp, _ := props.Get("removal_policies")
	for _, p := range rp.Items {
		l, _ := p.Get("resource_list")
		for _, it := range l.Items {
			out[eval.PyStr(it)] = true
		}
	}
	return out
}

// asg expands an OS::Heat::AutoScalingGroup: desired_capacity (else
// min_size) copies of its resource definition. Heat names the members
// with random ids; the preview names them member-0, member-1...
func (b *builder) asg(f frame, res *Resource, r *hot.Resource) {
	props := res.Properties
	count, ok := props.Get("desired_capacity")
	if !ok || count.Kind == eval.Null {
		count, _ = props.Get("min_size")
	}
	if count.Kind == eval.Unknown {
		res.NotExpanded = "the size is unknown: " + count.S
		return
	}
	n, isInt := groupCount(count)
	if !isInt {
		return
	}
	def, _ := props.Get("resource")
	if def.Kind != eval.Map {
		res.NotExpanded = "the resource definition is not known"
		return
	}
	if f.depth+1 > b.o.Depth {
		res.NotExpanded = "deeper than --depth"
		return
	}
	n = min(n, maxMembers)
	child := b.groupFrame(f, r.Name)
	st := &Stack{Name: child.name, Template: f.path}
	typ, _ := def.Get("type")
	mprops, _ := def.Get("properties")
	mmeta, _ := def.Get("metadata")
	for i := 0; i < n && !b.full(); i++ {
		b.resources++
		m := &Resource{Name: "member-" + strconv.Itoa(i), Type: eval.PyStr(typ), From: res.From,
			Properties: asMap(mprops), Metadata: mmeta}
		b.member(child, m)
		st.Resources = append(st.Resources, m)
	}
	res.Nested = st
}

// deploymentGroup expands a software (or structured) deployment group:
// one deployment per entry of servers, named by its key, with the group's
// other properties and that server.
func (b *builder) deploymentGroup(f frame, res *Resource, r *hot.Resource, memberType string) {
	servers, _ := res.Properties.Get("servers")
	if servers.Kind != eval.Map {
		if servers.Kind == eval.Unknown {
			res.NotExpanded = "the servers are unknown: " + servers.S
		}
		return
	}
	if f.depth+1 > b.o.Depth {
		res.NotExpanded = "deeper than --depth"
		return
	}
	child := b.groupFrame(f, r.Name)
	st := &Stack{Name: child.name, Template: f.path}
	var keys []string
	var vals []eval.Value
	for i, k := range res.Properties.Keys {
		if k != "servers" {
			keys = append(keys, k)
			vals = append(vals, res.Properties.Vals[i])
		}
	}
	for i, name := range servers.Keys {
		if i >= maxMembers || b.full() {
			break
		}
		b.resources++
		p := eval.MapValue(append(slices.Clone(keys), "server"), append(slices.Clone(vals), servers.Vals[i]))
		m := &Resource{Name: name, Type: memberType, From: res.From, Properties: p}
		b.member(child, m)
		st.Resources = append(st.Resources, m)
	}
	res.Nested = st
}

// groupFrame is the frame of a group's nested stack.
func (b *builder) groupFrame(f frame, name string) frame {
	return frame{path: f.path, doc: f.doc, name: f.name + "-" + name, defaults: f.defaults,
		registry: f.registry.Within(name), depth: f.depth + 1, ancestors: f.ancestors}
}

func asMap(v eval.Value) eval.Value {
	if v.Kind == eval.Map {
		return v
	}
	return eval.MapValue(nil, nil)
}

// launchGroup expands an OS::Heat::InstanceGroup or an
// AWS::AutoScaling::AutoScalingGroup: copies of its launch
// configuration's properties (InstanceId dropped) as
// OS::Heat::ScaledResource members, tagged with the group as Heat tags
// them (metering.groupname, and for the AWS group
// metering.AutoScalingGroupName), Size (or DesiredCapacity, else
// MinSize) of them.
func (b *builder) launchGroup(f frame, ev *eval.Evaluator, res *Resource, r *hot.Resource, aws bool) {
	props := res.Properties
	var count eval.Value
	if aws {
		if count, _ = props.Get("DesiredCapacity"); count.Kind == eval.Null {
			count, _ = props.Get("MinSize")
		}
	} else {
		count, _ = props.Get("Size")
	}
	if count.Kind == eval.Bool {
		count = eval.IntValue(map[bool]int64{true: 1}[count.B])
	}
	n, ok := groupCount(count)
	if !ok {
		if count.Kind == eval.Unknown {
			res.NotExpanded = "the size is unknown: " + count.S
		}
		return
	}
	lc := launchConfig(f.doc.Template, r)
	if lc == nil {
		res.NotExpanded = "the launch configuration is not a resource of this template"
		return
	}
	if f.depth+1 > b.o.Depth {
		res.NotExpanded = "deeper than --depth"
		return
	}
	conf := ev.Eval(lc.Properties)
	keys, vals := []string{}, []eval.Value{}
	for i, k := range conf.Keys {
		if k != "InstanceId" && k != "Tags" {
			keys, vals = append(keys, k), append(vals, conf.Vals[i])
		}
	}
	ref := eval.UnknownValue("<get_resource: " + r.Name + ">")
	tag := func(k string) eval.Value {
		return eval.MapValue([]string{"Key", "Value"}, []eval.Value{eval.StringValue(k), ref})
	}
	tags, _ := props.Get("Tags")
	all := append([]eval.Value{}, tags.Items...)
	if !slices.ContainsFunc(all, func(t eval.Value) bool {
		k, _ := t.Get("Key")
		return strings.HasPrefix(k.S, "metering.")
	}) {
		all = append(all, tag("metering.groupname"))
	}
	if aws {
		all = append(all, tag("metering.AutoScalingGroupName"))
	}
	keys, vals = append(keys, "Tags"), append(vals, eval.ListValue(all))
	if aws {
		keys, vals = vpcSubnet(props, keys, vals)
	}
	child := b.groupFrame(f, r.Name)
	st := &Stack{Name: child.name, Template: f.path}
	for i := 0; i < min(n, maxMembers) && !b.full(); i++ {
		b.resources++
		m := &Resource{Name: "member-" + strconv.Itoa(i), Type: "OS::Heat::ScaledResource", From: res.From}
		// Heat's internal member type is an AWS::EC2::Instance with
		// another name; its properties are that type's.
		m.Properties = b.schemaProperties(child, m.Name, "AWS::EC2::Instance", eval.MapValue(slices.Clone(keys), slices.Clone(vals)))
		st.Resources = append(st.Resources, m)
	}
	res.Nested = st
}

// vpcSubnet sets the members' SubnetId to the first subnet of the AWS
// group's VPCZoneIdentifier, as Heat does when the list is not empty.
func vpcSubnet(props eval.Value, keys []string, vals []eval.Value) ([]string, []eval.Value) {
	zones, _ := props.Get("VPCZoneIdentifier")
	var first eval.Value
	switch {
	case zones.Kind == eval.List && len(zones.Items) > 0:
		first = zones.Items[0]
	case zones.Kind == eval.Unknown:
		first = eval.UnknownValue("<the first of VPCZoneIdentifier: " + zones.S + ">")
	default:
		return keys, vals
	}
	if i := slices.Index(keys, "SubnetId"); i >= 0 {
		vals[i] = first
		return keys, vals
	}
	return append(keys, "SubnetId"), append(vals, first)
}

// launchConfig is the resource a group's LaunchConfigurationName names:
// by get_resource, or as a text naming it.
func launchConfig(t *hot.Template, r *hot.Resource) *hot.Resource {
	if t == nil {
		return nil
	}
	n := r.Properties.Resolve().Get("LaunchConfigurationName").Resolve()
	if n.IsMapping() && n.NumPairs() == 1 && n.Pair(0).Key.Value == "get_resource" {
		n = n.Pair(0).Value.Resolve()
	}
	if !n.IsScalar() {
		return nil
	}
	return t.Resource(n.Value)
}
