package workspace

// Resolution says what a resource type stands for, as seen from one
// template. A type may resolve to several candidates when different
// environment files of the workspace map it differently; checks then only
// report what is wrong for every candidate.
type Resolution struct {
	// Mapped is true when some environment maps the type (or a glob that
	// matches it), or the type is itself a template path.
	Mapped bool
	// Candidates are the possible meanings, one per distinct target.
	Candidates []Candidate
}

// Candidate is one meaning of a resource type.
type Candidate struct {
	// Path is the absolute template path when the type stands for a
	// template, "" when it stands for another type (TypeName).
	Path string
	// TypeName is the final type name for type-to-type mappings.
	TypeName string
	// URL is set for targets that are remote URLs (never fetched).
	URL string
	// File is the parsed template, nil when missing, refused by the guard
	// or not a template.
	File *File
	// Exists and Allowed describe Path on disk.
	Exists, Allowed bool
	// Via is the registry entry used, nil for a path written as the type.
	Via *Mapping
}

// Template returns the candidate's template file, nil when unavailable.
func (c *Candidate) Template() *File {
	if c.File.IsTemplate() {
		return c.File
	}
	return nil
}

// maxMappingDepth bounds type-to-type registry chains (and cycles).
const maxMappingDepth = 8

// Resolve works out what typeName, written in the template at fromPath
// inside resource resourceName (may be ""), stands for.
func (s *Snapshot) Resolve(fromPath, resourceName, typeName string) Resolution {
	var r Resolution
	if !IsTemplateRef(typeName) && !s.TypeMapped(typeName) {
		// The common case, asked for every resource on every keystroke:
		// a type that is no path and that no environment maps.
		return r
	}
	seen := map[string]bool{}
	s.resolve(&r, fromPath, resourceName, typeName, nil, 0, seen)
	return r
}

func (s *Snapshot) resolve(r *Resolution, fromPath, resourceName, typeName string, via *Mapping, depth int, seen map[string]bool) {
	if depth > maxMappingDepth {
		return
	}
	if IsTemplateRef(typeName) {
		r.Mapped = true
		s.addTemplate(r, fromPath, typeName, via, seen)
		return
	}
	ms := s.matching(resourceName, typeName)
	if len(ms) == 0 && depth == 0 {
		return // the common case, a type no environment maps: nothing to note
	}
	// A registry loop (A: B, B: A) comes back to a name already on the
	// chain: stop there rather than walk it until the depth bound, which
	// with several environments mapping each name would branch at every
	// step. The check package reports the loop (registry-cycle).
	onChain := "chain:" + typeName
	if seen[onChain] {
		return
	}
	if len(ms) == 0 {
		if depth > 0 && !seen["type:"+typeName] {
			seen["type:"+typeName] = true
			r.Candidates = append(r.Candidates, Candidate{TypeName: typeName, Via: via})
		}
		return
	}
	r.Mapped = true
	seen[onChain] = true
	defer delete(seen, onChain)
	for _, m := range ms {
		switch {
		case m.Target == "" || m.Target == typeName:
			// An identity mapping or a non-scalar target: the type stays
			// what it is.
			if !seen["type:"+typeName] {
				seen["type:"+typeName] = true
				r.Candidates = append(r.Candidates, Candidate{TypeName: typeName, Via: m})
			}
		case IsTemplateRef(m.Target):
			s.addTemplate(r, m.Env.Path, m.Target, m, seen)
		default:
			s.resolve(r, fromPath, "", m.Target, m, depth+1, seen)
		}
	}
}

// matching returns the registry entries that decide typeName: per-resource
// entries for resourceName first, then exact names, then globs (Heat
// prefers an exact match over a pattern).
func (s *Snapshot) matching(resourceName, typeName string) []*Mapping {
	var perResource, exact, globs []*Mapping
	for _, m := range s.Mappings() {
		if !m.Matches(typeName) {
			continue
		}
		switch {
		case m.Resource != "":
			if m.Resource == resourceName {
				perResource = append(perResource, m)
			}
		case m.IsGlob():
			globs = append(globs, m)
		default:
			exact = append(exact, m)
		}
	}
	if s.applied != nil {
		perResource, exact, globs = lastByKey(perResource), lastByKey(exact), lastByKey(globs)
	}
	switch {
	case len(perResource) > 0 && s.applied != nil:
		return perResource
	case len(perResource) > 0:
		return append(perResource, exact...)
	case len(exact) > 0:
		return exact
	}
	return globs
}

// lastByKey keeps, of the entries naming the same type (or pattern) for
// the same resource, only the last one. Environments given with -e are
// merged in order, a later file's entry replacing an earlier one's, so
// with applied environments only the last mapping of a name counts.
func lastByKey(ms []*Mapping) []*Mapping {
	if len(ms) < 2 {
		return ms
	}
	type key struct{ resource, name string }
	last := make(map[key]int, len(ms))
	for i, m := range ms {
		last[key{m.Resource, m.Name}] = i
	}
	out := ms[:0:0]
	for i, m := range ms {
		if last[key{m.Resource, m.Name}] == i {
			out = append(out, m)
		}
	}
	return out
}

func (s *Snapshot) addTemplate(r *Resolution, fromPath, ref string, via *Mapping, seen map[string]bool) {
	path := ResolvePath(fromPath, ref)
	if path == "" {
		if !seen["url:"+ref] {
			seen["url:"+ref] = true
			r.Candidates = append(r.Candidates, Candidate{URL: ref, Via: via})
		}
		return
	}
	if seen["path:"+path] {
		return
	}
	seen["path:"+path] = true
	c := Candidate{Path: path, Via: via}
	c.Exists, c.Allowed = s.Exists(path, fromPath)
	if c.Allowed && c.Exists {
		c.File = s.Load(path, fromPath)
	}
	r.Candidates = append(r.Candidates, c)
}

// TypeMapped reports whether an applying environment maps typeName
// (exactly or by a pattern), globally or for some resource.
func (s *Snapshot) TypeMapped(typeName string) bool {
	for _, m := range s.Mappings() {
		if m.Matches(typeName) {
			return true
		}
	}
	return false
}
