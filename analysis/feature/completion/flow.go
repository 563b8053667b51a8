package completion

import "strings"

// The schema writes the argument snippets of functions such as str_replace,
// repeat or make_url in block style (a newline, then indented keys). Block
// style is only valid where a block node may start: inside "{...}" or
// "[...]", or after "key: " on the same line, accepting it would leave a
// text YAML cannot read. flowSnippet rewrites such a snippet into the
// equivalent flow collection so that it fits any slot.

// flowSnippet returns snippet unchanged when it is already one line, and
// its flow-style equivalent when it is a block (starts with a newline).
func flowSnippet(snippet string) string {
	if !strings.HasPrefix(snippet, "\n") {
		return snippet
	}
	var lines []blockLine
	for _, l := range strings.Split(snippet[1:], "\n") {
		text := strings.TrimLeft(l, " ")
		if text == "" {
			continue
		}
		lines = append(lines, blockLine{indent: len(l) - len(text), text: text})
	}
	out, _ := flowBlock(lines, 0, 0)
	return out
}

// blockLine is one non-empty line of a block snippet.
type blockLine struct {
	indent int
	text   string
}

// flowBlock converts the block node whose lines start at lines[i] and sit
// at indentation at least min; it returns the flow text and the index of
// the first line after the node. Depth is bounded by the line count.
func flowBlock(lines []blockLine, i, min int) (string, int) {
	if i >= len(lines) || lines[i].indent < min {
		return "''", i
	}
	indent := lines[i].indent
	if strings.HasPrefix(lines[i].text, "- ") || lines[i].text == "-" {
		var items []string
		for i < len(lines) && lines[i].indent == indent && strings.HasPrefix(lines[i].text+" ", "- ") {
			// The item's content is a node indented two more columns: its
			// first line is the text after the dash.
			rest := strings.TrimPrefix(strings.TrimPrefix(lines[i].text, "-"), " ")
			sub := append([]blockLine{{indent: indent + 2, text: rest}}, childLines(lines, i+1, indent)...)
			item, _ := flowBlock(sub, 0, indent+2)
			items = append(items, item)
			i += 1 + len(childLines(lines, i+1, indent))
		}
		return "[" + strings.Join(items, ", ") + "]", i
	}
	if _, _, ok := cutKey(lines[i].text); !ok {
		return lines[i].text, i + 1 // a scalar
	}
	var pairs []string
	for i < len(lines) && lines[i].indent == indent && !strings.HasPrefix(lines[i].text, "- ") {
		key, value, ok := cutKey(lines[i].text)
		if !ok {
			pairs = append(pairs, lines[i].text)
			i++
			continue
		}
		if value != "" {
			pairs = append(pairs, key+": "+value)
			i++
			continue
		}
		var child string
		child, i = flowBlock(lines, i+1, indent+1)
		pairs = append(pairs, key+": "+child)
	}
	return "{" + strings.Join(pairs, ", ") + "}", i
}

// childLines returns the lines after lines[i-1] indented deeper than indent.
func childLines(lines []blockLine, i, indent int) []blockLine {
	j := i
	for j < len(lines) && lines[j].indent > indent {
		j++
	}
	return lines[i:j]
}

// cutKey splits "key: value" (or "key:") at the first colon that ends a
// key, skipping colons inside snippet placeholders such as "${1:name}".
func cutKey(text string) (key, value string, ok bool) {
	depth := 0
	for i := 0; i < len(text); i++ {
		switch {
		case text[i] == '{' && i > 0 && text[i-1] == '$':
			depth++
		case text[i] == '}' && depth > 0:
			depth--
		case text[i] == ':' && depth == 0 && (i+1 == len(text) || text[i+1] == ' '):
			return text[:i], strings.TrimSpace(text[i+1:]), true
		}
	}
	return text, "", false
}
