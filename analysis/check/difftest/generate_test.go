package difftest

import (
	"bytes"
	"testing"
)

const sampleTemplate = `heat_template_version: 2016-10-14
parameters:
  size:
    type: string
    constraints:
      - allowed_values: [small, large]
  count:
    type: number
    default: 2
conditions:
  big: {equals: [{get_param: size}, large]}
resources:
  a:
    type: OS::Heat::RandomString
    properties:
      length: {get_param: count}
  b:
    type: OS::Heat::Value
    condition: big
    depends_on: a
    properties:
      value: {list_join: [',', [{get_resource: a}, {get_attr: [a, value]}]]}
outputs:
  out:
    value: {get_attr: [b, value]}
`

// TestVariantsDeterministic: the same seed gives the same variants, another
// seed another choice, and every operator has its turn.
func TestVariantsDeterministic(t *testing.T) {
	src := []Source{{Rel: "t/sample.yaml", Text: []byte(sampleTemplate)}}
	a := Variants(src, 1, 40)
	b := Variants(src, 1, 40)
	c := Variants(src, 2, 40)
	if len(a) != 40 || len(b) != len(a) {
		t.Fatalf("got %d and %d variants, want 40", len(a), len(b))
	}
	same := true
	ops := map[string]bool{}
	for i := range a {
		if a[i].File != b[i].File || !bytes.Equal(a[i].Text, b[i].Text) {
			t.Fatalf("variant %d differs between two runs with seed 1", i)
		}
		same = same && bytes.Equal(a[i].Text, c[i].Text)
		ops[a[i].Op] = true
	}
	if same {
		t.Error("seed 2 chose exactly the variants of seed 1")
	}
	for _, op := range append(operators, opOriginal) {
		if !ops[op] {
			t.Errorf("operator %s made no variant", op)
		}
	}
	if a[0].Op != opOriginal || a[0].File != "t/sample.dt000.yaml" {
		t.Errorf("first variant %s %s, want the source itself as t/sample.dt000.yaml", a[0].Op, a[0].File)
	}
}

// TestSettleAddsDefaults: a parameter whose placeholder its constraints
// refuse gets a default that meets them; others are left alone.
func TestSettleAddsDefaults(t *testing.T) {
	vs := Variants([]Source{{Rel: "s.yaml", Text: []byte(sampleTemplate)}}, 1, 1)
	got := string(vs[0].Text)
	want := "  size:\n    default: \"small\"\n    type: string\n"
	if !bytes.Contains([]byte(got), []byte(want)) {
		t.Errorf("settled source lacks %q:\n%s", want, got)
	}
	if bytes.Count([]byte(got), []byte("default:")) != 2 {
		t.Errorf("expected exactly one default added:\n%s", got)
	}
}
