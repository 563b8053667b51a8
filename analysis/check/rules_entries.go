package check

// entryRules: parameters, parameter groups, resources against the schema,
// outputs, conditions, and quiet hints. Each family is its own rule, so a
// bug in one never hides the others' findings.
func entryRules() []Rule {
	return []Rule{
		CheckParameters,
		CheckParameterGroups,
		CheckResources,
		CheckNestedStackNames,
		CheckReleasePlugins,
		CheckPlugins,
		CheckOutputs,
		CheckConditionBodies,
		CheckUnusedEntries,
	}
}
