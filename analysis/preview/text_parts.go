package preview

import (
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"heat-ls/analysis/eval"
)

// writePartMin is the fewest entries of the preview's largest collection
// written in parts: below it the text is written in one go.
const writePartMin = 64

// textPieces writes the preview's value top as WriteYAML or WriteJSON
// (json) writes it, in pieces whose concatenation is the text. Writing
// the text is a fifth of a large preview's work, nearly all of it the
// entries of one collection (the stack's resources), each written on its
// own: those are written in parts on up to GOMAXPROCS goroutines, each
// into a builder of its own, so the text is the same byte for byte. The
// pieces are handed over as they are, not joined: the command writes
// them to its output in turn, and a copy of the whole text would touch
// as much fresh memory again. least is the fewest entries written in
// parts (writePartMin); budget is the room reserved for the whole text
// (0: as it is written).
func textPieces(top eval.Value, json bool, procs, least int, lazy lazyEntry, budget int) []string {
	big := largestEntry(top)
	if procs < 2 || big < 0 || entries(top.Vals[big]) < max(1, least) || lazy.fill != nil && big != lazy.at {
		lazy.fillAll(top)
		var b strings.Builder
		b.Grow(budget)
		if json {
			WriteJSON(&b, top)
		} else {
			WriteYAML(&b, top)
		}
		return []string{b.String()}
	}
	child, n := top.Vals[big], len(top.Keys)
	var head, tail strings.Builder
	var parts []string
	if json {
		head.WriteString("{\n")
		writeEntriesJSON(&head, top, 0, 0, big)
		head.WriteString(" " + eval.JSON(eval.StringValue(top.Keys[big])) + ": " + openBracket(child) + "\n")
		parts = writeInParts(&head, entries(child), procs, budget, func(pb *strings.Builder, from, to int) {
			lazy.fillPart(from, to)
			writeEntriesJSON(pb, child, 1, from, to)
		})
		tail.WriteString(" " + closeBracket(child))
		if big < n-1 {
			tail.WriteByte(',')
		}
		tail.WriteByte('\n')
		writeEntriesJSON(&tail, top, 0, big+1, n)
		tail.WriteString("}\n")
	} else {
		writeEntriesYAML(&head, &top, 0, false, 0, big)
		head.WriteString(keyYAML(top.Keys[big]) + ":\n")
		parts = writeInParts(&head, entries(child), procs, budget, func(pb *strings.Builder, from, to int) {
			lazy.fillPart(from, to)
			writeEntriesYAML(pb, &child, 2, false, from, to)
		})
		writeEntriesYAML(&tail, &top, 0, false, big+1, n)
	}
	return slices.Concat([]string{head.String()}, parts, []string{tail.String()})
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
// first part straight after what first holds, the others into builders
// of their own, whose texts it returns in order once all are written.
// Each part has its share of budget reserved (pages never written cost
// nothing, a builder growing by doubling touches twice its text).
func writeInParts(first *strings.Builder, n, procs, budget int, write func(pb *strings.Builder, from, to int)) []string {
	parts := min(2*procs, n)
	texts := make([]strings.Builder, parts)
	room := budget / parts
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
	first.Grow(room)
	from, to := bounds(0)
	write(first, from, to)
	work()
	wg.Wait()
	out := make([]string, parts-1)
	for i := range out {
		out[i] = texts[i+1].String()
	}
	return out
}
