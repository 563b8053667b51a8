package lint

// markEnvironments flags the candidates given as environments
// (Options.Environments), which are judged as environments whatever they
// hold (check.RunEnvironment).
func markEnvironments(files []candidate, envs []string) {
	if len(envs) == 0 {
		return
	}
	abs := make(map[string]bool, len(envs))
	for _, e := range envs {
		abs[absPath(e)] = true
	}
	for i := range files {
		files[i].env = abs[files[i].abs]
	}
}
