package syntax

import (
	"bytes"
	"runtime"
	"sync"
	"sync/atomic"

	"gopkg.in/yaml.v3"
)

// part is one piece of a text parsed in parts (parts.go): src[from:to],
// read under the stand-in section key when it starts at an entry.
type part struct {
	from, to int
	entry    bool
	// root is a top-level part's root mapping; section is an entry
	// part's mapping of the entries continuing the section the part
	// before it ends in. rootKids are the top-level keys and values the
	// part holds (after section's, for an entry part).
	root, section *Node
	rootKids      []*Node
	// ok is set when the part parsed as complete entries with no problem,
	// anchor or alias: only then can its tree be the whole parse's.
	ok bool
	// pack says whether the part packs its scalars' texts (packValues).
	pack bool
}

// parseInParts parses src cut at cuts, each part on its own goroutine
// (at most GOMAXPROCS at once), and joins the trees; ok is false when
// the result could differ from parsing src whole, which the caller then
// does. pack says whether the parts pack their scalars' texts.
func parseInParts(src []byte, cuts []cut, pack bool) (f *File, ok bool) {
	// A second document would be read by no part (yaml.Unmarshal reads
	// the first), and carriage returns and byte order marks may be
	// counted differently in a part than in the whole.
	if !singleDocument(src) || hasUnsureBytes(src) || !ascending(cuts, len(src)) {
		return nil, false
	}
	ps := make([]part, len(cuts)+1)
	from, entry := 0, false
	for i := range ps {
		to := len(src)
		if i < len(cuts) {
			to = cuts[i].at
		}
		ps[i] = part{from: from, to: to, entry: entry, pack: pack}
		if i < len(cuts) {
			from, entry = cuts[i].at, cuts[i].entry
		}
	}
	runParts(ps, src)
	for i := range ps {
		if !ps[i].ok {
			return nil, false
		}
	}
	root, ok := joinParts(src, ps)
	if !ok {
		return nil, false
	}
	f = &File{Src: src, Docs: []*Node{root}}
	f.Problems = tabBeforeComment(src, 0, f.Docs)
	return f, true
}

// runParts parses the parts, handing them out in order to up to
// GOMAXPROCS workers, this goroutine one of them. Once a part is not ok
// the rest are left unparsed: the text will be parsed whole.
func runParts(ps []part, src []byte) {
	var next atomic.Int64
	var failed atomic.Bool
	work := func() {
		for !failed.Load() {
			i := int(next.Add(1)) - 1
			if i >= len(ps) {
				return
			}
			if ps[i].parse(src); !ps[i].ok {
				failed.Store(true)
			}
		}
	}
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(ps)) - 1 {
		wg.Go(work)
	}
	work()
	wg.Wait()
}

// parse parses the part's text and converts its nodes, with offsets into
// the whole of src. A panic (a bug in yaml.v3 or here) leaves the part
// not ok: the whole parse, on the caller's goroutine, meets it again
// where the caller's recovery can see it, instead of ending the process.
func (p *part) parse(src []byte) {
	defer func() {
		if recover() != nil {
			p.ok = false
		}
	}()
	text, base := src[p.from:p.to], p.from
	if p.entry {
		text = append(append(make([]byte, 0, len(sectionStandIn)+len(text)), sectionStandIn...), text...)
		base -= len(sectionStandIn)
	}
	c := &converter{src: src, base: base, lines: newLineIndex(text), chunkSize: 64}
	c.presize(text, nil)
	var doc yaml.Node
	err := guard(func() error { return yaml.Unmarshal(text, &doc) })
	if err != nil || doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 {
		return
	}
	top := doc.Content[0]
	if top.Kind != yaml.MappingNode || top.Style&yaml.FlowStyle != 0 || len(top.Content) < 2 {
		return
	}
	c.reserveFromEstimate()
	if p.entry {
		// The stand-in key itself is not converted: its offsets would
		// fall on the text before the part.
		p.section = c.convert(top.Content[1], 1)
		for i := 2; i+1 < len(top.Content); i += 2 {
			k, v := c.convert(top.Content[i], 1), c.convert(top.Content[i+1], 1)
			c.mergeValue(k, v)
			p.rootKids = append(p.rootKids, k, v)
		}
	} else {
		p.root = c.convert(top, 0)
		p.rootKids = p.root.kids()
	}
	if p.pack {
		c.packValues()
	}
	p.ok = len(c.problems) == 0 && !c.tooDeep && c.anchors == nil && !c.aliases
}

// joinParts joins the parts' trees into the root mapping of the whole
// text. Each part after the first must start with a key of the mapping
// the part before it ends in: a top-level key at the left margin, or an
// entry at the same column as the first entry of the section the parts
// before end in. Since every part parsed as complete entries, the whole
// text is then the same mapping. Keys repeated across parts, and keys
// that are collections, are the whole parse's to report: ok is false.
func joinParts(src []byte, ps []part) (root *Node, ok bool) {
	root = ps[0].root
	kids := make([]*Node, 0, partKids(ps))
	kids = append(kids, ps[0].rootKids...)
	var joined []*Node // the sections continued by later parts
	for _, p := range ps[1:] {
		if p.entry {
			sec := kids[len(kids)-1]
			if !continuesSection(src, sec, p) {
				return nil, false
			}
			if len(joined) == 0 || joined[len(joined)-1] != sec {
				joined = append(joined, sec)
			}
			// A child list has no room after it (kids), so the append
			// copies it and never writes into the part's own block.
			sec.setKids(append(sec.kids(), p.section.kids()...))
			sec.end = max(sec.end, p.section.end)
		} else if p.root.Style != Block || int(p.root.kids()[0].start) != p.from {
			return nil, false
		}
		kids = append(kids, p.rootKids...)
	}
	root.setKids(kids)
	for _, k := range kids {
		root.end = max(root.end, k.end)
	}
	c := &converter{src: src}
	for _, m := range append(joined, root) {
		c.duplicateKeys(m)
		c.unhashableKeys(m)
	}
	return root, len(c.problems) == 0
}

// continuesSection reports whether the entry part p continues sec, the
// last top-level value before it: both are block mappings, and p's first
// key starts its first line at the column of sec's first key.
func continuesSection(src []byte, sec *Node, p part) bool {
	m := p.section
	if sec.Kind != MappingNode || sec.Style != Block || len(sec.kids()) == 0 ||
		m.Kind != MappingNode || m.Style != Block || len(m.kids()) == 0 {
		return false
	}
	first := int(m.kids()[0].start)
	indent := first - p.from
	return bytes.Count(src[p.from:first], []byte(" ")) == indent && column(src, int(sec.kids()[0].start)) == indent
}

// column is off's distance from the start of its line.
func column(src []byte, off int) int {
	return off - (bytes.LastIndexByte(src[:off], '\n') + 1)
}

// partKids is the number of top-level keys and values in the parts.
func partKids(ps []part) int {
	n := 0
	for _, p := range ps {
		n += len(p.rootKids)
	}
	return n
}

// ascending reports cuts strictly inside a text of size bytes, in order.
func ascending(cuts []cut, size int) bool {
	last := 0
	for _, c := range cuts {
		if c.at <= last || c.at >= size {
			return false
		}
		last = c.at
	}
	return true
}
