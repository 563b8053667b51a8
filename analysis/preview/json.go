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
	pad := strings.Repeat(" ", indent+1)
	switch {
	case v.Kind == eval.Map && len(v.Keys) > 0:
		b.WriteString("{\n")
		for i := range v.Keys {
			b.WriteString(pad + eval.JSON(eval.StringValue(v.JSONKey(i))) + ": ")
			writeJSON(b, v.Vals[i], indent+1)
			if i < len(v.Keys)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString(strings.Repeat(" ", indent) + "}")
	case v.Kind == eval.List && len(v.Items) > 0:
		b.WriteString("[\n")
		for i, it := range v.Items {
			b.WriteString(pad)
			writeJSON(b, it, indent+1)
			if i < len(v.Items)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
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
