package workspace

import (
	"bytes"
	"path/filepath"

	"heat-ls/analysis/hot"
)

// Adopt replaces the indexed parse of path by doc when doc parses the very
// text that was indexed (a file just opened in the editor, unchanged), so
// the editor's document and the index hold one parse between them instead
// of two. It reports whether it did; nothing changes when path is not
// indexed or its text differs.
func (x *Index) Adopt(path string, doc *hot.Document) bool {
	path = filepath.Clean(path)
	x.mu.Lock()
	defer x.mu.Unlock()
	cur := x.disk[path]
	if doc == nil || cur == nil || cur.Doc == nil || cur.Doc == doc || cur.Doc.Kind != doc.Kind || !bytes.Equal(cur.Doc.Src, doc.Src) {
		return false
	}
	next := make(map[string]*File, len(x.disk))
	for k, v := range x.disk {
		next[k] = v
	}
	next[path] = &File{Path: path, Doc: doc}
	delete(x.fresh, path)
	x.disk, x.last = next, nil
	x.dropStale()
	x.gen++
	return true
}
