package pyjson

// MaxDepth is the deepest nesting of arrays and objects a bare Python
// 3.11 interpreter decodes (993 arrays or 994 objects at the top level of
// a script; Heat's own frames leave less room). A text nesting deeper
// fails with RecursionError wherever Python runs.
const MaxDepth = 994

// Depth returns how deep text's arrays and objects nest, and the byte
// offset of the bracket that opens level MaxDepth+1 (-1 when the text
// does not nest that deep). Brackets inside strings do not count; the
// scan is one pass and needs no valid JSON.
func Depth(text string) (depth, past int) {
	past = -1
	level, inString := 0, false
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case inString:
			switch c {
			case '\\':
				i++
			case '"':
				inString = false
			}
		case c == '"':
			inString = true
		case c == '[' || c == '{':
			level++
			if level > depth {
				depth = level
			}
			if level == MaxDepth+1 && past < 0 {
				past = i
			}
		case c == ']' || c == '}':
			if level > 0 {
				level--
			}
		}
	}
	return depth, past
}
