package values

import (
	"fmt"
	"strings"
)

// The limits Heat's DNS constraints (dns_name, dns_domain, rel_dns_name)
// apply, offline, to a name or domain.
const (
	dnsNameMaxLen  = 255
	dnsLabelMaxLen = 63
)

// dnsLabel reports what each dot-separated label may hold: lower-case
// letters, digits and hyphens, 1 to 63 of them. (A loop: the regular
// expression's 63 repetitions took a quarter of a millisecond to compile
// at every command's start.)
func dnsLabel(l string) bool {
	return len(l) >= 1 && len(l) <= dnsLabelMaxLen && onlyBytes(l, func(b byte) bool {
		return b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b == '-'
	})
}

// dnsAllDigits reports a top-level label Heat refuses in a fully
// qualified name.
func dnsAllDigits(l string) bool {
	return l != "" && onlyBytes(l, func(b byte) bool { return b >= '0' && b <= '9' })
}

// onlyBytes reports whether every byte of s is one ok accepts.
func onlyBytes(s string, ok func(byte) bool) bool {
	for i := 0; i < len(s); i++ {
		if !ok(s[i]) {
			return false
		}
	}
	return true
}

// dnsProblem judges value as Heat's custom constraint name does: empty
// text passes; a domain must be fully qualified (end with "."), a relative
// name must not, and every label must be a valid DNS label.
func dnsProblem(name, value string) string {
	if value == "" {
		return ""
	}
	switch name {
	case "dns_domain":
		if p := dnsFormatProblem(value); p != "" {
			return p
		}
		if !strings.HasSuffix(value, ".") {
			return fmt.Sprintf("%q must end with \".\" (a DNS domain is fully qualified)", value)
		}
	case "rel_dns_name":
		if strings.HasSuffix(value, ".") {
			return fmt.Sprintf("%q ends with \".\"; a relative DNS name must not", value)
		}
		if len(value) > dnsNameMaxLen-3 {
			return fmt.Sprintf("%q has %d characters; with a domain added it would pass the %d a DNS name may have", value, len(value), dnsNameMaxLen)
		}
		return dnsFormatProblem(value)
	default:
		return dnsFormatProblem(value)
	}
	return ""
}

// dnsFormatProblem is the check all three constraints share.
func dnsFormatProblem(value string) string {
	trimmed := strings.TrimSuffix(value, ".")
	if len(trimmed) > dnsNameMaxLen {
		return fmt.Sprintf("%q is longer than the %d characters a DNS name may have", value, dnsNameMaxLen)
	}
	labels := strings.Split(trimmed, ".")
	for _, l := range labels {
		switch {
		case l == "":
			return fmt.Sprintf("%q has an empty label (two dots in a row, or a dot at the start)", value)
		case strings.HasPrefix(l, "-") || strings.HasSuffix(l, "-"):
			return fmt.Sprintf("%q has the label %q, which starts or ends with a hyphen", value, l)
		case !dnsLabel(l):
			return fmt.Sprintf("%q has the label %q; a label is 1 to %d lower-case letters, digits or hyphens", value, l, dnsLabelMaxLen)
		}
	}
	if strings.HasSuffix(value, ".") && len(labels) > 1 && dnsAllDigits(labels[len(labels)-1]) {
		return fmt.Sprintf("%q ends in the all-numeric top-level label %q", value, labels[len(labels)-1])
	}
	return ""
}
