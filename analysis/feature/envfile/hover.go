package envfile

import (
	"strings"

	"heat-ls/analysis/feature/hover"
	"heat-ls/analysis/hot"
)

// templateSummary writes a template's description, its parameters (name,
// type, "required" when it has no default) and its outputs, in the list
// style of the other hovers: the name as code, the rest as text.
func templateSummary(d *hover.Text, tt *hot.Template, paramsLabel, outputsLabel string) {
	if desc := tt.Section("description"); desc != nil && desc.Value.Resolve().IsScalar() {
		d.Para(strings.TrimSpace(desc.Value.Resolve().Value))
	}
	var params, outs []hover.ListItem
	for _, prm := range tt.Parameters {
		var rest []string
		if prm.Type != "" {
			rest = append(rest, prm.Type)
		}
		if prm.Field("default").Key == nil {
			rest = append(rest, "required")
		}
		it := hover.ListItem{Code: prm.Name}
		if len(rest) > 0 {
			it.Text = "(" + strings.Join(rest, ", ") + ")"
		}
		params = append(params, it)
	}
	for _, o := range tt.Outputs {
		outs = append(outs, hover.ListItem{Code: o.Name})
	}
	d.Items(paramsLabel, params)
	d.Items(outputsLabel, outs)
}
