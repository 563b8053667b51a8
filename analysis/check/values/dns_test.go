package values

import (
	"strings"
	"testing"
)

// TestDNSProblem: the three DNS constraints judge as Heat's netutils and
// common_constraints do (the cases under testdata/heat-cases net-dns-*
// and port-dns-* hold Heat's own verdicts on some of these).
func TestDNSProblem(t *testing.T) {
	long := strings.Repeat("a.", 128) + "a" // 257 characters
	for _, tc := range []struct {
		constraint, value, want string // want: a fragment of the problem, "" for none
	}{
		{"dns_domain", "", ""},
		{"dns_domain", "example.com.", ""},
		{"dns_domain", "example.com", "must end with"},
		{"dns_domain", "a..example.com.", "empty label"},
		{"dns_domain", ".example.com.", "empty label"},
		{"dns_domain", "a-.example.com.", "hyphen"},
		{"dns_domain", "-a.example.com.", "hyphen"},
		{"dns_domain", "Example.com.", "lower-case"},
		{"dns_domain", "a_b.com.", "lower-case"},
		{"dns_domain", strings.Repeat("a", 64) + ".com.", "lower-case"},
		{"dns_domain", "example.123.", "all-numeric"},
		{"dns_domain", "123.", ""},
		{"dns_name", "web-1", ""},
		{"dns_name", "web-1.123", ""},
		{"dns_name", long, "longer than"},
		{"rel_dns_name", "www", ""},
		{"rel_dns_name", "www.", "must not"},
		{"rel_dns_name", strings.Repeat("a", 253), "would pass"},
	} {
		got := dnsProblem(tc.constraint, tc.value)
		switch {
		case tc.want == "" && got != "":
			t.Errorf("%s %q: unexpected problem %q", tc.constraint, tc.value, got)
		case tc.want != "" && !strings.Contains(got, tc.want):
			t.Errorf("%s %q: problem %q, want one containing %q", tc.constraint, tc.value, got, tc.want)
		}
	}
}
