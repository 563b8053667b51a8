package feature

import (
	"fmt"
	"strings"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
)

// Edit replaces Span with NewText.
type Edit struct {
	Span    source.Span
	NewText string
}

// PrepareRename checks that the token under offset can be renamed and
// returns the span of its name text (inside quotes) and the current name.
// It refuses pseudo parameters, function names, keys that are neither a
// definition nor a reference, names without a definition, and outputs
// (other stacks read them by name, beyond this file's reach).
func PrepareRename(doc *hot.Document, offset int) (sp source.Span, name string, err error) {
	defer func() {
		if recover() != nil {
			sp, name, err = source.Span{}, "", refuse("nothing to rename here")
		}
	}()
	t := Locate(doc, offset)
	switch t.Kind {
	case TargetReference, TargetDefinition:
	case TargetFunction:
		return source.Span{}, "", refuse("%s is a function name; only parameters, resources and conditions can be renamed", t.Name)
	case TargetNone:
		return source.Span{}, "", refuse("nothing to rename here")
	default:
		return source.Span{}, "", refuse("%s is not a parameter, resource or condition name", t.Name)
	}
	switch t.Namespace {
	case NamespaceParameter, NamespaceResource, NamespaceCondition:
	case NamespaceOutput:
		return source.Span{}, "", refuse("outputs are read by name from outside the template (parent stacks, users); rename them by hand")
	default:
		return source.Span{}, "", refuse("nothing to rename here")
	}
	if DefinitionEntry(doc.Template, t.Namespace, t.Name) == nil {
		if t.Namespace == NamespaceParameter && IsPseudo(t.Name) {
			return source.Span{}, "", refuse("%s is a pseudo parameter Heat provides; it cannot be renamed", t.Name)
		}
		return source.Span{}, "", refuse("%s %s is not defined in this template", t.Namespace, shownName(t.Name))
	}
	if doc.Syntax != nil && doc.Syntax.Hidden[t.Name] {
		// The broken part was read as blank: a use of the name there
		// would be missed, or the definition there is half typed.
		return source.Span{}, "", refuse("%s appears in the part of the document that is not valid YAML yet; fix that part before renaming it", shownName(t.Name))
	}
	return t.NameSpan, t.Name, nil
}

// Rename returns the edits that rename the parameter, resource or
// condition under offset to newName: its definition key and every use
// (function arguments, depends_on, condition:, parameter_groups). Quoted
// names keep their quotes; only the text inside changes.
func Rename(doc *hot.Document, offset int, newName string) (edits []Edit, err error) {
	defer func() {
		if r := recover(); r != nil {
			edits, err = nil, fmt.Errorf("rename failed: %v", r)
		}
	}()
	if _, _, err := PrepareRename(doc, offset); err != nil {
		return nil, err
	}
	t := Locate(doc, offset)
	if err := CheckNameLength(t.Namespace, newName); err != nil {
		return nil, err
	}
	if err := ValidName(newName); err != nil {
		return nil, err
	}
	if newName == t.Name {
		return nil, nil
	}
	if DefinitionEntry(doc.Template, t.Namespace, newName) != nil {
		return nil, refuse("a %s named %s already exists", t.Namespace, shownName(newName))
	}
	if doc.Syntax != nil && doc.Syntax.Hidden[newName] {
		return nil, refuse("%s appears in the part of the document that is not valid YAML yet; fix that part before renaming to it", shownName(newName))
	}
	if t.Namespace == NamespaceParameter && IsPseudo(newName) {
		return nil, refuse("%s is a pseudo parameter name", newName)
	}
	uses := Occurrences(doc, t.Namespace, t.Name)
	if err := RenameGrowth("the template", len(doc.Src), len(uses), (len(newName)-len(t.Name))*len(uses)); err != nil {
		return nil, err
	}
	for _, o := range uses {
		edits = append(edits, Edit{Span: o.NameSpan, NewText: newName})
	}
	return edits, nil
}

// ValidName checks a new parameter, resource or condition name.
//
// The rule is ^[A-Za-z_][A-Za-z0-9_.-]*$, not a YAML 1.1/1.2 keyword. Heat
// itself only forbids "/" in resource names, but a name is also written
// as a plain YAML key and inside flow lists ([name, attr]), so the rule
// keeps to characters that never need quoting there: no spaces, no ":"
// (which would read as a key separator and collides with the "OS::"
// pseudo parameters), no "#", ",", brackets, braces or quotes; a leading
// letter or underscore keeps the key a string (a name like "1" or "true"
// would load as a number or boolean, and Heat would not find it).
func ValidName(name string) error {
	if name == "" {
		return refuse("the new name is empty")
	}
	for i, r := range name {
		ok := r == '_' || 'A' <= r && r <= 'Z' || 'a' <= r && r <= 'z' ||
			i > 0 && (r == '.' || r == '-' || '0' <= r && r <= '9')
		if !ok {
			return refuse("%s is not a safe name: use letters, digits, '_', '.' and '-', starting with a letter or '_'", shownName(name))
		}
	}
	switch strings.ToLower(name) {
	case "true", "false", "yes", "no", "on", "off", "null", "y", "n":
		return refuse("%q would be read as a boolean or null by YAML", name)
	}
	return nil
}
