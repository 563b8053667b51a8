package plugins

import (
	"regexp"
	"strconv"
	"strings"

	"heat-ls/analysis/rules"
)

// retiredChecks are the checks of the plugins of services Heat retired
// in later releases (Neutron LBaaS, Senlin, Monasca, Sahara job binaries, the Glance
// v1 image): where a release keeps only a stub of the type, heat-ls's
// schema marks it as one and no plugin check runs on it.
func retiredChecks() map[string][]pluginCheck {
	octavia := octaviaChecks()
	return map[string][]pluginCheck{
		"OS::Neutron::LBaaS::L7Policy": octavia["OS::Octavia::L7Policy"],
		"OS::Neutron::LBaaS::L7Rule":   octavia["OS::Octavia::L7Rule"],
		"OS::Neutron::LBaaS::Listener": {
			oneOf(isSet("loadbalancer"), isSet("default_pool")),
			requiredWhen("protocol", []string{"TERMINATED_HTTPS"}, isSet("default_tls_container_ref")),
		},
		"OS::Neutron::LBaaS::Pool":  {lbaasPoolCookie},
		"OS::Neutron::Pool":         {vipCookie},
		"OS::Senlin::Cluster":       {senlinSizes},
		"OS::Monasca::Notification": {monascaPeriod, monascaAddress},
		"OS::Sahara::JobBinary":     {saharaJobLocation},
	}
}

// lbaasPoolCookie: an APP_COOKIE session persistence names its cookie;
// a SOURCE_IP one names none.
func lbaasPoolCookie(pc pluginCtx) {
	sp := pc.props.Get("session_persistence").Resolve()
	if sp == nil || !sp.IsMapping() || mergesKeys(sp) {
		return
	}
	typ := scalarOf(sp, "type", nil)
	switch {
	case typ.is("APP_COOKIE") && !literalTruthy(sp, "cookie_name") && sp.Lookup("cookie_name").Key == nil:
		pc.p.Reportf(typ.at.Span(), rules.ResourcePropertyConflict,
			"Session persistence APP_COOKIE needs `cookie_name`; Heat refuses the pool at stack create without it.")
	case typ.is("SOURCE_IP") && literalTruthy(sp, "cookie_name"):
		pc.p.Reportf(sp.Lookup("cookie_name").Key.Span(), rules.ResourcePropertyConflict,
			"Session persistence SOURCE_IP takes no `cookie_name`; Heat refuses the pool at stack create.")
	}
}

// vipCookie: the LBaaS v1 pool's vip with APP_COOKIE session
// persistence names its cookie.
func vipCookie(pc pluginCtx) {
	vip := pc.props.Get("vip").Resolve()
	if vip == nil || !vip.IsMapping() {
		return
	}
	sp := vip.Get("session_persistence").Resolve()
	if sp == nil || !sp.IsMapping() || mergesKeys(sp) {
		return
	}
	if typ := scalarOf(sp, "type", nil); typ.is("APP_COOKIE") && sp.Lookup("cookie_name").Key == nil {
		pc.p.Reportf(typ.at.Span(), rules.ResourcePropertyConflict,
			"Session persistence APP_COOKIE needs `cookie_name`; Heat refuses the pool at stack create without it.")
	}
}

// senlinSizes: min_size ≤ desired_capacity, and both at most max_size
// unless max_size is -1 (no limit).
func senlinSizes(pc pluginCtx) {
	minS, maxS, desired := pc.scalar("min_size"), pc.scalar("max_size"), pc.scalar("desired_capacity")
	lo, okLo := minS.number()
	hi, okHi := maxS.number()
	d, okD := desired.number()
	switch {
	case okLo && okHi && hi != -1 && hi < lo:
		pc.p.Reportf(pc.at(minS).Span(), rules.ResourcePropertyValue,
			"min_size %s is above max_size %s; Heat refuses the cluster at stack create.", minS.text, maxS.text)
	case okD && okLo && d < lo, okD && okHi && hi != -1 && d > hi:
		pc.p.Reportf(pc.at(desired).Span(), rules.ResourcePropertyValue,
			"desired_capacity %s is outside min_size %s and max_size %s; Heat refuses the cluster at stack create.", desired.text, minS.text, maxS.text)
	}
}

// monascaPeriod: a period goes only with a webhook notification.
func monascaPeriod(pc pluginCtx) {
	typ, period := pc.scalar("type"), pc.read(isSet("period"))
	if typ.given() && !typ.is("webhook") && period.certain(isSet("period")) {
		pc.p.Reportf(period.key.Span(), rules.ResourcePropertyConflict,
			"`period` goes only with a webhook notification; Heat refuses it with type %s at stack create.", typ.text)
	}
}

// emailAddress is what Heat takes as an email address.
var emailAddress = regexp.MustCompile(`^\S+@\S+$`)

// monascaAddress: a webhook address is an http or https URL with a
// host; an email address has an @ between two words.
func monascaAddress(pc pluginCtx) {
	typ, addr := pc.scalar("type"), pc.scalar("address")
	if !addr.truthy() || addr.at == nil {
		return
	}
	var problem string
	switch {
	case typ.is("webhook"):
		problem = webhookProblem(addr.text)
	case typ.is("email") && !emailAddress.MatchString(strings.TrimSuffix(addr.text, "\n")): // Python's $ also matches before a final newline
		problem = "is no email address"
	}
	if problem != "" {
		pc.p.Reportf(addr.at.Span(), rules.ResourcePropertyValue,
			"The address %s %s; Heat refuses the %s notification at stack create.", strconv.Quote(addr.text), problem, typ.text)
	}
}

// webhookProblem says what Python's urlparse finds wrong in a webhook
// address (one bracket of an IPv6 host without the other, no scheme, no
// host, neither http nor https), "" when nothing is.
func webhookProblem(addr string) string {
	scheme, rest := "", addr
	if i := strings.IndexByte(addr, ':'); i > 0 && isSchemeName(addr[:i]) {
		scheme, rest = strings.ToLower(addr[:i]), addr[i+1:]
	}
	host := ""
	if strings.HasPrefix(rest, "//") {
		host = rest[2:]
		if i := strings.IndexAny(host, "/?#"); i >= 0 {
			host = host[:i]
		}
	}
	switch {
	case strings.Contains(host, "[") != strings.Contains(host, "]"):
		return "is no URL Python can read (an IPv6 host needs both brackets)"
	case scheme == "":
		return "has no URL scheme"
	case host == "":
		return "has no host"
	case scheme != "http" && scheme != "https":
		return "is neither http nor https"
	}
	return ""
}

// isSchemeName reports text Python's urlparse reads as a URL scheme: a
// letter, then letters, digits, "+", "-" or ".".
func isSchemeName(s string) bool {
	for i, r := range s {
		letter := r < 128 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
		if i == 0 && !letter || !letter && !(r >= '0' && r <= '9') && !strings.ContainsRune("+-.", r) {
			return false
		}
	}
	return true
}

// saharaJobLocation: a job binary lives in Swift (swift://...) or in
// Sahara's database (internal-db://UUID).
func saharaJobLocation(pc pluginCtx) {
	url := pc.scalar("url")
	if !url.given() || url.at == nil || strings.HasPrefix(url.text, "swift://") {
		return
	}
	if id, ok := strings.CutPrefix(url.text, "internal-db://"); ok && uuidLike(id) {
		return
	}
	pc.p.Reportf(url.at.Span(), rules.ResourcePropertyValue,
		"A job binary's url is swift://... or internal-db://UUID; Heat refuses %s at stack create.", strconv.Quote(url.text))
}

// uuidLike is oslo's is_uuid_like: 32 hex digits once "urn:", "uuid:",
// braces and hyphens are taken out.
func uuidLike(s string) bool {
	s = strings.ToLower(s)
	for _, cut := range []string{"urn:", "uuid:", "{", "}", "-"} {
		s = strings.ReplaceAll(s, cut, "")
	}
	if len(s) != 32 {
		return false
	}
	for _, r := range s {
		if !(r >= '0' && r <= '9' || r >= 'a' && r <= 'f') {
			return false
		}
	}
	return true
}
