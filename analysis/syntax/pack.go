package syntax

import "strings"

// packValues moves the scalar texts of every node the converter made into
// one string. yaml.v3 allocates each scalar's text on its own, among the
// much larger garbage of its own tree; kept by the nodes for as long as
// the document is open, those tens of thousands of small strings hold most
// of the heap's pages that contain one (an open template's worth of
// heap, about a third again, in use for nothing). One string per parse
// frees those pages and costs a copy of the texts, a few percent of the
// conversion.
func (c *converter) packValues() {
	chunks := append(c.filled, c.nodes)
	total := 0
	for _, ch := range chunks {
		for i := range ch {
			total += len(ch[i].Value)
		}
	}
	if total == 0 {
		return
	}
	var b strings.Builder
	b.Grow(total)
	for _, ch := range chunks {
		for i := range ch {
			b.WriteString(ch[i].Value)
		}
	}
	all, off := b.String(), 0
	for _, ch := range chunks {
		for i := range ch {
			n := len(ch[i].Value)
			if n == 0 {
				// An empty slice of all would keep all alive too.
				ch[i].Value = ""
				continue
			}
			ch[i].Value = all[off : off+n]
			off += n
		}
	}
}
