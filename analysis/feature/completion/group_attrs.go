package completion

import (
	"strings"

	"heat-ls/analysis/hot"
)

// This file completes get_attr on group resources, following what Heat
// resolves for them:
//
//   - [group, ATTR]: the group's own attributes (refs, refs_map,
//     attributes...), then "resource." for one member; on a ResourceGroup
//     also every member attribute, which then reads as the list of that
//     attribute over all members (an AutoScalingGroup does not do this:
//     it reads member attributes through outputs / outputs_list).
//   - "resource.N." typed as the attribute: "resource.N.ATTR" for each
//     member attribute (N is an index for a ResourceGroup, a member name
//     for an AutoScalingGroup).
//   - [group, attributes | resource.N, ATTR] on a ResourceGroup and
//     [group, outputs | outputs_list | resource.N, ATTR] on an
//     AutoScalingGroup: the member attributes.
//
// Member attributes are the member type's schema attributes, or the
// outputs of a member template when the MoreAttributes hook knows it.
// Keys below a member attribute are not proposed (their shape is not in
// the schema).

// groupMember returns the member type of a group resource and whether r
// is a group (ResourceGroup or AutoScalingGroup); the type is "" when the
// definition does not name one as plain text.
func groupMember(r *hot.Resource) (string, bool) {
	if r == nil {
		return "", false
	}
	key := memberDefinitionKey(r.Type)
	if key == "" {
		return "", false
	}
	return memberType(r, key), true
}

// groupAttributes adds, after the group's own attributes, "resource."
// and the member attributes [group, ATTR] accepts. seen holds the labels
// already proposed.
func (c *completer) groupAttributes(r *hot.Resource, seen map[string]bool) {
	member, ok := groupMember(r)
	if !ok {
		return
	}
	doc := "One member's attribute: `resource.INDEX.ATTRIBUTE` (or `[" + r.Name + ", resource.INDEX, ATTRIBUTE]`); INDEX counts from 0."
	if r.Type == "OS::Heat::AutoScalingGroup" {
		doc = "One member's attribute: `resource.MEMBER.ATTRIBUTE`, where MEMBER is the member's resource name in the group's stack."
	}
	if !seen["resource."] {
		seen["resource."] = true
		c.add(1, Item{Label: "resource.", Kind: CompleteAttribute, Detail: "one member", Doc: doc})
	}
	if r.Type != "OS::Heat::ResourceGroup" {
		return
	}
	for _, a := range c.memberAttributes(member) {
		if seen[a.name] {
			continue
		}
		seen[a.name] = true
		c.add(2, Item{Label: a.name, Kind: CompleteAttribute, Detail: "list over members" + a.typeSuffix(),
			Doc: "Read from every member, as a list in member order.\n\n" + a.doc})
	}
}

// memberDotted completes a typed "resource.NAME." on a group with
// "resource.NAME.ATTR" for each member attribute. It reports whether the
// prefix was such a text on a group.
func (c *completer) memberDotted(r *hot.Resource) bool {
	member, ok := groupMember(r)
	if !ok {
		return false
	}
	prefix, ok := memberPrefix(c.tc.Prefix)
	if !ok {
		return false
	}
	for _, a := range c.memberAttributes(member) {
		c.add(0, Item{Label: prefix + a.name, Kind: CompleteAttribute, Detail: a.detail, Doc: a.doc})
	}
	return true
}

// memberPrefix reports a typed "resource.NAME." and returns it.
func memberPrefix(prefix string) (string, bool) {
	rest, ok := strings.CutPrefix(prefix, "resource.")
	if !ok {
		return "", false
	}
	i := strings.IndexByte(rest, '.')
	if i <= 0 {
		return "", false
	}
	return prefix[:len("resource.")+i+1], true
}

// groupAttributePath completes the argument after [group, attr] with the
// member attributes where Heat reads one there.
func (c *completer) groupAttributePath(r *hot.Resource, attr string) {
	member, ok := groupMember(r)
	if !ok {
		return
	}
	one := strings.HasPrefix(attr, "resource.") && !strings.Contains(attr[len("resource."):], ".") && len(attr) > len("resource.")
	switch {
	case one,
		r.Type == "OS::Heat::ResourceGroup" && attr == "attributes",
		r.Type == "OS::Heat::AutoScalingGroup" && (attr == "outputs" || attr == "outputs_list"):
	default:
		return
	}
	for _, a := range c.memberAttributes(member) {
		c.add(0, Item{Label: a.name, Kind: CompleteAttribute, Detail: a.detail, Doc: a.doc})
	}
}

// memberAttr is one attribute of a group's member type.
type memberAttr struct {
	name, detail, doc, typ string
}

func (a memberAttr) typeSuffix() string {
	if a.typ == "" {
		return ""
	}
	return " (" + a.typ + ")"
}

// memberAttributes lists the attributes of a member type: its schema's
// visible attributes, then the outputs the MoreAttributes hook names for
// a member template.
func (c *completer) memberAttributes(member string) []memberAttr {
	if member == "" {
		return nil
	}
	var out []memberAttr
	seen := map[string]bool{}
	if rt, ok := c.s.ResourceType(member); ok {
		for _, name := range rt.AttributeNames() {
			a, _ := rt.Attribute(name)
			if a == nil || a.Hidden {
				continue
			}
			seen[name] = true
			m := memberAttr{name: name, detail: "member attribute", doc: a.Description, typ: a.Type}
			m.detail += m.typeSuffix()
			out = append(out, m)
		}
	}
	if c.req.MoreAttributes != nil {
		for _, name := range c.req.MoreAttributes(&hot.Resource{Type: member}) {
			if !seen[name] {
				seen[name] = true
				out = append(out, memberAttr{name: name, detail: "member output"})
			}
		}
	}
	return out
}
