package preview

import (
	"strings"
	"sync"
	"sync/atomic"

	"heat-ls/analysis/eval"
)

// writePartMin is the fewest entries of the preview's largest collection
// written in parts: below it the text is written in one go.
const writePartMin = 64

// writeText writes the preview's value top as WriteYAML or WriteJSON
// (json) writes it. Writing the text is a fifth of a large preview's
// work, nearly all of it the entries of one collection (the stack's
// resources), each written on its own: those are written in parts on up
// to GOMAXPROCS goroutines, into builders of their own joined in order,
// so the text is the same byte for byte. least is the fewest entries
// written in parts (writePartMin).
func writeText(b *strings.Builder, top eval.Value, json bool, procs, least int, lazy lazyEntry) {
	big := largestEntry(top)
	if procs < 2 || big < 0 || entries(top.Vals[big]) < max(1, least) || lazy.fill != nil && big != lazy.at {
		lazy.fillAll(top)
		if json {
			WriteJSON(b, top)
		} else {
			WriteYAML(b, top)
		}
		return
	}
	child, n := top.Vals[big], len(top.Keys)
	if json {
		b.WriteString("{\n")
		writeEntriesJSON(b, top, 0, 0, big)
		b.WriteString(" " + eval.JSON(eval.StringValue(top.Keys[big])) + ": " + openBracket(child) + "\n")
		writeInParts(b, entries(child), procs, func(pb *strings.Builder, from, to int) {
			lazy.fillPart(from, to)
			writeEntriesJSON(pb, child, 1, from, to)
		})
		b.WriteString(" " + closeBracket(child))
		if big < n-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
		writeEntriesJSON(b, top, 0, big+1, n)
		b.WriteString("}\n")
		return
	}
	writeEntriesYAML(b, &top, 0, false, 0, big)
	b.WriteString(keyYAML(top.Keys[big]) + ":\n")
	writeInParts(b, entries(child), procs, func(pb *strings.Builder, from, to int) {
		lazy.fillPart(from, to)
		writeEntriesYAML(pb, &child, 2, false, from, to)
	})
	writeEntriesYAML(b, &top, 0, false, big+1, n)
}

// lazyEntry is an entry of the value written whose entries' values are
// built as they are written, each part building its own (Stack.shell):
// fill builds those from one index to another of top's entry at. The
// zero lazyEntry has nothing to build.
type lazyEntry struct {
	at   int
	fill func(from, to int)
}

// fillAll builds every value of the entry, before a text written in one
// go.
func (l lazyEntry) fillAll(top eval.Value) {
	if l.fill != nil {
		l.fill(0, entries(top.Vals[l.at]))
	}
}

// fillPart builds the values of the part from to to.
func (l lazyEntry) fillPart(from, to int) {
	if l.fill != nil {
		l.fill(from, to)
	}
}

// largestEntry is the index of top's value with the most entries, -1
// when top is no map.
func largestEntry(top eval.Value) int {
	if top.Kind != eval.Map {
		return -1
	}
	big := -1
	for i, v := range top.Vals {
		if big < 0 || entries(v) > entries(top.Vals[big]) {
			big = i
		}
	}
	return big
}

func openBracket(v eval.Value) string {
	if v.Kind == eval.Map {
		return "{"
	}
	return "["
}

func closeBracket(v eval.Value) string {
	if v.Kind == eval.Map {
		return "}"
	}
	return "]"
}

// writeInParts writes n entries with write, which writes those from one
// index to another, in twice as many parts as there are cores: the
// first part straight into b, the others into builders of their own,
// appended to b in order once all are written. b's spare room is shared
// out among the parts' builders.
func writeInParts(b *strings.Builder, n, procs int, write func(pb *strings.Builder, from, to int)) {
	parts := min(2*procs, n)
	texts := make([]strings.Builder, parts)
	// Room for each part's share of what b has room for: pages never
	// written cost nothing, a builder growing by doubling touches twice
	// its text.
	room := (b.Cap() - b.Len()) / parts
	bounds := func(i int) (int, int) { return i * n / parts, (i + 1) * n / parts }
	var next atomic.Int64
	work := func() {
		for {
			i := int(next.Add(1))
			if i >= parts {
				return
			}
			from, to := bounds(i)
			texts[i].Grow(room)
			write(&texts[i], from, to)
		}
	}
	var wg sync.WaitGroup
	for range min(procs, parts) - 1 {
		wg.Go(work)
	}
	from, to := bounds(0)
	write(b, from, to)
	work()
	wg.Wait()
	for i := 1; i < parts; i++ {
		b.WriteString(texts[i].String())
	}
}
