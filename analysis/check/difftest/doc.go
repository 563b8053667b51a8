// Package difftest is heat-ls's differential test against Heat's engine.
//
// Generate makes variants of real templates (the shared corpus) and of the
// shared Heat cases, each one small mistake away from its source: a key
// misspelt or dropped, a value of the wrong type or shape, a function's
// arguments broken one way, the version moved up or down, a name renamed
// so that it clashes or dangles, a dependency that closes a cycle. The
// variants are deterministic for a seed, so a run can be repeated and a
// disagreement found once can be found again.
//
// Compare reads Heat's verdicts on those variants (one run of the oracle
// in ../shared/heat/oracle through .ci/difftest-judge.py, batch_both.py's
// rows with the oracle's notes) and heat-ls's (one
// "heat-ls check --format json" run) and says, per variant, whether both
// see an error or both see none. A pair whose Heat verdict is not Heat's
// alone (it stopped short for want of a cloud, a stub stood in for the
// check, the host's tzdata decides) is left out of the figure either way
// (uncounted.go). Each disagreement is put in a class; the
// classes this project has looked at and decided are in known.go with
// their reason (a Heat bug, a check only a live cloud can make, a value the
// oracle invented). Minimised disagreements are kept as regression cases
// under testdata/difftest, replayed by a Go test that never needs Heat.
//
// The command that drives a run is cmd/heat-variants; .ci/difftest runs
// the whole loop where Heat is installed.
//
// May use: analysis/hot, analysis/rules, analysis/source, analysis/syntax.
package difftest
