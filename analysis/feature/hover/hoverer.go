package hover

import (
	"heat-ls/analysis/hot"
	"heat-ls/schema"
)

// hoverer writes one hover: the document and its declared version, the
// schema, and the text being written (d). hover.go explains each kind of
// target with it, release.go adds what depends on the judged release.
type hoverer struct {
	doc     *hot.Document
	tpl     *hot.Template
	sch     *schema.Schema
	version *schema.Version
	d       *Text
}
