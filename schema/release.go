package schema

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"heat-ls/schema/internal/wire"
)

var (
	//go:embed data/releases.json
	releasesJSON []byte
	//go:embed data/releases_body.json
	releasesBodyJSON []byte
)

// defaultRelease is the release heat-ls judges for when nothing says
// otherwise: the newest stable one.
const defaultRelease = "2026.1"

// DefaultRelease names the Heat release heat-ls judges templates for
// unless the heatRelease setting, .heat-ls.yaml or --heat-release says
// otherwise.
func DefaultRelease() string { return defaultRelease }

// Release is one Heat release heat-ls carries the facts of.
type Release struct {
	// Name is the OpenStack release: "2025.1".
	Name string
	// Codename is the release's name ("Epoxy"), empty while unnamed.
	Codename string
	// Heat is Heat's major version in that release (24).
	Heat int
	// HeatVersion is the exact version the facts were read from.
	HeatVersion string
	// Development: Heat's development branch, not released yet.
	Development bool
	// Index orders releases, oldest first.
	Index int
}

// String names the release for people: "Heat 24 (OpenStack 2025.1
// Epoxy)"; a version heat-ls has no facts for is only "Heat 9.0.0".
func (r Release) String() string {
	switch {
	case r.Name == "":
		return "Heat " + r.HeatVersion
	case r.Development:
		return fmt.Sprintf("Heat %d (OpenStack %s, in development)", r.Heat, r.Name)
	case r.Codename == "":
		return fmt.Sprintf("Heat %d (OpenStack %s)", r.Heat, r.Name)
	}
	return fmt.Sprintf("Heat %d (OpenStack %s %s)", r.Heat, r.Name, r.Codename)
}

// DataRelease is the release heat-ls judges for when nothing says
// otherwise (DefaultRelease), as "heat-ls version" prints it.
func DataRelease() Release {
	r, err := ParseRelease(defaultRelease)
	if err != nil {
		return Release{HeatVersion: "unknown"}
	}
	return *r
}

// ReleaseOf finds the release a Heat version string ("19.0.0", "24.1.1")
// belongs to by its major version; for a version heat-ls has no facts
// for, the Release holds only HeatVersion.
func ReleaseOf(heatVersion string) Release {
	major, _, _ := strings.Cut(strings.TrimSpace(heatVersion), ".")
	for _, r := range Releases() {
		if strconv.Itoa(r.Heat) == major {
			out := *r
			out.HeatVersion = heatVersion
			return out
		}
	}
	return Release{HeatVersion: heatVersion}
}

// releaseData is the decoded release file: every release and its changes.
type releaseData struct {
	wire     wire.Releases
	releases []*Release

	// base holds the embedded type index's headers by name, decoded on
	// the first question about a type's history (typeVersions), not at
	// every one: a check asks for each unknown or stub type it meets, and
	// decoding the whole index each time cost more than parsing the
	// template.
	baseOnce sync.Once
	base     map[string]wire.Header
}

// baseType returns the embedded type index's header of the named type.
func (d *releaseData) baseType(name string) (wire.Header, bool) {
	d.baseOnce.Do(func() {
		var idx wire.Index
		if json.Unmarshal(typesIndexJSON, &idx) != nil {
			return
		}
		d.base = make(map[string]wire.Header, len(idx.Types))
		for _, h := range idx.Types {
			if _, dup := d.base[h.Name]; !dup {
				d.base[h.Name] = h
			}
		}
	})
	h, ok := d.base[name]
	return h, ok
}

func decodeReleases() (*releaseData, error) {
	d := &releaseData{}
	if err := json.Unmarshal(releasesJSON, &d.wire); err != nil {
		return nil, fmt.Errorf("schema: embedded releases: %w", err)
	}
	for i, w := range d.wire.Releases {
		d.releases = append(d.releases, &Release{
			Name: w.Name, Codename: w.Codename, Heat: w.Heat,
			HeatVersion: w.HeatVersion, Development: w.Development, Index: i,
		})
	}
	return d, nil
}

// Releases lists every Heat release heat-ls knows, oldest first.
func Releases() []*Release {
	d, err := decodeReleases()
	if err != nil {
		return nil
	}
	return d.releases
}

// ParseRelease finds a release by any name a user may give it: the
// OpenStack release ("2025.1"), its codename ("epoxy", any case), Heat's
// major version ("24"), or "master" for the development branch. The
// error names every accepted value.
func ParseRelease(text string) (*Release, error) { return findRelease(Releases(), text) }

func findRelease(rels []*Release, text string) (*Release, error) {
	want := strings.ToLower(strings.TrimSpace(text))
	for _, r := range rels {
		if want == r.Name || want == strconv.Itoa(r.Heat) || (r.Codename != "" && want == strings.ToLower(r.Codename)) ||
			(r.Development && (want == "master" || want == "development")) {
			return r, nil
		}
	}
	return nil, fmt.Errorf("unknown Heat release %q; accepted: %s", text, acceptedReleases(rels))
}

// acceptedReleases lists each release with its other names, for errors.
func acceptedReleases(rels []*Release) string {
	parts := make([]string, 0, len(rels))
	for _, r := range rels {
		alt := []string{strconv.Itoa(r.Heat)}
		if r.Codename != "" {
			alt = append([]string{strings.ToLower(r.Codename)}, alt...)
		}
		if r.Development {
			alt = append([]string{"master"}, alt...)
		}
		parts = append(parts, r.Name+" ("+strings.Join(alt, ", ")+")")
	}
	return strings.Join(parts, ", ")
}

// Release is the Heat release this schema's facts are those of.
func (s *Schema) Release() *Release { return s.release }

// LoadRelease decodes the embedded facts of one Heat release, named as
// ParseRelease accepts. Load is LoadRelease(DefaultRelease()).
func LoadRelease(name string) (*Schema, error) {
	d, err := decodeReleases()
	if err != nil {
		return nil, err
	}
	rel, err := findRelease(d.releases, name)
	if err != nil {
		return nil, err
	}
	s := &Schema{}
	if err := s.loadVersions(); err != nil {
		return nil, err
	}
	s.loadFunctions()
	if err := s.loadTypes(); err != nil {
		return nil, err
	}
	if err := s.applyReleases(d, rel.Index); err != nil {
		return nil, err
	}
	return s, nil
}

// applyReleases lays the changes of every release up to and including
// index upon the base types, and keeps the whole history for questions
// about other releases (when a type arrives, since when it is a stub).
func (s *Schema) applyReleases(d *releaseData, index int) error {
	descs := parseTypeDescriptions(typeDescriptionsTxt)
	constraints := map[string]bool{}
	for _, n := range d.wire.Constraints {
		constraints[n] = true
	}
	added := false
	for i := 0; i <= index; i++ {
		w := &d.wire.Releases[i]
		for j := range w.Types {
			t, err := typeFromHeader(&w.Types[j], releasesBodyJSON, descs)
			if err != nil {
				return err
			}
			if _, ok := s.types[t.Name]; !ok {
				s.typeNames = append(s.typeNames, t.Name)
				added = true
			}
			s.types[t.Name] = t
		}
		for _, n := range w.ConstraintsAdded {
			constraints[n] = true
		}
		for _, n := range w.ConstraintsRemoved {
			delete(constraints, n)
		}
	}
	if added {
		sortStrings(s.typeNames)
		s.indexNamespaces()
	}
	s.release = d.releases[index]
	s.history = d
	s.constraints = constraints
	return nil
}

// typeFromHeader builds a type from its header and the body file it
// points into.
func typeFromHeader(h *wire.Header, bodies []byte, descs map[string]string) (*ResourceType, error) {
	end := h.Offset + h.Length
	if h.Offset < 0 || end > len(bodies) {
		return nil, fmt.Errorf("schema: embedded type %s: body out of range", h.Name)
	}
	return &ResourceType{
		Name:                     h.Name,
		Description:              descs[h.Name],
		Support:                  convertSupport(h.Support),
		APIVisible:               h.APIVisible,
		RegistryKind:             h.RegistryKind,
		TemplateURL:              h.TemplateURL,
		SnapshotDeletion:         h.SnapshotDeletion,
		RequiredServiceExtension: h.RequiredServiceExtension,
		NoOp:                     h.NoOp,
		DynamicAttributes:        hasDynamicAttributes(h.Name, h.RegistryKind),
		AcceptsAnyProperties:     acceptsAnyProperties(h.Name) || h.NoOp,
		body:                     bodies[h.Offset:end:end],
	}, nil
}

// HasCustomConstraint reports whether this release's plugins register a
// custom constraint of that name (nova.flavor, json_string…).
func (s *Schema) HasCustomConstraint(name string) bool { return s.constraints[name] }

// CustomConstraints lists the custom constraint names this release's
// plugins register, sorted.
func (s *Schema) CustomConstraints() []string {
	out := make([]string, 0, len(s.constraints))
	for n := range s.constraints {
		out = append(out, n)
	}
	sortStrings(out)
	return out
}

// CustomConstraintRemoved is the release that dropped a custom constraint
// this schema's release no longer registers (sahara.image went with
// Sahara in 2024.2); false when it never existed or still does.
func (s *Schema) CustomConstraintRemoved(name string) (*Release, bool) {
	if s.constraints[name] || s.history == nil || s.release == nil {
		return nil, false
	}
	var removed *Release
	for i := 0; i <= s.release.Index; i++ {
		w := &s.history.wire.Releases[i]
		if slices.Contains(w.ConstraintsRemoved, name) {
			removed = s.history.releases[i]
		}
	}
	return removed, removed != nil
}

// CustomConstraintAdded is the later release that first registers a
// custom constraint this schema's release lacks (json_string: 2025.1).
func (s *Schema) CustomConstraintAdded(name string) (*Release, bool) {
	if s.constraints[name] || s.history == nil || s.release == nil {
		return nil, false
	}
	for i := s.release.Index + 1; i < len(s.history.releases); i++ {
		if slices.Contains(s.history.wire.Releases[i].ConstraintsAdded, name) {
			return s.history.releases[i], true
		}
	}
	return nil, false
}
