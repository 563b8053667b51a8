package plugins

// octaviaChecks are the checks of Octavia plugins' validate() beyond
// their property schemas (the pool's and listener's are in plugins.go).
func octaviaChecks() map[string][]pluginCheck {
	pool, url := isSet("redirect_pool"), isSet("redirect_url")
	return map[string][]pluginCheck{
		"OS::Octavia::L7Policy": {
			prohibitedWhen("action", []string{"REJECT", "REDIRECT_TO_URL"}, pool),
			prohibitedWhen("action", []string{"REJECT", "REDIRECT_TO_POOL"}, url),
			requiredWhen("action", []string{"REDIRECT_TO_POOL"}, pool),
			requiredWhen("action", []string{"REDIRECT_TO_URL"}, url),
		},
		"OS::Octavia::L7Rule": {requiredWhen("type", []string{"HEADER", "COOKIE"}, isSet("key"))},
		"OS::Octavia::Quota":  {quotaSetsSomething},
	}
}
