// Package effective works out a template's parameters and conditions under
// its active environment set (the files the editor applies to it).
//
// As "openstack stack create -e" does, it gives each parameter's effective
// value and the file that set it, each condition's truth, and the
// resources a false condition leaves out of the stack. Hovers, inlay
// hints, condition code lenses and the greying of left-out resources read
// one Values, made once per document version and environment set: the
// conditions at once, each parameter when first asked, and a parameter
// the previous version worked out kept while its entry reads the same
// (a keystroke costs what the conditions read, not every default).
//
// Values are worked out by analysis/environ (the merge) and analysis/eval
// (parameters and conditions, as Heat does); what nothing sets stays
// unknown rather than being an error, since the editor shows a template
// while it is being written.
//
// May use: analysis/environ, analysis/eval, analysis/feature, analysis/feature/hover, analysis/hot, analysis/rules, analysis/source, analysis/syntax, schema.
package effective
