package schema

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Release names the Heat release a set of embedded facts was read from, in
// the two ways people know it: Heat's own version ("19.0.0") and the
// OpenStack series it shipped in ("2022.2", "Zed"). heat-ls version prints
// it so a user can tell which cloud the checks are faithful to.
type Release struct {
	Heat   string // Heat's version, e.g. "19.0.0"
	Series string // OpenStack's series number, e.g. "2022.2"; empty when unknown
	Name   string // OpenStack's series name, e.g. "Zed"; empty when unknown
}

// String reads "Heat 19.0.0 (OpenStack 2022.2 Zed)", leaving out the series
// when the table below does not know Heat's major version.
func (r Release) String() string {
	if r.Name == "" {
		return "Heat " + r.Heat
	}
	return fmt.Sprintf("Heat %s (OpenStack %s %s)", r.Heat, r.Series, r.Name)
}

// seriesNames are OpenStack's series names from Queens on, one per Heat
// major version starting at 10: Heat numbers its releases by series since
// Queens (10.0.0), two series a year (2018.1, 2018.2, 2019.1, ...).
const seriesNames = "Queens Rocky Stein Train Ussuri Victoria Wallaby Xena Yoga Zed " +
	"Antelope Bobcat Caracal Dalmatian Epoxy Flamingo"

// ReleaseOf names the OpenStack series of a Heat version string.
func ReleaseOf(heatVersion string) Release {
	r := Release{Heat: heatVersion}
	major, _, _ := strings.Cut(heatVersion, ".")
	if n, err := strconv.Atoi(major); err == nil {
		if names := strings.Fields(seriesNames); n >= 10 && n-10 < len(names) {
			r.Series = fmt.Sprintf("%d.%d", 2018+(n-10)/2, (n-10)%2+1)
			r.Name = names[n-10]
		}
	}
	return r
}

// DataRelease is the Heat release the default embedded facts come from —
// what Load answers with. It reads only the version field of the embedded
// data, so "heat-ls version" stays instant. Embedding another release as
// the default changes what this returns and nothing else.
func DataRelease() Release {
	var head struct {
		HeatVersion string `json:"heat_version"`
	}
	if err := json.Unmarshal(versionsJSON, &head); err != nil || head.HeatVersion == "" {
		return Release{Heat: "unknown"}
	}
	return ReleaseOf(head.HeatVersion)
}
