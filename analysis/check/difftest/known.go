package difftest

// Known is a class of disagreement this project has looked at and
// decided: Verdict says who is right and why heat-ls does not follow Heat.
type Known struct {
	ID string
	// Verdict: "heat-bug" (Heat accepts or refuses for a reason heat-ls
	// does not follow, with heat-ls's reasoning), "cloud" (only a live
	// cloud decides), "oracle" (the offline oracle differs from a real
	// stack create), "open-elsewhere" (a known gap tracked elsewhere).
	Verdict string
	Reason  string
	Match   func(j *Judged) bool
}

// KnownClasses lists the documented classes, most specific first.
func KnownClasses() []Known {
	return nil
}
