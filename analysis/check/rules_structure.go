package check

import (
	"heat-ls/analysis/check/functions"
	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/references"
	"heat-ls/analysis/check/structure"
)

// templateRules lists the rules run on HOT templates, in order. Two files
// contribute: rules_structure.go (version, sections, functions, argument
// shapes, references, cycles) and rules_entries.go (parameters, resources
// against the schema, outputs, conditions, hints).
func templateRules() []pass.Rule {
	return append(structureRules(), entryRules()...)
}

// structureRules: version and sections, functions and their arguments,
// references between entries and dependency cycles. Rule ids are declared
// in analysis/rules.
func structureRules() []pass.Rule {
	return []pass.Rule{
		structure.CheckVersion,
		structure.CheckSections,
		structure.CheckEntryKeys,
		functions.CheckFunctions,
		functions.CheckNearMisses,
		functions.CheckArguments,
		references.CheckReferences,
		references.CheckCycles,
		structure.CheckResourceFacadeUse,
	}
}
