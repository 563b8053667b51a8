package check

// environmentRules lists the rules run on Heat environment files.
func environmentRules() []Rule {
	return []Rule{
		CheckEnvSections,
		CheckEnvRegistry,
		CheckEnvLists,
	}
}
