package plugins

import (
	"testing"

	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// TestScalarOf: what a plugin reads of one property, from what is written
// and the property's schema.
func TestScalarOf(t *testing.T) {
	str := &schema.Property{Type: "string"}
	def := &schema.Property{Type: "string", HasDefault: true, Default: "PRIMARY"}
	boolTrue := &schema.Property{Type: "boolean", HasDefault: true, Default: true}
	integer := &schema.Property{Type: "integer"}
	tests := []struct {
		name, yaml string
		prop       *schema.Property
		known      bool
		none       bool
		text       string
		truthy     bool
	}{
		{"absent", "{}", str, true, true, "", false},
		{"absent with a default", "{}", def, true, false, "PRIMARY", true},
		{"absent boolean default", "{}", boolTrue, true, false, "true", true},
		{"written empty", "{p: }", str, true, false, "", false},
		{"written empty, truthy default", "{p: }", def, true, false, "PRIMARY", true},
		{"written empty integer", "{p: }", integer, true, false, "0", false},
		{"a function", "{p: {get_param: x}}", str, false, false, "", false},
		{"a list", "{p: [a]}", str, false, false, "", false},
		{"text", "{p: SECONDARY}", def, true, false, "SECONDARY", true},
		{"a YAML boolean", "{p: no}", boolTrue, true, false, "false", false},
		{"integer 0.5 is 0", "{p: 0.5}", integer, true, false, "0.5", false},
	}
	for _, tt := range tests {
		doc := syntax.Parse([]byte("v: " + tt.yaml + "\n")).Docs[0].Get("v").Resolve()
		s := scalarOf(doc, "p", tt.prop)
		if s.known != tt.known || s.none != tt.none || s.known && s.text != tt.text || s.truthy() != tt.truthy {
			t.Errorf("%s: got known %v none %v text %q truthy %v", tt.name, s.known, s.none, s.text, s.truthy())
		}
	}
}

// TestScalarNumber: an integer property compares as Python's int() of
// what was written.
func TestScalarNumber(t *testing.T) {
	integer := &schema.Property{Type: "integer"}
	for _, tt := range []struct {
		yaml string
		want float64
		ok   bool
	}{
		{"{p: 24}", 24, true},
		{"{p: '24'}", 24, true},
		{"{p: 80.9}", 80, true},
		{"{p: true}", 1, true},
		{"{p: abc}", 0, false},
		{"{}", 0, false},
	} {
		doc := syntax.Parse([]byte("v: " + tt.yaml + "\n")).Docs[0].Get("v").Resolve()
		got, ok := scalarOf(doc, "p", integer).number()
		if got != tt.want || ok != tt.ok {
			t.Errorf("%s: got (%v, %v), want (%v, %v)", tt.yaml, got, ok, tt.want, tt.ok)
		}
	}
}

// TestBase64Fails: only what Python's b64decode certainly refuses (each
// verdict checked with python3 -c 'import base64; base64.b64decode(S)').
func TestBase64Fails(t *testing.T) {
	for text, want := range map[string]bool{
		"YWJj":     false,
		"YW Jj":    false, // spaces are skipped
		"abc":      true,  // incorrect padding
		"abcde":    true,  // one more than a multiple of four
		"ab!c":     true,  // "!" is skipped, three data characters remain
		"é":        true,  // not ASCII
		"ab==":     false,
		"ab=c":     false, // padding written: not judged (Python refuses it)
		"ab c d e": true,
	} {
		if got := base64Fails(text); got != want {
			t.Errorf("base64Fails(%q) = %v, want %v", text, got, want)
		}
	}
}

// TestKnownRestartPolicy: the restart policies Heat's Zun plugin reads.
func TestKnownRestartPolicy(t *testing.T) {
	for policy, want := range map[string]bool{
		"no": true, "always": true, "unless-stopped": true, "on-failure": true,
		"on-failure:5": true, "on-failure:": true, "on-failure:x": true,
		"no:3": false, "always:1": false, "on-failure:1:2": false, "sometimes": false, "": false,
	} {
		if got := knownRestartPolicy(policy); got != want {
			t.Errorf("knownRestartPolicy(%q) = %v, want %v", policy, got, want)
		}
	}
}

// TestWebhookProblem: what Python's urlparse finds wrong in a webhook
// address.
func TestWebhookProblem(t *testing.T) {
	for addr, want := range map[string]string{
		"https://example.com/hook": "",
		"HTTP://example.com":       "",
		"example.com/hook":         "has no URL scheme",
		"http:hook":                "has no host",
		"ftp://example.com":        "is neither http nor https",
		"http://[fd00::1/hook":     "is no URL Python can read (an IPv6 host needs both brackets)",
		"http://[fd00::1]/hook":    "",
		"1http://example.com":      "has no URL scheme", // a scheme starts with a letter
	} {
		if got := webhookProblem(addr); got != want {
			t.Errorf("webhookProblem(%q) = %q, want %q", addr, got, want)
		}
	}
}

// TestUUIDLike: oslo's is_uuid_like, as Sahara's job binary URL needs.
func TestUUIDLike(t *testing.T) {
	for s, want := range map[string]bool{
		"9f8d2f43-0b6f-4a58-a2b3-9f1d3c1e2a4b":   true,
		"9F8D2F430B6F4A58A2B39F1D3C1E2A4B":       true,
		"{9f8d2f43-0b6f-4a58-a2b3-9f1d3c1e2a4b}": true,
		"9f8d2f43-0b6f-4a58-a2b3-9f1d3c1e2a4":    false,
		"job.jar":                                false,
	} {
		if got := uuidLike(s); got != want {
			t.Errorf("uuidLike(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestQuoteJoin: names as a message lists them.
func TestQuoteJoin(t *testing.T) {
	for _, tt := range []struct {
		in   []string
		want string
	}{
		{nil, ""},
		{[]string{"a"}, "`a`"},
		{[]string{"a", "b"}, "`a` or `b`"},
		{[]string{"a", "b", "c"}, "`a`, `b` or `c`"},
	} {
		if got := quoteJoin(tt.in); got != tt.want {
			t.Errorf("quoteJoin(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
