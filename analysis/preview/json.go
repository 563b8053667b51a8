package preview

import (
	"strings"

	"heat-ls/analysis/eval"
)

// WriteJSON writes v as indented JSON, keys in their order; unknown
// values are their placeholders, invalid ones "<error: ...>".
func WriteJSON(b *strings.Builder, v eval.Value) {
	writeJSON(b, v, 0)
	b.WriteByte('\n')
}

// maxWriteDepth bounds the nesting the writers follow (the YAML writer
// counts it in columns): far past a preview's own levels (MaxDepth nested
// stacks of a few levels each) and eval.MaxDepth levels of values.
const maxWriteDepth = 6 * eval.MaxDepth

func writeJSON(b *strings.Builder, v eval.Value, indent int) {
	if indent > maxWriteDepth {
		b.WriteString(`"..."`)
		return
	}
	switch {
	case v.Kind == eval.Map && len(v.Keys) > 0:
		b.WriteString("{\n")
		writeEntriesJSON(b, v, indent, 0, len(v.Keys))
		b.WriteString(strings.Repeat(" ", indent) + "}")
	case v.Kind == eval.List && len(v.Items) > 0:
		b.WriteString("[\n")
		writeEntriesJSON(b, v, indent, 0, len(v.Items))
		b.WriteString(strings.Repeat(" ", indent) + "]")
	case v.Kind == eval.Map:
		b.WriteString("{}")
	case v.Kind == eval.List:
		b.WriteString("[]")
	case v.Kind == eval.Invalid:
		b.WriteString(eval.JSON(eval.StringValue("<error: " + v.S + ">")))
	default:
		b.WriteString(eval.JSON(v))
	}
}

// writeEntriesJSON writes the entries from to to of the non-empty map or
// list v at indent, each on its lines and followed by a comma but the
// last, as writeJSON writes them.
func writeEntriesJSON(b *strings.Builder, v eval.Value, indent, from, to int) {
	pad := strings.Repeat(" ", indent+1)
	last := entries(v) - 1
	for i := from; i < to; i++ {
		b.WriteString(pad)
		if v.Kind == eval.Map {
			b.WriteString(eval.JSON(eval.StringValue(v.JSONKey(i))) + ": ")
			writeJSON(b, v.Vals[i], indent+1)
		} else {
			writeJSON(b, v.Items[i], indent+1)
		}
		if i < last {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
}
