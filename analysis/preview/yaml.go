package preview

import (
	"regexp"
	"strings"
	"sync"

	"heat-ls/analysis/eval"
)

// WriteYAML writes v as a YAML document. Texts that YAML would read as
// something else are quoted; multi-line texts are literal blocks.
func WriteYAML(b *strings.Builder, v eval.Value) {
	if v.Kind == eval.Map && len(v.Keys) > 0 || v.Kind == eval.List && len(v.Items) > 0 {
		writeBlock(b, &v, 0)
		return
	}
	writeScalarYAML(b, &v, 0)
	b.WriteByte('\n')
}

// The writers take values by pointer: a value is a struct of 19 words,
// and copying one for every entry written was a third of the writer's
// own time.
func writeBlock(b *strings.Builder, v *eval.Value, indent int) { writeBlockFrom(b, v, indent, false) }

// writeBlockFrom writes a block collection at indent; inline is true when
// its first line continues a "- " already written.
func writeBlockFrom(b *strings.Builder, v *eval.Value, indent int, inline bool) {
	if indent > maxWriteDepth {
		b.WriteString("...\n")
		return
	}
	writeEntriesYAML(b, v, indent, inline, 0, entries(*v))
}

// writeEntriesYAML writes the entries from to to of the block collection
// v at indent, as writeBlockFrom writes them.
func writeEntriesYAML(b *strings.Builder, v *eval.Value, indent int, inline bool, from, to int) {
	// Only a mapping read with a key that is no text has keys of other
	// kinds (eval.Value.Key); the others' keys are their texts.
	var typed []eval.Value
	if v.Kind == eval.Map {
		typed = v.TypedKeys()
	}
	for i := from; i < to; i++ {
		if i > 0 || !inline {
			writeSpaces(b, indent)
		}
		if v.Kind == eval.Map {
			writeKeyYAML(b, v, i, typed, indent)
			b.WriteByte(':')
			writeChild(b, &v.Vals[i], indent, false)
		} else {
			b.WriteByte('-')
			writeChild(b, &v.Items[i], indent, true)
		}
	}
}

// writeKeyYAML writes the i-th key of the map v, whose keys of other
// kinds than text are typed (nil: none): a number, boolean or null key
// keeps its type.
func writeKeyYAML(b *strings.Builder, v *eval.Value, i int, typed []eval.Value, indent int) {
	if typed != nil && typed[i].Kind != eval.String {
		writeScalarYAML(b, &typed[i], indent)
		return
	}
	if k := v.Keys[i]; plainOK(k) {
		b.WriteString(k)
	} else {
		writeQuotedYAML(b, k)
	}
}

// entries is the number of a map's or a list's entries, 0 for a scalar.
func entries(v eval.Value) int {
	switch v.Kind {
	case eval.Map:
		return len(v.Keys)
	case eval.List:
		return len(v.Items)
	}
	return 0
}

// spaces is a run of blanks to indent with, a slice at a time.
const spaces = "                                                                "

func writeSpaces(b *strings.Builder, n int) {
	for n > len(spaces) {
		b.WriteString(spaces)
		n -= len(spaces)
	}
	b.WriteString(spaces[:n])
}

// writeChild writes a value after "key:" or "-".
func writeChild(b *strings.Builder, v *eval.Value, indent int, inList bool) {
	switch {
	case v.Kind == eval.Map && len(v.Keys) > 0:
		if inList {
			// "- key: value" with the rest of the mapping aligned under it.
			b.WriteByte(' ')
			writeBlockFrom(b, v, indent+2, true)
			return
		}
		b.WriteByte('\n')
		writeBlock(b, v, indent+2)
	case v.Kind == eval.List && len(v.Items) > 0:
		b.WriteByte('\n')
		writeBlock(b, v, indent+2)
	default:
		b.WriteByte(' ')
		writeScalarYAML(b, v, indent+2)
		b.WriteByte('\n')
	}
}

// looksTyped matches texts a YAML 1.1 or 1.2 reader takes for a boolean,
// null, number or date. It is compiled on first use, not as the package
// is initialised: every command of heat-ls starts the package.
var looksTyped = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(?i:y|n|yes|no|true|false|on|off|null|~|[-+]?[0-9][0-9_:.eE+-]*|[-+]?\.(inf|nan)|0x[0-9a-f_]+|0o?[0-7_]+|0b[01_]+|\d{4}-\d\d?-\d\d?.*)$`)
})

func keyYAML(k string) string {
	if plainOK(k) {
		return k
	}
	return quoteYAML(k)
}

func plainOK(s string) bool {
	if s == "" || !plainStart(s[0]) || s[len(s)-1] == ':' || s[len(s)-1] == ' ' {
		return false
	}
	if typedWord(s) || len(s) <= 64 && strings.IndexByte("0123456789+-.~", s[0]) >= 0 && (allDigits(s) || looksTyped().MatchString(s)) {
		return false
	}
	// One pass over the bytes: no line break or tab, no flow or quote
	// indicator, no ": " or " #". Each byte is looked up in a bit set
	// (plainStops) first: a switch over the bytes was a chain of
	// comparisons for each.
	for i := 0; i < len(s); i++ {
		c := s[i]
		bits := plainStopsLow
		if c >= 64 {
			bits = plainStopsHigh
		}
		if c >= 128 || bits>>(c&63)&1 == 0 {
			continue
		}
		switch c {
		case ':':
			if i+1 < len(s) && s[i+1] == ' ' {
				return false
			}
		case '#':
			if i > 0 && s[i-1] == ' ' {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// allDigits reports whether s is a run of decimal digits, the typed
// text a preview writes most (group members' names, counts kept as
// text): looksTyped matches every one, and telling them first spares
// the pattern.
func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// plainStopsLow and plainStopsHigh are the bytes below 64 and from 64 to
// 127 that a plain scalar may not hold (a line break, a tab, a flow or
// quote indicator), or only beside some bytes (":" before a blank, "#"
// after one): bit c&63 of the set for c.
const (
	plainStopsLow uint64 = 1<<'\n' | 1<<'\r' | 1<<'\t' | 1<<',' | 1<<'&' | 1<<'*' | 1<<'!' | 1<<'>' |
		1<<'\'' | 1<<'"' | 1<<'%' | 1<<':' | 1<<'#'
	plainStopsHigh uint64 = 1<<('{'-64) | 1<<('}'-64) | 1<<('['-64) | 1<<(']'-64) | 1<<('|'-64) | 1<<('@'-64) | 1<<('`'-64)
)

// quoteYAML is s as a double-quoted scalar, as writeQuotedYAML writes it.
func quoteYAML(s string) string {
	if jsonEscaped(s) {
		return eval.JSON(eval.StringValue(s))
	}
	return `"` + s + `"`
}

// writeQuotedYAML writes s as a double-quoted scalar, escaped as JSON is;
// a text of printable ASCII with no quote or backslash is only wrapped
// (most quoted texts: group members' names, numbers kept as text).
func writeQuotedYAML(b *strings.Builder, s string) {
	if jsonEscaped(s) {
		b.WriteString(eval.JSON(eval.StringValue(s)))
		return
	}
	b.WriteByte('"')
	b.WriteString(s)
	b.WriteByte('"')
}

// jsonEscaped reports whether JSON writes s with an escape: a byte that
// is not printable ASCII, a quote or a backslash.
func jsonEscaped(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' {
			return true
		}
	}
	return false
}

// writeScalarYAML writes a scalar (or an empty collection) at indent,
// straight into b: a text quoted or written as a block is not built
// apart first.
func writeScalarYAML(b *strings.Builder, v *eval.Value, indent int) {
	switch v.Kind {
	case eval.Null:
		b.WriteString("null")
	case eval.Bool:
		if v.B {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case eval.Int, eval.Float:
		b.WriteString(eval.JSON(*v))
	case eval.Map:
		b.WriteString("{}")
	case eval.List:
		b.WriteString("[]")
	case eval.Invalid:
		writeQuotedYAML(b, "<error: "+v.S+">")
	default:
		switch s := v.S; {
		case plainOK(s):
			b.WriteString(s)
		case literalBlockOK(s):
			writeLiteralBlock(b, s, indent)
		default:
			writeQuotedYAML(b, s)
		}
	}
}

// literalBlockOK reports whether a text can be written as a literal
// block (writeLiteralBlock): it holds a line break, no carriage return,
// tab or other control character, does not start with a blank or end in
// an empty line or a blank, and has no byte order mark.
func literalBlockOK(s string) bool {
	if !strings.Contains(s, "\n") || strings.ContainsAny(s, "\r\t") || strings.HasPrefix(s, " ") || strings.HasSuffix(s, "\n\n") {
		return false
	}
	for _, r := range s {
		if r < 0x20 && r != '\n' || r == 0x7f || r == 0xfeff {
			return false
		}
	}
	return !strings.HasSuffix(strings.TrimSuffix(s, "\n"), " ")
}

// writeLiteralBlock writes a multi-line text as "|" (keeping its last
// line break) or "|-" (without), its lines at indent (an empty line has
// no blanks); literalBlockOK says when the text allows it.
func writeLiteralBlock(b *strings.Builder, s string, indent int) {
	body, ok := strings.CutSuffix(s, "\n")
	if ok {
		b.WriteString("|\n")
	} else {
		b.WriteString("|-\n")
	}
	for i := 0; ; i++ {
		line, rest, more := strings.Cut(body, "\n")
		if i > 0 {
			b.WriteByte('\n')
		}
		if line != "" {
			writeSpaces(b, indent)
			b.WriteString(line)
		}
		if !more {
			return
		}
		body = rest
	}
}

// plainStart reports whether a plain scalar may start with c.
func plainStart(c byte) bool {
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || strings.IndexByte("_./<(", c) >= 0
}

// typedWord reports whether s is a word a YAML 1.1 or 1.2 reader takes
// for a boolean or null, in any case: y, n, yes, no, true, false, on,
// off, null. Nearly every key and most values are tested, so the words
// are compared by length, without a lower-case copy.
func typedWord(s string) bool {
	switch len(s) {
	case 1:
		return foldsTo(s, "y") || foldsTo(s, "n")
	case 2:
		return foldsTo(s, "no") || foldsTo(s, "on")
	case 3:
		return foldsTo(s, "yes") || foldsTo(s, "off")
	case 4:
		return foldsTo(s, "true") || foldsTo(s, "null")
	case 5:
		return foldsTo(s, "false")
	}
	return false
}

// foldsTo reports whether s is the lower-case ASCII word w with any of
// its letters in upper case.
func foldsTo(s, w string) bool {
	if len(s) != len(w) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c != w[i] && !(c >= 'A' && c <= 'Z' && c+('a'-'A') == w[i]) {
			return false
		}
	}
	return true
}
