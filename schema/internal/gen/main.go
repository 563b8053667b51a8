// Command gen turns Heat's facts (shared/heat/versions.json,
// resource_types.json and every release's dump in releases/) into the
// compact files under schema/data that the schema package embeds: the
// first release whole, each later one as what changed from the one
// before (releases.json, releases_body.json). Only facts are copied: names, types, flags,
// constraints, support status and versions. Run it with `go generate
// ./schema` from the module root when the shared facts change.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"heat-ls/schema/internal/wire"
)

func main() {
	in := flag.String("in", "../../shared/heat", "directory holding versions.json and resource_types.json")
	out := flag.String("out", "data", "directory to write the generated files into")
	flag.Parse()
	if err := run(*in, *out); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(in, out string) error {
	vs, err := convertVersions(filepath.Join(in, "versions.json"))
	if err != nil {
		return err
	}
	if err := writeJSON(filepath.Join(out, "versions.json"), vs); err != nil {
		return err
	}
	idx, body, err := convertTypes(filepath.Join(in, "resource_types.json"))
	if err != nil {
		return err
	}
	if err := writeJSON(filepath.Join(out, "types_index.json"), idx); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, "types_body.json"), body, 0o644); err != nil {
		return err
	}
	rels, relBody, err := convertReleases(filepath.Join(in, "releases"), idx, body)
	if err != nil {
		return err
	}
	if err := writeJSON(filepath.Join(out, "releases.json"), rels); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(out, "releases_body.json"), relBody, 0o644)
}

func writeJSON(path string, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

// inVersion mirrors one entry of versions.json's hot_versions.
type inVersion struct {
	Version                 string            `json:"version"`
	Aliases                 []string          `json:"aliases"`
	Functions               []string          `json:"functions"`
	RemovedFunctions        []string          `json:"removed_functions"`
	ConditionFunctions      []string          `json:"condition_functions"`
	ConditionParser         inConditionParser `json:"condition_parser"`
	Sections                []string          `json:"sections"`
	SectionsRaw             []string          `json:"sections_raw"`
	ResourceKeys            []string          `json:"resource_keys"`
	OutputKeys              []string          `json:"output_keys"`
	DeletionPolicies        []string          `json:"deletion_policies"`
	ParameterKeys           []string          `json:"parameter_keys"`
	ParameterTypes          []string          `json:"parameter_types"`
	ConstraintKeys          []string          `json:"parameter_constraint_keys"`
	ConstraintKinds         []string          `json:"parameter_constraint_kinds"`
	ConstraintKindsRejected map[string]string `json:"parameter_constraint_kinds_rejected"`
	PseudoParameters        []string          `json:"pseudo_parameters"`
	HasConditionsSection    bool              `json:"has_conditions_section"`
}

type inConditionParser struct {
	Accepted            []string `json:"accepted"`
	InvalidInConditions []string `json:"invalid_in_conditions"`
	Removed             []string `json:"removed"`
}

func convertVersions(path string) (*wire.Versions, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var in struct {
		HeatVersion string      `json:"heat_version"`
		HOT         []inVersion `json:"hot_versions"`
	}
	if err := json.Unmarshal(raw, &in); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	out := &wire.Versions{HeatVersion: in.HeatVersion}
	for _, v := range in.HOT {
		if strings.Join(v.ConditionFunctions, ",") != strings.Join(v.ConditionParser.Accepted, ",") {
			return nil, fmt.Errorf("%s: condition functions and parser disagree", v.Version)
		}
		// A name in sections_raw but not in sections is one Heat lets
		// through without meaning it (the __undefined__ sentinel).
		undefined := false
		for _, s := range v.SectionsRaw {
			if s == "__undefined__" {
				undefined = true
			} else if !contains(v.Sections, s) {
				return nil, fmt.Errorf("%s: unexpected raw section %q", v.Version, s)
			}
		}
		rejected := v.ConstraintKindsRejected
		if len(rejected) == 0 {
			rejected = nil
		}
		out.Versions = append(out.Versions, wire.Version{
			Name:                     v.Version,
			Aliases:                  v.Aliases,
			Functions:                v.Functions,
			RemovedFunctions:         v.RemovedFunctions,
			ConditionFunctions:       v.ConditionFunctions,
			InvalidInConditions:      v.ConditionParser.InvalidInConditions,
			RemovedInConditions:      v.ConditionParser.Removed,
			Sections:                 v.Sections,
			UndefinedSectionAccepted: undefined,
			ResourceKeys:             v.ResourceKeys,
			OutputKeys:               v.OutputKeys,
			DeletionPolicies:         v.DeletionPolicies,
			ParameterKeys:            v.ParameterKeys,
			ParameterTypes:           v.ParameterTypes,
			ConstraintKeys:           v.ConstraintKeys,
			ConstraintKinds:          v.ConstraintKinds,
			RejectedConstraintKinds:  rejected,
			PseudoParameters:         v.PseudoParameters,
			HasConditions:            v.HasConditionsSection,
		})
	}
	return out, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// inType mirrors one entry of resource_types.json's types.
type inType struct {
	Properties    map[string]*wire.Property  `json:"properties"`
	Attributes    map[string]*wire.Attribute `json:"attributes"`
	SupportStatus *wire.Support              `json:"support_status"`
	Oracle        struct {
		APIVisible               bool                       `json:"api_visible"`
		AttributeSupport         map[string]*wire.Support   `json:"attribute_support_status"`
		SnapshotDeletion         bool                       `json:"deletion_policy_snapshot_supported"`
		HiddenAttributes         map[string]*wire.Attribute `json:"hidden_attributes"`
		HiddenProperties         map[string]*wire.Property  `json:"hidden_properties"`
		PropertySupport          map[string]*wire.Support   `json:"property_support_status"`
		RegistryKind             string                     `json:"registry_kind"`
		NoneResource             bool                       `json:"none_resource"`
		RequiredServiceExtension *string                    `json:"required_service_extension"`
		TemplateURL              *string                    `json:"template_url"`
		UpdatePolicy             map[string]*wire.Property  `json:"update_policy_schema"`
	} `json:"x_oracle"`
}

type inAlias struct {
	Kind   string `json:"kind"`
	Target string `json:"target"`
}

func convertTypes(path string) (*wire.Index, []byte, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	var in struct {
		HeatVersion string             `json:"heat_version"`
		Aliases     map[string]inAlias `json:"aliases"`
		Types       map[string]*inType `json:"types"`
	}
	if err := json.Unmarshal(raw, &in); err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	idx := &wire.Index{HeatVersion: in.HeatVersion, Aliases: map[string]string{}}
	for name, a := range in.Aliases {
		switch {
		case a.Kind == "GlobResourceInfo" && strings.HasSuffix(name, "*") && strings.HasSuffix(a.Target, "*"):
			idx.Globs = append(idx.Globs, wire.Glob{Prefix: strings.TrimSuffix(name, "*"), Target: strings.TrimSuffix(a.Target, "*")})
		case a.Kind == "MapResourceInfo":
			idx.Aliases[name] = a.Target
		default:
			return nil, nil, fmt.Errorf("alias %s: unknown kind %s", name, a.Kind)
		}
	}
	sort.Slice(idx.Globs, func(i, j int) bool { return idx.Globs[i].Prefix < idx.Globs[j].Prefix })
	names := make([]string, 0, len(in.Types))
	for n := range in.Types {
		names = append(names, n)
	}
	sort.Strings(names)
	var body bytes.Buffer
	for _, n := range names {
		h, b, err := typeEntry(n, in.Types[n])
		if err != nil {
			return nil, nil, err
		}
		h.Offset, h.Length = body.Len(), len(b)
		idx.Types = append(idx.Types, h)
		body.Write(b)
		body.WriteByte('\n')
	}
	return idx, body.Bytes(), nil
}

// typeEntry is one type's header (without its place in a body file) and
// encoded body.
func typeEntry(n string, t *inType) (wire.Header, []byte, error) {
	b, err := json.Marshal(wire.Body{
		Properties:       t.Properties,
		Attributes:       t.Attributes,
		HiddenProperties: t.Oracle.HiddenProperties,
		HiddenAttributes: t.Oracle.HiddenAttributes,
		PropertySupport:  t.Oracle.PropertySupport,
		AttributeSupport: t.Oracle.AttributeSupport,
		UpdatePolicy:     t.Oracle.UpdatePolicy,
	})
	if err != nil {
		return wire.Header{}, nil, fmt.Errorf("%s: %w", n, err)
	}
	h := wire.Header{
		Name:             n,
		Support:          t.SupportStatus,
		APIVisible:       t.Oracle.APIVisible,
		RegistryKind:     t.Oracle.RegistryKind,
		SnapshotDeletion: t.Oracle.SnapshotDeletion,
		NoOp:             t.Oracle.NoneResource,
	}
	if t.Oracle.TemplateURL != nil {
		h.TemplateURL = *t.Oracle.TemplateURL
	}
	if t.Oracle.RequiredServiceExtension != nil {
		h.RequiredServiceExtension = *t.Oracle.RequiredServiceExtension
	}
	return h, b, nil
}
