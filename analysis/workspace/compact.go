package workspace

import (
	"maps"
	"strings"

	"heat-ls/analysis/hot"
)

// The index keeps a summary of each file it read for the whole session,
// and reads a file again whenever it changes on disk. A summary is made
// right after its file's parse, amid that parse's garbage: once the
// garbage is collected, each of the summary's pieces may sit alone in a
// heap page that stays in use, nearly empty, as long as the piece does.
// Over a long session of files changing on disk, more and more pages
// hold a piece or two of some summary (the thirty-minute soak of
// docs/limits.md grew by 0.5 MiB of such room). Compact copies the
// summaries read since its last call (a small index whole): run after a
// full collection, when the heap holds only what lives, the copies fill
// the free room of pages already in use, and the pages that held the
// originals empty at the next collection, to be given back to the system.

// compactBudget bounds the text one Compact copies: what a refresh of
// many small batches left is copied over several idle moments, never at
// once.
const compactBudget = 8 << 20

// compactWhole is the size of index below which Compact copies every
// summary, not only those read since its last call. Copying some files
// at a time, each copy takes a free slot wherever one is, and each kind
// of piece (the slices of parameters, of resources, the texts of a given
// size) spreads over more and more pages, one or two pieces a page: in a
// soak of 20 files, the 20 slices of parameters went from 6 pages to 10
// in eleven minutes. Copied together, the pieces of a small index fill
// a few pages and the pages the originals held empty. A large index is
// not copied whole: its copies need more room than the free slots of the
// pages in use, and the pages of the originals keep other pieces (copied
// whole again and again in one process, an index of 20 files kept 0.1 to
// 0.2 MiB fewer heap pages in use, one of 64 0.1 to 0.2 MiB fewer, one of
// 128 up to 0.2 MiB more and one of 586 0.7 to 1.7 MiB more).
const compactWhole = 64

// compactBatch is the number of files read at once from which Compact
// leaves them alone. A batch that large (a workspace scanned, a burst of
// file events) is read with the collector at work every few MiB (the
// server sets GOGC 10 for a scan of 64 files or more), and its summaries
// end up filling pages of their own: copied, they would spread over the
// free room of other pages while keeping theirs. Copying a whole scan of
// the synthetic workspaces (synthtest.WriteWorkspace) left 0.8 to 1.3
// MiB more heap pages in use at 586 files and 0.2 to 0.6 MiB more at 128
// and 260, and 0.1 to 0.3 MiB fewer at 10 to 64.
const compactBatch = 64

// markFresh records that f was just installed in the index, one of a
// batch of files read together (x.mu held): the next Compact copies it,
// if it is still there then and the batch was small.
func (x *Index) markFresh(f *File, batch int) {
	if batch >= compactBatch || !compactable(f) {
		return
	}
	if x.fresh == nil {
		x.fresh = map[string]*File{}
	}
	x.fresh[f.Path] = f
}

// pruneFresh forgets the fresh files the index no longer holds (x.mu
// held; after a change that may drop many files at once), so that a
// server that never gets to compact keeps no file alive.
func (x *Index) pruneFresh() {
	for path, f := range x.fresh {
		if x.disk[path] != f {
			delete(x.fresh, path)
		}
	}
}

// compactable reports whether Compact copies f: a summary the index read
// from disk (an adopted editor parse is shared with the editor's
// document, which keeps it anyway).
func compactable(f *File) bool {
	return f != nil && !f.Open && f.Doc != nil && f.Doc.Summary
}

// Compact copies the summaries of the files read since its last call
// (up to compactBudget bytes of text; the rest wait for the next call),
// or, in an index of fewer than compactWhole files whose texts are within
// compactBudget, every summary once any file was read, into memory
// allocated now, and has the index hold
// the copies, which tell exactly what the originals did: the generation
// does not change, and snapshots taken before keep the originals. The
// server calls it between the two collections of its idle return of
// memory. It reports how many files it copied.
func (x *Index) Compact() int {
	x.mu.Lock()
	todo := x.takeFresh(compactBudget)
	if len(todo) > 0 && len(x.disk) < compactWhole {
		if all := x.summaries(compactBudget); all != nil {
			todo = all
		}
	}
	x.mu.Unlock()
	if len(todo) == 0 {
		return 0
	}
	copies := make([]*File, len(todo))
	for i, f := range todo {
		copies[i] = copyFile(f)
	}
	return x.install(todo, copies)
}

// summaries returns every file of the index Compact may copy, or nil when
// their texts pass budget (x.mu held).
func (x *Index) summaries(budget int) []*File {
	out := make([]*File, 0, len(x.disk))
	text := 0
	for _, f := range x.disk {
		if compactable(f) {
			out = append(out, f)
			text += len(f.Doc.Src)
		}
	}
	if text > budget {
		return nil
	}
	return out
}

// install has the index hold copies[i] in place of todo[i], where it
// still holds todo[i] (a file read again or dropped while the copies were
// made keeps what it has now), and reports how many it installed.
func (x *Index) install(todo, copies []*File) int {
	x.mu.Lock()
	defer x.mu.Unlock()
	disk := maps.Clone(x.disk)
	n := 0
	for i, f := range todo {
		if x.disk[f.Path] != f {
			continue
		}
		delete(disk, f.Path)
		disk[copies[i].Path] = copies[i]
		n++
	}
	if n > 0 {
		// A full parse kept for an original reads the original's text:
		// it goes too (parsed again from the copy when asked).
		x.disk, x.last = disk, nil
		x.dropStale()
	}
	return n
}

// takeFresh removes from x.fresh and returns the files still indexed as
// they were marked, up to budget bytes of text (at least one file) (x.mu
// held).
func (x *Index) takeFresh(budget int) []*File {
	var todo []*File
	text := 0
	for path, f := range x.fresh {
		if text >= budget {
			break
		}
		delete(x.fresh, path)
		if x.disk[path] == f && compactable(f) {
			todo = append(todo, f)
			text += len(f.Doc.Src)
		}
	}
	if len(x.fresh) == 0 {
		x.fresh = nil // a map keeps the room of its largest size
	}
	return todo
}

// copyFile returns a copy of the indexed file f in memory allocated now:
// its path, its summary (hot.CopySummary) and an environment's registry
// entries and values.
func copyFile(f *File) *File {
	out := &File{Path: strings.Clone(f.Path), Doc: hot.CopySummary(f.Doc), Open: f.Open}
	if f.env != nil {
		out.env = f.env.copyFor(out)
	}
	return out
}

// copyFor returns a copy of e for the file f (the copy's entries name f
// as their environment).
func (e *envSummary) copyFor(f *File) *envSummary {
	return &envSummary{
		mappings: copyEntries(e.mappings, func(m *Mapping) {
			m.Env, m.Name, m.Target = f, strings.Clone(m.Name), strings.Clone(m.Target)
			m.Path, m.Resource = strings.Clone(m.Path), strings.Clone(m.Resource)
		}),
		settings: copyEntries(e.settings, func(s *Setting) {
			s.Env, s.Name, s.Short = f, strings.Clone(s.Name), strings.Clone(s.Short)
		}),
	}
}

// copyEntries copies the entries of in into one slice, has rehome
// replace what each copy must not share with its original, and returns
// pointers to the copies (nil for none).
func copyEntries[T any](in []*T, rehome func(*T)) []*T {
	if len(in) == 0 {
		return nil
	}
	vals := make([]T, len(in))
	out := make([]*T, len(in))
	for i, p := range in {
		vals[i] = *p
		rehome(&vals[i])
		out[i] = &vals[i]
	}
	return out
}
