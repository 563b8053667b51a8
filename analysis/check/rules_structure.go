package check

// templateRules lists the rules run on HOT templates, in order. Two files
// contribute: rules_structure.go (version, sections, functions, argument
// shapes, references, cycles) and rules_entries.go (parameters, resources
// against the schema, outputs, conditions, hints).
func templateRules() []Rule {
	return append(structureRules(), entryRules()...)
}

// structureRules: version and sections, functions and their arguments,
// references between entries and dependency cycles. Rule ids are declared
// in analysis/rules.
func structureRules() []Rule {
	return []Rule{
		CheckVersion,
		CheckSections,
		CheckEntryKeys,
		CheckFunctions,
		CheckNearMisses,
		CheckArguments,
		CheckReferences,
		CheckCycles,
		CheckResourceFacadeUse,
	}
}
