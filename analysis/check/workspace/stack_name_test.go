package workspace

import (
	"strings"
	"testing"
)

func TestStackNameFault(t *testing.T) {
	for _, tc := range []struct {
		name, fix string
		bad       bool
	}{
		{"a b", "a_b", true},
		{"---  c", "---__c", true},
		{"a\n", "", false},
		{"é", "_", true},
		{strings.Repeat("x", 253), "", false},
		{strings.Repeat("x", 254), "", true},
	} {
		fault, fix := stackNameFault(tc.name)
		if (fault != "") != tc.bad || fix != tc.fix {
			t.Errorf("stackNameFault(%q) = %q, %q; want bad %v, fix %q", tc.name, fault, fix, tc.bad, tc.fix)
		}
	}
}
