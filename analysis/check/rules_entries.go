package check

// entryRules: parameters, parameter groups, resources against the schema,
// outputs, conditions, and quiet hints.
func entryRules() []Rule {
	return []Rule{}
}
