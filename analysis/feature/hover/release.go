package hover

import (
	"strings"

	"heat-ls/schema"
)

// releaseTypeLines adds to a type's hover how the type fared from one Heat
// release to the next and which release heat-ls judges for, so a user on
// an older or newer cloud sees at once whether the type works there.
func (h *hoverer) releaseTypeLines(rt *schema.ResourceType) {
	if rt.UserFile != "" {
		return
	}
	if rel, ok := h.sch.NoOpSince(rt.Name); ok && rt.Hidden() {
		h.d.Para("Does nothing from " + rel.Name + " on: the service behind it was retired. Heat accepts the resource but creates nothing, and every attribute reads null.")
	}
	var lines []string
	for _, c := range h.sch.TypeHistory(rt.Name) {
		lines = append(lines, c.Release.Name+": "+typeStateText(c.State))
	}
	if len(lines) > 1 {
		h.d.List("Heat releases", lines)
	}
	h.judgedFor()
}

// judgedFor names the release the diagnostics speak for, and the setting
// that chooses it (heat-ls.heatRelease in the editor, heatRelease in
// .heat-ls.yaml): the hover cannot tell which one, or the default, chose it.
func (h *hoverer) judgedFor() {
	if r := h.sch.Release(); r != nil {
		h.d.Field("Judged for", r.String()+" (change it with the heatRelease setting)", false)
	}
}

func typeStateText(s schema.TypeState) string {
	switch s {
	case schema.TypeAbsent:
		return "not there yet"
	case schema.TypeNoOp:
		return "does nothing (service retired)"
	case schema.TypeSupported:
		return "available"
	}
	return string(s)
}

// unknownTypeRelease explains a type the judged release lacks but a later
// one adds.
func (h *hoverer) unknownTypeRelease(name string) {
	rel, ok := h.sch.TypeArrival(name)
	if !ok {
		return
	}
	h.d.Title(name, "resource type")
	h.d.Para("Arrives in " + rel.String() + "; the release heat-ls judges for does not have it, so Heat refuses a template using it.")
	h.judgedFor()
}

// releasePropertyLines adds a property's history across Heat releases
// ("since 2025.1", "now required in 2024.1").
func (h *hoverer) releasePropertyLines(rt *schema.ResourceType, path string) {
	if rt.UserFile != "" {
		return
	}
	var lines []string
	for _, c := range h.sch.PropertyHistory(rt.Name, path) {
		what := c.What
		if what == "added" {
			what = "since " + c.Release.Name
		} else {
			what = c.Release.Name + ": " + what
		}
		lines = append(lines, what)
	}
	if len(lines) > 0 {
		h.d.List("Heat releases", lines)
	}
}

// ignoredProperty explains a property of a type the judged release turned
// into a stub: Heat takes any property there and ignores it.
func (h *hoverer) ignoredProperty(rt *schema.ResourceType, path string) {
	rel, ok := h.sch.NoOpSince(rt.Name)
	if !ok || !rt.Hidden() {
		return
	}
	name := path
	if i := strings.LastIndexByte(path, '.'); i >= 0 {
		name = path[i+1:]
	}
	h.d.Title(name, "property of "+rt.Name)
	h.d.Para("Ignored: from " + rel.Name + " on, " + rt.Name + " does nothing, and Heat accepts any property on it.")
	h.judgedFor()
}
