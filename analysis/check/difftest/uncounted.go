package difftest

import (
	"strings"

	"heat-ls/analysis/hot"
)

// The kinds of verdict pairs left out of the agreement figure: Heat's
// verdict there is not Heat's alone, so neither agreement nor
// disagreement says anything about heat-ls.
const (
	// UncountedCloud: Heat accepted only because it stopped short for
	// want of a cloud (the oracle's needs_cloud_abort note at create).
	UncountedCloud = "cloud"
	// UncountedStubs: Heat accepted where heat-ls sees an error, and an
	// offline stub stood in for a plugin's own validate() or an external
	// resource's check, so Heat's acceptance is the stub's (unless an
	// artifact of the oracle stopped its create first: create-masked).
	UncountedStubs = "stubs"
	// UncountedHost: the verdict hangs on the host running the oracle: a
	// timezone name, which Heat looks up in the host's tzdata.
	UncountedHost = "host"
)

// uncounted says why a judged pair is left out of the figure ("" when it
// counts): the kind, a colon, the reason.
func uncounted(doc *hot.Document, j *Judged) string {
	switch {
	case hostTimezone(doc, j):
		return UncountedHost + ": a timezone name, judged against the tzdata of the host running Heat"
	case !j.HeatSays() && j.Heat.StoppedShort("create"):
		return UncountedCloud + ": Heat stopped short at create for want of a cloud (needs_cloud_abort), so its acceptance is unproven"
	case !j.HeatSays() && j.LSSays() && j.Heat.stubbed() && !j.Masked:
		// (a create an oracle artifact stopped is create-masked's)
		return UncountedStubs + ": an offline stub stood in for a plugin's own validate() or an external resource's check, so Heat's acceptance is the stub's"
	}
	return ""
}

// UncountedKind is the kind part of an Uncounted text.
func UncountedKind(u string) string {
	k, _, _ := strings.Cut(u, ":")
	return k
}

// hostTimezone reports whether Heat's verdict may hang on a timezone
// name: Heat refused one, or the template gives one to a property Heat
// checks with its timezone constraint (an alarm's time_constraints),
// which it looks up in the host's tzdata.
func hostTimezone(doc *hot.Document, j *Judged) bool {
	for _, e := range j.HeatErrors {
		if strings.Contains(e.Message, "Invalid timezone") {
			return true
		}
	}
	if doc.Template == nil {
		return false
	}
	for _, r := range doc.Template.Resources {
		props := r.Field("properties")
		if props.Key == nil || props.Value == nil {
			continue
		}
		tc := props.Value.Resolve().Lookup("time_constraints")
		if tc.Key == nil || tc.Value == nil {
			continue
		}
		for _, it := range tc.Value.Resolve().Items() {
			tz := it.Resolve().Lookup("timezone")
			if v := tz.Value.Resolve(); tz.Key != nil && v != nil && !v.IsNull() && !(v.IsScalar() && v.Value == "") {
				return true
			}
		}
	}
	return false
}
