package workspace

import (
	"strings"

	"heat-ls/analysis/feature/completion"
	"heat-ls/analysis/feature/cursor"
	"heat-ls/analysis/feature/hover"
	"heat-ls/analysis/hot"
)

// Complete proposes the parameters of a nested template as the property
// keys of a resource (or group member definition) whose type stands for
// it. names is the parse to read resource types from (the current one or
// the last good one). It returns nil anywhere else, leaving completion to
// the single-file engine.
func (s *Snapshot) Complete(path string, doc, names *hot.Document, offset int) (items []completion.Item) {
	defer func() {
		if recover() != nil {
			items = nil
		}
	}()
	if doc == nil || names == nil || names.Template == nil {
		return nil
	}
	tc := cursor.ReadContext(doc, offset)
	if tc == nil || tc.Slot == cursor.SlotScalar {
		return nil
	}
	k := tc.Keys()
	if len(k) < 3 || k[0] != "resources" {
		return nil
	}
	r := names.Template.Resource(k[1])
	if r == nil {
		return nil
	}
	typeName, resourceName := "", r.Name
	switch rest := strings.Join(k[2:], "."); {
	case rest == "properties":
		typeName = r.Type
	case r.Type == "OS::Heat::ResourceGroup" && rest == "properties.resource_def.properties",
		r.Type == "OS::Heat::AutoScalingGroup" && rest == "properties.resource.properties":
		if def := innerType(r); def != "" {
			typeName, resourceName = def, ""
		}
	default:
		return nil
	}
	templates := s.nestedTemplates(path, resourceName, typeName)
	if len(templates) == 0 {
		return nil
	}
	have := map[string]bool{}
	for _, sib := range tc.Siblings {
		have[sib] = true
	}
	seen := map[string]bool{}
	for _, f := range templates {
		o := f.Outline()
		for i := range o.Parameters {
			p := &o.Parameters[i]
			if have[p.Name] || seen[p.Name] {
				continue
			}
			seen[p.Name] = true
			required := !p.HasDefault
			detail := p.Type
			sort := "1"
			if required {
				detail += ", required"
				sort = "0"
			}
			w := hover.NewText(true)
			describeParameter(w, f, p, rel(path, f.Path))
			items = append(items, completion.Item{
				Label: p.Name, Kind: completion.CompleteProperty, Detail: detail, Required: required,
				Doc: w.String(), Insert: p.Name + ": ", Edit: tc.Span, SortText: sort + p.Name,
			})
		}
	}
	return items
}

// innerType is the member type of a group resource, "" when not a string.
func innerType(r *hot.Resource) string {
	props := r.Properties.Resolve()
	var def = props.Get("resource_def")
	if r.Type == "OS::Heat::AutoScalingGroup" {
		def = props.Get("resource")
	}
	if t := def.Resolve().Get("type").Resolve(); t.IsScalar() {
		return t.Value
	}
	return ""
}
