package syntax

import (
	"strings"
	"testing"
)

// TestSpliceTakesOnlySureEdits lists which edits are spliced and which
// fall back to a full parse; every spliced result must equal the full
// parse.
func TestSpliceTakesOnlySureEdits(t *testing.T) {
	const base = "heat_template_version: 2018-08-31\nresources:\n  a:\n    type: OS::Nova::Server\n    properties:\n      name: one\n  b:\n    type: T\n\noutputs:\n  o:\n    value: 1\n"
	tests := []struct {
		name     string
		old, new string // new: the edited text (old is base unless set)
		spliced  bool
	}{
		{"typing in a property value", "", strings.Replace(base, "name: one", "name: onex", 1), true},
		{"a new property line", "", strings.Replace(base, "      name: one\n", "      name: one\n      flavor: m1\n", 1), true},
		{"the last entry of the last section", "", strings.Replace(base, "value: 1", "value: 12", 1), true},
		{"the last entry of a section", "", strings.Replace(base, "type: T", "type: TT", 1), true},
		{"the key line", "", strings.Replace(base, "  a:\n", "  ab:\n", 1), false},
		{"a new entry typed inside one", "", strings.Replace(base, "      name: one\n", "      name: one\n  c:\n    type: T\n", 1), false},
		{"across two entries", "", strings.Replace(base, "name: one\n  b:\n    type: T", "name: T", 1), false},
		{"a top-level key", "", strings.Replace(base, "heat_template_version: 2018-08-31", "heat_template_version: 2021-04-16", 1), false},
		{"broken afterwards", "", strings.Replace(base, "name: one", "name: [one", 1), false},
		{"an anchor typed", "", strings.Replace(base, "name: one", "name: &x one", 1), false},
		{"carriage returns", strings.ReplaceAll(base, "\n", "\r\n"), strings.Replace(strings.ReplaceAll(base, "\n", "\r\n"), "name: one", "name: onex", 1), false},
		{"a duplicate key inside the entry", "", strings.Replace(base, "      name: one\n", "      name: one\n      name: two\n", 1), false},
		{"a dedent that ends the entry's body", "", strings.Replace(base, "    properties:\n      name: one\n", "    properties:\n   name: one\n", 1), false},
		{"a byte order mark typed at a line start", "", strings.Replace(base, "      name: one\n", "\ufeff      name: one\n", 1), false},
		{"typing where a byte order mark is inside", strings.Replace(base, "  b:\n", "\ufeff  b:\n", 1), strings.Replace(strings.Replace(base, "  b:\n", "\ufeff  b:\n", 1), "name: one", "name: onex", 1), false},
		{"no change", "", base, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			old := base
			if tc.old != "" {
				old = tc.old
			}
			got, ok := Splice(Parse([]byte(old)), []byte(tc.new))
			if ok != tc.spliced {
				t.Fatalf("spliced = %v, want %v", ok, tc.spliced)
			}
			if ok {
				if d := sameFile(got, Parse([]byte(tc.new))); d != "" {
					t.Fatalf("the spliced parse differs from the full parse: %s", d)
				}
			}
		})
	}
}

// FuzzSplice edits a template at a fuzzed place with fuzzed text: Splice
// must never panic, and whenever it splices, the result must equal the
// full parse.
func FuzzSplice(f *testing.F) {
	const base = "heat_template_version: 2018-08-31\nparameters:\n  p:\n    type: string\n    default: x\nresources:\n  a:\n    type: OS::Nova::Server\n    properties:\n      name: {get_param: p}\n      networks: [{port: q}]\n  b:\n    type: T\n    metadata: |\n      text\n\noutputs:\n  o:\n    value: 1\n"
	for _, seed := range []struct {
		at, del int
		text    string
	}{{120, 0, "x"}, {130, 2, "\n      k: v"}, {150, 1, ""}, {60, 0, "  "}, {180, 3, "- "}, {200, 0, "&a *a"}} {
		f.Add(base, seed.at, seed.del, seed.text)
	}
	// A deep value: items whose mapping starts on the dash line, a
	// sequence in a sequence, a sequence at its key's column, text blocks
	// and comments between members.
	const deep = "heat_template_version: 2018-08-31\noutputs:\n  o:\n    value:\n      settings:\n        map_merge:\n          - svc_a:\n              port: 1\n              opts:\n                - name: a\n                  value: {if: [c, 'on', 'off']}\n                - - x\n                  - y\n          # between\n          - svc_b:\n              script: |\n                echo b\n\n                done\n              list:\n              - p\n              - q\n      tasks:\n        - name: t\n          when: step == 2\n          block:\n            - shell: true\n  p:\n    value: ~\n"
	for _, seed := range []struct {
		at, del int
		text    string
	}{{180, 0, "x"}, {200, 3, ""}, {260, 0, "\n              k: v"}, {330, 0, "  "}, {400, 1, "- "}, {420, 0, "'"}} {
		f.Add(deep, seed.at, seed.del, seed.text)
	}
	f.Fuzz(func(t *testing.T, old string, at, del int, text string) {
		if len(old) > 4096 || len(text) > 256 {
			return
		}
		at = max(0, min(at, len(old)))
		end := max(at, min(at+max(del, 0), len(old)))
		next := old[:at] + text + old[end:]
		got, ok := Splice(Parse([]byte(old)), []byte(next))
		if ok {
			if d := sameFile(got, Parse([]byte(next))); d != "" {
				t.Fatalf("the spliced parse differs from the full parse (%s)\nold:\n%s\nnew:\n%s", d, old, next)
			}
		}
	})
}
