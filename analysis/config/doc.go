// Package config holds what a project says about heat-ls's diagnostics:
// inline suppression comments in the templates themselves and the project
// file .heat-ls.yaml. The linter (analysis/lint) and the server apply it the
// same way, as a filter over check.Run's results, so a problem silenced for
// the editor is silenced for CI too.
//
// # Inline suppression
//
// A comment "# heat-ls: ignore RULE[,RULE...]" silences the named rules on
// its own line and on the line below it, so both of these work:
//
//	image: my-image   # heat-ls: ignore unknown-image
//	# heat-ls: ignore unknown-property, deprecated-property
//	flavour: m1.small
//
// "# heat-ls: ignore" with no rule ids silences every rule on those lines;
// naming the rules is preferred because it keeps new problems visible. A
// problem counts as being on the line where it starts. Rule ids are the
// codes diagnostics carry (shown in brackets by heat-ls check).
//
// # The project file
//
// .heat-ls.yaml is looked for in the file's directory and then upwards,
// stopping after a directory that holds .git (the repository root), at the
// workspace root when one is given, or at the filesystem root:
//
//	disable: [parameter-unused]          # rules never reported
//	severity:                            # rule id → error|warning|info|hint
//	  resource-type-deprecated: error
//	ignore: ["vendor/**", "old/*.yaml"]  # paths relative to this file
//	environments:                        # the active environment files
//	  "templates/web.yaml": [env/common.yaml, env/dev.yaml]
//	  "**/*.yaml": ["env/*.yaml"]
//
// environments is either one list for every template or, as above, a
// mapping of template paths or globs to lists, the first key matching a
// template winning; entries are files or globs relative to this file, in
// "-e" order (later files win), globs expanded in sorted order. The
// editor applies them for the preview, effective values and condition
// lenses (EnvSet).
//
// A malformed file yields one problem naming what is wrong, at the text at
// fault (rule id "invalid-config"), and the defaults apply; unknown keys, a
// repeated key and a second YAML document are problems too, so typos do not
// silently do nothing. A disable or severity entry naming a rule id
// heat-ls does not have is reported at the id, with the nearest ids
// (rule id "config-unknown-rule", a warning); the rest of the file applies. The file is read through analysis/syntax like every
// other YAML text, so aliases work and spans are exact.
//
// May use: analysis/limits, analysis/rules, analysis/source, analysis/syntax, schema, schema/spell.
package config
