package schema

import (
	"bytes"
	"fmt"
	"strings"

	"heat-ls/schema/internal/wire"
)

// TypeState is what a resource type is in one release.
type TypeState string

// The states a type goes through from release to release.
const (
	TypeAbsent      TypeState = "absent"
	TypeSupported   TypeState = "supported"
	TypeUnsupported TypeState = "unsupported"
	TypeDeprecated  TypeState = "deprecated"
	TypeHidden      TypeState = "hidden"
	// TypeNoOp: a stub that creates nothing and answers null attributes.
	TypeNoOp TypeState = "no-op"
)

// TypeChange says a type entered State in Release.
type TypeChange struct {
	Release *Release
	State   TypeState
}

// typeVersion is one release's header and body of a type.
type typeVersion struct {
	h    wire.Header
	body []byte
}

// typeVersions returns, for every release oldest first, the type's
// header and body there (ok false where the release lacks the type).
func (s *Schema) typeVersions(name string) ([]typeVersion, []bool) {
	if s.history == nil {
		return nil, nil
	}
	var cur typeVersion
	have := false
	if h, ok := s.history.baseType(name); ok {
		cur, have = typeVersion{h, typesBodyJSON[h.Offset : h.Offset+h.Length]}, true
	}
	out := make([]typeVersion, len(s.history.wire.Releases))
	oks := make([]bool, len(out))
	for i, rel := range s.history.wire.Releases {
		for _, h := range rel.Types {
			if h.Name == name {
				cur, have = typeVersion{h, releasesBodyJSON[h.Offset : h.Offset+h.Length]}, true
			}
		}
		out[i], oks[i] = cur, have
	}
	return out, oks
}

func stateOf(h *wire.Header) TypeState {
	switch {
	case h.NoOp:
		return TypeNoOp
	case h.Support == nil || h.Support.Status == "" || h.Support.Status == string(StatusSupported):
		if !h.APIVisible {
			return TypeHidden
		}
		return TypeSupported
	}
	switch Status(h.Support.Status) {
	case StatusDeprecated:
		return TypeDeprecated
	case StatusHidden:
		return TypeHidden
	case StatusUnsupported:
		return TypeUnsupported
	}
	return TypeSupported
}

// TypeHistory lists the releases in which the named type (canonical name)
// changed state, oldest first; the first entry is its state in the oldest
// release heat-ls knows.
func (s *Schema) TypeHistory(name string) []TypeChange {
	vs, oks := s.typeVersions(name)
	var out []TypeChange
	prev := TypeState("")
	for i := range vs {
		st := TypeAbsent
		if oks[i] {
			st = stateOf(&vs[i].h)
		}
		if st != prev {
			out = append(out, TypeChange{Release: s.history.releases[i], State: st})
			prev = st
		}
	}
	return out
}

// TypeArrival is the first release that has the named type, when this
// schema's release lacks it and a later one adds it.
func (s *Schema) TypeArrival(name string) (*Release, bool) {
	if _, ok := s.types[name]; ok || s.history == nil {
		return nil, false
	}
	_, oks := s.typeVersions(name)
	for i, ok := range oks {
		if ok {
			return s.history.releases[i], true
		}
	}
	return nil, false
}

// NoOpSince is the release from which the named type has been a stub, up
// to this schema's release (false when it is not one here).
func (s *Schema) NoOpSince(name string) (*Release, bool) {
	t, ok := s.types[name]
	if !ok || !t.NoOp || s.release == nil {
		return nil, false
	}
	var since *Release
	for _, c := range s.TypeHistory(name) {
		if c.Release.Index > s.release.Index {
			break
		}
		if c.State == TypeNoOp {
			since = c.Release
		} else {
			since = nil
		}
	}
	return since, since != nil
}

// PropertyChange says how a property (a dotted path such as
// "block_device_mapping_v2.*.volume_type") changed in Release.
type PropertyChange struct {
	Release *Release
	// What happened, in words: "added", "removed", "now required",
	// "no longer required", "allowed values changed", "hidden".
	What string
}

// PropertyHistory lists the releases in which a property of the named
// type (canonical name) changed: when it appeared, disappeared, became
// required or hidden, or its allowed values changed. Empty when it never
// changed across the releases heat-ls knows.
func (s *Schema) PropertyHistory(typeName, path string) []PropertyChange {
	vs, oks := s.typeVersions(typeName)
	var out []PropertyChange
	var prevBody []byte
	var prev *Property
	prevHave, started := false, false
	for i := range vs {
		var p *Property
		have := false
		if oks[i] && !vs[i].h.NoOp {
			if started && bytes.Equal(vs[i].body, prevBody) {
				p, have = prev, prevHave
			} else {
				tb := decodeBody(vs[i].body)
				p, have = propertyAt(tb.props, path)
			}
			prevBody = vs[i].body
		}
		if started {
			for _, what := range propertyDiff(prev, prevHave, p, have) {
				out = append(out, PropertyChange{Release: s.history.releases[i], What: what})
			}
		}
		prev, prevHave, started = p, have, true
	}
	return out
}

func propertyDiff(a *Property, aok bool, b *Property, bok bool) []string {
	switch {
	case !aok && !bok:
		return nil
	case !aok:
		return []string{"added"}
	case !bok:
		return []string{"removed"}
	}
	var out []string
	if a.Required != b.Required {
		if b.Required {
			out = append(out, "now required")
		} else {
			out = append(out, "no longer required")
		}
	}
	if a.Hidden != b.Hidden && b.Hidden {
		out = append(out, "hidden")
	}
	if allowedKey(a) != allowedKey(b) {
		out = append(out, "allowed values changed")
	}
	if ka, kb := customKey(a), customKey(b); ka != kb {
		if kb == "" {
			out = append(out, "no longer checked as "+strings.TrimPrefix(ka, ","))
		} else {
			out = append(out, "now checked as "+strings.TrimPrefix(kb, ","))
		}
	}
	return out
}

func allowedKey(p *Property) string {
	for _, c := range p.Constraints {
		if c.Kind == ConstraintAllowedValues {
			return fmt.Sprint(c.AllowedValues)
		}
	}
	return ""
}

func customKey(p *Property) string {
	k := ""
	for _, c := range p.Constraints {
		if c.Kind == ConstraintCustom {
			k += "," + c.Custom
		}
	}
	return k
}

// ReleaseByName finds a release heat-ls knows by its OpenStack name.
func (s *Schema) ReleaseByName(name string) (*Release, bool) {
	if s.history == nil {
		return nil, false
	}
	for _, r := range s.history.releases {
		if r.Name == name {
			return r, true
		}
	}
	return nil, false
}

// AtLeast reports whether this schema's release is the named one or newer.
// Checks of behaviour that changed inside a plugin (not in the facts) ask
// it; an unknown name is false (a test pins every name used).
func (s *Schema) AtLeast(name string) bool {
	r, ok := s.ReleaseByName(name)
	return ok && s.release != nil && s.release.Index >= r.Index
}
