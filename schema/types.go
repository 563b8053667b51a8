package schema

import (
	"sort"
	"strings"

	"heat-ls/schema/spell"
)

// ResourceType finds a type by the name a template uses: the user's own
// schemas first, then the embedded types, then Heat's aliases
// (OS::Ceilometer::Alarm → OS::Aodh::Alarm) and name globs (OS::Quantum… →
// OS::Neutron…). The returned type's Name is the canonical name, so a
// caller can tell an alias was used. Every step is a map lookup.
func (s *Schema) ResourceType(name string) (*ResourceType, bool) {
	if t, ok := s.exact(name); ok {
		return t, true
	}
	if target, ok := s.aliases[name]; ok {
		if t, ok := s.exact(target); ok {
			return t, true
		}
	}
	for _, g := range s.globs {
		if strings.HasPrefix(name, g.Prefix) {
			if t, ok := s.exact(g.Target + name[len(g.Prefix):]); ok {
				return t, true
			}
		}
	}
	return nil, false
}

func (s *Schema) exact(name string) (*ResourceType, bool) {
	if t, ok := s.user[name]; ok {
		return t, true
	}
	t, ok := s.types[name]
	return t, ok
}

// AliasTarget says which canonical name an alias or glob maps name onto,
// or false when name is no alias.
func (s *Schema) AliasTarget(name string) (string, bool) {
	if target, ok := s.aliases[name]; ok {
		return target, true
	}
	for _, g := range s.globs {
		if strings.HasPrefix(name, g.Prefix) {
			return g.Target + name[len(g.Prefix):], true
		}
	}
	return "", false
}

// ResourceTypes lists every type name (embedded and the user's), sorted,
// hidden ones included. Do not modify the slice.
func (s *Schema) ResourceTypes() []string { return s.typeNames }

// Namespaces lists the namespaces of all known types ("AWS::EC2",
// "OS::Nova"…), sorted, so a check can tell an unknown type in a known
// namespace (likely a typo) from a custom one.
func (s *Schema) Namespaces() []string { return s.nsList }

// HasNamespace reports whether some known type lives in namespace ns.
func (s *Schema) HasNamespace(ns string) bool { return s.namespaces[ns] }

// NearestResourceTypes suggests up to n visible type names within maxDist
// edits of name, nearest first.
func (s *Schema) NearestResourceTypes(name string, n, maxDist int) []string {
	visible := make([]string, 0, len(s.typeNames))
	for _, tn := range s.typeNames {
		if t, _ := s.exact(tn); !t.Hidden() {
			visible = append(visible, tn)
		}
	}
	return spell.Nearest(name, visible, n, maxDist)
}

func (s *Schema) indexNamespaces() {
	s.namespaces = map[string]bool{}
	s.nsList = nil
	add := func(name string) {
		if ns := NamespaceOf(name); ns != "" && !s.namespaces[ns] {
			s.namespaces[ns] = true
			s.nsList = append(s.nsList, ns)
		}
	}
	for _, n := range s.typeNames {
		add(n)
	}
	for a := range s.aliases {
		add(a)
	}
	for _, g := range s.globs { // OS::Quantum* covers the OS::Quantum namespace
		if ns := strings.TrimSuffix(g.Prefix, "::"); ns != "" && !s.namespaces[ns] {
			s.namespaces[ns] = true
			s.nsList = append(s.nsList, ns)
		}
	}
	sort.Strings(s.nsList)
}

// hasDynamicAttributes marks the types whose get_attr accepts names beyond
// their attribute schema: groups and chains ("resource.N",
// "resource.N.attr", and any member attribute as a list), nested
// stacks and template-backed types (any output name), software
// deployments (any output the config declares) and OS::Heat::None. Types
// whose get_attr names are fixed, such as OS::Heat::Stack (outputs,
// stack_name) or the InstanceList of AWS-style groups, are not marked.
func hasDynamicAttributes(name, registryKind string) bool {
	if registryKind == "template" {
		return true
	}
	switch name {
	case "OS::Heat::ResourceGroup",
		"OS::Heat::ResourceChain", // any member attribute, as a list
		"OS::Heat::AutoScalingGroup",
		"AWS::CloudFormation::Stack",
		"OS::Heat::SoftwareDeployment",
		"OS::Heat::StructuredDeployment",
		"OS::Heat::SoftwareDeploymentGroup",
		"OS::Heat::StructuredDeploymentGroup",
		"OS::Heat::SoftwareDeployments",
		"OS::Heat::StructuredDeployments",
		"OS::Heat::None":
		return true
	}
	return false
}

// acceptsAnyProperties marks OS::Heat::None, which stands in for any type.
func acceptsAnyProperties(name string) bool { return name == "OS::Heat::None" }

// parseTypeDescriptions reads data/type_descriptions.txt: one
// "TYPE<TAB>sentence" per line; blank lines and # comments are skipped.
func parseTypeDescriptions(text string) map[string]string {
	out := make(map[string]string, 200)
	for len(text) > 0 {
		line := text
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			line, text = text[:i], text[i+1:]
		} else {
			text = ""
		}
		if line == "" || line[0] == '#' {
			continue
		}
		if name, desc, ok := strings.Cut(line, "\t"); ok {
			out[name] = strings.TrimSpace(desc)
		}
	}
	return out
}
