package main

import "runtime/debug"

// baseVersion is the release this source tree is working towards.
const baseVersion = "0.1.0-dev"

// version is baseVersion plus the VCS revision the binary was built from,
// when the build recorded one.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return baseVersion
	}
	for _, s := range info.Settings {
		if s.Key == "vcs.revision" && len(s.Value) >= 12 {
			return baseVersion + "+" + s.Value[:12]
		}
	}
	return baseVersion
}
