package check

import (
	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax"
)

// checkServerBootSource makes the check OS::Nova::Server's plugin makes
// before a stack is created: a server boots from its image or from a
// block device mapping, so one of image, block_device_mapping or
// block_device_mapping_v2 must be given. Only their absence is judged
// (Heat lets `image:` written empty through); what a given mapping holds
// is left alone.
func checkServerBootSource(p *Pass, r *hot.Resource, props *syntax.Node) {
	for _, key := range []string{"image", "block_device_mapping", "block_device_mapping_v2"} {
		if props.Pair(key) != nil {
			return // even written empty: Heat then lets the server through
		}
	}
	at := r.Key.Span
	if f := r.Field("properties"); f != nil {
		at = f.Key.Span
	}
	d := p.Errorf(at, codeResourcePropertyMissing,
		"Server `%s` has nothing to boot from: give it `image`, or a boot volume in `block_device_mapping_v2` (or `block_device_mapping`). Heat refuses it at stack create.", r.Name)
	d.Data = map[string]string{"missing": "image"}
}
