package feature

import "strings"

// docText builds hover text once and renders it as Markdown or as plain
// text, so every hover reads the same in both formats.
type docText struct {
	markdown bool
	b        strings.Builder
}

func (d *docText) sep() {
	if d.b.Len() > 0 {
		d.b.WriteString("\n\n")
	}
}

// title is the first line: a code-formatted name and what it is.
func (d *docText) title(code, what string) {
	d.sep()
	if d.markdown {
		d.b.WriteString("**" + mdCode(code) + "**")
	} else {
		d.b.WriteString(code)
	}
	if what != "" {
		d.b.WriteString(" — " + d.esc(what))
	}
}

// para is a paragraph of prose.
func (d *docText) para(text string) {
	if strings.TrimSpace(text) == "" {
		return
	}
	d.sep()
	d.b.WriteString(d.esc(text))
}

// field is a "label: value" line; value is shown as code when code is set.
func (d *docText) field(label, value string, code bool) {
	if value == "" {
		return
	}
	d.sep()
	switch {
	case d.markdown && code:
		d.b.WriteString("*" + label + ":* " + mdCode(value))
	case d.markdown:
		d.b.WriteString("*" + label + ":* " + d.esc(value))
	default:
		d.b.WriteString(label + ": " + value)
	}
}

// label is a line introducing what follows (a code block).
func (d *docText) label(text string) {
	d.sep()
	if d.markdown {
		d.b.WriteString("*" + text + ":*")
	} else {
		d.b.WriteString(text + ":")
	}
}

// list is a labelled bullet list of code items.
func (d *docText) list(label string, items []string) {
	if len(items) == 0 {
		return
	}
	d.sep()
	if d.markdown {
		d.b.WriteString("*" + label + ":*")
	} else {
		d.b.WriteString(label + ":")
	}
	for _, it := range items {
		if d.markdown {
			d.b.WriteString("\n- " + mdCode(it))
		} else {
			d.b.WriteString("\n  " + it)
		}
	}
}

// listItem is a bullet of items: a name shown as code and an optional
// note after it shown as text ("`size` (number, required)").
type listItem struct{ code, text string }

// items is a labelled bullet list whose names are code and notes text.
func (d *docText) items(label string, items []listItem) {
	if len(items) == 0 {
		return
	}
	d.sep()
	if d.markdown {
		d.b.WriteString("*" + label + ":*")
	} else {
		d.b.WriteString(label + ":")
	}
	for _, it := range items {
		if d.markdown {
			d.b.WriteString("\n- " + mdCode(it.code))
		} else {
			d.b.WriteString("\n  " + it.code)
		}
		if it.text != "" {
			d.b.WriteString(" " + d.esc(it.text))
		}
	}
}

// code is a YAML block.
func (d *docText) code(text string) {
	text = strings.TrimRight(text, "\n")
	if text == "" {
		return
	}
	d.sep()
	if d.markdown {
		fence := "```"
		for strings.Contains(text, fence) {
			fence += "`"
		}
		d.b.WriteString(fence + "yaml\n" + text + "\n" + fence)
		return
	}
	for i, line := range strings.Split(text, "\n") {
		if i > 0 {
			d.b.WriteString("\n")
		}
		d.b.WriteString("    " + line)
	}
}

func (d *docText) String() string { return d.b.String() }

// esc escapes Markdown punctuation in prose that comes from the document.
func (d *docText) esc(s string) string {
	if !d.markdown {
		return s
	}
	r := strings.NewReplacer("\\", "\\\\", "*", "\\*", "_", "\\_", "`", "\\`", "<", "&lt;", "[", "\\[", "]", "\\]", "#", "\\#")
	return r.Replace(s)
}

// mdCode wraps s in a backtick code span long enough for its content.
func mdCode(s string) string {
	s = strings.ReplaceAll(s, "\n", " ")
	fence := "`"
	for strings.Contains(s, fence) {
		fence += "`"
	}
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}
