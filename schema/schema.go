// Package schema is heat-ls's embedded knowledge of Heat: every HOT version
// with its functions, sections and keys, every resource type with its
// properties and attributes, and own-words documentation for all of them.
// It also overlays resource type schemas a user supplies for their cloud.
//
// Resource types changed from one Heat release to the next, so a Schema
// holds the facts of one release (LoadRelease; Load gives DefaultRelease)
// and can tell the history of a type or property across all of them
// (release.go, release_history.go).
//
// Everything is read from files embedded at build time (see data/ and
// internal/gen); nothing is read from disk except the user's own schema
// directories. A *Schema never changes after it is built, so it can be
// shared freely between goroutines. All lookups by name are map lookups.
package schema

//go:generate go run ./internal/gen -in ../../shared/heat -out data

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"sort"

	"heat-ls/schema/internal/wire"
)

var (
	//go:embed data/versions.json
	versionsJSON []byte
	//go:embed data/types_index.json
	typesIndexJSON []byte
	//go:embed data/types_body.json
	typesBodyJSON []byte
	//go:embed data/type_descriptions.txt
	typeDescriptionsTxt string
)

// Schema is an immutable, loaded view of everything heat-ls knows about
// Heat. Build one with Load and share it; it is safe for concurrent use.
type Schema struct {
	heatVersion string

	versions      []*Version          // oldest first
	versionByName map[string]*Version // dates and aliases

	functions     map[string]*Function
	functionNames []string // sorted

	types      map[string]*ResourceType // embedded, by canonical name
	user       map[string]*ResourceType // the user's overlay, preferred
	typeNames  []string                 // sorted, embedded and user
	aliases    map[string]string
	globs      []wire.Glob
	namespaces map[string]bool
	nsList     []string

	release     *Release        // the release these facts are those of
	history     *releaseData    // every release's changes, for history questions
	constraints map[string]bool // custom constraint names the release registers
}

// Load decodes the embedded facts of the default release (see
// DefaultRelease). Resource type bodies (properties, attributes…) stay
// encoded until a type is first asked for them.
func Load() (*Schema, error) { return LoadRelease(defaultRelease) }

// HeatVersion names the Heat release the facts are those of, for
// messages: "2026.1 (Gazpacho, Heat 26)".
func (s *Schema) HeatVersion() string {
	if s.release != nil {
		return s.release.String()
	}
	return s.heatVersion
}

func (s *Schema) loadTypes() error {
	var idx wire.Index
	if err := json.Unmarshal(typesIndexJSON, &idx); err != nil {
		return fmt.Errorf("schema: embedded type index: %w", err)
	}
	descs := parseTypeDescriptions(typeDescriptionsTxt)
	s.aliases = idx.Aliases
	s.globs = idx.Globs
	s.types = make(map[string]*ResourceType, len(idx.Types))
	s.typeNames = make([]string, 0, len(idx.Types))
	for i := range idx.Types {
		t, err := typeFromHeader(&idx.Types[i], typesBodyJSON, descs)
		if err != nil {
			return err
		}
		s.types[t.Name] = t
		s.typeNames = append(s.typeNames, t.Name)
	}
	sort.Strings(s.typeNames)
	s.indexNamespaces()
	return nil
}

func sortStrings(list []string) { sort.Strings(list) }
