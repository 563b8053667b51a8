package check

// environmentRules lists the rules run on Heat environment files.
func environmentRules() []Rule {
	return []Rule{
		checkEnvSections,
		checkEnvRegistry,
		checkEnvLists,
	}
}
