package workspace

import (
	"sync"

	"heat-ls/analysis/hot"
)

// The index holds templates that are not open as summaries (hot.Summarize):
// what other files read of them, without the insides of their resources.
// The few features that look at every line of such a file (every use of a
// parameter, every get_attr of a nested template's output) parse its text
// again through fullCache, which keeps the last few of those parses.

// maxFullParses bounds the full parses kept for summarized files.
const maxFullParses = 8

// fullCache keeps recent full parses of summarized files, most recent
// last, keyed by the summary they expand (a new text gets a new summary).
type fullCache struct {
	mu      sync.Mutex
	entries []fullEntry
}

type fullEntry struct {
	summary *hot.Document
	full    *File
}

// expand returns f with its full parse when f holds a summary, f itself
// otherwise.
func (c *fullCache) expand(f *File) *File {
	if f == nil || f.Doc == nil || !f.Doc.Summary {
		return f
	}
	c.mu.Lock()
	for i, e := range c.entries {
		if e.summary == f.Doc {
			c.entries = append(append(c.entries[:i:i], c.entries[i+1:]...), e)
			c.mu.Unlock()
			return e.full
		}
	}
	c.mu.Unlock()
	full := parseFile(f.Path, f.Doc.Src, f.Open)
	if full == nil || full.Doc.Kind != f.Doc.Kind {
		return f
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.entries) >= maxFullParses {
		c.entries = append(c.entries[:0:0], c.entries[1:]...)
	}
	c.entries = append(c.entries, fullEntry{summary: f.Doc, full: full})
	return full
}

// dropStale drops what the index's caches hold for files its disk view
// no longer has as they were (x.mu held): called after every change of
// x.disk.
func (x *Index) dropStale() {
	x.full.keepOnly(x.disk)
	x.cache.dropIndexed(x.disk)
}

// keepOnly drops the parses of summaries disk no longer holds (a file
// changed, removed or left out of the workspace): a snapshot still
// holding such a summary parses it again, while a session that keeps
// changing files never keeps parses of texts long gone.
func (c *fullCache) keepOnly(disk map[string]*File) {
	c.mu.Lock()
	defer c.mu.Unlock()
	kept := c.entries[:0]
	for _, e := range c.entries {
		if f := disk[e.full.Path]; f != nil && f.Doc == e.summary {
			kept = append(kept, e)
		}
	}
	clear(c.entries[len(kept):])
	c.entries = kept
}

// summarize replaces the parse of a file read for the index by its
// summary, with a text of its own (hot.SummarizeCompact).
// Should summarizing fail on some odd text, the index keeps the whole
// parse: never a crash or a lost file.
func summarize(f *File) (out *File) {
	if f == nil || f.Doc == nil {
		return f
	}
	defer func() {
		if recover() != nil {
			out = f
		}
	}()
	out = &File{Path: f.Path, Doc: hot.SummarizeCompact(f.Doc), Open: f.Open}
	if f.Doc.Env != nil && out.Doc.Summary {
		out.env = summarizeEnv(out, f.Doc)
	}
	return out
}
