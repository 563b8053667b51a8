// Package lint is the runner behind "heat-ls check": it finds the HOT
// templates and environment files among the paths it is given, checks them
// in parallel with analysis/check, filters the results through the
// project's suppressions (analysis/config), and writes them in a stable
// order as text, JSON, SARIF or GitHub Actions annotations.
//
// # What is checked
//
// A file named on the command line is always read. Directories are walked
// recursively for *.yaml, *.yml and *.template files, skipping hidden
// directories (.git and the like) and node_modules and not following
// symbolic links; of those, only files whose content makes them a template
// or an environment are checked, so other YAML in a repository (CI files,
// Ansible, Kubernetes) is skipped silently, as are files over limits.File.
// Files matched by an "ignore" pattern of their .heat-ls.yaml are skipped.
//
// # Severity and exit status
//
// Problems of severity info and above are reported; hints (unused names and
// the like, which editors show as faded text) never are. The exit status is
// 0 when no reported problem is at or above the --severity threshold
// (default error), 1 when one is, and 2 for a usage or I/O error (a path
// that does not exist, an unreadable file, a missing --schema directory).
//
// # Heat releases
//
// Each file is judged for one Heat release: --heat-release (Options.
// Releases), else the heatRelease of its .heat-ls.yaml, else the schema's
// own (schema.DefaultRelease). Given several releases, each file is judged
// for every one (releases.go): a problem they all share is reported once
// as usual; any other once, its message starting with the releases it
// occurs in ("[new in Heat 2026.1]", "[Heat 2024.1 only; gone in
// 2025.1]"), which is how an operator sees what an upgrade breaks.
//
// # Output formats
//
// text, one line per problem, columns counting characters:
//
//	path:line:column: severity: message [rule-id]
//
// json, one object (the shape is stable; new fields may be added):
//
//	{
//	  "version": 1,
//	  "files": 12,                // files checked
//	  "problems": [{
//	    "path": "dir/a.yaml",     // as found from the given paths
//	    "line": 3, "column": 7,   // 1-based; column counts characters
//	    "endLine": 3, "endColumn": 12,
//	    "severity": "error",      // error, warning or info
//	    "rule": "undefined-parameter",
//	    "message": "...",
//	    "releases": ["2026.1"]    // only when judging for several Heat
//	  }]                          // releases and not all of them have it
//	}
//
// sarif: SARIF 2.1.0 as GitHub code scanning reads it, one run whose
// driver lists every rule that produced a result; locations use paths
// relative to the working directory with forward slashes and 1-based
// regions whose columns count UTF-16 code units (SARIF's default).
//
// github: one GitHub Actions workflow command per problem, which a
// workflow step's output turns into an annotation on the file and line:
//
//	::error file=dir/a.yaml,line=3,col=7,endLine=3,endColumn=12,title=undefined-parameter::message
//
// error, warning and info become ::error, ::warning and ::notice; columns
// count characters; the message escapes "%", CR and LF and the properties
// also "," and ":" (as %25, %0D, %0A, %2C, %3A), which the runner decodes.
//
// May use: analysis/check, analysis/config, analysis/hot, analysis/limits, analysis/rules, analysis/source, analysis/syntax, schema.
package lint
