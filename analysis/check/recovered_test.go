package check

import (
	"context"
	"slices"
	"strings"
	"testing"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
)

// recoveredBase is a template whose only finding is the undefined
// resource in the output, which must stay reported while other places
// are broken.
const recoveredBase = `heat_template_version: 2018-08-31
parameters:
  image:
    type: string
  flavor:
    type: string
resources:
  server1:
    type: OS::Nova::Server
    properties:
      image: {get_param: image}
      flavor: {get_param: flavor}
  server2:
    type: OS::Nova::Server
    properties:
      image: {get_param: image}
      flavor: m1.small
      name: {get_attr: [server1, name]}
outputs:
  o:
    value: {get_resource: nowhere}
`

// TestDiagnosticsWhileBroken: with one place broken, the YAML error is
// reported there, the rest keeps its findings, and nothing is invented
// from the part read as blank (a half-typed resource name is still
// defined, a parameter used only there is not unused, an entry missing
// its type line is not missing a type).
func TestDiagnosticsWhileBroken(t *testing.T) {
	s := loadSchemaForTest(t)
	codes := func(src string, lastGood *hot.Document) []string {
		doc := hot.ParseAfter([]byte(src), lastGood)
		var out []string
		for _, d := range Run(context.Background(), doc, Options{Schema: s}) {
			if d.Severity <= 2 { // errors and warnings
				out = append(out, d.Code+"@"+src[d.Span.Start:d.Span.End])
			}
		}
		return out
	}
	good := hot.Parse([]byte(recoveredBase))
	base := codes(recoveredBase, nil)
	if len(base) != 1 || !strings.HasPrefix(base[0], "undefined-resource") {
		t.Fatalf("base findings %v", base)
	}
	tests := []struct{ name, from, to string }{
		{"reference being typed", "      flavor: {get_param: flavor}\n", "      flavor: {get_param: fla\n"},
		{"resource name being typed", "  server1:\n", "  serv\n"},
		{"type line being typed", "    type: OS::Nova::Server\n    properties:\n      image: {get_param: image}\n      flavor: m1", "    ty\n    properties:\n      image: {get_param: image}\n      flavor: m1"},
		{"tab", "      flavor: m1.small\n", "\tflavor: m1.small\n"},
		{"unterminated quote", "      flavor: m1.small\n", "      flavor: 'm1.small\n"},
		{"stray dash", "      flavor: m1.small\n", "      -\n      flavor: m1.small\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := strings.Replace(recoveredBase, tt.from, tt.to, 1)
			for _, lg := range []*hot.Document{good, nil} {
				got := codes(src, lg)
				want := append([]string{}, base...)
				yamlErrors := slices.IndexFunc(got, func(c string) bool { return strings.HasPrefix(c, "yaml-syntax@") })
				if yamlErrors < 0 {
					t.Fatalf("no YAML error: %v", got)
				}
				got = slices.Delete(got, yamlErrors, yamlErrors+1)
				if !slices.Equal(got, want) {
					t.Errorf("last good %v: findings %v, want %v", lg != nil, got, want)
				}
			}
		})
	}
}

// TestVersionLineInRecoveredRegion: when the YAML error's region takes
// the version line with it, the syntax error is reported and the version
// is not called missing.
func TestVersionLineInRecoveredRegion(t *testing.T) {
	src := "# c\nheat_template_version: 2015-04-30\nresources: {}...\noutputs:\n  o:\n    value: 1\n"
	doc := hot.Parse([]byte(src))
	if doc.Kind != hot.KindTemplate {
		t.Fatalf("kind = %v, want a template", doc.Kind)
	}
	var codes []string
	for _, d := range Run(context.Background(), doc, Options{Schema: loadSchemaForTest(t)}) {
		codes = append(codes, d.Code)
	}
	if !slices.Contains(codes, rules.YAMLSyntax) || slices.Contains(codes, rules.MissingVersion) {
		t.Errorf("codes = %v, want the syntax error and no missing-version", codes)
	}
}
