package schema

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const userServer = `{
  "resource_type": "OS::Nova::Server",
  "description": "A server as my cloud has it.",
  "properties": {
    "flavor": {"type": "string", "required": true, "description": "Size of the box.",
      "update_allowed": true, "immutable": false,
      "constraints": [{"custom_constraint": "nova.flavor", "description": "must exist"}]},
    "gpu_profile": {"type": "string", "required": false, "description": "GPU slice.", "default": "none",
      "constraints": [{"allowed_values": ["none", "small"], "description": "known profiles"}]}
  },
  "attributes": {"gpu_uuid": {"type": "string", "description": "The attached GPU."}},
  "support_status": {"status": "SUPPORTED", "version": "24.0.0", "message": null, "previous_status": null}
}`

const userList = `[
  {"resource_type": "Acme::Storage::Bucket",
   "properties": {"size": {"type": "integer", "required": true, "description": "GiB",
     "constraints": [{"range": {"min": 1, "max": 100}, "description": ""}]},
     "tags": {"type": "list", "schema": {"*": {"type": "string"}}}},
   "attributes": {"url": {"description": "Where it lives."}},
   "support_status": {"status": "UNSUPPORTED", "version": null, "message": "beta", "previous_status": null}},
  {"resource_type": "Acme::Storage::Share", "properties": {}, "attributes": {}}
]`

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestUserSchemas(t *testing.T) {
	base := mustLoad(t)
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"server.json":    userServer,
		"acme.json":      userList,
		"broken.json":    `{"resource_type": "Broken::One", "properties": `,
		"wrongtype.json": `{"resource_type": "Broken::Two", "properties": {"x": "string"}}`,
		"noname.json":    `{"properties": {}}`,
		"scalar.json":    `42`,
		"empty.json":     "  \n",
		"odd.json":       `{"resource_type": "Odd::Type", "properties": {"a": {"type": "strnig"}}}`,
		"notes.txt":      `not json, ignored`,
	})
	s, problems := base.WithUserSchemas([]string{dir, filepath.Join(dir, "missing")})

	// Overrides keep the user's descriptions and replace the schema.
	srv, ok := s.ResourceType("OS::Nova::Server")
	if !ok || srv.UserFile != filepath.Join(dir, "server.json") || srv.Description != "A server as my cloud has it." {
		t.Fatalf("override not applied: %+v", srv)
	}
	if p, ok := srv.Property("gpu_profile"); !ok || p.Description != "GPU slice." || p.Default != "none" || p.Constraints[0].Description != "known profiles" {
		t.Errorf("gpu_profile wrong: %+v", p)
	}
	if _, ok := srv.Property("image"); ok {
		t.Error("override must replace the embedded property set")
	}
	if a, ok := srv.Attribute("gpu_uuid"); !ok || a.Description != "The attached GPU." {
		t.Error("user attribute missing")
	}
	if !srv.SnapshotDeletion || srv.Since() != "24.0.0" {
		t.Error("override must keep embedded facts the file cannot express, and take the file's support status")
	}
	// The base schema is unchanged.
	if orig, _ := base.ResourceType("OS::Nova::Server"); orig.UserFile != "" {
		t.Error("WithUserSchemas modified its receiver")
	}
	if _, ok := base.ResourceType("Acme::Storage::Bucket"); ok {
		t.Error("base schema sees user types")
	}

	// List form extends with new types and namespaces.
	b, ok := s.ResourceType("Acme::Storage::Bucket")
	if !ok || !b.Unsupported() || b.Support.Message != "beta" {
		t.Fatalf("list item not loaded: %+v", b)
	}
	if p, _ := b.Property("size"); p == nil || !p.Required || *p.Constraints[0].Max != 100 {
		t.Errorf("size wrong: %+v", p)
	}
	if p, _ := b.PropertyAt("tags.*"); p == nil || p.Type != "string" {
		t.Error("list item schema not loaded")
	}
	if _, ok := s.ResourceType("Acme::Storage::Share"); !ok {
		t.Error("second list item not loaded")
	}
	if !s.HasNamespace("Acme::Storage") || base.HasNamespace("Acme::Storage") {
		t.Error("namespace of user types")
	}
	if len(s.ResourceTypes()) != len(base.ResourceTypes())+3 {
		t.Errorf("ResourceTypes: %d, base %d", len(s.ResourceTypes()), len(base.ResourceTypes()))
	}
	// Aliases still resolve, to user types when overridden.
	if _, ok := s.ResourceType("OS::Quantum::Net"); !ok {
		t.Error("glob lost")
	}

	// Every malformed file gives a problem naming it; good files still load.
	wantProblems := map[string]string{
		"broken.json":    "invalid JSON",
		"wrongtype.json": "wrong kind of value",
		"noname.json":    "missing \"resource_type\"",
		"scalar.json":    "expected a JSON object or list",
		"empty.json":     "empty",
		"odd.json":       "unknown type \"strnig\"",
		"missing":        "cannot read schema directory",
	}
	for file, msg := range wantProblems {
		found := false
		for _, p := range problems {
			if filepath.Base(p.File) == file && strings.Contains(p.Message, msg) && strings.Contains(p.Error(), file) {
				found = true
			}
		}
		if !found {
			t.Errorf("no problem %q for %s; got %v", msg, file, problems)
		}
	}
	if len(problems) != len(wantProblems) {
		t.Errorf("got %d problems, want %d: %v", len(problems), len(wantProblems), problems)
	}
	if _, ok := s.ResourceType("Odd::Type"); !ok {
		t.Error("a type with a suspicious property type still loads")
	}
	for _, bad := range []string{"Broken::One", "Broken::Two"} {
		if _, ok := s.ResourceType(bad); ok {
			t.Errorf("%s loaded from a malformed file", bad)
		}
	}
}

func TestUserSchemasLayerAndKeepEmbeddedDescription(t *testing.T) {
	base := mustLoad(t)
	d1, d2 := t.TempDir(), t.TempDir()
	writeFiles(t, d1, map[string]string{"a.json": `{"resource_type": "OS::Heat::Value", "properties": {"value": {"type": "string"}}}`})
	writeFiles(t, d2, map[string]string{"b.json": `{"resource_type": "OS::Heat::Value", "properties": {"value": {"type": "integer"}}}`})
	s1, p1 := base.WithUserSchemas([]string{d1})
	s2, p2 := s1.WithUserSchemas([]string{d2})
	if len(p1) != 0 {
		t.Errorf("unexpected problems %v", p1)
	}
	v1, _ := s1.ResourceType("OS::Heat::Value")
	v2, _ := s2.ResourceType("OS::Heat::Value")
	if p, _ := v1.Property("value"); p.Type != "string" {
		t.Error("first layer lost")
	}
	if p, _ := v2.Property("value"); p.Type != "integer" {
		t.Error("later layer must win")
	}
	if len(p2) != 1 || !strings.Contains(p2[0].Message, "also defined") {
		t.Errorf("redefinition should be reported once: %v", p2)
	}
	orig, _ := base.ResourceType("OS::Heat::Value")
	if v1.Description != orig.Description || v1.Description == "" {
		t.Error("a file without a description keeps heat-ls's own")
	}
}

func TestUserSchemasSkipSymlinksOutside(t *testing.T) {
	base := mustLoad(t)
	outside, dir := t.TempDir(), t.TempDir()
	writeFiles(t, outside, map[string]string{"secret.json": `{"resource_type": "Outside::Type", "properties": {}}`})
	writeFiles(t, dir, map[string]string{"inside.json": `{"resource_type": "Inside::Type", "properties": {}}`})
	if err := os.Symlink(filepath.Join(outside, "secret.json"), filepath.Join(dir, "link.json")); err != nil {
		t.Skip("symlinks unavailable (run on a file system that has them):", err)
	}
	if err := os.Symlink(filepath.Join(dir, "inside.json"), filepath.Join(dir, "same.json")); err != nil {
		t.Fatal(err)
	}
	s, problems := base.WithUserSchemas([]string{dir})
	if _, ok := s.ResourceType("Outside::Type"); ok {
		t.Error("followed a symlink out of the schema directory")
	}
	if _, ok := s.ResourceType("Inside::Type"); !ok {
		t.Error("inside type missing")
	}
	found := false
	for _, p := range problems {
		if strings.Contains(p.Message, "outside") {
			found = true
		}
	}
	if !found {
		t.Errorf("skipped link not reported: %v", problems)
	}
}
