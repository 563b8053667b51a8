package workspace

import (
	"heat-ls/analysis/hot"
	"os"
	"path/filepath"

	"heat-ls/analysis/check"
)

// CheckView adapts a snapshot to the check package's WorkspaceView.
func (s *Snapshot) CheckView() check.WorkspaceView { return checkView{s} }

type checkView struct{ s *Snapshot }

func (v checkView) TypeMapped(typeName string) bool { return v.s.TypeMapped(typeName) }

func (v checkView) ParameterDefaulted(name string) bool {
	for _, st := range v.s.Settings(name) {
		if st.Section == "parameter_defaults" {
			return true
		}
	}
	return false
}

func (v checkView) AppliedParameters() []check.AppliedParameter {
	var out []check.AppliedParameter
	for _, e := range v.s.applied {
		e = v.s.Full(e) // a summary holds no values
		if e.Doc.Env == nil {
			continue
		}
		for _, en := range e.Doc.Env.ParameterDefaults {
			out = append(out, check.AppliedParameter{Name: en.Name, Defaults: true, Env: e.Path, Span: en.Key.Span(), Value: en.Value})
		}
		for _, en := range e.Doc.Env.Parameters {
			out = append(out, check.AppliedParameter{Name: en.Name, Env: e.Path, Span: en.Key.Span(), Value: en.Value})
		}
	}
	return out
}

func (v checkView) EnvironmentsApplied() bool { return v.s.applied != nil }

func (v checkView) TemplateParameters() []string {
	if len(v.s.Templates()) == 0 {
		return nil
	}
	return v.s.ParameterNames()
}

func (v checkView) TopLevelParameters() []string {
	nested := v.s.nestedPaths()
	seen := map[string]bool{}
	var out []string
	top := false
	for _, f := range v.s.Templates() {
		if nested[filepath.Clean(f.Path)] {
			continue
		}
		top = true
		for _, p := range f.Outline().Parameters {
			if !seen[p.Name] {
				seen[p.Name] = true
				out = append(out, p.Name)
			}
		}
	}
	if !top {
		return nil
	}
	return out
}

// nestedPaths is the set of workspace templates that run as nested
// stacks: targets of registry entries and of resource types (group
// members included), computed once per snapshot.
func (s *Snapshot) nestedPaths() map[string]bool {
	s.nestedOnce.Do(func() {
		out := map[string]bool{}
		for _, m := range s.Mappings() {
			if m.Path != "" {
				out[filepath.Clean(m.Path)] = true
			}
		}
		for _, f := range s.Templates() {
			for _, r := range f.Outline().Resources {
				for _, def := range r.Definitions {
					resName := r.Name
					if def.Inner {
						resName = ""
					}
					for _, t := range s.nestedTemplates(f.Path, resName, def.TypeName) {
						out[filepath.Clean(t.Path)] = true
					}
				}
			}
		}
		s.nested = out
	})
	return s.nested
}

func (v checkView) FileState(fromPath, ref string) check.FileState {
	if IsURL(ref) && !hasFileScheme(ref) {
		return check.FileRemote
	}
	if fromPath == "" && !isAbsRef(ref) {
		return check.FileUnknown
	}
	path := ResolvePath(fromPath, ref)
	if path == "" {
		return check.FileUnknown
	}
	exists, allowed := v.s.Exists(path, fromPath)
	switch {
	case !allowed:
		return check.FileOutside
	case !exists:
		return check.FileMissing
	}
	if v.s.File(path) == nil {
		if info, err := os.Stat(path); err == nil && info.IsDir() {
			return check.FileDirectory
		}
	}
	return check.FileFound
}

func (v checkView) NestedTemplates(fromPath, resourceName, typeName string) check.NestedTypes {
	if fromPath == "" && IsTemplateRef(typeName) && !isAbsRef(typeName) {
		return check.NestedTypes{Mapped: true, Opaque: true}
	}
	r := v.s.Resolve(fromPath, resourceName, typeName)
	out := check.NestedTypes{Mapped: r.Mapped}
	for _, c := range r.Candidates {
		t := c.Template()
		if t == nil {
			out.Opaque = true
			if c.Via == nil && c.Path != "" {
				out.MissingPath = c.Path
				out.Outside = !c.Allowed
				if c.Exists {
					out.MissingPath = "" // exists but is not a template
				}
			}
			continue
		}
		via := ""
		if c.Via != nil {
			via = c.Via.Env.Path
		}
		full := func() *hot.Document { return v.s.Full(t).Doc }
		out.Templates = append(out.Templates, check.NestedTemplate{Path: c.Path, Outline: t.Outline(), Full: full, Src: t.Doc.Src, Via: via})
	}
	return out
}

func hasFileScheme(ref string) bool { return len(ref) >= 7 && ref[:7] == "file://" }

func isAbsRef(ref string) bool {
	return len(ref) > 0 && ref[0] == '/' || hasFileScheme(ref) && len(ref) > 7 && ref[7] == '/'
}

// UsedAsNested reports whether any template of the workspace has a
// resource (or an inner definition of a group) whose type stands for the
// template at path, or any environment maps a type to it.
func (v checkView) UsedAsNested(path string) bool {
	return v.s.usedAsNested(path, v.s.Templates())
}

// usedAsNested reports whether an applying environment maps a type to
// the template at path or one of templates uses it as a resource type.
func (s *Snapshot) usedAsNested(path string, templates []*File) bool {
	found := false
	s.nestingUses(path, templates, func(NestingUse) bool { found = true; return false })
	return found
}

// NestingUse is one place that makes a template run as a nested stack: a
// registry entry mapping a type to it, or a resource type (or a group's
// member type) standing for it.
type NestingUse struct {
	Location
	// Label names the use: the resource name or the mapped type.
	Label string
}

// NestingUses lists every place of the workspace that nests the template
// at path, environments' registry entries first, each group in path order.
func (s *Snapshot) NestingUses(path string) []NestingUse {
	var out []NestingUse
	s.nestingUses(path, s.Templates(), func(u NestingUse) bool { out = append(out, u); return true })
	return out
}

// nestingUses calls yield for each use of the template at path until it
// returns false.
func (s *Snapshot) nestingUses(path string, templates []*File, yield func(NestingUse) bool) {
	path = filepath.Clean(path)
	s.eachNestingUse(templates, func(target string, u NestingUse) bool {
		return target != path || yield(u)
	})
}

// eachNestingUse calls yield with every use of a template as a nested
// stack and the cleaned path of that template, until yield returns false:
// the applying environments' registry entries, then the resource types of
// templates (group members included), in order. One walk answers the
// question for every file at once, where asking nestingUses file by file
// walks every template again for each.
func (s *Snapshot) eachNestingUse(templates []*File, yield func(target string, u NestingUse) bool) {
	if !s.mappingNestingUses(yield) {
		return
	}
	for _, f := range templates {
		if !s.templateNestingUses(f, yield) {
			return
		}
	}
}

// mappingNestingUses calls yield for each registry entry of an applying
// environment that maps a type to a template; false when yield stopped it.
func (s *Snapshot) mappingNestingUses(yield func(target string, u NestingUse) bool) bool {
	for _, m := range s.Mappings() {
		if m.Path != "" {
			if !yield(filepath.Clean(m.Path), NestingUse{Location: Location{Path: m.Env.Path, Span: m.Key, Doc: m.Env.Doc}, Label: m.Name}) {
				return false
			}
		}
	}
	return true
}

// templateNestingUses calls yield for each resource type of f (a group's
// member types included) that stands for a template; false when yield
// stopped it.
func (s *Snapshot) templateNestingUses(f *File, yield func(target string, u NestingUse) bool) bool {
	for _, r := range f.Outline().Resources {
		for _, def := range r.Definitions {
			if !def.HasType {
				continue
			}
			resName := r.Name
			if def.Inner {
				resName = ""
			}
			for _, t := range s.nestedTemplates(f.Path, resName, def.TypeName) {
				if !yield(filepath.Clean(t.Path), NestingUse{Location: Location{Path: f.Path, Span: def.Type, Doc: f.Doc}, Label: r.Name}) {
					return false
				}
			}
		}
	}
	return true
}
